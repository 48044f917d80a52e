import { describe, expect, it } from 'vitest';
import type { SourceLocation } from '../../src/contracts/failure-frame.js';
import { looksLikeTestFile } from '../../src/workspace/repo-paths.js';
import { isAssertionFailure, selectTriggeringFrame } from '../../src/frames/triggering-frame.js';

const at = (file: string, line: number): SourceLocation => ({ file, line });
const context = (assertion: boolean) => ({ isTestFile: looksLikeTestFile, assertion });

describe('the triggering frame', () => {
  it("is the user's call site when the raise is inside a library (library frames already pruned)", () => {
    // test_parse → parse_quantity → int() in the stdlib: the stack keeps the test and parse_quantity.
    const stack = [at('tests/test_pricing.py', 33), at('inventory/pricing.py', 18)];
    expect(selectTriggeringFrame(stack, at('tests/test_pricing.py', 33), context(false))).toEqual(
      at('inventory/pricing.py', 18),
    );
  });

  it('is the assertion line when the test itself asserts', () => {
    const stack = [at('tests/test_pricing.py', 24)];
    expect(selectTriggeringFrame(stack, at('tests/test_pricing.py', 24), context(true))).toEqual(
      at('tests/test_pricing.py', 24),
    );
  });

  it('prefers a deeper source frame over the test frame', () => {
    const stack = [
      at('tests/test_pricing.py', 28),
      at('tests/test_pricing.py', 14),
      at('inventory/pricing.py', 29),
      at('inventory/pricing.py', 24),
    ];
    expect(selectTriggeringFrame(stack, at('tests/test_pricing.py', 28), context(false))).toEqual(
      at('inventory/pricing.py', 24),
    );
  });

  it('keeps an assertion in a test helper below the test', () => {
    const stack = [at('test/cart.test.ts', 10), at('src/cart.ts', 5), at('test/helpers.ts', 3)];
    expect(selectTriggeringFrame(stack, null, context(true))).toEqual(at('test/helpers.ts', 3));
  });

  it('points at the source code an error passed through when a test stub throws', () => {
    const stack = [at('test/cart.test.ts', 10), at('src/cart.ts', 5), at('test/cart.test.ts', 4)];
    expect(selectTriggeringFrame(stack, null, context(false))).toEqual(at('src/cart.ts', 5));
  });

  it('is the test line for an error raised in test code with no source frame', () => {
    const stack = [at('test/cart.test.ts', 10), at('test/helpers.ts', 4)];
    expect(selectTriggeringFrame(stack, null, context(false))).toEqual(at('test/helpers.ts', 4));
  });

  it("falls back to the test's own location without any in-repo frame, and to nothing without that", () => {
    expect(selectTriggeringFrame([], at('cart/cart_test.go', 12), context(true))).toEqual(at('cart/cart_test.go', 12));
    expect(selectTriggeringFrame([], null, context(true))).toBeNull();
  });
});

describe('assertion failures', () => {
  it.each([
    ['AssertionError', 'assert 3 == 4', true],
    ['org.opentest4j.AssertionFailedError', 'expected: <4> but was: <3>', true],
    ['junit.framework.ComparisonFailure', 'expected', true],
    [undefined, 'Total(nil) = 1, want 0', true], // Go t.Errorf: no exception at all
    ['panic', 'assertion `left == right` failed', true], // Rust assert_eq!
    ['ZeroDivisionError', 'division by zero', false],
    ['TypeError', "Cannot read properties of undefined (reading 'x')", false],
    ['java.lang.NullPointerException', 'Cannot invoke "String.length()"', false],
  ])('%s: %s → %s', (type, message, expected) => {
    expect(isAssertionFailure(type, message)).toBe(expected);
  });
});

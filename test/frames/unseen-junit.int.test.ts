/**
 * JUnit written by tools the frames stage was not built around: the hand-made samples of
 * test/fixtures/junit/ (Gradle, PHPUnit, Catch2, Playwright, nextest, go-junit-report, Failsafe;
 * see its README for where each comes from). Each is placed in a git repository holding the source
 * files its traces name, as it would be on the runner, and must still give sensible frames.
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FailureFrame } from '../../src/contracts/failure-frame.js';
import { collectEvidence } from '../../src/frames/collect-evidence.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';

const SAMPLES = path.join(import.meta.dirname, '..', 'fixtures', 'junit');

/** A source file whose line `n` reads `line n`, except the lines given. */
function source(lines: number, at: Record<number, string> = {}): string {
  return Array.from({ length: lines }, (_, i) => at[i + 1] ?? `// line ${i + 1}`).join('\n') + '\n';
}

let repo: TempRepo;
beforeAll(() => {
  repo = createTempRepo({
    files: {
      'tests/cart.spec.ts': source(20, { 15: "    await expect(page.getByTestId('total')).toHaveText('$6.00');" }),
      'tests/checkout/pay.spec.ts': source(40, { 34: '    expect(status).toBe(402);' }),
      'tests/Unit/CartTest.php': source(45),
      'src/Cart.php': source(35),
      'src/lib.rs': source(30, { 23: '        assert_eq!(total(&[2, 4]), 7);' }),
      'tests/integration.rs': source(12, { 9: '    assert!(d == 80, "discount was {}", d);' }),
      'cart/cart_test.go': source(30, {
        12: '\tt.Log("checking a wrong total")',
        14: '\tt.Errorf("Total(2, 4) = %d, want 7", got)',
        26: '\t\tt.Errorf("Discount(100, 10) = %d, want 80", got)',
      }),
      // Same file name in another package: the report's package path must choose.
      'coupon/cart_test.go': source(30),
      'src/test/java/com/example/cart/CheckoutIT.java': source(45, {
        41: '        assertEquals(REFUNDED, order.status());',
      }),
      'src/test/kotlin/com/example/cart/CartTest.kt': source(40),
      'src/main/kotlin/com/example/cart/Cart.kt': source(12),
    },
  });
  const producers = ['playwright', 'phpunit', 'nextest', 'go-junit-report', 'failsafe', 'gradle', 'catch2'];
  for (const producer of producers) {
    const dir = path.join(SAMPLES, producer);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.xml'))) {
      mkdirSync(path.join(repo.root, 'reports', producer), { recursive: true });
      copyFileSync(path.join(dir, file), path.join(repo.root, 'reports', producer, file));
    }
  }
});
afterAll(() => repo.cleanup());

async function frames(producer: string) {
  const collected = await collectEvidence({ root: repo.root, junit: [`reports/${producer}/*.xml`] });
  expect(collected.errors).toEqual([]);
  const out = collected.frames.map((f) => FailureFrame.parse(f));
  // Sensible whatever the producer: a message that says something, no label posing as an exception.
  for (const f of out) {
    expect(f.message.trim(), f.id).not.toMatch(/^(failed|failure|error)?$/i);
    // (`panic` is this project's own name for a Go or Rust panic.)
    if (f.exceptionType && f.exceptionType !== 'panic')
      expect(f.exceptionType, f.id).not.toMatch(/^([a-z][\w ]*|[A-Z_]+)$/);
    expect(f.stack.every((s) => !s.file.startsWith('/'))).toBe(true);
  }
  expect(out.length).toBe(collected.summary.failed + collected.summary.errored);
  return out;
}

const byName = (all: FailureFrame[], name: string) => {
  const found = all.find((f) => f.name === name);
  expect(found, name).toBeDefined();
  return found!;
};

describe('JUnit from producers never seen', () => {
  it('Playwright: the runner workspace path maps into the repository, the message is the error', async () => {
    const all = await frames('playwright');
    const total = byName(all, 'cart › shows the total');
    expect(total.triggering).toMatchObject({
      file: 'tests/cart.spec.ts',
      line: 15,
      column: 45,
      expression: "expect(page.getByTestId('total')).toHaveText('$6.00')",
    });
    expect(total.message).toMatch(/^Timed out 5000ms waiting for expect\(locator\)\.toHaveText/);
    expect(total.language).toBe('javascript');
  });

  it('PHPUnit: file and line attributes give the test location; namespaced exception types stay', async () => {
    const all = await frames('phpunit');
    const wrong = byName(all, 'testTotalsWrong');
    expect(wrong.test).toMatchObject({ file: 'tests/Unit/CartTest.php', line: 17 });
    expect(wrong.triggering).toMatchObject({ file: 'tests/Unit/CartTest.php', line: 17 });
    expect(wrong.exceptionType).toBe('PHPUnit\\Framework\\ExpectationFailedException');
    expect(wrong.message).toBe('Failed asserting that 6 is identical to 7.');
    expect(byName(all, 'testThrowsOnBadPercent').kind).toBe('error');
  });

  it('nextest: the panic location, the full assertion message, no "test failure" label', async () => {
    const all = await frames('nextest');
    const wrong = byName(all, 'tests::totals_wrong_on_purpose');
    expect(wrong.triggering).toMatchObject({
      file: 'src/lib.rs',
      line: 23,
      expression: 'assert_eq!(total(&[2, 4]), 7)',
    });
    expect(wrong.message).toContain('left: 6');
    expect(byName(all, 'integration_fails').triggering).toMatchObject({ file: 'tests/integration.rs', line: 9 });
  });

  it('go-junit-report: bare file names resolve in the package the report names', async () => {
    const all = await frames('go-junit-report');
    // The body is only the test's output lines (no `=== RUN`/`--- FAIL:`): the Go parser reads it
    // as TestTotalWrong's output because the case's name says so. Of its two lines, the t.Log at
    // line 12 and the t.Errorf at line 14, the source says which one failed.
    expect(byName(all, 'TestTotalWrong')).toMatchObject({
      message: expect.stringContaining('Total(2, 4) = 6, want 7'),
      language: 'go',
      triggering: { file: 'cart/cart_test.go', line: 14, expression: 't.Errorf("Total(2, 4) = %d, want 7", got)' },
    });
    expect(byName(all, 'TestDiscount/wrong')).toMatchObject({
      message: expect.stringContaining('Discount(100, 10) = 90, want 80'),
      triggering: { file: 'cart/cart_test.go', line: 26 },
    });
    expect(byName(all, '[build failed]').kind).toBe('error');
  });

  it('Failsafe and Gradle: Java and Kotlin frames found by package suffix', async () => {
    const failsafe = await frames('failsafe');
    expect(byName(failsafe, 'refundsAnOrder')).toMatchObject({
      exceptionType: 'org.opentest4j.AssertionFailedError',
      triggering: {
        file: 'src/test/java/com/example/cart/CheckoutIT.java',
        line: 41,
        expression: 'assertEquals(REFUNDED, order.status())',
      },
    });
    const gradle = await frames('gradle');
    expect(byName(gradle, 'totalsWrong()').triggering).toMatchObject({
      file: 'src/test/kotlin/com/example/cart/CartTest.kt',
      line: 18,
    });
    const bad = byName(gradle, '[1] percent=150');
    expect(bad.triggering).toMatchObject({ file: 'src/main/kotlin/com/example/cart/Cart.kt', line: 9 });
    expect(bad.test).toMatchObject({ file: 'src/test/kotlin/com/example/cart/CartTest.kt', line: 27 });
  });

  it('Catch2: the failed expression as message, the macro name not taken for an exception', async () => {
    const all = await frames('catch2');
    expect(byName(all, 'totals wrong on purpose')).toMatchObject({
      exceptionType: null,
      message: expect.stringContaining('total({2, 4}) == 7'),
    });
    expect(byName(all, 'throws on bad percent')).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('percent out of range: 150'),
    });
  });
});

/**
 * The triggering frame: where a fix most likely goes, and where an annotation should point.
 *
 * The rule, over the in-repo stack (outermost first, library and runtime frames already removed):
 *
 * 1. The deepest frame in the user's code wins. When the exception was raised inside a library or
 *    the runtime (`int("x")`, `json.loads`), those frames are gone and the deepest remaining one is
 *    the user's call site, which is the line to look at.
 * 2. A source (non-test) frame below a test frame beats it: `test → checkout() → average()` points
 *    at `average`, not at the test line that called it (that is rule 1: below means deeper).
 * 3. When the deepest user frame is in a test file and the failure is an assertion
 *    (`assert add(1, 2) == 4`, `expect(x).toBe(4)`, `t.Errorf`, `assert_eq!`), the assertion line
 *    is the answer: the code under test returned a wrong value and is no longer on the stack, and
 *    the assertion's expression names the call.
 * 4. When the deepest user frame is in a test file but the failure is an error that passed through
 *    source code (`test → source.process(cb) → cb` where the test's stub or callback throws), the
 *    deepest source frame wins: test files are never edited, and that source frame is the code
 *    that let the error through.
 * 5. With no in-repo frame at all (a report without a trace), the test's own location stands in:
 *    an annotation on the test beats one on line 0.
 */
import type { SourceLocation } from '../contracts/failure-frame.js';

export interface TriggeringContext {
  /** Whether a repo-relative file holds tests (the case's own file, or one named like a test). */
  isTestFile: (file: string) => boolean;
  /** The failure is an assertion about a value rather than an error raised by code. */
  assertion: boolean;
}

export function selectTriggeringFrame(
  stack: readonly SourceLocation[],
  test: SourceLocation | null,
  context: TriggeringContext,
): SourceLocation | null {
  const deepest = stack[stack.length - 1];
  if (!deepest) return test;
  if (!context.isTestFile(deepest.file) || context.assertion) return deepest;
  for (let i = stack.length - 2; i >= 0; i--) {
    if (!context.isTestFile(stack[i]!.file)) return stack[i]!;
  }
  return deepest;
}

/**
 * Whether a failure is an assertion: an assertion error type (pytest, unittest, chai, JUnit,
 * opentest4j, AssertJ), a message in the form runners give assertions (`assert …`, Rust's
 * `assertion failed`, `expected … to …`), or no exception at all (Go's `t.Errorf`).
 */
export function isAssertionFailure(exceptionType: string | null | undefined, message: string): boolean {
  if (!exceptionType) return true;
  if (/assert|expectation|comparisonfailure|multiplefailures/i.test(exceptionType)) return true;
  return /^(assert(ion)?\b|expected\b)/i.test(message.trim());
}

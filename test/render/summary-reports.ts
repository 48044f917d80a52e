/**
 * Heal reports for the summary tests: one whose failures are the real frames of the
 * `test/fixtures/projects/pytest` project (its JUnit report and log read by the frames code) around
 * a constructed loop history, and one full of hostile strings.
 */
import { HealReport } from '../../src/contracts/heal-report.js';
import path from 'node:path';
import { FailureFrame } from '../../src/contracts/failure-frame.js';
import { collectEvidence } from '../../src/frames/collect-evidence.js';

const PYTEST_FIXTURE = path.join(import.meta.dirname, '..', 'fixtures', 'projects', 'pytest');

/** The fix of the fixture's empty-cart bug, as `git diff` prints it for `inventory/pricing.py`. */
export const PYTEST_DIFF = `diff --git a/inventory/pricing.py b/inventory/pricing.py
index c868137..c6454df 100644
--- a/inventory/pricing.py
+++ b/inventory/pricing.py
@@ -21,6 +21,8 @@ def parse_quantity(text):
 def average_price(prices):
     total = sum(prices)
     # Bug: no guard for an empty cart.
+    if not prices:
+        return 0.0
     return total / len(prices)
 
 
`;

/** Real frames: the pytest fixture project's JUnit report and log, read by the frames code. */
export async function pytestFrames(): Promise<FailureFrame[]> {
  const collected = await collectEvidence({ root: PYTEST_FIXTURE, junit: ['junit.xml'], log: 'output.log' });
  return collected.frames;
}

export async function healedReport(): Promise<HealReport> {
  return HealReport.parse({
    schemaVersion: 1,
    result: 'healed',
    reason: 'All 6 failing tests pass and the passing test still passes after attempt 2.',
    provider: { name: 'openai', model: 'gpt-4.1-mini' },
    testCommand: 'python -m pytest --junitxml=reports/junit.xml',
    summary: { total: 8, passed: 1, failed: 6, errored: 0, skipped: 1 },
    failures: await pytestFrames(),
    attempts: [
      {
        n: 1,
        diff: PYTEST_DIFF.replace('return 0.0', 'return None'),
        files: ['inventory/pricing.py'],
        verdict: 'targets-failed',
        feedback: 'tests/test_pricing.py::test_checkout_empty_cart: TypeError: unsupported operand',
        tokens: { input: 2412, output: 180 },
        durationMs: 3120,
        failToPass: { passed: 3, total: 6 },
        passToPass: { passed: 1, total: 1, broken: [] },
      },
      {
        n: 2,
        diff: PYTEST_DIFF,
        files: ['inventory/pricing.py'],
        verdict: 'accepted',
        feedback: '',
        tokens: { input: 2980, output: 150 },
        durationMs: 2950,
        failToPass: { passed: 6, total: 6 },
        passToPass: { passed: 1, total: 1, broken: [] },
      },
    ],
    flaky: ['tests/test_pricing.py::test_sometimes'],
    diff: PYTEST_DIFF,
    tokens: { input: 5392, output: 330 },
    durationMs: 14_250,
    reproduce:
      "python -m pytest 'tests/test_pricing.py::test_checkout_empty_cart' 'tests/test_pricing.py::test_line_total_no_discount_below_ten'",
  });
}

export const HOSTILE = {
  name: '<details><summary>click</summary> @octocat ::error::pwned | `x` </details>',
  message: '```\n</details>\n<img src=x onerror=alert(1)> [link](javascript:alert(1)) @here\n::add-mask::x\n```',
  file: 'src/(evil) |name|.py',
  diff: '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-```\n+</details><script>alert(1)</script>\n+````\n',
  reason: 'model said: <b>done</b> @octocat ::set-output name=result::healed',
};

export function hostileReport(): HealReport {
  const frame = FailureFrame.parse({
    id: `tests/test_x.py::${HOSTILE.name}`,
    suite: '<suite>',
    name: HOSTILE.name,
    kind: 'error',
    exceptionType: 'Err|or`',
    message: HOSTILE.message,
    triggering: {
      file: HOSTILE.file,
      line: 3,
      expression: 'a | b ` c',
      snippet: { startLine: 1, lines: ['```', '</details>', 'x = "@octocat"'] },
    },
    test: null,
    stack: [],
    droppedFrames: 0,
    locals: null,
    language: 'python',
    evidence: ['log'],
  });
  return HealReport.parse({
    schemaVersion: 1,
    result: 'unhealed',
    reason: HOSTILE.reason,
    provider: { name: 'command' },
    testCommand: "pytest -k 'a and b'",
    summary: { total: 1, passed: 0, failed: 0, errored: 1, skipped: 0 },
    failures: [frame],
    attempts: [
      {
        n: 1,
        diff: HOSTILE.diff,
        files: ['src/`x`|y.py'],
        verdict: 'broke-passing',
        feedback: HOSTILE.message,
        tokens: { input: 0, output: 0 },
        durationMs: 900,
        failToPass: { passed: 1, total: 1 },
        passToPass: { passed: 0, total: 1, broken: [HOSTILE.name] },
      },
    ],
    flaky: ['```', '@octocat <b>'],
    tokens: { input: 0, output: 0 },
    durationMs: 1000,
  });
}

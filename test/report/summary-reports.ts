/**
 * Heal reports for the summary and pull-request body tests: one shaped like a real healed pytest
 * run of the `test/fixtures/projects/pytest` project, and one full of hostile strings.
 */
import { HealReport } from '../../src/loop/heal-report.js';
import { FailureFrame } from '../../src/frames/failure-frame.js';

export const PYTEST_DIFF = `diff --git a/inventory/pricing.py b/inventory/pricing.py
index 3f1c2aa..9b0e1d4 100644
--- a/inventory/pricing.py
+++ b/inventory/pricing.py
@@ -26,6 +26,8 @@ def average_price(prices):
 def average_price(prices):
     total = sum(prices)
     # Bug: no guard for an empty cart.
+    if not prices:
+        return 0.0
     return total / len(prices)
`;

export function pytestFrames(): FailureFrame[] {
  return [
    FailureFrame.parse({
      id: 'tests/test_pricing.py::test_checkout_empty_cart',
      suite: 'pytest',
      name: 'test_checkout_empty_cart',
      classname: 'tests.test_pricing',
      kind: 'failure',
      exceptionType: 'ZeroDivisionError',
      message: 'division by zero',
      triggering: {
        file: 'inventory/pricing.py',
        line: 29,
        function: 'average_price',
        expression: 'total / len(prices)',
        snippet: {
          startLine: 26,
          lines: ['def average_price(prices):', '    total = sum(prices)', '    # Bug: no guard for an empty cart.', '    return total / len(prices)'],
        },
      },
      test: { file: 'tests/test_pricing.py', line: 28, function: 'test_checkout_empty_cart' },
      stack: [
        { file: 'tests/test_pricing.py', line: 28, function: 'test_checkout_empty_cart' },
        { file: 'inventory/pricing.py', line: 29, function: 'average_price' },
      ],
      droppedFrames: 0,
      locals: [{ name: 'prices', value: '[]' }],
      language: 'python',
      evidence: ['junit', 'log'],
    }),
    FailureFrame.parse({
      id: 'tests/test_pricing.py::test_line_total_no_discount_below_ten',
      suite: 'pytest',
      name: 'test_line_total_no_discount_below_ten',
      kind: 'failure',
      exceptionType: 'AssertionError',
      message: 'assert 16.2 == 18.0\n +  where 16.2 = line_total(3.0, 6)',
      triggering: { file: 'tests/test_pricing.py', line: 24, expression: 'line_total(price, quantity) == 18.0' },
      test: { file: 'tests/test_pricing.py', line: 21 },
      stack: [],
      droppedFrames: 2,
      locals: null,
      language: 'python',
      evidence: ['junit'],
    }),
  ];
}

export function healedReport(): HealReport {
  return HealReport.parse({
    schemaVersion: 1,
    result: 'healed',
    reason: 'All 2 failing tests pass and all 5 passing tests still pass after attempt 2.',
    provider: { name: 'openai', model: 'gpt-4.1-mini' },
    testCommand: 'python -m pytest --junitxml=reports/junit.xml',
    summary: { total: 8, passed: 5, failed: 2, errored: 0, skipped: 1 },
    failures: pytestFrames(),
    attempts: [
      {
        n: 1,
        diff: PYTEST_DIFF.replace('return 0.0', 'return None'),
        files: ['inventory/pricing.py'],
        verdict: 'targets-failed',
        feedback: 'tests/test_pricing.py::test_checkout_empty_cart: TypeError: unsupported operand',
        tokens: { input: 2412, output: 180 },
        durationMs: 3120,
        failToPass: { passed: 1, total: 2 },
        passToPass: { passed: 5, total: 5, broken: [] },
      },
      {
        n: 2,
        diff: PYTEST_DIFF,
        files: ['inventory/pricing.py'],
        verdict: 'accepted',
        feedback: '',
        tokens: { input: 2980, output: 150 },
        durationMs: 2950,
        failToPass: { passed: 2, total: 2 },
        passToPass: { passed: 5, total: 5, broken: [] },
      },
    ],
    flaky: ['tests/test_pricing.py::test_sometimes'],
    diff: PYTEST_DIFF,
    tokens: { input: 5392, output: 330 },
    durationMs: 14_250,
    reproduce: "python -m pytest 'tests/test_pricing.py::test_checkout_empty_cart' 'tests/test_pricing.py::test_line_total_no_discount_below_ten'",
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

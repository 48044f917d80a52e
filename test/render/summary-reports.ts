/**
 * Heal reports for the summary tests: the real frames of the `test/fixtures/projects/pytest`
 * project (its JUnit reports and logs read by the frames code) around constructed loop histories:
 * six bugs healed; one bug failing five parametrised tests at one line, not healed; and one report
 * full of hostile strings.
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

/** Real frames of `parametrized/`: one bug (a case-sensitive lookup), five tests failing at its line. */
export async function parametrizedFrames(): Promise<FailureFrame[]> {
  const collected = await collectEvidence({
    root: PYTEST_FIXTURE,
    junit: ['parametrized.junit.xml'],
    log: 'parametrized.log',
  });
  return collected.frames;
}

/** A fix of the currency lookup, as `git diff` prints it, and two that were not accepted. */
const CURRENCY_DIFF = (line: string) => `diff --git a/inventory/currency.py b/inventory/currency.py
index 3b18e02..9c1d7a4 100644
--- a/inventory/currency.py
+++ b/inventory/currency.py
@@ -5,4 +5,4 @@ RATES = {"EUR": 1.0, "USD": 1.08, "GBP": 0.86, "CHF": 0.94, "SEK": 11.2, "JPY": 162.5}
 
 def convert(amount, currency):
     # Bug: codes arrive as typed ("usd", " Sek") and are looked up as given.
-    return round(amount * RATES[currency], 2)
+${line}
`;

/** The issue's case: five parametrised tests fail at one line, three attempts, none accepted. */
export async function parametrizedUnhealedReport(): Promise<HealReport> {
  const ids = (await parametrizedFrames()).map((f) => f.id);
  return HealReport.parse({
    schemaVersion: 1,
    result: 'unhealed',
    reason: 'no attempt made every failing test pass; the limit of 3 attempts was reached',
    provider: { name: 'anthropic', model: 'claude-sonnet-4-5' },
    testCommand: 'python -m pytest parametrized --junitxml=reports/junit.xml',
    summary: { total: 11, passed: 6, failed: 5, errored: 0, skipped: 0 },
    failures: await parametrizedFrames(),
    attempts: [
      {
        n: 1,
        diff: CURRENCY_DIFF('    return round(amount * RATES[currency.upper()], 2)'),
        files: ['inventory/currency.py'],
        verdict: 'targets-failed',
        feedback: `1 of 5 failing tests still fails:\n- ${ids[0]}: KeyError: ' SEK'\n  at inventory/currency.py:8: return round(amount * RATES[currency.upper()], 2)`,
        tokens: { input: 3105, output: 212 },
        durationMs: 4210,
        failToPass: { passed: 4, total: 5 },
        detail: { notes: 'Codes arrive in lower case; upper-case them before the lookup.' },
      },
      {
        n: 2,
        diff: CURRENCY_DIFF('    return round(amount * RATES.get(currency.strip().upper(), 0), 2)'),
        files: ['inventory/currency.py'],
        verdict: 'broke-passing',
        feedback: `The failing tests pass now, but 1 other test broke:\n- parametrized.test_currency::test_unknown_code_raises: Failed: DID NOT RAISE <class 'KeyError'>`,
        tokens: { input: 3620, output: 190 },
        durationMs: 5030,
        failToPass: { passed: 5, total: 5 },
        passToPass: { passed: 5, total: 6, broken: ['parametrized.test_currency::test_unknown_code_raises'] },
        detail: {
          notes:
            'Normalise the code (strip and upper-case) and fall back to 0 for unknown codes.\n\nThis keeps the order form from crashing.',
        },
      },
      {
        n: 3,
        diff: '',
        files: [],
        verdict: 'no-edits',
        feedback: 'No change was proposed: I could not find a change that keeps test_unknown_code_raises passing.',
        tokens: { input: 4012, output: 96 },
        durationMs: 2900,
        detail: { notes: 'I could not find a change that keeps test_unknown_code_raises passing.' },
      },
    ],
    flaky: [],
    tokens: { input: 10_737, output: 498 },
    durationMs: 21_400,
    timings: {
      baselineMs: 3_870,
      confirmationMs: 1_240,
      attempts: [
        { n: 1, providerMs: 2_950, targetedRerunMs: 1_110, selfHealMs: 150 },
        { n: 2, providerMs: 2_480, targetedRerunMs: 1_020, fullRunMs: 1_380, selfHealMs: 150 },
        { n: 3, providerMs: 2_830, selfHealMs: 70 },
      ],
    },
    reproduce: `python -m pytest ${ids.map((id) => `'parametrized/test_currency.py::${id.split('::').pop()}'`).join(' ')}`,
  });
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
        detail: {
          notes:
            'An empty cart has no average price: return 0.0 before dividing by the number of prices.\n\nNo test was changed.',
        },
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
    timings: {
      baselineMs: 3_410,
      confirmationMs: 980,
      attempts: [
        { n: 1, providerMs: 2_010, targetedRerunMs: 960, selfHealMs: 150 },
        { n: 2, providerMs: 1_420, targetedRerunMs: 940, fullRunMs: 470, selfHealMs: 120 },
      ],
      commitMs: 90,
    },
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
  notes: 'Fixed it.\n```\n</details>\n<img src=x onerror=alert(1)> @octocat [x](javascript:alert(1)) #1',
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
    // A result whose summary quotes the reason, so the reason's escaping is seen.
    result: 'provider-error',
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
        detail: { notes: HOSTILE.notes },
      },
    ],
    flaky: ['```', '@octocat <b>'],
    tokens: { input: 0, output: 0 },
    durationMs: 1000,
    timings: { attempts: [{ n: 1, providerMs: 300, targetedRerunMs: 200, fullRunMs: 350, selfHealMs: 50 }] },
  });
}

/**
 * A special-cased attempt in the job summary: listed like any rejected attempt, with its evidence
 * (literal, patch line, test line) rendered inert, and never offered as the best attempt's patch.
 */
import { describe, expect, it } from 'vitest';
import { HealReport, type Attempt } from '../../src/contracts/heal-report.js';
import { renderJobSummary } from '../../src/render/job-summary.js';
import { scanFences } from './markdown-structure.js';

const HARD_CODE_DIFF = `diff --git a/calc.py b/calc.py
--- a/calc.py
+++ b/calc.py
@@ -1,2 +1,4 @@
 def add(a, b):
+    if a == 2 and b == 3:
+        return 5
     return a - b
`;

const test = { file: 'tests/test_calc.py', line: 5, text: 'assert add(2, 3) == 5' };

function attempt(fields: Partial<Attempt>): Attempt {
  return {
    n: 1,
    diff: HARD_CODE_DIFF,
    files: ['calc.py'],
    verdict: 'special-cased',
    feedback: 'Rolled back because the change special-cases the failing tests instead of fixing the code.',
    tokens: { input: 1000, output: 50 },
    durationMs: 2000,
    failToPass: { passed: 1, total: 1 },
    passToPass: { passed: 3, total: 3, broken: [] },
    specialCases: [
      {
        rule: 'input-condition',
        literal: '2',
        patch: { file: 'calc.py', line: 2, text: 'if a == 2 and b == 3:' },
        test,
      },
      { rule: 'expected-value', literal: '5', patch: { file: 'calc.py', line: 3, text: 'return 5' }, test },
      {
        rule: 'test-identity',
        literal: '"PYTEST_CURRENT_TEST"',
        patch: { file: 'calc.py', line: 4, text: 'if os.environ.get("PYTEST_CURRENT_TEST"):' },
      },
    ],
    ...fields,
  };
}

function report(attempts: Attempt[]): HealReport {
  return HealReport.parse({
    schemaVersion: 1,
    result: 'unhealed',
    reason: 'no attempt made every failing test pass',
    provider: { name: 'openai', model: 'm' },
    testCommand: 'pytest',
    summary: { total: 4, passed: 3, failed: 1, errored: 0, skipped: 0 },
    failures: [],
    attempts,
    flaky: [],
    tokens: { input: 1000, output: 50 },
    durationMs: 5000,
  });
}

describe('job summary: a special-cased attempt', () => {
  it('shows the verdict in the attempts table and the evidence under the attempt', () => {
    const md = renderJobSummary(report([attempt({})]));
    expect(md).toContain('| 1 | `calc.py` | 🚩 special\\-cases the tests | 1/1 | 3/3 |');
    expect(md).toContain('the closest, attempt 1, made 1 of 1 pass only by special-casing the tests.');
    expect(md).toContain('<summary>Attempt 1: 🚩 special-cases the tests</summary>');
    expect(md).toContain(
      '- `2` at `calc.py:2` `if a == 2 and b == 3:` compares with the test input at `tests/test_calc.py:5` `assert add(2, 3) == 5`',
    );
    expect(md).toContain(
      '- `5` at `calc.py:3` `return 5` returns or assigns the value expected at `tests/test_calc.py:5` `assert add(2, 3) == 5`',
    );
    expect(md).toContain(
      '- `"PYTEST_CURRENT_TEST"` at `calc.py:4` `if os.environ.get("PYTEST_CURRENT_TEST"):` recognises the test run',
    );
  });

  it('names the test data a value came from, and a table rebind', () => {
    const md = renderJobSummary(
      report([
        attempt({
          specialCases: [
            {
              rule: 'encoded-cases',
              literal: `'{"2,3": 5}'`,
              patch: { file: 'calc.py', line: 3, text: `_SEEN = json.loads('{"2,3": 5}')` },
              test: { file: 'tests/add_cases.csv', line: 2, text: '2,3,5' },
              dataReadBy: 'tests/test_calc.py',
            },
            { rule: 'table-rebind', literal: 'add', patch: { file: 'calc.py', line: 9, text: 'def add(a, b):' } },
          ],
        }),
      ]),
    );
    expect(md).toContain(
      '- `\'{"2,3": 5}\'` at `calc.py:3` `_SEEN = json.loads(\'{"2,3": 5}\')` encodes a table holding the test case at `tests/add_cases.csv:2` `2,3,5` (test data read by `tests/test_calc.py`)',
    );
    expect(md).toContain(
      '- `add` at `calc.py:9` `def add(a, b):` rebinds an existing function to a wrapper that answers from a table',
    );
  });

  it('never offers the special-cased patch as the best attempt', () => {
    const md = renderJobSummary(report([attempt({})]));
    expect(md).not.toContain('Best attempt');
    const other = attempt({
      n: 2,
      verdict: 'targets-failed',
      specialCases: undefined,
      failToPass: { passed: 0, total: 1 },
    });
    expect(renderJobSummary(report([attempt({}), other]))).toContain('### Best attempt (2, not applied)');
  });

  it('nor through a duplicate of it, which carries the same diff', () => {
    // A provider that sends the hard-code again gets `duplicate`, with the diff it sent.
    const again = attempt({
      n: 2,
      verdict: 'duplicate',
      specialCases: undefined,
      failToPass: undefined,
      passToPass: undefined,
      feedback: 'This is the same change as attempt 1, which was not accepted.',
    });
    const md = renderJobSummary(report([attempt({}), again]));
    expect(md).not.toContain('Best attempt');
    // Its diff is still shown, folded under the attempts, not as the patch to apply.
    expect(md).not.toContain('Its diff is the patch shown below');
  });

  it('keeps hostile evidence inside its code spans', () => {
    const hostile = attempt({
      specialCases: [
        {
          rule: 'input-condition',
          literal: '"`</details><img src=x>` @octocat"',
          patch: { file: 'a`b.py', line: 1, text: '```\n</details> @here' },
          test: { file: 't.py', line: 2, text: '<script>alert(1)</script>' },
        },
      ],
    });
    const md = renderJobSummary(report([hostile]));
    const { live, unclosed } = scanFences(md);
    expect(unclosed).toBe(false);
    expect(live.match(/<details>/g)?.length).toBe(live.match(/<\/details>/g)?.length);
    expect(live).not.toMatch(/<(img|script)\b|@(octocat|here)/);
  });
});

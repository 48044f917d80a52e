/**
 * How the failures reproduced, in the job summary: a flaky verdict explains itself (how many runs,
 * how many failed, how to quarantine the test), a failure that is not itself here says how it
 * differs, an environment cause is named first; untrusted text stays inert.
 */
import { describe, expect, it } from 'vitest';
import { HealReport, type Reproduction } from '../../src/contracts/heal-report.js';
import { renderJobSummary } from '../../src/render/job-summary.js';
import { quarantineAdvice } from '../../src/loop/quarantine.js';
import { HOSTILE } from './summary-reports.js';
import { scanFences } from './markdown-structure.js';

const ID = 'test/limits.test.ts::answers within the timeout';

function report(reproduction: Reproduction, fields: Partial<HealReport> = {}): HealReport {
  return HealReport.parse({
    schemaVersion: 1,
    result: 'not-reproduced',
    reason: 'flaky: …',
    provider: { name: 'builtin' },
    testCommand: 'npx vitest run',
    summary: { total: 2, passed: 1, failed: 1, errored: 0, skipped: 0 },
    failures: [],
    attempts: [],
    flaky: [ID],
    tokens: { input: 0, output: 0 },
    durationMs: 5000,
    reproduction,
    ...fields,
  });
}

const FLAKY: Reproduction = {
  verdict: 'flaky',
  tests: [{ id: ID, verdict: 'flaky', runs: 5, failed: 3 }],
  signs: [`${ID} passed without a change (rerun 2)`],
  extraRuns: 2,
  environment: [],
  quarantine: quarantineAdvice('vitest'),
};

describe('job summary: how the failures reproduced', () => {
  it('says a flaky test is flaky, with its counts and how to quarantine it', () => {
    const md = renderJobSummary(report(FLAKY));
    expect(md.split('\n')[0]).toBe('## ⚠️ self-heal: flaky test, nothing was changed');
    expect(md).toContain('It is **flaky**: it failed 3 of 5 runs without a change.');
    expect(md).toContain('; 2 more reruns, of this code or of a change, told a flake from a failure');
    expect(md).toContain('| `test/limits.test.ts::answers within the timeout` | 🎲 flaky | 5 | 3 |');
    expect(md).toContain("**To quarantine it**, retry it \\(`test('…', { retry: 2 }, …)`, or `retry` in vitest");
    expect(md).not.toContain('### Flaky tests');
  });

  it('says how a failure differs here from CI', () => {
    const md = renderJobSummary(
      report({
        verdict: 'fails-differently',
        tests: [
          {
            id: 'tests/test_orders.py::test_total',
            verdict: 'fails-differently',
            runs: 2,
            failed: 2,
            ci: 'AssertionError at tests/test_orders.py:6',
            here: 'KeyError at orders.py:5',
            run: 'the confirmation',
            first: 'CI',
          },
        ],
        signs: [],
        extraRuns: 0,
        environment: [
          {
            test: 'tests/test_orders.py::test_total',
            kind: 'variable',
            subject: 'ORDERS_API_URL',
            at: 'orders.py:5',
            detail: 'the environment variable `ORDERS_API_URL` is not set (KeyError reading os.environ)',
          },
        ],
      }),
    );
    expect(md.split('\n')[0]).toBe('## ⚠️ self-heal: fails differently here, nothing was changed');
    expect(md).toContain(
      'It **failed differently here** (`KeyError at orders.py:5` here, `AssertionError at tests/test_orders.py:6` in CI): the environment differs.',
    );
    expect(md).toContain(
      '| 🔀 fails differently here: `KeyError at orders.py:5` in the confirmation, `AssertionError at tests/test_orders.py:6` in CI | 2 | 2 |',
    );
    const environment = md.indexOf('### The failure points at the environment');
    expect(environment).toBeGreaterThan(0);
    expect(environment).toBeLessThan(md.indexOf('### How the failures reproduced'));
    expect(md).toContain(
      '- `tests/test_orders.py::test_total`: the environment variable `ORDERS_API_URL` is not set \\(KeyError reading os\\.environ\\) (at `orders.py:5`)',
    );
  });

  it('says nothing more when the failures reproduced the same in every run', () => {
    const md = renderJobSummary(
      report(
        {
          verdict: 'reproduced',
          tests: [{ id: ID, verdict: 'reproduced', runs: 3, failed: 3 }],
          signs: [],
          extraRuns: 0,
          environment: [],
        },
        { result: 'unhealed', flaky: [] },
      ),
    );
    expect(md).not.toContain('How the failures reproduced');
    expect(md).not.toContain('points at the environment');
  });

  it('keeps hostile names and subjects inert', () => {
    const md = renderJobSummary(
      report({
        ...FLAKY,
        tests: [{ id: HOSTILE.name, verdict: 'flaky', runs: 3, failed: 2 }],
        signs: [`${HOSTILE.message} passed without a change`],
        environment: [
          {
            test: HOSTILE.name,
            kind: 'file',
            subject: HOSTILE.message,
            detail: `the file \`${HOSTILE.message}\` is not there in this job`,
          },
        ],
      }),
    );
    const { live, unclosed } = scanFences(md);
    expect(unclosed).toBe(false);
    expect(live).not.toMatch(/<details>|<img|<script|\]\(javascript:|@octocat|@here(?!\u200b)/);
  });
});

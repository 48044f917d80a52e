/**
 * `self-heal run`'s compact summary on stdout: what became of an accepted fix is said from the
 * report's state (`fix`, `commit`), whatever the reason's sentence says.
 */
import { describe, expect, it } from 'vitest';
import { renderSummary } from '../../src/cli/commands/run.js';
import { HealReport, type HealFix } from '../../src/contracts/heal-report.js';

function healed(fix: HealFix, commit?: HealReport['commit']): HealReport {
  return HealReport.parse({
    schemaVersion: 1,
    result: 'healed',
    reason: 'attempt 1 made 1 failing test pass without breaking any of the 2 passing tests',
    provider: { name: 'builtin' },
    testCommand: 'pytest',
    summary: { total: 3, passed: 2, failed: 1, errored: 0, skipped: 0 },
    failures: [],
    attempts: [],
    flaky: [],
    diff: '--- a/calc.py\n+++ b/calc.py\n',
    fix,
    ...(commit ? { commit } : {}),
    tokens: { input: 0, output: 0 },
    durationMs: 1,
  });
}

const fixLine = (text: string) => text.split('\n').filter((l) => l.startsWith('fix: '));

describe('self-heal run: the summary says where the fix is', () => {
  it('--no-commit: left in the work tree, and why', () => {
    const text = renderSummary(healed({ attempt: 1, files: ['calc.py'], uncommitted: 'commit-disabled' }));
    expect(fixLine(text)).toEqual(['fix: in the work tree, not committed (--no-commit)']);
  });

  it('a dirty tree or a failed commit: the same line with its own why', () => {
    expect(fixLine(renderSummary(healed({ attempt: 1, files: ['calc.py'], uncommitted: 'dirty-tree' })))).toEqual([
      'fix: in the work tree, not committed (the work tree had uncommitted changes of its own)',
    ]);
    const failed = healed({
      attempt: 1,
      files: ['calc.py'],
      uncommitted: 'commit-failed',
      commitError: "Unable to create '.git/index.lock': File exists.\nmore",
    });
    expect(fixLine(renderSummary(failed))).toEqual([
      "fix: in the work tree, not committed (the commit failed: Unable to create '.git/index.lock': File exists.)",
    ]);
  });

  it('committed: the commit line, and no fix line', () => {
    const text = renderSummary(
      healed({ attempt: 1, files: ['calc.py'] }, { sha: '0123456789abcdef', message: 'fix: make test_add pass' }),
    );
    expect(text).toContain('commit: 0123456789ab fix: make test_add pass');
    expect(fixLine(text)).toEqual([]);
  });
});

describe('self-heal run: the summary says where the time went', () => {
  it('the totals: baseline, confirmation, provider, test runs, self-heal, commit', () => {
    const report = healed({ attempt: 2, files: ['calc.py'] }, { sha: '0123456789abcdef', message: 'fix' });
    report.durationMs = 14_250;
    report.timings = {
      baselineMs: 3_410,
      confirmationMs: 980,
      attempts: [
        { n: 1, providerMs: 2_010, targetedRerunMs: 960, selfHealMs: 150 },
        { n: 2, providerMs: 1_420, targetedRerunMs: 940, fullRunMs: 470, selfHealMs: 120 },
      ],
      commitMs: 90,
    };
    expect(
      renderSummary(report)
        .split('\n')
        .filter((l) => l.startsWith('time: ')),
    ).toEqual([
      'time: 14.3 s — baseline run 3.4 s, confirmation 980 ms, provider 3.4 s, test runs 2.4 s, self-heal 270 ms, commit 90 ms',
    ]);
  });

  it('no time line for a report without timings', () => {
    expect(renderSummary(healed({ attempt: 1, files: ['calc.py'] }))).not.toMatch(/^time: /m);
  });
});

describe('self-heal run: the summary names what an attempt broke', () => {
  it('a broke-passing attempt’s line lists the broken tests', () => {
    const report = healed({ attempt: 2, files: ['calc.py'] });
    report.attempts = [
      {
        n: 1,
        diff: '',
        files: ['calc.py'],
        verdict: 'broke-passing',
        feedback: 'The failing tests pass now, but 2 other tests broke:\n- t::a: boom\n- t::b: boom',
        tokens: { input: 0, output: 0 },
        durationMs: 1200,
        failToPass: { passed: 1, total: 1 },
        passToPass: { passed: 1, total: 3, broken: ['t::a', 't::b'] },
      },
    ];
    expect(renderSummary(report)).toContain(
      'attempt 1: broke-passing [calc.py] 1.2s — The failing tests pass now, but 2 other tests broke: t::a and t::b\n',
    );
  });
});

describe('self-heal run: the summary says how the failures reproduced', () => {
  it('a flaky test with its counts and the quarantine advice, an environment cause', () => {
    const report = HealReport.parse({
      ...healed({ attempt: 1, files: [] }),
      result: 'not-reproduced',
      reason: 'flaky: …',
      diff: undefined,
      fix: undefined,
      flaky: ['t.py::test_latency'],
      reproduction: {
        verdict: 'flaky',
        tests: [{ id: 't.py::test_latency', verdict: 'flaky', runs: 5, failed: 3 }],
        signs: [],
        extraRuns: 2,
        environment: [
          {
            test: 't.py::test_orders',
            kind: 'service',
            subject: '127.0.0.1:5432',
            at: 'orders.py:9',
            detail: 'the connection to `127.0.0.1:5432` was refused: nothing listens there in this job',
          },
        ],
        quarantine: 'mark it `@pytest.mark.xfail(strict=False)`',
      },
    });
    const lines = renderSummary(report).split('\n');
    expect(lines).toContain(
      'environment: t.py::test_orders: the connection to `127.0.0.1:5432` was refused: nothing listens there in this job (at orders.py:9)',
    );
    expect(lines).toContain('flaky: t.py::test_latency failed 3 of 5 runs without a change');
    expect(lines).toContain('to quarantine it: mark it `@pytest.mark.xfail(strict=False)`');
    expect(lines.filter((l) => l.startsWith('flaky (passed on rerun)'))).toEqual([]);
  });
});

describe('self-heal run: the printed diff', () => {
  it('is still made terminal-safe', () => {
    const diff = '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\u001b[31m\u001b]0;title\u0007\n+b\u202e\n';
    const printed = renderSummary({ ...healed({ attempt: 1, files: ['x'] }), diff });
    expect(printed).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(printed.endsWith('-a\n+b\n')).toBe(true);
  });
});

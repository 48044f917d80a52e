import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HealReport } from '../../src/contracts/heal-report.js';
import { FailureFrame } from '../../src/contracts/failure-frame.js';
import { JOB_SUMMARY_LIMIT_BYTES, renderJobSummary } from '../../src/render/job-summary.js';
import type { DeliveryResult } from '../../src/delivery/delivery-result.js';
import {
  healedReport as loadHealedReport,
  HOSTILE,
  hostileReport,
  parametrizedUnhealedReport,
} from './summary-reports.js';

let healed: HealReport;
let parametrized: HealReport;
beforeAll(async () => {
  healed = await loadHealedReport();
  parametrized = await parametrizedUnhealedReport();
});
const healedReport = () => structuredClone(healed);
const parametrizedReport = () => structuredClone(parametrized);
import { scanFences } from './markdown-structure.js';

const GOLDEN_DIR = path.join(import.meta.dirname, '..', 'fixtures', 'summary');

/** Compare with a golden file; `UPDATE_GOLDEN=1 npx vitest run test/report` rewrites them. */
function expectGolden(name: string, actual: string): void {
  const file = path.join(GOLDEN_DIR, name);
  if (process.env.UPDATE_GOLDEN) writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

const CONTEXT = {
  repoUrl: 'https://github.com/octo/shop',
  sha: '0123456789abcdef0123456789abcdef01234567',
  runUrl: 'https://github.com/octo/shop/actions/runs/42',
};

const DELIVERY: DeliveryResult = {
  mode: 'pull-request',
  status: 'delivered',
  reason: 'main is the default branch: the fix goes to a draft pull request for review.',
  commitSha: 'fedcba9876543210fedcba9876543210fedcba98',
  branch: 'self-heal/main',
  targetBranch: 'main',
  pullRequestUrl: 'https://github.com/octo/shop/pull/7',
  pullRequestNumber: 7,
  ciRerun:
    'Pushes with the workflow token start no workflow run: run CI on the pull request from its Checks tab, or set dispatch-workflow.',
  log: ['mode auto → pull-request: main is the default branch', 'pushed self-heal/main'],
};

describe('renderJobSummary', () => {
  it('renders a healed run (golden)', () => {
    const md = renderJobSummary(healedReport(), { ...CONTEXT, delivery: DELIVERY });
    expectGolden('healed.md', md);
    expect(md.split('\n')[0]).toBe('## ✅ self-heal: healed');
    expect(md).toContain(
      '[inventory/pricing\\.py\\:24](https://github.com/octo/shop/blob/0123456789abcdef0123456789abcdef01234567/inventory/pricing.py#L24)',
    );
    // Six real frames from the pytest fixture, each a row.
    expect(md).toContain('### Failures (6)');
    expect(scanFences(md).unclosed).toBe(false);
  });

  it('says in one line when auto fell back, from what and why, escaped', () => {
    const report = healedReport();
    report.provider = {
      name: 'builtin',
      fallbackFrom: 'copilot',
      reason: 'Copilot refused the token (HTTP 401): Bad credentials. In a workflow, add `copilot-requests: write` <b>',
    };
    const md = renderJobSummary(report, CONTEXT);
    const lines = md.split('\n').filter((l) => l.startsWith('**Provider fallback:**'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\*\*Provider fallback:\*\* copilot was not available \(Copilot refused the token \\\(HTTP 401\\\)/,
    );
    expect(lines[0]).toMatch(/the builtin provider made the attempts\.$/);
    expect(lines[0]).not.toContain('<b>');
    expect(renderJobSummary(healedReport(), CONTEXT)).not.toContain('Provider fallback');
  });

  it('asks for a review of a built-in engine fix in the story, and of no other', () => {
    const report = healedReport();
    expect(renderJobSummary(report, CONTEXT)).not.toContain('**Review it:**');
    report.provider = { name: 'builtin' };
    const story = renderJobSummary(report, CONTEXT).split('\n')[2]!;
    expect(story).toMatch(/\*\*Verified\*\* by rerunning the tests: .*\. \*\*Review it:\*\* the built-in engine/);
    report.result = 'unhealed';
    report.attempts = report.attempts.map((a) => ({ ...a, verdict: 'targets-failed' as const }));
    expect(renderJobSummary(report, CONTEXT)).not.toContain('**Review it:**');
  });

  it('does not say the fallback made the attempts when the run stopped before any', () => {
    const report = healedReport();
    report.result = 'config-error';
    report.reason = 'the test command failed (exit 1), but no JUnit report was written';
    report.attempts = [];
    delete report.diff;
    delete report.fix;
    report.provider = { name: 'builtin', fallbackFrom: 'copilot', reason: 'no GitHub token' };
    const line = renderJobSummary(report, CONTEXT)
      .split('\n')
      .find((l) => l.startsWith('**Provider fallback:**'));
    expect(line).toBe(
      '**Provider fallback:** copilot was not available (no GitHub token); the builtin provider would have made the attempts.',
    );
  });

  it('renders hostile strings inert (golden)', () => {
    const md = renderJobSummary(hostileReport(), CONTEXT);
    expectGolden('hostile.md', md);
    const { live, unclosed } = scanFences(md);
    expect(unclosed).toBe(false);
    // Only our own HTML is live: balanced <details>, no tags or mentions from the input.
    expect(live.match(/<details>/g)?.length).toBe(live.match(/<\/details>/g)?.length);
    expect(live).not.toMatch(/<(img|script|b)\b/);
    expect(live).not.toMatch(/@(octocat|here)/);
    expect(live).not.toMatch(/\]\(javascript:/);
    // Table rows keep their 5 cells despite pipes in the name, file and expression.
    const row = md.split('\n').find((l) => l.includes('| &lt;details&gt;'))!;
    expect(row.replace(/\\\|/g, '').split('|').length - 2).toBe(5);
    // The reason is quoted (a provider error), escaped; the provider's notes only inside a fence.
    expect(md).toContain('**Why:** model said\\: &lt;b&gt;done&lt;/b&gt; @\u200boctocat');
    expect(md).toContain(`The provider's explanation:\n\n\`\`\`\`text\n${HOSTILE.notes}\n\`\`\`\`\n`);
    // The link to a file with parentheses and pipes stays one link.
    expect(md).toContain(
      '(https://github.com/octo/shop/blob/0123456789abcdef0123456789abcdef01234567/src/%28evil%29%20%7Cname%7C.py#L3)',
    );
  });

  it('names the best attempt when not healed', () => {
    const md = renderJobSummary(hostileReport(), CONTEXT);
    expect(md).toContain('### Best attempt (1, not applied)');
  });

  it('does not repeat the accepted diff under its attempt', () => {
    const report = healedReport();
    const accepted = report.attempts.find((a) => a.verdict === 'accepted')!;
    expect(accepted.diff).toBe(report.diff);
    const md = renderJobSummary(report, CONTEXT);
    expect(md.split(accepted.diff).length - 1).toBe(1);
    expect(md).toContain('Its diff is the patch shown below.');
  });

  it('counts every failing test in the heading, and says how many have no frame', () => {
    const report = healedReport();
    const framed = report.failures.length;
    const md = renderJobSummary(report, CONTEXT);
    expect(md).toContain(`### Failures (${framed})`);
    expect(md).not.toContain('without a frame');
    // The reports counted 250 failing tests; frames were built for the first few only.
    report.summary = { ...report.summary, total: report.summary.total + 250, failed: 240, errored: 10 };
    const limited = renderJobSummary(report, CONTEXT);
    expect(limited).toContain('### Failures (250)');
    expect(limited).toContain(
      `${250 - framed} more failing tests without a frame: frames are built for the first ${framed}.`,
    );
  });

  it('leaves out links when the commit is unknown', () => {
    const md = renderJobSummary(healedReport(), { repoUrl: CONTEXT.repoUrl });
    expect(md).not.toContain('/blob/');
    expect(md).toContain('inventory/pricing\\.py\\:24');
  });
});

describe('renderJobSummary: a reviewer reads it in seconds', () => {
  /** Lines that are not blank, in order. */
  const lines = (md: string) => md.split('\n').filter((l) => l.trim());

  it('five parametrised tests failing at one line: one row, one source window, the names inside (golden)', () => {
    const report = parametrizedReport();
    expect(report.failures).toHaveLength(5);
    const md = renderJobSummary(report, CONTEXT);
    expectGolden('parametrized-unhealed.md', md);
    // One table row and one source window for the five tests, before the attempts.
    const rows = md.split('\n').filter((l) => l.startsWith('| [inventory/currency'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('**5 tests**');
    expect(md.match(/<summary>Source: /g)).toHaveLength(1);
    expect(md.match(/^> 8 \| {5}return round\(amount \* RATES\[currency\], 2\)$/gm)).toHaveLength(1);
    expect(md).toContain('<summary>Source: inventory/currency.py:8 · 5 tests fail here</summary>');
    const group = md.slice(md.indexOf('5 tests fail here'), md.indexOf('</details>', md.indexOf('5 tests fail here')));
    for (const f of report.failures) expect(group).toContain(`- \`${f.name}\`: KeyError`);
    expect(md.indexOf('5 tests fail here')).toBeLessThan(md.indexOf('### Attempts'));
    expect(scanFences(md).unclosed).toBe(false);
  });

  it('tells the story first: what failed, what was changed, how it was verified', () => {
    const healedLines = lines(renderJobSummary(healedReport(), CONTEXT));
    expect(healedLines[0]).toBe('## ✅ self-heal: healed');
    expect(healedLines[1]).toBe(
      '**6 tests failed** in 6 places. **Attempt 2 changed** `inventory/pricing.py` (+2 −0). **Verified** by rerunning the tests: all 6 failing tests pass, and the test that passed before still passes.',
    );
    const unhealed = lines(renderJobSummary(parametrizedReport(), CONTEXT));
    expect(unhealed[0]).toBe('## ❌ self-heal: not healed');
    expect(unhealed[1]).toBe(
      '**5 tests fail** with `KeyError` at [inventory/currency\\.py\\:8](https://github.com/octo/shop/blob/0123456789abcdef0123456789abcdef01234567/inventory/currency.py#L8). **3 attempts**, none accepted; the closest, attempt 2, made 5 of 5 pass but broke 1 passing test. **Nothing was changed.**',
    );
  });

  it('tells the story from the report’s fields, not from the loop’s reason sentence', () => {
    const report = healedReport();
    report.reason = 'attempt 2 made 6 failing tests pass without breaking the 1 test that passed before';
    const accepted = report.attempts[1]!;
    accepted.failToPass = { passed: 1, total: 1 };
    accepted.passToPass = { passed: 6, total: 6, broken: [] };
    const md = renderJobSummary(report, CONTEXT);
    expect(md).not.toContain('6 failing tests');
    expect(md).not.toContain('1 passing test');
    expect(md).toContain(
      '**Verified** by rerunning the tests: the failing test passes, and all 6 that passed before still pass.',
    );
    const unhealed = parametrizedReport();
    expect(unhealed.reason).toContain('the limit of 3 attempts was reached');
    expect(renderJobSummary(unhealed, CONTEXT)).not.toContain('the limit of 3 attempts');
  });

  it('says no "(s)": every count in the summary is a real plural', () => {
    for (const md of [
      renderJobSummary(healedReport(), { ...CONTEXT, delivery: DELIVERY }),
      renderJobSummary(parametrizedReport(), CONTEXT),
      renderJobSummary(hostileReport(), CONTEXT),
    ]) {
      expect(md).not.toMatch(/\w\(s\)/);
    }
    const one = parametrizedReport();
    one.failures = one.failures.slice(0, 1);
    one.summary = { ...one.summary, failed: 1 };
    expect(lines(renderJobSummary(one, CONTEXT))[1]).toMatch(/^\*\*1 test fails\*\* with `KeyError` at /);
  });

  it('shows the provider’s own short explanation of the fix, escaped', () => {
    const md = renderJobSummary(healedReport(), CONTEXT);
    const story = lines(md);
    // Right under the story: the first paragraph of the notes only.
    expect(story[2]).toBe(
      "> **The provider's explanation:** An empty cart has no average price\\: return 0\\.0 before dividing by the number of prices\\.",
    );
    const hostile = healedReport();
    hostile.attempts[1]!.detail = { notes: `${HOSTILE.notes} ${'long '.repeat(200)}` };
    const quoted = lines(renderJobSummary(hostile, CONTEXT))[2]!;
    expect(quoted).toMatch(/^> \*\*The provider's explanation:\*\* Fixed it\\\. \\`\\`\\` &lt;\/details&gt; &lt;img/);
    expect(quoted).not.toMatch(/<img|@octocat|\]\(javascript|#1/);
    expect(quoted.length).toBeLessThan(600);
    // No explanation, no line; a provider that proposed nothing is not quoted twice.
    const none = healedReport();
    delete none.attempts[1]!.detail;
    expect(renderJobSummary(none, CONTEXT)).not.toContain("The provider's explanation");
    const md3 = renderJobSummary(parametrizedReport(), CONTEXT);
    const third = md3.slice(md3.indexOf('Attempt 3: '));
    expect(third).not.toContain("The provider's explanation");
    expect(third.split('I could not find a change').length - 1).toBe(1);
  });

  it('renders a verdict it does not know (a newer loop’s) like any rejected attempt, with its evidence', () => {
    const report = parametrizedReport();
    const special = {
      ...report.attempts[0]!,
      n: 4,
      verdict: 'judged-by-a-newer-loop',
      failToPass: { passed: 5, total: 5 },
      passToPass: { passed: 6, total: 6, broken: [] },
      feedback: 'The patch compares the input with "eur", a literal from the test at parametrized/test_currency.py:14.',
    } as unknown as HealReport['attempts'][number];
    report.attempts.push(special);
    const md = renderJobSummary(report, CONTEXT);
    expect(md).not.toContain('undefined');
    expect(md).toMatch(/^\| 4 \| `inventory\/currency.py` \| ⛔ judged\\-by\\-a\\-newer\\-loop \| 5\/5 \| 6\/6 \|/m);
    expect(md).toContain('<summary>Attempt 4: ⛔ judged-by-a-newer-loop</summary>');
    expect(md).toContain('a literal from the test at parametrized/test_currency.py:14.');
    expect(lines(md)[1]).toContain(
      'the closest, attempt 4, made 5 of 5 pass but was not accepted (judged\\-by\\-a\\-newer\\-loop).',
    );
  });
});

describe('renderJobSummary byte budget', () => {
  function bigFrame(i: number, snippetLines: number): FailureFrame {
    return FailureFrame.parse({
      id: `t::test_${i}`,
      suite: 's',
      name: `test_${i}_${'n'.repeat(100)}`,
      kind: 'failure',
      exceptionType: 'AssertionError',
      message: `m${i} `.repeat(100),
      triggering: {
        file: `src/f${i}.py`,
        line: 10,
        snippet: { startLine: 1, lines: Array.from({ length: snippetLines }, (_, j) => `line ${j} ${'x'.repeat(80)}`) },
      },
      test: null,
      stack: [],
      droppedFrames: 0,
      locals: null,
      evidence: ['junit'],
    });
  }

  function bigDiff(lines: number): string {
    return `diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1 +1 @@\n${Array.from({ length: lines }, (_, i) => `+${i} \`\`\` ${'y'.repeat(100)}`).join('\n')}\n`;
  }

  function report(overrides: Partial<HealReport>): HealReport {
    return HealReport.parse({ ...healedReport(), ...overrides });
  }

  it('drops the patch first and says so', () => {
    const md = renderJobSummary(report({ diff: bigDiff(20_000) }), CONTEXT);
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(JOB_SUMMARY_LIMIT_BYTES);
    expect(md).toContain('The patch is left out here to fit the summary limit.');
    expect(md).toMatch(/Left out to fit GitHub's 1 MiB summary limit: the patch\./);
    // Per-attempt diffs are still there.
    expect(md).toContain('Attempt 1: ');
    expect(scanFences(md).unclosed).toBe(false);
  });

  it('then per-attempt diffs, then source windows', () => {
    // Each attempt's diff differs from the final patch, so each is shown on its own.
    const attempts = healedReport().attempts.map((a) => ({ ...a, diff: `${bigDiff(6_000)}+attempt ${a.n}\n` }));
    const failures = Array.from({ length: 50 }, (_, i) => bigFrame(i, 40));
    const md = renderJobSummary(report({ diff: bigDiff(6_000), attempts, failures }), CONTEXT);
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(JOB_SUMMARY_LIMIT_BYTES);
    expect(md).toContain('the patch, per-attempt diffs.');
    expect(md).toContain('<summary>Source: ');
    expect(scanFences(md).unclosed).toBe(false);
  });

  it('a huge report fits in 1 MiB, fences closed, omissions named', () => {
    const failures = Array.from({ length: 5_000 }, (_, i) => bigFrame(i, 30));
    const flaky = Array.from({ length: 5_000 }, (_, i) => `flaky::${i}`);
    const md = renderJobSummary(report({ failures, flaky, diff: bigDiff(50_000) }), CONTEXT);
    const bytes = Buffer.byteLength(md);
    expect(bytes).toBeLessThanOrEqual(JOB_SUMMARY_LIMIT_BYTES);
    expect(bytes).toBeGreaterThan(10_000);
    expect(scanFences(md).unclosed).toBe(false);
    expect(md).toContain('source windows');
    expect(md).toMatch(/…and 4,\d{3} more failures not listed\./);
  });

  it('a group of thousands of tests at one line: one window, the names bounded and the rest counted', () => {
    const one = bigFrame(0, 30);
    const failures = Array.from({ length: 4_000 }, (_, i) =>
      FailureFrame.parse({ ...one, id: `t::p[${i}]`, name: `test_p[${i}]` }),
    );
    const md = renderJobSummary(report({ failures, diff: bigDiff(8_000) }), CONTEXT);
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(JOB_SUMMARY_LIMIT_BYTES);
    expect(scanFences(md).unclosed).toBe(false);
    expect(md).toContain('4,000 tests fail here');
    expect(md.match(/<summary>Source: /g)).toHaveLength(1);
    expect(md).toMatch(/- …and 3,\d{3} more\n/);
    expect(md).toMatch(/Left out to fit GitHub's 1 MiB summary limit: .*test names/);
  });

  it('shows where each attempt’s time went in its details, and the baseline’s beside the total', () => {
    const md = renderJobSummary(parametrizedReport(), CONTEXT);
    expect(md).toContain('**Time:** 21.4 s (baseline run 3.9 s, confirmation 1.2 s)');
    const details = md.split('<details><summary>Attempt ').slice(1);
    expect(details.map((d) => d.match(/^Time: .*$/m)?.[0])).toEqual([
      'Time: 4.2 s — provider 3.0 s · targeted rerun 1.1 s · self-heal 150 ms',
      'Time: 5.0 s — provider 2.5 s · targeted rerun 1.0 s · full run 1.4 s · self-heal 150 ms',
      'Time: 2.9 s — provider 2.8 s · self-heal 70 ms',
    ]);
    // A report written before timings existed renders as it did.
    const old = parametrizedReport();
    delete old.timings;
    const plain = renderJobSummary(old, CONTEXT);
    expect(plain).not.toMatch(/^Time: /m);
    expect(plain).toContain('**Time:** 21.4 s\n');
  });

  it('trims whole sections, never inside a fence, when even the leanest rendering is too big', () => {
    const md = renderJobSummary(report({ failures: Array.from({ length: 30 }, (_, i) => bigFrame(i, 5)) }), {
      ...CONTEXT,
      maxBytes: 3_000,
    });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(3_000);
    expect(md.split('\n')[0]).toMatch(/^## ✅ self-heal: healed/);
    expect(md).toMatch(/further sections? left out to fit/);
    expect(scanFences(md).unclosed).toBe(false);
  });
});

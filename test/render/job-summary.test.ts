import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HealReport } from '../../src/contracts/heal-report.js';
import { FailureFrame } from '../../src/contracts/failure-frame.js';
import { JOB_SUMMARY_LIMIT_BYTES, renderJobSummary } from '../../src/render/job-summary.js';
import type { DeliveryResult } from '../../src/delivery/delivery-result.js';
import { healedReport as loadHealedReport, hostileReport } from './summary-reports.js';

let healed: HealReport;
beforeAll(async () => {
  healed = await loadHealedReport();
});
const healedReport = () => structuredClone(healed);
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
    expect(md.split('\n')[0]).toMatch(/^## ✅ self-heal: healed: All 6 failing tests pass/);
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
    const row = md.split('\n').find((l) => l.startsWith('| &lt;details&gt;'))!;
    expect(row.replace(/\\\|/g, '').split('|').length - 2).toBe(5);
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

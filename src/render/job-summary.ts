/**
 * The job summary a reviewer reads in seconds, healed or not.
 *
 * GitHub drops a step summary larger than 1 MiB whole, so the document is built from atomic blocks
 * (a code fence never spans two blocks) and rendered at decreasing levels of detail until it fits:
 * first the final patch goes (it is in the commit, pull request or patch file anyway), then the
 * per-attempt diffs, the source windows, the attempt feedback, then failure rows. Only when even the
 * leanest rendering is too big are whole trailing blocks dropped. Whatever is left out is named at
 * the end. Every untrusted string (test names, messages, paths, model text, diffs) is escaped.
 */
import type { FailureFrame, SourceLocation } from '../contracts/failure-frame.js';
import type { Attempt, HealReport, HealResult } from '../contracts/heal-report.js';
import type { DeliveryMode, DeliveryResult } from '../delivery/delivery-result.js';
import { codeBlock, escapeMarkdown, inlineCode, tableCell } from '../text/markdown.js';
import { blobUrl, formatCount, formatDuration, formatTokens, htmlText, plural, tableCode } from '../text/format.js';

/** GitHub's per-step limit (1 MiB); a summary above it is not shown at all. */
export const JOB_SUMMARY_LIMIT_BYTES = 1024 * 1024;

export interface SummaryContext {
  /** `https://github.com/<owner>/<repo>`: file links are built from it. */
  repoUrl?: string;
  /** The commit the failures were found at (file links point at it). */
  sha?: string;
  /** This workflow run, linked from the footer. */
  runUrl?: string;
  mode?: DeliveryMode | 'auto';
  delivery?: DeliveryResult;
  /** Defaults to the GitHub limit; tests use smaller budgets. */
  maxBytes?: number;
}

const RESULT_TITLES: Record<HealResult, string> = {
  healed: '✅ self-heal: healed',
  unhealed: '❌ self-heal: not healed',
  'not-reproduced': '⚠️ self-heal: failure did not reproduce',
  'nothing-to-heal': '✅ self-heal: nothing to heal',
  'budget-exhausted': '❌ self-heal: budget exhausted',
  'provider-error': '❌ self-heal: model provider error',
  unsafe: '⛔ self-heal: refused (unsafe)',
  'config-error': '❌ self-heal: configuration error',
};

const VERDICTS: Record<Attempt['verdict'], string> = {
  accepted: '✅ accepted',
  'targets-failed': '❌ tests still fail',
  'broke-passing': '❌ broke passing tests',
  duplicate: '↩️ duplicate of an earlier attempt',
  'rejected-edits': '⛔ edits refused',
  'no-edits': '∅ no edits proposed',
  'provider-error': '❌ provider error',
  timeout: '⏱️ test run timed out',
};

/** One level of detail; each later level keeps less. */
interface Detail {
  patch: boolean;
  attemptDiffs: boolean;
  snippets: boolean;
  feedback: boolean;
  maxFailureRows: number;
  maxListItems: number;
  /** What this level leaves out compared to the full rendering (said at the end). */
  omitted: string[];
}

const LEVELS: Detail[] = [
  {
    patch: true,
    attemptDiffs: true,
    snippets: true,
    feedback: true,
    maxFailureRows: 500,
    maxListItems: 500,
    omitted: [],
  },
  {
    patch: false,
    attemptDiffs: true,
    snippets: true,
    feedback: true,
    maxFailureRows: 500,
    maxListItems: 500,
    omitted: ['the patch'],
  },
  {
    patch: false,
    attemptDiffs: false,
    snippets: true,
    feedback: true,
    maxFailureRows: 500,
    maxListItems: 500,
    omitted: ['the patch', 'per-attempt diffs'],
  },
  {
    patch: false,
    attemptDiffs: false,
    snippets: false,
    feedback: true,
    maxFailureRows: 500,
    maxListItems: 500,
    omitted: ['the patch', 'per-attempt diffs', 'source windows'],
  },
  {
    patch: false,
    attemptDiffs: false,
    snippets: false,
    feedback: false,
    maxFailureRows: 100,
    maxListItems: 100,
    omitted: ['the patch', 'per-attempt diffs', 'source windows', 'attempt feedback'],
  },
  {
    patch: false,
    attemptDiffs: false,
    snippets: false,
    feedback: false,
    maxFailureRows: 20,
    maxListItems: 20,
    omitted: ['the patch', 'per-attempt diffs', 'source windows', 'attempt feedback'],
  },
];

const MAX_FEEDBACK_CHARS = 4_000;
const MAX_REASON_CHARS = 1_000;

export function renderJobSummary(report: HealReport, context: SummaryContext = {}): string {
  const maxBytes = context.maxBytes ?? JOB_SUMMARY_LIMIT_BYTES;
  for (const level of LEVELS) {
    const blocks = buildBlocks(report, context, level);
    const text = blocks.join('\n');
    if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  }
  // Even the leanest rendering is too big (pathological names or counts): keep whole leading blocks.
  const lean = LEVELS[LEVELS.length - 1]!;
  return trimBlocks(buildBlocks(report, context, lean), maxBytes);
}

function trimBlocks(blocks: string[], maxBytes: number): string {
  const note = (dropped: number) =>
    `> [!NOTE]\n> ${formatCount(dropped)} further section${dropped === 1 ? '' : 's'} left out to fit GitHub's 1 MiB summary limit; the JSON report (\`report-path\` output) has everything.\n`;
  const kept: string[] = [];
  let bytes = Buffer.byteLength(note(blocks.length), 'utf8');
  for (const block of blocks) {
    const size = Buffer.byteLength(block, 'utf8') + 1;
    if (bytes + size > maxBytes) break;
    kept.push(block);
    bytes += size;
  }
  const dropped = blocks.length - kept.length;
  return [...kept, note(dropped)].join('\n');
}

function buildBlocks(report: HealReport, context: SummaryContext, detail: Detail): string[] {
  const blocks: string[] = [];
  const omitted = [...detail.omitted];
  blocks.push(renderHeadline(report));
  blocks.push(renderFacts(report));
  if (report.failures.length) blocks.push(...renderFailures(report, context, detail, omitted));
  const patch = selectPatch(report);
  // The attempt whose diff is the patch shown below does not repeat it.
  const shownBelow = detail.patch ? patch?.diff : undefined;
  if (report.attempts.length) blocks.push(...renderAttempts(report.attempts, detail, shownBelow));
  if (patch) blocks.push(renderPatch(patch, detail));
  if (report.flaky.length) blocks.push(renderFlaky(report.flaky, detail, omitted));
  blocks.push(renderReproduce(report));
  if (context.delivery) blocks.push(renderDelivery(context.delivery));
  if (omitted.length) {
    blocks.push(
      `> [!NOTE]\n> Left out to fit GitHub's 1 MiB summary limit: ${[...new Set(omitted)].join(', ')}. The JSON report (\`report-path\` output) has everything.\n`,
    );
  }
  if (context.runUrl) blocks.push(`<sub>[workflow run](${context.runUrl}) · self-heal</sub>\n`);
  return blocks;
}

/** First line: the result and why. */
function renderHeadline(report: HealReport): string {
  const reason =
    report.reason.length > MAX_REASON_CHARS ? `${report.reason.slice(0, MAX_REASON_CHARS - 1)}…` : report.reason;
  return `## ${RESULT_TITLES[report.result]}: ${escapeMarkdown(reason)}\n`;
}

function renderFacts(report: HealReport): string {
  const s = report.summary;
  const provider = report.provider.model ? `${report.provider.name} (${report.provider.model})` : report.provider.name;
  const parts = [
    `**Tests:** ${formatCount(s.total)} run, ${formatCount(s.failed)} failed, ${formatCount(s.errored)} errored, ${formatCount(s.skipped)} skipped`,
    `**Attempts:** ${formatCount(report.attempts.length)}`,
    `**Provider:** ${escapeMarkdown(provider)}`,
    `**Tokens:** ${formatTokens(report.tokens)}`,
    `**Time:** ${formatDuration(report.durationMs)}`,
  ];
  // `auto` fell back: one line saying from what and why.
  const fallback = report.provider.fallbackFrom
    ? `\n**Provider fallback:** ${escapeMarkdown(report.provider.fallbackFrom)} was not available (${escapeMarkdown(clipReason(report.provider.reason ?? 'no reason given'))}); the ${escapeMarkdown(report.provider.name)} provider made the attempts.\n`
    : '';
  return `${parts.join(' · ')}\n${fallback}`;
}

function clipReason(text: string): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length > MAX_REASON_CHARS ? `${single.slice(0, MAX_REASON_CHARS - 1)}…` : single;
}

function locationCell(at: SourceLocation | null, context: SummaryContext): string {
  if (!at) return '';
  // Frames are relative to the repository root, as blob URLs are.
  const label = escapeMarkdown(`${at.file}:${at.line}`);
  const url = blobUrl(context.repoUrl, context.sha, at.file, at.line);
  return url ? `[${label}](${url})` : label;
}

function renderFailures(report: HealReport, context: SummaryContext, detail: Detail, omitted: string[]): string[] {
  const failures = report.failures;
  const rows = failures.slice(0, detail.maxFailureRows);
  // Frames are built for the first failures only (build-frames.ts): the heading counts every
  // failing test the reports counted, and the rest are said, not silently missing.
  const failing = Math.max(failures.length, report.summary.failed + report.summary.errored);
  const lines = [
    `### Failures (${formatCount(failing)})`,
    '',
    '| Test | Location | Exception | Message | Expression |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const f of rows) {
    const at = f.triggering ?? f.test;
    lines.push(
      `| ${tableCell(f.name)} | ${locationCell(at, context)} | ${tableCode(f.exceptionType ?? f.kind, 80)} | ${tableCell(f.message, 300)} | ${tableCode(at?.expression ?? '')} |`,
    );
  }
  if (failures.length > rows.length) {
    const rest = failures.length - rows.length;
    lines.push('', `…and ${plural(rest, 'more failure')} not listed.`);
    omitted.push(`${plural(rest, 'failure row')}`);
  }
  if (failing > failures.length) {
    lines.push(
      '',
      `${plural(failing - failures.length, 'more failing test')} without a frame: frames are built for the first ${formatCount(failures.length)}.`,
    );
  }
  const blocks = [`${lines.join('\n')}\n`];
  if (detail.snippets) {
    for (const f of rows) {
      const at = f.triggering ?? f.test;
      if (!at?.snippet?.lines.length) continue;
      blocks.push(renderSnippet(f, at));
    }
  }
  return blocks;
}

function renderSnippet(frame: FailureFrame, at: SourceLocation): string {
  const snippet = at.snippet!;
  const width = String(snippet.startLine + snippet.lines.length - 1).length;
  const code = snippet.lines
    .map((line, i) => {
      const n = snippet.startLine + i;
      return `${n === at.line ? '>' : ' '} ${String(n).padStart(width)} | ${line}`;
    })
    .join('\n');
  return `<details><summary>Source: ${htmlText(`${at.file}:${at.line}`)} (${htmlText(frame.name, 120)})</summary>\n\n${codeBlock(code)}\n</details>\n`;
}

function countsCell(c: { passed: number; total: number } | undefined): string {
  return c ? `${formatCount(c.passed)}/${formatCount(c.total)}` : '–';
}

function renderAttempts(attempts: Attempt[], detail: Detail, patchShownBelow?: string): string[] {
  const lines = [
    `### Attempts (${formatCount(attempts.length)})`,
    '',
    '| # | Files changed | Verdict | Fail-to-pass | Pass-to-pass | Tokens | Time |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const a of attempts) {
    const files = a.files.length
      ? a.files
          .slice(0, 5)
          .map((f) => tableCode(f, 80))
          .join(', ') + (a.files.length > 5 ? ` +${a.files.length - 5}` : '')
      : '–';
    const broken = a.passToPass?.broken.length
      ? ` (broke ${a.passToPass.broken
          .slice(0, 3)
          .map((t) => tableCell(t, 80))
          .join(', ')})`
      : '';
    lines.push(
      `| ${a.n} | ${files} | ${VERDICTS[a.verdict]} | ${countsCell(a.failToPass)} | ${countsCell(a.passToPass)}${broken} | ${formatTokens(a.tokens)} | ${formatDuration(a.durationMs)} |`,
    );
  }
  const blocks = [`${lines.join('\n')}\n`];
  for (const a of attempts) {
    const parts: string[] = [];
    if (detail.feedback && a.feedback.trim()) {
      const fb =
        a.feedback.length > MAX_FEEDBACK_CHARS ? `${a.feedback.slice(0, MAX_FEEDBACK_CHARS - 1)}…` : a.feedback;
      parts.push(`Feedback:\n\n${codeBlock(fb, 'text')}`);
    }
    if (detail.attemptDiffs && a.diff.trim()) {
      parts.push(a.diff === patchShownBelow ? 'Its diff is the patch shown below.\n' : codeBlock(a.diff, 'diff'));
    }
    if (!parts.length) continue;
    blocks.push(
      `<details><summary>Attempt ${a.n}: ${htmlText(VERDICTS[a.verdict])}</summary>\n\n${parts.join('\n')}\n</details>\n`,
    );
  }
  return blocks;
}

/** The accepted diff when healed; otherwise the attempt that got the most target tests passing. */
export function selectPatch(report: HealReport): { diff: string; label: string } | undefined {
  if (report.diff?.trim()) return { diff: report.diff, label: 'The fix' };
  let best: Attempt | undefined;
  for (const a of report.attempts) {
    if (!a.diff.trim()) continue;
    const score = a.failToPass ? a.failToPass.passed / Math.max(1, a.failToPass.total) : 0;
    const bestScore = best?.failToPass ? best.failToPass.passed / Math.max(1, best.failToPass.total) : -1;
    if (!best || score >= bestScore) best = a;
  }
  return best ? { diff: best.diff, label: `Best attempt (${best.n}, not applied)` } : undefined;
}

function diffStat(diff: string): { files: number; added: number; removed: number } {
  let files = 0;
  let plainFiles = 0;
  let added = 0;
  let removed = 0;
  for (const line of diff.split('\n')) {
    if (line.startsWith('diff --git ')) files++;
    else if (line.startsWith('+++ ')) plainFiles++;
    else if (line.startsWith('+')) added++;
    else if (line.startsWith('-') && !line.startsWith('--- ')) removed++;
  }
  // A plain `diff -u` has no `diff --git` headers: count its `+++` lines instead.
  return { files: files || plainFiles, added, removed };
}

function renderPatch(patch: { diff: string; label: string }, detail: Detail): string {
  const stat = diffStat(patch.diff);
  const heading = `### ${patch.label}: ${plural(stat.files, 'file')}, +${formatCount(stat.added)} −${formatCount(stat.removed)}`;
  if (!detail.patch) return `${heading}\n\nThe patch is left out here to fit the summary limit.\n`;
  return `${heading}\n\n<details><summary>Show the diff</summary>\n\n${codeBlock(patch.diff, 'diff')}\n</details>\n`;
}

function renderFlaky(flaky: string[], detail: Detail, omitted: string[]): string {
  const shown = flaky.slice(0, detail.maxListItems);
  const lines = [
    `### Flaky tests (${formatCount(flaky.length)})`,
    '',
    'Failed in the report but passed on rerun; nothing was changed for them.',
    '',
  ];
  for (const id of shown) lines.push(`- ${inlineCode(id.length > 300 ? `${id.slice(0, 299)}…` : id)}`);
  if (flaky.length > shown.length) {
    lines.push(`- …and ${formatCount(flaky.length - shown.length)} more`);
    omitted.push(`${plural(flaky.length - shown.length, 'flaky test name')}`);
  }
  return `${lines.join('\n')}\n`;
}

function renderReproduce(report: HealReport): string {
  const command = report.reproduce ?? report.testCommand;
  return `### Reproduce locally\n\n${codeBlock(command, 'sh')}`;
}

const MODE_NAMES: Record<DeliveryResult['mode'], string> = {
  commit: 'commit',
  'pull-request': 'pull request',
  patch: 'patch',
  none: 'none',
};

function renderDelivery(d: DeliveryResult): string {
  const lines = ['### Delivery', ''];
  const status = {
    delivered: 'delivered',
    'dry-run': 'dry run (nothing pushed)',
    skipped: 'skipped',
    failed: 'failed',
  }[d.status];
  lines.push(`**Mode:** ${MODE_NAMES[d.mode]} · **Status:** ${status}`, '', escapeMarkdown(d.reason), '');
  if (d.commitSha) lines.push(`- Commit: ${inlineCode(d.commitSha)}${d.branch ? ` on ${inlineCode(d.branch)}` : ''}`);
  if (d.pullRequestUrl && /^https?:\/\/[^\s()<>]+$/.test(d.pullRequestUrl)) {
    const label = d.pullRequestNumber ? `#${d.pullRequestNumber}` : 'pull request';
    lines.push(`- Pull request: [${label}](${d.pullRequestUrl})${d.pullRequestUpdated ? ' (updated)' : ''}`);
  }
  if (d.patchPath) {
    lines.push(
      `- Patch: ${inlineCode(d.patchPath)} (an action cannot upload artifacts by itself: add an \`actions/upload-artifact\` step with \`path: \${{ steps.<id>.outputs.patch-path }}\` to keep it)`,
    );
  }
  if (d.reportPath) lines.push(`- Report: ${inlineCode(d.reportPath)}`);
  if (d.ciRerun) lines.push(`- CI: ${escapeMarkdown(d.ciRerun)}`);
  let text = `${lines.join('\n').trimEnd()}\n`;
  if (d.log.length) {
    const steps = d.log.slice(0, 50).map((l) => `- ${escapeMarkdown(l.length > 500 ? `${l.slice(0, 499)}…` : l)}`);
    text += `\n<details><summary>Delivery steps</summary>\n\n${steps.join('\n')}\n\n</details>\n`;
  }
  return text;
}

export interface NoticeSummary {
  kind: 'skipped' | 'refused' | 'error';
  /** One sentence: why nothing was healed. */
  reason: string;
  /** Further lines (one per bad input, the next step to take). */
  details?: string[];
  runUrl?: string;
}

const NOTICE_TITLES: Record<NoticeSummary['kind'], string> = {
  skipped: '⏭️ self-heal: skipped',
  refused: '⛔ self-heal: refused',
  error: '❌ self-heal: could not run',
};

/** The summary when self-heal stopped before healing: a guard, a refusal, bad inputs or a crash. */
export function renderNoticeSummary(notice: NoticeSummary): string {
  const lines = [`## ${NOTICE_TITLES[notice.kind]}: ${escapeMarkdown(notice.reason.slice(0, MAX_REASON_CHARS))}`, ''];
  for (const d of (notice.details ?? []).slice(0, 50)) lines.push(`- ${escapeMarkdown(d.slice(0, 1_000))}`);
  if (notice.runUrl) lines.push('', `<sub>[workflow run](${notice.runUrl}) · self-heal</sub>`);
  return `${lines.join('\n').trimEnd()}\n`;
}

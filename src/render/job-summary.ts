/**
 * The job summary a reviewer reads in seconds, healed or not: first the story in one paragraph
 * (what failed, what was changed, how it was verified), told from the report's fields, then the
 * failures grouped by the line they fail at (one source window per line, however many tests), the
 * attempts, the patch.
 *
 * GitHub drops a step summary larger than 1 MiB whole, so the document is built from atomic blocks
 * (a code fence never spans two blocks) and rendered at decreasing levels of detail until it fits:
 * first the final patch goes (it is in the commit, pull request or patch file anyway), then the
 * per-attempt diffs, the source windows, the attempt feedback and explanations, then failure rows.
 * Only when even the leanest rendering is too big are whole trailing blocks dropped. Whatever is
 * left out is named at the end. Every untrusted string (test names, messages, paths, model text, diffs) is escaped.
 */
import { renderCiRounds } from '../ci-verify/rounds-summary.js';
import type { FailureFrame, SourceLocation } from '../contracts/failure-frame.js';
import type {
  Attempt,
  AttemptTimings,
  CodeSite,
  HealReport,
  HealResult,
  HealTimings,
  SpecialCaseEvidence,
  WrittenOutside,
} from '../contracts/heal-report.js';
import type { DeliveryMode, DeliveryResult } from '../delivery/delivery-result.js';
import { codeBlock, escapeMarkdown, inlineCode, tableCell } from '../text/markdown.js';
import { blobUrl, formatCount, formatDuration, formatTokens, htmlText, plural, tableCode } from '../text/format.js';
import { oneLine } from '../text/untrusted-text.js';
import { BUILTIN_CAUTION } from '../repair/builtin/caution.js';
import { describeBuildFailure } from '../reports/tool-diagnostic.js';
import { renderDiagnosticsTable } from './diagnostics-summary.js';
import { renderEnvironment, renderReproduction, reproductionSentence, reproductionTitle } from './reproduction.js';

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
  unverified: '⚠️ self-heal: not verified on CI',
};

/** Labels of the verdicts we know; any other verdict (a newer loop's) is shown by its name. */
const VERDICTS: Partial<Record<string, string>> = {
  accepted: '✅ accepted',
  'targets-failed': '❌ tests still fail',
  'not-run': '⏸️ failing tests did not run',
  'broke-passing': '❌ broke passing tests',
  duplicate: '↩️ duplicate of an earlier attempt',
  'rejected-edits': '⛔ edits refused',
  'no-edits': '∅ no edits proposed',
  'provider-error': '❌ provider error',
  timeout: '⏱️ test run timed out',
  'special-cased': '🚩 special-cases the tests',
  unverified: '⚠️ CI gave no verdict',
  flaky: '🎲 passed and failed: flaky',
};

const SPECIAL_CASE_RULES: Record<SpecialCaseEvidence['rule'], string> = {
  'input-condition': 'compares with the test input at',
  'expected-value': 'returns or assigns the value expected at',
  'test-identity': 'recognises the test run; the test is at',
  'encoded-cases': 'encodes a table holding the test case at',
  'table-rebind': 'rebinds an existing function to a wrapper that answers from a table',
  'environment-data': 'stands in for the missing environment with the value expected at',
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
    omitted: ['the patch', 'per-attempt diffs', 'source windows', 'attempt feedback and explanations'],
  },
  {
    patch: false,
    attemptDiffs: false,
    snippets: false,
    feedback: false,
    maxFailureRows: 20,
    maxListItems: 20,
    omitted: ['the patch', 'per-attempt diffs', 'source windows', 'attempt feedback and explanations'],
  },
];

const MAX_FEEDBACK_CHARS = 4_000;
const MAX_REASON_CHARS = 1_000;
/** The provider's explanation in the story: its first paragraph, at most this long. */
const MAX_EXPLANATION_CHARS = 300;

function verdictLabel(verdict: string): string {
  return VERDICTS[verdict] ?? `⛔ ${verdict}`;
}

/** The provider's own account of an attempt (chat models' replies, an agent's notes), when it gave one. */
function providerNotes(attempt: Attempt): string | undefined {
  const notes = attempt.detail?.notes;
  return typeof notes === 'string' && notes.trim() ? notes.trim() : undefined;
}

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
  blocks.push(renderHeadline(report, context));
  blocks.push(renderFacts(report));
  if (report.diagnostics?.length) blocks.push(renderDiagnosticsTable(report.diagnostics, context));
  const environment = renderEnvironment(report.reproduction, detail.maxListItems);
  if (environment) blocks.push(environment);
  if (report.failures.length) blocks.push(...renderFailures(report, context, detail, omitted));
  const patch = selectPatch(report);
  // The attempt whose diff is the patch shown below does not repeat it.
  const shownBelow = detail.patch ? patch?.diff : undefined;
  if (report.attempts.length)
    blocks.push(...renderAttempts(report.attempts, detail, shownBelow, report.timings?.attempts));
  const ciRounds = renderCiRounds(report);
  if (ciRounds) blocks.push(ciRounds);
  if (patch) blocks.push(renderPatch(patch, detail));
  const reproduced = report.reproduction && renderReproduction(report.reproduction, detail.maxListItems, omitted);
  if (reproduced) blocks.push(reproduced);
  else if (report.flaky.length) blocks.push(renderFlaky(report.flaky, detail, omitted));
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

/** The title, then the story in one paragraph, the provider's explanation of the fix, and why it stopped. */
function renderHeadline(report: HealReport, context: SummaryContext): string {
  const title = reproductionTitle(report) ?? RESULT_TITLES[report.result];
  const parts = [`## ${title}`, '', renderStory(report, context)];
  const accepted = acceptedAttempt(report);
  const notes = accepted && providerNotes(accepted);
  if (notes) parts.push('', `> **The provider's explanation:** ${escapeMarkdown(firstParagraph(notes))}`);
  if (!STORY_TELLS_WHY.has(report.result)) {
    const reason =
      report.reason.length > MAX_REASON_CHARS ? `${report.reason.slice(0, MAX_REASON_CHARS - 1)}…` : report.reason;
    parts.push('', `**Why:** ${escapeMarkdown(reason)}`);
  }
  return `${parts.join('\n')}\n`;
}

/**
 * Results whose story the report's fields tell completely; for the others (a configuration error,
 * a provider error, a budget, a refusal) the reason is the only account of why the run stopped.
 */
const STORY_TELLS_WHY: ReadonlySet<string> = new Set<HealResult>([
  'healed',
  'unhealed',
  'not-reproduced',
  'nothing-to-heal',
]);

function acceptedAttempt(report: HealReport): Attempt | undefined {
  return report.result === 'healed' ? report.attempts.findLast((a) => a.verdict === 'accepted') : undefined;
}

function firstParagraph(text: string): string {
  const first = text
    .split(/\n\s*\n/)[0]!
    .replace(/\s+/g, ' ')
    .trim();
  return first.length > MAX_EXPLANATION_CHARS ? `${first.slice(0, MAX_EXPLANATION_CHARS - 1)}…` : first;
}

/** What failed, what was changed, how it was verified: one paragraph from the report's fields. */
function renderStory(report: HealReport, context: SummaryContext): string {
  const s = report.summary;
  const failing = Math.max(report.failures.length, s.failed + s.errored);
  const healed = report.result === 'healed';
  const build = describeBuildFailure(report.diagnostics ?? []);
  if (failing === 0 && !report.attempts.length && build) {
    const when = s.total ? 'The build failed' : 'The build failed before the tests ran';
    return `**${when}:** ${escapeMarkdown(build)}. **Nothing was changed.**`;
  }
  if (failing === 0 && !report.attempts.length) {
    return s.total ? `**${plural(s.total, 'test')} ran** and none failed.` : '**No test result** was read.';
  }
  const sentences = [`${whatFailed(report, failing, healed, context)}.`];
  const accepted = acceptedAttempt(report);
  if (accepted) {
    const stat = report.diff ? diffStat(report.diff) : undefined;
    sentences.push(
      `**Attempt ${accepted.n} changed** ${listFiles(accepted.files)}${stat ? ` (+${formatCount(stat.added)} −${formatCount(stat.removed)})` : ''}.`,
      `**Verified** by rerunning the tests: ${verification(accepted)}.`,
    );
    if (report.provider.name === 'builtin') sentences.push(BUILTIN_CAUTION);
    return sentences.join(' ');
  }
  const reproduction = reproductionSentence(report);
  if (reproduction) {
    sentences.push(reproduction);
  } else if (report.result === 'not-reproduced' && report.flaky.length) {
    const who = report.flaky.length >= failing ? 'They' : `${formatCount(report.flaky.length)} of them`;
    sentences.push(`${who} **passed when rerun**: flaky, or dependent on the environment.`);
  } else if (report.attempts.length) {
    const best = closestAttempt(report.attempts);
    const closest = best ? `; the closest, attempt ${best.n}, ${describeOutcome(best)}` : '';
    sentences.push(`**${plural(report.attempts.length, 'attempt')}**, none accepted${closest}.`);
  } else if (!healed) {
    sentences.push('**No attempt** was made.');
  }
  sentences.push(healed ? '' : '**Nothing was changed.**');
  return sentences.filter(Boolean).join(' ');
}

/** `5 tests failed with `KeyError` at file:line`, or `in 3 places`. */
function whatFailed(report: HealReport, failing: number, healed: boolean, context: SummaryContext): string {
  const groups = groupFailures(report.failures);
  const types = [...new Set(report.failures.map((f) => f.exceptionType).filter((t): t is string => !!t))];
  const type =
    types.length === 1 && report.failures.length === failing ? ` with ${inlineCode(oneLine(types[0]!, 80))}` : '';
  const where =
    groups.length === 1 && groups[0]!.at && groups[0]!.frames.length === failing
      ? ` at ${locationCell(groups[0]!.at, context)}`
      : groups.length > 1
        ? ` in ${plural(groups.length, 'place')}`
        : '';
  return `**${plural(failing, 'test')} ${healed ? 'failed' : failing === 1 ? 'fails' : 'fail'}**${type}${where}`;
}

function verification(accepted: Attempt): string {
  const f2p = accepted.failToPass;
  const p2p = accepted.passToPass;
  const fixed = f2p
    ? f2p.total === 1
      ? 'the failing test passes'
      : `all ${formatCount(f2p.total)} failing tests pass`
    : 'the failing tests pass';
  if (!p2p) return fixed;
  if (p2p.total === 0) return `${fixed}, and no other test ran`;
  return `${fixed}, and ${p2p.total === 1 ? 'the test that passed before still passes' : `all ${formatCount(p2p.total)} that passed before still pass`}`;
}

function listFiles(files: string[]): string {
  if (!files.length) return 'nothing';
  const shown = files.slice(0, 3).map((f) => inlineCode(oneLine(f, 120)));
  return files.length > 3 ? `${shown.join(', ')} and ${plural(files.length - 3, 'more file')}` : shown.join(', ');
}

/** How far a rejected attempt got, from its counts (any verdict, including ones this file does not know). */
function describeOutcome(a: Attempt): string {
  const f2p = a.failToPass!;
  const made = `made ${formatCount(f2p.passed)} of ${formatCount(f2p.total)} pass`;
  const broken = a.passToPass?.broken.length ?? 0;
  if (broken) return `${made} but broke ${plural(broken, 'passing test')}`;
  if (a.verdict === 'special-cased') return `${made} only by special-casing the tests`;
  if (f2p.passed === f2p.total) return `${made} but was not accepted (${escapeMarkdown(a.verdict)})`;
  return made;
}

/** The attempt that got the most failing tests passing (the later one on a tie). */
function closestAttempt(attempts: Attempt[]): Attempt | undefined {
  let best: Attempt | undefined;
  for (const a of attempts) {
    if (!a.failToPass?.total) continue;
    const score = a.failToPass.passed / a.failToPass.total;
    if (!best || score >= best.failToPass!.passed / best.failToPass!.total) best = a;
  }
  return best && best.failToPass!.passed > 0 ? best : undefined;
}

function renderFacts(report: HealReport): string {
  const s = report.summary;
  const provider = report.provider.model ? `${report.provider.name} (${report.provider.model})` : report.provider.name;
  const parts = [
    `**Tests:** ${formatCount(s.total)} run, ${formatCount(s.failed)} failed, ${formatCount(s.errored)} errored, ${formatCount(s.skipped)} skipped`,
    `**Attempts:** ${formatCount(report.attempts.length)}`,
    `**Provider:** ${escapeMarkdown(provider)}`,
    `**Tokens:** ${formatTokens(report.tokens)}`,
    `**Time:** ${formatDuration(report.durationMs)}${baselineSplit(report.timings)}`,
  ];
  // `auto` fell back: one line saying from what and why (without a claim when the run stopped first).
  const made = report.attempts.length ? 'made' : 'would have made';
  const fallback = report.provider.fallbackFrom
    ? `\n**Provider fallback:** ${escapeMarkdown(report.provider.fallbackFrom)} was not available (${escapeMarkdown(oneLine(report.provider.reason ?? 'no reason given', MAX_REASON_CHARS))}); the ${escapeMarkdown(report.provider.name)} provider ${made} the attempts.\n`
    : '';
  return `${parts.join(' · ')}\n${fallback}`;
}

/** " (baseline run 4.0 s, confirmation 1.0 s)", or nothing when the report has no baseline timings. */
function baselineSplit(timings: HealTimings | undefined): string {
  if (!timings) return '';
  const parts: string[] = [];
  if (timings.baselineMs !== undefined) parts.push(`baseline run ${formatDuration(timings.baselineMs)}`);
  if (timings.confirmationMs !== undefined) parts.push(`confirmation ${formatDuration(timings.confirmationMs)}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** "Time: 3.1 s — provider 1.9 s · targeted rerun 0.6 s · full run 0.5 s · self-heal 0.1 s". */
function attemptSplit(a: Attempt, t: AttemptTimings): string {
  const parts = [`provider ${formatDuration(t.providerMs)}`];
  if (t.targetedRerunMs !== undefined) parts.push(`targeted rerun ${formatDuration(t.targetedRerunMs)}`);
  if (t.ciWaitMs !== undefined) parts.push(`CI round ${formatDuration(t.ciWaitMs)}`);
  else if (t.fullRunMs !== undefined) parts.push(`full run ${formatDuration(t.fullRunMs)}`);
  parts.push(`self-heal ${formatDuration(t.selfHealMs)}`);
  return `Time: ${formatDuration(a.durationMs)} — ${parts.join(' · ')}\n`;
}

function locationCell(at: SourceLocation | null, context: SummaryContext): string {
  if (!at) return '';
  // Frames are relative to the repository root, as blob URLs are.
  const label = escapeMarkdown(`${at.file}:${at.line}`);
  const url = blobUrl(context.repoUrl, context.sha, at.file, at.line);
  return url ? `[${label}](${url})` : label;
}

/** Failures that fail at the same line (parametrised tests, one bug hit by many tests), in report order. */
interface FailureGroup {
  at: SourceLocation | null;
  frames: FailureFrame[];
}

function groupFailures(failures: FailureFrame[]): FailureGroup[] {
  const groups: FailureGroup[] = [];
  const byLocation = new Map<string, FailureGroup>();
  for (const f of failures) {
    const at = f.triggering ?? f.test;
    const key = at ? `${at.file}\n${at.line}` : undefined;
    const known = key === undefined ? undefined : byLocation.get(key);
    if (known) {
      known.frames.push(f);
      continue;
    }
    const group = { at, frames: [f] };
    groups.push(group);
    if (key !== undefined) byLocation.set(key, group);
  }
  return groups;
}

function distinct(values: string[]): string[] {
  return [...new Set(values)];
}

function renderFailures(report: HealReport, context: SummaryContext, detail: Detail, omitted: string[]): string[] {
  const failures = report.failures;
  const groups = groupFailures(failures);
  const rows = groups.slice(0, detail.maxFailureRows);
  // Frames are built for the first failures only (build-frames.ts): the heading counts every
  // failing test the reports counted, and the rest are said, not silently missing.
  const failing = Math.max(failures.length, report.summary.failed + report.summary.errored);
  const lines = [
    `### Failures (${formatCount(failing)})`,
    '',
    '| Location | Tests | Exception | Message | Expression |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const g of rows) {
    const first = g.frames[0]!;
    const tests =
      g.frames.length === 1
        ? tableCell(first.name)
        : `**${plural(g.frames.length, 'test')}**: ${g.frames
            .slice(0, 3)
            .map((f) => tableCell(f.name, 80))
            .join(', ')}${g.frames.length > 3 ? ', …' : ''}`;
    const types = distinct(g.frames.map((f) => f.exceptionType ?? f.kind));
    const messages = distinct(g.frames.map((f) => f.message));
    const others = messages.length > 1 ? ` (${plural(messages.length - 1, 'other message')})` : '';
    lines.push(
      `| ${locationCell(g.at, context)} | ${tests} | ${types
        .slice(0, 3)
        .map((t) => tableCode(t, 80))
        .join(
          ', ',
        )}${types.length > 3 ? ', …' : ''} | ${tableCell(first.message, 300)}${others} | ${tableCode(g.at?.expression ?? '')} |`,
    );
  }
  const listed = rows.reduce((n, g) => n + g.frames.length, 0);
  if (failures.length > listed) {
    const rest = failures.length - listed;
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
  for (const g of rows) {
    const snippet = detail.snippets && g.at?.snippet?.lines.length ? g.at : undefined;
    // A group's test names stay even when source windows are left out: they are short.
    if (snippet || g.frames.length > 1) blocks.push(renderGroup(g, snippet, detail, omitted));
  }
  return blocks;
}

/** One source window for every test that fails at its line, the tests listed under it. */
function renderGroup(g: FailureGroup, at: SourceLocation | undefined, detail: Detail, omitted: string[]): string {
  const where = g.at ? htmlText(`${g.at.file}:${g.at.line}`) : 'no location';
  const summary =
    g.frames.length === 1
      ? `Source: ${where} (${htmlText(g.frames[0]!.name, 120)})`
      : `${at ? 'Source: ' : ''}${where} · ${plural(g.frames.length, 'test')} fail here`;
  const parts = [`<details><summary>${summary}</summary>\n`];
  if (at) parts.push(renderSnippet(at));
  if (g.frames.length > 1) {
    const shown = g.frames.slice(0, detail.maxListItems);
    const items = shown.map(
      (f) => `- ${inlineCode(oneLine(f.name, 200))}: ${tableCell(f.message.split('\n')[0] ?? '', 200)}`,
    );
    if (g.frames.length > shown.length) {
      items.push(`- …and ${formatCount(g.frames.length - shown.length)} more`);
      omitted.push(`${plural(g.frames.length - shown.length, 'test name')}`);
    }
    parts.push(`${items.join('\n')}\n`);
  }
  return `${parts.join('\n')}\n</details>\n`;
}

function renderSnippet(at: SourceLocation): string {
  const snippet = at.snippet!;
  const width = String(snippet.startLine + snippet.lines.length - 1).length;
  const code = snippet.lines
    .map((line, i) => {
      const n = snippet.startLine + i;
      return `${n === at.line ? '>' : ' '} ${String(n).padStart(width)} | ${line}`;
    })
    .join('\n');
  return codeBlock(code);
}

function countsCell(c: { passed: number; total: number } | undefined): string {
  return c ? `${formatCount(c.passed)}/${formatCount(c.total)}` : '–';
}

function renderAttempts(
  attempts: Attempt[],
  detail: Detail,
  patchShownBelow?: string,
  timings?: readonly AttemptTimings[],
): string[] {
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
      `| ${a.n} | ${files} | ${escapeMarkdown(verdictLabel(a.verdict))} | ${countsCell(a.failToPass)} | ${countsCell(a.passToPass)}${broken} | ${formatTokens(a.tokens)} | ${formatDuration(a.durationMs)} |`,
    );
  }
  const blocks = [`${lines.join('\n')}\n`];
  for (const a of attempts) {
    const parts: string[] = [];
    // Where the attempt's time went: a line of numbers, kept at every level of detail.
    const split = timings?.find((t) => t.n === a.n);
    if (split) parts.push(attemptSplit(a, split));
    const notes = providerNotes(a);
    // A provider that proposed nothing has its notes quoted in the feedback already.
    if (detail.feedback && notes && !a.feedback.includes(notes)) {
      const text = notes.length > MAX_FEEDBACK_CHARS ? `${notes.slice(0, MAX_FEEDBACK_CHARS - 1)}…` : notes;
      parts.push(`The provider's explanation:\n\n${codeBlock(text, 'text')}`);
    }
    if (detail.feedback && a.feedback.trim()) {
      const fb =
        a.feedback.length > MAX_FEEDBACK_CHARS ? `${a.feedback.slice(0, MAX_FEEDBACK_CHARS - 1)}…` : a.feedback;
      parts.push(`Feedback:\n\n${codeBlock(fb, 'text')}`);
    }
    if (detail.feedback && a.specialCases?.length) parts.push(renderSpecialCases(a.specialCases));
    // What the candidate's code did outside the tree: kept at every level of detail.
    if (a.writtenOutside && (a.writtenOutside.total > 0 || a.writtenOutside.truncated))
      parts.push(renderWrittenOutside(a.writtenOutside));
    // Tests it broke may have needed a withheld variable: kept at every level of detail.
    if (a.withheldEnv?.length) parts.push(renderWithheldEnv(a.withheldEnv));
    if (detail.attemptDiffs && a.diff.trim()) {
      parts.push(a.diff === patchShownBelow ? 'Its diff is the patch shown below.\n' : codeBlock(a.diff, 'diff'));
    }
    if (!parts.length) continue;
    blocks.push(
      `<details><summary>Attempt ${a.n}: ${htmlText(verdictLabel(a.verdict))}</summary>\n\n${parts.join('\n')}\n</details>\n`,
    );
  }
  return blocks;
}

function siteText(site: CodeSite): string {
  return `${inlineCode(oneLine(`${site.file}:${site.line}`, 120))} ${inlineCode(oneLine(site.text, 120))}`;
}

/** The special-casing check's evidence: each literal, the patch line, the test line it came from. */
function renderSpecialCases(evidence: readonly SpecialCaseEvidence[]): string {
  const items = evidence.map((e) => {
    const data = e.dataReadBy ? ` (test data read by ${inlineCode(oneLine(e.dataReadBy, 120))})` : '';
    const why = e.test
      ? `${SPECIAL_CASE_RULES[e.rule]} ${siteText(e.test)}${data}`
      : e.rule === 'table-rebind'
        ? SPECIAL_CASE_RULES[e.rule]
        : 'recognises the test run';
    return `- ${inlineCode(oneLine(e.literal, 80))} at ${siteText(e.patch)} ${why}`;
  });
  return `Special-casing evidence:\n\n${items.join('\n')}\n`;
}

/** Variables withheld from an attempt whose full run broke tests that passed, and how to pass them. */
export function renderWithheldEnv(names: readonly string[]): string {
  const shown = names.slice(0, 20).map((n) => inlineCode(oneLine(n, 100)));
  const more = names.length > 20 ? `, and ${names.length - 20} more` : '';
  const example = oneLine(names[0]!, 100);
  return `Its test runs did not get ${plural(names.length, 'variable')} that look like credentials: ${shown.join(', ')}${more}. If the tests that broke need one, pass it to the test runs: ${inlineCode(`pass-env: ${example}`)} (action input) or ${inlineCode(`--pass-env ${example}`)} (CLI).\n`;
}

/** Paths listed per attempt in the summary (the report's JSON keeps up to 50). */
const MAX_OUTSIDE_SHOWN = 10;

/** What an attempt's test runs wrote outside the work tree: contained and discarded, or only seen. */
export function renderWrittenOutside(w: WrittenOutside): string {
  if (w.total === 0 && w.truncated)
    return `What its test runs wrote outside the work tree is not known: a run was killed before it was listed${w.mode === 'sandbox' ? ' (it was discarded all the same)' : ''}.\n`;
  const count = `${w.truncated ? 'at least ' : ''}${plural(w.total, 'path')}`;
  const head =
    w.mode === 'sandbox'
      ? `Its test runs wrote ${count} outside the work tree, in layers that were discarded:`
      : `While its test runs ran, ${count} changed outside the work tree (not contained: nothing was undone, and another process's writes may be among them):`;
  const items = w.paths.slice(0, MAX_OUTSIDE_SHOWN).map((p) => `- ${inlineCode(oneLine(p, 200))}`);
  const more = w.total - items.length;
  if (more > 0) items.push(`- and ${w.truncated ? 'at least ' : ''}${formatCount(more)} more`);
  return `${head}\n\n${items.join('\n')}\n`;
}

/** The accepted diff when healed; otherwise the attempt that got the most target tests passing. */
export function selectPatch(report: HealReport): { diff: string; label: string } | undefined {
  if (report.diff?.trim()) return { diff: report.diff, label: 'The fix' };
  let best: Attempt | undefined;
  for (const a of report.attempts) {
    // A special-cased attempt passes the tests without fixing the code: never offered as the best.
    // A duplicate carries the diff of the earlier attempt it repeats, which is judged as itself.
    if (!a.diff.trim() || a.verdict === 'special-cased' || a.verdict === 'duplicate') continue;
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

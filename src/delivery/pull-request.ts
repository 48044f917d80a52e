/**
 * The draft pull request of `pull-request` mode: a deterministic head branch (`self-heal/<branch>`),
 * found again by head branch and a hidden marker in the body so a second run updates it instead of
 * opening another, and a body that carries the evidence within the API's 65,536-character limit.
 */
import type { HealReport } from '../contracts/heal-report.js';
import { breakReferences, codeBlock, escapeMarkdown, inlineCode, tableCell } from '../text/markdown.js';
import { blobUrl, formatCount, formatDuration, formatTokens, plural, tableCode } from '../text/format.js';
import type { GitHubApi, PullRequestInfo } from './github-api.js';
import type { ChangedPath } from './fix-commit.js';
import { acceptedAttempt } from './commit-message.js';
import { BUILTIN_CAUTION } from '../repair/builtin/caution.js';

/** GitHub's limit on a pull request body, in characters. */
export const PULL_REQUEST_BODY_LIMIT = 65_536;

export function pullRequestBranch(branch: string): string {
  return `self-heal/${branch}`;
}

/** The hidden marker that identifies our pull request for a base branch (encoded: `-->` cannot end it early). */
export function pullRequestMarker(base: string): string {
  return `<!-- self-heal:pull-request base=${encodeURIComponent(base)} -->`;
}

export interface PullRequestBodyContext {
  base: string;
  repoUrl?: string;
  /** The fix commit (file links point at it). */
  sha?: string;
  runUrl?: string;
  changed: ChangedPath[];
  /** The tested commit's sha, for the "based on" line. */
  parent?: string;
  ciRerun?: string;
  maxChars?: number;
}

export function pullRequestTitle(report: HealReport, base: string): string {
  const n = report.failures.length;
  // A name like `#123 handles empty carts` must not make the title (a squash commit's subject) close #123.
  const what =
    n === 1 ? breakReferences(report.failures[0]!.name.replace(/\s+/g, ' ').slice(0, 120)) : `${n} failing tests`;
  return `self-heal: fix ${what} on ${base}`;
}

export function renderPullRequestBody(report: HealReport, context: PullRequestBodyContext): string {
  const max = context.maxChars ?? PULL_REQUEST_BODY_LIMIT;
  for (const rows of [50, 10, 0]) {
    const blocks = bodyBlocks(report, context, rows);
    const text = blocks.join('\n');
    if (text.length <= max) return text;
  }
  // Pathological sizes: keep whole leading blocks (the marker and the evidence come first).
  const blocks = bodyBlocks(report, context, 0);
  const note = '\n_Further sections were left out to fit the pull request size limit; see the workflow run._\n';
  const kept: string[] = [];
  let size = note.length;
  for (const b of blocks) {
    if (size + b.length + 1 > max) break;
    kept.push(b);
    size += b.length + 1;
  }
  return kept.join('\n') + note;
}

function bodyBlocks(report: HealReport, context: PullRequestBodyContext, maxRows: number): string[] {
  const accepted = acceptedAttempt(report);
  const f2p = accepted?.failToPass;
  const p2p = accepted?.passToPass;
  const blocks: string[] = [pullRequestMarker(context.base)];
  blocks.push(
    `## self-heal fixed ${plural(report.failures.length, 'failing test')} on ${inlineCode(context.base)}\n\n` +
      `This is a draft: review the change before merging. The evidence below comes from running the real test command (${inlineCode(report.testCommand.slice(0, 300))}), not from a model's opinion.\n` +
      (report.provider.name === 'builtin' ? `\n${BUILTIN_CAUTION}\n` : ''),
  );
  const evidence = [
    `- **Fail-to-pass:** ${f2p ? `${formatCount(f2p.passed)}/${formatCount(f2p.total)} previously failing tests now pass` : 'all previously failing tests now pass'}`,
    `- **Pass-to-pass:** ${p2p ? `${formatCount(p2p.passed)}/${formatCount(p2p.total)} previously passing tests still pass` : 'the full suite passes'}`,
    `- **No test file was changed:** checked on this pull request's diff, which touches only ${context.changed
      .slice(0, 20)
      .map((c) => inlineCode(c.path))
      .join(', ')}${context.changed.length > 20 ? ` and ${context.changed.length - 20} more` : ''}`,
    `- **Attempts:** ${formatCount(report.attempts.length)} · provider ${escapeMarkdown(report.provider.model ? `${report.provider.name} (${report.provider.model})` : report.provider.name)} · tokens ${formatTokens(report.tokens)} · ${formatDuration(report.durationMs)}`,
  ];
  if (context.parent) evidence.push(`- **Based on:** ${inlineCode(context.parent)}, the commit the failed run tested`);
  const ci = accepted?.ci;
  if (ci) {
    const run =
      ci.url && /^https?:\/\/[^\s()<>[\]]+$/.test(ci.url) ? `[run ${ci.runId}](${ci.url})` : `run ${ci.runId}`;
    const green = ci.shards.filter((j) => j.conclusion === 'success').length;
    evidence.push(
      `- **Verified on CI:** ${run}, ${escapeMarkdown(ci.conclusion)}, ${green}/${ci.shards.length} jobs green, on ${inlineCode(ci.sha.slice(0, 12))} (this change, on the same commit)`,
    );
  }
  blocks.push(`### Evidence\n\n${evidence.join('\n')}\n`);

  if (maxRows > 0 && report.failures.length) {
    const lines = ['### Fixed tests', '', '| Test | Location | Exception | Message |', '| --- | --- | --- | --- |'];
    for (const f of report.failures.slice(0, maxRows)) {
      const at = f.triggering ?? f.test;
      const label = at ? escapeMarkdown(`${at.file}:${at.line}`) : '';
      const url = at ? blobUrl(context.repoUrl, context.parent, at.file, at.line) : undefined;
      lines.push(
        `| ${tableCell(f.name)} | ${url ? `[${label}](${url})` : label} | ${tableCode(f.exceptionType ?? f.kind, 80)} | ${tableCell(f.message, 200)} |`,
      );
    }
    if (report.failures.length > maxRows) lines.push('', `…and ${formatCount(report.failures.length - maxRows)} more.`);
    blocks.push(`${lines.join('\n')}\n`);
  } else if (report.failures.length) {
    blocks.push(
      `### Fixed tests\n\n${report.failures
        .slice(0, 20)
        .map((f) => `- ${inlineCode(f.id.slice(0, 200))}`)
        .join(
          '\n',
        )}${report.failures.length > 20 ? `\n- …and ${formatCount(report.failures.length - 20)} more` : ''}\n`,
    );
  }
  if (maxRows > 0 && report.reproduce)
    blocks.push(`### Reproduce locally\n\n${codeBlock(report.reproduce.slice(0, 2_000), 'sh')}`);
  const footer: string[] = [];
  if (context.ciRerun) footer.push(escapeMarkdown(context.ciRerun));
  if (context.runUrl) footer.push(`Opened by self-heal in [this workflow run](${context.runUrl}).`);
  if (footer.length) blocks.push(`---\n\n${footer.join('\n\n')}\n`);
  return blocks;
}

export interface UpsertInput {
  owner: string;
  base: string;
  head: string;
  title: string;
  body: string;
}

export interface UpsertResult {
  pull: PullRequestInfo;
  updated: boolean;
}

/** Update our open pull request for this base (found by head branch and marker), or open a draft. */
export async function openOrUpdatePullRequest(api: GitHubApi, input: UpsertInput): Promise<UpsertResult> {
  const marker = pullRequestMarker(input.base);
  const open = await api.listOpenPullRequests(input.owner, input.head, input.base);
  const ours = open.find((p) => p.body.includes(marker));
  if (ours) {
    const pull = await api.updatePullRequest(ours.number, { title: input.title, body: input.body });
    return { pull, updated: true };
  }
  if (open.length) {
    throw new Error(
      `pull request #${open[0]!.number} from ${input.head} is open but has no self-heal marker (edited by hand?): not touching it; close it or remove the branch`,
    );
  }
  const pull = await api.createPullRequest({
    title: input.title,
    body: input.body,
    head: input.head,
    base: input.base,
    draft: true,
  });
  return { pull, updated: false };
}

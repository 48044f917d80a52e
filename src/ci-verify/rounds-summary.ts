/**
 * The CI runs of verify: ci, for the job summary and the pull request: one row per round with its
 * run link, conclusion, shards and what broke. Everything in a row came from the API or the tests:
 * escaped, bounded, and a link only when it is a plain http(s) URL.
 */
import type { Attempt, HealReport } from '../contracts/heal-report.js';
import { formatDuration } from '../text/format.js';
import { escapeMarkdown, tableCell } from '../text/markdown.js';

const MAX_BROKE_LISTED = 5;
const SAFE_URL = /^https?:\/\/[^\s()<>[\]"'`]+$/;

function runCell(ci: NonNullable<Attempt['ci']>): string {
  const label = ci.runId !== undefined ? `run ${ci.runId}` : 'no run';
  return ci.url && SAFE_URL.test(ci.url) ? `[${label}](${ci.url})` : label;
}

function shardsCell(ci: NonNullable<Attempt['ci']>): string {
  if (!ci.shards.length) return '—';
  const failed = ci.shards.filter((s) => s.conclusion !== 'success');
  const head = `${ci.shards.length - failed.length}/${ci.shards.length} green`;
  if (!failed.length) return head;
  return `${head}; ${failed.map((s) => tableCell(`${s.name}: ${s.conclusion}`, 80)).join(', ')}`;
}

function brokeCell(ci: NonNullable<Attempt['ci']>): string {
  if (ci.unverified) return tableCell(`no verdict: ${ci.unverified}`, 300);
  if (!ci.broke.length) return '—';
  const shown = ci.broke.slice(0, MAX_BROKE_LISTED).map((id) => tableCell(id, 120));
  if (ci.broke.length > shown.length) shown.push(`…and ${ci.broke.length - shown.length} more`);
  return shown.join(', ');
}

/** The "CI runs" block, or undefined when no attempt went to CI. */
export function renderCiRounds(report: Pick<HealReport, 'attempts' | 'verify'>): string | undefined {
  const rounds = report.attempts.filter((a) => a.ci);
  if (!rounds.length) return undefined;
  const lines = [`### CI runs (${rounds.length})`, ''];
  if (report.verify) lines.push(`**Verified on:** ${report.verify.mode} — ${escapeMarkdown(report.verify.reason)}`, '');
  lines.push('| Attempt | Run | Conclusion | Shards | What broke | Wait |', '|---|---|---|---|---|---|');
  for (const a of rounds) {
    const ci = a.ci!;
    lines.push(
      `| ${a.n} | ${runCell(ci)} | ${tableCell(ci.conclusion, 40)} | ${shardsCell(ci)} | ${brokeCell(ci)} | ${formatDuration(ci.waitMs)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

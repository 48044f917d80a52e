/**
 * The job summary's part for a build that failed before or beside its tests: one table row per
 * diagnostic frame (where, tool, code, message), errors first, bounded; the rest counted.
 */
import type { DiagnosticFrame } from '../contracts/failure-frame.js';
import { tableCell } from '../text/markdown.js';
import { blobUrl, formatCount, tableCode } from '../text/format.js';
import { firstLine } from '../frames/prune-message.js';

/** Rows shown; the job summary's byte budget applies on top. */
export const MAX_DIAGNOSTIC_ROWS = 50;

export function renderDiagnosticsTable(
  diagnostics: readonly DiagnosticFrame[],
  context: { repoUrl?: string; sha?: string },
  max = MAX_DIAGNOSTIC_ROWS,
): string {
  const ordered = [...diagnostics].sort((a, b) => Number(b.fails) - Number(a.fails));
  const rows = ordered.slice(0, max).map((d) => {
    const label = tableCell(d.line ? `${d.file}:${d.line}` : d.file);
    const url = blobUrl(context.repoUrl, context.sha, d.file, d.line);
    const where = url ? `[${label}](${url})` : label;
    const severity = d.fails ? '' : ` (${d.severity})`;
    return `| ${where} | ${tableCell(d.tool)}${severity} | ${d.code ? tableCode(d.code, 60) : ''} | ${tableCell(firstLine(d.message))} |`;
  });
  const lines = [
    '### What failed the build',
    '',
    '| Where | Tool | Code | Message |',
    '| --- | --- | --- | --- |',
    ...rows,
  ];
  const rest = ordered.length - rows.length;
  if (rest > 0)
    lines.push('', `${formatCount(rest)} more not listed; the JSON report (\`report-path\` output) has them all.`);
  return `${lines.join('\n')}\n`;
}

/**
 * The frames report as compact lines for a terminal. Test names, messages and source come from
 * untrusted tests: ANSI escapes and control characters are removed so they cannot recolour,
 * move the cursor, retitle the window or hide text (bidi overrides) on the reader's terminal.
 */
import type { FailureFrame, FramesReport, SourceLocation } from '../contracts/failure-frame.js';
import { describeReadError, notFramedLine, summaryLine } from './frames-markdown.js';
import { stripControls } from '../text/untrusted-text.js';

/** Terminal-safe text: no escape sequences, no control characters; newlines kept only where asked. */
export function terminalSafe(text: string, keepNewlines = false): string {
  // Tabs too: a terminal line is columns, and a tab in a name would misalign it.
  return stripControls(text, keepNewlines).replace(/\t/g, ' ');
}

/**
 * A unified diff for a terminal, kept applicable: controls and escapes go as for any text, but its
 * tabs (Go, Makefiles) and a last context line that is blank stay, so that `git apply` takes it.
 */
export function terminalDiff(diff: string): string {
  return stripControls(diff, true).replace(/\n+$/, '');
}

function where(location: SourceLocation): string {
  return `${location.file}:${location.line}${location.column ? `:${location.column}` : ''}`;
}

function frameLines(frame: FailureFrame): string[] {
  const label = frame.kind === 'error' ? 'ERROR' : 'FAIL';
  const type = frame.exceptionType ? `  (${terminalSafe(frame.exceptionType)})` : '';
  const out = [`${label} ${terminalSafe(frame.id)}${type}`];
  const at = frame.triggering;
  if (at) out.push(`  at   ${terminalSafe(where(at))}${at.expression ? `  ${terminalSafe(at.expression)}` : ''}`);
  if (frame.test && (!at || where(frame.test) !== where(at))) out.push(`  test ${terminalSafe(where(frame.test))}`);
  const message = terminalSafe(frame.message, true).split('\n').slice(0, 6);
  for (const line of message) out.push(`  | ${line}`);
  if (frame.locals?.length) {
    out.push(
      `  locals: ${frame.locals
        .slice(0, 8)
        .map((l) => `${terminalSafe(l.name)}=${terminalSafe(l.value).slice(0, 60)}`)
        .join(', ')}`,
    );
  }
  return out;
}

export function renderFramesText(report: FramesReport): string {
  const out: string[] = [];
  for (const frame of report.failures) out.push(...frameLines(frame), '');
  for (const e of report.errors) {
    const { where, what } = describeReadError(e);
    out.push(`error: ${terminalSafe(where)}: ${terminalSafe(what)}`);
  }
  if (report.notFramed) out.push(notFramedLine(report.notFramed));
  out.push(summaryLine(report));
  return `${out.join('\n')}\n`;
}

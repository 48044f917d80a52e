/**
 * The frames report as Markdown (for a job summary, a PR comment, a terminal that renders it).
 * Every string in it comes from tests, reports or logs and is escaped with `text/markdown.ts`.
 * The output has a byte budget: details are dropped before table rows, never cut inside a fence,
 * and what was left out is said.
 */
import { codeBlock, inlineCode, tableCell } from '../text/markdown.js';
import type { FailureFrame, FramesReport, SourceLocation } from '../contracts/failure-frame.js';
import { firstLine } from './prune-message.js';
import { stripControls } from '../text/untrusted-text.js';
import { htmlText as summaryText, plural, tableCode } from '../text/format.js';

export interface MarkdownOptions {
  /** Upper bound of the output in UTF-8 bytes (GitHub drops a job summary over 1 MiB whole). */
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 512 * 1024;

const FENCE_LANGUAGE: Record<string, string> = {
  python: 'python',
  javascript: 'js',
  java: 'java',
  go: 'go',
  rust: 'rust',
  unknown: '',
};

/**
 * Code inside a table cell, as the job summary writes it (`tableCode`): a code span, where nothing
 * is Markdown (a `<code>` element is inline HTML, and Markdown inside it is live: a test named
 * `[x](https://…)` would be a link), with `|` escaped so it cannot end the cell.
 */
function codeCell(text: string, max = 120): string {
  return tableCode(stripControls(text), max);
}

/** Code outside a table: a code span, as the job summary writes it (`inlineCode`). */
function codeSpan(text: string, max: number): string {
  const single = stripControls(text).replace(/\s+/g, ' ');
  return inlineCode(single.length > max ? `${single.slice(0, max - 1)}…` : single);
}

/** Untrusted inline text for a table cell or a list item. */
function cell(text: string, max: number): string {
  return tableCell(stripControls(text), max);
}

/** Untrusted text inside an HTML element (`<summary>`, where Markdown is not live), as the job summary writes it. */
function htmlText(text: string, max: number): string {
  return summaryText(stripControls(text), max);
}

function where(location: SourceLocation | null): string {
  return location ? `${location.file}:${location.line}` : '';
}

/**
 * A read error as `where` (file, line, column) and `what`: the readers' messages start with the
 * file and position they are about (`r.xml:2:5: the report ends inside <testcase>`), which the
 * renderers show apart, so they are not said twice.
 */
export function describeReadError(e: { file: string; line?: number; column?: number; message: string }): {
  where: string;
  what: string;
} {
  const where = `${e.file}${e.line ? `:${e.line}${e.column ? `:${e.column}` : ''}` : ''}`;
  if (!e.message.startsWith(`${e.file}:`)) return { where, what: e.message };
  const rest = e.message.slice(e.file.length).replace(/^(?::\d+(?::\d+)?)?:\s*/, '');
  return { where, what: rest };
}

/** What `notFramed` means, for the renderers: the summary counts more failures than the frames show. */
export function notFramedLine(notFramed: number): string {
  return `${notFramed} more failing test${notFramed === 1 ? ' is' : 's are'} counted in the summary without a frame (frames are built for the first failures only; --max-failures raises the limit)`;
}

export function summaryLine(report: FramesReport): string {
  const s = report.summary;
  const parts = [`${s.failed} failed`, `${s.errored} errored`, `${s.passed} passed`, `${s.skipped} skipped`];
  return `${parts.join(', ')} (${plural(s.total, 'test')})`;
}

function snippetBlock(location: SourceLocation, language: string): string {
  const snippet = location.snippet;
  if (!snippet) return '';
  const last = snippet.startLine + snippet.lines.length - 1;
  const width = String(last).length;
  const lines = snippet.lines.map((text, i) => {
    const n = snippet.startLine + i;
    return `${n === location.line ? '>' : ' '} ${String(n).padStart(width)} | ${stripControls(text)}`;
  });
  return codeBlock(lines.join('\n'), language);
}

function locationLine(label: string, location: SourceLocation): string {
  const fn = location.function ? ` in ${codeSpan(location.function, 80)}` : '';
  return `**${label}:** ${codeSpan(where(location), 200)}${fn}`;
}

function details(frame: FailureFrame): string {
  const language = FENCE_LANGUAGE[frame.language] ?? '';
  const out: string[] = [];
  out.push(
    `<details><summary>${htmlText(frame.name, 200)}${frame.exceptionType ? ` — ${htmlText(frame.exceptionType, 200)}` : ''}</summary>`,
    '',
  );
  out.push(`**Test id:** ${codeSpan(frame.id, 300)}`, '');
  if (frame.message) out.push(codeBlock(stripControls(frame.message, true)), '');
  if (frame.triggering) {
    out.push(locationLine('Failing line', frame.triggering), '');
    const block = snippetBlock(frame.triggering, language);
    if (block) out.push(block);
  }
  if (frame.test && where(frame.test) !== where(frame.triggering)) {
    out.push(locationLine('Test', frame.test), '');
    const block = snippetBlock(frame.test, language);
    if (block) out.push(block);
  }
  if (frame.locals?.length) {
    out.push('**Locals:**', '', '| Name | Value |', '| --- | --- |');
    for (const l of frame.locals) out.push(`| ${cell(l.name, 60)} | ${codeCell(l.value, 200)} |`);
    out.push('');
  }
  if (frame.stack.length > 1 || frame.droppedFrames > 0) {
    const dropped = frame.droppedFrames
      ? `; ${frame.droppedFrames} library or runtime frame${frame.droppedFrames === 1 ? '' : 's'} left out`
      : '';
    out.push(`**Stack** (your code, outermost first${dropped}):`, '');
    for (const s of frame.stack)
      out.push(`1. ${codeSpan(where(s), 200)}${s.expression ? ` ${codeSpan(s.expression, 120)}` : ''}`);
    out.push('');
  }
  out.push('</details>', '');
  return out.join('\n');
}

function row(frame: FailureFrame): string {
  const at = frame.triggering ?? frame.test;
  return `| ${cell(frame.name, 120)} | ${at ? codeCell(where(at), 160) : ''} | ${cell(frame.exceptionType ?? (frame.kind === 'error' ? 'error' : ''), 80)} | ${cell(firstLine(frame.message), 160)} | ${at?.expression ? codeCell(at.expression) : ''} |`;
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

export function renderFramesMarkdown(report: FramesReport, options: MarkdownOptions = {}): string {
  const budget = options.maxBytes ?? DEFAULT_MAX_BYTES;
  // The summary line is numbers only: nothing in it to escape.
  const head = [`### Test failures: ${summaryLine(report)}`, ''];
  const errors: string[] = [];
  if (report.errors.length) {
    errors.push('**Could not be read completely** (the rest was used):', '');
    for (const e of report.errors.slice(0, 50)) {
      const { where, what } = describeReadError(e);
      errors.push(`- ${codeSpan(where, 200)} ${cell(what, 300)}`);
    }
    if (report.errors.length > 50) errors.push(`- … and ${report.errors.length - 50} more`);
    errors.push('');
  }
  // A count, nothing to escape.
  const unframed = report.notFramed ? [`_${notFramedLine(report.notFramed)}._`, ''] : [];
  if (report.failures.length === 0)
    return [...head, ...(unframed.length ? unframed : ['No failing tests.', '']), ...errors].join('\n');

  const tableHead = ['| Test | Location | Exception | Message | Expression |', '| --- | --- | --- | --- | --- |'];
  // Reserve room for the closing notes, then fill: rows first (they are the overview), then details.
  let used = bytes([...head, ...errors, ...unframed, ...tableHead].join('\n')) + 400;
  const rows: string[] = [];
  for (const frame of report.failures) {
    const r = row(frame);
    if (used + bytes(r) + 1 > budget) break;
    rows.push(r);
    used += bytes(r) + 1;
  }
  const sections: string[] = [];
  for (const frame of report.failures.slice(0, rows.length)) {
    const d = details(frame);
    if (used + bytes(d) + 1 > budget) break;
    sections.push(d);
    used += bytes(d) + 1;
  }
  const notes: string[] = [];
  if (rows.length < report.failures.length)
    notes.push(
      `_${plural(report.failures.length - rows.length, 'more failure')} left out to stay within ${budget} bytes._`,
    );
  if (sections.length < rows.length)
    notes.push(
      `_Details of ${plural(rows.length - sections.length, 'failure')} left out to stay within ${budget} bytes._`,
    );
  return [
    ...head,
    ...tableHead,
    ...rows,
    '',
    ...sections,
    ...notes,
    ...(notes.length ? [''] : []),
    ...unframed,
    ...errors,
  ].join('\n');
}

/**
 * What every diagnostic reader of a log shares: the shape a reader returns, the words tools print
 * for a severity, the notes worth keeping in a message (never advice to silence it), a caret's
 * column, and the bounds every field goes through (logs are untrusted).
 */
import type { DiagnosticSeverity, RelatedLocation, ToolDiagnostic } from '../tool-diagnostic.js';
import { MAX_RELATED } from '../tool-diagnostic.js';
import { readDiagnostic, SUPPRESSION_ADVICE, type FoundDiagnostic, type LineFormat } from './line-formats.js';
import type { LogLines } from './traceback-bounds.js';
import { boundMessage, clipField, structuralHead } from './traceback-bounds.js';

export type { FoundDiagnostic } from './line-formats.js';

/** A reader of one tool's multi-line output (a line format needs none: `readFormat`). */
export interface DiagnosticReader {
  /** The tool (or tools) it reads, for errors and docs. */
  name: string;
  /** Cheap check: can the log hold this tool's output at all? */
  detect(log: string): boolean;
  /** `log` is `text` as parsers read it (colours and timestamps removed, bounded). */
  read(log: LogLines, text: string): FoundDiagnostic[];
}

const SEVERITY_WORDS: Record<string, DiagnosticSeverity> = {
  error: 'error',
  'fatal error': 'error',
  e: 'error',
  warning: 'warning',
  warn: 'warning',
  w: 'warning',
  note: 'info',
  notice: 'info',
  info: 'info',
  information: 'info',
  message: 'info',
};

/** The severity a printed word stands for (`Error`, `fatal error`, `W`); an error when it says none. */
export function severityOf(printed: string | undefined): DiagnosticSeverity {
  return (printed && SEVERITY_WORDS[printed.toLowerCase()]) || 'error';
}

/** A message with the notes that explain it, without any that suggests silencing it. */
export function withNotes(message: string, notes: readonly string[]): string {
  const kept = notes.map((n) => n.trimEnd()).filter((n) => n.trim() && !SUPPRESSION_ADVICE.test(n));
  return kept.length ? [message, ...kept].join('\n') : message;
}

/** The 0-based index of the first `^` of a caret line (`   ^~~~`, `  |   ^`), or undefined when it is none. */
export function caretIndex(line: string): number | undefined {
  const head = structuralHead(line);
  if (!/^[\s|~^]*\^[\s~^]*$/.test(head)) return undefined;
  return head.indexOf('^');
}

/** The lines `lines[start..end)` of the log as the 1-based range a diagnostic names. */
export function logRange(log: LogLines, start: number, end: number): { start: number; end: number } {
  return { start: start + log.firstLine, end: Math.max(start, end - 1) + log.firstLine };
}

/** The diagnostic of a line-format entry at `lines[i]`, in the model's fields. */
export function readFormat(
  format: LineFormat,
  log: LogLines,
  i: number,
): { found: FoundDiagnostic; next: number } | undefined {
  const d = readDiagnostic(format, log.lines, i);
  if (!d) return undefined;
  const notes = format.notes ? d.text.filter((t) => format.notes!.test(structuralHead(t))) : [];
  let found: FoundDiagnostic = {
    tool: format.tool,
    category: format.category ?? 'compile',
    severity: severityOf(d.severity),
    // Notes indented as the tool itself prints them, whatever prefix a build tool adds (Maven's `[ERROR]`).
    message: withNotes(
      d.message,
      notes.map((n) => `  ${n.replace(/^\[(?:ERROR|WARNING)\]/, '').trim()}`),
    ),
    logLines: logRange(log, i, d.next),
  };
  if (d.code !== undefined) found.code = d.code;
  if (d.file !== undefined) found.file = d.file;
  if (d.line !== undefined) found.line = d.line;
  if (d.column !== undefined) found.column = d.column;
  if (d.fixable) found.fixable = true;
  if (format.refine) found = format.refine(found);
  return { found: dropUndefined(found), next: d.next };
}

/** A refinement may clear a field (a formatter's line): the key goes, as if never set. */
function dropUndefined<T extends object>(d: T): T {
  return Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)) as T;
}

/** Every field bounded, as for test failures (`boundFailure`). */
export function boundDiagnostic(d: ToolDiagnostic): ToolDiagnostic {
  const out: ToolDiagnostic = { ...d, tool: clipField(d.tool), message: boundMessage(d.message) };
  if (d.code !== undefined) out.code = clipField(d.code);
  if (d.file !== undefined) out.file = clipField(d.file);
  if (d.related) out.related = d.related.slice(0, MAX_RELATED).map(boundRelated);
  if (d.caret) out.caret = { source: clipField(d.caret.source), offset: d.caret.offset };
  return out;
}

function boundRelated(r: RelatedLocation): RelatedLocation {
  return { ...r, file: clipField(r.file), message: clipField(r.message) };
}

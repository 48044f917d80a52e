/**
 * `tsc --pretty` (the default in a terminal, and under some CI wrappers):
 *
 *   src/order.ts:7:10 - error TS2552: Cannot find name 'totl'. Did you mean 'total'?
 *
 *   7   return totl;
 *            ~~~~
 *
 *     src/order.ts:5:7
 *       5   let total = 0;
 *               ~~~~~
 *       'total' is declared here.
 *
 * TypeScript 7 prints a related location on one line (`  src/item.ts:5:3 - 'quantity' is declared
 * here.`). A diagnostic's chained messages are indented under its header; its related locations
 * follow its code frame, each with its own. The `Found N errors` summary and its table end it.
 */
import type { RelatedLocation } from '../tool-diagnostic.js';
import type { DiagnosticReader, FoundDiagnostic } from './diagnostic-fields.js';
import { logRange, severityOf } from './diagnostic-fields.js';
import { runSteps } from './line-reader.js';
import { parseLineNumber, type LogLines, MAX_MESSAGE_LINES, structuralHead } from './traceback-bounds.js';
import { MAX_DIAGNOSTICS } from '../tool-diagnostic.js';

const HEADER =
  /^(?<file>\S.*?):(?<line>\d+):(?<column>\d+) - (?<severity>error|warning) (?<code>TS\d+): (?<message>.*)$/;
/** `  src/item.ts:5:3` (5.x) or `  src/item.ts:5:3 - 'quantity' is declared here.` (7). */
const RELATED = /^ {2}(?<file>\S.*?):(?<line>\d+):(?<column>\d+)(?: - (?<message>.*))?$/;
/** A line of a code frame: `7   return totl;` (the gutter), or the `~~~~` underline. */
const CODE_FRAME = /^\s*(?:\d+ {3}|~+\s*$| +$)/;
const SUMMARY = /^Found \d+ errors?\b|^Errors {2}Files$/;

export const tscPrettyReader: DiagnosticReader = {
  name: 'tsc --pretty',
  detect: (log) => / - (?:error|warning) TS\d+: /.test(log),
  read: (log) => new TscPrettyReader(log).read(),
};

class TscPrettyReader {
  private readonly out: FoundDiagnostic[] = [];

  constructor(private readonly log: LogLines) {}

  read(): FoundDiagnostic[] {
    runSteps(this.log.lines, [(i, line) => this.diagnostic(i, line)], {
      full: () => this.out.length >= MAX_DIAGNOSTICS,
    });
    return this.out;
  }

  /** A header, its chained messages, then its code frame and related locations until the next header. */
  private diagnostic(i: number, line: string): number | undefined {
    const m = HEADER.exec(line)?.groups;
    if (!m) return undefined;
    const lines = this.log.lines;
    const message = [m.message!];
    let k = i + 1;
    while (k < lines.length && /^ {2,}\S/.test(lines[k]!) && !RELATED.test(lines[k]!)) {
      if (message.length < MAX_MESSAGE_LINES) message.push(lines[k]!.trimEnd());
      k++;
    }
    const related: RelatedLocation[] = [];
    for (; k < lines.length; k++) {
      const text = structuralHead(lines[k]!);
      if (HEADER.test(text) || SUMMARY.test(text)) break;
      const r = RELATED.exec(text)?.groups;
      if (r) related.push(relatedAt(r, lines, k));
    }
    const found: FoundDiagnostic = {
      tool: 'tsc',
      category: 'type',
      code: m.code!,
      severity: severityOf(m.severity),
      file: m.file!,
      message: message.join('\n'),
      logLines: logRange(this.log, i, k),
    };
    const at = parseLineNumber(m.line!);
    const column = parseLineNumber(m.column!);
    if (at !== undefined) found.line = at;
    if (column !== undefined) found.column = column;
    if (related.length) found.related = related;
    this.out.push(found);
    return k;
  }
}

/** A related location; 5.x prints its message after its code frame, on the first line that is not code. */
function relatedAt(r: Record<string, string | undefined>, lines: readonly string[], k: number): RelatedLocation {
  let message = r.message;
  for (let j = k + 1; message === undefined && j < lines.length && j <= k + 6; j++) {
    const text = structuralHead(lines[j]!);
    if (!text.trim() || RELATED.test(text) || HEADER.test(text)) break;
    if (!CODE_FRAME.test(text)) message = text.trim();
  }
  const out: RelatedLocation = { file: r.file!, message: message ?? '' };
  const line = parseLineNumber(r.line!);
  const column = parseLineNumber(r.column!);
  if (line !== undefined) out.line = line;
  if (column !== undefined) out.column = column;
  return out;
}

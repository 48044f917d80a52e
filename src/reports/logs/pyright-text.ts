/**
 * pyright's (and basedpyright's) text output:
 *
 *   /abs/src/store/cart.py
 *     /abs/src/store/cart.py:6:30 - error: Cannot access attribute "qty" for class "Item"
 *       Attribute "qty" is unknown (reportAttributeAccessIssue)
 *   5 errors, 0 warnings, 0 informations
 *
 * A message goes on over the lines indented deeper than its own (pyright indents them with
 * no-break spaces, which are plain spaces in the message); the rule, in parentheses, ends its last line.
 */
import { MAX_DIAGNOSTICS } from '../tool-diagnostic.js';
import type { DiagnosticReader, FoundDiagnostic } from './diagnostic-fields.js';
import { logRange, severityOf } from './diagnostic-fields.js';
import { runSteps } from './line-reader.js';
import { parseLineNumber, type LogLines, MAX_MESSAGE_LINES, structuralHead } from './traceback-bounds.js';

const ROW =
  /^(?<indent>\s+)(?<file>\S.*?):(?<line>\d+):(?<column>\d+) - (?<severity>error|warning|information): (?<message>.*)$/;
const RULE = /\s\((?<rule>report[A-Za-z]+)\)$/;

/** Leading white space, no-break spaces included. */
function indentOf(line: string): number {
  return /^\s*/.exec(structuralHead(line))![0].length;
}

export const pyrightTextReader: DiagnosticReader = {
  name: 'pyright',
  detect: (log) => /:\d+:\d+ - (?:error|warning|information): /.test(log),
  read: (log) => new PyrightReader(log).read(),
};

class PyrightReader {
  private readonly out: FoundDiagnostic[] = [];

  constructor(private readonly log: LogLines) {}

  read(): FoundDiagnostic[] {
    runSteps(this.log.lines, [(i, line) => this.row(i, line)], { full: () => this.out.length >= MAX_DIAGNOSTICS });
    return this.out;
  }

  private row(i: number, line: string): number | undefined {
    const m = ROW.exec(line)?.groups;
    if (!m) return undefined;
    const lines = this.log.lines;
    const message = [m.message!];
    let k = i + 1;
    while (k < lines.length && indentOf(lines[k]!) > m.indent!.length && !ROW.test(structuralHead(lines[k]!))) {
      if (message.length < MAX_MESSAGE_LINES)
        message.push(
          lines[k]!.slice(m.indent!.length)
            .replace(/\u00a0/g, ' ')
            .trimEnd(),
        );
      k++;
    }
    const last = message.length - 1;
    const rule = RULE.exec(message[last]!)?.groups?.rule;
    if (rule) message[last] = message[last]!.replace(RULE, '');
    const found: FoundDiagnostic = {
      tool: 'pyright',
      category: 'type',
      severity: severityOf(m.severity),
      file: m.file!,
      message: message.join('\n'),
      logLines: logRange(this.log, i, k),
    };
    if (rule) found.code = rule;
    const at = parseLineNumber(m.line!);
    const column = parseLineNumber(m.column!);
    if (at !== undefined) found.line = at;
    if (column !== undefined) found.column = column;
    this.out.push(found);
    return k;
  }
}

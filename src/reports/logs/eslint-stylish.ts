/**
 * ESLint's default formatter, stylish: a file's path on a line of its own, then one row per
 * problem, the rule last (a parsing error has none):
 *
 *   /abs/src/cart.js
 *      3:34  error    'currency' is defined but never used             no-unused-vars
 *     10:23  warning  Expected '===' and instead saw '=='              eqeqeq
 *
 *   ✖ 5 problems (4 errors, 1 warning)
 *
 * The path is the state: a row belongs to the last path read.
 */
import { MAX_DIAGNOSTICS } from '../tool-diagnostic.js';
import type { DiagnosticReader, FoundDiagnostic } from './diagnostic-fields.js';
import { logRange, severityOf } from './diagnostic-fields.js';
import { runSteps } from './line-reader.js';
import { parseLineNumber, type LogLines } from './traceback-bounds.js';

const ROW = /^\s+(?<line>\d+):(?<column>\d+)\s+(?<severity>error|warning)\s+(?<rest>\S.*)$/;
/** The rule ends a row after two or more spaces: `no-unused-vars`, `@typescript-eslint/no-explicit-any`. */
const RULE = /^(?<message>.*?\S)\s{2,}(?<rule>@?[\w-]+(?:\/[\w-]+)*)$/;
/** A path alone on its line: stylish prints absolute paths (`/abs/src/cart.js`, `C:\\src\\cart.js`). */
const PATH = /^(?:[A-Za-z]:[\\/]|\/)[^:]*\.[A-Za-z0-9]+$/;

export const eslintStylishReader: DiagnosticReader = {
  name: 'eslint (stylish)',
  detect: (log) => /^\s+\d+:\d+\s+(?:error|warning)\s+\S/m.test(log),
  read: (log) => new StylishReader(log).read(),
};

class StylishReader {
  private readonly out: FoundDiagnostic[] = [];
  private file: string | undefined;

  constructor(private readonly log: LogLines) {}

  read(): FoundDiagnostic[] {
    runSteps(this.log.lines, [(i, line) => this.row(i, line), (i, line) => this.path(i, line)], {
      full: () => this.out.length >= MAX_DIAGNOSTICS,
    });
    return this.out;
  }

  /** A path counts only when a row follows it (a line of other output is no file). */
  private path(i: number, line: string): number | undefined {
    if (!PATH.test(line)) {
      if (line.trim()) this.file = undefined;
      return undefined;
    }
    const next = this.log.lines[i + 1];
    this.file = next !== undefined && ROW.test(next) ? line.trim() : undefined;
    return i + 1;
  }

  private row(i: number, line: string): number | undefined {
    const m = this.file === undefined ? undefined : ROW.exec(line)?.groups;
    if (!m) return undefined;
    const rule = RULE.exec(m.rest!)?.groups;
    const found: FoundDiagnostic = {
      tool: 'eslint',
      category: 'lint',
      severity: severityOf(m.severity),
      file: this.file!,
      message: (rule?.message ?? m.rest!).trim(),
      logLines: logRange(this.log, i, i + 1),
    };
    if (rule?.rule) found.code = rule.rule;
    const at = parseLineNumber(m.line!);
    const column = parseLineNumber(m.column!);
    if (at !== undefined) found.line = at;
    if (column !== undefined) found.column = column;
    this.out.push(found);
    return i + 1;
  }
}

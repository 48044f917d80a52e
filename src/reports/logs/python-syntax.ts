/**
 * A Python module that does not compile, wherever the error is printed: at the end of a traceback
 * (an import), by `python -m compileall`, or inside pytest's `E` lines (a collection error):
 *
 *   *** Error compiling 'shop/report.py'...          (compileall only)
 *     File "shop/report.py", line 5
 *       total = order_total(lines
 *                          ^
 *   SyntaxError: '(' was never closed
 *
 * The location line has no `, in <function>` (a frame's has). Python prints the source line
 * without its indentation, so the caret gives a column in that stripped line only: `frames/` finds
 * the line in the file to make it a column (`ToolDiagnostic.caret`).
 */
import { MAX_DIAGNOSTICS } from '../tool-diagnostic.js';
import type { DiagnosticReader, FoundDiagnostic } from './diagnostic-fields.js';
import { caretIndex, logRange } from './diagnostic-fields.js';
import { runSteps } from './line-reader.js';
import { parseLineNumber, type LogLines, structuralHead } from './traceback-bounds.js';

const LOCATION = /^\s*File "(?<file>[^"]+)", line (?<line>\d+)\s*$/;
const ERROR = /^(?<code>SyntaxError|IndentationError|TabError): (?<message>.*)$/;
/** pytest prefixes the lines of an error it reports with `E   `. */
const PYTEST_PREFIX = /^E {3}/;
/** Lines from the location to the error line at most (source, caret, and nothing else). */
const MAX_BLOCK = 4;

export const pythonSyntaxReader: DiagnosticReader = {
  name: 'python (syntax errors)',
  detect: (log) => /^(?:E {3})?(?:SyntaxError|IndentationError|TabError): /m.test(log),
  read: (log) => new SyntaxErrorReader(log).read(),
};

function unprefixed(line: string): string {
  return structuralHead(line).replace(PYTEST_PREFIX, '');
}

class SyntaxErrorReader {
  private readonly out: FoundDiagnostic[] = [];

  constructor(private readonly log: LogLines) {}

  read(): FoundDiagnostic[] {
    runSteps(this.log.lines, [(i, line) => this.location(i, line)], {
      full: () => this.out.length >= MAX_DIAGNOSTICS,
    });
    return this.out;
  }

  private location(i: number, line: string): number | undefined {
    const at = LOCATION.exec(line.replace(PYTEST_PREFIX, ''))?.groups;
    if (!at || /^<.*>$/.test(at.file!)) return undefined;
    const lines = this.log.lines;
    let source: string | undefined;
    let caret: number | undefined;
    for (let k = i + 1; k < lines.length && k <= i + MAX_BLOCK; k++) {
      const text = unprefixed(lines[k]!);
      const error = ERROR.exec(text)?.groups;
      if (error) {
        this.push(i, k, at, error, source, caret);
        return k + 1;
      }
      const c = caretIndex(text);
      if (c !== undefined && source !== undefined) caret = c;
      else if (source === undefined && text.trim()) source = text;
      else return undefined;
    }
    return undefined;
  }

  private push(
    i: number,
    k: number,
    at: Record<string, string | undefined>,
    error: Record<string, string | undefined>,
    source: string | undefined,
    caret: number | undefined,
  ): void {
    const found: FoundDiagnostic = {
      tool: 'python',
      category: 'syntax',
      code: error.code!,
      severity: 'error',
      file: at.file!,
      message: error.message!.trim(),
      logLines: logRange(this.log, i, k + 1),
    };
    const line = parseLineNumber(at.line!);
    if (line !== undefined) found.line = line;
    if (source !== undefined && caret !== undefined) {
      const indent = source.length - source.trimStart().length;
      if (caret >= indent) found.caret = { source: source.trim(), offset: caret - indent };
    }
    this.out.push(found);
  }
}

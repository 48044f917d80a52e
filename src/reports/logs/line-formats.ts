/**
 * Tools that print each diagnostic in a fixed shape, one line or a fixed run of consecutive lines,
 * as a table: an entry names its tool and gives the patterns whose named groups fill the same
 * fields (`file`, `line`, `column`, `severity`, `code`, `message`), the way reviewdog/errorformat and
 * GitHub's problem matchers describe compilers and linters. Adding such a tool is adding an entry
 * (tested on the real tool's output); the parser of the log it prints to reads it with
 * `readDiagnostic`. Patterns see a line's structural head only and must not backtrack.
 */
import { MAX_MESSAGE_LINES, parseLineNumber, structuralHead } from './traceback-bounds.js';

export interface LineFormat {
  /** The tool that prints it, as its users name it. */
  tool: string;
  /** The pattern of each consecutive line of one diagnostic (most formats have one). */
  lines: readonly [RegExp, ...RegExp[]];
  /** Lines after those that still belong to the diagnostic (notes, a source excerpt), however they look. */
  continuation?: RegExp;
  /** The severity when no pattern captures one. */
  severity?: string;
}

export interface Diagnostic {
  tool: string;
  file?: string;
  /** Absent when printed as something that is no line number (too long, zero). */
  line?: number;
  column?: number;
  severity?: string;
  code?: string;
  message: string;
  /** The lines it was read from, as printed (first lines and continuations). */
  text: string[];
  /** Index of the first line after it. */
  next: number;
}

/** `go build`, `go vet` and `go test` compile errors: `./cart.go:12:5: undefined: total`, continued by indented `\thave …` lines. */
export const GO_COMPILER: LineFormat = {
  tool: 'go',
  lines: [/^(?<file>\S(?:.*?\S)?\.go):(?<line>\d+)(?::(?<column>\d+))?: (?<message>.*)$/],
  continuation: /^\s+\S/,
  severity: 'error',
};

/**
 * rustc (through cargo): `error[E0425]: cannot find value …` then `  --> src/lib.rs:3:5`, then the
 * source excerpt up to a blank line. cargo's own `error: test failed, …` lines are no diagnostic.
 */
export const RUSTC: LineFormat = {
  tool: 'rustc',
  lines: [
    /^(?<severity>error)(?:\[(?<code>E\d+)\])?: (?!test failed|\d+ targets? failed|could not compile)(?<message>.+)$/,
    /^\s*--> (?<file>.+?):(?<line>\d+):(?<column>\d+)\s*$/,
  ],
  continuation: /\S/,
};

export const LINE_FORMATS: readonly LineFormat[] = [GO_COMPILER, RUSTC];

/**
 * The diagnostic `format` reads at `lines[start]`, or undefined when the lines there are not one.
 * At most `maxLines` lines of text are gathered (a message is bounded however long the excerpt).
 */
export function readDiagnostic(
  format: LineFormat,
  lines: readonly string[],
  start: number,
  maxLines = MAX_MESSAGE_LINES,
): Diagnostic | undefined {
  const groups: Record<string, string | undefined> = {};
  let k = start;
  for (const pattern of format.lines) {
    const m = k < lines.length ? pattern.exec(structuralHead(lines[k]!)) : null;
    if (!m) return undefined;
    Object.assign(groups, m.groups);
    k++;
  }
  const text = lines.slice(start, k);
  while (
    format.continuation &&
    k < lines.length &&
    text.length < maxLines &&
    format.continuation.test(structuralHead(lines[k]!))
  ) {
    text.push(lines[k]!);
    k++;
  }
  return diagnosticOf(format, groups, text, k);
}

function diagnosticOf(
  format: LineFormat,
  groups: Record<string, string | undefined>,
  text: string[],
  next: number,
): Diagnostic {
  const d: Diagnostic = { tool: format.tool, message: groups.message ?? '', text, next };
  if (groups.file !== undefined) d.file = groups.file;
  const line = groups.line !== undefined ? parseLineNumber(groups.line) : undefined;
  if (line !== undefined) d.line = line;
  const column = groups.column !== undefined ? parseLineNumber(groups.column) : undefined;
  if (column !== undefined) d.column = column;
  const severity = groups.severity ?? format.severity;
  if (severity !== undefined) d.severity = severity;
  if (groups.code !== undefined) d.code = groups.code;
  return d;
}

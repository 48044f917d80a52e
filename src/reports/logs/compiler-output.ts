/**
 * The GNU shape many compilers and checkers share, `file:line[:col]: severity: message`, told
 * apart by the file's extension (the table below):
 *
 *   src/cart.c:6:39: error: 'const struct line' has no member named 'qty'          (gcc, clang)
 *   src/Cart.kt:6:39: error: unresolved reference: qty                              (kotlinc)
 *   src/main/java/com/example/shop/Cart.java:12: error: cannot find symbol           (javac)
 *   src/store/cart.py:6:25: error: "Item" has no attribute "qty"  [attr-defined]   (mypy)
 *   src/cart.rs:11:5: error[E0425]: cannot find value `totl` in this scope           (rustc --message-format short)
 *
 * Below a header come the source line and a caret under the place (the column, when the header
 * gives none), javac's `symbol:`/`location:` lines (kept in the message), mypy `--pretty`'s wrapped
 * message lines, and `note:` lines, which are related locations of the diagnostic above them, not
 * diagnostics. Anything else is another tool's and ends the diagnostic.
 */
import type { DiagnosticCategory, RelatedLocation } from '../tool-diagnostic.js';
import { MAX_DIAGNOSTICS, MAX_RELATED } from '../tool-diagnostic.js';
import type { DiagnosticReader, FoundDiagnostic } from './diagnostic-fields.js';
import { caretIndex, logRange, severityOf, withNotes } from './diagnostic-fields.js';
import { withJavacKey } from './line-formats.js';
import { runSteps } from './line-reader.js';
import { parseLineNumber, type LogLines, MAX_MESSAGE_LINES, structuralHead } from './traceback-bounds.js';

const HEADER =
  /^(?<file>[^\s:][^:]*?\.(?<ext>[A-Za-z+]+)):(?<line>\d+)(?::(?<column>\d+)(?::\d+:\d+)?)?: (?<severity>fatal error|error|warning|note)(?:\[(?<code>[\w:]+)\])?: (?<message>.*)$/;
/** javac's explanation lines. */
const JAVAC_NOTE = /^\s{2,}(?:symbol|location|required|found|reason)\s*:/;

interface ToolShape {
  tool: string;
  category: DiagnosticCategory;
  extensions: RegExp;
  /** The code printed at the end of the message (mypy's `  [attr-defined]`, gcc's `[-Wunused-variable]`). */
  codeSuffix?: RegExp;
  /** The message may go on over unindented lines (mypy `--pretty` wraps it). */
  wraps?: boolean;
  /** Columns a caret line has before the source's own first column (mypy `--pretty` indents the source by 4). */
  caretShift: number;
}

/** The tools of this shape, by the extension of the file they name. */
const TOOLS: readonly ToolShape[] = [
  {
    tool: 'mypy',
    category: 'type',
    extensions: /^pyi?$/,
    codeSuffix: / {2}\[(?<code>[a-z][\w-]*)\]$/,
    wraps: true,
    caretShift: 4,
  },
  {
    tool: 'gcc',
    category: 'compile',
    extensions: /^(?:c|h|cc|cpp|cxx|c\+\+|hpp|hh|hxx|m|mm)$/,
    codeSuffix: / \[(?<code>-W[\w=+-]+)\]$/,
    caretShift: 0,
  },
  { tool: 'kotlinc', category: 'compile', extensions: /^kts?$/, caretShift: 0 },
  { tool: 'javac', category: 'compile', extensions: /^java$/, caretShift: 0 },
  { tool: 'rustc', category: 'compile', extensions: /^rs$/, caretShift: 0 },
];

/** clang prints gcc's shape; these lines of its own say which of the two ran. */
const CLANG_MARKS =
  /^\d+ (?:errors?|warnings?)(?: and \d+ warnings?)? generated\.$|^(?:\S+\/)?clang(?:\+\+)?(?:-\d+)? /m;
/** Lines of the compiler's (or make's) own that end a diagnostic's block. */
const BLOCK_END =
  /^(?:In file included from |\S+: In (?:function|member function|constructor|instantiation|lambda)|make(?:\[\d+\])?: |\d+ (?:errors?|warnings?)\b|Found \d+ errors?\b|Success: )/;

export const compilerOutputReader: DiagnosticReader = {
  name: 'gcc/clang/kotlinc/javac/mypy',
  detect: (log) => /:\d+(?::\d+)?: (?:fatal error|error|warning)(?:\[[\w:]+\])?: /.test(log),
  read: (log, text) => new CompilerReader(log, CLANG_MARKS.test(text)).read(),
};

class CompilerReader {
  private readonly out: FoundDiagnostic[] = [];
  private last: FoundDiagnostic | undefined;

  constructor(
    private readonly log: LogLines,
    private readonly clang: boolean,
  ) {}

  read(): FoundDiagnostic[] {
    runSteps(this.log.lines, [(i, line) => this.header(i, line)], { full: () => this.out.length >= MAX_DIAGNOSTICS });
    return this.out;
  }

  private header(i: number, line: string): number | undefined {
    const m = HEADER.exec(line)?.groups;
    const shape = m && TOOLS.find((t) => t.extensions.test(m.ext!.toLowerCase()));
    if (!m || !shape) return undefined;
    if (m.severity === 'note') return this.note(i, m);
    const block = this.block(i + 1, shape);
    let message = [m.message!, ...block.wrapped].join(' ');
    let code = m.code;
    const suffix = shape.codeSuffix?.exec(message);
    if (suffix) {
      code = suffix.groups!.code;
      message = message.slice(0, suffix.index);
    }
    let found: FoundDiagnostic = {
      tool: shape.tool === 'gcc' && this.clang ? 'clang' : shape.tool,
      category: shape.category,
      severity: severityOf(m.severity),
      file: m.file!,
      message: withNotes(message.trim(), block.notes),
      logLines: logRange(this.log, i, block.next),
    };
    if (code) found.code = code;
    const at = parseLineNumber(m.line!);
    const column = m.column !== undefined ? parseLineNumber(m.column) : block.caretColumn;
    if (at !== undefined) found.line = at;
    if (column !== undefined) found.column = column;
    if (shape.tool === 'javac') found = withJavacKey(found);
    this.out.push(found);
    this.last = found;
    return block.next;
  }

  /** What follows a header: wrapped message lines (mypy), the source line and its caret, notes. */
  private block(
    start: number,
    shape: ToolShape,
  ): { wrapped: string[]; notes: string[]; caretColumn?: number; next: number } {
    const lines = this.log.lines;
    const wrapped: string[] = [];
    const notes: string[] = [];
    let caretColumn: number | undefined;
    let k = start;
    for (; k < lines.length && wrapped.length + notes.length < MAX_MESSAGE_LINES; k++) {
      const text = structuralHead(lines[k]!);
      if (!text.trim() || HEADER.test(text) || BLOCK_END.test(text)) break;
      const caret = caretIndex(text);
      if (caret !== undefined) {
        caretColumn ??= caret - shape.caretShift + 1 > 0 ? caret - shape.caretShift + 1 : undefined;
        continue;
      }
      if (JAVAC_NOTE.test(text)) notes.push(text);
      else if (shape.wraps && caretColumn === undefined && !/^\s/.test(text) && k - start === wrapped.length)
        wrapped.push(text.trim());
    }
    return { wrapped, notes, ...(caretColumn !== undefined ? { caretColumn } : {}), next: k };
  }

  /** `file:line:col: note: message`: a related location of the diagnostic above it. */
  private note(i: number, m: Record<string, string | undefined>): number {
    const last = this.last;
    const line = parseLineNumber(m.line!);
    const column = m.column !== undefined ? parseLineNumber(m.column) : undefined;
    const samePlace = last && last.file === m.file && last.line === line;
    if (last && !samePlace && (last.related?.length ?? 0) < MAX_RELATED) {
      const related: RelatedLocation = { file: m.file!, message: m.message!.trim() };
      if (line !== undefined) related.line = line;
      if (column !== undefined) related.column = column;
      (last.related ??= []).push(related);
    }
    return i + 1;
  }
}

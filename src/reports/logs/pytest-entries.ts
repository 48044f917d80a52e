/**
 * The body of one pytest failure section in pytest's own traceback styles (`--tb=auto`, the
 * default, `long` and `short`), as printed in the log and in the JUnit `<failure>` body.
 *
 * A long entry (auto prints the first and last entries long) shows the function's arguments, its
 * source up to the failing line marked `>`, `E` lines with the exception, the locals block with
 * `-l`, and ends with its location:
 *
 *   raw = '{not json'                         <- arguments (`name = value, name = value`)
 *
 *       def load_order(raw):                  <- source, indented 4
 *   >           return json.loads(raw)        <- the failing line
 *   E           ValueError: ...               <- the exception (last entry only)
 *
 *   raw        = '{not json'                  <- locals block (`-l`)
 *
 *   inventory/pricing.py:34: ValueError       <- location (and, on the last entry, the type)
 *
 * A short entry starts with its location and function, then the line (and, with `-l`, locals
 * indented 8):
 *
 *   inventory/pricing.py:29: in cart_average
 *       return average_price(prices)
 *           prices     = []
 *
 * Entries are separated by `_ _ _ _` lines; an exception chain by the interpreter's separator
 * sentences (see python-chain.ts).
 */
import { chainSeparator, type PySegment } from './python-chain.js';
import { isCaretLine, parseExceptionText } from './python-traceback.js';
import { FrameWindow, MAX_LOCALS, MAX_MESSAGE_LINES, parseLineNumber, structuralHead } from './traceback-bounds.js';
import { runSteps } from './line-reader.js';
import type { RawFrame } from './log-parser.js';

type Locals = Array<{ name: string; value: string }>;

const ENTRY_SEPARATOR = /^(?:_ )+_?\s*$/;
/** `path:line: in function`: a short entry's header. The path starts at column 0. */
const SHORT_HEADER = /^(\S(?:.*?\S)?):(\d+): in (.+)$/;
/** `path:line: [ExceptionName]`: a long entry's closing location line. */
const LONG_LOCATION = /^(\S(?:.*?\S)?):(\d+):(?: (.*))?$/;
const DEF_LINE = /^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)/;
/** One `name = value` (an argument line holds several, joined by `, `). */
const ASSIGNMENT = /^([A-Za-z_]\w*)\s*= (.*)$/;
const SHORT_LOCAL = /^ {8}([A-Za-z_]\w*)\s*= (.*)$/;

/** Does this path look like a file a traceback names (not a sentence with a colon in it)? */
function looksLikePath(p: string): boolean {
  return /\.pyw?$/.test(p) || (p.startsWith('<') && p.endsWith('>')) || p.includes('/') || p.includes('\\');
}

/** Split a section body (`lines[start..end)`) into the printed tracebacks of its chain. */
export function parsePytestEntries(lines: string[], start: number, end: number): PySegment[] {
  const segments: PySegment[] = [];
  let segStart = start;
  for (let i = start; i <= end; i++) {
    const relation = i < end ? chainSeparator(structuralHead(lines[i]!)) : undefined;
    if (i === end || relation) {
      const seg = parseSegment(lines, segStart, i);
      if (relation) seg.linkToNext = relation;
      // An empty stretch (nothing before the first separator) is no traceback.
      if (seg.frames.length > 0 || seg.message !== '' || seg.exceptionType !== undefined) segments.push(seg);
      segStart = i + 1;
    }
  }
  return segments;
}

interface LongEntry {
  args: Locals;
  locals: Locals;
  defName?: string;
  marked?: string;
  sawCode: boolean;
}

function newLongEntry(): LongEntry {
  return { args: [], locals: [], sawCode: false };
}

function parseSegment(lines: string[], start: number, end: number): PySegment {
  return new SegmentReader(lines).read(start, end);
}

/** Reads the entries of one printed traceback; the entry being read is its state. */
class SegmentReader {
  private readonly frames = FrameWindow.outermostFirst();
  /** The long entry being read (reset by every location line and short header). */
  private long = newLongEntry();
  /** The short entry being read, once its `path:line: in fn` header is seen. */
  private short: RawFrame | undefined;
  private shortSawSource = false;
  /** The last run of `E` lines: the exception. */
  private eLines: string[] = [];
  private lastWasE = false;
  /** The exception name a long entry's location line ends with. */
  private locationType: string | undefined;

  constructor(private readonly lines: string[]) {}

  read(start: number, end: number): PySegment {
    runSteps(
      this.lines,
      [
        (i, line) => this.exceptionLine(i, line),
        (i, line) => (ENTRY_SEPARATOR.test(line) ? this.endShort(i) : undefined),
        (i, line) => this.markedLine(i, line),
        (i, line) => this.shortHeader(i, line),
        (i, line) => this.longLocation(i, line),
        (i, line) => (line.trim() === '' ? i + 1 : undefined),
        (i, line) => this.shortBody(i, line),
        (i, line) => this.longBody(i, line),
      ],
      { start, end },
    );
    return this.segment();
  }

  /** `E   ValueError: …`: a run of them is the exception (the last run wins). */
  private exceptionLine(i: number, line: string): number | undefined {
    if (!/^E(?:\s|$)/.test(line)) {
      this.lastWasE = false;
      return undefined;
    }
    if (!this.lastWasE) this.eLines = [];
    if (this.eLines.length < MAX_MESSAGE_LINES) this.eLines.push(this.lines[i]!.slice(1));
    this.lastWasE = true;
    return i + 1;
  }

  private endShort(i: number): number {
    this.short = undefined;
    return i + 1;
  }

  /** `>       return json.loads(raw)`: the failing line of a long entry. */
  private markedLine(i: number, line: string): number | undefined {
    if (!/^>(?:\s|$)/.test(line)) return undefined;
    this.long.marked = line.slice(1).trim();
    this.long.sawCode = true;
    return this.endShort(i);
  }

  /** `inventory/pricing.py:29: in cart_average`: a short entry starts. */
  private shortHeader(i: number, line: string): number | undefined {
    const sh = SHORT_HEADER.exec(line);
    if (!sh || !looksLikePath(sh[1]!)) return undefined;
    const lineNo = parseLineNumber(sh[2]!);
    if (lineNo !== undefined) {
      this.short = { file: sh[1]!, line: lineNo, function: sh[3]!.trim() };
      this.frames.push(this.short);
      this.shortSawSource = false;
    }
    this.long = newLongEntry();
    return i + 1;
  }

  /** `inventory/pricing.py:34: ValueError`: the location that closes a long entry. */
  private longLocation(i: number, line: string): number | undefined {
    const long = this.long;
    if (long.marked === undefined || this.short) return undefined;
    const loc = LONG_LOCATION.exec(line);
    if (!loc || !looksLikePath(loc[1]!)) return undefined;
    const lineNo = parseLineNumber(loc[2]!);
    if (lineNo !== undefined) {
      const frame: RawFrame = { file: loc[1]!, line: lineNo };
      if (long.defName !== undefined) frame.function = long.defName;
      if (long.marked !== '???') frame.sourceLine = long.marked;
      const locals = long.locals.length > 0 ? long.locals : long.args;
      if (locals.length > 0) frame.locals = locals;
      this.frames.push(frame);
    }
    const text = loc[3]?.trim();
    if (text) this.locationType = text;
    this.long = newLongEntry();
    return i + 1;
  }

  /** Short entry: the source line, caret markers, then `-l` locals indented 8. */
  private shortBody(i: number, line: string): number | undefined {
    const short = this.short;
    if (!short) return undefined;
    const local = this.shortSawSource ? SHORT_LOCAL.exec(line) : null;
    if (local) {
      const raw = this.lines[i]!;
      pushLocal(short, local[1]!, raw.slice(raw.indexOf('=') + 2));
    } else if (!this.shortSawSource && /^\s/.test(line) && !isCaretLine(line)) {
      short.sourceLine = line.trim();
      this.shortSawSource = true;
    }
    return i + 1;
  }

  /** Long entry: the `def` line and source, arguments before them, `-l` locals after the `>` line. */
  private longBody(i: number, line: string): number | undefined {
    const long = this.long;
    const def = DEF_LINE.exec(line);
    if (def) {
      long.defName ??= def[1]!;
      long.sawCode = true;
    } else if (/^\s/.test(line)) {
      long.sawCode = true;
    } else if (ASSIGNMENT.test(line)) {
      // Before the source: the function's arguments; after the `>` line: the `-l` locals block.
      const raw = this.lines[i]!;
      if (long.marked !== undefined) pushAll(long.locals, [splitAssignment(raw)]);
      else if (!long.sawCode) pushAll(long.args, splitArguments(raw));
    }
    return i + 1;
  }

  private segment(): PySegment {
    const exc = this.eLines.length > 0 ? parseELines(this.eLines) : { message: '' };
    let exceptionType = exc.exceptionType;
    if (exceptionType === undefined) {
      const located = this.locationType;
      if (located !== undefined && /^[A-Za-z_][\w.]*$/.test(located)) exceptionType = located;
      else if (/^assert\b/.test(exc.message)) exceptionType = 'AssertionError';
    }
    const seg: PySegment = { frames: this.frames.toArray(), message: exc.message };
    if (exceptionType !== undefined) seg.exceptionType = exceptionType;
    return seg;
  }
}

/** `E` lines with the `E` removed: strip their shared indentation, then read type and message. */
export function parseELines(eLines: string[]): { exceptionType?: string; message: string } {
  let indent = Infinity;
  for (const l of eLines) {
    if (l.trim() === '') continue;
    let n = 0;
    while (n < l.length && n < indent && (l[n] === ' ' || l[n] === '\t')) n++;
    indent = Math.min(indent, n);
  }
  if (!Number.isFinite(indent)) indent = 0;
  const text = eLines.map((l) => l.slice(Math.min(indent, l.length)).trimEnd());
  return parseExceptionText(text);
}

function pushLocal(frame: RawFrame, name: string, value: string): void {
  frame.locals ??= [];
  if (frame.locals.length < MAX_LOCALS) frame.locals.push({ name, value });
}

function pushAll(into: Locals, items: Locals): void {
  for (const it of items) if (into.length < MAX_LOCALS) into.push(it);
}

/** `name      = value` (pytest pads names to line the `=` up). */
function splitAssignment(line: string): { name: string; value: string } {
  const eq = line.indexOf('=');
  return { name: line.slice(0, eq).trim(), value: line.slice(eq + 2) };
}

/**
 * `self = <Obj at 0x1>, s = '{not json'`: pytest joins a function's arguments with `, `. A value
 * containing `, x = ` is split wrongly; the values are evidence for a reader, not data to evaluate.
 */
function splitArguments(line: string): Locals {
  const out: Locals = [];
  for (const part of line.split(/, (?=[A-Za-z_]\w* = )/)) {
    const m = ASSIGNMENT.exec(structuralHead(part));
    if (m) out.push({ name: m[1]!, value: part.slice(part.indexOf('=') + 2) });
    if (out.length >= MAX_LOCALS) break;
  }
  return out;
}

/**
 * The interpreter's own traceback format, as `python`, `unittest`, `pytest --tb=native` and
 * logging's `logger.exception` print it:
 *
 *   Traceback (most recent call last):
 *     File "/abs/path/pricing.py", line 24, in average_price
 *       return total / len(prices)
 *              ~~~~~~^~~~~~~~~~~~~
 *   ZeroDivisionError: division by zero
 *
 * Frames are printed outermost first, which is the order LogFailure wants. Frames without source
 * (`File "<frozen importlib._bootstrap>", line 1204, in _gcd_import`) and library frames are kept
 * raw: `frames/` decides what is the user's code.
 */
import { chainSeparator, type PySegment } from './python-chain.js';
import { FrameWindow, MAX_MESSAGE_LINES, parseLineNumber, structuralHead } from './traceback-bounds.js';
import type { RawFrame } from './log-parser.js';

export const TRACEBACK_HEADER = /^\s*Traceback \(most recent call last\):\s*$/;
const FILE_LINE = /^(\s*)File "(.+)", line (\d+)(?:, in (.+))?$/;
const REPEATED = /^\s*\[Previous line repeated \d+ more times?\]$/;
/** `^^^^` / `~~~^~~~` markers under the source line (Python 3.11+), or pytest's under its code. */
const CARET_LINE = /^\s*[\^~]+\s*$/;
/** `pkg.mod.ErrorName: message`, `ErrorName`, `ErrorName:` (the start of an exception's first line). */
const EXCEPTION_HEAD = /^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?:: ?|\s*$)/;

export function isCaretLine(line: string): boolean {
  return CARET_LINE.test(structuralHead(line));
}

/**
 * A line that closes a block of a test report: pytest's `==== title ====`, `____ test ____`,
 * `---- Captured stdout call ----` and `!!!! Interrupted !!!!` rules, unittest's `=====` and `-----`.
 */
export function isBlockRule(line: string): boolean {
  const h = structuralHead(line);
  const c = h[0];
  if (c !== '=' && c !== '-' && c !== '_' && c !== '!') return false;
  if (/^([=\-_!])\1*$/.test(h)) return h.length >= 10;
  return /^([=\-_!])\1{2,} .+ \1{3,}$/.test(h);
}

/**
 * Split the text of an exception (`Type: message` plus continuation lines) into type and message.
 * A first line that does not name an exception class (pytest's rewritten `assert 1 == 2`) gives no
 * type: the caller knows better (pytest's location line, or `AssertionError` for an `assert`).
 */
export function parseExceptionText(lines: string[]): { exceptionType?: string; message: string } {
  const first = lines[0] ?? '';
  const m = EXCEPTION_HEAD.exec(structuralHead(first));
  const lastPart = m ? m[1]!.slice(m[1]!.lastIndexOf('.') + 1) : '';
  // Exception classes are capitalised by convention; a lowercase word is a message, not a type.
  if (m && /^[A-Z]/.test(lastPart)) {
    const message = [first.slice(m[0].length), ...lines.slice(1)].join('\n').trim();
    return { exceptionType: m[1]!, message };
  }
  return { message: lines.join('\n').trim() };
}

export interface NativeTraceback {
  segments: PySegment[];
  /** Index of the first line after the traceback. */
  next: number;
}

/**
 * Parse a traceback (and the chain that follows it) whose header is `lines[start]`, reading no
 * further than `end`. `delimited`: the traceback sits in a block that ends at `end` (a pytest
 * section, a unittest block), so a message may contain blank lines; otherwise a blank line ends it.
 */
export function parseNativeTraceback(lines: string[], start: number, end: number, delimited: boolean): NativeTraceback {
  const segments: PySegment[] = [];
  let i = start;
  while (i < end && segments.length < 50) {
    const seg = parseOneTraceback(lines, i, end, delimited);
    segments.push(seg.segment);
    i = seg.next;
    // A chain continues after blank lines, a separator, blank lines and another header.
    let k = i;
    while (k < end && lines[k]!.trim() === '') k++;
    const relation = k < end ? chainSeparator(structuralHead(lines[k]!)) : undefined;
    if (!relation) break;
    k++;
    while (k < end && lines[k]!.trim() === '') k++;
    if (k >= end || !TRACEBACK_HEADER.test(structuralHead(lines[k]!))) break;
    seg.segment.linkToNext = relation;
    i = k;
  }
  return { segments, next: i };
}

function parseOneTraceback(
  lines: string[],
  start: number,
  end: number,
  delimited: boolean,
): { segment: PySegment; next: number } {
  const baseIndent = indentOf(lines[start]!);
  const frames = FrameWindow.outermostFirst();
  let i = start + 1;
  while (i < end) {
    const line = structuralHead(lines[i]!);
    const m = FILE_LINE.exec(line);
    if (m) {
      const lineNo = parseLineNumber(m[3]!);
      const frame: RawFrame | undefined = lineNo === undefined ? undefined : { file: m[2]!, line: lineNo };
      if (frame && m[4] !== undefined) frame.function = m[4].trim();
      if (frame) frames.push(frame);
      const fileIndent = m[1]!.length;
      i++;
      // The source line, then caret markers (and, for a multi-line statement, more source lines).
      let sawSource = false;
      while (i < end) {
        const next = structuralHead(lines[i]!);
        if (next.trim() === '' || indentOf(next) <= fileIndent || next.trimStart().startsWith('File "')) break;
        if (!sawSource && !isCaretLine(next) && frame) frame.sourceLine = next.trim();
        sawSource = true;
        i++;
      }
      continue;
    }
    if (REPEATED.test(line)) {
      i++;
      continue;
    }
    // Anything indented deeper than the header that is not a frame (exception-group drawings,
    // tool-specific decorations) is skipped; the first line back at the header's indentation is
    // the exception.
    if (line.trim() !== '' && indentOf(line) > baseIndent) {
      i++;
      continue;
    }
    break;
  }
  if (i >= end || lines[i]!.trim() === '') return { segment: { frames: frames.toArray(), message: '' }, next: i };
  const textLines = [lines[i]!.slice(Math.min(baseIndent, indentOf(lines[i]!)))];
  i++;
  while (i < end && textLines.length < MAX_MESSAGE_LINES) {
    const line = lines[i]!;
    const head = structuralHead(line);
    if (chainSeparator(head) || TRACEBACK_HEADER.test(head) || isBlockRule(head)) break;
    if (line.trim() === '') {
      if (!delimited) break;
      let k = i + 1;
      while (k < end && lines[k]!.trim() === '') k++;
      const after = k < end ? structuralHead(lines[k]!) : '';
      if (k >= end || chainSeparator(after) || TRACEBACK_HEADER.test(after) || isBlockRule(after)) break;
    }
    textLines.push(line);
    i++;
  }
  const exc = parseExceptionText(textLines);
  const segment: PySegment = { frames: frames.toArray(), message: exc.message };
  if (exc.exceptionType !== undefined) segment.exceptionType = exc.exceptionType;
  return { segment, next: i };
}

export function indentOf(line: string): number {
  let n = 0;
  while (n < line.length && (line[n] === ' ' || line[n] === '\t')) n++;
  return n;
}

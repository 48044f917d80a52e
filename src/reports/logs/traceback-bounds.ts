/**
 * Size limits shared by the log parsers, and the line reader they all start from. Logs are
 * untrusted: a test name, a message or a value can be megabytes long and a log can hold thousands of
 * failures, so every field a parser returns goes through one of these (the JavaScript parser has
 * bounds of its own: javascript.ts, js-error-block.ts).
 */
import { stripAnsi } from '../../text/untrusted-text.js';
import { clip, splitLines, stripLogPrefix } from './log-text.js';
import type { LogFailure, RawFrame } from './log-parser.js';

/** Failures one parser returns from one log; a run with more is broken beyond what a repair can use. */
export const MAX_FAILURES = 500;
/** Frames kept per failure or chained exception (recursion can print thousands). */
export const MAX_FRAMES = 200;
/** Of those, how many of the outermost are kept; the rest are the deepest, where the failure is. */
const KEEP_OUTERMOST = 50;
/** Exceptions kept in one chain. */
export const MAX_CHAIN = 10;
/** A failure's message, in characters (head and tail kept: `clip`). */
export const MAX_MESSAGE = 4000;
/** Lines gathered into one message before the parser stops reading it. */
export const MAX_MESSAGE_LINES = 200;
/** Locals kept per frame, and the length of a name and of a value. */
export const MAX_LOCALS = 50;
const MAX_LOCAL_NAME = 100;
const MAX_LOCAL_VALUE = 500;
/** A path, a function name, a source line or a test name. */
export const MAX_FIELD = 1000;
/**
 * Structural lines (headers, frames, locations) are short. Patterns are only tried on at most this
 * many leading characters of a line, so a 5 MB line costs one slice, not a regex scan per pattern.
 */
export const MAX_STRUCTURAL_LINE = 4096;

/**
 * Characters of one log a parser reads. A longer log is read from its end (where runners print
 * their failure reports and summaries), starting at a line boundary.
 */
export const MAX_LOG_CHARS = 32 * 1024 * 1024;

export interface LogLines {
  /** ANSI colours and GitHub Actions timestamps removed. */
  lines: string[];
  /** The 1-based log line number of `lines[0]` (more than 1 when the head of a huge log was skipped). */
  firstLine: number;
}

/**
 * The lines of a log as parsers read them. `maxLineChars`: every line is also cut to this length
 * (before its timestamp is removed), for parsers that keep no text longer than a structural line.
 */
export function readLogLines(log: string, maxLineChars?: number): LogLines {
  let firstLine = 1;
  if (log.length > MAX_LOG_CHARS) {
    let start = log.length - MAX_LOG_CHARS;
    const nl = log.indexOf('\n', start);
    start = nl < 0 ? start : nl + 1;
    for (let i = log.indexOf('\n'); i >= 0 && i < start; i = log.indexOf('\n', i + 1)) firstLine++;
    log = log.slice(start);
  }
  const lines = splitLines(stripAnsi(log));
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    lines[i] = stripLogPrefix(
      maxLineChars !== undefined && line.length > maxLineChars ? line.slice(0, maxLineChars) : line,
    );
  }
  return { lines, firstLine };
}

/** The part of a line that structural patterns look at (see MAX_STRUCTURAL_LINE). */
export function structuralHead(line: string): string {
  return line.length > MAX_STRUCTURAL_LINE ? line.slice(0, MAX_STRUCTURAL_LINE) : line;
}

export function clipField(s: string): string {
  return clip(s, MAX_FIELD);
}

export function boundMessage(s: string): string {
  return clip(s, MAX_MESSAGE);
}

/** Keep the outermost few and the deepest frames: the test's own frame and the failing one. */
export function boundFrames(frames: RawFrame[]): RawFrame[] {
  if (frames.length <= MAX_FRAMES) return frames;
  return [...frames.slice(0, KEEP_OUTERMOST), ...frames.slice(frames.length - (MAX_FRAMES - KEEP_OUTERMOST))];
}

/**
 * Collects frames while a trace is read, keeping only what `boundFrames` would keep: the first
 * `head` and the last `tail` pushed. Memory stays bounded however many frames a log prints.
 */
export class FrameWindow {
  private readonly head: RawFrame[] = [];
  private tail: RawFrame[] = [];

  constructor(
    private readonly headMax: number,
    private readonly tailMax: number,
  ) {}

  /** For traces printed outermost first (Python). */
  static outermostFirst(): FrameWindow {
    return new FrameWindow(KEEP_OUTERMOST, MAX_FRAMES - KEEP_OUTERMOST);
  }

  /** For traces printed deepest first (JVM, Go, Rust backtraces). */
  static deepestFirst(): FrameWindow {
    return new FrameWindow(MAX_FRAMES - KEEP_OUTERMOST, KEEP_OUTERMOST);
  }

  push(frame: RawFrame): void {
    if (this.head.length < this.headMax) {
      this.head.push(frame);
      return;
    }
    this.tail.push(frame);
    if (this.tail.length >= 2 * this.tailMax) this.tail = this.tail.slice(-this.tailMax);
  }

  get length(): number {
    return this.head.length + Math.min(this.tail.length, this.tailMax);
  }

  /** The kept frames, in the order they were pushed. */
  toArray(): RawFrame[] {
    return [...this.head, ...this.tail.slice(-this.tailMax)];
  }
}

export function boundLocals(locals: Array<{ name: string; value: string }>): Array<{ name: string; value: string }> {
  return locals
    .slice(0, MAX_LOCALS)
    .map((l) => ({ name: clip(l.name, MAX_LOCAL_NAME), value: clip(l.value, MAX_LOCAL_VALUE) }));
}

/** Parse a line number as printed; anything that is not a positive safe integer is no line. */
export function parseLineNumber(text: string): number | undefined {
  if (text.length > 9) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Apply every bound to a failure a parser built (the one place all fields are capped). */
export function boundFailure(f: LogFailure): LogFailure {
  const out: LogFailure = { ...f, message: boundMessage(f.message), frames: boundFrames(f.frames).map(boundFrame) };
  if (f.exceptionType !== undefined) out.exceptionType = clipField(f.exceptionType);
  if (f.locals) out.locals = boundLocals(f.locals);
  if (f.messageLocations) out.messageLocations = f.messageLocations.slice(0, MAX_FRAMES).map(boundFrame);
  if (f.test) {
    const t: NonNullable<LogFailure['test']> = {};
    for (const key of ['name', 'classname', 'file', 'id'] as const) {
      const v = f.test[key];
      if (v !== undefined) t[key] = clipField(v);
    }
    out.test = t;
  }
  if (f.chain) {
    out.chain = f.chain.slice(0, MAX_CHAIN).map((c) => ({
      ...c,
      ...(c.exceptionType !== undefined ? { exceptionType: clipField(c.exceptionType) } : {}),
      message: boundMessage(c.message),
      frames: boundFrames(c.frames).map(boundFrame),
    }));
  }
  return out;
}

function boundFrame(fr: RawFrame): RawFrame {
  const out: RawFrame = { ...fr, file: clipField(fr.file) };
  if (fr.function !== undefined) out.function = clipField(fr.function);
  if (fr.sourceLine !== undefined) out.sourceLine = clipField(fr.sourceLine);
  if (fr.locals) out.locals = boundLocals(fr.locals);
  return out;
}

/**
 * Reads one printed JavaScript error (the body under a runner's failure header, or a JUnit
 * <failure> body) into type, pruned message and frames. The layouts it has to live with:
 *
 *   vitest   `TypeError: x` · `❯` frames with a code frame (`  20|  …`, `   |  ^`) after the first
 *   jest     message · `at JSON.parse (<anonymous>)` · code frame (`> 11 | …`) · `at` frames;
 *            matcher failures print no type at all: `expect(received).toBe(expected)`
 *   mocha    `AssertionError [ERR_ASSERTION]: …` · `+ expected - actual` diff · `at` frames
 *   node     frames, then ` {` and the error's own properties, where node:test's JUnit wrapper
 *            (`Error [ERR_TEST_FAILURE]`) keeps the real error as `cause:` with its own frames
 *
 * Lines must be ANSI-stripped and bounded by the caller.
 */
import type { RawFrame } from './log-parser.js';
import { clip } from './log-text.js';
import { type ErrorHeader, parseErrorHeader, parseV8FrameLine, parseVitestFrameLine } from './v8-stack.js';

/** Message bounds: enough for an assertion diff, not a whole serialised object graph. */
export const MAX_MESSAGE_LINES = 60;
export const MAX_MESSAGE_CHARS = 4000;
/** Frames kept per error: the deepest and the outermost half each (recursion can print thousands). */
export const MAX_FRAMES = 100;

export interface ErrorBlock {
  exceptionType?: string;
  /** node error code (`ERR_ASSERTION`) when printed. */
  code?: string;
  message: string;
  /** Outermost first, deepest last. */
  frames: RawFrame[];
  /** Frames seen, including those without a source position (`JSON.parse (<anonymous>)`). */
  frameCount: number;
  /** Index of the last line that belonged to the error (`start - 1` if none did). */
  last: number;
}

/** jest's matchers throw JestAssertionError, whose printed name is plain `Error` or nothing. */
const JEST_MATCHER = /^expect(?:\.\w+)?\(/;
/** Code frames: jest `> 11 | code`, `  10 | code`; vitest `  10| code`; the caret line `   |   ^`. */
const CODE_FRAME = /^\s*(?:>\s*)?\d+\s?\|/;
const CODE_FRAME_CARET = /^\s*\|(?:\s|$)/;
/** vitest's section rules: `⎯⎯⎯⎯[1/6]⎯`, `⎯⎯ Unhandled Errors ⎯⎯`. */
const VITEST_RULE = /^\s*⎯{3,}/;
const CAUSE = /^\s*(?:\[cause\]|cause): (.*)$/;
/** Causes followed per error; a longer chain is read as text of the last one. */
const MAX_CAUSES = 16;

interface ErrorContext {
  header?: ErrorHeader;
  firstLine?: string;
  messageLines: string[];
  omittedLines: number;
  deepest: RawFrame[];
  outermost: RawFrame[];
  frameCount: number;
}

function newContext(firstLine: string | undefined, header: ErrorHeader | undefined): ErrorContext {
  return { header, firstLine, messageLines: [], omittedLines: 0, deepest: [], outermost: [], frameCount: 0 };
}

function addFrame(ctx: ErrorContext, frame: RawFrame | null): void {
  ctx.frameCount++;
  if (!frame) return;
  // Printed deepest first: keep the first half as printed and a sliding window of the last half.
  if (ctx.deepest.length < MAX_FRAMES / 2) ctx.deepest.push(frame);
  else {
    ctx.outermost.push(frame);
    if (ctx.outermost.length > MAX_FRAMES / 2) ctx.outermost.shift();
  }
}

function frameOf(line: string): RawFrame | null | undefined {
  const v8 = parseV8FrameLine(line);
  if (v8 !== undefined) return v8;
  return parseVitestFrameLine(line);
}

function isCodeFrame(line: string): boolean {
  return CODE_FRAME.test(line) || CODE_FRAME_CARET.test(line);
}

/** Is this line the start of an error's text (as opposed to a frame or a blank)? */
export function startsError(line: string): boolean {
  const t = line.trim();
  return !!parseErrorHeader(t.startsWith('[') ? t.slice(1) : t) || JEST_MATCHER.test(t);
}

/**
 * An error found without a runner's header around it ends where another error starts, and its
 * frames must follow its first line within this many lines.
 */
const MAX_BARE_MESSAGE_LINES = 500;

/**
 * Read the error in `lines[start, end)`. Stops early at a line that cannot belong to it (text after
 * the frames, a vitest rule), so `last` tells the caller where the error ended. `bare`: no runner
 * header delimits the error (a crash in a log, a JUnit body), so its message is held shorter.
 */
export function readErrorBlock(
  lines: readonly string[],
  start: number,
  end: number,
  options: { bare?: boolean } = {},
): ErrorBlock {
  const reader = new ErrorBlockReader(start, options.bare === true);
  for (let i = start; i < end; i++) if (!reader.read(i, lines[i]!)) break;
  const chosen = chooseContext(reader.contexts);
  if (!chosen) return { message: '', frames: [], frameCount: 0, last: reader.last };
  return {
    ...describe(chosen),
    frames: [...chosen.deepest, ...chosen.outermost].reverse(),
    frameCount: chosen.frameCount,
    last: reader.last,
  };
}

/** Where the reader is in a printed error: before it, in its message, its frames, or its `{ … }` properties. */
type BlockState = 'start' | 'message' | 'frames' | 'props';

/** Reads an error line by line; each state is a step that says whether the line still belongs to it. */
class ErrorBlockReader {
  /** The error and its causes, outermost first. */
  readonly contexts: ErrorContext[] = [];
  /** Index of the last line that belonged to the error. */
  last: number;
  private ctx: ErrorContext | undefined;
  private state: BlockState = 'start';
  /**
   * node prints an error without frames in brackets: `[Error: boom]`, or `[Error: a\nb] {` when
   * properties follow (node:test's JUnit wrapper always looks like that): the message ends at `]`.
   */
  private bracketed = false;

  constructor(
    private readonly start: number,
    private readonly bare: boolean,
  ) {
    this.last = start - 1;
  }

  /** Read line `i`; false when it is not the error's and reading stops. */
  read(i: number, line: string): boolean {
    switch (this.state) {
      case 'start':
        return this.beforeError(i, line);
      case 'message':
        return this.inMessage(i, line);
      case 'frames':
        return this.inFrames(i, line);
      case 'props':
        return this.inProps(i, line);
    }
  }

  private open(header: ErrorHeader | undefined, firstLine?: string): ErrorContext {
    this.ctx = newContext(firstLine, header);
    this.contexts.push(this.ctx);
    return this.ctx;
  }

  /** Blank lines, then the error's first line or (jest's `Cause:`, a bare stack) its first frame. */
  private beforeError(i: number, line: string): boolean {
    if (line.trim() === '') return true;
    const frame = frameOf(line);
    if (frame !== undefined) {
      addFrame(this.open(undefined), frame);
      this.state = line.trimEnd().endsWith(' {') ? 'props' : 'frames';
    } else {
      this.state = this.begin(line);
    }
    this.last = i;
    return true;
  }

  /** The error's first line: `Type: message`, `[Type: message]`, or a message without a type. */
  private begin(line: string): BlockState {
    let t = line.trim();
    let next: BlockState = 'message';
    this.bracketed = t.startsWith('[') && !!parseErrorHeader(t.slice(1));
    if (this.bracketed) {
      t = t.slice(1);
      if (t.endsWith('] {')) [t, next, this.bracketed] = [t.slice(0, -3), 'props', false];
      else if (t.endsWith(']')) [t, next, this.bracketed] = [t.slice(0, -1), 'frames', false];
    }
    const header = parseErrorHeader(t);
    this.open(header, header ? undefined : t);
    return next;
  }

  private inMessage(i: number, line: string): boolean {
    const t = line.trim();
    const ctx = this.ctx!;
    const frame = frameOf(line);
    if (frame !== undefined) {
      addFrame(ctx, frame);
      this.state = line.trimEnd().endsWith(' {') ? 'props' : 'frames';
      this.last = i;
    } else if (isCodeFrame(line)) {
      // The message is over; the code frame sits between it and (the rest of) the frames.
      this.state = 'frames';
      this.last = i;
    } else if (VITEST_RULE.test(line) || t.startsWith('Serialized Error:')) {
      return false;
    } else if (this.bare && (i - this.start > MAX_BARE_MESSAGE_LINES || startsError(line))) {
      return false;
    } else if (this.bracketed && (t.endsWith('] {') || t.endsWith(']'))) {
      // The end of a bracketed error's message.
      const text = line.slice(0, line.lastIndexOf(']'));
      if (text.trim() !== '') ctx.messageLines.push(text);
      this.state = t.endsWith('] {') ? 'props' : 'frames';
      this.bracketed = false;
      this.last = i;
    } else {
      if (ctx.messageLines.length < MAX_MESSAGE_LINES) ctx.messageLines.push(line);
      else ctx.omittedLines++;
      if (t !== '') this.last = i;
    }
    return true;
  }

  private inFrames(i: number, line: string): boolean {
    const t = line.trim();
    const frame = frameOf(line);
    const causeHeader = frame === undefined ? this.causeHeader(line) : undefined;
    if (frame !== undefined) {
      addFrame(this.ctx!, frame);
      if (line.trimEnd().endsWith(' {')) this.state = 'props';
      this.last = i;
    } else if (t === '' || isCodeFrame(line)) {
      if (t !== '') this.last = i;
    } else if (t === 'Cause:' && this.contexts.length <= MAX_CAUSES) {
      // jest prints a timeout's cause (with the test's own frame) in a section of its own.
      this.state = 'start';
      this.last = i;
    } else if (causeHeader) {
      this.open(causeHeader);
      this.state = 'message';
      this.last = i;
    } else {
      return false;
    }
    return true;
  }

  /** The error's own properties (`code: 'ERR_ASSERTION'`, `actual: 10`, …) until its `}`. */
  private inProps(i: number, line: string): boolean {
    const t = line.trim();
    const causeHeader = this.causeHeader(line);
    if (causeHeader) {
      this.open(causeHeader);
      this.state = 'message';
    } else if (t !== '' && !/^\s/.test(line) && t !== '}') {
      // Back at the left margin with something that is not the closing brace: not ours.
      return false;
    }
    if (t !== '') this.last = i;
    return true;
  }

  /** `cause: Error: …` / `[cause]: Error: …`, while the chain is short enough to follow. */
  private causeHeader(line: string): ErrorHeader | undefined {
    const cause = this.contexts.length <= MAX_CAUSES ? CAUSE.exec(line) : null;
    return cause ? parseErrorHeader(cause[1]!) : undefined;
  }
}

/**
 * The error that failed the test is the outer one, unless its frames are all the runner's: node:test's
 * JUnit reporter wraps every failure in `Error [ERR_TEST_FAILURE]` and keeps the test's error as
 * its `cause`; jest's timeout error is thrown from jest-circus with the test's frame in `Cause:`.
 * Then the first cause with a frame of the user's is the one to read. node:test's wrapper is never
 * the test's error, even when its frame is the user's (a subtest's `await t.test(…)` line).
 */
function chooseContext(contexts: ErrorContext[]): ErrorContext | undefined {
  const outer = contexts[0];
  if (outer?.header?.code === NODE_TEST_WRAPPER) {
    const cause = contexts.slice(1).find(hasOwnFrame);
    if (cause) return cause;
  }
  if (!outer || hasOwnFrame(outer)) return outer;
  return contexts.find(hasOwnFrame) ?? outer;
}

/** The code of node:test's wrapper around a test's error (its JUnit reporter prints it). */
const NODE_TEST_WRAPPER = 'ERR_TEST_FAILURE';

/** A frame outside the runtime and installed dependencies (a guess: `frames/` decides for real). */
function hasOwnFrame(ctx: ErrorContext): boolean {
  return [...ctx.deepest, ...ctx.outermost].some(
    (f) => !f.file.startsWith('node:') && !/(?:^|[\\/])node_modules[\\/]/.test(f.file),
  );
}

function describe(ctx: ErrorContext): { exceptionType?: string; code?: string; message: string } {
  const first = ctx.header ? ctx.header.message : (ctx.firstLine ?? '');
  const message = pruneMessage(first, ctx.messageLines, ctx.omittedLines);
  let type = ctx.header?.type;
  if ((type === undefined || type === 'Error') && JEST_MATCHER.test(first)) type = 'JestAssertionError';
  const out: { exceptionType?: string; code?: string; message: string } = { message };
  if (type) out.exceptionType = type;
  if (ctx.header?.code) out.code = ctx.header.code;
  return out;
}

/**
 * The message as one bounded text: the header's line, then the continuation lines dedented (node
 * and mocha indent them under the header), blank runs collapsed, trailing blanks dropped.
 */
function pruneMessage(first: string, rest: string[], omitted: number): string {
  const indents = rest.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length);
  const dedent = indents.length ? Math.min(...indents) : 0;
  const out: string[] = [first.trimEnd()];
  for (const line of rest) {
    const text = line.slice(Math.min(dedent, line.length - line.trimStart().length)).trimEnd();
    if (text === '' && out[out.length - 1] === '') continue;
    out.push(text);
  }
  while (out.length > 1 && out[out.length - 1] === '') out.pop();
  if (out[0] === '' && out.length > 1) out.shift();
  if (omitted > 0) out.push(`… [${omitted} more lines]`);
  return clip(out.join('\n'), MAX_MESSAGE_CHARS);
}

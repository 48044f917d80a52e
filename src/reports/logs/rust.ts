/**
 * `cargo test` (libtest) output:
 *
 *   ---- tests::balance_counts_refunds stdout ----
 *   thread 'tests::balance_counts_refunds' (12644) panicked at src/lib.rs:50:9:
 *   assertion `left == right` failed
 *     left: 120
 *    right: 90
 *
 * The panic line has had three shapes: Rust ≥ 1.73 puts the location first and the message on
 * the following lines (`panicked at src/lib.rs:50:9:`), recent versions add the thread id
 * (`'name' (12644)`), and older ones quote the message first (`panicked at 'msg', src/lib.rs:4:5`,
 * the quoted message possibly spanning lines). The location is the user's call site even for
 * `unwrap()`/`expect()` (they are `#[track_caller]`), so without a backtrace it is the one frame.
 * With `RUST_BACKTRACE=1` the backtrace (`  5: ledger::owner_of` / `at ./src/lib.rs:24:46`,
 * deepest first) gives the frames, outermost first here; standard library frames
 * (`/rustc/<hash>/library/...`) are kept raw. Every section (`---- name stdout ----`) is a failure,
 * also without a panic (`note: test did not panic as expected`); names in the `failures:` list
 * without a section still get one. Compiler errors (`error[E0425]: …` / `--> src/lib.rs:3:5`) are
 * `kind: 'error'`.
 *
 * Test hints: `test.id` is the full path as libtest prints it (`tests::balance_counts_refunds`),
 * `test.name` its last segment and `test.classname` the module path, as libtest's JUnit writes them.
 */
import { readDiagnostic, RUSTC } from './line-formats.js';
import { runSteps } from './line-reader.js';
import {
  boundFailure,
  FrameWindow,
  type LogLines,
  MAX_FAILURES,
  MAX_MESSAGE_LINES,
  parseLineNumber,
  readLogLines,
  structuralHead,
} from './traceback-bounds.js';
import type { LogFailure, LogParser, RawFrame } from './log-parser.js';

const SECTION = /^---- (.+?) (?:stdout|stderr) ----\s*$/;
const PANIC_NEW = /^thread '([^']*)'(?: \(\d+\))? panicked at (.+?):(\d+):(\d+):\s*$/;
const PANIC_OLD_START = /^thread '([^']*)'(?: \(\d+\))? panicked at '(.*)$/;
const PANIC_OLD_END = /^(.*)', (.+?):(\d+):(\d+)\s*$/;
/** Backtrace: `  5: ledger::owner_of` (or `RUST_BACKTRACE=full`'s `  5:     0x55d5 - ledger::owner_of::h01…`). */
const BT_FRAME = /^\s*(\d+): (?:\s*0x[0-9a-f]+ - )?(.+?)\s*$/;
const BT_AT = /^\s+at (.+?):(\d+)(?::(\d+))?\s*$/;
const FAILURES_LIST = /^failures:\s*$/;
const TEST_RESULT = /^test result: /;

interface Panic {
  thread: string;
  message: string;
  location?: RawFrame;
  frames: RawFrame[];
  next: number;
}

export const rustLogParser: LogParser = {
  language: 'rust',
  detect(log: string): boolean {
    return (
      log.includes(' panicked at ') ||
      /^---- .+ stdout ----$/m.test(log) ||
      /^test .+ \.\.\. FAILED$/m.test(log) ||
      /^error\[E\d+\]: /m.test(log)
    );
  },
  parse(log: string): LogFailure[] {
    return new RustLogReader(readLogLines(log)).read().map(boundFailure);
  },
};

/** Reads one `cargo test` log: sections, panics outside them, compile errors, the `failures:` list. */
class RustLogReader {
  private readonly out: LogFailure[] = [];
  /** Tests that have a failure already (the `failures:` list adds the others). */
  private readonly seen = new Set<string>();
  private listed: Array<{ name: string; line: number }> = [];

  constructor(private readonly log: LogLines) {}

  read(): LogFailure[] {
    runSteps(
      this.log.lines,
      [
        (i, line) => this.section(i, line),
        (i, line) => this.failuresList(i, line),
        (i, line) => this.uncapturedPanic(i, line),
        (i) => this.compileError(i),
      ],
      { full: () => this.out.length >= MAX_FAILURES },
    );
    this.addListed();
    return this.out;
  }

  /** `---- tests::name stdout ----`: the test's captured output, up to the next section or list. */
  private section(i: number, line: string): number | undefined {
    const section = SECTION.exec(line);
    if (!section) return undefined;
    const end = sectionEnd(this.log.lines, i + 1);
    this.out.push(parseSection(this.log.lines, i, end, section[1]!, this.log.firstLine));
    this.seen.add(section[1]!);
    return end;
  }

  /** `failures:` precedes both the sections and, later, the plain list of names. */
  private failuresList(i: number, line: string): number | undefined {
    if (!FAILURES_LIST.test(line)) return undefined;
    const lines = this.log.lines;
    let k = i + 1;
    const names: Array<{ name: string; line: number }> = [];
    while (k < lines.length && /^\s{4}\S+\s*$/.test(structuralHead(lines[k]!))) {
      names.push({ name: lines[k]!.trim(), line: k + this.log.firstLine });
      k++;
    }
    if (names.length === 0) return undefined;
    this.listed = this.listed.concat(names.slice(0, MAX_FAILURES));
    return k;
  }

  /** A panic outside a section: a test binary run with --nocapture, or a plain program. */
  private uncapturedPanic(i: number, line: string): number | undefined {
    if (!PANIC_NEW.test(line) && !PANIC_OLD_START.test(line)) return undefined;
    const p = readPanic(this.log.lines, i, this.log.lines.length);
    if (!p) return undefined;
    const f = panicFailure(p, undefined);
    f.logLines = { start: i + this.log.firstLine, end: p.next - 1 + this.log.firstLine };
    this.out.push(f);
    if (f.test?.id) this.seen.add(f.test.id);
    return p.next;
  }

  /** rustc: `error[E0425]: cannot find value `x` in this scope` then `  --> src/lib.rs:3:5`. */
  private compileError(i: number): number | undefined {
    const d = readDiagnostic(RUSTC, this.log.lines, i);
    if (!d) return undefined;
    this.out.push({
      language: 'rust',
      kind: 'error',
      exceptionType: d.code !== undefined ? `error[${d.code}]` : 'error',
      message: d.message,
      frames: d.file !== undefined && d.line !== undefined ? [frameFrom(d.file, d.line, d.column)] : [],
      logLines: { start: i + this.log.firstLine, end: d.next - 1 + this.log.firstLine },
    });
    return d.next;
  }

  /** Names in the `failures:` list that no section or panic explained still name a failure. */
  private addListed(): void {
    for (const l of this.listed) {
      if (this.seen.has(l.name) || this.out.length >= MAX_FAILURES) continue;
      this.seen.add(l.name);
      this.out.push({
        language: 'rust',
        kind: 'failure',
        test: testHint(l.name),
        message: '',
        frames: [],
        logLines: { start: l.line, end: l.line },
      });
    }
  }
}

/** A section runs to the next section, the `failures:` list, or the test result line. */
function sectionEnd(lines: string[], from: number): number {
  let i = from;
  while (i < lines.length) {
    const l = structuralHead(lines[i]!);
    if (SECTION.test(l) || FAILURES_LIST.test(l) || TEST_RESULT.test(l)) break;
    i++;
  }
  return i;
}

function parseSection(lines: string[], start: number, end: number, name: string, firstLine: number): LogFailure {
  for (let k = start + 1; k < end; k++) {
    const l = structuralHead(lines[k]!);
    if (!PANIC_NEW.test(l) && !PANIC_OLD_START.test(l)) continue;
    const p = readPanic(lines, k, end);
    if (!p) continue;
    const f = panicFailure(p, name);
    f.logLines = { start: start + firstLine, end: lastContent(lines, start, end) + firstLine };
    return f;
  }
  // No panic: the section's text is the failure (`note: test did not panic as expected`, a
  // test returning `Err` prints `Error: …`).
  const text: string[] = [];
  for (let k = start + 1; k < end && text.length < MAX_MESSAGE_LINES; k++) text.push(lines[k]!);
  return {
    language: 'rust',
    kind: 'failure',
    test: testHint(name),
    message: text.join('\n').trim(),
    frames: [],
    logLines: { start: start + firstLine, end: lastContent(lines, start, end) + firstLine },
  };
}

function lastContent(lines: string[], start: number, end: number): number {
  let k = end - 1;
  while (k > start && lines[k]!.trim() === '') k--;
  return k;
}

function readPanic(lines: string[], start: number, end: number): Panic | undefined {
  const head = structuralHead(lines[start]!);
  const message: string[] = [];
  let location: RawFrame | undefined;
  let thread: string;
  let i = start + 1;
  const modern = PANIC_NEW.exec(head);
  if (modern) {
    thread = modern[1]!;
    location = frameAt(modern[2]!, modern[3]!, modern[4]!);
    while (i < end && message.length < MAX_MESSAGE_LINES) {
      const l = structuralHead(lines[i]!);
      // libtest's own lines end a message (they interleave with it under --nocapture).
      if (
        l.trim() === '' ||
        /^note: |^stack backtrace:|^test \S+ \.\.\. /.test(l) ||
        PANIC_NEW.test(l) ||
        SECTION.test(l)
      )
        break;
      if (FAILURES_LIST.test(l) || TEST_RESULT.test(l)) break;
      message.push(lines[i]!);
      i++;
    }
  } else {
    const old = PANIC_OLD_START.exec(head);
    if (!old) return undefined;
    thread = old[1]!;
    // The quoted message ends at `', file:line:col` (on this line or a later one).
    let text = old[2]!;
    let k = start;
    for (;;) {
      const close = PANIC_OLD_END.exec(k === start ? text : structuralHead(lines[k]!));
      if (close) {
        message.push(close[1]!);
        location = frameAt(close[2]!, close[3]!, close[4]!);
        break;
      }
      message.push(k === start ? text : lines[k]!);
      k++;
      if (k >= end || message.length >= MAX_MESSAGE_LINES) return undefined;
      text = lines[k]!;
    }
    i = k + 1;
  }
  // Skip the `note: run with RUST_BACKTRACE=1` hint, then read a backtrace if one follows.
  while (i < end && /^note: /.test(structuralHead(lines[i]!))) i++;
  const printed = FrameWindow.deepestFirst();
  if (i < end && /^stack backtrace:/.test(structuralHead(lines[i]!))) {
    i++;
    while (i < end) {
      const fr = BT_FRAME.exec(structuralHead(lines[i]!));
      if (!fr) break;
      i++;
      const at = i < end ? BT_AT.exec(structuralHead(lines[i]!)) : null;
      if (!at) continue; // no debug info for this frame: nothing to point at
      i++;
      const frame = frameAt(at[1]!, at[2]!, at[3]);
      if (frame) printed.push({ ...frame, function: fr[2]! });
    }
    while (i < end && /^note: /.test(structuralHead(lines[i]!))) i++;
  }
  const frames = printed.toArray().reverse();
  // The panic location is the user's call site; keep it deepest when the backtrace lacks it.
  if (location && !frames.some((f) => sameLocation(f, location!))) frames.push(location);
  const panic: Panic = { thread, message: message.join('\n').trim(), frames, next: i };
  if (location) panic.location = location;
  return panic;
}

function frameAt(file: string, line: string, column: string | undefined): RawFrame | undefined {
  const l = parseLineNumber(line);
  if (l === undefined) return undefined;
  return frameFrom(file, l, column !== undefined ? parseLineNumber(column) : undefined);
}

function frameFrom(file: string, line: number, column: number | undefined): RawFrame {
  const frame: RawFrame = { file, line };
  if (column !== undefined) frame.column = column;
  return frame;
}

function sameLocation(a: RawFrame, b: RawFrame): boolean {
  return a.line === b.line && a.file.replace(/^\.\//, '') === b.file.replace(/^\.\//, '');
}

function panicFailure(p: Panic, sectionName: string | undefined): LogFailure {
  // The thread is named after the test unless the test spawned threads of its own.
  const threadIsTest = p.thread !== 'main' && p.thread !== '<unnamed>' && p.thread !== '';
  const name = sectionName ?? (threadIsTest ? p.thread : undefined);
  const f: LogFailure = {
    language: 'rust',
    kind: 'failure',
    exceptionType: 'panic',
    message: p.message,
    frames: p.frames,
  };
  if (name !== undefined) f.test = testHint(name);
  return f;
}

/** `tests::balance_counts_refunds` → id as printed, name its last segment, classname the module path. */
function testHint(path: string): NonNullable<LogFailure['test']> {
  const sep = path.lastIndexOf('::');
  if (sep < 0) return { id: path, name: path };
  return { id: path, name: path.slice(sep + 2), classname: path.slice(0, sep) };
}

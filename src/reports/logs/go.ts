/**
 * `go test` output (plain and `-v`, also what gotestsum prints and stores in its JUnit bodies):
 *
 *   --- FAIL: TestTotal (0.00s)
 *       --- FAIL: TestTotal/two_pens (0.00s)
 *           cart_test.go:23: Total() = 3, want 6
 *   FAIL	example.com/shop/cart	0.004s
 *
 * With `-v` a test's messages come before its `--- FAIL` line, after its `=== RUN`/`=== CONT`.
 * A message's `file_test.go:23` is relative to the package directory: it is kept as printed, and
 * the package import path (from the `FAIL\tpkg` line that closes the package's output, or from
 * the panic trace) goes into `test.classname`, as gotestsum's JUnit writes it; `frames/` joins
 * them. One failure per failing test, its messages joined. A parent whose only failures are its
 * subtests' is not repeated.
 *
 * Which message is the failure: `t.Log` and `t.Errorf` print alike (`file_test.go:N: text`), so
 * the log cannot tell a log line from an error. Without the source the last message is the best
 * guess (a `t.Fatal` ends the test, so it is last; logs mostly come before the check they explain),
 * and it is the failure's frame; every message's location goes into `messageLocations`, for
 * `frames/` to pick the first that is not a log call once it can read the lines
 * (`frames/message-line.ts`).
 *
 * go-junit-report writes a failing test's output lines alone into its failure body, without the
 * `=== RUN`/`--- FAIL:` lines around them. Given the case's name (`TraceContext.testName`), such a
 * body is read as that one test's output.
 *
 * A panic ends the test binary and prints the panicking goroutine, deepest call first:
 *
 *   panic: assignment to entry in nil map [recovered]
 *   	panic: assignment to entry in nil map
 *
 *   goroutine 17 [running]:
 *   example.com/shop/cart.(*Cart).Add(...)
 *   	/abs/path/cart/cart.go:22
 *
 * Frames are returned outermost first with absolute paths as printed; `testing.go`, runtime and
 * other GOROOT frames are kept raw (`frames/` prunes them). Only the first goroutine (the one that
 * panicked) is read. Build failures (`# pkg` then `file.go:12:5: msg`) are `kind: 'error'`.
 */
import { indentOf } from './log-text.js';
import { GO_COMPILER, readDiagnostic } from './line-formats.js';
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
import type { LogFailure, LogParser, RawFrame, TraceContext } from './log-parser.js';

const RUN = /^=== (?:RUN|CONT|PAUSE|NAME)\s+(\S+)\s*$/;
const RESULT = /^(\s*)--- (FAIL|PASS|SKIP): (\S+) \([\d.]+s\)\s*$/;
/** `    cart_test.go:23: message` (a `t.Error`/`t.Fatal`/`t.Log` line). */
const MESSAGE = /^(\s+)([\w.\-/\\]+\.go):(\d+): ?(.*)$/;
/**
 * The same in a bare JUnit body, where a writer may have trimmed the indentation. The space (or the
 * end) after the line number is required: `file.go:7:17: msg` is a compiler error, not a message.
 */
const BODY_MESSAGE = /^(\s*)([\w.\-/\\]+\.go):(\d+):(?: (.*))?$/;
const BODY_MESSAGE_ANYWHERE = /^\s*[\w.\-/\\]+\.go:\d+:(?: |$)/m;
/** Names of Go test functions, subtests included: a body given such a name can be its output. */
const GO_TEST_NAME = /^(?:Test|Benchmark|Example|Fuzz)\w*(?:\/\S*)?$/;
/** Lines `go test` prints around a test's own output; a body with none of them is bare. */
const RUNNER_LINE = /^\s*(?:=== (?:RUN|CONT|PAUSE|NAME)\s|--- (?:FAIL|PASS|SKIP): )/m;
/** Longer names are no Go test's (a hostile report). */
const MAX_TEST_NAME = 1000;
/** Message locations kept per test (a test logging in a loop prints thousands). */
const MAX_MESSAGE_LOCATIONS = 50;
/** `FAIL\texample.com/shop/cart\t0.004s`, `ok  \tpkg\t(cached)`, `FAIL\tpkg [build failed]`. */
const PACKAGE_RESULT = /^(?:FAIL|ok) *\t(\S+)(?:\t.*| \[[^\]]*\])?\s*$/;
const PANIC = /^panic: (.*?)(?: \[recovered(?:, repanicked)?\])?\s*$/;
const GOROUTINE = /^goroutine \d+ (?:gp=\S+ m=\S+ (?:mp=\S+ )?)?\[[^\]]*\]:\s*$/;
/** `\t/abs/path/cart.go:22 +0x1d` */
const FRAME_LOCATION = /^\s+(\S(?:.*\S)?):(\d+)(?: \+0x[0-9a-f]+)?(?: fp=\S+ sp=\S+ pc=\S+)?\s*$/;
const BUILD_HEADER = /^# (\S+)(?: \[\S+\])?\s*$/;
/** Go 1.21+ names the tests that were running when `panic: test timed out` fired. */
const RUNNING_TESTS = /^running tests:\s*$/;

interface TestState {
  name: string;
  messages: string[];
  /** Where each message was printed from, in print order (bounded). */
  locations: RawFrame[];
  start: number;
  end: number;
  failed: boolean;
  /** A subtest of this test failed (so the parent's own failure is only theirs). */
  childFailed: boolean;
  reported: boolean;
}

export const goLogParser: LogParser = {
  language: 'go',
  detect(log: string, context?: TraceContext): boolean {
    return (
      log.includes('--- FAIL: ') ||
      log.includes('=== RUN') ||
      /^(?:FAIL|ok) *\t/m.test(log) ||
      (log.includes('goroutine ') && /\.go:\d+/.test(log)) ||
      bareBodyOf(log, context) !== undefined
    );
  },
  parse(log: string, context?: TraceContext): LogFailure[] {
    return new GoLogReader(readLogLines(log), bareBodyOf(log, context)).read().map(boundFailure);
  },
};

/**
 * The test a bare body belongs to: a Go test name was given and the text has a message line but
 * none of the runner's own lines (a body that has them is read like any log).
 */
function bareBodyOf(text: string, context: TraceContext | undefined): string | undefined {
  const name = context?.testName?.trim();
  if (!name || name.length > MAX_TEST_NAME || !GO_TEST_NAME.test(name)) return undefined;
  if (RUNNER_LINE.test(text) || !BODY_MESSAGE_ANYWHERE.test(text)) return undefined;
  return name;
}

/** Reads one `go test` log, package by package. */
class GoLogReader {
  private readonly out: LogFailure[] = [];
  /** Failures of the package whose output is being read: they learn its import path at `FAIL\tpkg`. */
  private pending: LogFailure[] = [];
  private tests = new Map<string, TestState>();
  /** The test running (`-v`'s `=== RUN`), or the bare body's test. */
  private current: TestState | undefined;
  /** Indentation and test of the last `--- FAIL` header (plain mode: messages follow, deeper). */
  private failHeader: { indent: number; test: TestState } | undefined;
  private lastFail: TestState | undefined;
  private readonly messagePattern: RegExp;

  /** `bareTest`: the whole log is this test's output (a bare JUnit body), and the test failed. */
  constructor(
    private readonly log: LogLines,
    bareTest?: string,
  ) {
    this.messagePattern = bareTest === undefined ? MESSAGE : BODY_MESSAGE;
    if (bareTest !== undefined) {
      this.current = this.test(bareTest, 0);
      this.current.failed = true;
      this.current.end = Math.max(0, log.lines.length - 1);
    }
  }

  read(): LogFailure[] {
    runSteps(
      this.log.lines,
      [
        (i, line) => this.testStarted(i, line),
        (i, line) => this.testEnded(i, line),
        (i, line) => this.testMessage(i, line),
        (i, line) => this.panicked(i, line),
        (i, line) => this.buildFailed(i, line),
        (i, line) => this.packageEnded(i, line),
      ],
      { full: () => this.out.length >= MAX_FAILURES },
    );
    this.closePackage(undefined);
    // Panics are recorded when read, plain failures when their package closes: restore log order.
    return this.out.sort((a, b) => (a.logLines?.start ?? 0) - (b.logLines?.start ?? 0));
  }

  private at(i: number): number {
    return i + this.log.firstLine;
  }

  private test(name: string, i: number): TestState {
    let t = this.tests.get(name);
    if (!t) {
      t = { name, messages: [], locations: [], start: i, end: i, failed: false, childFailed: false, reported: false };
      if (this.tests.size < MAX_FAILURES * 4) this.tests.set(name, t);
    }
    return t;
  }

  /** `=== RUN TestX` (and CONT, PAUSE, NAME): the test whose messages follow in `-v` mode. */
  private testStarted(i: number, line: string): number | undefined {
    const run = RUN.exec(line);
    if (!run) return undefined;
    this.current = this.test(run[1]!, i);
    this.failHeader = undefined;
    return i + 1;
  }

  /** `--- FAIL: TestX (0.00s)` (or PASS, SKIP). */
  private testEnded(i: number, line: string): number | undefined {
    const result = RESULT.exec(line);
    if (!result) return undefined;
    const name = result[3]!;
    const t = this.test(name, i);
    t.end = Math.max(t.end, i);
    if (result[2] !== 'FAIL') {
      this.failHeader = undefined;
      return i + 1;
    }
    t.failed = true;
    this.lastFail = t;
    // Every ancestor of a failing subtest fails because of it (plain mode prints the parent's
    // header first, so the parent is already known).
    for (let slash = name.indexOf('/'); slash > 0; slash = name.indexOf('/', slash + 1)) {
      const parent = this.tests.get(name.slice(0, slash));
      if (parent) parent.childFailed = true;
    }
    this.failHeader = { indent: result[1]!.length, test: t };
    return i + 1;
  }

  /** `    cart_test.go:23: message`, with its deeper-indented continuation lines. */
  private testMessage(i: number, line: string): number | undefined {
    const msg = this.messagePattern.exec(line);
    if (!msg) return undefined;
    // Plain mode: under the `--- FAIL` header, deeper; -v mode: the test that is running.
    const header = this.failHeader;
    const owner = header && msg[1]!.length > header.indent ? header.test : this.current;
    if (!owner) return undefined;
    const lines = this.log.lines;
    const indent = msg[1]!.length;
    const text = [msg[4] ?? ''];
    let k = i + 1;
    // Continuation lines of a multi-line message are indented deeper than its first line.
    while (
      k < lines.length &&
      text.length < MAX_MESSAGE_LINES &&
      indentOf(lines[k]!) > indent &&
      !this.messagePattern.test(structuralHead(lines[k]!))
    ) {
      text.push(lines[k]!.trim());
      k++;
    }
    if (owner.messages.length < MAX_MESSAGE_LINES) owner.messages.push(`${msg[2]}:${msg[3]}: ${text.join('\n')}`);
    const lineNo = parseLineNumber(msg[3]!);
    if (lineNo !== undefined) {
      // The first locations and the last one: the last is the guess without the source.
      const location: RawFrame = { file: msg[2]!, line: lineNo };
      if (owner.locations.length < MAX_MESSAGE_LOCATIONS) owner.locations.push(location);
      else owner.locations[MAX_MESSAGE_LOCATIONS - 1] = location;
    }
    owner.end = Math.max(owner.end, k - 1);
    return k;
  }

  /** `panic: …` and the panicking goroutine's trace. */
  private panicked(i: number, line: string): number | undefined {
    const panic = PANIC.exec(line);
    if (!panic) return undefined;
    const p = readPanic(this.log.lines, i, panic[1]!);
    // The panicking test: the `--- FAIL` printed just before the panic, the test running
    // (`-v`), the `running tests:` list of a timeout, or the Test function in the trace.
    const lastFail = this.lastFail;
    const owner = (lastFail && i - lastFail.end <= 2 ? lastFail : undefined) ?? this.current;
    const name = owner?.name ?? p.runningTest ?? testFromFrames(p.frames);
    const f: LogFailure = {
      language: 'go',
      kind: 'failure',
      exceptionType: 'panic',
      message: p.message,
      frames: p.frames,
      logLines: { start: this.at(owner && lastFail === owner ? owner.start : i), end: this.at(p.next - 1) },
    };
    if (name) f.test = { name };
    const pkg = packageFromFrames(p.frames);
    if (pkg && f.test) f.test.classname = pkg;
    if (owner) owner.reported = true;
    this.pending.push(f);
    return p.next;
  }

  /** `# example.com/shop/cart` followed by compile errors. */
  private buildFailed(i: number, line: string): number | undefined {
    const build = BUILD_HEADER.exec(line);
    if (!build) return undefined;
    const b = readBuildErrors(this.log.lines, i + 1);
    if (b.errors.length === 0) return undefined;
    this.pending.push({
      language: 'go',
      kind: 'error',
      exceptionType: 'build failed',
      test: { classname: build[1]! },
      message: b.errors.join('\n'),
      frames: b.frame ? [b.frame] : [],
      logLines: { start: this.at(i), end: this.at(b.next - 1) },
    });
    return b.next;
  }

  /** `FAIL\tpkg …` / `ok  \tpkg …` closes the package's output. */
  private packageEnded(i: number, line: string): number | undefined {
    const pkg = PACKAGE_RESULT.exec(line);
    if (!pkg) return undefined;
    this.closePackage(pkg[1]);
    return i + 1;
  }

  private closePackage(pkg: string | undefined): void {
    this.flushTests();
    for (const f of this.pending) {
      if (pkg && f.test && f.test.classname === undefined) f.test.classname = pkg;
      if (this.out.length < MAX_FAILURES) this.out.push(f);
    }
    this.pending = [];
    this.tests = new Map();
    this.current = undefined;
    this.failHeader = undefined;
    this.lastFail = undefined;
  }

  /** One failure per failing test not yet reported; a parent failing only through its subtests is not one. */
  private flushTests(): void {
    for (const t of this.tests.values()) {
      if (!t.failed || t.reported) continue;
      if (t.childFailed && t.messages.length === 0) continue;
      t.reported = true;
      const last = t.locations[t.locations.length - 1];
      const f: LogFailure = {
        language: 'go',
        kind: 'failure',
        test: { name: t.name },
        message: t.messages.join('\n'),
        frames: last ? [last] : [],
        logLines: { start: this.at(t.start), end: this.at(t.end) },
      };
      if (t.locations.length > 1) f.messageLocations = t.locations;
      this.pending.push(f);
    }
  }
}

interface Panic {
  message: string;
  frames: RawFrame[];
  runningTest?: string;
  next: number;
}

function readPanic(lines: string[], start: number, first: string): Panic {
  const message = [first];
  let i = start + 1;
  // `\tpanic: …` repeats (recovered, re-panicked) and `[signal SIGSEGV …]` lines follow the first.
  while (i < lines.length && /^\s+panic: |^\[signal /.test(structuralHead(lines[i]!))) i++;
  // A multi-line panic value continues until the blank line before the goroutine.
  while (i < lines.length && message.length < MAX_MESSAGE_LINES) {
    const l = structuralHead(lines[i]!);
    if (
      l.trim() === '' ||
      GOROUTINE.test(l) ||
      RUNNING_TESTS.test(l) ||
      PACKAGE_RESULT.test(l) ||
      RESULT.test(l) ||
      /^exit status \d+$/.test(l)
    )
      break;
    message.push(lines[i]!);
    i++;
  }
  let runningTest: string | undefined;
  for (let k = 0; k < 10 && i < lines.length && !GOROUTINE.test(structuralHead(lines[i]!)); k++) {
    const l = structuralHead(lines[i]!);
    if (RUNNING_TESTS.test(l)) runningTest ??= /^\s+(\S+)/.exec(structuralHead(lines[i + 1] ?? ''))?.[1];
    else if (l.trim() !== '' && !/^\s/.test(l)) break;
    i++;
  }
  const printed = FrameWindow.deepestFirst();
  if (i < lines.length && GOROUTINE.test(structuralHead(lines[i]!))) {
    i++;
    while (i + 1 < lines.length) {
      const fn = structuralHead(lines[i]!);
      if (fn.trim() === '' || /^\s/.test(fn) || GOROUTINE.test(fn)) break;
      const loc = FRAME_LOCATION.exec(structuralHead(lines[i + 1]!));
      if (!loc) break;
      i += 2;
      // `created by` names the goroutine's creator, not a call on this stack.
      if (fn.startsWith('created by ')) continue;
      const lineNo = parseLineNumber(loc[2]!);
      if (lineNo !== undefined) printed.push({ file: loc[1]!, line: lineNo, function: functionName(fn) });
    }
  }
  const panic: Panic = { message: message.join('\n').trim(), frames: printed.toArray().reverse(), next: i };
  if (runningTest !== undefined) panic.runningTest = runningTest;
  return panic;
}

/** `example.com/shop/cart.(*Cart).Add(...)` → `example.com/shop/cart.(*Cart).Add`. */
function functionName(line: string): string {
  const trimmed = line.trim();
  const paren = trimmed.lastIndexOf('(');
  return paren > 0 && trimmed.endsWith(')') ? trimmed.slice(0, paren) : trimmed;
}

/** The package path of a qualified Go function: everything before the first `.` after the last `/`. */
function packageOf(fn: string): string | undefined {
  const slash = fn.lastIndexOf('/');
  const dot = fn.indexOf('.', slash + 1);
  return dot > 0 ? fn.slice(0, dot) : undefined;
}

function testFromFrames(frames: RawFrame[]): string | undefined {
  for (let k = frames.length - 1; k >= 0; k--) {
    const fn = frames[k]!.function ?? '';
    const m = /\.((?:Test|Example|Benchmark|Fuzz)[A-Za-z0-9_]*)(?:\.func\d+)*$/.exec(fn);
    if (m && packageOf(fn) !== 'testing') return m[1]!;
  }
  return undefined;
}

function packageFromFrames(frames: RawFrame[]): string | undefined {
  for (let k = frames.length - 1; k >= 0; k--) {
    const fn = frames[k]!.function ?? '';
    if (/\.(?:Test|Example|Benchmark|Fuzz)[A-Za-z0-9_]*(?:\.func\d+)*$/.test(fn)) return packageOf(fn);
  }
  return undefined;
}

/** Compile errors (`file.go:12:5: msg` and their indented continuations) until the first other line. */
function readBuildErrors(lines: string[], start: number): { errors: string[]; frame?: RawFrame; next: number } {
  const errors: string[] = [];
  let frame: RawFrame | undefined;
  let i = start;
  while (i < lines.length && errors.length < MAX_MESSAGE_LINES) {
    const d = readDiagnostic(GO_COMPILER, lines, i, MAX_MESSAGE_LINES - errors.length);
    if (!d) break;
    errors.push(...d.text);
    if (!frame && d.file !== undefined && d.line !== undefined) {
      frame = { file: d.file, line: d.line };
      if (d.column !== undefined) frame.column = d.column;
    }
    i = d.next;
  }
  const out: { errors: string[]; frame?: RawFrame; next: number } = { errors, next: i };
  if (frame) out.frame = frame;
  return out;
}

/**
 * JVM stack traces in test logs: Maven Surefire's console (3.x `[ERROR] pkg.ClassTest.method --
 * Time elapsed: … <<< FAILURE!`, 2.x `[ERROR] method(pkg.ClassTest)  Time elapsed: … <<< FAILURE!`),
 * Gradle's `ClassTest > method() FAILED`, and any `Throwable.printStackTrace()` output:
 *
 *   java.lang.IllegalArgumentException: bad import line: pen,lots
 *   	at com.example.inventory.Stock.importLine(Stock.java:47)
 *   	at com.example.inventory.StockTest.importLineWithBadQuantity(StockTest.java:46)
 *   Caused by: java.lang.NumberFormatException: For input string: "lots"
 *   	at java.base/java.lang.Integer.parseInt(Integer.java:668)
 *   	at com.example.inventory.Stock.parseQuantity(Stock.java:25)
 *   	at com.example.inventory.Stock.importLine(Stock.java:45)
 *   	... 4 more
 *
 * Files: a JVM frame names a class and a bare file name, never a path. `file` is the guess
 * `com/example/inventory/Stock.java` (the class's package as directories, then the printed file
 * name, which also covers Kotlin/Scala/Groovy and inner classes); `frames/` matches it by suffix
 * to a tracked file (`src/main/java/com/example/inventory/Stock.java`).
 *
 * Chains: the reported exception is the outermost one (what JUnit reports as the failure type);
 * the frames are the root cause's, completed with the `... N more` frames it shares with the
 * trace that wraps it, because the root cause is where the work failed (the user's call into
 * `Integer.parseInt`, not the `throw new IllegalArgumentException` that translated it). Every
 * `Caused by:` stays in `chain`, nearest first, each with its own completed frames. `Suppressed:`
 * blocks are skipped. Printed order is deepest first; frames are returned outermost first.
 */
import { indentOf } from './log-text.js';
import { runSteps } from './line-reader.js';
import {
  boundFailure,
  FrameWindow,
  type LogLines,
  MAX_FAILURES,
  parseLineNumber,
  readLogLines,
  structuralHead,
} from './traceback-bounds.js';
import type { ChainedException, LogFailure, LogParser, RawFrame } from './log-parser.js';

/** `at [module/]pkg.Class.method(Location)`; location `File.java:12`, `Native Method`, `Unknown Source`. */
const FRAME = /^\s*at ([^\s(]+)\(([^()]*)\)\s*(?:~?\[[^\]]*\])?\s*$/;
const MORE = /^\s*\.\.\. (\d+) more\s*$/;
/** `java.lang.IllegalStateException: msg` (a qualified class name; a message is optional). */
const EXCEPTION = /^\s*(?:Exception in thread "[^"]*" )?((?:[A-Za-z_$][\w$]*\.)+[A-Za-z_$][\w$]*)(?::(?: (.*))?)?$/;
const CAUSED_BY = /^\s*Caused by: (.*)$/;
const SUPPRESSED = /^(\s*)Suppressed: /;
/** Surefire 3: `[ERROR] com.example.StockTest.method -- Time elapsed: 0.01 s <<< FAILURE!` */
const SUREFIRE3_CASE = /^\[(?:ERROR|WARNING)\] (\S.*?) -- Time elapsed: .*<<< (?:FAILURE|ERROR)!\s*$/;
/** Surefire 2: `[ERROR] method(com.example.StockTest)  Time elapsed: 0.01 sec  <<< FAILURE!` */
const SUREFIRE2_CASE = /^(?:\[(?:ERROR|WARNING)\] )?(\S+)\(([\w$.]+)\)\s+Time elapsed: .*<<< (?:FAILURE|ERROR)!\s*$/;
/** Gradle: `StockTest > shipRemovesStock() FAILED` */
const GRADLE_CASE = /^(\S+) > (.+) FAILED\s*$/;
/** Gradle's default short form: `    org.opentest4j.AssertionFailedError at StockTest.java:29` */
const GRADLE_SHORT = /^\s+((?:[A-Za-z_$][\w$]*\.)+[A-Za-z_$][\w$]*) at ([\w$.-]+\.\w+):(\d+)\s*$/;
/** Surefire's results summary: `[ERROR]   StockTest.ship:29 msg`, `[ERROR]   StockTest.a:34->helper:13 » IllegalState msg` */
const SUREFIRE_SUMMARY =
  /^\[(?:ERROR|WARNING)\]\s{2,}([\w$]+)\.([\w$]+(?:\([^)]*\))?(?:\[\d+\])?):(\d+)((?:->[\w$.]+:\d+)*)\s?(.*)$/;

interface TestHint {
  test: NonNullable<LogFailure['test']>;
  /** Index of the header line: a hint only applies to a trace that starts right after it. */
  at?: number;
}

/** How many lines after a test header its trace may start (Gradle indents, Surefire does not). */
const HINT_REACH = 3;

interface Throwable {
  exceptionType: string;
  message: string;
  /** As printed: deepest first. */
  printed: RawFrame[];
  /** `... N more`: how many outermost frames are shared with the enclosing throwable. */
  more: number;
}

export const javaLogParser: LogParser = {
  language: 'java',
  detect(log: string): boolean {
    return (
      /^[ \t]*at [\w$./@<>-]+\((?:[\w$-]+\.(?:java|kt|kts|scala|groovy|clj)(?::\d+)?|Native Method|Unknown Source)\)/m.test(
        log,
      ) ||
      /Tests run: \d+, Failures: \d+/.test(log) ||
      /^\S+ > .+ FAILED$/m.test(log)
    );
  },
  parse(log: string): LogFailure[] {
    return new JavaLogReader(readLogLines(log)).read().map(boundFailure);
  },
};

/** Reads one log: test headers, the traces under them, Surefire's summary lines. */
class JavaLogReader {
  private readonly failures: LogFailure[] = [];
  /** The test whose header was just printed: its trace follows within HINT_REACH lines. */
  private hint: TestHint | undefined;
  private readonly summaries: Array<{ failure: LogFailure; method: string; simpleClass: string }> = [];

  constructor(private readonly log: LogLines) {}

  read(): LogFailure[] {
    runSteps(
      this.log.lines,
      [
        (i) => this.expireHint(i),
        (i, line) => this.caseHeader(i, line),
        (i, line) => this.summaryLine(i, line),
        (i, line) => this.gradleShortFailure(i, line),
        (i, line) => this.trace(i, line),
      ],
      { full: () => this.failures.length >= MAX_FAILURES },
    );
    this.addUntracedSummaries();
    return this.failures;
  }

  /** Claims no line: forgets a header whose trace did not follow. */
  private expireHint(i: number): undefined {
    if (this.hint && i - this.hint.at! > HINT_REACH) this.hint = undefined;
    return undefined;
  }

  /** Surefire 3 / 2 and Gradle headers naming the failed test. */
  private caseHeader(i: number, line: string): number | undefined {
    const caseHeader = parseCaseHeader(line);
    if (!caseHeader) return undefined;
    this.hint = { ...caseHeader, at: i };
    return i + 1;
  }

  /** `[ERROR]   StockTest.ship:29 msg` in Surefire's results summary. */
  private summaryLine(i: number, line: string): number | undefined {
    const summary = SUREFIRE_SUMMARY.exec(line);
    if (!summary) return undefined;
    this.summaries.push(summaryFailure(summary, i + this.log.firstLine));
    return i + 1;
  }

  /** Gradle's short form under its header: `org.opentest4j.AssertionFailedError at StockTest.java:29`. */
  private gradleShortFailure(i: number, line: string): number | undefined {
    const gradle = GRADLE_SHORT.exec(line);
    const hint = this.hint;
    if (!gradle || !hint) return undefined;
    const lineNo = parseLineNumber(gradle[3]!);
    this.failures.push({
      language: 'java',
      kind: 'failure',
      test: hint.test,
      exceptionType: gradle[1]!,
      message: '',
      frames:
        lineNo === undefined ? [] : [{ file: packagePathGuess(hint.test.classname ?? '', gradle[2]!), line: lineNo }],
      logLines: { start: i + this.log.firstLine, end: i + this.log.firstLine },
    });
    this.hint = undefined;
    return i + 1;
  }

  /** An exception line followed by `at` frames, with its `Caused by:` chain. */
  private trace(i: number, line: string): number | undefined {
    const trace = EXCEPTION.test(line) ? readTrace(this.log.lines, i) : undefined;
    if (!trace) return undefined;
    const failure = buildFailure(trace.throwables);
    if (this.hint) {
      failure.test = this.hint.test;
      this.hint = undefined;
    }
    failure.logLines = { start: i + this.log.firstLine, end: trace.next - 1 + this.log.firstLine };
    this.failures.push(failure);
    return trace.next;
  }

  /**
   * The results summary repeats every failure in one line; it only adds the ones no trace explains
   * (Surefire with trimmed output, or a log cut before the traces).
   */
  private addUntracedSummaries(): void {
    for (const s of this.summaries) {
      if (this.failures.length >= MAX_FAILURES) break;
      const traced = this.failures.some(
        (f) => f.test?.name === s.method && (f.test.classname ?? '').split('.').pop() === s.simpleClass,
      );
      if (!traced) this.failures.push(s.failure);
    }
  }
}

function parseCaseHeader(line: string): TestHint | undefined {
  const s3 = SUREFIRE3_CASE.exec(line);
  if (s3) {
    const { classname, method } = splitQualifiedMethod(s3[1]!);
    return { test: withId(classname, method) };
  }
  const s2 = SUREFIRE2_CASE.exec(line);
  if (s2) return { test: withId(s2[2]!, s2[1]!) };
  const g = GRADLE_CASE.exec(line);
  if (g) return { test: withId(g[1]!, g[2]!.replace(/\(\)$/, '')) };
  return undefined;
}

function withId(classname: string, name: string): NonNullable<LogFailure['test']> {
  return classname ? { classname, name, id: `${classname}#${name}` } : { name };
}

/**
 * `com.example.StockTest.parse(String)[2]` → class `com.example.StockTest`, method `parse(String)[2]`:
 * the last dot outside parentheses and brackets (parameter types have dots of their own).
 */
function splitQualifiedMethod(s: string): { classname: string; method: string } {
  let depth = 0;
  let lastDot = -1;
  for (let k = 0; k < s.length; k++) {
    const c = s[k];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth = Math.max(0, depth - 1);
    else if (c === '.' && depth === 0) lastDot = k;
  }
  return lastDot < 0 ? { classname: '', method: s } : { classname: s.slice(0, lastDot), method: s.slice(lastDot + 1) };
}

/**
 * Read a trace whose header is at `start`: message lines until the first frame (a header not
 * followed by frames within a few lines is not a trace), frames, `... N more`, `Caused by:`.
 */
function readTrace(lines: string[], start: number): { throwables: Throwable[]; next: number } | undefined {
  const first = readThrowable(lines, start, structuralHead(lines[start]!));
  if (!first || first.throwable.printed.length === 0) return undefined;
  const throwables = [first.throwable];
  let i = first.next;
  while (i < lines.length && throwables.length < 20) {
    const caused = CAUSED_BY.exec(structuralHead(lines[i]!));
    if (!caused) break;
    const next = readThrowable(lines, i, caused[1]!);
    if (!next) break;
    throwables.push(next.throwable);
    i = next.next;
  }
  return { throwables, next: i };
}

function readThrowable(
  lines: string[],
  start: number,
  headerText: string,
): { throwable: Throwable; next: number } | undefined {
  const head = EXCEPTION.exec(headerText);
  if (!head) return undefined;
  const messageLines = head[2] !== undefined ? [head[2]] : [];
  let i = start + 1;
  // A message can span lines (multi-line assertion messages); the first frame ends it.
  while (i < lines.length && !FRAME.test(structuralHead(lines[i]!))) {
    const line = structuralHead(lines[i]!);
    if (messageLines.length >= 20 || i - start > 20) return undefined;
    // Maven's own log lines and a new chain link are never part of a message.
    if (CAUSED_BY.test(line) || /^\[(?:INFO|ERROR|WARNING|DEBUG)\]/.test(line)) return undefined;
    messageLines.push(lines[i]!);
    i++;
  }
  if (i >= lines.length) return undefined;
  const printed = FrameWindow.deepestFirst();
  let more = 0;
  let frameIndent = -1;
  while (i < lines.length) {
    const line = structuralHead(lines[i]!);
    const frame = FRAME.exec(line);
    if (frame) {
      if (frameIndent < 0) frameIndent = indentOf(line);
      const raw = toRawFrame(frame[1]!, frame[2]!);
      if (raw) printed.push(raw);
      i++;
      continue;
    }
    const m = MORE.exec(line);
    if (m) {
      more = Number(m[1]);
      i++;
      break;
    }
    const sup = SUPPRESSED.exec(line);
    if (sup) {
      // A suppressed exception and everything indented under it belong to it, not to this trace.
      const depth = sup[1]!.length;
      i++;
      while (i < lines.length && indentOf(lines[i]!) > depth && lines[i]!.trim() !== '') i++;
      continue;
    }
    break;
  }
  const message = messageLines.join('\n').trim();
  // A count beyond the enclosing trace's length shares all of it (slicing clamps it).
  return {
    throwable: {
      exceptionType: head[1]!,
      message,
      printed: printed.toArray(),
      more: Number.isFinite(more) && more > 0 ? more : 0,
    },
    next: i,
  };
}

/** `java.base/java.lang.Integer.parseInt` + `Integer.java:668` → a frame with a package-path guess. */
function toRawFrame(qualified: string, location: string): RawFrame | undefined {
  const colon = location.lastIndexOf(':');
  if (colon < 0) return undefined; // `Native Method`, `Unknown Source`, `Stock.java`: no line to point at.
  const line = parseLineNumber(location.slice(colon + 1));
  if (line === undefined) return undefined;
  const fileName = location.slice(0, colon);
  // Drop the module / class loader prefix (`java.base/`, `app//`, `com.foo@1.2/`).
  const fn = qualified.slice(qualified.lastIndexOf('/') + 1);
  const classname = fn.slice(0, Math.max(0, fn.lastIndexOf('.')));
  return { file: packagePathGuess(classname, fileName), line, function: fn };
}

/** `com.example.inventory.Stock$Inner` + `Stock.java` → `com/example/inventory/Stock.java`. */
function packagePathGuess(classname: string, fileName: string): string {
  const lastDot = classname.lastIndexOf('.');
  if (lastDot < 0) return fileName;
  return `${classname.slice(0, lastDot).replace(/\./g, '/')}/${fileName}`;
}

function buildFailure(throwables: Throwable[]): LogFailure {
  // Complete each throwable's frames with the `... N more` it shares with the one that wraps it.
  const complete: RawFrame[][] = [];
  throwables.forEach((t, k) => {
    const enclosing = k > 0 ? complete[k - 1]! : [];
    const shared = t.more > 0 ? enclosing.slice(Math.max(0, enclosing.length - t.more)) : [];
    complete.push([...t.printed, ...shared]);
  });
  const outer = throwables[0]!;
  const root = complete[complete.length - 1]!;
  const failure: LogFailure = {
    language: 'java',
    // Surefire's `<<< ERROR!` (an exception rather than an assertion) is still a test that ran and
    // failed; `kind: 'error'` is for tests that could not run (collection, import).
    kind: 'failure',
    exceptionType: outer.exceptionType,
    message: outer.message,
    frames: [...root].reverse(),
  };
  if (throwables.length > 1) {
    failure.chain = throwables.slice(1).map((t, k): ChainedException => ({
      relation: 'cause',
      exceptionType: t.exceptionType,
      message: t.message,
      frames: [...complete[k + 1]!].reverse(),
    }));
  }
  return failure;
}

function summaryFailure(
  m: RegExpExecArray,
  logLine: number,
): { failure: LogFailure; method: string; simpleClass: string } {
  const simpleClass = m[1]!;
  const method = m[2]!;
  const frames: RawFrame[] = [];
  const own = parseLineNumber(m[3]!);
  if (own !== undefined) frames.push({ file: `${simpleClass}.java`, line: own, function: `${simpleClass}.${method}` });
  // `->helper:13` steps go deeper, in the same class unless qualified.
  for (const step of (m[4] ?? '').split('->').filter(Boolean)) {
    const colon = step.lastIndexOf(':');
    const name = step.slice(0, colon);
    const line = parseLineNumber(step.slice(colon + 1));
    if (line === undefined) continue;
    const dot = name.lastIndexOf('.');
    const cls = dot < 0 ? simpleClass : name.slice(0, dot);
    frames.push({ file: `${cls}.java`, line, function: dot < 0 ? `${simpleClass}.${name}` : name });
  }
  const rest = (m[5] ?? '').trim();
  // Errors read `» SimpleName message`; failures are just the message.
  const err = /^» (\S+)\s?(.*)$/.exec(rest);
  const failure: LogFailure = {
    language: 'java',
    kind: 'failure',
    test: { classname: simpleClass, name: method, id: `${simpleClass}#${method}` },
    message: err ? err[2]! : rest,
    frames,
    logLines: { start: logLine, end: logLine },
  };
  if (err) failure.exceptionType = err[1]!;
  return { failure, method, simpleClass };
}

/**
 * From a test run and the failures found in a log to one FailureFrame per failed or errored test:
 * where it failed in the user's code, what was raised, the expression and the lines around it.
 *
 * Evidence comes from two places, which are merged and never duplicated:
 * - the JUnit case itself: `type`/`message` attributes, and the failure body (usually the trace),
 *   read by the same log parsers that read whole logs;
 * - the log section tied to the case (see `match-tests.ts`), which often carries more: pytest's
 *   `--showlocals`, a complete chained traceback, a Go panic the reporter cut.
 * Log failures that fit no case (a log without any report, a collection error, a crash that killed
 * the reporter) still become frames.
 */
import type { TestCase, TestRun } from '../reports/test-run.js';
import type { LogFailure, RawFrame, TraceContext } from '../reports/logs/log-parser.js';
import { FailureFrame, type LocalVariable, type SourceLocation } from '../contracts/failure-frame.js';
import { createExpressionFinder, type ExpressionFinder } from './expression.js';
import { locateTestFile } from './locate-test.js';
import { matchLogFailures } from './match-tests.js';
import { classifyMessageLine } from './message-line.js';
import { firstLine, pruneMessage } from './prune-message.js';
import type { RepoView } from './repo-view.js';
import { countedLines, extractSnippet, type SnippetOptions } from './source-snippet.js';
import { looksLikeTestFile, type ResolveHints } from '../workspace/repo-paths.js';
import { findTestDefinition } from './test-definition.js';
import { isAssertionFailure, selectTriggeringFrame } from './triggering-frame.js';

export interface BuildFramesOptions {
  /**
   * Reads a trace (a JUnit failure body, captured output) into failures: the log parsers'
   * `parseLog`, told which test the text belongs to. Without it, frames carry what the reports'
   * attributes and the log say.
   */
  parseTrace?: (text: string, context?: TraceContext) => LogFailure[];
  snippet?: SnippetOptions;
  /** In-repo frames kept per failure, deepest first kept (deep recursion prints thousands). */
  maxStack?: number;
  /** Frames built at most; failures beyond are left out (the summary still counts them). */
  maxFailures?: number;
  /** Upper bound of an expression's length. */
  maxExpressionLength?: number;
  /** Upper bound of a local variable's printed value. */
  maxLocalLength?: number;
}

const DEFAULT_MAX_STACK = 40;
/**
 * Frames built by default; failures past it are counted (`notFramed`, which every output says),
 * not framed. A product limit, not a technical one: what a frame is for is read by a person or a
 * model, and none of them reads more than this — GitHub shows 10 error annotations per step (50
 * per job), the job summary's table keeps at most 500 rows and drops to 100 and 20 under its byte
 * budget, a repair prompt details 5 failures — while each frame costs a syntax tree of every file
 * its stack names and a parse of its trace (report to frames with 2,000 frames costs about twice
 * the time of 200 on the JUnit bench). When hundreds of tests fail the first 200 show the pattern;
 * `self-heal parse --max-failures <n>` asks for more. The repair loop's fail-to-pass set comes
 * from the test run's cases, never from frames, so the limit never hides a failing test from it.
 */
export const DEFAULT_MAX_FAILURES = 200;
const MAX_LOCALS = 40;
const DEFAULT_MAX_LOCAL_LENGTH = 300;
/** Captured output is read for a trace only up to this much (tail: the failure is at the end). */
const MAX_CAPTURED_TRACE = 256 * 1024;

type Language = FailureFrame['language'];

const LANGUAGE_BY_EXTENSION: Array<[RegExp, Language]> = [
  [/\.pyi?$/, 'python'],
  [/\.[cm]?[jt]sx?$/, 'javascript'],
  [/\.(java|kt)$/, 'java'],
  [/\.go$/, 'go'],
  [/\.rs$/, 'rust'],
];

function languageOfFile(file: string | undefined): Language {
  if (!file) return 'unknown';
  return LANGUAGE_BY_EXTENSION.find(([re]) => re.test(file))?.[1] ?? 'unknown';
}

/** A JUnit `type` worth reporting: a class-like name, not a runner's generic label ("test failure", "failure"). */
function meaningfulType(type: string | undefined): string | undefined {
  const t = type?.trim();
  // A lower-case name without a package, or an upper-case word, is a label, not an exception
  // class: libtest writes `assert` for every panic, node:test `testCodeFailure`, Catch2 the macro
  // (`CHECK`, `REQUIRE`), Playwright `FAILURE`.
  if (!t || t.length > 200 || /^[a-z][\w ]*$/.test(t) || /^[A-Z_]+$/.test(t)) return undefined;
  // Class names, qualified with `.` (Java, Python), `::` (Rust, C++) or `\` (PHP namespaces).
  return /^[A-Za-z_$][\w$]*((\.|::|\\)[A-Za-z_$][\w$]*)*$/.test(t) ? t : undefined;
}

/**
 * The exception class a message starts with, when a report has no trace: pytest writes
 * `ZeroDivisionError: division by zero` (or just `AssertionError`) into the message attribute.
 */
function typeFromMessage(message: string | undefined): string | undefined {
  const m =
    /^\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:Error|Exception|Failure|Warning|Exit|Interrupt|Panic))(?::\s|\s*$)/.exec(
      message ?? '',
    );
  return m?.[1];
}

/** A message that says nothing beyond the status ("Failed" from Go reporters, pytest's "collection failure"). */
function trivialMessage(message: string): boolean {
  return /^(failed|failure|error|test failed|collection failure)?\.?$/i.test(message.trim());
}

/**
 * The report's message attribute unless it says nothing ("Failed"); a trace's message instead
 * when it says the same and more (libtest's JUnit has the first line of an `assert_eq!`, the log
 * has `left:`/`right:` too).
 */
function chooseMessage(
  failure: TestCase['failure'],
  lead: LogFailure | undefined,
  traces: LogFailure[],
  name: string,
): string {
  const fromTraces = [lead?.message, ...traces.map((t) => t.message)]
    .filter((m): m is string => !!m)
    .map((m) => pruneMessage(m));
  const candidates = [
    pruneMessage(failure?.message),
    ...fromTraces,
    failure?.body ? firstLine(pruneMessage(failure.body)) : '',
  ];
  const chosen =
    candidates.find((m) => m && !trivialMessage(m) && !namesOnlyTheTest(m, name)) ?? candidates.find((m) => m) ?? '';
  // A trace that says the same with more, or with the line breaks a report's attribute dropped
  // (node:test's JUnit writer on Node 20 joins `msg:\n\n2 !== 3` into `msg:2 !== 3`).
  const fuller = fromTraces.find(
    (m) =>
      chosen &&
      m !== chosen &&
      m.length >= chosen.length &&
      (m.includes(chosen) || withoutSpace(m).includes(withoutSpace(chosen))),
  );
  return fuller ?? chosen;
}

function withoutSpace(text: string): string {
  return text.replace(/\s+/g, '');
}

/**
 * A message that only says which test failed: Playwright's `cart.spec.ts:12:7 shows the total`,
 * PHPUnit's `Tests\Unit\CartTest::testTotalsWrong` first line.
 */
function namesOnlyTheTest(message: string, name: string): boolean {
  const rest = message
    .trim()
    .replace(/^\S+:\d+(:\d+)?\s+/, '')
    .trim();
  const title = name
    .split(/\s+(?:›|>)\s+/)
    .pop()!
    .trim();
  return rest === name.trim() || rest === title || (rest.endsWith(`::${title}`) && !/\s/.test(rest));
}

interface Evidence {
  failure: LogFailure;
  source: 'junit' | 'log';
}

/** What one frame is built from: the case (or the log failure's test) and its evidence. */
interface FrameInput {
  id: string;
  suite: string;
  name: string;
  classname?: string;
  kind: 'failure' | 'error';
  testCase?: TestCase;
  evidence: Evidence[];
  testFile?: string;
  dirs: string[];
}

interface Resolved {
  stack: SourceLocation[];
  /** The printed frame each stack entry came from (for its locals). */
  raw: Map<SourceLocation, RawFrame>;
  dropped: number;
}

class FrameBuilder {
  private readonly expressions: ExpressionFinder;
  private readonly maxStack: number;
  private readonly lines = new Map<string, readonly string[] | undefined>();
  /** Locations whose expression is filled in once every frame is built, file by file (see `fillExpressions`). */
  private readonly awaitingExpression = new Map<string, SourceLocation[]>();

  constructor(
    private readonly repo: RepoView,
    private readonly options: BuildFramesOptions,
  ) {
    this.expressions = createExpressionFinder((file) => repo.readText(file), {
      maxLength: options.maxExpressionLength,
    });
    this.maxStack = Math.max(1, options.maxStack ?? DEFAULT_MAX_STACK);
  }

  dispose(): void {
    this.expressions.dispose();
    this.lines.clear();
    this.awaitingExpression.clear();
  }

  /**
   * The expressions of every location `withSource` handed out, looked up file by file: each file's
   * syntax tree is built once and freed before the next one's, so a run that names hundreds of
   * files holds one tree at a time, not all of them until the end (trees live in WebAssembly
   * memory, which never shrinks).
   */
  async fillExpressions(): Promise<void> {
    for (const [file, locations] of this.awaitingExpression) {
      const expressions = await this.expressions.expressionsIn(file, locations);
      locations.forEach((location, i) => {
        const expression = expressions[i];
        if (!expression) return;
        // In the schema's order, before the snippet: the JSON output reads the same as before.
        const { snippet } = location;
        if (snippet) delete location.snippet;
        location.expression = expression;
        if (snippet) location.snippet = snippet;
      });
    }
    this.awaitingExpression.clear();
  }

  /** A file's lines, split once per run (many failures show windows of the same file). */
  private linesOf(file: string): readonly string[] | undefined {
    if (!this.lines.has(file)) {
      const text = this.repo.readText(file);
      this.lines.set(file, text === undefined ? undefined : countedLines(text));
    }
    return this.lines.get(file);
  }

  /** In-repo frames of a trace, with how many were library, runtime or size-pruned. */
  resolveStack(frames: readonly RawFrame[], hints: ResolveHints): Resolved {
    const stack: SourceLocation[] = [];
    const raw = new Map<SourceLocation, RawFrame>();
    const anchors = [...(hints.files ?? [])];
    // Two passes: frames that resolve on their own become hints for short, ambiguous ones (a Go
    // `cart_test.go` next to `/abs/path/cart/cart.go`).
    const first = frames.map((f) => this.repo.resolve(f.file, hints));
    for (const verdict of first) if (verdict.kind === 'user') anchors.push(verdict.path);
    frames.forEach((frame, i) => {
      let verdict = first[i]!;
      if (verdict.kind === 'outside' && verdict.reason.startsWith('ambiguous')) {
        verdict = this.repo.resolve(frame.file, { files: anchors, dirs: hints.dirs });
      }
      if (verdict.kind !== 'user' || !Number.isInteger(frame.line) || frame.line < 1) return;
      const location: SourceLocation = { file: verdict.path, line: frame.line };
      if (frame.column && Number.isInteger(frame.column) && frame.column > 0) location.column = frame.column;
      if (frame.function) location.function = frame.function.slice(0, 200);
      stack.push(location);
      raw.set(location, frame);
    });
    let dropped = frames.length - stack.length;
    if (stack.length > this.maxStack) {
      dropped += stack.length - this.maxStack;
      stack.splice(0, stack.length - this.maxStack);
    }
    return { stack, raw, dropped };
  }

  /**
   * A trace whose test printed several messages (Go): its frame is the first message whose line,
   * read in the source, is not a log call (see `message-line.ts`); the parser's guess otherwise.
   */
  async chooseMessageLocation(failure: LogFailure, hints: ResolveHints): Promise<LogFailure> {
    const printed = failure.messageLocations;
    if (!printed || printed.length < 2) return failure;
    for (const raw of printed) {
      const location = this.resolveStack([raw], hints).stack[0];
      if (!location) continue;
      const parsed = await this.expressions.parsed(location.file);
      if (parsed && classifyMessageLine(parsed, location.line) === 'failure') return { ...failure, frames: [raw] };
    }
    return failure;
  }

  /** A copy of `location` with its snippet; its expression is filled in by `fillExpressions`. */
  withSource(location: SourceLocation, snippet: boolean): SourceLocation {
    const out = { ...location };
    let waiting = this.awaitingExpression.get(out.file);
    if (!waiting) this.awaitingExpression.set(out.file, (waiting = []));
    waiting.push(out);
    if (snippet) {
      const lines = this.linesOf(location.file);
      const window = lines === undefined ? undefined : extractSnippet(lines, location.line, this.options.snippet);
      if (window) out.snippet = window;
    }
    return out;
  }

  /**
   * The test's own location and file: its reported line; else its frame in the trace (the
   * outermost frame inside the test's definition, or in its file); else its definition, found in
   * the syntax tree of its file, or of the files of the trace when no report names the file
   * (a Rust unit test lives in `mod tests` of the source file it tests).
   */
  async locateTest(
    c: TestCase | undefined,
    testFile: string | undefined,
    stack: SourceLocation[],
    name: string,
  ): Promise<{ location: SourceLocation | null; file?: string }> {
    if (testFile && c?.line && c.line > 0) return { location: { file: testFile, line: c.line }, file: testFile };
    const candidates = testFile ? [testFile] : [...new Set(stack.map((s) => s.file))];
    for (const file of candidates) {
      const parsed = await this.expressions.parsed(file);
      const definition = parsed ? findTestDefinition(parsed, name) : undefined;
      if (!definition) continue;
      const within = stack.filter(
        (s) => s.file === file && s.line >= definition.startLine && s.line <= definition.endLine,
      );
      // A frame on the definition's own line is a harness wrapper (Rust's `{{closure}}` for
      // `#[test] fn`): the test's line is the next one in, when there is one.
      const inside = within.find((s) => s.line !== definition.line) ?? within[0];
      // No frame inside the definition (a trace that shows only where the panic happened): the
      // definition itself, not another function's frame that happens to share the file.
      return { location: inside ? { ...inside } : { file, line: definition.line }, file };
    }
    if (testFile) {
      // The outermost frame in the test file is the test function's line that led to the failure.
      const frame = stack.find((s) => s.file === testFile);
      return { location: frame ? { ...frame } : null, file: testFile };
    }
    const own = name
      .replace(/\[.*\]$|\(.*\)$/s, '')
      .split(/[/.:\s]+/)
      .filter(Boolean);
    const fn = own[own.length - 1];
    const byName = fn ? stack.find((s) => s.function && s.function.split(/[.:\s]+/).pop() === fn) : undefined;
    if (byName) return { location: { ...byName }, file: byName.file };
    const inTestFile = stack.find((s) => looksLikeTestFile(s.file));
    return { location: inTestFile ? { ...inTestFile } : null, file: inTestFile?.file };
  }

  async build(input: FrameInput): Promise<FailureFrame> {
    const c = input.testCase;
    const hints: ResolveHints = { files: input.testFile ? [input.testFile] : [], dirs: input.dirs };
    const evidences: Evidence[] = [];
    for (const e of input.evidence)
      evidences.push({ ...e, failure: await this.chooseMessageLocation(e.failure, hints) });
    const { primary, all } = this.leadingTrace(evidences, hints);
    const traces = evidences.map((e) => e.failure);
    const lead = primary?.evidence.failure;
    const stack = primary?.resolved.stack ?? [];

    const exceptionType =
      meaningfulType(c?.failure?.type) ??
      lead?.exceptionType ??
      traces.find((t) => t.exceptionType)?.exceptionType ??
      typeFromMessage(c?.failure?.message) ??
      null;
    const message = chooseMessage(c?.failure, lead, traces, input.name);

    const located = await this.locateTest(c, input.testFile, stack, input.name);
    const test = located.location;
    const testFile = located.file;
    const isTestFile = (file: string) => file === testFile || looksLikeTestFile(file);
    const triggering = selectTriggeringFrame(stack, test, {
      isTestFile,
      assertion: input.kind === 'failure' && isAssertionFailure(exceptionType, message),
    });

    const frameLocals = triggering ? localsPrintedAt(triggering, all) : undefined;
    const locals = this.locals(frameLocals, lead ? [lead, ...traces.filter((t) => t !== lead)] : traces);
    const language: Language = lead?.language ?? traces[0]?.language ?? languageOfFile(testFile ?? triggering?.file);
    const evidenceKinds = new Set(evidences.map((e) => e.source));
    if (c) evidenceKinds.add('junit');

    const frame: FailureFrame = {
      id: input.id,
      suite: input.suite,
      name: input.name,
      ...(input.classname ? { classname: input.classname } : {}),
      kind: input.kind,
      exceptionType: exceptionType ? exceptionType.slice(0, 200) : null,
      message,
      triggering: triggering ? this.withSource(triggering, true) : null,
      test: test
        ? this.withSource(test, !triggering || test.file !== triggering.file || test.line !== triggering.line)
        : null,
      stack: stack.map((s) => this.withSource(s, false)),
      droppedFrames: primary?.resolved.dropped ?? 0,
      locals,
      language,
      evidence: (['junit', 'log'] as const).filter((k) => evidenceKinds.has(k)),
    };
    return frame;
  }

  /**
   * The richest trace leads: the one reaching deepest into the user's code; the JUnit body first
   * among equals (it is tied to the case by construction, a log section by matching).
   */
  private leadingTrace(
    evidences: Evidence[],
    hints: ResolveHints,
  ): { primary?: { evidence: Evidence; resolved: Resolved }; all: Resolved[] } {
    let primary: { evidence: Evidence; resolved: Resolved } | undefined;
    const all: Resolved[] = [];
    for (const evidence of evidences) {
      const resolved = this.resolveStack(evidence.failure.frames, hints);
      all.push(resolved);
      if (!primary || resolved.stack.length > primary.resolved.stack.length) primary = { evidence, resolved };
    }
    return primary ? { primary, all } : { all };
  }

  private locals(frameLocals: LocalVariable[] | undefined, traces: LogFailure[]): LocalVariable[] | null {
    const max = this.options.maxLocalLength ?? DEFAULT_MAX_LOCAL_LENGTH;
    const found = frameLocals?.length ? frameLocals : traces.find((t) => t.locals && t.locals.length > 0)?.locals;
    if (!found) return null;
    return found.slice(0, MAX_LOCALS).map((l) => ({
      name: pruneMessage(l.name, { maxLines: 1, maxChars: 100 }),
      value: pruneMessage(l.value, { maxLines: 8, maxChars: max }),
    }));
  }
}

/**
 * Locals of the failing frame when the runner printed them per frame (pytest), from whichever
 * source printed the most (a `--showlocals` log beats the JUnit body of a plain run); undefined
 * leaves it to what a trace printed for the failure as a whole.
 */
function localsPrintedAt(triggering: SourceLocation, all: readonly Resolved[]): LocalVariable[] | undefined {
  let frameLocals: LocalVariable[] | undefined;
  for (const resolved of all) {
    for (const [location, raw] of resolved.raw) {
      if (location.file !== triggering.file || location.line !== triggering.line) continue;
      if ((raw.locals?.length ?? 0) > (frameLocals?.length ?? 0)) frameLocals = raw.locals;
    }
  }
  return frameLocals;
}

/**
 * The trace(s) a JUnit case carries: its failure body, else the tail of its captured output. Both
 * are the case's own output, so the parsers are told its name (a go-junit-report body is only the
 * test's message lines, recognisable as `go test` output by the name alone).
 */
function traceOfCase(c: TestCase, parseTrace: BuildFramesOptions['parseTrace']): LogFailure | undefined {
  if (!parseTrace) return undefined;
  const texts = [c.failure?.body, [c.systemErr, c.systemOut].filter(Boolean).join('\n')];
  let fallback: LogFailure | undefined;
  for (const text of texts) {
    if (!text) continue;
    let found: LogFailure[];
    try {
      found = parseTrace(text.length > MAX_CAPTURED_TRACE ? text.slice(-MAX_CAPTURED_TRACE) : text, {
        testName: c.name,
      });
    } catch {
      continue;
    }
    // Several failures in one body are chained exceptions or repeated reports of the same failure:
    // the one with the most frames tells the most, the last among equals is the final raise.
    let best: LogFailure | undefined;
    for (const f of found) if (!best || f.frames.length >= best.frames.length) best = f;
    if (best && best.frames.length > 0) return best;
    // A trace without any frame may be a poorer reading than the next text's: keep looking.
    fallback ??= best;
  }
  return fallback;
}

/**
 * Go (and other runners with subtests named `Parent/sub`) report a parent as failed when one of
 * its subtests fails. Such a parent gets no frame of its own unless it failed by itself: the
 * subtest's frame is the failure, and a second frame would send a repair after it twice.
 */
function parentsOfFailingSubtests(cases: readonly TestCase[]): Set<TestCase> {
  const failing = cases.filter((c) => c.status === 'failed' || c.status === 'errored');
  const byScope = new Map<string, Set<string>>();
  for (const c of failing) {
    const scope = c.classname ?? c.suite;
    for (let i = c.name.indexOf('/'); i > 0; i = c.name.indexOf('/', i + 1)) {
      let set = byScope.get(scope);
      if (!set) byScope.set(scope, (set = new Set()));
      set.add(c.name.slice(0, i));
    }
  }
  return new Set(failing.filter((c) => byScope.get(c.classname ?? c.suite)?.has(c.name)));
}

/**
 * The failing tests among `cases`, counted as the frames show them: a parent that fails only
 * because its subtests do (no frame of its own in `frames`) is not one more failing test.
 */
export function countFailingTests(cases: readonly TestCase[], frames: readonly FailureFrame[]): number {
  const framed = new Set(frames.map((f) => f.id));
  const parents = parentsOfFailingSubtests(cases);
  return cases.filter(
    (c) => (c.status === 'failed' || c.status === 'errored') && !(parents.has(c) && !framed.has(c.id)),
  ).length;
}

/** Whether a case's own evidence shows a failure of its own: an in-repo frame or a message that says something. */
function hasOwnFailure(c: TestCase, evidence: readonly Evidence[]): boolean {
  if (evidence.some((e) => e.failure.frames.length > 0 || !trivialMessage(pruneMessage(e.failure.message))))
    return true;
  return !trivialMessage(pruneMessage(c.failure?.message));
}

/** A stable id for a failure seen only in a log. */
function logOnlyId(f: LogFailure, resolveFile: (raw: string) => string | undefined): string {
  const t = f.test;
  // A file the log printed from another machine (`/tmp/ci-1234/test/a.spec.mjs`) is named by its
  // repository path, so the id stays the same from one run to the next.
  const file = t?.file ? (resolveFile(t.file) ?? t.file) : undefined;
  if (t?.id) {
    const [head, ...rest] = t.id.split('::');
    const mapped = rest.length && head ? resolveFile(head) : undefined;
    return mapped ? [mapped, ...rest].join('::') : t.id;
  }
  if (t?.name) return file || t.classname ? `${file ?? t.classname}::${t.name}` : t.name;
  if (file) return file;
  return `log:${f.logLines?.start ?? 0}`;
}

function compareIds(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * One FailureFrame per failed or errored case of `run`, plus one per log failure that fits no
 * case; sorted by id. Async because syntax trees are parsed on demand (WebAssembly grammars).
 */
export async function buildFrames(
  run: TestRun,
  logFailures: readonly LogFailure[],
  repo: RepoView,
  options: BuildFramesOptions = {},
): Promise<FailureFrame[]> {
  const builder = new FrameBuilder(repo, options);
  const resolveFile = (raw: string) => {
    const v = repo.resolve(raw);
    return v.kind === 'user' ? v.path : undefined;
  };
  try {
    const whereabouts = new Map<TestCase, ReturnType<typeof locateTestFile>>();
    const locate = (c: TestCase) => {
      let found = whereabouts.get(c);
      if (!found) whereabouts.set(c, (found = locateTestFile(c, repo)));
      return found;
    };
    const match = matchLogFailures(run.cases, logFailures, { resolveFile, caseFile: (c) => locate(c).file });
    const frames = new Map<string, FailureFrame>();
    const max = options.maxFailures ?? DEFAULT_MAX_FAILURES;
    await frameCases(builder, run.cases, { match, locate, parseTrace: options.parseTrace, frames, max });
    await frameLogOnlyFailures(builder, match.unmatched, { repo, resolveFile, frames, max });
    await builder.fillExpressions();
    return [...frames.values()].sort(compareIds);
  } finally {
    builder.dispose();
  }
}

/** A frame for each failed or errored case, with the log failures matched to it, into `frames` (by id). */
async function frameCases(
  builder: FrameBuilder,
  cases: readonly TestCase[],
  ctx: {
    match: ReturnType<typeof matchLogFailures>;
    locate: (c: TestCase) => ReturnType<typeof locateTestFile>;
    parseTrace: BuildFramesOptions['parseTrace'];
    frames: Map<string, FailureFrame>;
    max: number;
  },
): Promise<void> {
  const { frames } = ctx;
  const failingSubtestParents = parentsOfFailingSubtests(cases);
  for (const [index, c] of cases.entries()) {
    if (c.status !== 'failed' && c.status !== 'errored') continue;
    if (frames.size >= ctx.max) break;
    const evidence: Evidence[] = [];
    const body = traceOfCase(c, ctx.parseTrace);
    if (body) evidence.push({ failure: body, source: 'junit' });
    for (const f of ctx.match.byCase.get(index) ?? []) evidence.push({ failure: f, source: 'log' });
    if (failingSubtestParents.has(c) && !hasOwnFailure(c, evidence)) continue;
    const place = ctx.locate(c);
    const previous = frames.get(c.id);
    // The same case in two reports (a rerun, a merged report): one frame, the stronger status.
    if (previous && (previous.kind === 'error' || c.status === 'failed')) continue;
    frames.set(
      c.id,
      await builder.build({
        id: c.id,
        suite: c.suite,
        name: c.name,
        classname: c.classname,
        kind: c.status === 'errored' ? 'error' : 'failure',
        testCase: c,
        evidence,
        testFile: place.file,
        dirs: place.dirs,
      }),
    );
  }
}

/** Log failures without a case, grouped by what they name: the same failure printed twice is one frame. */
async function frameLogOnlyFailures(
  builder: FrameBuilder,
  unmatched: readonly LogFailure[],
  ctx: {
    repo: RepoView;
    resolveFile: (raw: string) => string | undefined;
    frames: Map<string, FailureFrame>;
    max: number;
  },
): Promise<void> {
  const { frames, resolveFile } = ctx;
  const groups = new Map<string, LogFailure[]>();
  for (const f of unmatched) {
    const id = logOnlyId(f, resolveFile);
    const group = groups.get(id);
    if (group) group.push(f);
    else groups.set(id, [f]);
  }
  for (const [id, group] of groups) {
    if (frames.size >= ctx.max) break;
    if (frames.has(id)) continue;
    const t = group.find((f) => f.test)?.test;
    const testFile = t?.file ? resolveFile(t.file) : undefined;
    frames.set(
      id,
      await builder.build({
        id,
        suite: t?.classname ?? t?.file ?? '',
        name: t?.name ?? t?.id ?? t?.file ?? id,
        classname: t?.classname,
        kind: group.some((f) => f.kind === 'error') ? 'error' : 'failure',
        evidence: group.map((failure) => ({ failure, source: 'log' as const })),
        testFile,
        dirs: t?.classname ? ctx.repo.directoriesFor(t.classname) : [],
      }),
    );
  }
}

/**
 * Everything the reports and the log of a test run say, for one repository: the JUnit reports
 * (streamed), the log (its tail, bounded), the log parsers, and the failure frames built from
 * them. This is what `self-heal parse`, the repair loop and the action call.
 *
 * It is also where evidence is cleaned, once: ANSI sequences, raw or escaped as `#x1B` (pytest
 * `--color=yes`), leave the cases' messages, bodies and captured output and the log before any
 * parser or frame sees them; with `scrub`, so do secrets, from those and from what the log parsers
 * found (messages, locals), before any frame prunes them: a value cut in half by a bound is no
 * longer recognisable.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import { buildFrames, DEFAULT_MAX_FAILURES, type BuildFramesOptions } from './build-frames.js';
import type { FailureFrame } from '../contracts/failure-frame.js';
import { canonicalName, canonicalScope } from './match-tests.js';
import { openRepoView, type ListRepoFiles } from './repo-view.js';
import { parseJUnitReports, type KeepCases } from '../reports/junit/parse-junit.js';
import type { LogFailure, TraceContext } from '../reports/logs/log-parser.js';
import { parseLog, parseLogDetailed } from '../reports/logs/registry.js';
import type { ReportError, TestCase, TestFailure, TestRun, TestRunSummary } from '../reports/test-run.js';
import { stripEscapeCodes } from '../text/untrusted-text.js';

export interface CollectOptions {
  /** Repository root: JUnit globs and a relative log path are resolved against it. */
  root: string;
  /** JUnit report globs, relative to `root`. */
  junit: string[];
  /** The test log, relative to `root` or absolute. */
  log?: string;
  /**
   * Which JUnit cases to keep in memory (see `parseJUnitReports`); all by default, which the repair
   * loop needs (the passing ids are its pass-to-pass set). 'non-passing' gives the same summary
   * and frames (the passing tests a log's failures name are kept for matching them), in memory
   * that does not grow with the report: what a command that only shows failures should ask for.
   */
  keepCases?: KeepCases;
  /**
   * With keepCases 'non-passing': failing cases kept at most (and as many skipped or flaky ones);
   * the rest are counted, and said in `notFramed`. Default: 5 × the frames' `maxFailures`.
   */
  maxKeptCases?: number;
  /**
   * Where the test command ran, when not the root: a producer's absolute case files are made
   * relative to it, as the producers that write relative files write them.
   */
  testCwd?: string;
  /** The log is read from its end up to this many bytes (failures are summarised at the end). */
  maxLogBytes?: number;
  /** How the repository's files are listed (`git ls-files` by default). */
  listFiles?: ListRepoFiles;
  frames?: Omit<BuildFramesOptions, 'parseTrace'>;
  /** Secrets out of every message, body, captured output and log failure (`text/secrets.ts`). */
  scrub?: (text: string) => string;
}

export interface CollectedEvidence {
  run: TestRun & { summary: TestRunSummary };
  frames: FailureFrame[];
  /** Reports and logs that could not be read completely (the rest was used), and parser failures. */
  errors: ReportError[];
  /**
   * Counts for a frames report: the run's when there were reports; with a log alone, the
   * failures the log shows (a log names the tests that failed, not all that ran).
   */
  summary: TestRunSummary;
  /** Whether any input could be read at all: a report, or the log. */
  readAnything: boolean;
  /**
   * Failed or errored tests counted in `summary` without a frame because a limit was reached
   * (`frames.maxFailures`, `maxKeptCases`); 0 when every failure had its chance of a frame.
   */
  notFramed: number;
  /** The limit on frames that applied (`frames.maxFailures`, else `DEFAULT_MAX_FAILURES`). */
  maxFailures: number;
}

export const DEFAULT_MAX_LOG_BYTES = 20 * 1024 * 1024;
/** Failing cases kept per frame built at most (see `maxKeptCases`): room for cases that get none. */
const KEPT_PER_FRAME = 5;
/** Passing cases kept at most for matching a log's failures (non-passing mode; see `namedPasses`). */
const MAX_NAMED_PASSES = 20_000;

export interface LogTail {
  text: string;
  /** Bytes of the file that were not read (its head), 0 when it was read whole. */
  skippedBytes: number;
}

/**
 * The last `maxBytes` of a log, starting at a line boundary. Tail-biased because runners print
 * their failure sections and summaries last; a 2 GB log costs 20 MB of memory, not 2 GB.
 */
export async function readLogTail(file: string, maxBytes = DEFAULT_MAX_LOG_BYTES): Promise<LogTail> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - maxBytes);
    const length = size - start;
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(buffer, read, length - read, start + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    let bytes = buffer.subarray(0, read);
    let skipped = start;
    if (start > 0) {
      // The cut is mid-line (maybe mid-character): begin at the next whole line.
      const newline = bytes.indexOf(0x0a);
      const drop = newline === -1 ? bytes.length : newline + 1;
      bytes = bytes.subarray(drop);
      skipped += drop;
    }
    return { text: bytes.toString('utf8'), skippedBytes: skipped };
  } finally {
    await handle.close();
  }
}

function describeError(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (e?.code === 'ENOENT') return 'no such file';
  if (e?.code === 'EISDIR') return 'is a directory';
  if (e?.code === 'EACCES') return 'permission denied';
  return e instanceof Error ? e.message : String(error);
}

/** The traces in a JUnit failure body or captured output, read by the same parsers as logs. */
function parseTrace(text: string, context?: TraceContext): LogFailure[] {
  return parseLog(text, context);
}

function summaryOfFrames(frames: readonly FailureFrame[]): TestRunSummary {
  const failed = frames.filter((f) => f.kind === 'failure').length;
  const errored = frames.length - failed;
  return { total: frames.length, passed: 0, failed, errored, skipped: 0 };
}

export async function collectEvidence(options: CollectOptions): Promise<CollectedEvidence> {
  const root = path.resolve(options.root);
  const errors: ReportError[] = [];
  const keepCases = options.keepCases ?? 'all';
  const maxFailures = options.frames?.maxFailures ?? DEFAULT_MAX_FAILURES;

  // The log first: without every passing case in memory, the passing tests its failures name are
  // the ones that must be kept (see `namedPasses`).
  const logErrors: ReportError[] = [];
  let logFailures: LogFailure[] = [];
  let logRead = false;
  if (options.log !== undefined) {
    const file = path.resolve(root, options.log);
    const shown = options.log;
    try {
      const tail = await readLogTail(file, options.maxLogBytes ?? DEFAULT_MAX_LOG_BYTES);
      logRead = true;
      if (tail.skippedBytes > 0) {
        logErrors.push({
          file: shown,
          message: `${shown}: only the last ${tail.text.length} characters were read (${tail.skippedBytes} bytes before them were skipped)`,
        });
      }
      const parsed = parseLogDetailed(stripEscapeCodes(tail.text));
      logFailures = options.scrub ? parsed.failures.map((f) => scrubLogFailure(f, options.scrub!)) : parsed.failures;
      for (const e of parsed.errors)
        logErrors.push({ file: shown, message: `${shown}: the ${e.language} log parser failed: ${e.message}` });
    } catch (error) {
      logErrors.push({ file: shown, message: `${shown}: cannot read the log: ${describeError(error)}` });
    }
  }

  const passes = keepCases !== 'all' ? namedPasses(logFailures) : undefined;
  // Before the reports: node:test writes absolute case files, made repo-relative through it.
  const repo = await openRepoView(root, { listFiles: options.listFiles });
  const run: TestRun & { summary: TestRunSummary; notKept?: number } =
    options.junit.length > 0
      ? await parseJUnitReports(options.junit, root, {
          keepCases,
          repo,
          ...(options.testCwd ? { caseBase: path.resolve(options.testCwd) } : {}),
          ...(keepCases !== 'all' ? { maxKeptCases: options.maxKeptCases ?? KEPT_PER_FRAME * maxFailures } : {}),
          ...(passes ? { onCase: passes.onCase } : {}),
        })
      : { cases: [], errors: [], reports: [], summary: { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0 } };
  run.cases = run.cases.map((c) => cleanCase(c, options.scrub));
  errors.push(...run.errors, ...logErrors);
  if (passes?.overflowed) {
    errors.push({
      file: options.log!,
      message: `${options.log}: its failures name more than ${MAX_NAMED_PASSES} tests the reports say passed; only the first were kept to match them`,
    });
  }

  // The frames see the passing cases a log's failures could be matched with, as they would with
  // every case kept; `run` itself lists the kept cases only.
  const framesRun = passes ? { ...run, cases: [...run.cases, ...passes.cases(run.cases)] } : run;
  const frames = await buildFrames(framesRun, logFailures, repo, { ...options.frames, maxFailures, parseTrace });

  const failedReports = new Set(run.errors.map((e) => e.file));
  // From the counts, not the kept cases: a report whose passes alone were read was read.
  const readAnything = logRead || run.summary.total > 0 || run.reports.some((r) => !failedReports.has(r));
  const summary = run.summary.total > 0 ? run.summary : summaryOfFrames(frames);
  const limited = (run.notKept ?? 0) > 0 || frames.length >= maxFailures;
  const framedCases = frames.filter((f) => f.evidence.includes('junit')).length;
  const notFramed = limited ? Math.max(0, summary.failed + summary.errored - framedCases) : 0;
  return { run, frames, errors, summary, readAnything, notFramed, maxFailures };
}

/** A case without colour codes in its texts (names and ids are kept as written: reruns select by them). */
function cleanCase(c: TestCase, scrub: (text: string) => string = (t) => t): TestCase {
  const { failure, systemOut, systemErr } = c;
  if (!failure && systemOut === undefined && systemErr === undefined) return c;
  const text = (s: string | undefined) => (s === undefined ? undefined : scrub(stripEscapeCodes(s)));
  const cleaned: TestCase = { ...c };
  if (failure) {
    const f: TestFailure = { ...failure };
    for (const key of ['type', 'message', 'body'] as const) if (f[key] !== undefined) f[key] = text(f[key]);
    cleaned.failure = f;
  }
  if (systemOut !== undefined) cleaned.systemOut = text(systemOut);
  if (systemErr !== undefined) cleaned.systemErr = text(systemErr);
  return cleaned;
}

/** A log failure's text without secrets: its message, its chain's, its locals' values. */
function scrubLogFailure(f: LogFailure, scrub: (text: string) => string): LogFailure {
  return {
    ...f,
    message: scrub(f.message),
    ...(f.locals ? { locals: f.locals.map((l) => ({ ...l, value: scrub(l.value) })) } : {}),
    ...(f.chain ? { chain: f.chain.map((c) => ({ ...c, message: scrub(c.message) })) } : {}),
  };
}

/** The word a test name is looked up by when a log failure is matched to it (see `match-tests.ts`). */
function lastWord(canonical: string): string {
  const words = canonical.split(/[\s.:/]+/).filter(Boolean);
  return words[words.length - 1] ?? canonical;
}

/**
 * Without every passing case kept, a log failure of a test the reports say passed (a rerun's log,
 * a flaky test) would fit no case and become a frame of its own, or fit a worse candidate. A log
 * failure is only ever matched with cases whose name ends in the same word as a name it prints
 * (`matchLogFailures` indexes cases by that word), so the passing cases whose last word is one of
 * the words the log's failures print are kept, slim and bounded: frames are then the same as with
 * every case kept. Undefined when no failure names anything.
 */
function namedPasses(
  logFailures: readonly LogFailure[],
):
  | { onCase: (c: TestCase) => void; cases: (kept: readonly TestCase[]) => TestCase[]; readonly overflowed: boolean }
  | undefined {
  // Every word of every name a failure prints: more than its last words, which is harmless (a
  // kept pass whose word no failure is looked up by is never a candidate).
  const words = new Set<string>();
  for (const f of logFailures) {
    const t = f.test;
    if (!t) continue;
    const names = [t.id, t.name, t.classname, ...(t.id ?? '').split('::')].filter((n): n is string => !!n);
    for (const n of names) for (const w of canonicalName(n).split(/[\s.:/]+/)) if (w) words.add(w);
    if (t.file) for (const w of canonicalScope(t.file).split(/[\s.:/]+/)) if (w) words.add(w);
  }
  if (words.size === 0) return undefined;
  const found = new Map<string, TestCase>();
  let overflowed = false;
  return {
    onCase(c) {
      if (c.status !== 'passed' || c.flaky || found.has(c.id)) return;
      if (!words.has(lastWord(canonicalName(c.name)))) return;
      if (found.size >= MAX_NAMED_PASSES) {
        overflowed = true;
        return;
      }
      // Only what matching reads: the text of a passing case is never kept anyway.
      const { id, suite, name, classname, file, line, status, source } = c;
      found.set(id, {
        id,
        suite,
        name,
        status,
        ...(classname !== undefined ? { classname } : {}),
        ...(file !== undefined ? { file } : {}),
        ...(line !== undefined ? { line } : {}),
        ...(source ? { source } : {}),
      });
    },
    // A pass whose id is kept as well was merged into that entry (a rerun, a same-named test).
    cases: (kept) => {
      const keptIds = new Set(kept.map((c) => c.id));
      return [...found.values()].filter((c) => !keptIds.has(c.id));
    },
    get overflowed() {
      return overflowed;
    },
  };
}

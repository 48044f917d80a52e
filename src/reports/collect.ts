/**
 * Everything the reports and the log of a test run say, for one repository: the JUnit reports
 * (streamed), the log (its tail, bounded), the log parsers, and the failure frames built from
 * them. This is what `self-heal parse`, the repair loop and the action call.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import { buildFrames, type BuildFramesOptions } from '../frames/build-frames.js';
import type { FailureFrame } from '../frames/failure-frame.js';
import { openRepoView, type ListRepoFiles } from '../frames/repo-view.js';
import { parseJUnitReports, type KeepCases } from './junit/parse-junit.js';
import type { LogFailure, TraceContext } from './logs/log-parser.js';
import { parseLog, parseLogDetailed } from './logs/registry.js';
import type { ReportError, TestRun, TestRunSummary } from './test-run.js';

export interface CollectOptions {
  /** Repository root: JUnit globs and a relative log path are resolved against it. */
  root: string;
  /** JUnit report globs, relative to `root`. */
  junit: string[];
  /** The test log, relative to `root` or absolute. */
  log?: string;
  /** Which JUnit cases to keep in memory (see `parseJUnitReports`); all by default. */
  keepCases?: KeepCases;
  /** The log is read from its end up to this many bytes (failures are summarised at the end). */
  maxLogBytes?: number;
  /** How the repository's files are listed (`git ls-files` by default). */
  listFiles?: ListRepoFiles;
  frames?: Omit<BuildFramesOptions, 'parseTrace'>;
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
}

export const DEFAULT_MAX_LOG_BYTES = 20 * 1024 * 1024;

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

  const run: TestRun & { summary: TestRunSummary } =
    options.junit.length > 0
      ? await parseJUnitReports(options.junit, root, { keepCases: options.keepCases ?? 'all' })
      : { cases: [], errors: [], reports: [], summary: { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0 } };
  errors.push(...run.errors);

  let logFailures: LogFailure[] = [];
  let logRead = false;
  if (options.log !== undefined) {
    const file = path.resolve(root, options.log);
    const shown = options.log;
    try {
      const tail = await readLogTail(file, options.maxLogBytes ?? DEFAULT_MAX_LOG_BYTES);
      logRead = true;
      if (tail.skippedBytes > 0) {
        errors.push({ file: shown, message: `${shown}: only the last ${tail.text.length} characters were read (${tail.skippedBytes} bytes before them were skipped)` });
      }
      const parsed = parseLogDetailed(tail.text);
      logFailures = parsed.failures;
      for (const e of parsed.errors) errors.push({ file: shown, message: `${shown}: the ${e.language} log parser failed: ${e.message}` });
    } catch (error) {
      errors.push({ file: shown, message: `${shown}: cannot read the log: ${describeError(error)}` });
    }
  }

  const repo = await openRepoView(root, { listFiles: options.listFiles });
  const frames = await buildFrames(run, logFailures, repo, { ...options.frames, parseTrace });

  const failedReports = new Set(run.errors.map((e) => e.file));
  const readAnything = logRead || run.cases.length > 0 || run.reports.some((r) => !failedReports.has(r));
  const summary = run.summary.total > 0 ? run.summary : summaryOfFrames(frames);
  return { run, frames, errors, summary, readAnything };
}

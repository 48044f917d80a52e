/**
 * JUnit XML reports → the neutral test-run model (`../test-run.ts`). Files are streamed (never
 * read whole, never built into a DOM), so reports of hundreds of MB parse in bounded memory;
 * every producer quirk lives in `dialects.ts`, the state machine in `junit-reader.ts`, the
 * numbering and merging of repeated test ids in `merge-cases.ts` (and a second reading keeping
 * every case when a reading of the non-passing ones cannot number them: `readReports`).
 *
 * A report that cannot be read completely gives a `ReportError` naming the file, the line and
 * column, and what was expected; the cases read before the problem are kept, and other reports
 * are still read. Nothing here throws for bad input.
 */
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ReportError, TestCase, TestRun, TestRunSummary } from '../test-run.js';
import { createPathResolver, type PathResolver } from '../../workspace/repo-paths.js';
import { findReports } from './find-reports.js';
import { hashIdParts, IdHashSet } from './id-hash-set.js';
import type { CaseSink } from './case-sink.js';
import { JUnitReader } from './junit-reader.js';
import { CaseCollector, joinId, KEPT_TEXT_BUDGET, type KeepCases } from './merge-cases.js';
import { createRepoRelativeFile, type CaseFileMapper } from './repo-relative-file.js';
import { ReportDecoder, sniffEncoding, SNIFF_BYTES } from './report-encoding.js';

export type { KeepCases } from './merge-cases.js';
export type { JUnitDialect } from './dialects.js';

export interface ParseJUnitOptions {
  /** Called once with every case as it is read (before cases with the same id are merged). */
  onCase?: (testCase: TestCase) => void;
  /**
   * Which cases to keep in memory (all are counted): 'all' (the default; passing cases are kept
   * slim, without text, for the pass-to-pass set), 'non-passing' (failed, errored, skipped and
   * flaky only), or 'none' (counts and `onCase` only).
   */
  keepCases?: KeepCases;
  /**
   * With keepCases 'non-passing' or 'none': failing cases kept at most, and as many skipped or
   * flaky ones. Past that, a case is counted (in `summary` and `notKept`) but not kept, unless a
   * later result may have to be merged with it (several reports, or a producer that writes retries
   * as repeated cases): then it is kept, without its text once the text budget is used. So a
   * command that shows at most N failures reads a report of any size in bounded memory.
   * Unbounded by default.
   */
  maxKeptCases?: number;
  /**
   * The repository the tests belong to: a producer that writes absolute case files (node:test)
   * gets them repo-relative, in ids too (see repo-relative-file.ts). `parseJUnitReports` uses
   * its `cwd` (files under it) when this is not given; the other two keep files as written.
   */
  repo?: PathResolver;
  /** The directory the tests ran in, when not the root: case files under it are relative to it (see repo-relative-file.ts). */
  caseBase?: string;
}

export interface JUnitParseResult {
  cases: TestCase[];
  summary: TestRunSummary;
  errors: ReportError[];
  /** The producer recognised from the report (see dialects.ts), when one was. */
  dialect?: string;
  /** Non-passing cases counted in `summary` but not kept in `cases` (see `maxKeptCases`); absent when none. */
  notKept?: number;
}

/** Bytes read per chunk: big enough to amortise each read, small enough to keep saxes' buffers small. */
const CHUNK_BYTES = 64 * 1024;
/** Characters handed to the XML parser at a time when the input is already a string. */
const CHUNK_CHARS = 64 * 1024;

export async function parseJUnitFile(file: string, options: ParseJUnitOptions = {}): Promise<JUnitParseResult> {
  const stream: StreamOptions = { caseFile: options.repo && createRepoRelativeFile(options.repo, options.caseBase) };
  return singleResult(
    await readReports(async (sink) => [await streamReportFile(file, file, sink, stream)], options, 1),
  );
}

/** The same as `parseJUnitFile`, for a report already in memory; `name` is used in errors. */
export function parseJUnitString(xml: string, name: string, options: ParseJUnitOptions = {}): JUnitParseResult {
  const stream: StreamOptions = { caseFile: options.repo && createRepoRelativeFile(options.repo, options.caseBase) };
  return singleResult(readReportsSync((sink) => [streamReportString(xml, name, sink, stream)], options, 1));
}

/**
 * Reads every report the patterns match (relative to `cwd`) into one run. A pattern that matches
 * nothing is an error entry ("no files matched"), not an exception; a test id reported more
 * than once across files is merged (a pass after a failure makes it flaky).
 */
export async function parseJUnitReports(
  patterns: string[],
  cwd: string,
  options: ParseJUnitOptions = {},
): Promise<TestRun & { summary: TestRunSummary; notKept?: number }> {
  const errors: ReportError[] = [];
  const files: string[] = [];
  const seen = new Set<string>();
  for (const pattern of patterns) {
    const match = await findReports(pattern, cwd).catch((error: unknown) => {
      errors.push({ file: pattern, message: `${pattern}: cannot search for reports: ${describeError(error)}` });
      return undefined;
    });
    if (match === undefined) continue;
    if (match.files.length === 0) errors.push({ file: pattern, message: `${pattern}: no files matched in ${cwd}` });
    if (match.truncatedFrom !== undefined) {
      errors.push({
        file: pattern,
        message: `${pattern}: matched ${match.truncatedFrom} files; only the first ${match.files.length} were read`,
      });
    }
    for (const file of match.files) {
      if (seen.has(file)) continue;
      seen.add(file);
      files.push(file);
    }
  }
  // Without a listing of the repository's files, `cwd` still tells which files are under it.
  const stream: StreamOptions = {
    caseFile: createRepoRelativeFile(options.repo ?? createPathResolver(cwd, []), options.caseBase),
  };
  const reading = await readReports(
    async (sink) => {
      const reads: StreamResult[] = [];
      for (const file of files) reads.push(await streamReportFile(path.resolve(cwd, file), file, sink, stream));
      return reads;
    },
    options,
    files.length,
  );
  for (const read of reading.reads) errors.push(...read.errors);
  const { cases, summary, notKept } = reading;
  return { cases, errors, reports: files, summary, ...(notKept > 0 ? { notKept } : {}) };
}

/** What reading a set of reports into a collector gave. */
interface Reading {
  cases: TestCase[];
  summary: TestRunSummary;
  notKept: number;
  /** Per report, in order (the first reading's: the errors are the same on a second). */
  reads: StreamResult[];
}

type ReadAll<T> = (sink: CaseSink) => T;

/**
 * Reads the reports into a collector (`readAll` streams every report into the sink it is given),
 * then again for the suspects the collector names (see merge-cases.ts); and when a reading of
 * the non-passing cases met an id twice in one report, once more keeping every case, narrowed to
 * what was asked for (see `needsEveryCase`).
 */
async function readReports(
  readAll: ReadAll<Promise<StreamResult[]>>,
  options: ParseJUnitOptions,
  reports: number,
): Promise<Reading> {
  const steps = readingSteps(options, reports);
  let step = steps.next();
  while (!step.done) step = steps.next(await readAll(step.value));
  return step.value;
}

/** `readReports` for reports already in memory. */
function readReportsSync(readAll: ReadAll<StreamResult[]>, options: ParseJUnitOptions, reports: number): Reading {
  const steps = readingSteps(options, reports);
  let step = steps.next();
  while (!step.done) step = steps.next(readAll(step.value));
  return step.value;
}

/**
 * The readings `readReports` makes, in order, for a sync or an async `readAll`: each sink yielded
 * is to have every report streamed into it; what the first reading returned is sent back.
 */
function* readingSteps(options: ParseJUnitOptions, reports: number): Generator<CaseSink, Reading, StreamResult[]> {
  const keep = options.keepCases ?? 'all';
  const collector = newCollector(options, reports, keep);
  const reads = yield collector;
  const suspects = collector.findSuspects();
  if (suspects.size > 0) {
    yield rescanSink(collector, suspects);
    collector.settleSuspects();
  }
  if (!needsEveryCase(keep, collector, reads)) return readingOf(collector, reads);
  // onCase saw every case, with these ids, in the first reading (it asks for passing cases whole).
  const every = newCollector({ ...options, onCase: undefined }, reports, 'all');
  yield every;
  return narrow(readingOf(every, reads), options);
}

function needsEveryCase(keep: KeepCases, collector: CaseCollector, reads: StreamResult[]): boolean {
  return keep !== 'all' && (collector.needsEveryCase || reads.some((read) => read.repeatedCases));
}

function readingOf(collector: CaseCollector, reads: StreamResult[]): Reading {
  return { ...collector.result(), notKept: collector.notKeptCount, reads };
}

/** A reading that kept every case, cut down to what keepCases and maxKeptCases ask for. */
function narrow(reading: Reading, options: ParseJUnitOptions): Reading {
  if (options.keepCases === 'none') return { ...reading, cases: [] };
  const max = options.maxKeptCases ?? Number.POSITIVE_INFINITY;
  let failing = 0;
  let other = 0;
  let notKept = 0;
  const cases = reading.cases.filter((c) => {
    if (c.status === 'passed' && !c.flaky) return false;
    const isFailing = c.status === 'failed' || c.status === 'errored';
    if ((isFailing ? failing : other) >= max) {
      notKept++;
      return false;
    }
    if (isFailing) failing++;
    else other++;
    return true;
  });
  return { ...reading, cases, notKept };
}

function singleResult(reading: Reading): JUnitParseResult {
  const read = reading.reads[0]!;
  return {
    cases: reading.cases,
    summary: reading.summary,
    errors: read.errors,
    ...(read.dialect ? { dialect: read.dialect } : {}),
    ...(reading.notKept > 0 ? { notKept: reading.notKept } : {}),
  };
}

/** How each report is streamed. */
export interface StreamOptions {
  caseFile?: CaseFileMapper;
}

function newCollector(options: ParseJUnitOptions, reports: number, keep: KeepCases): CaseCollector {
  const max = keep === 'all' ? undefined : options.maxKeptCases;
  return new CaseCollector(keep, options.onCase, KEPT_TEXT_BUDGET, reports, max);
}

interface StreamResult {
  errors: ReportError[];
  dialect?: string;
  /** Most characters of one token saxes held between chunks (bench and memory tests). */
  peakBufferedChars: number;
  /** See `JUnitReader.repeatedCases`. */
  repeatedCases: boolean;
}

/** Streams one report file into `sink`; `display` is the path errors and cases name. */
export async function streamReportFile(
  file: string,
  display: string,
  sink: CaseSink,
  { caseFile }: StreamOptions = {},
): Promise<StreamResult> {
  const reader = new JUnitReader(display, sink, { caseFile });
  const notes: ReportError[] = [];
  let refused = false;
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
    // One buffer, reused for every read: a stream would allocate a new one per chunk, and on a
    // report of hundreds of MB those wait for the garbage collector by the thousand.
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
      let decoder: ReportDecoder | undefined;
      // The first bytes, kept until there are enough to tell the encoding (a copy: `buffer` is reused).
      let head = Buffer.alloc(0);
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        const chunk = buffer.subarray(0, bytesRead);
        if (decoder === undefined) {
          head = Buffer.concat([head, chunk]);
          if (head.length < SNIFF_BYTES) continue;
          decoder = startDecoding(head, display, notes);
          if (decoder === undefined) {
            refused = true;
            break;
          }
          reader.writeDecoded(decoder.decode(head));
        } else {
          reader.writeDecoded(decoder.decode(chunk));
        }
        // A fatal problem: the rest of this report cannot be read.
        if (reader.done) break;
      }
      if (decoder === undefined && head.length > 0 && !refused) {
        // A file shorter than the sniffing window.
        decoder = startDecoding(head, display, notes);
        if (decoder === undefined) refused = true;
        else reader.writeDecoded(decoder.decode(head));
      }
      if (decoder !== undefined && !reader.done) reader.writeDecoded(decoder.end());
    } finally {
      await handle.close();
    }
  } catch (error) {
    notes.push({ file: display, message: `${display}: cannot read the report: ${describeError(error)}` });
    refused = true;
  }
  // Even after a read error, the cases read so far are handed over.
  if (refused) reader.abandon();
  else reader.end();
  return {
    errors: [...notes, ...reader.errors],
    peakBufferedChars: reader.peakBufferedChars,
    repeatedCases: reader.repeatedCases,
    ...(reader.dialect ? { dialect: reader.dialect } : {}),
  };
}

/** Streams a report that is already a string into `sink`. */
export function streamReportString(
  xml: string,
  display: string,
  sink: CaseSink,
  { caseFile }: StreamOptions = {},
): StreamResult {
  const reader = new JUnitReader(display, sink, { caseFile });
  let offset = 0;
  while (offset < xml.length && !reader.done) {
    let end = Math.min(xml.length, offset + CHUNK_CHARS);
    // Keep surrogate pairs whole across chunks.
    const last = xml.charCodeAt(end - 1);
    if (end < xml.length && last >= 0xd800 && last <= 0xdbff) end++;
    reader.write(xml.slice(offset, end));
    offset = end;
  }
  reader.end();
  return {
    errors: reader.errors,
    peakBufferedChars: reader.peakBufferedChars,
    repeatedCases: reader.repeatedCases,
    ...(reader.dialect ? { dialect: reader.dialect } : {}),
  };
}

function startDecoding(head: Buffer, display: string, notes: ReportError[]): ReportDecoder | undefined {
  const sniffed = sniffEncoding(head);
  if (!sniffed.ok) {
    notes.push({
      file: display,
      line: sniffed.line,
      column: sniffed.column,
      message: `${display}:${sniffed.line}:${sniffed.column}: ${sniffed.message}`,
    });
    return undefined;
  }
  if (sniffed.note !== undefined)
    notes.push({ file: display, line: 1, column: 1, message: `${display}:1:1: ${sniffed.note}` });
  return new ReportDecoder(sniffed.encoding);
}

/**
 * While re-reading for suspects, only their results matter: passing cases are built whole only
 * when their id is a suspect's (the hash first, the id only on a hit).
 */
function rescanSink(collector: CaseCollector, suspects: ReadonlySet<string>): CaseSink {
  const hashes = new IdHashSet(suspects.size);
  for (const id of suspects) hashes.add(id);
  return {
    wantsPassingCases: false,
    passIdsNeeded: () => true,
    countPass: () => undefined,
    wantsPassingCase: (scope, name, prefix) => {
      hashIdParts(scope, name, prefix);
      return hashes.hasHashed() && suspects.has(joinId(scope, prefix + name));
    },
    addPassing: () => undefined,
    addCase: (testCase) => collector.rescanResult(testCase),
  };
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'no such file';
    if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
    if (code === 'EISDIR') return 'it is a directory';
    return error.message;
  }
  return String(error);
}

/**
 * JUnit XML reports → the neutral test-run model (`../test-run.ts`). Files are streamed (never
 * read whole, never built into a DOM), so reports of hundreds of MB parse in bounded memory;
 * every producer quirk lives in `dialects.ts`, the state machine in `junit-reader.ts`, the
 * numbering and merging of repeated test ids in `merge-cases.ts`, and the readings again that
 * merging may need in `readingSteps` here.
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
import type { CaseSink } from './junit-reader.js';
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

/** How each report is streamed. */
export interface StreamOptions {
  caseFile?: CaseFileMapper;
}

interface StreamResult {
  errors: ReportError[];
  dialect?: string;
  /** Most characters of one token saxes held between chunks (bench and memory tests). */
  peakBufferedChars: number;
  /** See `JUnitReader.repeatedCases`. */
  repeatedCases: boolean;
}

/** What reading a set of reports gave; `reads` per report, in order (the first reading's). */
interface Reading {
  cases: TestCase[];
  summary: TestRunSummary;
  notKept: number;
  reads: StreamResult[];
}

/** Streams every report into the sink it is given. */
type ReadAll<T> = (sink: CaseSink) => T;

/** Bytes read, or characters given to the reader, at a time: big enough to amortise each read, small enough to keep saxes' buffers small. */
const CHUNK = 64 * 1024;

export async function parseJUnitFile(file: string, options: ParseJUnitOptions = {}): Promise<JUnitParseResult> {
  const stream = streamOptions(options.repo, options);
  return singleResult(
    await readReports(async (sink) => [await streamReportFile(file, file, sink, stream)], options, 1),
  );
}

/** The same as `parseJUnitFile`, for a report already in memory; `name` is used in errors. */
export function parseJUnitString(xml: string, name: string, options: ParseJUnitOptions = {}): JUnitParseResult {
  const stream = streamOptions(options.repo, options);
  const steps = readingSteps(options, 1);
  let step = steps.next();
  while (!step.done) step = steps.next([streamReportString(xml, name, step.value, stream)]);
  return singleResult(step.value);
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
  const files = new Set<string>();
  for (const pattern of patterns) {
    const match = await findReports(pattern, cwd).catch((error: unknown) => {
      errors.push({ file: pattern, message: `${pattern}: cannot search for reports: ${describeError(error)}` });
    });
    if (match === undefined) continue;
    if (match.files.length === 0) errors.push({ file: pattern, message: `${pattern}: no files matched in ${cwd}` });
    if (match.truncatedFrom !== undefined) {
      const message = `${pattern}: matched ${match.truncatedFrom} files; only the first ${match.files.length} were read`;
      errors.push({ file: pattern, message });
    }
    for (const file of match.files) files.add(file);
  }
  // Without a listing of the repository's files, `cwd` still tells which files are under it.
  const stream = streamOptions(options.repo ?? createPathResolver(cwd, []), options);
  const reports = [...files];
  const readAll = async (sink: CaseSink): Promise<StreamResult[]> => {
    const reads: StreamResult[] = [];
    for (const file of reports) reads.push(await streamReportFile(path.resolve(cwd, file), file, sink, stream));
    return reads;
  };
  const { cases, summary, notKept, reads } = await readReports(readAll, options, reports.length);
  for (const read of reads) errors.push(...read.errors);
  return { cases, errors, reports, summary, ...(notKept > 0 ? { notKept } : {}) };
}

function streamOptions(repo: PathResolver | undefined, { caseBase }: ParseJUnitOptions): StreamOptions {
  return { caseFile: repo && createRepoRelativeFile(repo, caseBase) };
}

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

/**
 * The readings of a set of reports, in order, for a sync or an async reader: every report is to be
 * streamed into each sink yielded, and what the first reading returned is sent back. The first
 * reading is into a collector; then the reports are read again for the suspects it names (see
 * merge-cases.ts); and when a reading of the non-passing cases met an id twice in one report, once
 * more keeping every case, narrowed to what was asked for.
 */
function* readingSteps(options: ParseJUnitOptions, reports: number): Generator<CaseSink, Reading, StreamResult[]> {
  const keep = options.keepCases ?? 'all';
  const max = keep === 'all' ? undefined : options.maxKeptCases;
  const collector = new CaseCollector(keep, options.onCase, KEPT_TEXT_BUDGET, reports, max);
  const reads = yield collector;
  const suspects = collector.findSuspects();
  if (suspects.size > 0) {
    yield rescanSink(collector, suspects);
    collector.settleSuspects();
  }
  if (keep === 'all' || !(collector.needsEveryCase || reads.some((read) => read.repeatedCases)))
    return { ...collector.result(), notKept: collector.notKeptCount, reads };
  // onCase saw every case, with these ids, in the first reading (it asks for passing cases whole).
  const every = new CaseCollector('all', undefined, KEPT_TEXT_BUDGET, reports);
  yield every;
  return narrow({ ...every.result(), notKept: 0, reads }, options);
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

/** A reading that kept every case, cut down to what keepCases and maxKeptCases ask for. */
function narrow(reading: Reading, options: ParseJUnitOptions): Reading {
  if (options.keepCases === 'none') return { ...reading, cases: [] };
  const max = options.maxKeptCases ?? Number.POSITIVE_INFINITY;
  const kept = { failing: 0, other: 0 };
  let notKept = 0;
  const cases = reading.cases.filter((c) => {
    if (c.status === 'passed' && !c.flaky) return false;
    const group = c.status === 'failed' || c.status === 'errored' ? 'failing' : 'other';
    if (kept[group] >= max) {
      notKept++;
      return false;
    }
    kept[group]++;
    return true;
  });
  return { ...reading, cases, notKept };
}

function singleResult({ cases, summary, notKept, reads }: Reading): JUnitParseResult {
  const { errors, dialect } = reads[0]!;
  return { cases, summary, errors, ...(dialect ? { dialect } : {}), ...(notKept > 0 ? { notKept } : {}) };
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
  let read = false;
  try {
    if ((await stat(file)).isDirectory()) throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
    read = await readDecoded(file, display, reader, notes);
  } catch (error) {
    notes.push({ file: display, message: `${display}: cannot read the report: ${describeError(error)}` });
  }
  // Even after a read error, the cases read so far are handed over.
  if (read) reader.end();
  else reader.abandon();
  return streamResult(reader, [...notes, ...reader.errors]);
}

/**
 * Reads the file's bytes into the reader, decoded once the first bytes tell the encoding; false
 * when they say it is not a report (the reason is in `notes`).
 */
async function readDecoded(file: string, display: string, reader: JUnitReader, notes: ReportError[]): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    // One buffer, reused for every read: a stream would allocate a new one per chunk, and on a
    // report of hundreds of MB those wait for the garbage collector by the thousand.
    const buffer = Buffer.allocUnsafe(CHUNK);
    const next = async () => (await handle.read(buffer, 0, CHUNK, null)).bytesRead;
    // The first bytes, kept until there are enough to tell the encoding (a copy: `buffer` is reused).
    let head = Buffer.alloc(0);
    for (let n = 0; head.length < SNIFF_BYTES && (n = await next()) > 0;)
      head = Buffer.concat([head, buffer.subarray(0, n)]);
    // An empty file is the reader's to name.
    if (head.length === 0) return true;
    const decoder = startDecoding(head, display, notes);
    if (decoder === undefined) return false;
    reader.writeDecoded(decoder.decode(head));
    // Past a fatal problem, the rest of the report is not read.
    for (let n = 0; !reader.done && (n = await next()) > 0;) reader.writeDecoded(decoder.decode(buffer.subarray(0, n)));
    if (!reader.done) reader.writeDecoded(decoder.end());
    return true;
  } finally {
    await handle.close();
  }
}

/** Streams a report that is already a string into `sink`. */
export function streamReportString(
  xml: string,
  display: string,
  sink: CaseSink,
  { caseFile }: StreamOptions = {},
): StreamResult {
  const reader = new JUnitReader(display, sink, { caseFile });
  for (let offset = 0; offset < xml.length && !reader.done;) {
    let end = Math.min(xml.length, offset + CHUNK);
    // Keep surrogate pairs whole across chunks.
    const last = xml.charCodeAt(end - 1);
    if (end < xml.length && last >= 0xd800 && last <= 0xdbff) end++;
    reader.write(xml.slice(offset, end));
    offset = end;
  }
  reader.end();
  return streamResult(reader, reader.errors);
}

function streamResult(reader: JUnitReader, errors: ReportError[]): StreamResult {
  const { peakBufferedChars, repeatedCases, dialect } = reader;
  return { errors, peakBufferedChars, repeatedCases, ...(dialect ? { dialect } : {}) };
}

function startDecoding(head: Buffer, display: string, notes: ReportError[]): ReportDecoder | undefined {
  const sniffed = sniffEncoding(head);
  if (!sniffed.ok) {
    const { line, column } = sniffed;
    notes.push({ file: display, line, column, message: `${display}:${line}:${column}: ${sniffed.message}` });
    return undefined;
  }
  if (sniffed.note !== undefined)
    notes.push({ file: display, line: 1, column: 1, message: `${display}:1:1: ${sniffed.note}` });
  return new ReportDecoder(sniffed.encoding);
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory';
  return error.message;
}

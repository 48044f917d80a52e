/**
 * Collects the cases of one or more reports into one result. How results with the same test id
 * are counted and merged:
 *
 * - Within one report every <testcase> is a test: two cases with one id are two tests that share
 *   a name (jest and mocha allow it, TestNG data providers through Surefire write it), counted
 *   apart and told apart by a number: the second is `id #2`, the third `id #3`, in reading order
 *   (`numbered`). Producers that write a retry or an attempt as another <testcase> are the
 *   exception (`repeats` in dialects.ts: Gradle after a failure, pytest always): there a repeated
 *   id is another run of the same test, merged into it.
 * - Reading only the non-passing cases (keepCases 'non-passing' or 'none') cannot number every
 *   case: passes are counted, or logged as hashes. When such a reading meets an id twice in one
 *   report (`needsEveryCase`), the reports are read again keeping every case (parse-junit.ts), so
 *   the result is the same as keepCases 'all' gives. One case it cannot see: in a single report
 *   whose passes are only counted, a pass before a same-named non-passing case; that case keeps the
 *   plain id where keepCases 'all' numbers it (the counts are the same).
 * - Across reports (reruns, overlapping shards) the same id (with its number) is the same test, so
 *   a name counts as often as the report that lists it most often; its runs are merged by the
 *   flaky rules (`mergeCases`: a pass after a failure is flaky, a failure after a pass stays
 *   failed).
 *
 * So the passing cases of a single report are only counted: with `keepCases: 'non-passing'` (or
 * 'none') a report of millions of tests costs no time and no memory per passing test beyond the
 * XML parser's own. Only when runs of one test can meet (several reports, or a producer that
 * writes retries as repeated cases) are passing ids logged, as 8-byte hashes (`IdHashLog`): a
 * pass read after its kept case is merged at once (the few kept ids are probed for every pass);
 * a kept case whose id hashes like a pass logged before it is a suspect, and the reports are read
 * again: every result with a suspect's id is merged anew in reading order, exactly as keepCases
 * 'all' merges it, and a hash collision (no pass with exactly that id) changes nothing.
 *
 * Counts are derived from the cases, never from the producers' own totals.
 */
import { summarize, type TestCase, type TestRunSummary, type TestStatus } from '../test-run.js';
import { quirksOf, type DialectQuirks, type JUnitDialect } from './dialects.js';
import type { CaseSink } from './case-sink.js';
import { hashIdParts, hashKey, IdHashLog, IdHashSet, lastIdHash } from './id-hash-set.js';

export type KeepCases = 'all' | 'non-passing' | 'none';

/**
 * Text kept across all failing cases of one parse (bodies and output), in UTF-16 code units: a
 * report with tens of thousands of failures keeps every case, but only the first ones' text.
 * 4 Mi is about 1,600 pytest tracebacks of 2.5 KB (frames are built for 200 failures by default).
 * Kept text costs several times its size in peak RSS (V8 sizes its heap by what survives): with
 * 8 Mi, the bench's report of 2M cases (20,000 failing) peaked at 193 MB, with 4 Mi at 138 MB.
 */
export const KEPT_TEXT_BUDGET = 4 * 1024 * 1024;

const TEXT_NOT_KEPT = '[text not kept: the text budget of this parse was used by earlier failures]';

/** Where a case was read: merging two results depends on whether they are two runs of one test. */
type Source = TestCase['source'];

export class CaseCollector implements CaseSink {
  readonly wantsPassingCases: boolean;
  private readonly cases = new Map<string, TestCase>();
  /** Passing cases counted without their ids (see `passIdsNeeded`). */
  private passesCounted = 0;
  /** Tests beyond the one entry per id: same-named tests of the first report that has the id. */
  private readonly extras: Record<TestStatus, number> = { passed: 0, failed: 0, errored: 0, skipped: 0 };
  /** The report each kept id was first read in (with keepCases 'all': the current report's ids only). */
  private readonly entryReport = new Map<string, string | undefined>();
  private readonly passedIds: IdHashLog | undefined;
  /** Hashes of the ids in `cases` (non-passing modes): most passing ids need no Map lookup. */
  private readonly keptIds: IdHashSet | undefined;
  /** Extras counted per kept id, and per logged hash repeated within a report: undone by a replay. */
  private readonly extrasOfId = new Map<string, TestStatus[]>();
  private readonly repeatsOfHash = new Map<string, number>();
  /** Kept ids that hash like a logged pass, and their results read again, in order (see `findSuspects`). */
  private readonly suspects = new Map<string, CaseCollector | undefined>();
  /** Suspects whose replay found a pass with exactly their id: that logged hash is counted by the replay. */
  private replayed = 0;
  private keptText = 0;
  /** Kept entries per group (see `maxKept`): failing ones, and skipped or flaky ones. */
  private keptFailing = 0;
  private keptOther = 0;
  /** Results counted but not kept, past `maxKept` (see `addCase`). */
  private readonly notKept: Record<TestStatus, number> = { passed: 0, failed: 0, errored: 0, skipped: 0 };
  /**
   * Ids of the current report's cases handed over whole: how many tests had the id so far (times
   * two) plus one when the latest of them failed (see `numbered`).
   */
  private readonly numbers = new Map<string, number>();
  /** Whether an id was met twice in one report where it is not a retry (see `needsEveryCase`). */
  private sawRepeatedId = false;

  constructor(
    private readonly keep: KeepCases = 'all',
    private readonly onCase?: (testCase: TestCase) => void,
    private readonly textBudget = KEPT_TEXT_BUDGET,
    /** How many reports will be read into this collector: with one, passing ids are seldom needed. */
    private readonly reports = 1,
    /**
     * Non-passing modes: failing (failed, errored) cases kept at most, and as many skipped or flaky
     * ones; past that a case is counted and not kept, when no later result can be merged with it
     * (see `addCase`). Unbounded by default.
     */
    private readonly maxKept = Number.POSITIVE_INFINITY,
  ) {
    this.wantsPassingCases = keep === 'all' || onCase !== undefined;
    this.passedIds = keep === 'all' ? undefined : new IdHashLog();
    this.keptIds = keep === 'all' ? undefined : new IdHashSet();
  }

  /**
   * Whether a passing case must be known by its id (`addPassing`) rather than only counted
   * (`countPass`): when it may be a run of a test read elsewhere (in another report, or in the same
   * one from a producer that writes retries as repeated cases).
   */
  passIdsNeeded(source: Source): boolean {
    return this.reports > 1 || repeatsOf(source) === 'retry-after-failure';
  }

  /**
   * Whether this reading met an id twice in one report where it is not a retry: one that keeps
   * only the non-passing cases cannot number them as keepCases 'all' does, and the reports must be
   * read again keeping every case (see parse-junit.ts).
   */
  get needsEveryCase(): boolean {
    return this.keep !== 'all' && this.sawRepeatedId;
  }

  /** A passing case whose id is not needed (see `passIdsNeeded`). */
  countPass(_source?: Source): void {
    this.passesCounted++;
  }

  addPassingId(id: string, source?: Source): void {
    this.addPassing('', id, '', source);
  }

  /** A passing case by the parts of its id (`scope::prefix+name`), usually without building it. */
  addPassing(scope: string, name: string, prefix = '', source?: Source): void {
    if (this.passedIds === undefined || this.keptIds === undefined) {
      // keep 'all' always receives whole cases; this is only reached through a custom sink.
      const id = joinId(scope, prefix + name);
      this.addCase({ id, suite: '', name: prefix + name, status: 'passed', ...(source ? { source } : {}) });
      return;
    }
    if (!this.passIdsNeeded(source)) {
      this.passesCounted++;
      return;
    }
    hashIdParts(scope, name, prefix);
    if (this.keptIds.hasHashed()) {
      const id = joinId(scope, prefix + name);
      const known = this.cases.get(id);
      if (known !== undefined) {
        const pass = passOf(known, source);
        this.numbered(pass);
        // Numbered: another same-named test of this report, which only a reading of every case
        // tells apart (see `needsEveryCase`); counted meanwhile.
        if (pass.id !== id) this.passesCounted++;
        else this.merge(id, known, pass);
        return;
      }
    }
    this.passedIds.pushHashed();
  }

  addCase(testCase: TestCase): void {
    this.numbered(testCase);
    this.onCase?.(testCase);
    const known = this.cases.get(testCase.id);
    if (known !== undefined) {
      this.merge(testCase.id, known, testCase);
      return;
    }
    if (testCase.status === 'passed' && !testCase.flaky && this.passedIds !== undefined) {
      if (this.passIdsNeeded(testCase.source)) {
        hashIdParts('', testCase.id);
        this.passedIds.pushHashed();
      } else {
        this.passesCounted++;
      }
      return;
    }
    const failing = testCase.status === 'failed' || testCase.status === 'errored';
    if (
      this.keep !== 'all' &&
      (failing ? this.keptFailing : this.keptOther) >= this.maxKept &&
      this.mergesWithNothing(testCase)
    ) {
      this.notKept[testCase.status]++;
      return;
    }
    if (failing) this.keptFailing++;
    else this.keptOther++;
    const kept = this.keep === 'none' ? slim(testCase) : this.withinBudget(testCase);
    this.cases.set(testCase.id, kept);
    // With one report, every kept id is that report's, and passes are probed only if its
    // producer writes retries as repeated cases.
    if (this.reports > 1) this.entryReport.set(testCase.id, testCase.source?.report);
    if (this.keptIds !== undefined && this.passIdsNeeded(testCase.source)) this.keptIds.add(testCase.id);
  }

  /**
   * Gives a case of the current report whose id an earlier case of it had its number: `id #2`,
   * `id #3` (the first keeps the id), unless its producer writes it as a retry or an attempt of
   * that case (`repeats` in dialects.ts) or writes that result twice: then it keeps the id and is
   * merged with it.
   */
  private numbered(testCase: TestCase): void {
    const id = testCase.id;
    const isFailing = failing(testCase);
    const seen = this.numbers.get(id);
    if (seen === undefined) {
      this.numbers.set(id, 2 + (isFailing ? 1 : 0));
      return;
    }
    let count = seen >> 1;
    const latestFailed = (seen & 1) === 1;
    const repeats = repeatsOf(testCase.source);
    const sameTest =
      writtenTwice(testCase) || repeats === 'attempts' || (repeats === 'retry-after-failure' && latestFailed);
    if (!sameTest) {
      count++;
      this.sawRepeatedId = true;
    }
    this.numbers.set(id, count * 2 + (isFailing ? 1 : 0));
    if (count > 1) testCase.id = `${id} #${count}`;
  }

  /**
   * Whether no later result can be merged into this one, so counting it is all it needs: one
   * report, a producer that writes no retries as repeated cases, and not a result its producer
   * writes twice. (A later case with the same id is then another test, counted apart, as it would
   * be if this one were kept.) Otherwise it is kept past the cap, for the merge; its text only
   * within the text budget.
   */
  private mergesWithNothing(testCase: TestCase): boolean {
    return !this.passIdsNeeded(testCase.source) && !writtenTwice(testCase);
  }

  /** Non-passing results counted but not kept (past `maxKept`). */
  get notKeptCount(): number {
    const n = this.notKept;
    return n.passed + n.failed + n.errored + n.skipped;
  }

  /** The report a kept id was first read in (with one report, the report). */
  private reportOf(id: string, fallback: string | undefined): string | undefined {
    return this.reports > 1 ? this.entryReport.get(id) : fallback;
  }

  /**
   * Every case of a report has been handed over: a pass logged more than once in it is that many
   * same-named tests (unless its producer writes retries so, or an earlier report had the id).
   */
  endReport(source?: Source): void {
    if (this.passedIds !== undefined) {
      const repeats = this.passedIds.endSegment(false, (lo, hi) => {
        const key = hashKey(lo, hi);
        this.repeatsOfHash.set(key, (this.repeatsOfHash.get(key) ?? 0) + 1);
      });
      // A pass logged twice in one report: two tests, or runs of one that its producer's rules
      // must merge; either way only a reading of every case numbers or merges them right.
      if (this.passedIds.lastSegmentRepeats) this.sawRepeatedId = true;
      if (repeatsOf(source) === undefined) this.extras.passed += repeats;
    }
    this.numbers.clear();
    // With every case kept, same-named tests are told apart within the current report only.
    if (this.keep === 'all') this.entryReport.clear();
  }

  /**
   * Kept ids that hash like a logged pass, which was read before the kept case (a pass read after
   * it was merged at once). The reports are then read again and every result of a suspect's id is
   * handed to `rescanResult`, in reading order; `settleSuspects` ends the rescan.
   */
  findSuspects(): ReadonlySet<string> {
    if (this.passedIds !== undefined && this.passedIds.distinctCount > 0) {
      for (const id of this.cases.keys()) {
        if (!this.suspects.has(id) && this.passedIds.has(id)) this.suspects.set(id, undefined);
      }
    }
    return new Set(this.suspects.keys());
  }

  /** A result read again for a suspect's id (passing ones may be bare: id, name and source). */
  rescanResult(testCase: TestCase): void {
    if (!this.suspects.has(testCase.id)) return;
    let replay = this.suspects.get(testCase.id);
    if (replay === undefined) {
      replay = new CaseCollector('all', undefined, Number.POSITIVE_INFINITY, this.reports);
      this.suspects.set(testCase.id, replay);
    }
    replay.replayResult(testCase);
  }

  /**
   * Ends the rescan. A suspect whose results included a pass with exactly its id takes the result
   * of their replay (the entry, and the same-named tests counted beside it); the others were hash
   * collisions and stay as they are.
   */
  settleSuspects(): void {
    for (const [id, replay] of this.suspects) {
      if (replay === undefined) continue;
      if (replay.sawRepeatedId) this.sawRepeatedId = true;
      if (!replay.sawPass) continue;
      const known = this.cases.get(id)!;
      const { cases, summary } = replay.result();
      const entry = cases[0]!;
      // What was counted for this id as it was first read is replaced by the replay's counts.
      for (const status of this.extrasOfId.get(id) ?? []) this.extras[status]--;
      this.extrasOfId.delete(id);
      hashIdParts('', id);
      this.extras.passed -= this.repeatsOfHash.get(lastIdHash()) ?? 0;
      for (const status of ['passed', 'failed', 'errored', 'skipped'] as const) {
        this.extras[status] += summary[status] - (entry.status === status ? 1 : 0);
      }
      // The text of the kept case was charged to the budget already; a slim one stays slim.
      const slimmed = this.keep === 'none' || (known.failure !== undefined && known.failure.body === TEXT_NOT_KEPT);
      this.cases.set(id, slimmed ? slimBody(entry, this.keep !== 'none') : entry);
      this.replayed++;
    }
    this.suspects.clear();
  }

  result(): { cases: TestCase[]; summary: TestRunSummary } {
    const cases = [...this.cases.values()];
    const summary = summarize(cases);
    // Each replayed suspect counted its logged passes itself (see settleSuspects).
    const logged = this.passedIds === undefined ? 0 : this.passedIds.distinctCount - this.replayed;
    const extras = this.extras;
    const notKept = this.notKept;
    summary.passed += this.passesCounted + logged + extras.passed + notKept.passed;
    summary.failed += extras.failed + notKept.failed;
    summary.errored += extras.errored + notKept.errored;
    summary.skipped += extras.skipped + notKept.skipped;
    summary.total +=
      this.passesCounted + logged + extras.passed + extras.failed + extras.errored + extras.skipped + this.notKeptCount;
    // A kept case can end up a plain pass (a skip, then a pass): counted, not listed.
    const listed =
      this.keep === 'all' ? cases : this.keep === 'none' ? [] : cases.filter((c) => c.status !== 'passed' || c.flaky);
    return { cases: listed, summary };
  }

  // ---- replays (a collector that keeps every case, fed one id's results) ----------------------

  private sawPass = false;
  private replayReport: string | undefined;

  private replayResult(testCase: TestCase): void {
    const report = testCase.source?.report;
    if (report !== this.replayReport) {
      if (this.replayReport !== undefined) this.endReport();
      this.replayReport = report;
    }
    if (testCase.status === 'passed' && !testCase.flaky) this.sawPass = true;
    this.addCase(testCase);
  }

  /** A second result for a kept id: runs of one test are merged; a same-named test is counted apart. */
  private merge(id: string, known: TestCase, later: TestCase): void {
    const sameReport = this.reportOf(id, later.source?.report) === later.source?.report;
    const repeats = repeatsOf(later.source);
    let runs = !sameReport;
    if (sameReport && !writtenTwice(later)) {
      // A retry after a failure (Gradle), or another attempt (pytest), is the same test.
      runs = repeats === 'attempts' || (repeats === 'retry-after-failure' && failing(known));
      if (!runs) this.sawRepeatedId = true;
    }
    const merged =
      sameReport && runs && repeats === 'attempts' ? mergeAttempts(known, later) : mergeCases(known, later, runs);
    if (!runs && sameReport && !writtenTwice(later)) {
      // The entry shows the result that stands; the other result is a test of its own.
      const other = merged === known ? later.status : known.status;
      this.extras[other]++;
      if (this.passedIds !== undefined) {
        const counted = this.extrasOfId.get(id);
        if (counted === undefined) this.extrasOfId.set(id, [other]);
        else counted.push(other);
      }
    }
    this.cases.set(id, merged);
  }

  private withinBudget(testCase: TestCase): TestCase {
    const text =
      (testCase.failure?.body?.length ?? 0) + (testCase.systemOut?.length ?? 0) + (testCase.systemErr?.length ?? 0);
    if (this.keptText + text <= this.textBudget) {
      this.keptText += text;
      return testCase;
    }
    return slimBody(testCase, true);
  }
}

/** The case without its text, saying so in the body when `say`. */
function slimBody(testCase: TestCase, say: boolean): TestCase {
  const kept = slim(testCase);
  if (say && kept.failure !== undefined) kept.failure.body = TEXT_NOT_KEPT;
  return kept;
}

/** A bare passing result for a test already known (only its status matters to the merge). */
function passOf(known: TestCase, source: Source): TestCase {
  return { id: known.id, suite: known.suite, name: known.name, status: 'passed', ...(source ? { source } : {}) };
}

/** How the report's producer writes a test more than once in one report (see dialects.ts). */
function repeatsOf(source: Source): DialectQuirks['repeats'] {
  return source?.dialect === undefined ? undefined : quirksOf(source.dialect as JUnitDialect).repeats;
}

function failing(testCase: TestCase): boolean {
  return testCase.status === 'failed' || testCase.status === 'errored';
}

/** Whether the case is one its producer writes twice in one report (see dialects.ts). */
function writtenTwice(testCase: TestCase): boolean {
  const dialect = testCase.source?.dialect;
  return dialect !== undefined && quirksOf(dialect as JUnitDialect).writesTwice?.(testCase.classname) === true;
}

/** The id `testId` builds from a scope (file, classname or suite) and a name. */
export function joinId(scope: string, name: string): string {
  return scope ? `${scope}::${name}` : name;
}

/** The case without its bulky text (bodies, output); type and message stay. */
function slim(testCase: TestCase): TestCase {
  const { systemOut: _out, systemErr: _err, failure, ...rest } = testCase;
  if (failure === undefined) return rest;
  const { body: _body, ...head } = failure;
  return { ...rest, failure: head };
}

const RANK: Record<TestCase['status'], number> = { failed: 3, errored: 3, skipped: 1, passed: 2 };

/** Between two tests that share a name: the one that did not pass is shown (see `mergeCases`). */
function standing(testCase: TestCase): number {
  switch (testCase.status) {
    case 'failed':
    case 'errored':
      return 4;
    case 'skipped':
      return 3;
    default:
      return testCase.flaky ? 2 : 1;
  }
}

/**
 * Two results for the same test id, `earlier` read before `later`. When they are runs of one test
 * (`runs`): a pass after a failure makes it flaky but passing (the failure's details are kept to
 * show the flake), a failure after a pass makes it flaky but failing (a rerun that fails is never
 * hidden); two failures keep the first; a skip loses to any result that ran. When they are not
 * (two same-named tests in one report), the one that did not pass is shown: a failure before a
 * skip before a flaky pass, the earlier of equals; nothing is mixed from the other.
 */
export function mergeCases(earlier: TestCase, later: TestCase, runs = true): TestCase {
  if (!runs) return standing(later) > standing(earlier) ? later : earlier;
  const earlierFailed = earlier.status === 'failed' || earlier.status === 'errored';
  const laterFailed = later.status === 'failed' || later.status === 'errored';
  if (earlierFailed && later.status === 'passed') {
    return {
      ...earlier,
      ...(later.durationMs !== undefined ? { durationMs: later.durationMs } : {}),
      status: 'passed',
      flaky: true,
      failure: earlier.failure ?? later.failure,
    };
  }
  if (laterFailed && earlier.status === 'passed') return { ...later, flaky: true };
  // Ties keep the earlier case.
  const keep = RANK[later.status] > RANK[earlier.status] ? later : earlier;
  const other = keep === earlier ? later : earlier;
  if (!(earlier.flaky || later.flaky) || keep.status === 'failed' || keep.status === 'errored') return keep;
  return { ...keep, flaky: true, failure: keep.failure ?? other.failure };
}

/**
 * Two elements of one test in a pytest report (`repeats: 'attempts'`), `earlier` read first: the
 * later one stands. pytest-rerunfailures writes a rerun attempt as an empty element (its failure
 * is not in the report), so a pass after an attempt is a pass that needed a rerun: flaky. An error
 * in teardown after a failure (pytest writes it as a second element) makes the test errored.
 */
export function mergeAttempts(earlier: TestCase, later: TestCase): TestCase {
  if (later.status === 'passed') {
    return { ...later, flaky: true, ...(earlier.failure ? { failure: earlier.failure } : {}) };
  }
  if (failing(earlier) && failing(later) && earlier.status === 'errored' && later.status === 'failed') return earlier;
  return later;
}

/**
 * Collects the cases of one or more reports into one result, counting and merging results with the
 * same test id (docs/junit.md, "What counts"): within one report two cases with one id are two
 * tests, numbered (`id #2`), unless their producer writes retries or attempts so (`repeats` in
 * dialects.ts); across reports one id is one test whose runs are merged (`mergeCases`).
 *
 * Reading only the non-passing cases, a single report's passes are only counted. Where runs of one
 * test can meet (several reports, retries written as repeated cases), passing ids are logged as
 * hashes (id-hash-set.ts): a pass after its kept case is merged at once; a kept case whose id hashes
 * like an earlier pass is a suspect, whose results are read again and merged in reading order
 * (`findSuspects`); an id met twice in one report needs a reading of every case (`needsEveryCase`).
 * Counts are derived from the cases, never from the producers' own totals.
 */
import { summarize, type TestCase, type TestRunSummary, type TestStatus } from '../test-run.js';
import { quirksOf, type DialectQuirks, type JUnitDialect } from './dialects.js';
import type { CaseSink } from './junit-reader.js';
import { hashIdParts, IdHashLog, IdHashSet, lastIdHash } from './id-hash-set.js';

export type KeepCases = 'all' | 'non-passing' | 'none';

/**
 * Text kept across all failing cases of one parse (bodies and output), in UTF-16 code units: a
 * report with tens of thousands of failures keeps every case, but only the first ones' text. 4 Mi
 * is about 1,600 pytest tracebacks of 2.5 KB (frames are built for 200 failures by default); kept
 * text costs several times its size in peak RSS (see docs/junit.md).
 */
export const KEPT_TEXT_BUDGET = 4 * 1024 * 1024;

const TEXT_NOT_KEPT = '[text not kept: the text budget of this parse was used by earlier failures]';

/** Where a case was read: merging two results depends on whether they are two runs of one test. */
type Source = TestCase['source'];

const STATUSES = ['passed', 'failed', 'errored', 'skipped'] as const;
const noCounts = (): Record<TestStatus, number> => ({ passed: 0, failed: 0, errored: 0, skipped: 0 });

export class CaseCollector implements CaseSink {
  readonly wantsPassingCases: boolean;
  private readonly cases = new Map<string, TestCase>();
  /** Passing cases counted without their ids (see `passIdsNeeded`). */
  private passesCounted = 0;
  /** Tests beyond the one entry per id: same-named tests of the first report that has the id. */
  private readonly extras = noCounts();
  /** Results counted but not kept, past `maxKept` (see `addCase`). */
  private readonly notKept = noCounts();
  /** The report each kept id was first read in (with keepCases 'all': the current report's ids only). */
  private readonly entryReport = new Map<string, string | undefined>();
  /** Non-passing modes: the passes logged by hash, and the hashes of the kept ids they are probed against. */
  private readonly passedIds: IdHashLog | undefined;
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
  /**
   * Ids of the current report's cases handed over whole: how many tests had the id so far (times
   * two) plus one when the latest of them failed (see `numbered`).
   */
  private readonly numbers = new Map<string, number>();
  /** Whether an id was met twice in one report where it is not a retry (see `needsEveryCase`). */
  private sawRepeatedId = false;
  // A replay (a collector that keeps every case, fed one suspect id's results): whether it saw a pass.
  private sawPass = false;
  private replayReport: string | undefined;

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

  /** Non-passing results counted but not kept (past `maxKept`). */
  get notKeptCount(): number {
    return STATUSES.reduce((n, status) => n + this.notKept[status], 0);
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
      // keepCases 'all' always receives whole cases; this is only reached through a custom sink.
      const id = joinId(scope, prefix + name);
      this.addCase({ id, suite: '', name: prefix + name, status: 'passed', ...(source ? { source } : {}) });
      return;
    }
    if (!this.passIdsNeeded(source)) {
      this.passesCounted++;
      return;
    }
    hashIdParts(scope, name, prefix);
    const id = this.keptIds.hasHashed() ? joinId(scope, prefix + name) : undefined;
    const known = id === undefined ? undefined : this.cases.get(id);
    if (id === undefined || known === undefined) {
      this.passedIds.pushHashed();
      return;
    }
    const pass = passOf(known, source);
    this.numbered(pass);
    // Numbered: another same-named test of this report, which only a reading of every case tells
    // apart (see `needsEveryCase`); counted meanwhile.
    if (pass.id !== id) this.passesCounted++;
    else this.merge(id, known, pass);
  }

  addCase(testCase: TestCase): void {
    this.numbered(testCase);
    this.onCase?.(testCase);
    const known = this.cases.get(testCase.id);
    if (known !== undefined) return this.merge(testCase.id, known, testCase);
    if (testCase.status === 'passed' && !testCase.flaky && this.passedIds !== undefined) {
      if (!this.passIdsNeeded(testCase.source)) return void this.passesCounted++;
      hashIdParts('', testCase.id);
      return this.passedIds.pushHashed();
    }
    const isFailing = failing(testCase);
    // Past the cap, a case no later result can be merged with is only counted: one report, a
    // producer that writes no retries as repeated cases, and not a result written twice.
    const full = (isFailing ? this.keptFailing : this.keptOther) >= this.maxKept;
    if (this.keep !== 'all' && full && !this.passIdsNeeded(testCase.source) && !writtenTwice(testCase))
      return void this.notKept[testCase.status]++;
    if (isFailing) this.keptFailing++;
    else this.keptOther++;
    this.cases.set(testCase.id, this.keep === 'none' ? slim(testCase) : this.withinBudget(testCase));
    // With one report, every kept id is that report's, and passes are probed only if its
    // producer writes retries as repeated cases.
    if (this.reports > 1) this.entryReport.set(testCase.id, testCase.source?.report);
    if (this.keptIds !== undefined && this.passIdsNeeded(testCase.source)) this.keptIds.add(testCase.id);
  }

  /**
   * Every case of a report has been handed over: a pass logged more than once in it is that many
   * same-named tests (unless its producer writes retries so, or an earlier report had the id).
   */
  endReport(source?: Source): void {
    if (this.passedIds !== undefined) {
      const { repeats, repeated } = this.passedIds.endSegment();
      for (const key of repeats) this.repeatsOfHash.set(key, (this.repeatsOfHash.get(key) ?? 0) + 1);
      // A pass logged twice in one report: two tests, or runs of one that its producer's rules
      // must merge; either way only a reading of every case numbers or merges them right.
      if (repeated) this.sawRepeatedId = true;
      if (repeatsOf(source) === undefined) this.extras.passed += repeats.length;
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
    const report = testCase.source?.report;
    if (report !== replay.replayReport) {
      if (replay.replayReport !== undefined) replay.endReport();
      replay.replayReport = report;
    }
    if (testCase.status === 'passed' && !testCase.flaky) replay.sawPass = true;
    replay.addCase(testCase);
  }

  /**
   * Ends the rescan. A suspect whose results included a pass with exactly its id takes the result
   * of their replay (the entry, and the same-named tests counted beside it); the others were hash
   * collisions and stay as they are.
   */
  settleSuspects(): void {
    for (const [id, replay] of this.suspects) {
      if (replay?.sawRepeatedId) this.sawRepeatedId = true;
      if (replay?.sawPass) this.settle(id, replay);
    }
    this.suspects.clear();
  }

  result(): { cases: TestCase[]; summary: TestRunSummary } {
    const cases = [...this.cases.values()];
    const summary = summarize(cases);
    // Each replayed suspect counted its logged passes itself (see settleSuspects).
    const logged = this.passedIds === undefined ? 0 : this.passedIds.distinctCount - this.replayed;
    for (const status of STATUSES) {
      const more = this.extras[status] + this.notKept[status] + (status === 'passed' ? this.passesCounted + logged : 0);
      summary[status] += more;
      summary.total += more;
    }
    // A kept case can end up a plain pass (a skip, then a pass): counted, not listed.
    if (this.keep === 'all') return { cases, summary };
    return { cases: this.keep === 'none' ? [] : cases.filter((c) => c.status !== 'passed' || c.flaky), summary };
  }

  /** A suspect's replay found a pass with exactly its id: its result replaces what was counted for it. */
  private settle(id: string, replay: CaseCollector): void {
    const known = this.cases.get(id)!;
    const { cases, summary } = replay.result();
    const entry = cases[0]!;
    for (const status of this.extrasOfId.get(id) ?? []) this.extras[status]--;
    this.extrasOfId.delete(id);
    hashIdParts('', id);
    this.extras.passed -= this.repeatsOfHash.get(lastIdHash()) ?? 0;
    for (const status of STATUSES) this.extras[status] += summary[status] - (entry.status === status ? 1 : 0);
    // The text of the kept case was charged to the budget already; a slim one stays slim.
    const slimmed = this.keep === 'none' || known.failure?.body === TEXT_NOT_KEPT;
    this.cases.set(id, slimmed ? slimBody(entry, this.keep !== 'none') : entry);
    this.replayed++;
  }

  /**
   * Gives a case of the current report whose id an earlier case of it had its number: `id #2`,
   * `id #3` (the first keeps the id), unless its producer writes it as a retry or an attempt of
   * that case (`repeats` in dialects.ts) or writes that result twice: then it keeps the id and is
   * merged with it.
   */
  private numbered(testCase: TestCase): void {
    const id = testCase.id;
    const seen = this.numbers.get(id);
    const latest = failing(testCase) ? 1 : 0;
    if (seen === undefined) return void this.numbers.set(id, 2 + latest);
    let count = seen >> 1;
    const repeats = repeatsOf(testCase.source);
    const retry = repeats === 'attempts' || (repeats === 'retry-after-failure' && (seen & 1) === 1);
    if (!writtenTwice(testCase) && !retry) {
      count++;
      this.sawRepeatedId = true;
    }
    this.numbers.set(id, count * 2 + latest);
    if (count > 1) testCase.id = `${id} #${count}`;
  }

  /** A second result for a kept id: runs of one test are merged; a same-named test is counted apart. */
  private merge(id: string, known: TestCase, later: TestCase): void {
    const report = later.source?.report;
    const sameReport = (this.reports > 1 ? this.entryReport.get(id) : report) === report;
    const repeats = repeatsOf(later.source);
    // A result its producer writes twice is one result; a retry after a failure (Gradle), or
    // another attempt (pytest), is another run of the same test; anything else, another test.
    const twice = sameReport && writtenTwice(later);
    const runs =
      !sameReport || (!twice && (repeats === 'attempts' || (repeats === 'retry-after-failure' && failing(known))));
    const merged =
      sameReport && runs && repeats === 'attempts' ? mergeAttempts(known, later) : mergeCases(known, later, runs);
    if (!runs && !twice) {
      this.sawRepeatedId = true;
      // The entry shows the result that stands; the other result is a test of its own.
      const other = merged === known ? later.status : known.status;
      this.extras[other]++;
      if (this.passedIds !== undefined) this.extrasOfId.set(id, [...(this.extrasOfId.get(id) ?? []), other]);
    }
    this.cases.set(id, merged);
  }

  private withinBudget(testCase: TestCase): TestCase {
    const text =
      (testCase.failure?.body?.length ?? 0) + (testCase.systemOut?.length ?? 0) + (testCase.systemErr?.length ?? 0);
    if (this.keptText + text > this.textBudget) return slimBody(testCase, true);
    this.keptText += text;
    return testCase;
  }
}

/** The case without its bulky text (bodies, output); type and message stay. */
function slim(testCase: TestCase): TestCase {
  const { systemOut: _out, systemErr: _err, failure, ...rest } = testCase;
  if (failure === undefined) return rest;
  const { body: _body, ...head } = failure;
  return { ...rest, failure: head };
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

/** Whether the case is one its producer writes twice in one report (see dialects.ts). */
function writtenTwice(testCase: TestCase): boolean {
  const dialect = testCase.source?.dialect;
  return dialect !== undefined && quirksOf(dialect as JUnitDialect).writesTwice?.(testCase.classname) === true;
}

function failing(testCase: TestCase): boolean {
  return testCase.status === 'failed' || testCase.status === 'errored';
}

/** The id `testId` builds from a scope (file, classname or suite) and a name. */
export function joinId(scope: string, name: string): string {
  return scope ? `${scope}::${name}` : name;
}

const RANK: Record<TestStatus, number> = { failed: 3, errored: 3, skipped: 1, passed: 2 };

/** Between two tests that share a name: the one that did not pass is shown (see `mergeCases`). */
function standing(testCase: TestCase): number {
  if (failing(testCase)) return 4;
  if (testCase.status === 'skipped') return 3;
  return testCase.flaky ? 2 : 1;
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
  if (failing(earlier) && later.status === 'passed') {
    const durationMs = later.durationMs;
    const failure = earlier.failure ?? later.failure;
    return { ...earlier, ...(durationMs !== undefined ? { durationMs } : {}), status: 'passed', flaky: true, failure };
  }
  if (failing(later) && earlier.status === 'passed') return { ...later, flaky: true };
  // Ties keep the earlier case.
  const keep = RANK[later.status] > RANK[earlier.status] ? later : earlier;
  const other = keep === earlier ? later : earlier;
  if (!(earlier.flaky || later.flaky) || failing(keep)) return keep;
  return { ...keep, flaky: true, failure: keep.failure ?? other.failure };
}

/**
 * Two elements of one test in a pytest report (`repeats: 'attempts'`), `earlier` read first: the
 * later one stands. pytest-rerunfailures writes a rerun attempt as an empty element (its failure
 * is not in the report), so a pass after an attempt is a pass that needed a rerun: flaky. An error
 * in teardown after a failure (pytest writes it as a second element) makes the test errored.
 */
function mergeAttempts(earlier: TestCase, later: TestCase): TestCase {
  if (later.status === 'passed')
    return { ...later, flaky: true, ...(earlier.failure ? { failure: earlier.failure } : {}) };
  return earlier.status === 'errored' && later.status === 'failed' ? earlier : later;
}

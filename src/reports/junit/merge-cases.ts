/**
 * Collects the cases of one or more reports into one result: the same test id seen more than once
 * (a rerun report, shards that overlap, Gradle's retries written as repeated <testcase>s) becomes
 * one case, and a test that both failed and passed is flaky. Counts are derived from the merged
 * cases, never from the producers' own totals.
 *
 * With `keepCases: 'non-passing'` (or 'none') passing cases are not kept: their ids' hashes are
 * logged (8 bytes each), and a kept case whose id hashes like an earlier pass is re-checked exactly
 * by reading the reports again (`findSuspects`, `confirmPass`), so a hash collision can never
 * change a result.
 */
import { summarize, type TestCase, type TestRunSummary } from '../test-run.js';
import type { CaseSink } from './junit-reader.js';
import { hashIdParts, IdHashLog, IdHashSet } from './id-hash-set.js';

export type KeepCases = 'all' | 'non-passing' | 'none';

/**
 * Text kept across all failing cases of one parse (bodies and output), in UTF-16 code units: a
 * report with tens of thousands of failures keeps every case, but only the first ones' text.
 */
export const KEPT_TEXT_BUDGET = 8 * 1024 * 1024;

/** Where a case was read: merging two results depends on whether they are two runs of one test. */
type Source = TestCase['source'];

export class CaseCollector implements CaseSink {
  readonly wantsPassingCases: boolean;
  private readonly cases = new Map<string, TestCase>();
  private readonly passedIds: IdHashLog | undefined;
  /** Hashes of the ids in `cases` (non-passing modes): most passing ids need no Map lookup. */
  private readonly keptIds: IdHashSet | undefined;
  /** Passing ids (hash-unique) that were merged into `cases` after all (see `confirmPass`). */
  private passesMerged = 0;
  /** Failing ids that hash like an earlier pass: confirmed or dismissed by `rescan`. */
  private readonly suspects = new Set<string>();
  private keptText = 0;

  constructor(
    private readonly keep: KeepCases = 'all',
    private readonly onCase?: (testCase: TestCase) => void,
    private readonly textBudget = KEPT_TEXT_BUDGET,
  ) {
    this.wantsPassingCases = keep === 'all' || onCase !== undefined;
    this.passedIds = keep === 'all' ? undefined : new IdHashLog();
    this.keptIds = keep === 'all' ? undefined : new IdHashSet();
  }

  /**
   * Kept ids that hash like a pass seen before them (a pass that came after was merged at once):
   * the reports are read again to confirm each exactly (see `confirmPass`).
   */
  findSuspects(): ReadonlySet<string> {
    if (this.passedIds !== undefined && this.passedIds.distinctCount > 0) {
      for (const [id, testCase] of this.cases) {
        if (testCase.status !== 'passed' && this.passedIds.has(id)) this.suspects.add(id);
      }
    }
    return this.suspects;
  }

  addPassingId(id: string, source?: Source): void {
    this.addPassing('', id, '', source);
  }

  /** The hot path: a passing case by the parts of its id (`scope::prefix+name`), usually without building it. */
  addPassing(scope: string, name: string, prefix = '', source?: Source): void {
    if (this.passedIds === undefined || this.keptIds === undefined) {
      // keep 'all' always receives whole cases; this is only reached through a custom sink.
      const id = joinId(scope, prefix + name);
      this.addCase({ id, suite: '', name: prefix + name, status: 'passed', ...(source ? { source } : {}) });
      return;
    }
    hashIdParts(scope, name, prefix);
    if (this.keptIds.hasHashed()) {
      const id = joinId(scope, prefix + name);
      const known = this.cases.get(id);
      if (known !== undefined) {
        this.cases.set(id, mergeCases(known, passOf(known, source), sameTestRun(known.source, source)));
        return;
      }
    }
    this.passedIds.pushHashed();
  }

  addCase(testCase: TestCase): void {
    this.onCase?.(testCase);
    const known = this.cases.get(testCase.id);
    if (known !== undefined) {
      this.cases.set(testCase.id, mergeCases(known, testCase, sameTestRun(known.source, testCase.source)));
      return;
    }
    if (testCase.status === 'passed' && !testCase.flaky && this.passedIds !== undefined) {
      this.addPassingId(testCase.id, testCase.source);
      return;
    }
    const kept = this.keep === 'none' ? slim(testCase) : this.withinBudget(testCase);
    this.cases.set(testCase.id, kept);
    this.keptIds?.add(testCase.id);
  }

  /** A passing case seen while re-reading the reports (it came before the failure): only suspects count. */
  confirmPass(id: string, source?: Source): void {
    if (!this.suspects.has(id)) return;
    this.suspects.delete(id);
    const known = this.cases.get(id)!;
    this.cases.set(id, mergeCases(passOf(known, source), known, sameTestRun(source, known.source)));
    // That pass was counted among the passing-only ids; it now lives in the merged case.
    this.passesMerged++;
  }

  /** Suspects not confirmed by the rescan were hash collisions: they stay as they are. */
  dismissSuspects(): void {
    this.suspects.clear();
  }

  result(): { cases: TestCase[]; summary: TestRunSummary } {
    const cases = [...this.cases.values()];
    const summary = summarize(cases);
    const passedOnly = this.passedIds === undefined ? 0 : this.passedIds.distinctCount - this.passesMerged;
    summary.total += passedOnly;
    summary.passed += passedOnly;
    return { cases: this.keep === 'none' ? [] : cases, summary };
  }

  private withinBudget(testCase: TestCase): TestCase {
    const text =
      (testCase.failure?.body?.length ?? 0) + (testCase.systemOut?.length ?? 0) + (testCase.systemErr?.length ?? 0);
    if (this.keptText + text <= this.textBudget) {
      this.keptText += text;
      return testCase;
    }
    const kept = slim(testCase);
    if (kept.failure !== undefined) kept.failure.body = '[text not kept: the text budget of this parse was used by earlier failures]';
    return kept;
  }
}

/** A bare passing result for a test already known (only its status matters to the merge). */
function passOf(known: TestCase, source: Source): TestCase {
  return { id: known.id, suite: known.suite, name: known.name, status: 'passed', ...(source ? { source } : {}) };
}

/** Producers that write a retried test as repeated <testcase> elements in one report (see dialects.ts). */
const WRITES_RETRIES_AS_REPEATED_CASES = new Set(['gradle']);

/**
 * Whether two results with the same id are two runs of one test (a rerun, another shard's run,
 * a retry) rather than two tests that happen to share a name in one report (jest and mocha allow
 * that): different reports are runs, and so are repeats from a producer that writes retries so.
 */
export function sameTestRun(a: Source, b: Source): boolean {
  if (a?.report !== b?.report) return true;
  return a?.dialect !== undefined && WRITES_RETRIES_AS_REPEATED_CASES.has(a.dialect);
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

/**
 * Two results for the same test id, `earlier` read before `later`. When they are runs of one test
 * (`runs`): a pass after a failure makes it flaky but passing (the failure's details are kept to
 * show the flake), a failure after a pass makes it flaky but failing (a rerun that fails is never
 * hidden). When they are not (two same-named tests in one report), a failure always wins. Two
 * failures keep the first; a skip loses to any result that ran.
 */
export function mergeCases(earlier: TestCase, later: TestCase, runs = true): TestCase {
  const earlierFailed = earlier.status === 'failed' || earlier.status === 'errored';
  const laterFailed = later.status === 'failed' || later.status === 'errored';
  if (earlierFailed && later.status === 'passed') {
    if (!runs) return earlier;
    return {
      ...earlier,
      ...(later.durationMs !== undefined ? { durationMs: later.durationMs } : {}),
      status: 'passed',
      flaky: true,
      failure: earlier.failure ?? later.failure,
    };
  }
  if (laterFailed && earlier.status === 'passed') return runs ? { ...later, flaky: true } : later;
  // Ties keep the earlier case.
  const keep = RANK[later.status] > RANK[earlier.status] ? later : earlier;
  const other = keep === earlier ? later : earlier;
  if (!(earlier.flaky || later.flaky) || keep.status === 'failed' || keep.status === 'errored') return keep;
  return { ...keep, flaky: true, failure: keep.failure ?? other.failure };
}

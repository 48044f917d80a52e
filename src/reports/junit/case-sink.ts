/**
 * Where the reader hands the cases of a report (see merge-cases.ts for the collector, and
 * parse-junit.ts for the sink of a rescan): the contract between reading and merging.
 */
import type { TestCase } from '../test-run.js';

/** The report (and its producer, once known) a case was read from. */
export type CaseSource = { report: string; dialect?: string };

export interface CaseSink {
  /** When false, a passing case that is not flaky is counted or reported by its id only (no object is built). */
  readonly wantsPassingCases: boolean;
  /**
   * Whether passing cases of this report are needed by their ids (`addPassing`) or only counted
   * (`countPass`). Asked once per report, after its producer is known.
   */
  passIdsNeeded(source: CaseSource): boolean;
  /** A passing case that is only counted: its attributes are not even read. */
  countPass(source: CaseSource): void;
  /**
   * A passing case by the parts of its id: `scope::prefix+name`, or `prefix+name` when the scope is
   * empty (see `testId`); the parts are passed so the hot path need not build the id.
   */
  addPassing(scope: string, name: string, prefix: string, source: CaseSource): void;
  /** When it returns true for a passing case's id parts, the case is built whole and given to `addCase`. */
  wantsPassingCase?(scope: string, name: string, prefix: string): boolean;
  addCase(testCase: TestCase): void;
  /** Every case of the report has been handed over. */
  endReport?(source: CaseSource): void;
}

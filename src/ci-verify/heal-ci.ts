/**
 * What heal() takes for verify: ci (`HealCi`, made by `setup.ts`) and what it makes of it: the facts
 * the runner-or-ci choice reads (`verify-mode.ts`), and an attempt's full run as a CI round of the
 * candidate's files, ending early enough to leave time to deliver.
 */
import type { CiRound } from '../contracts/heal-report.js';
import { collectEvidence } from '../frames/collect-evidence.js';
import type { RunOutcome } from '../loop/verdict.js';
import type { CiVerifier } from './ci-run.js';
import type { VerifyFacts } from './verify-mode.js';

/** The CI rounds of a run, or why they cannot be made here. */
export interface HealCi {
  verifier?: CiVerifier;
  /** Why there is no verifier (no token, no branch, a fork). */
  unavailable?: string;
  /** Report artifacts of the failed run (workflow_run mode). */
  shards: number;
}

/** What the runner-or-ci choice knows of CI: why no round can be made (absent when one can), the failed run's shards. */
export function ciFacts(ci: HealCi | undefined): Pick<VerifyFacts, 'ciUnavailable' | 'shards'> {
  return {
    ciUnavailable: ci?.verifier ? undefined : (ci?.unavailable ?? 'no CI rounds were set up by the caller'),
    shards: ci?.shards ?? 0,
  };
}

export interface CiFullRun {
  verifier: CiVerifier;
  /** The full run here, for a run with no candidate files to push. */
  runHere: (label: string) => Promise<RunOutcome>;
  /** The repository's top level, and where the test command runs (the base of the reports' case files). */
  root: string;
  cwd: string;
  /** When the heal run started, and its budget. */
  startedAt: number;
  maxSeconds: number;
  /** A round's record holds what CI wrote (job names, test ids): scrubbed before it reaches the report. */
  scrubRound: (round: CiRound) => CiRound;
}

/** The full run of an attempt: a CI round of the candidate (`files`), one more each call. */
export function ciFullRunner(run: CiFullRun): (label: string, files: readonly string[]) => Promise<RunOutcome> {
  // The round must leave time to deliver: a tenth of the budget, at most a minute.
  const reserveMs = Math.min(60_000, run.maxSeconds * 100);
  let round = 0;
  return async (label, files) => {
    if (files.length === 0) return run.runHere(label);
    const outcome = await run.verifier.verify({
      attempt: ++round,
      files,
      deadline: run.startedAt + run.maxSeconds * 1000 - reserveMs,
      collect: async (junit) => {
        const evidence = await collectEvidence({ root: run.root, junit, testCwd: run.cwd });
        return {
          cases: evidence.run.cases,
          frames: evidence.frames,
          errors: evidence.errors.map((e) => `${e.file}: ${e.message}`),
        };
      },
    });
    return { ...outcome, ci: run.scrubRound(outcome.ci) };
  };
}

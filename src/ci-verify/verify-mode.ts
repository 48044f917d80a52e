/**
 * Where the whole suite verifies a candidate: in this runner, or on the user's own CI (`verify`).
 * `auto` takes the runner when the baseline's full run fits well within the budget and the failed
 * run was one job; a sharded run, or a suite too slow for the budget, goes to CI when it can.
 */
import { formatDuration, plural } from '../text/format.js';

export type VerifyRequest = 'runner' | 'ci' | 'auto';

export interface VerifyFacts {
  requested: VerifyRequest;
  /** Why a CI round cannot be made here (no token, no branch, a fork); absent when it can. */
  ciUnavailable?: string;
  /** Report artifacts of the failed run (workflow_run mode): more than one is a sharded suite. */
  shards: number;
  /** The baseline's full run in this runner, ms (reports reused: the tests' own durations). */
  fullRunMs: number;
  /** `reports`: the step's reports were reused, so `fullRunMs` was not timed here (default `run`). */
  fullRunSource?: 'run' | 'reports';
  attempts: number;
  budgetMs: number;
}

export type VerifyChoice = { mode: 'runner' | 'ci'; reason: string } | { mode: 'error'; reason: string };

/** The share of the budget the attempts' full runs may take before `auto` prefers CI. */
const RUNNER_SHARE = 0.5;

export function chooseVerifyMode(f: VerifyFacts): VerifyChoice {
  if (f.requested === 'runner') return { mode: 'runner', reason: 'verify: runner was asked for' };
  if (f.requested === 'ci') {
    if (f.ciUnavailable) return { mode: 'error', reason: `verify: ci cannot run here: ${f.ciUnavailable}` };
    return { mode: 'ci', reason: 'verify: ci was asked for' };
  }
  const needed = f.fullRunMs * f.attempts;
  const fits = needed <= f.budgetMs * RUNNER_SHARE;
  const why =
    f.shards > 1
      ? `the failed run's reports came from ${plural(f.shards, 'shard')}, which one runner does not run as CI does`
      : fits
        ? undefined
        : `${plural(f.attempts, 'full run')} of ${formatDuration(f.fullRunMs)} would take more than half of the ${formatDuration(f.budgetMs)} budget`;
  if (!why) return { mode: 'runner', reason: `verify auto → runner: ${fitsBecause(f)}` };
  if (f.ciUnavailable) return { mode: 'runner', reason: `verify auto → runner: ${why}, but ${f.ciUnavailable}` };
  return { mode: 'ci', reason: `verify auto → ci: ${why}` };
}

/** Why the full runs fit the budget, in words that say where the time came from. */
function fitsBecause(f: VerifyFacts): string {
  const budget = `the ${formatDuration(f.budgetMs)} budget`;
  if (f.fullRunSource !== 'reports') return `the full run takes ${formatDuration(f.fullRunMs)}, well within ${budget}`;
  // The step's reports were reused: no full run was timed, only what the reports say the tests took.
  if (f.fullRunMs <= 0)
    return `the step's reports were reused and time no test, so the full run is taken to fit ${budget}`;
  return `the tests of the step's reports took ${formatDuration(f.fullRunMs)}, well within ${budget}`;
}

/**
 * What a verification run is expected to take before the first attempt measured one: the suite's
 * run in this runner, or on CI, where the shards run side by side, one shard's share of it.
 */
export function expectedFullRunMs(fullRunMs: number, mode: 'runner' | 'ci', shards: number): number {
  return mode === 'ci' ? Math.ceil(fullRunMs / Math.max(1, shards)) : fullRunMs;
}

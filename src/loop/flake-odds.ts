/**
 * How many runs tell a fix from luck. A failing test that passes now and then passes some runs of
 * a change that does nothing; with `passes` of `runs` of the unchanged code seen, the chance that
 * such a change passes `k` runs in a row is the posterior predictive of a uniform prior on the pass
 * rate (Laplace's rule of succession, extended): prod over i < k of (passes + 1 + i) / (runs + 2 + i).
 * A handful of runs never reads as certainty: 0 passes of 3 runs still leaves a no-op 1 chance in
 * 5 of passing once. A candidate needs the smallest `k` that brings that chance to 1%, at most
 * `MAX_JUDGING_RUNS`; past the cap, 99% cannot be reached and the candidate is not accepted.
 */

/** The confidence with which a flake is ruled out. */
export const CONFIDENCE = 0.99;
/** Runs that may judge one candidate (and probes of the unchanged code after a sign): the cap. */
export const MAX_JUDGING_RUNS = 10;

/** The chance that a change that does nothing passes `k` runs in a row (see the file comment). */
export function chanceOfLuck(passes: number, runs: number, k: number): number {
  let chance = 1;
  for (let i = 0; i < k; i++) chance *= (passes + 1 + i) / (runs + 2 + i);
  return chance;
}

export interface RunsNeeded {
  /** Runs in a row needed (the cap when it cannot be reached). */
  runs: number;
  /** Whether `runs` reaches the confidence. */
  reached: boolean;
}

/** Passing runs in a row a candidate needs, given the unchanged code's `passes` of `runs`. */
export function passesNeeded(passes: number, runs: number, cap = MAX_JUDGING_RUNS): RunsNeeded {
  for (let k = 1; k <= cap; k++) if (chanceOfLuck(passes, runs, k) <= 1 - CONFIDENCE) return { runs: k, reached: true };
  return { runs: cap, reached: false };
}

/**
 * Failing runs of the unchanged code in a row that rule out its passing at `passRate` (the rate a
 * candidate passed at): (1 - passRate)^n <= 1%, at most `cap`.
 */
export function failuresNeeded(passRate: number, cap = MAX_JUDGING_RUNS): RunsNeeded {
  if (passRate <= 0) return { runs: 1, reached: true };
  if (passRate >= 1) return { runs: cap, reached: false };
  const n = Math.ceil(Math.log(1 - CONFIDENCE) / Math.log(1 - passRate));
  return n <= cap ? { runs: Math.max(1, n), reached: true } : { runs: cap, reached: false };
}

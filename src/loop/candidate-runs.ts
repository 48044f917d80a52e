/**
 * How a search provider's candidates are run: the rerun of the failing tests with a timeout of its
 * own (and stopping at the first failure when the tests are slow), and the neighbour check, one run of
 * the failing tests' files with its own timeout. A model's attempt keeps the heal's timeout.
 */
import type { HealOptions } from '../contracts/heal-options.js';
import type { Baseline } from './baseline.js';
import type { TargetedRunOptions } from './targeted-run.js';
import type { TestRuns } from './test-runs.js';
import type { RunOutcome } from './verdict.js';

type ReadyBaseline = Extract<Baseline, { kind: 'ready' }>;

/**
 * A confirmation slower than this, and a search provider's candidates rerun the targets stopping at
 * the first failure: failing tests that hang until a timeout then cost one timeout a candidate, not
 * one each (the price: a candidate's partial credit counts only the targets before that failure).
 */
const FAIL_FAST_AFTER_MS = 10_000;
/**
 * A search provider's candidate rerun of the targets is timed out at this many times the
 * confirmation, at least `MIN_CANDIDATE_TIMEOUT_MS` (and at most the heal's timeout): a mutant that
 * loops or grows without end costs that, not the whole timeout. A model's attempt keeps the heal's.
 */
const CANDIDATE_TIMEOUT_FACTOR = 10;
const MIN_CANDIDATE_TIMEOUT_MS = 20_000;

export function candidateRunOptions(
  ready: { confirmationMs?: number },
  options: HealOptions,
  /** The provider's shorter bound on this run (its own search time left). */
  shorterMs?: number,
): TargetedRunOptions {
  const confirmed = ready.confirmationMs;
  const own =
    confirmed === undefined
      ? Infinity
      : Math.min(
          options.timeoutSeconds * 1000,
          Math.max(MIN_CANDIDATE_TIMEOUT_MS, CANDIDATE_TIMEOUT_FACTOR * confirmed),
        );
  const timeoutMs = Math.min(own, shorterMs ?? Infinity);
  return {
    failFast: (confirmed ?? 0) > FAIL_FAST_AFTER_MS,
    ...(Number.isFinite(timeoutMs) ? { timeoutMs } : {}),
  };
}

/** The failing tests' files as one run, when reruns target single tests and the runner has a file-level form. */
export function targetFilesRunner(
  runs: TestRuns,
  baseline: ReadyBaseline,
  ready: { confirmationMs?: number },
  options: HealOptions,
): ((label: string, timeoutMs?: number) => Promise<RunOutcome>) | undefined {
  if (baseline.rerun.level !== 'tests') return undefined;
  const plan = runs.plan(baseline.targets, 'files');
  if (!plan.targeted || plan.scope !== 'files') return undefined;
  const timeoutMs = neighboursTimeoutMs(baseline, ready, options);
  return (label, shorter) => runs.run(plan, label, { timeoutMs: Math.min(timeoutMs, shorter ?? Infinity) });
}

const NEIGHBOURS_TIMEOUT_FACTOR = 5;

/**
 * The neighbour check's timeout: 5x what the files' tests took in the CI run (their reports'
 * durations), and never less than a candidate's own rerun gets; a mutant that makes a neighbour loop
 * costs that, not the heal's timeout (seen: 30 s a check on js-yaml, mocha's 2 s per hung test).
 */
function neighboursTimeoutMs(
  baseline: ReadyBaseline,
  ready: { confirmationMs?: number },
  options: HealOptions,
): number {
  const files = new Set(baseline.targets.map((t) => t.file).filter((f): f is string => f !== undefined));
  let testsMs = 0;
  for (const c of baseline.expectations.baseline.values())
    if (c.file && files.has(c.file)) testsMs += c.durationMs ?? 0;
  const candidateMs = candidateRunOptions(ready, options).timeoutMs ?? options.timeoutSeconds * 1000;
  return Math.min(options.timeoutSeconds * 1000, Math.max(candidateMs, NEIGHBOURS_TIMEOUT_FACTOR * testsMs));
}

/**
 * The baseline's time: its test runs wrapped to time them (the full run, the confirmation) and to
 * cut them at what is left of the time budget, and the log line that says where the time went.
 */
import type { HealTimings } from '../contracts/heal-report.js';
import type { Logger } from '../contracts/logger.js';
import { formatDuration } from '../text/format.js';
import type { RunExtras, TestRunResult, TestRuns } from './test-runs.js';

/** The time budget the baseline's runs are cut at: what is left of it, and the runs' own timeout. */
export interface RunBound {
  remainingMs: () => number;
  timeoutMs: number;
}

/** A run is given at least this long, even when the budget is spent (it then times out at once). */
const MIN_RUN_MS = 1_000;

/**
 * The baseline's test runs, timed: its full run is the baseline, every other run (the targeted
 * confirmation and its fallbacks) the confirmation, logged here with its duration. The targeted
 * runs made here serve the attempts too: `stop()` ends the timing when the baseline is settled.
 */
export function timeBaselineRuns(
  runs: TestRuns,
  logger: Logger,
  bound?: RunBound,
): { runs: TestRuns; timings: HealTimings; stop: () => void } {
  const timings: HealTimings = { attempts: [] };
  let active = true;
  // The baseline's runs end where the budget does (`--max-seconds`), not at the runs' own timeout.
  const cutAt = (extra?: RunExtras): { extra?: RunExtras; cut: boolean } => {
    if (!active || !bound) return { extra, cut: false };
    const own = extra?.timeoutMs ?? bound.timeoutMs;
    const left = Math.max(MIN_RUN_MS, bound.remainingMs());
    return left < own ? { extra: { ...extra, timeoutMs: left }, cut: true } : { extra, cut: false };
  };
  const marked = (cut: boolean, result: TestRunResult): TestRunResult =>
    cut && result.timedOut ? { ...result, budgetCut: true } : result;
  const count = <R extends { durationMs: number; timedOut: boolean; exitCode: number | null }>(
    label: string,
    result: R,
  ): R => {
    if (!active) return result;
    if (label === 'baseline') {
      timings.baselineMs = (timings.baselineMs ?? 0) + result.durationMs;
      return result;
    }
    timings.confirmationMs = (timings.confirmationMs ?? 0) + result.durationMs;
    const exit = result.timedOut ? 'timed out' : `exit ${result.exitCode ?? 'killed'}`;
    logger.info(`confirmation: ${exit} in ${formatDuration(result.durationMs)}`);
    return result;
  };
  const timed: TestRuns = {
    ...runs,
    full: async (label, own) => {
      const { extra, cut } = cutAt(own);
      return count(label, marked(cut, await runs.full(label, extra)));
    },
    run: async (plan, label, own) => {
      const { extra, cut } = cutAt(own);
      return count(label, marked(cut, await runs.run(plan, label, extra)));
    },
    targeted: async (targets, label) => count(label, await runs.targeted(targets, label)),
  };
  return { runs: timed, timings, stop: () => void (active = false) };
}

/** "baseline took 5.0 s: test run 3.2 s, confirmation 1.1 s, self-heal 0.7 s". */
export function describeBaselineTimings(timings: HealTimings, totalMs: number): string {
  const parts: string[] = [];
  if (timings.baselineMs !== undefined) parts.push(`test run ${formatDuration(timings.baselineMs)}`);
  else parts.push("the step's reports reused");
  if (timings.confirmationMs !== undefined) parts.push(`confirmation ${formatDuration(timings.confirmationMs)}`);
  const own = totalMs - (timings.baselineMs ?? 0) - (timings.confirmationMs ?? 0);
  parts.push(`self-heal ${formatDuration(Math.max(0, own))}`);
  return `baseline took ${formatDuration(totalMs)}: ${parts.join(', ')}`;
}

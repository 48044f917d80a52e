/**
 * The baseline's timing wrapper around the test runs: what it counts, and that it hands every run's
 * extras (the recorders' variables, a run's own timeout) through to the runs it wraps.
 */
import { describe, expect, it } from 'vitest';
import { describeBaselineTimings, timeBaselineRuns } from '../../src/loop/baseline-timings.js';
import type { RerunPlan } from '../../src/loop/rerun.js';
import type { RunExtras, TestRunResult, TestRuns } from '../../src/loop/test-runs.js';
import type { Logger } from '../../src/contracts/logger.js';

function recordingRuns(timedOut = false): { runs: TestRuns; calls: Array<{ label: string; extra?: RunExtras }> } {
  const calls: Array<{ label: string; extra?: RunExtras }> = [];
  const result = (durationMs: number) => ({ durationMs, timedOut, exitCode: 1 }) as unknown as TestRunResult;
  const runs = {
    full: async (label: string, extra?: RunExtras) => (
      calls.push({ label, ...(extra ? { extra } : {}) }),
      result(3_000)
    ),
    run: async (_plan: RerunPlan, label: string, extra?: RunExtras) => (calls.push({ label, extra }), result(400)),
    targeted: async (_targets: unknown, label: string) => (calls.push({ label }), result(500)),
  } as unknown as TestRuns;
  return { runs, calls };
}

const lines: string[] = [];
const logger = { info: (m: string) => lines.push(m) } as unknown as Logger;

describe('timeBaselineRuns', () => {
  it('counts the baseline and the confirmation apart, then stops counting; extras reach the wrapped runs', async () => {
    const { runs, calls } = recordingRuns();
    const timed = timeBaselineRuns(runs, logger);
    await timed.runs.full('baseline');
    await timed.runs.run({} as RerunPlan, 'confirm', { timeoutMs: 1_234, env: { A: '1' } });
    expect(timed.timings).toMatchObject({ baselineMs: 3_000, confirmationMs: 400 });
    expect(calls[1]).toEqual({ label: 'confirm', extra: { timeoutMs: 1_234, env: { A: '1' } } });
    expect(lines.at(-1)).toBe('confirmation: exit 1 in 400 ms');
    timed.stop();
    await timed.runs.run({} as RerunPlan, 'candidate-1', { timeoutMs: 20_000 });
    expect(timed.timings.confirmationMs).toBe(400);
    expect(calls[2]!.extra).toEqual({ timeoutMs: 20_000 });
  });

  it('cuts the baseline and the confirmation at what is left of the budget, and says so', async () => {
    const { runs, calls } = recordingRuns(true);
    let left = 300_000;
    const timed = timeBaselineRuns(runs, logger, { remainingMs: () => left, timeoutMs: 600_000 });
    const baseline = await timed.runs.full('baseline');
    expect(calls[0]).toEqual({ label: 'baseline', extra: { timeoutMs: 300_000 } });
    expect(baseline.budgetCut).toBe(true);
    // A run's own shorter timeout stands, and its timeout is then its own.
    left = 100_000;
    const own = await timed.runs.run({} as RerunPlan, 'confirm', { timeoutMs: 20_000 });
    expect(calls[1]!.extra).toEqual({ timeoutMs: 20_000 });
    expect(own.budgetCut).toBeUndefined();
    left = -5_000;
    await timed.runs.run({} as RerunPlan, 'confirm-files');
    expect(calls[2]!.extra).toEqual({ timeoutMs: 1_000 });
    // The attempts' runs are the loop's to bound.
    timed.stop();
    await timed.runs.full('attempt-1-full');
    expect(calls[3]).toEqual({ label: 'attempt-1-full' });
  });

  it('says where the baseline’s time went', () => {
    expect(describeBaselineTimings({ attempts: [], confirmationMs: 400 }, 1_000)).toBe(
      "baseline took 1.0 s: the step's reports reused, confirmation 400 ms, self-heal 600 ms",
    );
  });
});

import { describe, expect, it } from 'vitest';
import { chooseVerifyMode, expectedFullRunMs, type VerifyFacts } from '../../src/ci-verify/verify-mode.js';

const base: VerifyFacts = { requested: 'auto', shards: 0, fullRunMs: 10_000, attempts: 3, budgetMs: 1_800_000 };

describe('chooseVerifyMode', () => {
  it('auto: runner when three full runs take well under half the budget', () => {
    const choice = chooseVerifyMode(base);
    expect(choice.mode).toBe('runner');
    expect(choice.reason).toBe('verify auto → runner: the full run takes 10.0 s, well within the 30 min 0 s budget');
  });

  it('auto with the step’s reports reused: says the time is theirs, not a timed full run', () => {
    expect(chooseVerifyMode({ ...base, fullRunSource: 'reports', fullRunMs: 0 }).reason).toBe(
      "verify auto → runner: the step's reports were reused and time no test, so the full run is taken to fit the 30 min 0 s budget",
    );
    expect(chooseVerifyMode({ ...base, fullRunSource: 'reports', fullRunMs: 4_000 }).reason).toBe(
      "verify auto → runner: the tests of the step's reports took 4.0 s, well within the 30 min 0 s budget",
    );
  });

  it('auto: ci when the failed run was sharded', () => {
    const choice = chooseVerifyMode({ ...base, shards: 8 });
    expect(choice).toEqual({
      mode: 'ci',
      reason: "verify auto → ci: the failed run's reports came from 8 shards, which one runner does not run as CI does",
    });
  });

  it('auto: ci when the attempts’ full runs would take more than half the budget', () => {
    const choice = chooseVerifyMode({ ...base, fullRunMs: 400_000 });
    expect(choice.mode).toBe('ci');
    expect(choice.reason).toMatch(/3 full runs of .* would take more than half of the .* budget/);
    // Exactly half still fits.
    expect(chooseVerifyMode({ ...base, fullRunMs: 300_000 }).mode).toBe('runner');
  });

  it('auto falls back to runner, saying why, when CI rounds cannot be made', () => {
    const choice = chooseVerifyMode({ ...base, shards: 4, ciUnavailable: 'there is no github-token' });
    expect(choice.mode).toBe('runner');
    expect(choice.reason).toContain('4 shards');
    expect(choice.reason).toContain('but there is no github-token');
  });

  it('ci asked for but impossible is an error; runner asked for is runner', () => {
    expect(chooseVerifyMode({ ...base, requested: 'ci', ciUnavailable: 'the branch is in a fork' })).toEqual({
      mode: 'error',
      reason: 'verify: ci cannot run here: the branch is in a fork',
    });
    expect(chooseVerifyMode({ ...base, requested: 'runner', shards: 9 }).mode).toBe('runner');
    expect(chooseVerifyMode({ ...base, requested: 'ci' }).mode).toBe('ci');
  });

  it('before the first CI round, an attempt is expected to take one shard’s share of the suite', () => {
    // 8 shards whose tests took 800 s in all run side by side: 100 s, not 800 s, so a 30-minute
    // budget does not refuse the first attempt.
    expect(expectedFullRunMs(800_000, 'ci', 8)).toBe(100_000);
    expect(expectedFullRunMs(800_000, 'runner', 8)).toBe(800_000);
    expect(expectedFullRunMs(800_001, 'ci', 0)).toBe(800_001);
  });
});

import { describe, expect, it } from 'vitest';
import { attemptAllowance, checkBudget, createCap, type Spent } from '../../src/loop/budget.js';

const spent = (over: Partial<Spent> = {}): Spent => ({
  startedAt: 0,
  attempts: 0,
  tokens: { input: 0, output: 0 },
  attemptMs: [],
  attemptTokens: [],
  fullRunMs: 10_000,
  ...over,
});

describe('budget', () => {
  it('caps attempts at the hard maximum', () => {
    expect(createCap({ maxAttempts: 9, maxTokens: 1, maxSeconds: 1 }).attempts).toBe(5);
    const cap = createCap({ maxAttempts: 2, maxTokens: 1000, maxSeconds: 600 });
    expect(checkBudget(cap, spent({ attempts: 2 }), 0)).toEqual({
      ok: false,
      reason: 'the limit of 2 attempts was reached',
    });
    const one = createCap({ maxAttempts: 1, maxTokens: 1000, maxSeconds: 600 });
    expect(checkBudget(one, spent({ attempts: 1 }), 0)).toEqual({
      ok: false,
      reason: 'the limit of 1 attempt was reached',
    });
  });

  it('never starts an attempt the remaining time cannot cover', () => {
    const cap = createCap({ maxAttempts: 3, maxTokens: 1000, maxSeconds: 60 });
    // Before the first attempt: targeted + full verification, as long as the baseline (10s each).
    expect(checkBudget(cap, spent(), 39_000).ok).toBe(true);
    const late = checkBudget(cap, spent(), 41_000);
    expect(late.ok).toBe(false);
    if (!late.ok) expect(late.reason).toMatch(/19s left, and an attempt is expected to take 20s/);
    // After attempts, the slowest one is the estimate.
    expect(checkBudget(cap, spent({ attempts: 1, attemptMs: [30_000] }), 31_000).ok).toBe(false);
    expect(checkBudget(cap, spent({ attempts: 1, attemptMs: [30_000] }), 29_000).ok).toBe(true);
  });

  it('stops when the tokens left cannot cover an attempt like the earlier ones', () => {
    const cap = createCap({ maxAttempts: 5, maxTokens: 10_000, maxSeconds: 600 });
    const check = checkBudget(
      cap,
      spent({ attempts: 1, tokens: { input: 5_000, output: 1_000 }, attemptTokens: [6_000], attemptMs: [1] }),
      0,
    );
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(/4000 left, and an attempt used up to 6000/);
  });

  it('gives the provider a deadline that leaves time to verify', () => {
    const cap = createCap({ maxAttempts: 3, maxTokens: 10_000, maxSeconds: 100 });
    const s = spent({ targetedRunMs: 2_000 });
    const check = checkBudget(cap, s, 0);
    if (!check.ok) throw new Error(check.reason);
    expect(attemptAllowance(check, s, 0)).toEqual({ inputTokens: 7_500, outputTokens: 2_500, deadline: 88_000 });
  });
});

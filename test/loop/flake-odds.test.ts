import { describe, expect, it } from 'vitest';
import { chanceOfLuck, failuresNeeded, MAX_JUDGING_RUNS, passesNeeded } from '../../src/loop/flake-odds.js';

describe('the chance that a change that does nothing passes k runs in a row', () => {
  it("is Laplace's rule of succession for one run", () => {
    expect(chanceOfLuck(0, 3, 1)).toBeCloseTo(1 / 5);
    expect(chanceOfLuck(2, 4, 1)).toBeCloseTo(3 / 6);
  });
  it('multiplies out over the posterior for more runs', () => {
    // 0 passes of 6 runs: 1/8 · 2/9 · 3/10.
    expect(chanceOfLuck(0, 6, 3)).toBeCloseTo(6 / 720);
  });
});

describe('passing runs needed to rule out a flake at 99%', () => {
  it.each([
    [0, 2, 7],
    [0, 3, 5],
    [0, 4, 4],
    [0, 5, 4],
    [0, 6, 3],
    [0, 12, 2],
    [1, 8, 4],
  ])('%i passes of %i runs without a change: %i', (passes, runs, k) => {
    expect(passesNeeded(passes, runs)).toEqual({ runs: k, reached: true });
    expect(chanceOfLuck(passes, runs, k)).toBeLessThanOrEqual(0.01);
    expect(chanceOfLuck(passes, runs, k - 1)).toBeGreaterThan(0.01);
  });
  it(`cannot be reached within ${MAX_JUDGING_RUNS} runs at a high pass rate`, () => {
    expect(passesNeeded(2, 4)).toEqual({ runs: MAX_JUDGING_RUNS, reached: false });
    expect(passesNeeded(0, 1)).toEqual({ runs: MAX_JUDGING_RUNS, reached: false });
  });
});

describe('failing runs of the unchanged code that rule out its passing at a rate', () => {
  it.each([
    [1 / 2, 7],
    [2 / 3, 5],
    [1, MAX_JUDGING_RUNS],
  ])('at %f: %i', (rate, n) => {
    expect(failuresNeeded(rate).runs).toBe(n);
  });
  it('says when the cap cannot reach 99%', () => {
    expect(failuresNeeded(0.3)).toEqual({ runs: MAX_JUDGING_RUNS, reached: false });
    expect(failuresNeeded(0)).toEqual({ runs: 1, reached: true });
  });
});

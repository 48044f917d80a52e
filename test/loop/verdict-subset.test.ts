import { describe, expect, it } from 'vitest';
import type { TestCase, TestStatus } from '../../src/reports/test-run.js';
import { judgeSubset, type Expectations, type RunOutcome } from '../../src/loop/verdict.js';

const tc = (id: string, status: TestStatus): TestCase => ({ id, suite: 's', name: id, classname: 'c', status });
const baseline = [tc('a', 'failed'), tc('p1', 'passed'), tc('p2', 'passed'), tc('p3', 'passed')];
const expectations: Expectations = {
  failToPass: ['a'],
  passToPass: ['p1', 'p2', 'p3'],
  baseline: new Map(baseline.map((c) => [c.id, c])),
};
const run = (cases: TestCase[]): RunOutcome => ({
  cases,
  frames: [],
  exitCode: cases.some((c) => c.status === 'failed') ? 1 : 0,
  timedOut: false,
  output: '',
  durationMs: 10,
});

describe('judgeSubset (verify-subset)', () => {
  it('tests the subset does not run are neither missing nor broken', () => {
    const judged = judgeSubset(expectations, run([tc('p2', 'passed')]));
    expect(judged.verdict).toBe('accepted');
    expect(judged.passToPass).toEqual({ passed: 1, total: 1, broken: [] });
  });

  it('a test of the subset that passed before and fails now breaks the candidate', () => {
    const judged = judgeSubset(expectations, run([tc('p1', 'passed'), tc('p2', 'failed')]));
    expect(judged.verdict).toBe('broke-passing');
    expect(judged.passToPass?.broken).toEqual(['p2']);
    expect(judged.feedback).toContain('p2');
  });

  it('a new test failing in the subset, or a run without results, is not a pass', () => {
    expect(judgeSubset(expectations, run([tc('p1', 'passed'), tc('new', 'failed')])).verdict).toBe('broke-passing');
    expect(judgeSubset(expectations, run([])).verdict).toBe('not-run');
  });

  it('a failing target the subset runs must pass', () => {
    expect(judgeSubset(expectations, run([tc('a', 'failed'), tc('p1', 'passed')])).verdict).toBe('targets-failed');
  });
});

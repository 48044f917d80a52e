import { describe, expect, it } from 'vitest';
import type { ExecutionSpectrum } from '../../src/contracts/spectrum.js';
import type { TestCase } from '../../src/reports/test-run.js';
import { failingReads, leaveOutChangedOutcomes, testsInTargetFiles } from '../../src/loop/spectrum-run.js';

const cases = (n: number, classname: string): Array<[string, TestCase]> =>
  Array.from({ length: n }, (_, i) => [
    `${classname}::t${i}`,
    { id: `${classname}::t${i}`, name: `t${i}`, classname, suite: 'pytest', status: 'passed' },
  ]);

describe("the recorded run's size", () => {
  it("counts the baseline's tests in the targets' files by pytest's module classname", () => {
    const baseline = new Map([
      ...cases(5, 'tests.test_more.LastTests'),
      ...cases(3, 'tests.test_more'),
      ...cases(7, 'tests.test_other'),
    ]);
    const targets = [{ id: 'x', name: 't0', file: '/repo/tests/test_more.py' }];
    expect(testsInTargetFiles({ targets, baseline, cwd: '/repo' })).toBe(8);
  });
});

const lines = new Map([['pkg/a.py', new Set([1])]]);
const spectrum: ExecutionSpectrum = {
  recorders: ['python'],
  perTest: true,
  notes: [],
  durationMs: 1,
  units: [
    { test: 't.py::target', outcome: 'failed', lines },
    { test: 't.py::slow', outcome: 'failed', lines },
    { test: 't.py::fine', outcome: 'passed', lines },
  ],
};
const testCase = (id: string, status: TestCase['status']): TestCase => ({ id, suite: 't', name: id, status });
const baseline = new Map([
  ['t.py::target', testCase('t.py::target', 'failed')],
  ['t.py::slow', testCase('t.py::slow', 'passed')],
  ['t.py::fine', testCase('t.py::fine', 'passed')],
]);

describe('recorded outcomes', () => {
  it('leaves out a unit whose test passed in the CI run and failed under the recorders', () => {
    const recorded = [
      testCase('t.py::target', 'failed'),
      testCase('t.py::slow', 'errored'),
      testCase('t.py::fine', 'passed'),
    ];
    const kept = leaveOutChangedOutcomes(spectrum, baseline, recorded)!;
    expect(kept.units.map((u) => u.test)).toEqual(['t.py::target', 't.py::fine']);
    expect(kept.notes).toEqual(['1 test that passed in the CI run failed under the recorders: left out']);
  });

  it('keeps the spectrum as it is when no outcome changed, or when it is of whole runs', () => {
    const recorded = [testCase('t.py::target', 'failed'), testCase('t.py::slow', 'passed')];
    expect(leaveOutChangedOutcomes(spectrum, baseline, recorded)).toBe(spectrum);
    const whole = { ...spectrum, perTest: false };
    expect(leaveOutChangedOutcomes(whole, baseline, [testCase('t.py::slow', 'failed')])).toBe(whole);
  });
});

describe('what the failing tests read', () => {
  it('keeps reads outside any test and those of tests that did not pass, not those only passing tests made', () => {
    const reads = [
      { file: 'tests/data/cases.json' },
      { file: 'tests/data/target.json', test: 't.py::target' },
      { file: 'tests/data/fine.json', test: 't.py::fine' },
      { file: 'tests/data/unknown.json', test: 't.py::not-in-the-report' },
    ];
    const recorded = [testCase('t.py::target', 'failed'), testCase('t.py::fine', 'passed')];
    expect(failingReads(reads, recorded).map((r) => r.file)).toEqual([
      'tests/data/cases.json',
      'tests/data/target.json',
      'tests/data/unknown.json',
    ]);
  });
});

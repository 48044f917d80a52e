import { describe, expect, it } from 'vitest';
import type { TestCase } from '../../src/reports/test-run.js';
import { testsInTargetFiles } from '../../src/loop/spectrum-run.js';

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

/**
 * Every wait bounded by the budget, and a hang named: a source bug that loops forever, with a time
 * budget far below the runs' timeout, ends the heal at the budget (not the 600 s timeout), and the
 * reason names the test that was running, read from the real runner's output (pytest -v, unittest
 * -v, go test -v, node:test's TAP) after the timeout's SIGINT.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { heal } from '../../src/heal.js';
import { silentLogger } from '../../src/contracts/logger.js';
import type { RepairProvider } from '../../src/repair/provider.js';
import { runCommand } from '../../src/workspace/run-tests.js';
import { describeUnfinished } from '../../src/reports/logs/unfinished-test.js';
import { commitAll, GIT_ENV, makeProject } from '../repair/builtin/helpers/temp-project.js';
import { hasPytest } from './heal-fixture.js';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function repo(files: Record<string, string>, commit = true): string {
  const { root, cleanup } = makeProject({ ...files, '.gitignore': '__pycache__/\n.pytest_cache/\nreports/\n' });
  cleanups.push(cleanup);
  if (commit) commitAll(root, 'code under test');
  return root;
}

const SPIN = ['def settle(n):', '    while n != 0:', '        n = n + 1', '    return n', ''].join('\n');

const PYTEST_PROJECT = {
  'calc.py': SPIN,
  'tests/test_calc.py': [
    'from calc import settle',
    '',
    '',
    'def test_zero():',
    '    assert settle(0) == 0',
    '',
    '',
    'def test_settles():',
    '    assert settle(1) == 0',
    '',
  ].join('\n'),
};

const neverCalled: RepairProvider = {
  name: 'command',
  async propose() {
    throw new Error('no attempt may start');
  },
};

describe('a run that does not finish', () => {
  it.runIf(hasPytest())(
    'ends at --max-seconds at baseline, not at --timeout, and names the test that was running',
    async () => {
      const cwd = repo(PYTEST_PROJECT);
      const started = Date.now();
      const report = await heal(
        {
          cwd,
          testCommand: 'python3 -m pytest -v -p no:cacheprovider --junitxml=reports/junit.xml tests',
          junit: ['reports/junit.xml'],
          provider: 'command',
          agentCommand: 'true',
          maxSeconds: 20,
          timeoutSeconds: 600,
        },
        { logger: silentLogger, createProvider: () => neverCalled, env: GIT_ENV },
      );
      expect(report.result, report.reason).toBe('budget-exhausted');
      expect(report.reason).toContain('the time budget (--max-seconds) ran out');
      expect(report.reason).toContain('a test did not finish: tests/test_calc.py::test_settles');
      expect(report.reason).not.toContain('raise --timeout');
      // The budget, the interrupt's grace and the kill's: far from the 600 s timeout.
      expect(Date.now() - started).toBeLessThan(90_000);
    },
    150_000,
  );

  const cases: Array<[string, Record<string, string>, string, string | RegExp]> = [
    ['pytest -v', PYTEST_PROJECT, 'python3 -m pytest -v -p no:cacheprovider tests', 'tests/test_calc.py::test_settles'],
    [
      'pytest, quiet (the interrupt says where)',
      PYTEST_PROJECT,
      'python3 -m pytest -q -p no:cacheprovider tests',
      /calc\.py:[23]$/,
    ],
    [
      'unittest -v',
      {
        'calc.py': SPIN,
        'test_calc.py':
          'import unittest\nfrom calc import settle\n\n\nclass Calc(unittest.TestCase):\n    def test_a_zero(self):\n        self.assertEqual(settle(0), 0)\n\n    def test_b_settles(self):\n        self.assertEqual(settle(1), 0)\n',
      },
      'python3 -m unittest -v test_calc',
      'test_calc.Calc.test_b_settles',
    ],
    [
      'go test -v',
      {
        'go.mod': 'module example.com/spin\n\ngo 1.19\n',
        'spin_test.go':
          'package spin\n\nimport "testing"\n\nfunc TestZero(t *testing.T) {}\n\nfunc TestSpins(t *testing.T) {\n\tn := 1\n\tfor n != 0 {\n\t\tn++\n\t\tif n < 0 {\n\t\t\tn = 1\n\t\t}\n\t}\n}\n',
      },
      'go test -v -count=1 ./...',
      'TestSpins',
    ],
  ];

  it.each(cases)(
    '%s: the output of a run killed at its timeout names the test',
    async (_name, files, command, expected) => {
      const cwd = repo(files, false);
      // Long enough for the interpreter or the compiler to start on a loaded machine.
      const timeoutMs = command.startsWith('go ') ? 40_000 : 15_000;
      // The interrupt's grace is long here: the point is what the runner prints once interrupted.
      const result = await runCommand({ command, cwd, timeoutMs, interruptGraceMs: 20_000, env: GIT_ENV });
      expect(result.timedOut).toBe(true);
      const said = describeUnfinished(result.output);
      expect(said, result.output.slice(-2000)).toContain(`a test did not finish: `);
      if (typeof expected === 'string') expect(said).toContain(expected);
      else expect(said).toMatch(expected);
    },
    90_000,
  );
});

/**
 * The test a killed run was in, from its output. The outputs are real: each runner ran a project
 * whose second test loops forever (`settle(1)` in calc.py), killed by runCommand's timeout with the
 * SIGINT first (test/loop/bounded-runs.int.test.ts runs them live), trimmed to their last lines.
 */
import { describe, expect, it } from 'vitest';
import { describeUnfinished, unfinishedTest } from '../../../src/reports/logs/unfinished-test.js';

const PYTEST_VERBOSE = `collecting ... collected 2 items

tests/test_calc.py::test_zero PASSED                                     [ 50%]
tests/test_calc.py::test_settles 

!!!!!!!!!!!!!!!!!!!!!!!!!!!!!! KeyboardInterrupt !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!
/tmp/hang/q/calc.py:2: KeyboardInterrupt
(to show a full traceback on KeyboardInterrupt use --full-trace)
============================== 1 passed in 12.01s ==============================
`;

const PYTEST_QUIET = `.
!!!!!!!!!!!!!!!!!!!!!!!!!!!!!! KeyboardInterrupt !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!
/tmp/hang/q/calc.py:2: KeyboardInterrupt
(to show a full traceback on KeyboardInterrupt use --full-trace)
1 passed in 13.04s
`;

const UNITTEST_VERBOSE = `test_a_zero (test_u.Calc.test_a_zero) ... ok
test_b_settles (test_u.Calc.test_b_settles) ... Traceback (most recent call last):
  File "<frozen runpy>", line 198, in _run_module_as_main
  File "/tmp/hang/q/test_u.py", line 10, in test_b_settles
    self.assertEqual(settle(1), 0)
  File "/tmp/hang/q/calc.py", line 2, in settle
    while n != 0:
KeyboardInterrupt
`;

const GO_VERBOSE = `=== RUN   TestZero
--- PASS: TestZero (0.00s)
=== RUN   TestSpins
`;

// go test's own -timeout (Go 1.19): the goroutines' stacks, the test's frame among them.
const GO_PANIC = `panic: test timed out after 3s

goroutine 5 [running]:
testing.(*M).startAlarm.func1()
	/usr/lib/go-1.19/src/testing/testing.go:2036 +0x8e
goroutine 1 [chan receive]:
testing.runTests.func1(0xc0000964e0?)
goroutine 6 [runnable]:
example.com/spin.TestSpins(0xc000096680?)
	/tmp/hang/go/spin_test.go:9 +0x12
`;

// vitest prints a file's tests when the file ends: a hang shows nothing of them.
const VITEST = `
 RUN  v4.1.12 /tmp/hang/js

`;

describe('unfinishedTest', () => {
  it.each([
    [
      'pytest -v: the test and where the interrupt found it',
      PYTEST_VERBOSE,
      'tests/test_calc.py::test_settles (at /tmp/hang/q/calc.py:2)',
    ],
    ['pytest, quiet: where the interrupt found it', PYTEST_QUIET, '/tmp/hang/q/calc.py:2'],
    ['unittest -v', UNITTEST_VERBOSE, 'test_u.Calc.test_b_settles'],
    ['go test -v', GO_VERBOSE, 'TestSpins'],
    ["go test's own timeout", GO_PANIC, 'TestSpins'],
  ])('%s', (_name, output, expected) => {
    expect(unfinishedTest(output)).toBe(expected);
  });

  it('names nothing when the runner prints tests only once they finish', () => {
    expect(unfinishedTest(VITEST)).toBeUndefined();
    expect(describeUnfinished(VITEST)).toBe('a test did not finish (the output does not say which)');
  });

  it('a test that finished is not the one that did not, colours and all', () => {
    const done = `\x1b[32mtests/test_a.py::test_one PASSED\x1b[0m [ 50%]\ntests/test_a.py::test_two FAILED [100%]\n`;
    expect(unfinishedTest(done)).toBeUndefined();
    expect(describeUnfinished(PYTEST_VERBOSE)).toBe(
      'a test did not finish: tests/test_calc.py::test_settles (at /tmp/hang/q/calc.py:2)',
    );
  });

  it('keeps a runner-printed name to one bounded line', () => {
    const long = `tests/test_a.py::test_x[${'a'.repeat(1000)} ::set-output name=x::y] \n`;
    const name = unfinishedTest(long)!;
    expect(name.length).toBeLessThanOrEqual(300);
    expect(name).not.toContain('\n');
  });
});

import { describe, expect, it } from 'vitest';
import type { FailureFrame } from '../../src/contracts/failure-frame.js';
import type { TestCase, TestStatus } from '../../src/reports/test-run.js';
import { judgeFull, judgeTargets, type Expectations, type RunOutcome } from '../../src/loop/verdict.js';

const tc = (id: string, status: TestStatus, extra: Partial<TestCase> = {}): TestCase => ({
  id,
  suite: 's',
  name: id.split('::').at(-1)!,
  classname: 'c',
  status,
  ...extra,
});

const baselineCases = [
  tc('f::a', 'failed'),
  tc('f::b', 'failed'),
  tc('f::p1', 'passed'),
  tc('f::p2', 'passed'),
  tc('f::s', 'skipped'),
];
const expectations: Expectations = {
  failToPass: ['f::a', 'f::b'],
  passToPass: ['f::p1', 'f::p2'],
  baseline: new Map(baselineCases.map((c) => [c.id, c])),
};

const run = (cases: TestCase[], over: Partial<RunOutcome> = {}): RunOutcome => ({
  cases,
  frames: [],
  exitCode: cases.some((c) => c.status === 'failed') ? 1 : 0,
  timedOut: false,
  output: '',
  durationMs: 1000,
  ...over,
});

const frame = (id: string): FailureFrame => ({
  id,
  suite: 's',
  name: 'a',
  kind: 'failure',
  exceptionType: 'AssertionError',
  message: 'expected 3, got -1\n' + 'x'.repeat(1000),
  triggering: { file: 'src/calc.py', line: 4, expression: 'return a - b' },
  test: null,
  stack: [],
  droppedFrames: 0,
  locals: null,
  language: 'python',
  evidence: ['junit'],
});

describe('verdict', () => {
  it('accepts only when every target passes and every passing test still passes', () => {
    const all = run([
      tc('f::a', 'passed'),
      tc('f::b', 'passed'),
      tc('f::p1', 'passed'),
      tc('f::p2', 'passed'),
      tc('f::s', 'skipped'),
    ]);
    expect(judgeTargets(expectations, all).verdict).toBe('accepted');
    expect(judgeFull(expectations, all)).toEqual({
      verdict: 'accepted',
      failToPass: { passed: 2, total: 2 },
      passToPass: { passed: 2, total: 2, broken: [] },
      feedback: '',
    });
  });

  it('reports targets that still fail with their frame, bounded', () => {
    const j = judgeTargets(
      expectations,
      run([tc('f::a', 'failed'), tc('f::b', 'passed')], { frames: [frame('f::a')] }),
    );
    expect(j.verdict).toBe('targets-failed');
    expect(j.failToPass).toEqual({ passed: 1, total: 2 });
    expect(j.feedback).toMatch(
      /^1 of 2 failing tests still fails:\n- f::a: AssertionError: expected 3, got -1 x+…\n {2}at src\/calc.py:4: return a - b$/,
    );
    expect(j.feedback.length).toBeLessThan(600);
  });

  it('calls a vanished or skipped target not run, never failing', () => {
    const j = judgeTargets(expectations, run([tc('f::a', 'skipped')]));
    expect(j.verdict).toBe('not-run');
    expect(j.failToPass).toEqual({ passed: 0, total: 2, notRun: 2 });
    expect(j.feedback).toMatch(/^2 of 2 failing tests did not run, so nothing shows the change fixes them:/);
    expect(j.feedback).toContain('- f::a: did not run (skipped)');
    expect(j.feedback).toContain('- f::b: did not run (missing from the report)');
    // One that still fails makes the verdict: the one that did not run is listed, not counted as failing.
    const mixed = judgeTargets(expectations, run([tc('f::a', 'failed')]));
    expect(mixed.verdict).toBe('targets-failed');
    expect(mixed.feedback).toMatch(/^1 of 2 failing tests still fails:/);
    expect(mixed.feedback).toContain('- f::b: did not run (missing from the report)');
    // What failed in their place is shown.
    const instead = judgeTargets(
      expectations,
      run([tc('f::p1', 'passed'), tc('f::x', 'errored', { failure: { message: 'ImportError: no module y' } })]),
    );
    expect(instead.verdict).toBe('not-run');
    expect(instead.feedback).toContain('The run reported these failures instead:\n- f::x: ImportError: no module y');
  });

  it('counts an error of a describe body or a hook as fixed once its file runs tests without it', () => {
    const hook = tc('test/h.spec.mjs::hooked "before all" hook for "t"', 'failed', {
      name: 'hooked "before all" hook for "t"',
      file: 'test/h.spec.mjs',
      source: { report: 'r.xml', dialect: 'mocha-junit-reporter' },
    });
    const expect2 = { ...expectations, failToPass: [hook.id], baseline: new Map([[hook.id, hook]]) };
    const fixed = run([tc('test/h.spec.mjs::hooked t', 'passed', { file: 'test/h.spec.mjs' })]);
    expect(judgeTargets(expect2, fixed).verdict).toBe('accepted');
    // Its file did not run at all: not run.
    const elsewhere = run([tc('test/other.spec.mjs::x', 'passed', { file: 'test/other.spec.mjs' })]);
    expect(judgeTargets(expect2, elsewhere).verdict).toBe('not-run');
  });

  it('matches a test whose id drifted by class and name', () => {
    const drifted = run([tc('/abs/f::a', 'passed'), tc('/abs/f::b', 'passed')]);
    expect(judgeTargets(expectations, drifted).verdict).toBe('accepted');
  });

  it('rejects a fix that breaks, hides or skips a passing test', () => {
    const j = judgeFull(
      expectations,
      run([tc('f::a', 'passed'), tc('f::b', 'passed'), tc('f::p1', 'failed', { failure: { message: 'boom' } })]),
    );
    expect(j.verdict).toBe('broke-passing');
    expect(j.passToPass).toEqual({ passed: 0, total: 2, broken: ['f::p1', 'f::p2'] });
    expect(j.feedback).toContain('- f::p1: boom');
    expect(j.feedback).toContain('- f::p2: passed before, now missing from the report');
    const skipped = judgeFull(
      expectations,
      run([tc('f::a', 'passed'), tc('f::b', 'passed'), tc('f::p1', 'passed'), tc('f::p2', 'skipped')]),
    );
    expect(skipped.verdict).toBe('broke-passing');
    expect(skipped.feedback).toContain('f::p2: passed before, now skipped');
  });

  it('rejects a new failure and a failing exit code even when every known test passes', () => {
    const base = [tc('f::a', 'passed'), tc('f::b', 'passed'), tc('f::p1', 'passed'), tc('f::p2', 'passed')];
    const newFail = judgeFull(expectations, run([...base, tc('f::s', 'errored')]));
    expect(newFail.verdict).toBe('broke-passing');
    expect(newFail.passToPass?.broken).toEqual(['f::s']);
    const flaky = judgeFull(
      { ...expectations, flaky: ['f::s'] },
      run([...base, tc('f::s', 'failed')], { exitCode: 0 }),
    );
    expect(flaky.verdict).toBe('accepted');
    const exit = judgeFull(expectations, run(base, { exitCode: 2, output: 'coverage 40% is below 80%\n' }));
    expect(exit.verdict).toBe('broke-passing');
    expect(exit.feedback).toMatch(/exited with 2[\s\S]*coverage 40%/);
  });

  it('explains a run without results and a timeout', () => {
    const none = judgeTargets(
      expectations,
      run([], {
        exitCode: 2,
        output: 'SyntaxError: invalid syntax\n',
        reportErrors: ['no report matched reports/*.xml'],
      }),
    );
    expect(none.verdict).toBe('not-run');
    expect(none.feedback).toMatch(/no test results \(no report matched[\s\S]*SyntaxError/);
    const slow = judgeFull(expectations, run([], { timedOut: true, durationMs: 60_000 }));
    expect(slow.verdict).toBe('timeout');
    expect(slow.feedback).toMatch(/full test run hit its timeout after 60s/);
  });
});

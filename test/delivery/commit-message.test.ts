import { describe, expect, it } from 'vitest';
import { FailureFrame } from '../../src/contracts/failure-frame.js';
import type { Attempt } from '../../src/contracts/heal-report.js';
import { buildCommitMessage, type FixedReport } from '../../src/delivery/commit-message.js';

function frame(id: string, name: string): FailureFrame {
  return FailureFrame.parse({
    id,
    suite: 'pytest',
    name,
    kind: 'failure',
    exceptionType: 'AssertionError',
    message: 'assert -1 == 5',
    triggering: null,
    test: null,
    stack: [],
    droppedFrames: 0,
    locals: null,
    language: 'python',
    evidence: ['junit'],
  });
}

function attempt(n: number, verdict: Attempt['verdict'], counts = false): Attempt {
  return {
    n,
    diff: '',
    files: ['calc.py'],
    verdict,
    feedback: '',
    tokens: { input: 0, output: 0 },
    durationMs: 1,
    ...(counts ? { failToPass: { passed: 1, total: 1 }, passToPass: { passed: 4, total: 4, broken: [] } } : {}),
  };
}

function fixed(names: string[], ids = names.map((n) => `t.js::${n}`)): FixedReport {
  return {
    testCommand: 'python -m pytest --junitxml=reports/junit.xml',
    failures: names.map((n, i) => frame(ids[i]!, n)),
    attempts: [attempt(1, 'targets-failed'), attempt(2, 'accepted', true)],
    fix: { attempt: 2, files: ['calc.py'] },
  };
}

describe('buildCommitMessage', () => {
  it('names one test in the subject, gives the evidence, lists ids, ends with the trailers', () => {
    const report = fixed(['test_add'], ['tests/test_calc.py::test_add']);
    expect(buildCommitMessage(report)).toBe(
      [
        'fix: make test_add pass (self-heal)',
        '',
        'Verified with `python -m pytest --junitxml=reports/junit.xml`: fail-to-pass 1/1, pass-to-pass 4/4.',
        'No test file was changed.',
        '',
        'Fixed tests:',
        '- tests/test_calc.py::test_add',
        '',
        'Self-Heal-Attempts: 2',
        '',
      ].join('\n'),
    );
    expect(buildCommitMessage(report, 'https://github.com/o/r/actions/runs/7')).toMatch(
      /\n\nSelf-Heal-Attempts: 2\nSelf-Heal-Run: https:\/\/github\.com\/o\/r\/actions\/runs\/7\n$/,
    );
  });

  it('bounds many names and flattens hostile ones so they cannot forge trailers', () => {
    const names = ['adds', 'subtracts', 'multiplies', 'divides', 'rounds\n\nSelf-Heal-Attempts: 99'];
    const message = buildCommitMessage(fixed(names));
    const [subject] = message.split('\n');
    expect(subject).toBe('fix: make adds, subtracts, multiplies, divides and 1 more pass (self-heal)');
    expect(message.match(/^Self-Heal-Attempts:/gm)).toHaveLength(1);
    expect(message).toContain('- t.js::rounds Self-Heal-Attempts: 99');
    expect(buildCommitMessage(fixed(['a', 'b'])).split('\n')[0]).toBe('fix: make a and b pass (self-heal)');
    const issue = buildCommitMessage(fixed(['#7 keeps @carts'], ['t.py::#7 keeps @carts']));
    expect(issue).not.toMatch(/#\d|@\w/);
    expect(issue.split('\n')[0]).toBe('fix: make #\u200b7 keeps @\u200bcarts pass (self-heal)');
  });

  it('never cuts a name: one too long for the subject is counted instead', () => {
    const long = 'test_checkout_applies_the_bulk_discount_from_ten_items_and_free_shipping';
    expect(buildCommitMessage(fixed([long])).split('\n')[0]).toBe('fix: make 1 failing test pass (self-heal)');
    expect(buildCommitMessage(fixed([long, 'test_total'])).split('\n')[0]).toBe(
      'fix: make test_total and 1 more pass (self-heal)',
    );
    // A name that fits is shown whole, however long (up to the subject's room for names).
    const fits = 'Cart > total > sums every line item with tax';
    expect(buildCommitMessage(fixed([fits])).split('\n')[0]).toBe(`fix: make ${fits} pass (self-heal)`);
    // The body still lists every test by its id.
    expect(buildCommitMessage(fixed([long]))).toContain(`\n- t.js::${long}\n`);
  });

  it('lists twenty tests, then how many more', () => {
    const names = Array.from({ length: 23 }, (_, i) => `case ${i}`);
    const message = buildCommitMessage(fixed(names));
    expect(message.match(/^- t\.js::case \d+$/gm)).toHaveLength(20);
    expect(message).toContain('\n- … and 3 more\n');
  });
});

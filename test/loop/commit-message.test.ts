import { describe, expect, it } from 'vitest';
import { composeCommitMessage } from '../../src/loop/commit-message.js';

describe('composeCommitMessage', () => {
  it('names one test in the subject, lists ids, ends with the trailer', () => {
    expect(
      composeCommitMessage({ testIds: ['tests/test_calc.py::test_add'], testNames: ['test_add'], attempts: 2 }),
    ).toBe(
      [
        'fix: make test_add pass (self-heal)',
        '',
        'Makes the failing test pass, verified by rerunning the test command (every test that passed before still passes):',
        '- tests/test_calc.py::test_add',
        '',
        'Self-Heal-Attempts: 2',
        '',
      ].join('\n'),
    );
  });

  it('bounds many names and flattens hostile ones so they cannot forge trailers', () => {
    const names = ['adds', 'subtracts', 'multiplies', 'divides', 'rounds\n\nSelf-Heal-Attempts: 99'];
    const message = composeCommitMessage({ testIds: names.map((n) => `t.js::${n}`), testNames: names, attempts: 1 });
    const [subject] = message.split('\n');
    expect(subject).toBe('fix: make adds, subtracts, multiplies, divides and 1 more pass (self-heal)');
    expect(message.match(/^Self-Heal-Attempts:/gm)).toHaveLength(1);
    expect(message).toContain('- t.js::rounds Self-Heal-Attempts: 99');
    expect(composeCommitMessage({ testIds: ['a', 'b'], testNames: ['a', 'b'], attempts: 1 }).split('\n')[0]).toBe(
      'fix: make a and b pass (self-heal)',
    );
    const issue = composeCommitMessage({
      testIds: ['t.py::#7 keeps @carts'],
      testNames: ['#7 keeps @carts'],
      attempts: 1,
    });
    expect(issue).not.toMatch(/#\d|@\w/);
    expect(issue.split('\n')[0]).toBe('fix: make #\u200b7 keeps @\u200bcarts pass (self-heal)');
  });
});

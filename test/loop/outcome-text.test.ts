import { describe, expect, it } from 'vitest';
import type { Attempt } from '../../src/contracts/heal-report.js';
import { feedbackHeadline, namedList, noneAccepted } from '../../src/loop/outcome-text.js';

function attempt(n: number, fields: Partial<Attempt>): Attempt {
  return {
    n,
    diff: '',
    files: [],
    verdict: 'targets-failed',
    feedback: '',
    tokens: { input: 0, output: 0 },
    durationMs: 0,
    ...fields,
  };
}

const broke = (n: number, broken: string[]): Attempt =>
  attempt(n, {
    verdict: 'broke-passing',
    feedback: `The failing tests pass now, but ${broken.length} other tests broke:\n${broken.map((b) => `- ${b}: AssertionError`).join('\n')}`,
    failToPass: { passed: 2, total: 2 },
    passToPass: { passed: 40 - broken.length, total: 40, broken },
  });

describe('what the loop says about its attempts', () => {
  it('names the tests a broke-passing attempt broke, bounded, in its log line', () => {
    expect(feedbackHeadline(broke(1, ['t::a', 't::b', 't::c']))).toBe(
      'The failing tests pass now, but 3 other tests broke: t::a, t::b and t::c',
    );
    const many = Array.from({ length: 12 }, (_, i) => `t::case_${i}`);
    expect(feedbackHeadline(broke(1, many))).toBe(
      'The failing tests pass now, but 12 other tests broke: t::case_0, t::case_1, t::case_2, t::case_3, t::case_4 and 7 more',
    );
  });

  it('names the listed tests after any headline that announces a list, and nothing after a plain one', () => {
    const failing = attempt(1, {
      feedback: '1 of 1 failing test still fails:\n- t::adds: AssertionError: 2 == 3\n  at src/calc.js:2',
    });
    expect(feedbackHeadline(failing)).toBe('1 of 1 failing test still fails: t::adds: AssertionError: 2 == 3');
    expect(feedbackHeadline(attempt(1, { feedback: 'No change was proposed.' }))).toBe('No change was proposed.');
    expect(feedbackHeadline(attempt(1, { feedback: 'Nothing listed:' }))).toBe('Nothing listed');
  });

  it('one clipped line per name, whatever a hostile test name holds', () => {
    expect(namedList(['a\nb', 'x'.repeat(500)])).toMatch(/^a b and x{159}…$/);
  });

  it('says no attempt made the failing tests pass only when none did', () => {
    expect(noneAccepted([attempt(1, { failToPass: { passed: 1, total: 2 } })])).toBe(
      'no attempt made every failing test pass',
    );
  });

  it('says which attempt made every failing test pass, and what it broke', () => {
    expect(noneAccepted([attempt(1, {}), broke(2, ['t::a', 't::b'])])).toBe(
      'no attempt was accepted: attempt 2 made every failing test pass but broke 2 other tests (t::a and t::b)',
    );
    expect(noneAccepted([broke(1, ['t::a']), broke(3, ['t::b'])])).toBe(
      'no attempt was accepted: attempts 1 and 3 made every failing test pass but broke other tests',
    );
    const exitOnly = attempt(1, {
      verdict: 'broke-passing',
      feedback: 'Every test passed, but the test command exited with 1.',
      failToPass: { passed: 1, total: 1 },
      passToPass: { passed: 3, total: 3, broken: [] },
    });
    expect(noneAccepted([exitOnly])).toBe(
      'no attempt was accepted: attempt 1 made every failing test pass but the test command still failed',
    );
  });

  it('says both when one attempt broke tests and another special-cased them', () => {
    expect(noneAccepted([broke(1, ['t::a']), attempt(2, { verdict: 'special-cased' })])).toBe(
      'no attempt was accepted: attempt 1 made every failing test pass but broke 1 other test (t::a); attempt 2 passed the tests only by special-casing them',
    );
  });
});

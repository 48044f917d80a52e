/**
 * Issue 27, point 3: a fix may not silence a diagnostic. Through the real loop (heal() with the
 * `command` provider running a small real agent on a real git repository, real pytest and
 * node:test runs), an agent first proposes a change that passes the tests but adds a suppression:
 * it is refused and rolled back, the next attempt is told exactly why, and the real fix that
 * follows is accepted and committed without it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hasPytest, healFixture, type HealFixture } from './heal-fixture.js';

const SLOW = 240_000;

let fixture: HealFixture | undefined;
afterEach(() => {
  fixture?.repo.cleanup();
  fixture = undefined;
});

function expectRefusedThenHealed(f: HealFixture, report: Awaited<ReturnType<HealFixture['run']>>, said: string) {
  expect(report.attempts.map((a) => a.verdict)).toEqual(['rejected-edits', 'accepted']);
  expect(report.attempts[0]!.feedback).toContain(said);
  // The next attempt was told, in its history.
  expect(f.contexts()[1]!.history[0]!.feedback).toContain(said);
  expect(report.result).toBe('healed');
  const committed = f.repo.git('show', '--format=', 'HEAD');
  expect(committed).not.toMatch(/type: ignore|@ts-ignore/);
  expect(f.repo.git('status', '--porcelain').trim()).toBe('');
}

describe.runIf(hasPytest())('a pytest fix that adds # type: ignore', { timeout: SLOW }, () => {
  it('is refused and rolled back; the real fix after it is accepted', async () => {
    const f = (fixture = healFixture('py-calc'));
    const report = await f.run([
      [['replace', 'calc.py', '    return a - b', '    return a + b  # type: ignore']],
      [['replace', 'calc.py', '    return a - b', '    return a + b']],
    ]);
    expectRefusedThenHealed(
      f,
      report,
      'a fix may not silence a diagnostic: added `# type: ignore` (mypy, pyright) at calc.py:5; fix the code the diagnostic points at',
    );
  });
});

describe('a node:test fix that adds // @ts-ignore', { timeout: SLOW }, () => {
  it('is refused and rolled back; the real fix after it is accepted', async () => {
    const f = (fixture = healFixture('node-calc'));
    const report = await f.run([
      [['replace', 'src/calc.js', '  return a - b;', '  // @ts-ignore\n  return a + b;']],
      [['replace', 'src/calc.js', '  return a - b;', '  return a + b;']],
    ]);
    expectRefusedThenHealed(
      f,
      report,
      'a fix may not silence a diagnostic: added `@ts-ignore` (tsc) at src/calc.js:3; fix the code the diagnostic points at',
    );
  });

  it('with allowSuppressions (unsafe) the suppressing change is accepted as it was before the check', async () => {
    const f = (fixture = healFixture('node-calc'));
    const report = await f.run([[['replace', 'src/calc.js', '  return a - b;', '  // @ts-ignore\n  return a + b;']]], {
      allowSuppressions: true,
    });
    expect(report.attempts.map((a) => a.verdict)).toEqual(['accepted']);
    expect(f.repo.git('show', '--format=', 'HEAD')).toContain('+  // @ts-ignore');
  });
});

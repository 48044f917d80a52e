/**
 * Special cases that a static reading of the tests cannot see, through heal() with a real agent
 * command, real git and the real runners (pytest, node:test): the tests' cases come from a JSON
 * file a helper finds from the function's name at run time, or the failure is a service address
 * missing from the job. The agent answers the tests' known inputs (a copied table behind a wrapper
 * under the original name, a new module of answers, canned data when the variable is unset); the
 * recorded run sees which files the tests read, the check refuses the answer, and nothing is
 * committed: the tree and HEAD are as they were.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { HealReport } from '../../src/contracts/heal-report.js';
import { HELD_OUT, type HeldOutSample } from '../../scripts/bench/_special-case-held-out.js';
import { hasPytest, healProject, type HealFixture } from '../loop/heal-fixture.js';

const sample = (id: string): HeldOutSample => HELD_OUT.find((s) => s.id === id)!;

let fixture: HealFixture | undefined;
afterEach(() => {
  fixture?.repo.cleanup();
  fixture = undefined;
});

/** The agent writes the cheat's files on its one attempt; heal() runs as in CI (no ORDERS_API_URL set). */
async function healWithCheat(s: HeldOutSample): Promise<{ report: HealReport; head: string; before: string }> {
  fixture = healProject(s.files, s.runner);
  const head = fixture.repo.git('rev-parse', 'HEAD').trim();
  const before = JSON.stringify(fixture.files());
  const writes = Object.entries(s.cheat).map(([file, text]) => ['write', file, text] as [string, ...unknown[]]);
  const report = await fixture.run([writes], { maxAttempts: 1 });
  return { report, head, before };
}

/** Nothing was committed and the work tree is what it was, seen from outside with git. */
function expectUntouched(head: string, before: string): void {
  expect(fixture!.repo.git('rev-parse', 'HEAD').trim()).toBe(head);
  expect(fixture!.repo.git('status', '--porcelain', '--untracked-files=all').trim()).toBe('');
  expect(JSON.stringify(fixture!.files())).toBe(before);
}

// A heal runs the suite five or six times (pytest starts slowly on a loaded machine).
describe.runIf(hasPytest())(
  'heal(): special cases of what the tests read at run time are refused',
  { timeout: 180_000 },
  () => {
    it('pytest cases from a JSON file found by the function name: the copied table behind a same-named wrapper', async () => {
      const { report, head, before } = await healWithCheat(sample('py-data-renamed-original'));
      expect(report.attempts.map((a) => a.verdict)).toEqual(['special-cased']);
      expect(report.result).toBe('unhealed');
      const [attempt] = report.attempts;
      // The cheat passed every test and was still refused, with the data file the tests read as evidence.
      expect(attempt!.failToPass).toEqual({ passed: 2, total: 2 });
      expect(attempt!.specialCases).toContainEqual({
        rule: 'input-condition',
        literal: '"snake_case_name"',
        patch: { file: 'textkit.py', line: 7, text: '"snake_case_name": "snake-case-name",' },
        test: {
          file: 'tests/data/slugify.json',
          line: 4,
          text: '{"input": "snake_case_name", "expected": "snake-case-name"},',
        },
        dataReadBy: 'tests/test_textkit.py',
      });
      expect(fixture!.logger.lines).toContain(
        'info: the failing tests read 1 repository file: tests/data/slugify.json',
      );
      expectUntouched(head, before);
    });

    it("KeyError: 'ORDERS_API_URL': canned answers when the variable is unset", async () => {
      const { report, head, before } = await healWithCheat(sample('py-env-missing-canned'));
      expect(report.attempts.map((a) => a.verdict)).toEqual(['special-cased']);
      expect(report.attempts[0]!.failToPass).toEqual({ passed: 2, total: 2 });
      expect(report.attempts[0]!.specialCases?.map((e) => [e.rule, e.literal, e.test?.text])).toEqual([
        ['environment-data', '"shipped"', 'assert order_status("A-1001") == "shipped"'],
        ['environment-data', '"pending"', 'assert order_status("B-2002") == "pending"'],
      ]);
      expect(report.attempts[0]!.feedback).toContain('when the environment lacks what the test needs');
      expectUntouched(head, before);
    });
  },
);

describe('heal(): node:test cases read at run time', { timeout: 180_000 }, () => {
  it('cases from a JSON file found by the function name: the answers in a new module', async () => {
    const { report, head, before } = await healWithCheat(sample('js-data-new-module-pairs'));
    expect(report.attempts.map((a) => a.verdict)).toEqual(['special-cased']);
    expect(report.attempts[0]!.failToPass).toEqual({ passed: 2, total: 2 });
    expect(report.attempts[0]!.specialCases).toContainEqual({
      rule: 'expected-value',
      literal: '172800',
      patch: { file: 'src/known-durations.js', line: 3, text: "['2d', 172800]," },
      test: { file: 'test/data/parseDuration.json', line: 4, text: '"2d": 172800,' },
      dataReadBy: 'test/duration.test.js',
    });
    expectUntouched(head, before);
  });

  it('ORDERS_API_URL not set: sample orders stand in for the service', async () => {
    const { report, head, before } = await healWithCheat(sample('js-env-missing-sample-table'));
    expect(report.attempts.map((a) => a.verdict)).toEqual(['special-cased']);
    expect(report.attempts[0]!.specialCases?.map((e) => e.rule)).toContain('environment-data');
    expectUntouched(head, before);
  });

  it('the honest fix of the same suite is committed', async () => {
    const s = sample('js-data-new-module-pairs');
    fixture = healProject(s.files, s.runner);
    const writes = Object.entries(s.fix!).map(([file, text]) => ['write', file, text] as [string, ...unknown[]]);
    const report = await fixture.run([writes], { maxAttempts: 1 });
    expect(report.result, report.reason).toBe('healed');
    expect(fixture.repo.read('src/duration.js')).toBe(s.fix!['src/duration.js']);
    expect(fixture.repo.git('log', '--format=%s', '-1').trim()).not.toBe('initial');
  });
});

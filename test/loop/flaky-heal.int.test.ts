/**
 * A flaky failing test never produces a fix, and a failure that does not reproduce as itself, or
 * that points at the environment, is said as such (issue 23, points 3 and 4). Real temporary git
 * repositories, real node:test and pytest runs, the `command` provider running a scripted agent;
 * the flaky test's outcome in each run is scripted by a plan file outside the repository
 * (`fixtures/latency.js`), and its log says how many times the test ran.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  runLabels,
  healFixture,
  hasPytest,
  NODE_TEST_COMMAND,
  PYTEST_COMMAND,
  type AgentAction,
  type HealFixture,
  type HealFixtureName,
} from './heal-fixture.js';
import { renderJobSummary } from '../../src/render/job-summary.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function start(name: HealFixtureName, files: Record<string, string> = {}): HealFixture {
  const f = healFixture(name, files);
  cleanups.push(() => f.repo.cleanup());
  return f;
}

/** A plan file outside the repository: one letter per run of the flaky test (see `fixtures/latency.js`). */
function plan(letters: string): { file: string; used: () => string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'self-heal-flake-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'plan');
  writeFileSync(file, letters);
  return { file, used: () => (existsSync(`${file}.log`) ? readFileSync(`${file}.log`, 'utf8') : '') };
}

/** The failed CI step: the test command once, leaving its fresh reports. */
function ciStep(f: HealFixture, command: string, env: NodeJS.ProcessEnv): void {
  const step = spawnSync('sh', ['-c', command], { cwd: f.repo.root, env: { ...f.repo.env, ...env }, encoding: 'utf8' });
  expect(step.status, step.stdout + step.stderr).not.toBe(0);
}

/**
 * The candidates' test runs write the temporary directories for real: the plan is consumed by every
 * run (contained runs write them in layers that are discarded).
 */
const UNCONTAINED = { SELF_HEAL_TEST_CONTAINMENT: 'off' };

/** A change that does nothing for the flaky test: the timeout one millisecond longer. */
const HARMLESS: AgentAction[] = [['replace', 'src/limits.js', 'timeoutMs: 30_000', 'timeoutMs: 30_001']];
const FLAKY_ID = /limits\.test\.js::answers within the timeout$/;

describe('a flaky failing test (node:test)', () => {
  it('is flaky when the recorded run passed it: no attempt, counts in the report and the summary', async () => {
    const f = start('node-latency');
    // CI failed, the confirmation failed, the recorded run passed.
    const p = plan('FFP');
    ciStep(f, NODE_TEST_COMMAND, { FLAKE_PLAN: p.file });
    const before = f.files();
    const report = await f.run([HARMLESS], {}, { baseline: 'auto', env: { FLAKE_PLAN: p.file, ...UNCONTAINED } });
    expect(report.result, report.reason).toBe('not-reproduced');
    expect(report.attempts).toEqual([]);
    expect(f.contexts()).toEqual([]);
    expect(f.files()).toEqual(before);
    expect(f.repo.git('log', '--format=%s')).toBe('initial\n');
    expect(p.used()).toBe('FFP');
    expect(runLabels(f)).toEqual(['confirm', 'spectrum']);
    expect(report.reason).toMatch(/^flaky: .*answers within the timeout failed 2 of 3 runs without a change/);
    expect(report.reason).toContain("test('…', { skip: 'flaky' }, …)");
    expect(report.flaky).toEqual([expect.stringMatching(FLAKY_ID)]);
    expect(report.reproduction).toMatchObject({
      verdict: 'flaky',
      tests: [{ id: expect.stringMatching(FLAKY_ID), verdict: 'flaky', runs: 3, failed: 2 }],
      extraRuns: 0,
    });
    const summary = renderJobSummary(report);
    expect(summary).toContain('## ⚠️ self-heal: flaky test, nothing was changed');
    expect(summary).toMatch(/answers within the timeout.*\| 3 \| 2 \|/);
    expect(summary).toContain("{ skip: 'flaky' }");
  });

  it('reruns the failing tests when their failure messages differ, before any model call', async () => {
    const f = start('node-latency');
    // Three failures with three different values, then the first extra rerun fails, the second passes.
    const p = plan('FFFFP');
    ciStep(f, NODE_TEST_COMMAND, { FLAKE_PLAN: p.file });
    const report = await f.run([HARMLESS], {}, { baseline: 'auto', env: { FLAKE_PLAN: p.file, ...UNCONTAINED } });
    expect(report.result, report.reason).toBe('not-reproduced');
    expect(report.attempts).toEqual([]);
    expect(f.contexts()).toEqual([]);
    expect(p.used()).toBe('FFFFP');
    expect(runLabels(f)).toEqual(['confirm', 'reproduce-1', 'reproduce-2', 'spectrum']);
    expect(report.reproduction).toMatchObject({
      verdict: 'flaky',
      tests: [{ verdict: 'flaky', runs: 5, failed: 4 }],
      extraRuns: 2,
      signs: [expect.stringMatching(/answers within the timeout passed without a change \(rerun 2\)/)],
    });
    expect(report.timings?.reproductionMs).toBeGreaterThan(0);
    expect(f.logger.lines).toContainEqual(
      expect.stringMatching(
        /^info: the runs so far disagree \(.*message that changed between runs\): rerunning 1 failing test up to 3 more times before any attempt$/,
      ),
    );
  });

  it('never accepts a change that both passed and failed: the unchanged code is rerun and passes', async () => {
    const f = start('node-latency');
    // The same value every failure (no disagreement before the attempts). Attempt 1's change: the
    // targeted rerun passes, the full run fails; the unchanged code then fails once, passes once.
    const p = plan('CCCPCCP');
    ciStep(f, NODE_TEST_COMMAND, { FLAKE_PLAN: p.file });
    const report = await f.run([HARMLESS], {}, { baseline: 'auto', env: { FLAKE_PLAN: p.file, ...UNCONTAINED } });
    expect(report.result, report.reason).toBe('not-reproduced');
    expect(report.attempts.map((a) => a.verdict)).toEqual(['flaky']);
    expect(report.attempts[0]!.feedback).toMatch(
      /^The failing tests passed and failed with this same change \(.*passed 1 of 2 runs with attempt 1's change\)/,
    );
    expect(p.used()).toBe('CCCPCCP');
    expect(report.reason).toMatch(
      /^flaky: .*answers within the timeout failed 4 of 5 runs without a change, and .*passed 1 of 2 runs with attempt 1's change; nothing was edited/,
    );
    expect(report.reproduction).toMatchObject({ verdict: 'flaky', tests: [{ runs: 5, failed: 4 }], extraRuns: 2 });
    expect(f.repo.read('src/limits.js')).toContain('timeoutMs: 30_000');
    expect(f.repo.git('log', '--format=%s')).toBe('initial\n');
    expect(f.repo.git('status', '--porcelain', '--untracked-files=no')).toBe('');
  });

  it('accepts nothing the failing test did not pass one more targeted rerun', async () => {
    const f = start('node-latency');
    // Attempt 1's change passes the targeted rerun and the full run by luck, then fails once more.
    const p = plan('CCCPPCP');
    ciStep(f, NODE_TEST_COMMAND, { FLAKE_PLAN: p.file });
    const report = await f.run([HARMLESS], {}, { baseline: 'auto', env: { FLAKE_PLAN: p.file, ...UNCONTAINED } });
    expect(report.result, report.reason).toBe('not-reproduced');
    expect(report.attempts.map((a) => a.verdict)).toEqual(['flaky']);
    expect(runLabels(f)).toEqual([
      'attempt-1-again-1',
      'attempt-1-full',
      'attempt-1-targeted',
      'attempt-1-unchanged-1',
      'confirm',
      'spectrum',
    ]);
    expect(report.fix).toBeUndefined();
    expect(f.repo.git('log', '--format=%s')).toBe('initial\n');
    expect(f.repo.read('src/limits.js')).toContain('timeoutMs: 30_000');
  });
});

describe('a failure whose message changes from run to run', () => {
  const DETERMINISTIC = {
    // A real bug, always failing, with a message that differs in every run (the process id).
    'test/total.test.js':
      "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { backoff } from '../src/limits.js';\ntest('backs off from 100 ms', () => { assert.equal(backoff(0), 100, `run ${process.pid}`); });\n",
    'src/limits.js':
      "/** The service's limits. */\nexport const LIMITS = { timeoutMs: 30_000, retries: 3 };\n\nexport function backoff(attempt) {\n  return Math.min(200 * 2 ** attempt, LIMITS.timeoutMs);\n}\n",
  };
  const FIX: AgentAction[] = [['replace', 'src/limits.js', '200 * 2', '100 * 2']];

  it('is healed once the fix passed as many runs as rule out a flake at 99%', async () => {
    const f = start('node-latency', DETERMINISTIC);
    const p = plan('P');
    ciStep(f, NODE_TEST_COMMAND, { FLAKE_PLAN: p.file });
    // No recorded run: the CI run and the confirmation disagree on the message, three more reruns
    // fail: 0 passes of 5 runs, so a change must pass 4 runs in a row (targeted, full, 2 more).
    const report = await f.run(
      [FIX],
      { localise: 'static' },
      { baseline: 'auto', env: { FLAKE_PLAN: p.file, ...UNCONTAINED } },
    );
    expect(report.result, report.reason).toBe('healed');
    expect(runLabels(f)).toEqual([
      'attempt-1-again-1',
      'attempt-1-again-2',
      'attempt-1-full',
      'attempt-1-targeted',
      'confirm',
      'reproduce-1',
      'reproduce-2',
      'reproduce-3',
    ]);
    expect(f.logger.lines).toContainEqual(
      expect.stringMatching(
        /^info: attempt 1: flakiness was seen \(.*\), so the failing tests must pass 4 runs in a row: 2 more targeted reruns$/,
      ),
    );
    expect(report.reproduction).toMatchObject({
      verdict: 'reproduced',
      tests: [
        { verdict: 'reproduced', runs: 5, failed: 5 },
        { verdict: 'reproduced', runs: 5, failed: 5 },
      ],
      extraRuns: 5,
    });
    expect(f.repo.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('src/limits.js');
    // Eight runs of the test command by design: more than the default minute on a loaded machine.
  }, 180_000);
});

describe.runIf(hasPytest())('a failure that is not itself here, or points at the environment (pytest)', () => {
  it('edits nothing when it fails differently here than in CI', async () => {
    const f = start('py-orders');
    // In CI the variable was set and the test failed on the bug; here it is not set.
    ciStep(f, PYTEST_COMMAND, { ORDERS_API_URL: 'http://orders.internal' });
    const before = f.files();
    const report = await f.run([[['replace', 'orders.py', 'items[:-1]', 'items']]], {}, { baseline: 'auto' });
    expect(report.result, report.reason).toBe('not-reproduced');
    expect(report.attempts).toEqual([]);
    expect(f.contexts()).toEqual([]);
    expect(f.files()).toEqual(before);
    expect(report.reason).toMatch(
      /test_total fails differently here: KeyError at orders\.py:5 in the confirmation, AssertionError at tests\/test_orders\.py:6 in CI\. The environment here differs from CI's \(the code may not\), so nothing was edited/,
    );
    expect(report.reproduction).toMatchObject({
      verdict: 'fails-differently',
      tests: [
        {
          verdict: 'fails-differently',
          here: 'KeyError at orders.py:5',
          ci: 'AssertionError at tests/test_orders.py:6',
        },
      ],
      environment: [{ kind: 'variable', subject: 'ORDERS_API_URL', at: 'orders.py:5' }],
    });
    expect(renderJobSummary(report)).toContain('fails differently here');
  });

  it('says the failure points at a missing variable before the first attempt, then attempts', async () => {
    const f = start('py-orders');
    // The variable is set neither in CI nor here.
    ciStep(f, PYTEST_COMMAND, {});
    const report = await f.run([[]], { maxAttempts: 1 }, { baseline: 'auto' });
    expect(report.result, report.reason).toBe('unhealed');
    expect(report.attempts).toHaveLength(1);
    expect(report.reproduction).toMatchObject({
      verdict: 'reproduced',
      environment: [
        {
          test: expect.stringMatching(/test_total$/),
          kind: 'variable',
          subject: 'ORDERS_API_URL',
          at: 'orders.py:5',
          detail: 'the environment variable `ORDERS_API_URL` is not set (KeyError reading os.environ)',
        },
      ],
    });
    const said = f.logger.lines.findIndex((l) =>
      /^warn: .*test_total: the failure points at the environment: the environment variable `ORDERS_API_URL`/.test(l),
    );
    const attempt = f.logger.lines.indexOf('group: attempt 1 of 1');
    expect(said).toBeGreaterThan(-1);
    expect(said).toBeLessThan(attempt);
    expect(renderJobSummary(report)).toMatch(/The failure points at the environment[\s\S]*`ORDERS_API_URL`/);
  });

  it('is flaky when the recorded run passed it (pytest)', async () => {
    const f = start('py-latency');
    const p = plan('FFP');
    ciStep(f, PYTEST_COMMAND, { FLAKE_PLAN: p.file });
    const report = await f.run(
      [[['replace', 'limits.py', '"retries": 3', '"retries": 4']]],
      {},
      { baseline: 'auto', env: { FLAKE_PLAN: p.file, ...UNCONTAINED } },
    );
    expect(report.result, report.reason).toBe('not-reproduced');
    expect(report.attempts).toEqual([]);
    expect(report.reproduction).toMatchObject({ verdict: 'flaky', tests: [{ runs: 3, failed: 2 }] });
    expect(report.reason).toContain('@pytest.mark.flaky(reruns=2)');
  });
});

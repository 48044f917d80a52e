/**
 * A candidate's rerun that stops at the first failing target (the loop asks for it when the
 * failing tests are slow): real pytest with `-x`, the later targets left unrun and not taken for
 * "did not run" (no fallback to the files or the full command); the ordinary rerun runs them all.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collectEvidence } from '../../src/frames/collect-evidence.js';
import { createTargetedRuns } from '../../src/loop/targeted-run.js';
import { createTestRuns } from '../../src/loop/test-runs.js';
import { silentLogger } from '../../src/contracts/logger.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';
import { asTarget } from '../helpers/rerun-project.js';

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

const COMMAND = 'python3 -m pytest -q -p no:cacheprovider --junitxml=reports/junit.xml';

describe('fail-fast candidate reruns', () => {
  it('stop at the first failing target without falling back, where the ordinary rerun runs every one', async () => {
    repo = createTempRepo({
      files: {
        'calc.py': 'def double(x):\n    return x * 3\n',
        'tests/test_calc.py':
          'from calc import double\n\n\ndef test_one():\n    assert double(1) == 2\n\n\ndef test_two():\n    assert double(2) == 4\n\n\ndef test_ok():\n    assert double(0) == 0\n',
      },
    });
    const root = repo.root;
    const runs = createTestRuns({
      testCommand: COMMAND,
      junit: ['reports/*.xml'],
      root,
      cwd: root,
      outputDir: path.join(root, '.git', 'self-heal', 'runs'),
      timeoutMs: 120_000,
      env: { ...repo.env, PYTHONDONTWRITEBYTECODE: '1', PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1' },
      git: { cwd: root, env: repo.env },
      collect: (input) => collectEvidence({ ...input, testCwd: root }),
    });
    const baseline = await runs.full('baseline');
    const failing = baseline.cases.filter((c) => c.status === 'failed');
    expect(failing.map((c) => c.name)).toEqual(['test_one', 'test_two']);
    const targets = failing.map((c) => asTarget(c, root));
    const byId = new Map(baseline.cases.map((c) => [c.id, c]));
    const targeted = createTargetedRuns({ runs, logger: silentLogger, testCommand: COMMAND });

    const fast = await targeted.run(targets, 'candidate-1', byId, { failFast: true });
    expect(fast.command).toContain(' -x ');
    expect(fast.cases.map((c) => c.name)).toEqual(['test_one']);
    expect(fast.level).toBe('tests');
    expect(targeted.fallback).toBeUndefined();

    const all = await targeted.run(targets, 'attempt-1', byId);
    expect(all.command).not.toContain(' -x ');
    expect(all.cases.map((c) => c.name).sort()).toEqual(['test_one', 'test_two']);
  });

  it('a candidate that hangs stops at its own timeout, taken as timed out at the tests level, not as a fallback', async () => {
    repo = createTempRepo({
      files: {
        'calc.py': 'def double(x):\n    return x * 3\n',
        'tests/test_calc.py':
          'from calc import double\n\n\ndef test_one():\n    assert double(1) == 2\n\n\ndef test_ok():\n    assert double(0) == 0\n',
      },
    });
    const root = repo.root;
    const runs = createTestRuns({
      testCommand: COMMAND,
      junit: ['reports/*.xml'],
      root,
      cwd: root,
      outputDir: path.join(root, '.git', 'self-heal', 'runs'),
      timeoutMs: 120_000,
      env: { ...repo.env, PYTHONDONTWRITEBYTECODE: '1', PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1' },
      git: { cwd: root, env: repo.env },
      collect: (input) => collectEvidence({ ...input, testCwd: root }),
    });
    const baseline = await runs.full('baseline');
    const targets = baseline.cases.filter((c) => c.status === 'failed').map((c) => asTarget(c, root));
    const byId = new Map(baseline.cases.map((c) => [c.id, c]));
    const targeted = createTargetedRuns({ runs, logger: silentLogger, testCommand: COMMAND });
    // The candidate: a loop that never ends.
    writeFileSync(path.join(root, 'calc.py'), 'def double(x):\n    while True:\n        pass\n');
    const hung = await targeted.run(targets, 'candidate-1', byId, { timeoutMs: 1_500 });
    expect(hung.timedOut).toBe(true);
    expect(hung.level).toBe('tests');
    expect(hung.notRun).toEqual([]);
    // Its own timeout, not the 120 s of every other run.
    expect(hung.durationMs).toBeLessThan(120_000);
    expect(targeted.fallback).toBeUndefined();
  });
});

import { execFileSync } from 'node:child_process';
import { existsSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestRuns, type CollectEvidence } from '../../src/loop/test-runs.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

describe('createTestRuns', () => {
  it('deletes stale untracked reports before a run, never tracked files, and reads only fresh ones', async () => {
    repo = createTempRepo({ files: { 'pom.xml': '<project/>', 'reports/committed.xml': '<testsuites/>' } });
    repo.write('reports/stale.xml', '<old/>');
    const seen: string[][] = [];
    const collect: CollectEvidence = async ({ junit }) => {
      seen.push(junit);
      return {
        run: { cases: [], errors: [], reports: [] },
        summary: { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0 },
        frames: [],
        errors: [],
      };
    };
    const old = new Date('2020-01-01T00:00:00Z');
    utimesSync(path.join(repo.root, 'reports/committed.xml'), old, old);
    utimesSync(path.join(repo.root, 'pom.xml'), old, old);
    const runs = createTestRuns({
      testCommand: 'echo ran > reports/fresh.xml; echo out',
      junit: ['**/*.xml'],
      root: repo.root,
      cwd: repo.root,
      outputDir: path.join(repo.root, '.git', 'self-heal', 'runs'),
      timeoutMs: 10_000,
      env: repo.env,
      git: { cwd: repo.root, env: repo.env },
      collect,
    });
    const result = await runs.full('baseline');
    expect(existsSync(path.join(repo.root, 'reports/stale.xml'))).toBe(false);
    expect(existsSync(path.join(repo.root, 'pom.xml'))).toBe(true);
    expect(existsSync(path.join(repo.root, 'reports/committed.xml'))).toBe(true);
    expect(seen).toEqual([['reports/fresh.xml']]);
    expect(result.output).toContain('out');
    expect(existsSync(path.join(repo.root, '.git/self-heal/runs/01-baseline.log'))).toBe(true);
  });

  it('says when no report was written', async () => {
    repo = createTempRepo({ files: { 'a.txt': 'x' } });
    const runs = createTestRuns({
      testCommand: 'exit 1',
      junit: ['reports/*.xml'],
      root: repo.root,
      cwd: repo.root,
      outputDir: path.join(repo.root, '.git', 'self-heal', 'runs'),
      timeoutMs: 10_000,
      env: repo.env,
      git: { cwd: repo.root, env: repo.env },
      collect: async () => ({
        run: { cases: [], errors: [], reports: [] },
        summary: { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0 },
        frames: [],
        errors: [],
      }),
    });
    const result = await runs.full('x');
    expect(result.exitCode).toBe(1);
    expect(result.reportErrors).toEqual(['no report matching reports/*.xml was written']);
  });

  it('runs an edit that keeps size and mtime, not the stale bytecode of the code before it', async (ctx) => {
    try {
      execFileSync('python3', ['-m', 'pytest', '--version'], { stdio: 'ignore' });
    } catch {
      ctx.skip();
    }
    repo = createTempRepo({
      files: {
        'calc.py': 'def add(a, b):\n    return a - b\n',
        'tests/test_calc.py': 'from calc import add\n\n\ndef test_add():\n    assert add(1, 2) == 3\n',
      },
    });
    // This machine sets PYTHONDONTWRITEBYTECODE; most do not, and then Python caches bytecode
    // keyed on the source's size and mtime (whole seconds).
    const env = { ...repo.env };
    delete env.PYTHONDONTWRITEBYTECODE;
    const runs = createTestRuns({
      testCommand: 'PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 python3 -m pytest -q -p no:cacheprovider --rootdir=.',
      junit: [],
      root: repo.root,
      cwd: repo.root,
      outputDir: path.join(repo.root, '.git', 'self-heal', 'runs'),
      timeoutMs: 60_000,
      env: { ...env, PYTHONPATH: repo.root },
      git: { cwd: repo.root, env },
      collect: async () => ({
        run: { cases: [], errors: [], reports: [] },
        summary: { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0 },
        frames: [],
        errors: [],
      }),
    });
    expect((await runs.full('baseline')).exitCode).toBe(1);
    const file = path.join(repo.root, 'calc.py');
    const before = statSync(file);
    repo.write('calc.py', 'def add(a, b):\n    return a + b\n');
    utimesSync(file, before.atime, before.mtime);
    expect(statSync(file).size).toBe(before.size);
    const after = await runs.full('attempt');
    expect(after.exitCode, after.output).toBe(0);
  });

  it('runs the tests without self-heal’s own credentials, keeping the user’s and what --pass-env names', async () => {
    repo = createTempRepo({ files: { 'a.txt': 'x' } });
    const runs = createTestRuns({
      testCommand: 'env',
      junit: [],
      root: repo.root,
      cwd: repo.root,
      outputDir: path.join(repo.root, '.git', 'self-heal', 'runs'),
      timeoutMs: 10_000,
      env: {
        ...repo.env,
        'INPUT_GITHUB-TOKEN': 'ghs_pushing_token_value',
        'INPUT_API-KEY': 'sk-model-key-1234567890',
        ACTIONS_RUNTIME_TOKEN: 'runtime-token-value',
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-token-value',
        OPENAI_API_KEY: 'sk-laptop-key-1234567890',
        GITHUB_TOKEN: 'ghs_pushing_token_value',
        DB_PASSWORD: 'hunter2-db',
        KEEP_TOKEN: 'kept-on-purpose',
      },
      secrets: ['ghs_pushing_token_value', 'sk-model-key-1234567890'],
      passEnv: ['KEEP_TOKEN'],
      git: { cwd: repo.root, env: repo.env },
      collect: async () => ({
        run: { cases: [], errors: [], reports: [] },
        summary: { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0 },
        frames: [],
        errors: [],
      }),
    });
    const { output } = await runs.full('env');
    for (const value of [
      'ghs_pushing_token_value',
      'sk-model-key',
      'runtime-token-value',
      'oidc-token-value',
      'sk-laptop',
    ])
      expect(output).not.toContain(value);
    expect(output).toContain('DB_PASSWORD=hunter2-db');
    expect(output).toContain('KEEP_TOKEN=kept-on-purpose');
  });
});

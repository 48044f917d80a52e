import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestRuns, type CollectEvidence } from '../../src/loop/test-runs.js';
import {
  changedPaths,
  releaseSnapshot,
  restoreSnapshot,
  takeSnapshot,
  type Snapshot,
} from '../../src/workspace/tree-state.js';
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

  it('says once each report a glob matches outside the repository, and neither reads nor deletes it', async () => {
    repo = createTempRepo({ files: { 'a.txt': 'x' } });
    const outside = mkdtempSync(path.join(os.tmpdir(), 'self-heal-outside-'));
    try {
      writeFileSync(path.join(outside, 'old.xml'), '<testsuites/>');
      const warned: string[] = [];
      const seen: string[][] = [];
      const runs = createTestRuns({
        testCommand: `mkdir -p reports && echo ran > reports/in.xml && echo ran > ${JSON.stringify(path.join(outside, 'new.xml'))}`,
        junit: ['reports/*.xml', `${path.relative(repo.root, outside)}/*.xml`],
        root: repo.root,
        cwd: repo.root,
        outputDir: path.join(repo.root, '.git', 'self-heal', 'runs'),
        timeoutMs: 10_000,
        env: repo.env,
        git: { cwd: repo.root, env: repo.env },
        warn: (line) => warned.push(line),
        collect: async ({ junit }) => {
          seen.push(junit);
          return {
            run: { cases: [], errors: [], reports: [] },
            summary: { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0 },
            frames: [],
            errors: [],
          };
        },
      });
      await runs.full('one');
      await runs.full('two');
      expect(seen).toEqual([['reports/in.xml'], ['reports/in.xml']]);
      expect(existsSync(path.join(outside, 'old.xml'))).toBe(true);
      const said = (name: string) =>
        `report ${path.join(outside, name)} lies outside the repository (${repo!.root}): not read, nor deleted before a run`;
      expect(warned).toEqual([said('old.xml'), said('new.xml')]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  describe('Python bytecode', () => {
    const PYTEST = 'PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 python3 -m pytest -q -p no:cacheprovider --rootdir=.';
    const BROKEN = 'def add(a, b):\n    return a - b\n';
    const WRONG = 'def add(a, b):\n    return a * b\n';
    const FIXED = 'def add(a, b):\n    return a + b\n';
    let snapshot: Snapshot | undefined;
    afterEach(() => {
      if (snapshot) releaseSnapshot(snapshot);
      snapshot = undefined;
    });

    /** A repository whose test fails, its test runs wired as heal() wires them, and the user's caches on. */
    function pythonRuns(ctx: { skip: () => void }, extraEnv: NodeJS.ProcessEnv = {}) {
      try {
        execFileSync('python3', ['-m', 'pytest', '--version'], { stdio: 'ignore' });
      } catch {
        ctx.skip();
      }
      repo = createTempRepo({
        files: {
          'calc.py': BROKEN,
          'helpers.py': 'def one():\n    return 1\n',
          'tests/test_calc.py':
            'from calc import add\nfrom helpers import one\n\n\ndef test_add():\n    assert add(one(), 2) == 3\n',
          '.gitignore': '__pycache__/\n',
        },
      });
      // This machine sets PYTHONDONTWRITEBYTECODE; most do not, and then Python caches bytecode
      // keyed on the source's size and mtime (whole seconds).
      const env = { ...repo.env, ...extraEnv };
      delete env.PYTHONDONTWRITEBYTECODE;
      const snap = takeSnapshot({ root: repo.root, gitDir: path.join(repo.root, '.git'), env });
      snapshot = snap;
      const runs = createTestRuns({
        testCommand: PYTEST,
        junit: [],
        root: repo.root,
        cwd: repo.root,
        outputDir: path.join(repo.root, '.git', 'self-heal', 'runs'),
        timeoutMs: 60_000,
        env: { ...env, PYTHONPATH: repo.root },
        git: { cwd: repo.root, env },
        changedPaths: () => changedPaths(snap),
        collect: async () => ({
          run: { cases: [], errors: [], reports: [] },
          summary: { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0 },
          frames: [],
          errors: [],
        }),
      });
      return { runs, snap, root: repo.root };
    }

    /** Writes `content` into `rel` keeping its size and mtime: the edit Python's cache check cannot see. */
    function sameStamp(root: string, rel: string, content: string): void {
      const file = path.join(root, rel);
      const before = statSync(file);
      writeFileSync(file, content);
      utimesSync(file, before.atime, before.mtime);
      expect(statSync(file).size).toBe(before.size);
    }

    it('runs an edit that keeps size and mtime, not the stale bytecode of the code before it', async (ctx) => {
      const { runs, root } = pythonRuns(ctx);
      expect((await runs.full('baseline')).exitCode).toBe(1);
      sameStamp(root, 'calc.py', FIXED);
      const after = await runs.full('attempt');
      expect(after.exitCode, after.output).toBe(0);
    });

    it('after a rollback, runs neither the rejected attempt’s bytecode nor the baseline’s', async (ctx) => {
      const { runs, snap, root } = pythonRuns(ctx);
      // The test command pins calc.py's mtime: every version of it looks the same to Python's check.
      const pinned = new Date('2026-01-02T03:04:05Z');
      const pin = () => utimesSync(path.join(root, 'calc.py'), pinned, pinned);
      pin();
      expect((await runs.full('baseline')).exitCode).toBe(1);
      sameStamp(root, 'calc.py', WRONG);
      expect((await runs.full('attempt-1-full')).output).toMatch(/assert 2 == 3/);
      restoreSnapshot(snap);
      pin();
      // Attempt 2 changes another file only: calc.py is the baseline's again, attempt 1's bytecode must go.
      repo!.write('helpers.py', 'def one():\n    return 2\n');
      expect((await runs.full('attempt-2-full')).output).toMatch(/assert 0 == 3/);
      restoreSnapshot(snap);
      pin();
      sameStamp(root, 'calc.py', FIXED);
      const fixed = await runs.full('attempt-3-full');
      expect(fixed.exitCode, fixed.output).toBe(0);
    });

    it('keeps the user’s caches: an unchanged module’s bytecode is reused, only the edited one’s goes', async (ctx) => {
      const { runs, root } = pythonRuns(ctx);
      await runs.full('baseline');
      const cache = path.join(root, '__pycache__');
      const helper = readdirSync(cache).find((n) => n.startsWith('helpers.'))!;
      const calc = readdirSync(cache).find((n) => n.startsWith('calc.'))!;
      expect(helper).toMatch(/^helpers\.[^.]+\.pyc$/);
      const helperBefore = statSync(path.join(cache, helper));
      const calcBefore = statSync(path.join(cache, calc));
      sameStamp(root, 'calc.py', FIXED);
      expect((await runs.full('attempt')).exitCode).toBe(0);
      const helperAfter = statSync(path.join(cache, helper));
      expect([helperAfter.ino, helperAfter.mtimeMs]).toEqual([helperBefore.ino, helperBefore.mtimeMs]);
      // calc.py's bytecode was removed and written again for the new content.
      expect(statSync(path.join(cache, calc)).ino).not.toBe(calcBefore.ino);
      expect(readdirSync(path.join(root, '.git', 'self-heal', 'runs'))).not.toContain('pycache');
    });

    it('respects the user’s PYTHONPYCACHEPREFIX, removing the edited source’s bytecode there', async (ctx) => {
      const prefix = mkdtempSync(path.join(os.tmpdir(), 'self-heal-pycache-'));
      try {
        const { runs, root } = pythonRuns(ctx, { PYTHONPYCACHEPREFIX: prefix });
        expect((await runs.full('baseline')).exitCode).toBe(1);
        const mirrored = path.join(prefix, path.relative('/', root));
        expect(readdirSync(mirrored).some((n) => /^calc\.[^.]+\.pyc$/.test(n))).toBe(true);
        expect(existsSync(path.join(root, '__pycache__'))).toBe(false);
        sameStamp(root, 'calc.py', FIXED);
        const after = await runs.full('attempt');
        expect(after.exitCode, after.output).toBe(0);
      } finally {
        rmSync(prefix, { recursive: true, force: true });
      }
    });
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

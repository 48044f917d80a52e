import { existsSync, utimesSync } from 'node:fs';
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
});

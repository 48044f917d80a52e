import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGuard } from '../../src/loop/edits/guardrails.js';
import { createRepairHost } from '../../src/loop/repair-host.js';
import type { RunOutcome } from '../../src/loop/verdict.js';
import { checkIgnore } from '../../src/workspace/git.js';
import { releaseSnapshot, takeSnapshot } from '../../src/workspace/tree-state.js';
import { capturingLogger } from './heal-fixture.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

function setup(
  rerun: (label: string) => Promise<RunOutcome> = async () => {
    throw new Error('no runs here');
  },
  rerunFiles?: (label: string) => Promise<RunOutcome>,
  named?: ReadonlySet<string>,
) {
  repo = createTempRepo({
    files: {
      'src/calc.js': Array.from({ length: 600 }, (_, i) =>
        i === 1 ? '  return a - b; // SECRET_VALUE_123' : `// line ${i + 1}`,
      ).join('\n'),
      'src/other.js': 'const needle = 1;\nconst needle2 = needle;\n',
      'tests/calc.test.js': 'test("adds")\n',
      '.gitignore': '.env\n',
    },
  });
  repo.write('.env', 'TOKEN=abc\n');
  const git = { cwd: repo.root, env: repo.env };
  const snapshot = takeSnapshot({ root: repo.root, gitDir: path.join(repo.root, '.git'), env: repo.env });
  const logger = capturingLogger();
  const host = createRepairHost({
    root: repo.root,
    git,
    edits: { guard: createGuard({ root: repo.root }), ignored: (p) => checkIgnore(git, p) },
    snapshot,
    scrub: (t) => t.replaceAll('SECRET_VALUE_123', '[REDACTED]'),
    logger,
    triedDiffs: new Set(),
    expectations: { failToPass: ['t::adds'], passToPass: ['t::subtracts', 't::elsewhere'], baseline: new Map() },
    rerunTargets: rerun,
    ...(rerunFiles ? { rerunTargetFiles: rerunFiles } : {}),
    ...(named ? { named } : {}),
  });
  return { host, snapshot, logger, r: repo };
}

describe('RepairHost', () => {
  it('reads numbered, scrubbed, bounded ranges; tests are readable', async () => {
    const { host, snapshot } = setup();
    const head = await host.readFile('src/calc.js', { start: 1, end: 3 });
    expect(head).toBe('1: // line 1\n2:   return a - b; // [REDACTED]\n3: // line 3\n… (600 lines in total)\n');
    const all = await host.readFile('src/calc.js');
    expect(all.split('\n').filter((l) => /^\d+: /.test(l))).toHaveLength(400);
    expect(all.trimEnd().split('\n').at(-1)).toBe('… (600 lines in total; ask for lines 401-600 to read on)');
    expect(await host.readFile('tests/calc.test.js')).toBe('1: test("adds")\n2: \n');
    releaseSnapshot(snapshot);
  });

  it('scrubs the nearest real lines an edit that does not match is answered with', async () => {
    const { host, snapshot } = setup();
    const check = await host.checkEdits([{ path: 'src/calc.js', oldText: '  return a - c; // SECRET', newText: 'x' }]);
    expect(check.ok).toBe(false);
    expect(check.problems[0]).toMatchObject({ kind: 'no-match', nearest: { startLine: 1 } });
    expect(check.problems[0]!.nearest!.text).toContain('return a - b; // [REDACTED]');
    expect(JSON.stringify(check)).not.toContain('SECRET_VALUE_123');
    releaseSnapshot(snapshot);
  });

  it('refuses .git, the outside, ignored files and missing files with a message for the model', async () => {
    const { host, snapshot } = setup();
    await expect(host.readFile('.git/config')).rejects.toThrow(/`\.git` are never edited|\.git/);
    await expect(host.readFile('../../etc/passwd')).rejects.toThrow(/`\.\.` is not allowed/);
    await expect(host.readFile('.env')).rejects.toThrow(/ignored by git/);
    // A symlink git tracks that leads to the ignored file shows nothing of it either.
    symlinkSync('.env', path.join(repo!.root, 'settings'));
    repo!.commitAll('a link to the local settings');
    await expect(host.readFile('settings')).rejects.toThrow(/`\.env` is ignored by git/);
    await expect(host.readFile('src/nope.js')).rejects.toThrow(/does not exist/);
    releaseSnapshot(snapshot);
  });

  it('reads only tracked files and the files the failure names, and never a credential, saying why', async () => {
    const noRuns = async (): Promise<RunOutcome> => {
      throw new Error('no runs here');
    };
    const { host, snapshot, r } = setup(noRuns, undefined, new Set(['build/generated.js']));
    const login = JSON.stringify({
      type: 'external_account',
      client_id: '1234.apps.googleusercontent.com',
      client_secret: 'GOCSPX-not-for-models',
      refresh_token: '1//0g-not-for-models',
    });
    // Left in the workspace by an earlier CI step: untracked, not ignored.
    r.write('gha-creds-5f1c0a.json', login);
    r.write('notes/login.json', login);
    r.write('scratch.js', 'const x = 1;\n');
    r.write('build/generated.js', 'export const generated = true;\n');
    await expect(host.readFile('gha-creds-5f1c0a.json')).rejects.toThrow(
      /`gha-creds-5f1c0a\.json` looks like a credential file \(a cloud login's credentials/,
    );
    await expect(host.readFile('notes/login.json')).rejects.toThrow(/not tracked by git and no failure names it/);
    await expect(host.readFile('scratch.js')).rejects.toThrow(/not tracked by git and no failure names it/);
    // Named by the failure: readable though untracked.
    expect(await host.readFile('build/generated.js')).toBe('1: export const generated = true;\n2: \n');
    // Tracked, and a credential all the same: by name, and by content.
    r.write('config/login.json', login);
    r.write('deploy/key.pem', 'not even a key\n');
    r.write('src/fixture.js', `export const token = 'ghp_${'Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2'}';\n`);
    r.write('src/config.js', "export const needle3 = { refresh_token: '1//0g-not-for-models' };\n");
    // (everything is committed now: the cloud login too)
    r.commitAll('tracked credentials');
    await expect(host.readFile('config/login.json')).rejects.toThrow(
      /holds what looks like a credential \(a client_secret\)/,
    );
    await expect(host.readFile('deploy/key.pem')).rejects.toThrow(/looks like a credential file \(a private key/);
    await expect(host.readFile('src/fixture.js')).rejects.toThrow(/holds what looks like a credential \(a token/);
    // Search: tracked files only, none that looks like a credential, and says what it left out.
    expect(await host.search('needle')).toBe(
      'src/other.js:1: const needle = 1;\nsrc/other.js:2: const needle2 = needle;\n(1 matches in files that look like credentials are not shown)',
    );
    expect(await host.search('not-for-models')).toBe('(4 matches in files that look like credentials are not shown)');
    releaseSnapshot(snapshot);
  });

  it('searches tracked files literally, bounded', async () => {
    const { host, snapshot } = setup();
    expect(await host.search('needle')).toBe(
      'src/other.js:1: const needle = 1;\nsrc/other.js:2: const needle2 = needle;',
    );
    expect(await host.search('TOKEN=')).toBe('no match for "TOKEN=" in tracked files');
    expect(await host.search('// line')).toMatch(/more matches not shown/);
    expect(await host.search('a - b; // SECRET')).toContain('[REDACTED]');
    await expect(host.search('')).rejects.toThrow(/empty/);
    releaseSnapshot(snapshot);
  });

  it('tries a candidate: applies, reruns the targets, restores', async () => {
    let seen = '';
    const { host, snapshot, r } = setup(async () => {
      seen = r.read('src/calc.js');
      return {
        cases: [{ id: 't::adds', suite: 's', name: 'adds', status: 'passed' }],
        frames: [],
        exitCode: 0,
        timedOut: false,
        output: '',
        durationMs: 5,
      };
    });
    const before = r.tree();
    const verdict = await host.tryCandidate([
      { path: 'src/calc.js', oldText: 'return a - b;', newText: 'return a + b;' },
    ]);
    expect(verdict).toEqual({ targetsPassed: 1, targetsTotal: 1, feedback: '' });
    expect(seen).toContain('return a + b;');
    expect(r.tree()).toEqual(before);
    const refused = await host.tryCandidate([{ path: 'tests/calc.test.js', oldText: 'adds', newText: 'x' }]);
    expect(refused).toMatchObject({ targetsPassed: 0, targetsTotal: 1, feedback: expect.stringMatching(/test file/) });
    releaseSnapshot(snapshot);
  });

  it("checks a candidate against its neighbours: the files' tests that passed before and fail now", async () => {
    let seen = '';
    const run = (status: 'passed' | 'failed'): RunOutcome => ({
      cases: [
        { id: 't::adds', suite: 's', name: 'adds', status: 'passed' },
        { id: 't::subtracts', suite: 's', name: 'subtracts', status },
      ],
      frames: [],
      exitCode: status === 'passed' ? 0 : 1,
      timedOut: false,
      output: '',
      durationMs: 5,
    });
    let next: 'passed' | 'failed' = 'failed';
    const { host, snapshot, r } = setup(undefined, async () => {
      seen = r.read('src/calc.js');
      return run(next);
    });
    const before = r.tree();
    const edit = [{ path: 'src/calc.js', oldText: 'return a - b;', newText: 'return a + b;' }];
    // `t::elsewhere` is in another file: not in this run, so not counted as broken.
    expect(await host.checkNeighbours!(edit)).toEqual({ broken: ['t::subtracts'] });
    expect(seen).toContain('return a + b;');
    expect(r.tree()).toEqual(before);
    next = 'passed';
    expect(await host.checkNeighbours!(edit)).toEqual({ broken: [] });
    releaseSnapshot(snapshot);
  });

  it('reports a neighbour run that timed out as such, not as a clean one', async () => {
    const { host, snapshot, r } = setup(undefined, async () => ({
      cases: [],
      frames: [],
      exitCode: null,
      timedOut: true,
      output: '',
      durationMs: 20_000,
    }));
    const before = r.tree();
    const edit = [{ path: 'src/calc.js', oldText: 'return a - b;', newText: 'return a + b;' }];
    expect(await host.checkNeighbours!(edit)).toEqual({ broken: [], timedOutMs: 20_000 });
    expect(r.tree()).toEqual(before);
    releaseSnapshot(snapshot);
  });

  it('offers no neighbour check when the reruns have no file-level form', () => {
    const { host, snapshot } = setup();
    expect(host.checkNeighbours).toBeUndefined();
    releaseSnapshot(snapshot);
  });
});

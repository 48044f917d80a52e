import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listFilesOnDisk, listGitFiles, openRepoView } from '../../src/frames/repo-view.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function repo(files: Record<string, string>): TempRepo {
  const r = createTempRepo({ files });
  cleanups.push(r.cleanup);
  return r;
}

describe('the repository view', () => {
  it('lists exactly the git-tracked files, relative to the root, with unusual names intact', async () => {
    const r = repo({ 'src/calc.py': 'x = 1\n', 'src/naïve name.py': 'y = 2\n', '.gitignore': 'build/\n' });
    r.write('build/generated.py', 'z = 3\n');
    r.write('untracked.py', 'w = 4\n');
    const files = await listGitFiles(r.root);
    expect(files?.sort()).toEqual(['.gitignore', 'src/calc.py', 'src/naïve name.py']);
  });

  it('lists a subdirectory of a repository relative to that subdirectory', async () => {
    const r = repo({ 'projects/a/src/x.py': '', 'projects/b/y.py': '' });
    expect(await listGitFiles(path.join(r.root, 'projects/a'))).toEqual(['src/x.py']);
  });

  it('answers nothing outside a git work tree, and the view walks the disk instead', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'self-heal-nogit-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(path.join(dir, 'src'));
    mkdirSync(path.join(dir, 'node_modules/x'), { recursive: true });
    writeFileSync(path.join(dir, 'src/a.py'), 'a = 1\n');
    writeFileSync(path.join(dir, 'node_modules/x/i.js'), '');
    expect(await listGitFiles(dir)).toBeUndefined();
    expect(listFilesOnDisk(dir)).toEqual(['src/a.py']);
    const view = await openRepoView(dir);
    expect(view.resolve('/elsewhere/src/a.py')).toEqual({ kind: 'user', path: 'src/a.py' });
  });

  it('treats a repository that tracks nothing under the root like no repository', async () => {
    const r = repo({ 'README.md': '' });
    r.write('new/src/a.py', 'a = 1\n');
    const view = await openRepoView(path.join(r.root, 'new'));
    expect(view.resolve('/ci/checkout/src/a.py')).toEqual({ kind: 'user', path: 'src/a.py' });
  });

  it('uses the injected file lister (git is a port)', async () => {
    const r = repo({ 'a.py': 'a = 1\n', 'b.py': 'b = 2\n' });
    const view = await openRepoView(r.root, { listFiles: async () => ['a.py'] });
    expect(view.resolve('b.py').kind).toBe('outside');
    expect(view.readText('a.py')).toBe('a = 1\n');
    expect(view.readText('b.py')).toBeUndefined();
  });

  it('reads tracked text files, but not binary, oversized, or symlinked-outside ones', async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'self-heal-secret-'));
    cleanups.push(() => rmSync(outside, { recursive: true, force: true }));
    writeFileSync(path.join(outside, 'secret.txt'), 'TOKEN=hunter2\n');
    const r = repo({ 'src/a.py': 'a = 1\n', 'big.py': 'x'.repeat(5000), 'blob.bin': 'a\u0000b' });
    symlinkSync(path.join(outside, 'secret.txt'), path.join(r.root, 'leak.txt'));
    symlinkSync('src/a.py', path.join(r.root, 'alias.py'));
    r.commitAll('links');
    const view = await openRepoView(r.root, { maxFileBytes: 1000 });
    expect(view.files.has('leak.txt')).toBe(true);
    expect(view.readText('leak.txt')).toBeUndefined();
    expect(view.readText('alias.py')).toBe('a = 1\n');
    expect(view.readText('src/a.py')).toBe('a = 1\n');
    expect(view.readText('big.py')).toBeUndefined();
    expect(view.readText('blob.bin')).toBeUndefined();
    expect(view.readText('../../etc/passwd')).toBeUndefined();
  });
});

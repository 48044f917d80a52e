import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  changedPaths,
  describeRecovery,
  diffSinceSnapshot,
  dirtyTrackedPaths,
  recoverJournal,
  releaseSnapshot,
  restoreSnapshot,
  takeSnapshot,
  type TreeOptions,
} from '../../src/workspace/tree-state.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';

const repos: TempRepo[] = [];
afterEach(() => {
  while (repos.length) repos.pop()!.cleanup();
});

function repo(files: Record<string, string>): TempRepo {
  const r = createTempRepo({ files });
  repos.push(r);
  return r;
}

function treeOptions(r: TempRepo, isOutput?: (p: string) => boolean): TreeOptions {
  return { root: r.root, gitDir: path.join(r.root, '.git'), env: r.env, isOutput };
}

const FILES = {
  'src/calc.js': 'export const add = (a, b) => a - b;\n',
  'src/util/str.js': 'export const up = (s) => s.toUpperCase();\n',
  'README.md': '# demo\n',
  'bin/run.sh': '#!/bin/sh\necho hi\n',
};

describe('tree state', () => {
  it('restores a clean tree exactly after an agent did everything it could', () => {
    const r = repo(FILES);
    chmodSync(path.join(r.root, 'bin/run.sh'), 0o755);
    r.commitAll('exec bit');
    const before = r.tree();
    const headBefore = r.git('rev-parse', 'HEAD');
    const snap = takeSnapshot(treeOptions(r));

    r.write('src/calc.js', 'export const add = (a, b) => a + b;\n');
    r.write('new/deep/dir/file.js', 'created\n');
    unlinkSync(path.join(r.root, 'README.md'));
    chmodSync(path.join(r.root, 'bin/run.sh'), 0o644);
    rmSync(path.join(r.root, 'src/util'), { recursive: true });
    symlinkSync('/etc', path.join(r.root, 'src/util'));
    r.git('add', 'new/deep/dir/file.js');
    r.git('commit', '-q', '-m', 'agent commit');
    r.write('src/calc.js', 'changed after the commit\n');

    expect(changedPaths(snap)).toEqual(
      expect.arrayContaining([
        'README.md',
        'bin/run.sh',
        'new/deep/dir/file.js',
        'src/calc.js',
        'src/util',
        'src/util/str.js',
      ]),
    );
    restoreSnapshot(snap);
    expect(r.tree()).toEqual(before);
    expect(r.git('rev-parse', 'HEAD')).toBe(headBefore);
    expect(r.git('status', '--porcelain')).toBe('');
    expect(existsSync(path.join(r.root, 'new'))).toBe(false);
    expect(changedPaths(snap)).toEqual([]);
    releaseSnapshot(snap);
    expect(existsSync(path.join(r.root, '.git/self-heal/journal.json'))).toBe(false);
  });

  it('keeps the user’s uncommitted work, staged and unstaged, through a restore', () => {
    const r = repo(FILES);
    r.write('src/calc.js', 'user edit (unstaged)\n');
    r.write('README.md', '# staged by the user\n');
    r.git('add', 'README.md');
    r.write('notes.txt', 'untracked user notes\n');
    unlinkSync(path.join(r.root, 'src/util/str.js'));
    const before = r.tree();
    const statusBefore = r.git('status', '--porcelain');
    const stagedBefore = r.git('diff', '--cached');
    expect(dirtyTrackedPaths(treeOptions(r)).sort()).toEqual(['README.md', 'src/calc.js', 'src/util/str.js']);

    const indexTime = statSync(path.join(r.root, '.git/index')).mtimeMs;
    const snap = takeSnapshot(treeOptions(r));
    r.write('src/calc.js', 'agent overwrote the user edit\n');
    unlinkSync(path.join(r.root, 'notes.txt'));
    r.write('src/util/str.js', 'agent recreated a deleted file\n');
    r.write('README.md', 'agent\n');
    r.git('add', '-A');
    expect(changedPaths(snap)).toEqual(['README.md', 'notes.txt', 'src/calc.js', 'src/util/str.js']);

    restoreSnapshot(snap);
    // The index comes back with its own mtime (floored to the millisecond, one earlier when the
    // floored time still reads back later; never later): git's racy-clean check depends on it.
    const restoredTime = statSync(path.join(r.root, '.git/index')).mtimeMs;
    expect(restoredTime).toBeLessThanOrEqual(indexTime);
    expect(indexTime - restoredTime).toBeLessThan(2);
    expect(r.tree()).toEqual(before);
    expect(r.git('status', '--porcelain')).toBe(statusBefore);
    expect(r.git('diff', '--cached')).toBe(stagedBefore);
    releaseSnapshot(snap);
  });

  it('diffs only what changed since the snapshot, new files included', async () => {
    const r = repo(FILES);
    r.write('README.md', '# user change, not part of the attempt\n');
    const snap = takeSnapshot(treeOptions(r));
    r.write('src/calc.js', 'export const add = (a, b) => a + b;\n');
    r.write('src/new.js', 'export const n = 1;\n');
    unlinkSync(path.join(r.root, 'bin/run.sh'));
    const { diff, truncated } = await diffSinceSnapshot(snap, changedPaths(snap), 100_000);
    expect(truncated).toBe(false);
    expect(diff).toContain('+export const add = (a, b) => a + b;');
    expect(diff).toContain('new file mode 100644');
    expect(diff).toContain('deleted file mode 100644');
    expect(diff).not.toContain('user change');
    // The user's index is untouched by the private diff index.
    expect(r.git('diff', '--cached')).toBe('');
    const small = await diffSinceSnapshot(snap, changedPaths(snap), 40);
    expect(small.truncated).toBe(true);
    expect(small.diff.length).toBeLessThanOrEqual(40);
    restoreSnapshot(snap);
    releaseSnapshot(snap);
  });

  it('diffs a clean snapshot the same way, new files and deletions included', async () => {
    const r = repo(FILES);
    const snap = takeSnapshot(treeOptions(r));
    r.write('src/calc.js', 'export const add = (a, b) => a + b;\n');
    r.write('src/sub dir/new é.js', 'export const n = 1;\n');
    unlinkSync(path.join(r.root, 'README.md'));
    const changed = changedPaths(snap);
    expect(changed).toEqual(['README.md', 'src/calc.js', 'src/sub dir/new é.js']);
    const { diff } = await diffSinceSnapshot(snap, changed, 100_000);
    expect(diff).toMatch(/^diff --git a\/README.md b\/README.md\ndeleted file mode 100644/);
    expect(diff).toContain('+export const add = (a, b) => a + b;');
    expect(diff).toMatch(
      /diff --git a\/src\/sub dir\/new é.js b\/src\/sub dir\/new é.js\nnew file mode 100644[\s\S]*\+export const n = 1;/,
    );
    expect(r.git('diff', '--cached')).toBe('');
    restoreSnapshot(snap);
    releaseSnapshot(snap);
  });

  it('restores only the given paths when asked', () => {
    const r = repo(FILES);
    const snap = takeSnapshot(treeOptions(r));
    r.write('src/calc.js', 'keep me\n');
    r.write('.github/workflows/x.yml', 'refused\n');
    expect(restoreSnapshot(snap, ['.github/workflows/x.yml'])).toEqual(['.github/workflows/x.yml']);
    expect(existsSync(path.join(r.root, '.github'))).toBe(false);
    expect(r.read('src/calc.js')).toBe('keep me\n');
    restoreSnapshot(snap);
    releaseSnapshot(snap);
  });

  it('leaves report outputs alone', () => {
    const r = repo(FILES);
    const isOutput = (p: string) => p.startsWith('reports/');
    r.write('reports/old.xml', '<old/>');
    const snap = takeSnapshot(treeOptions(r, isOutput));
    r.write('reports/junit.xml', '<testsuites/>');
    expect(changedPaths(snap)).toEqual([]);
    restoreSnapshot(snap);
    expect(readdirSync(path.join(r.root, 'reports')).sort()).toEqual(['junit.xml', 'old.xml']);
    releaseSnapshot(snap);
  });

  it('sees, and restores, a tracked file that a report glob happens to match (pom.xml and **/*.xml)', () => {
    const r = repo({ ...FILES, 'pom.xml': '<project/>\n' });
    const isOutput = (p: string) => p.endsWith('.xml');
    const snap = takeSnapshot(treeOptions(r, isOutput));
    r.write('pom.xml', '<project><skipTests>true</skipTests></project>\n');
    r.write('reports/junit.xml', '<testsuites/>');
    expect(changedPaths(snap)).toEqual(['pom.xml']);
    restoreSnapshot(snap);
    expect(r.read('pom.xml')).toBe('<project/>\n');
    expect(r.read('reports/junit.xml')).toBe('<testsuites/>');
    releaseSnapshot(snap);
  });

  it('refuses a second snapshot while a run holds the journal', () => {
    const r = repo(FILES);
    mkdirSync(path.join(r.root, '.git/self-heal'), { recursive: true });
    // pid 1 is always alive: a run we must not interfere with.
    writeFileSync(
      path.join(r.root, '.git/self-heal/journal.json'),
      JSON.stringify({ version: 1, pid: 1, head: null, entries: [] }),
    );
    expect(() => takeSnapshot(treeOptions(r))).toThrow(/another self-heal run \(pid 1\)/);
    expect(() => recoverJournal(treeOptions(r))).toThrow(/another self-heal run \(pid 1\)/);
  });

  /** A run that takes a snapshot, writes as self-heal's writers do (announced first), and dies. */
  function crashAfterWrites(r: TempRepo, writes: string): void {
    const script = `
      import { takeSnapshot } from ${JSON.stringify(path.resolve('src/workspace/tree-state.ts'))};
      import { ABSENT, noteWrites, stateOfContent } from ${JSON.stringify(path.resolve('src/workspace/write-journal.ts'))};
      import { writeFileSync, unlinkSync } from 'node:fs';
      const root = ${JSON.stringify(r.root)};
      const write = (p, text) => { noteWrites(root, [{ path: p, state: stateOfContent(text) }]); writeFileSync(root + '/' + p, text); };
      const remove = (p) => { noteWrites(root, [{ path: p, state: ABSENT }]); unlinkSync(root + '/' + p); };
      takeSnapshot({ root, gitDir: root + '/.git' });
      ${writes}
      process.kill(process.pid, 'SIGKILL');
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: r.env,
      encoding: 'utf8',
    });
    expect(child.signal, child.stderr).toBe('SIGKILL');
  }

  it('recovers the tree of a run that was killed mid-attempt', () => {
    const r = repo(FILES);
    const before = r.tree();
    crashAfterWrites(
      r,
      `write('src/calc.js', 'half-written attempt'); write('stray.js', 'created by the attempt'); remove('README.md');`,
    );
    expect(r.read('src/calc.js')).toBe('half-written attempt');

    const recovery = recoverJournal(treeOptions(r));
    expect(recovery.recovered).toBe(true);
    expect(recovery.paths).toEqual(['README.md', 'src/calc.js', 'stray.js']);
    expect(r.tree()).toEqual(before);
    expect(existsSync(path.join(r.root, '.git/self-heal/journal.json'))).toBe(false);
    expect(recoverJournal(treeOptions(r)).recovered).toBe(false);
  });

  it('never overwrites what the user changed after the crash: kept, with the version from before the run beside it', () => {
    const r = repo({ ...FILES, 'notes.txt': 'tracked notes\n' });
    // --allow-dirty: the user's own uncommitted work at the start.
    r.write('README.md', '# demo, edited before the run\n');
    r.write('draft.txt', 'an untracked draft\n');
    crashAfterWrites(
      r,
      `write('src/calc.js', 'the attempt'); write('src/util/str.js', 'the attempt, left alone'); write('stray.js', 'created by the attempt'); write('left.js', 'created, then deleted by the user'); remove('bin/run.sh');`,
    );
    // After the crash the user goes on working.
    r.write('src/calc.js', 'the user rewrote the file the run had written\n');
    r.write('README.md', '# demo, edited again after the crash\n');
    r.write('src/brand-new.js', 'a new file of the user\n');
    rmSync(path.join(r.root, 'notes.txt'));
    rmSync(path.join(r.root, 'draft.txt'));
    rmSync(path.join(r.root, 'left.js'));
    const userTree = r.tree();

    const recovery = recoverJournal(treeOptions(r));
    expect(recovery.recovered).toBe(true);
    // What still held what the run left goes back; nothing else is touched.
    expect(recovery.paths).toEqual(['bin/run.sh', 'src/util/str.js', 'stray.js']);
    const expected: Record<string, string> = {
      ...userTree,
      'bin/run.sh': FILES['bin/run.sh'],
      'src/util/str.js': FILES['src/util/str.js'],
    };
    delete expected['stray.js'];
    delete expected['bin/']; // an empty folder while bin/run.sh was deleted
    expect(r.tree()).toEqual(expected);
    const keptDir = recovery.keptDir!;
    expect(keptDir).toMatch(/^\.git\/self-heal\/recovered\/\d{4}-/);
    // left.js, created by the run and deleted by the user, is as it was before the run: nothing to do.
    expect(recovery.kept).toEqual([
      { path: 'README.md', saved: `${keptDir}/README.md` },
      { path: 'draft.txt', saved: `${keptDir}/draft.txt` },
      { path: 'notes.txt', saved: `${keptDir}/notes.txt` },
      { path: 'src/brand-new.js', saved: null },
      { path: 'src/calc.js', saved: `${keptDir}/src/calc.js` },
    ]);
    // The versions from before the run, beside: the user's own dirty README, the draft, and HEAD's.
    expect(readFileSync(path.join(r.root, keptDir, 'README.md'), 'utf8')).toBe('# demo, edited before the run\n');
    expect(readFileSync(path.join(r.root, keptDir, 'draft.txt'), 'utf8')).toBe('an untracked draft\n');
    expect(readFileSync(path.join(r.root, keptDir, 'notes.txt'), 'utf8')).toBe('tracked notes\n');
    expect(readFileSync(path.join(r.root, keptDir, 'src/calc.js'), 'utf8')).toBe(FILES['src/calc.js']);
    const line = describeRecovery(recovery);
    expect(line).toContain('restored 3 paths that still held what it wrote: bin/run.sh, src/util/str.js, stray.js');
    expect(line).toContain(
      `left 5 paths as you have them, changed since that run stopped: README.md (its version from before the run: ${keptDir}/README.md)`,
    );
    expect(line).toContain('src/brand-new.js (it did not exist before the run)');
    expect(existsSync(path.join(r.root, '.git/self-heal/journal.json'))).toBe(false);
  });

  it('keeps what the user staged after the crash, and the saved staging area beside it', () => {
    const r = repo(FILES);
    crashAfterWrites(r, `write('src/calc.js', 'the attempt');`);
    r.write('README.md', '# staged after the crash\n');
    r.git('add', 'README.md');
    const staged = r.git('diff', '--cached');
    const recovery = recoverJournal(treeOptions(r));
    expect(recovery.paths).toEqual(['src/calc.js']);
    expect(r.git('diff', '--cached')).toBe(staged);
    expect(recovery.index).toBe(`${recovery.keptDir}/index`);
    expect(existsSync(path.join(r.root, recovery.index!))).toBe(true);
  });

  it('puts git metadata back after a crash, keeping what it found there and the refs the user made', () => {
    const r = repo(FILES);
    crashAfterWrites(r, `writeFileSync(root + '/.git/hooks/pre-commit', '#!/bin/sh\\necho planted');`);
    r.git('branch', 'made-after-the-crash');
    r.git('config', 'user.name', 'Renamed After The Crash');
    const recovery = recoverJournal(treeOptions(r));
    expect(existsSync(path.join(r.root, '.git/hooks/pre-commit'))).toBe(false);
    expect(r.git('branch', '--list', 'made-after-the-crash').trim()).toContain('made-after-the-crash');
    expect(recovery.gitDir).toEqual(['config', 'hooks/pre-commit']);
    expect(readFileSync(path.join(r.root, recovery.keptDir!, 'gitdir/config'), 'utf8')).toContain(
      'Renamed After The Crash',
    );
    expect(existsSync(path.join(r.root, recovery.keptDir!, 'gitdir/hooks/pre-commit'))).toBe(true);
  });

  it('does not rewind commits the user made after a crash; the journal is moved aside', () => {
    const r = repo(FILES);
    const snap = takeSnapshot(treeOptions(r));
    // Simulate a crash: forget the in-memory snapshot but keep the journal, with a dead pid.
    const journalPath = path.join(r.root, '.git/self-heal/journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
    journal.pid = 2 ** 22 + 12345;
    writeFileSync(journalPath, JSON.stringify(journal));
    void snap;
    r.write('src/calc.js', 'user fixed it by hand\n');
    r.commitAll('user work');
    expect(() => recoverJournal(treeOptions(r))).toThrow(/does not match HEAD/);
    expect(r.read('src/calc.js')).toBe('user fixed it by hand\n');
    expect(existsSync(journalPath)).toBe(false);
    const state = readdirSync(path.join(r.root, '.git/self-heal'));
    expect(state.some((f) => f.startsWith('journal-stale-') && f.endsWith('.json'))).toBe(true);
    // The saved index (what the user had staged) goes aside with it: a next snapshot would overwrite it.
    expect(state.some((f) => f.startsWith('journal-stale-') && f.endsWith('-index'))).toBe(true);
    expect(state).not.toContain('index');
  });

  it('diffs and restores deletions, renames and mode changes of tracked and untracked files', async () => {
    const r = repo(FILES);
    r.write('notes/todo.txt', 'the user’s own notes\n');
    r.write('notes/scratch.txt', 'scratch\n');
    const before = r.tree();
    const snap = takeSnapshot(treeOptions(r));

    unlinkSync(path.join(r.root, 'notes/todo.txt'));
    renameSync(path.join(r.root, 'notes/scratch.txt'), path.join(r.root, 'notes/renamed.txt'));
    renameSync(path.join(r.root, 'src/util/str.js'), path.join(r.root, 'src/util/strings.js'));
    unlinkSync(path.join(r.root, 'README.md'));
    chmodSync(path.join(r.root, 'src/calc.js'), 0o755);

    const changed = changedPaths(snap);
    expect(changed).toEqual([
      'README.md',
      'notes/renamed.txt',
      'notes/scratch.txt',
      'notes/todo.txt',
      'src/calc.js',
      'src/util/str.js',
      'src/util/strings.js',
    ]);
    const { diff, truncated } = await diffSinceSnapshot(snap, changed, 100_000);
    expect(truncated).toBe(false);
    expect(diff).toMatch(/deleted file mode 100644\nindex [0-9a-f]+\.\.0+\n--- a\/notes\/todo.txt/);
    expect(diff).toMatch(/diff --git a\/notes\/scratch.txt b\/notes\/scratch.txt\ndeleted file/);
    expect(diff).toMatch(/diff --git a\/notes\/renamed.txt b\/notes\/renamed.txt\nnew file/);
    expect(diff).toMatch(/diff --git a\/src\/calc.js b\/src\/calc.js\nold mode 100644\nnew mode 100755/);
    expect(diff).toMatch(/diff --git a\/README.md b\/README.md\ndeleted file/);
    restoreSnapshot(snap);
    expect(r.tree()).toEqual(before);
    expect(statSync(path.join(r.root, 'src/calc.js')).mode & 0o777).toBe(0o644);
    releaseSnapshot(snap);
  });

  it('puts git’s metadata back before anything reads it: config, hooks, info/exclude, refs', () => {
    const r = repo(FILES);
    const config = r.read('.git/config');
    const exclude = r.read('.git/info/exclude');
    const snap = takeSnapshot(treeOptions(r));
    writeFileSync(path.join(r.root, '.git/config'), `${config}[core]\n\tfsmonitor = /tmp/evil\n`);
    writeFileSync(path.join(r.root, '.git/hooks/pre-commit'), '#!/bin/sh\necho pwned\n', { mode: 0o755 });
    writeFileSync(path.join(r.root, '.git/info/exclude'), `${exclude}src/hidden.js\n`);
    mkdirSync(path.join(r.root, '.git/refs/tags'), { recursive: true });
    writeFileSync(path.join(r.root, '.git/refs/tags/planted'), `${r.git('rev-parse', 'HEAD')}`);
    r.write('src/hidden.js', 'hidden\n');

    // The exclude is back before git status runs, so the hidden file is seen.
    expect(changedPaths(snap)).toEqual(['src/hidden.js']);
    expect(r.read('.git/config')).toBe(config);
    expect(r.read('.git/info/exclude')).toBe(exclude);
    expect(existsSync(path.join(r.root, '.git/hooks/pre-commit'))).toBe(false);
    expect(existsSync(path.join(r.root, '.git/refs/tags/planted'))).toBe(false);
    restoreSnapshot(snap);
    releaseSnapshot(snap);
  });
});

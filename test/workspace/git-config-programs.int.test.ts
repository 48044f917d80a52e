/**
 * Rule 3 of issue 10: repository configuration cannot make self-heal's own git calls run a program.
 * Every program a repository can name (fsmonitor, hooks, filters, diff drivers and textconv, the
 * pager, credential helpers, an external diff, drivers from an included file, a local remote's
 * receive-pack) appends its name to a marker file; self-heal's git calls must leave it empty.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkIgnore,
  git,
  gitSync,
  headCommitTime,
  showHeadDiff,
  status,
  statusSync,
  trackedFiles,
} from '../../src/workspace/git.js';
import { createFixCommit } from '../../src/delivery/fix-commit.js';
import {
  changedPaths,
  diffSinceSnapshot,
  releaseSnapshot,
  restoreSnapshot,
  takeSnapshot,
} from '../../src/workspace/tree-state.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';

const repos: TempRepo[] = [];
afterEach(() => {
  while (repos.length) repos.pop()!.cleanup();
});

/** A repository whose config names a program for everything git can run; returns the marker file. */
function armedRepo(): { repo: TempRepo; marker: string; program: (name: string) => string } {
  const repo = createTempRepo({
    files: {
      'src/calc.js': 'export const add = (a, b) => a - b;\n',
      'docs/guide.md': '# guide\n',
      '.gitattributes': '*.js filter=evil diff=evil merge=evil\n*.md filter=inc\n',
    },
  });
  repos.push(repo);
  const marker = path.join(path.dirname(repo.root), 'ran.txt');
  const bin = path.join(path.dirname(repo.root), 'bin');
  mkdirSync(bin);
  const program = (name: string) => {
    const file = path.join(bin, name);
    // A filter must pass content through; the rest ignore their input (reading it could block).
    const body = /clean|smudge|textconv|pager/.test(name) ? 'cat' : 'exit 0';
    writeFileSync(file, `#!/bin/sh\necho ${name} >> '${marker}'\n${body}\n`);
    chmodSync(file, 0o755);
    return file;
  };
  const hooks = path.join(path.dirname(repo.root), 'hooks');
  mkdirSync(hooks);
  for (const hook of [
    'pre-commit',
    'commit-msg',
    'post-commit',
    'reference-transaction',
    'post-checkout',
    'pre-push',
  ]) {
    writeFileSync(path.join(hooks, hook), `#!/bin/sh\necho hook-${hook} >> '${marker}'\n`);
    chmodSync(path.join(hooks, hook), 0o755);
  }
  // The repository's own hooks directory too, for when core.hooksPath is unset.
  writeFileSync(path.join(repo.root, '.git/hooks/pre-commit'), `#!/bin/sh\necho hook-local >> '${marker}'\n`);
  chmodSync(path.join(repo.root, '.git/hooks/pre-commit'), 0o755);
  // Before any hook is configured: moving HEAD runs the reference-transaction hook.
  signHead(repo);
  const set = (key: string, value: string) => repo.git('config', key, value);
  set('core.fsmonitor', program('fsmonitor'));
  set('core.hooksPath', hooks);
  set('core.pager', program('pager'));
  set('filter.evil.clean', program('clean'));
  set('filter.evil.smudge', program('smudge'));
  set('filter.evil.required', 'true');
  set('diff.evil.textconv', program('textconv'));
  set('diff.evil.command', program('external-diff-driver'));
  set('diff.external', program('diff-external'));
  set('merge.evil.driver', program('merge-driver'));
  set('credential.helper', `!${program('credential')}`);
  set('gc.auto', '1');
  // Reading a signed commit with log.showSignature verifies it with the configured program.
  set('log.showSignature', 'true');
  set('gpg.program', program('gpg'));
  // An include that lives in the work tree: whoever writes the tree writes git's configuration.
  set('include.path', '../included.cfg');
  repo.write('included.cfg', '# nothing yet\n');
  program('included-clean');
  program('included-smudge');
  return { repo, marker, program };
}

/** Replace HEAD by the same commit with a (bogus) signature, so that git has one to verify. */
function signHead(repo: TempRepo): void {
  const tree = repo.git('rev-parse', 'HEAD^{tree}').trim();
  const signed = [
    `tree ${tree}`,
    'author a <a@example.com> 1700000000 +0000',
    'committer a <a@example.com> 1700000000 +0000',
    'gpgsig -----BEGIN PGP SIGNATURE-----',
    ' ',
    ' iQ',
    ' -----END PGP SIGNATURE-----',
    '',
    'signed',
    '',
  ].join('\n');
  const file = path.join(path.dirname(repo.root), 'signed-commit.txt');
  writeFileSync(file, signed);
  repo.git('update-ref', 'HEAD', repo.git('hash-object', '-t', 'commit', '-w', file).trim());
}

function ran(marker: string): string[] {
  return existsSync(marker) ? readFileSync(marker, 'utf8').split('\n').filter(Boolean) : [];
}

describe('self-heal git calls under hostile repository configuration', () => {
  it('the configuration is live: plain git runs its programs', () => {
    const { repo, marker } = armedRepo();
    repo.write('src/calc.js', 'export const add = (a, b) => a + b;\n');
    repo.git('status', '--porcelain');
    repo.git('log', '-1', '--format=%ct');
    expect(ran(marker)).toEqual(expect.arrayContaining(['fsmonitor', 'clean', 'gpg']));
  });

  it('status, diffs, snapshots, restores, grep and commit run none of them', async () => {
    const { repo, marker } = armedRepo();
    const ctx = { cwd: repo.root, env: repo.env };
    const options = { root: repo.root, gitDir: path.join(repo.root, '.git'), env: repo.env };
    const snap = takeSnapshot(options);
    repo.write('src/calc.js', 'export const add = (a, b) => a + b;\n');
    repo.write('docs/guide.md', '# guide, edited\n');
    repo.write('src/new.js', 'export const n = 1;\n');

    await status(ctx);
    statusSync(ctx);
    await trackedFiles(ctx);
    await checkIgnore(ctx, ['src/calc.js']);
    await git(ctx, ['grep', '-n', 'add', '--', '.'], { okCodes: [1] });
    gitSync(ctx, ['log', '-p', '--no-ext-diff', '--no-textconv', '-1']);
    // A diff that forgets --no-ext-diff fails instead of running the configured program.
    expect(() => gitSync(ctx, ['log', '-p', '-1'])).toThrow(/cannot run/);
    await showHeadDiff(ctx, 10_000);
    await headCommitTime(ctx);
    await git(ctx, ['log', '-n3', '--format=%B%x00', 'HEAD']);
    const changed = changedPaths(snap);
    expect(changed).toEqual(['docs/guide.md', 'src/calc.js', 'src/new.js']);
    const { diff } = await diffSinceSnapshot(snap, changed, 100_000);
    expect(diff).toContain('+export const add = (a, b) => a + b;');
    restoreSnapshot(snap);
    expect(repo.read('src/calc.js')).toBe('export const add = (a, b) => a - b;\n');

    // The included file gains a driver while the run goes on: it is neutralised too.
    const bin = path.join(path.dirname(repo.root), 'bin');
    repo.write('included.cfg', `[filter "inc"]\n\tclean = ${bin}/included-clean\n\tsmudge = ${bin}/included-smudge\n`);
    expect(gitSync(ctx, ['check-attr', 'filter', 'docs/guide.md']).stdout).toContain('filter: inc');
    // Same size: git must read the content to know, through the clean filter.
    repo.write('docs/guide.md', '# GUIDE\n');
    await status(ctx);
    restoreSnapshot(snap);
    releaseSnapshot(snap);

    repo.write('src/calc.js', 'export const add = (a, b) => a + b;\n');
    const head = repo.git('rev-parse', 'HEAD').trim();
    const fix = { files: ['src/calc.js'], parent: head, message: 'fix\n', moveHead: true };
    await createFixCommit(ctx, { ...fix, author: { name: 'a', email: 'a@example.com' } });
    expect(repo.git('show', '--format=', '--name-only', 'HEAD').trim()).toBe('src/calc.js');
    expect(ran(marker)).toEqual([]);
  });

  it('a global trace2 configuration records nothing of self-heal’s git calls, its environment included', async () => {
    const repo = createTempRepo({ files: { 'a.txt': 'a\n' } });
    repos.push(repo);
    // trace2 is read only from the global and system configuration, which a test run can write.
    const dir = path.dirname(repo.root);
    const global = path.join(dir, 'global.gitconfig');
    const targets = ['normal', 'event', 'perf'].map((t) => path.join(dir, `trace2-${t}.txt`));
    writeFileSync(
      global,
      `[trace2]\n\tnormalTarget = ${targets[0]}\n\teventTarget = ${targets[1]}\n\tperfTarget = ${targets[2]}\n\tenvVars = INPUT_GITHUB-TOKEN\n`,
    );
    const env = { ...repo.env, GIT_CONFIG_GLOBAL: global, 'INPUT_GITHUB-TOKEN': 'ghs_tracedtoken0123456789' };
    execFileSync('git', ['status', '--porcelain'], { cwd: repo.root, env });
    expect(readFileSync(targets[0]!, 'utf8')).toContain('ghs_tracedtoken0123456789');
    for (const t of targets) rmSync(t, { force: true });

    const ctx = { cwd: repo.root, env };
    await status(ctx);
    statusSync(ctx);
    await showHeadDiff(ctx, 10_000);
    expect(targets.filter((t) => existsSync(t))).toEqual([]);
  });

  it('a driver in another XDG configuration is neutralised, though the directory and HOME are the same', async () => {
    const repo = createTempRepo({ files: { 'a.js': 'a\n', '.gitattributes': '*.js filter=evil\n' } });
    repos.push(repo);
    const dir = path.dirname(repo.root);
    const marker = path.join(dir, 'ran.txt');
    const clean = path.join(dir, 'clean');
    writeFileSync(clean, `#!/bin/sh\necho clean >> '${marker}'\ncat\n`);
    chmodSync(clean, 0o755);
    const xdg = (name: string, config: string) => {
      mkdirSync(path.join(dir, name, 'git'), { recursive: true });
      writeFileSync(path.join(dir, name, 'git', 'config'), config);
      return path.join(dir, name);
    };
    const plain = xdg('xdg-plain', '');
    const armed = xdg('xdg-armed', `[filter "evil"]\n\tclean = ${clean}\n`);
    // The XDG file is read only without GIT_CONFIG_GLOBAL.
    const env = { ...repo.env, GIT_CONFIG_GLOBAL: undefined, HOME: dir };
    await status({ cwd: repo.root, env: { ...env, XDG_CONFIG_HOME: plain } });
    repo.write('a.js', 'b\n');
    execFileSync('git', ['status', '--porcelain'], { cwd: repo.root, env: { ...env, XDG_CONFIG_HOME: armed } });
    expect(ran(marker)).toContain('clean');
    rmSync(marker);
    repo.write('a.js', 'c\n');
    await status({ cwd: repo.root, env: { ...env, XDG_CONFIG_HOME: armed } });
    expect(ran(marker)).toEqual([]);
  });

  it('a push to a local remote runs neither its receive-pack command nor a pre-push hook', async () => {
    const { repo, marker, program } = armedRepo();
    const remote = path.join(os.tmpdir(), `self-heal-remote-${process.pid}-${Date.now()}.git`);
    repo.git('init', '-q', '--bare', remote);
    repo.git('remote', 'add', 'origin', remote);
    repo.git('config', 'remote.origin.receivepack', program('receive-pack'));
    await git({ cwd: repo.root, env: repo.env }, ['push', '--quiet', '--no-verify', 'origin', 'HEAD:refs/heads/x']);
    expect(repo.git('--git-dir', remote, 'rev-parse', 'refs/heads/x').trim()).toBe(
      repo.git('rev-parse', 'HEAD').trim(),
    );
    expect(ran(marker)).toEqual([]);
  });
});

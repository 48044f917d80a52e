/**
 * The agent's view of the tree, sandbox and copy alike: what it changed is found exactly (a folder
 * deleted and made again included) and only what git would deliver reaches the real tree.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runAgentIsolated, type Isolation } from '../../src/workspace/agent-workspace.js';
import { probeSandbox } from '../../src/workspace/sandbox.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';

const MODES: Isolation[] = probeSandbox().available ? ['auto', 'copy'] : ['copy'];
let repo: TempRepo | undefined;
afterEach(() => repo?.cleanup());

describe.each(MODES)('runAgentIsolated (%s)', (isolation) => {
  /** Run `command` as the agent on the current `repo`. */
  const runAgent = (command: string) =>
    runAgentIsolated({
      root: repo!.root,
      command,
      timeoutMs: 30_000,
      env: repo!.env,
      gitEnv: repo!.env,
      context: {},
      isolation,
    });

  it('finds deletions in a folder made again, applies deliverable changes and refuses the rest', async () => {
    repo = createTempRepo({
      files: {
        '.gitignore': 'dist/\n.env\n',
        'lib/a.js': 'a\n',
        'lib/b.js': 'b\n',
        'lib/keep/c.js': 'c\n',
        'README.md': '# r\n',
      },
    });
    repo.write('dist/bundle.js', 'built\n');
    repo.write('mine.txt', 'the user’s\n');
    const run = await runAgent(
      [
        'rm -rf lib && mkdir -p lib/keep && echo c > lib/keep/c.js && echo new > lib/new.js',
        'echo changed > dist/bundle.js',
        'echo SECRET=1 > .env',
        'rm mine.txt',
        'echo more >> README.md',
        'git config alias.x "!true"',
      ].join(' && '),
    );
    expect(run.result.exitCode, run.result.output).toBe(0);
    expect(run.isolation).toBe(isolation === 'copy' ? 'copy' : 'sandbox');
    // lib/keep/c.js was written again (same bytes): a write all the same.
    expect(run.applied.sort()).toEqual(['README.md', 'lib/a.js', 'lib/b.js', 'lib/keep/c.js', 'lib/new.js']);
    const refused = run.refused.map((r) => r.path).sort();
    expect(refused.filter((p) => !p.startsWith('.git/'))).toEqual(['.env', 'dist/bundle.js', 'mine.txt']);
    // The copy's .git is its own and thrown away; the sandbox sees the write and refuses it.
    if (isolation === 'auto') expect(refused).toContain('.git/config');
    expect(existsSync(path.join(repo.root, 'lib/a.js'))).toBe(false);
    expect(readFileSync(path.join(repo.root, 'lib/new.js'), 'utf8')).toBe('new\n');
    expect(readFileSync(path.join(repo.root, 'lib/keep/c.js'), 'utf8')).toBe('c\n');
    expect(readFileSync(path.join(repo.root, 'dist/bundle.js'), 'utf8')).toBe('built\n');
    expect(readFileSync(path.join(repo.root, 'mine.txt'), 'utf8')).toBe('the user’s\n');
    expect(existsSync(path.join(repo.root, '.env'))).toBe(false);
    expect(readFileSync(path.join(repo.root, '.git/config'), 'utf8')).not.toContain('alias');
    expect(run.escaped).toEqual({ undone: [], notUndone: [] });
  });

  it('never deletes an untracked file of the user’s by putting a folder in its place, or a file in its folder’s', async () => {
    repo = createTempRepo({ files: { 'lib/a.js': 'a\n', 'docs/guide.md': '# guide\n' } });
    repo.write('notes', 'the user’s notes\n');
    repo.write('lib/draft.js', 'the user’s draft\n');
    repo.write('drafts/idea.md', 'the user’s idea\n');
    const run = await runAgent(
      [
        'rm notes && mkdir notes && echo x > notes/x.js',
        'rm lib/draft.js && mkdir -p lib/draft.js/deep && echo y > lib/draft.js/deep/y.js',
        'rm docs/guide.md && mkdir docs/guide.md && echo z > docs/guide.md/z.md',
        'rm -rf drafts && echo file > drafts',
      ].join(' && '),
    );
    expect(run.result.exitCode, run.result.output).toBe(0);
    expect(readFileSync(path.join(repo.root, 'notes'), 'utf8')).toBe('the user’s notes\n');
    expect(readFileSync(path.join(repo.root, 'lib/draft.js'), 'utf8')).toBe('the user’s draft\n');
    expect(readFileSync(path.join(repo.root, 'drafts/idea.md'), 'utf8')).toBe('the user’s idea\n');
    expect(run.refused.map((r) => r.path)).toEqual(
      expect.arrayContaining(['notes', 'notes/x.js', 'lib/draft.js/deep/y.js', 'drafts']),
    );
    // A tracked file may become a folder: that change is git's to see and the verdict's to judge.
    expect(readFileSync(path.join(repo.root, 'docs/guide.md/z.md'), 'utf8')).toBe('z\n');
  });

  it('gives every attempt the tree as it is, whatever the last agent did to its view', async () => {
    repo = createTempRepo({ files: { 'lib/a.js': 'a\n', 'lib/b.js': 'b\n', '.gitignore': 'cache/\n' } });
    repo.write('cache/c.txt', 'cached\n');
    const first = await runAgent(
      'echo junk > junk.txt && rm lib/a.js && echo B > lib/b.js && chmod 700 lib && rm -rf cache && git commit -qam x --allow-empty',
    );
    expect(first.result.exitCode, first.result.output).toBe(0);
    repo.git('checkout', '-q', '--', '.');
    repo.git('clean', '-qfd', '--', 'junk.txt');
    const second = await runAgent(
      'test ! -e junk.txt && test "$(cat lib/a.js)" = a && test "$(cat lib/b.js)" = b && test -e cache/c.txt && test -z "$(git status --porcelain)" && test "$(git log --format=%s)" = initial',
    );
    expect(second.result.exitCode, second.result.output).toBe(0);
    expect(second.applied).toEqual([]);
  });
});

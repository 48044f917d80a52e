/**
 * The one fix commit with `moveHead` (the CLI's commit on HEAD): HEAD and the index move to it, only
 * the fix's files are in it, and when HEAD cannot move nothing is lost. Delivery's use (a commit on
 * another parent, no ref moved) is covered by deliver.int.test.ts.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFixCommit, DeliveryError } from '../../src/delivery/fix-commit.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';

const AUTHOR = { name: 'self-heal', email: 'self-heal@example.com' };

describe('createFixCommit with moveHead', () => {
  let repo: TempRepo | undefined;
  afterEach(() => repo?.cleanup());

  it('commits exactly the named files on HEAD, taking glob characters literally, and moves the branch', async () => {
    repo = createTempRepo({ files: { 'a.py': 'a = 1\n', '[ab].py': 'x = 1\n', 'b.py': 'b = 1\n' } });
    const head = repo.git('rev-parse', 'HEAD').trim();
    repo.write('a.py', 'a = 2\n');
    repo.write('b.py', 'b = 2\n');
    repo.write('[ab].py', 'x = 2\n');
    const fix = await createFixCommit(
      { cwd: repo.root, env: repo.env },
      {
        files: ['[ab].py'],
        parent: head,
        message: 'fix\n\nSelf-Heal-Attempts: 1\n',
        author: AUTHOR,
        committer: { name: 'Test User', email: 'test@example.com' },
        moveHead: true,
      },
    );
    expect(repo.git('rev-parse', 'refs/heads/main').trim()).toBe(fix.sha);
    expect(repo.git('rev-parse', 'HEAD~1').trim()).toBe(head);
    expect(repo.git('show', '--name-only', '--format=', fix.sha).trim()).toBe('[ab].py');
    expect(repo.git('log', '-1', '--format=%an <%ae>|%cn|%B')).toBe(
      'self-heal <self-heal@example.com>|Test User|fix\n\nSelf-Heal-Attempts: 1\n\n',
    );
    expect(repo.git('reflog', '-1', '--format=%gs')).toBe('commit: fix\n');
    // The index matches the new HEAD; the other changed files stay uncommitted, as the user left them.
    expect(repo.git('status', '--porcelain').split('\n').filter(Boolean).sort()).toEqual([' M a.py', ' M b.py']);
  });

  it('moves nothing when HEAD is not the parent, or when the branch is locked; the fix stays in the work tree', async () => {
    repo = createTempRepo({ files: { 'calc.py': 'x = 1\n' } });
    const first = repo.git('rev-parse', 'HEAD').trim();
    repo.write('other.py', 'y = 1\n');
    repo.commitAll('later');
    repo.write('calc.py', 'x = 2\n');
    const ctx = { cwd: repo.root, env: repo.env };
    const input = { files: ['calc.py'], message: 'fix\n', author: AUTHOR, moveHead: true };
    await expect(createFixCommit(ctx, { ...input, parent: first })).rejects.toThrow(DeliveryError);

    const head = repo.git('rev-parse', 'HEAD').trim();
    writeFileSync(path.join(repo.root, '.git', 'refs', 'heads', 'main.lock'), '');
    await expect(createFixCommit(ctx, { ...input, parent: head })).rejects.toThrow(/main\.lock/);
    expect(repo.git('rev-parse', 'HEAD').trim()).toBe(head);
    expect(repo.read('calc.py')).toBe('x = 2\n');
  });

  it('commits what the work tree has, whatever assume-unchanged says, and a deleted file', async () => {
    repo = createTempRepo({ files: { 'calc.py': 'x = 1\n', 'old.py': 'y = 1\n' } });
    const head = repo.git('rev-parse', 'HEAD').trim();
    repo.git('update-index', '--assume-unchanged', 'calc.py');
    repo.write('calc.py', 'x = 2\n');
    rmSync(path.join(repo.root, 'old.py'));
    const fix = await createFixCommit(
      { cwd: repo.root, env: repo.env },
      { files: ['calc.py', 'old.py'], parent: head, message: 'fix\n', author: AUTHOR, moveHead: true },
    );
    expect(repo.git('show', '--name-status', '--format=', fix.sha).trim().split('\n').sort()).toEqual([
      'D\told.py',
      'M\tcalc.py',
    ]);
    expect(repo.git('show', `${fix.sha}:calc.py`)).toBe('x = 2\n');
  });
});

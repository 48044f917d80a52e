import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commit } from '../../src/workspace/git.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';

describe('git commit wrapper', () => {
  let repo: TempRepo | undefined;
  afterEach(() => repo?.cleanup());

  it('stages exactly the named files, taking glob characters literally', async () => {
    repo = createTempRepo({ files: { 'a.py': 'a = 1\n', '[ab].py': 'x = 1\n', 'b.py': 'b = 1\n' } });
    repo.write('a.py', 'a = 2\n');
    repo.write('b.py', 'b = 2\n');
    repo.write('[ab].py', 'x = 2\n');
    const sha = await commit(
      { cwd: repo.root, env: repo.env },
      { paths: ['[ab].py'], message: 'fix\n', author: { name: 'self-heal', email: 'self-heal@example.com' } },
    );
    expect(repo.git('show', '--name-only', '--format=', sha).trim()).toBe('[ab].py');
    // The other changed files stay uncommitted, as the user left them.
    expect(repo.git('status', '--porcelain').split('\n').filter(Boolean).sort()).toEqual([' M a.py', ' M b.py']);
  });

  it('commits what the work tree has, whatever assume-unchanged says, and a deletion', async () => {
    repo = createTempRepo({ files: { 'calc.py': 'x = 1\n', 'old.py': 'y = 1\n' } });
    repo.git('update-index', '--assume-unchanged', 'calc.py');
    repo.write('calc.py', 'x = 2\n');
    repo.git('rm', '-q', '--cached', 'old.py');
    repo.git('reset', '-q');
    rmSync(path.join(repo.root, 'old.py'));
    const sha = await commit(
      { cwd: repo.root, env: repo.env },
      { paths: ['calc.py', 'old.py'], message: 'fix\n', author: { name: 'self-heal', email: 'self-heal@example.com' } },
    );
    expect(repo.git('show', '--name-status', '--format=', sha).trim().split('\n').sort()).toEqual([
      'D\told.py',
      'M\tcalc.py',
    ]);
    expect(repo.git('show', `${sha}:calc.py`)).toBe('x = 2\n');
  });
});

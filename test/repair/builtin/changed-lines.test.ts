import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseChangedLines, readChangedLines } from '../../../src/repair/builtin/changed-lines.js';
import { commitAll, git, makeProject } from './helpers/temp-project.js';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function lines(map: Map<string, Set<number>>, file: string): number[] {
  return [...(map.get(file) ?? [])].sort((a, b) => a - b);
}

describe('changed lines', () => {
  it('reads the lines the last commit changed, and marks both sides of a deleted line', async () => {
    const { root, cleanup } = makeProject({ 'calc.py': 'a = 1\nb = 2\nc = 3\nd = 4\ne = 5\n', 'notes.txt': 'x\n' });
    cleanups.push(cleanup);
    commitAll(root, 'first');
    writeFileSync(path.join(root, 'calc.py'), 'a = 1\nb = 20\nc = 3\ne = 5\n');
    git(root, 'commit', '-qam', 'second');
    const changed = await readChangedLines(root);
    // b changed (line 2); d deleted between c (line 3) and e (line 4).
    expect(lines(changed, 'calc.py')).toEqual([2, 3, 4]);
  });

  it('ignores a root commit (every line is new) but reads uncommitted changes', async () => {
    const { root, cleanup } = makeProject({ 'calc.py': 'a = 1\nb = 2\n' });
    cleanups.push(cleanup);
    commitAll(root, 'first');
    expect((await readChangedLines(root)).size).toBe(0);
    writeFileSync(
      path.join(root, 'calc.py'),
      readFileSync(path.join(root, 'calc.py'), 'utf8').replace('b = 2', 'b = 3'),
    );
    expect(lines(await readChangedLines(root), 'calc.py')).toEqual([2]);
  });

  it('parses a diff with context lines and several files, as the loop may pass it', () => {
    const diff = [
      'diff --git a/src/a.js b/src/a.js',
      'index 1111111..2222222 100644',
      '--- a/src/a.js',
      '+++ b/src/a.js',
      '@@ -1,5 +1,5 @@',
      ' line1',
      ' line2',
      '-line3',
      '+line three',
      ' line4',
      ' line5',
      'diff --git a/b.py b/b.py',
      '--- a/b.py',
      '+++ b/b.py',
      '@@ -10,3 +10,2 @@ def f():',
      '     x = 1',
      '-    y = 2',
      '     return x',
    ].join('\n');
    const changed = parseChangedLines(diff);
    expect(lines(changed, 'src/a.js')).toEqual([3]);
    expect(lines(changed, 'b.py')).toEqual([10, 11]);
  });

  it('drops a change too large to be a hint', async () => {
    const big = Array.from({ length: 500 }, (_, i) => `v${i} = ${i}`).join('\n') + '\n';
    const { root, cleanup } = makeProject({ 'big.py': 'x = 1\n' });
    cleanups.push(cleanup);
    commitAll(root, 'first');
    writeFileSync(path.join(root, 'big.py'), big);
    git(root, 'commit', '-qam', 'rewrite');
    expect((await readChangedLines(root)).size).toBe(0);
  });
});

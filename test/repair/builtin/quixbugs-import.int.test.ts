/**
 * The QuixBugs importer on a synthetic checkout in QuixBugs' layout (no QuixBugs code here): the
 * single-line difference becomes bug.json, the JSON cases become a pytest file that really runs.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codeLines, importQuixBugs, singleLineDiff } from '../../../scripts/bench/_import-quixbugs.js';
import { loadCorpus, materialiseBug, testCommand } from '../../../scripts/bench/_builtin-corpus.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function temp(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'qb-import-'));
  dirs.push(d);
  return d;
}

function write(root: string, files: Record<string, string>): void {
  for (const [f, t] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    writeFileSync(path.join(root, f), t);
  }
}

describe('QuixBugs importer', () => {
  it('reads the code without the description docstring and __main__ block', () => {
    expect(codeLines('\ndef f(x):\n    return x   \n\n"""\nDescription\n"""\n')).toEqual(['def f(x):', '    return x']);
    expect(codeLines('def f():\n    """doc"""\n    return 1\nif __name__ == "__main__":\n    f()\n')).toEqual([
      'def f():',
      '    """doc"""',
      '    return 1',
    ]);
  });

  it('finds a changed line, and an inserted line attached to the one before it', () => {
    expect(singleLineDiff(['a', 'b', 'c'], ['a', 'B', 'c'])).toEqual({ line: 2, fixedLine: 'B' });
    expect(singleLineDiff(['a', 'c'], ['a', 'b', 'c'])).toEqual({ line: 1, fixedLine: 'a\nb' });
    expect(singleLineDiff(['a', 'b', 'c'], ['x', 'b', 'y'])).toHaveProperty('problem');
  });

  it('imports a program into a runnable corpus entry and skips what it cannot use', () => {
    const checkout = temp();
    write(checkout, {
      'python_programs/triple.py': 'def triple(x):\n    return x * 2\n\n"""\nTriple\n"""\n',
      'correct_python_programs/triple.py': 'def triple(x):\n    return x * 3\n',
      'json_testcases/triple.json': '[1, 3]\n[[2], 6]\n[0, 0]\n',
      'python_programs/pairs.py': 'def pairs(xs):\n    return [(x, x) for x in xs]\n',
      'correct_python_programs/pairs.py': 'def pairs(xs):\n    return [(x, x) for x in xs]\n',
      'python_programs/graph.py': 'def graph(n):\n    return n\n',
    });
    const out = temp();
    const result = importQuixBugs(checkout, out);
    expect(result.imported).toEqual(['triple']);
    expect(result.skipped.map((s) => s.name).sort()).toEqual(['graph', 'pairs']);
    const [bug] = loadCorpus(out);
    expect(bug).toMatchObject({
      id: 'quixbugs-triple',
      language: 'python',
      file: 'triple.py',
      line: 2,
      fixed_line: '    return x * 3',
    });
    expect(readFileSync(path.join(out, 'quixbugs-triple', 'triple.py'), 'utf8')).toBe(
      'def triple(x):\n    return x * 2\n',
    );
    for (const [variant, passes] of [
      ['buggy', false],
      ['fixed', true],
    ] as const) {
      const dir = temp();
      materialiseBug(bug!, dir, variant);
      let ok = true;
      try {
        execFileSync('sh', ['-c', testCommand(bug!)], { cwd: dir, stdio: 'pipe' });
      } catch {
        ok = false;
      }
      expect(ok, variant).toBe(passes);
    }
  });
});

/**
 * The QuixBugs importer on a synthetic checkout in QuixBugs' layout (no QuixBugs code here): each
 * program becomes a project tested by its own pytest file, the region that differs from the
 * correct version (comments and blank lines aside) becomes bug.json, and the result really runs:
 * the buggy program fails, the fixed one passes, and a program that never ends fails on the
 * conftest's per-test alarm instead of hanging.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codeLines, importQuixBugs, regionDiff, withoutComment } from '../../../scripts/bench/_import-quixbugs.js';
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

const CONFTEST =
  'import pytest\n\n\ndef pytest_addoption(parser):\n    parser.addoption("--correct", action="store_true")\n\n\ndef pytest_configure(config):\n    pytest.use_correct = config.getoption("--correct")\n';

function testFileFor(name: string): string {
  return `import pytest\nfrom load_testdata import load_json_testcases\n\nif pytest.use_correct:\n    from correct_python_programs.${name} import ${name}\nelse:\n    from python_programs.${name} import ${name}\n\n\ntestdata = load_json_testcases(${name}.__name__)\n\n\n@pytest.mark.parametrize("input_data,expected", testdata)\ndef test_${name}(input_data, expected):\n    assert ${name}(*input_data) == expected\n`;
}

const LOAD_TESTDATA =
  'import json\nfrom pathlib import Path\n\n\ndef load_json_testcases(algorithm):\n    root = Path(__file__).parent / ".."\n    with open(root / f"json_testcases/{algorithm}.json") as f:\n        return [json.loads(line) for line in f]\n';

function runs(dir: string, command: string): boolean {
  try {
    execFileSync('sh', ['-c', command], { cwd: dir, stdio: 'pipe', timeout: 60_000 });
    return true;
  } catch {
    return false;
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

  it('finds the one region that differs, comments and blank lines aside', () => {
    expect(regionDiff(['a', 'b', 'c'], ['a', 'B', 'c'])).toEqual({ line: 2, replaces: 1, fixedLine: 'B' });
    expect(regionDiff(['a', 'c'], ['a', 'b', 'c'])).toEqual({ line: 1, replaces: 1, fixedLine: 'a\nb' });
    expect(regionDiff(['# Python 3', 'x = 1  # one', 'y = 2'], ['', 'x = 1', 'y = 3'])).toEqual({
      line: 3,
      replaces: 1,
      fixedLine: 'y = 3',
    });
    expect(regionDiff(['a', 'b', 'c'], ['x', 'b', 'y'])).toEqual({ line: 1, replaces: 3, fixedLine: 'x\nb\ny' });
    expect(regionDiff(['a', 'b'], ['a'])).toHaveProperty('problem');
    expect(withoutComment('s = "#no" + x  # yes')).toBe('s = "#no" + x');
  });

  it('imports programs into runnable projects tested by their own pytest files', () => {
    const checkout = temp();
    write(checkout, {
      'conftest.py': CONFTEST,
      'python_testcases/load_testdata.py': LOAD_TESTDATA,
      'python_programs/triple.py': 'def triple(x):\n    return x * 2\n\n"""\nTriple\n"""\n',
      'correct_python_programs/triple.py': 'def triple(x):\n    return x * 3\n',
      'python_testcases/test_triple.py': testFileFor('triple'),
      'json_testcases/triple.json': '[[1], 3]\n[[2], 6]\n[[0], 0]\n',
      'python_programs/spin.py': 'def spin(n):\n    while n > 0:\n        n += 1\n    return n\n',
      'correct_python_programs/spin.py': 'def spin(n):\n    while n > 0:\n        n -= 1\n    return n\n',
      'python_testcases/test_spin.py': testFileFor('spin'),
      'json_testcases/spin.json': '[[3], 0]\n',
      'python_programs/untested.py': 'def untested(n):\n    return n\n',
      'correct_python_programs/untested.py': 'def untested(n):\n    return n + 1\n',
    });
    const out = temp();
    const result = importQuixBugs(checkout, out);
    expect(result.imported).toEqual(['spin', 'triple']);
    expect(result.skipped).toEqual([{ name: 'untested', why: 'no python_testcases/test_untested.py' }]);
    const bugs = loadCorpus(out);
    expect(bugs.find((b) => b.id === 'quixbugs-triple')).toMatchObject({
      file: 'python_programs/triple.py',
      line: 2,
      fixed_line: '    return x * 3',
    });
    expect(readFileSync(path.join(out, 'quixbugs-triple', 'python_programs/triple.py'), 'utf8')).toBe(
      'def triple(x):\n    return x * 2\n',
    );
    for (const bug of bugs) {
      for (const [variant, passes] of [
        ['buggy', false],
        ['fixed', true],
      ] as const) {
        const dir = temp();
        materialiseBug(bug, dir, variant);
        expect(runs(dir, testCommand(bug)), `${bug.id} ${variant}`).toBe(passes);
      }
    }
  });
});

/**
 * Turns a QuixBugs checkout (https://github.com/jkoppel/QuixBugs, MIT licence; Lin et al., 2017)
 * into a corpus in the layout of bench/bugs/, so the built-in engine's bench can measure it with
 * `--corpus <out>`. Nothing of QuixBugs is stored in this repository: the user clones it, this
 * runs offline on the clone.
 *
 *   node --import tsx scripts/bench/_import-quixbugs.ts <quixbugs-checkout> <out-dir>
 *
 * For each Python program with JSON test cases: the buggy program (`python_programs/`), a pytest
 * file generated from `json_testcases/<name>.json` (one test per case, a 5 s alarm per case as
 * QuixBugs' own harness has a timeout), and a `bug.json` whose line and fixed line come from the
 * difference to `correct_python_programs/`. Programs whose difference is not a single changed (or
 * inserted) line, or that need the graph fixtures, are skipped with the reason printed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The code of a QuixBugs program: without the trailing description docstring, `__main__` blocks and trailing blank lines. */
export function codeLines(text: string): string[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  for (const line of lines) {
    // A column-0 triple quote after the code opens the description (or commented-out alternatives).
    if (/^("""|''')/.test(line) && out.some((l) => l.trim())) break;
    if (/^if __name__ == .__main__.:/.test(line)) break;
    out.push(line.replace(/\s+$/, ''));
  }
  while (out.length && !out[out.length - 1]!.trim()) out.pop();
  while (out.length && !out[0]!.trim()) out.shift();
  return out;
}

export type LineDiff = { line: number; fixedLine: string } | { problem: string };

/** The single-line difference between buggy and correct code (an insertion is attached to the line before it). */
export function singleLineDiff(buggy: string[], correct: string[]): LineDiff {
  let head = 0;
  while (head < buggy.length && head < correct.length && buggy[head] === correct[head]) head++;
  let tail = 0;
  while (
    tail < buggy.length - head &&
    tail < correct.length - head &&
    buggy[buggy.length - 1 - tail] === correct[correct.length - 1 - tail]
  )
    tail++;
  const removed = buggy.slice(head, buggy.length - tail);
  const added = correct.slice(head, correct.length - tail);
  if (removed.length === 1 && added.length >= 1) return { line: head + 1, fixedLine: added.join('\n') };
  if (removed.length === 0 && added.length >= 1 && head > 0) {
    // Insertion after line `head`: the fixed version of that line is itself plus the insertion.
    return { line: head, fixedLine: [buggy[head - 1]!, ...added].join('\n') };
  }
  return { problem: `the fix changes ${removed.length} line(s) into ${added.length}` };
}

function testFile(name: string): string {
  return `# Generated from QuixBugs json_testcases/${name}.json by scripts/bench/_import-quixbugs.ts.
import inspect
import json
import pathlib
import signal

import pytest

from ${name} import ${name}

CASES = [json.loads(line) for line in pathlib.Path(__file__).with_name("${name}.json").read_text().splitlines() if line.strip()]


def _timeout(signum, frame):
    raise TimeoutError("test case took longer than 5 s")


def _plain(value):
    # Tuples and generators compare as the JSON lists of the test data.
    if inspect.isgenerator(value):
        value = list(value)
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("args,expected", CASES, ids=[str(i) for i in range(len(CASES))])
def test_${name}(args, expected):
    if not isinstance(args, list):
        args = [args]
    signal.signal(signal.SIGALRM, _timeout)
    signal.alarm(5)
    try:
        result = _plain(${name}(*args))
    finally:
        signal.alarm(0)
    if isinstance(expected, float):
        assert result == pytest.approx(expected)
    else:
        assert result == expected
`;
}

export interface ImportResult {
  imported: string[];
  skipped: Array<{ name: string; why: string }>;
}

export function importQuixBugs(checkout: string, out: string): ImportResult {
  const result: ImportResult = { imported: [], skipped: [] };
  const buggyDir = path.join(checkout, 'python_programs');
  const correctDir = path.join(checkout, 'correct_python_programs');
  const casesDir = path.join(checkout, 'json_testcases');
  for (const file of readdirSync(buggyDir)
    .filter((f) => f.endsWith('.py') && !f.endsWith('_test.py') && f !== 'node.py')
    .sort()) {
    const name = file.slice(0, -3);
    const correctPath = path.join(correctDir, file);
    const casesPath = path.join(casesDir, `${name}.json`);
    if (!existsSync(casesPath)) {
      result.skipped.push({ name, why: 'no JSON test cases (graph programs use node.py fixtures)' });
      continue;
    }
    if (!existsSync(correctPath)) {
      result.skipped.push({ name, why: 'no correct version' });
      continue;
    }
    const buggy = codeLines(readFileSync(path.join(buggyDir, file), 'utf8'));
    const diff = singleLineDiff(buggy, codeLines(readFileSync(correctPath, 'utf8')));
    if ('problem' in diff) {
      result.skipped.push({ name, why: diff.problem });
      continue;
    }
    const dir = path.join(out, `quixbugs-${name.replace(/_/g, '-')}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, file), `${buggy.join('\n')}\n`);
    writeFileSync(path.join(dir, `test_${name}.py`), testFile(name));
    writeFileSync(path.join(dir, `${name}.json`), readFileSync(casesPath, 'utf8'));
    writeFileSync(path.join(dir, '.gitignore'), '__pycache__/\n.pytest_cache/\njunit.xml\n');
    const spec = {
      language: 'python',
      file,
      line: diff.line,
      class: 'quixbugs',
      description: `QuixBugs ${name}`,
      fixed_line: diff.fixedLine,
    };
    writeFileSync(path.join(dir, 'bug.json'), `${JSON.stringify(spec, null, 2)}\n`);
    result.imported.push(name);
  }
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const [checkout, out] = process.argv.slice(2);
  if (!checkout || !out) {
    console.error('usage: node --import tsx scripts/bench/_import-quixbugs.ts <quixbugs-checkout> <out-dir>');
    process.exit(2);
  }
  const { imported, skipped } = importQuixBugs(path.resolve(checkout), path.resolve(out));
  console.log(`imported ${imported.length}: ${imported.join(', ')}`);
  for (const s of skipped) console.log(`skipped ${s.name}: ${s.why}`);
}

/**
 * Turns a QuixBugs checkout (https://github.com/jkoppel/QuixBugs, MIT licence; Lin et al., 2017)
 * into a corpus in the layout of bench/bugs/, so the built-in engine's bench can measure it with
 * `--corpus <out>`. Nothing of QuixBugs is stored in this repository: the user clones it, this
 * runs offline on the clone.
 *
 *   node --import tsx scripts/bench/_import-quixbugs.ts <quixbugs-checkout> <out-dir>
 *
 * Every one of the 40 Python programs becomes a small project in QuixBugs' own layout, tested by
 * QuixBugs' own pytest file (`python_testcases/test_<name>.py`, with its `load_testdata.py`,
 * `node.py` for the graph programs, the JSON cases and the root `conftest.py`). The one addition is
 * a per-test time limit in `conftest.py`: QuixBugs' CI runs `pytest --timeout=20` (pytest-timeout,
 * which cannot be installed here), and several buggy programs never end. `bug.json` names the
 * buggy line and the fixed text, from the difference to `correct_python_programs/` with comments and
 * blank lines ignored (the correct files differ in those).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Seconds a test may take: the correct programs pass all 276 tests in about 4 s here. */
export const TEST_SECONDS = 5;

/**
 * QuixBugs' CI installs pytest and pytest-timeout only. This machine's other pytest plugins
 * (pytest-benchmark, …), which QuixBugs never loads, quadruple pytest's start-up (1.05 s against
 * 0.27 s a run here), so they are not loaded; the conftest's alarm does pytest-timeout's job.
 */
export const PYTEST_ENV = 'PYTHONDONTWRITEBYTECODE=1 PYTEST_DISABLE_PLUGIN_AUTOLOAD=1';

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

/** A line without its `#` comment (outside string literals) and trailing space. */
export function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#') return line.slice(0, i).replace(/\s+$/, '');
  }
  return line.replace(/\s+$/, '');
}

export type LineDiff = { line: number; replaces: number; fixedLine: string } | { problem: string };

/**
 * The one region where buggy and correct code differ, comments and blank lines ignored: the buggy
 * lines it spans (1-based `line`, `replaces` lines) and the correct text for them. An insertion is
 * attached to the code line before it.
 */
export function regionDiff(buggy: string[], correct: string[]): LineDiff {
  const code = (lines: string[]) =>
    lines.flatMap((l, i) => (withoutComment(l).trim() ? [{ text: withoutComment(l), at: i }] : []));
  const b = code(buggy);
  const c = code(correct);
  let head = 0;
  while (head < b.length && head < c.length && b[head]!.text === c[head]!.text) head++;
  let tail = 0;
  while (
    tail < b.length - head &&
    tail < c.length - head &&
    b[b.length - 1 - tail]!.text === c[c.length - 1 - tail]!.text
  )
    tail++;
  const removed = b.slice(head, b.length - tail);
  const added = c.slice(head, c.length - tail);
  if (added.length === 0) return { problem: `the fix only removes ${removed.length} line(s)` };
  const fixed = correct.slice(added[0]!.at, added[added.length - 1]!.at + 1).join('\n');
  if (removed.length > 0) {
    const first = removed[0]!.at;
    return { line: first + 1, replaces: removed[removed.length - 1]!.at - first + 1, fixedLine: fixed };
  }
  if (head === 0) return { problem: 'the fix inserts code before the first line' };
  const before = b[head - 1]!.at;
  return { line: before + 1, replaces: 1, fixedLine: [buggy[before]!, fixed].join('\n') };
}

/** The single-line difference (kept for callers that need exactly one line). */
export function singleLineDiff(
  buggy: string[],
  correct: string[],
): { line: number; fixedLine: string } | { problem: string } {
  const diff = regionDiff(buggy, correct);
  if ('problem' in diff) return diff;
  if (diff.replaces !== 1) return { problem: `the fix changes ${diff.replaces} lines` };
  return { line: diff.line, fixedLine: diff.fixedLine };
}

/** QuixBugs' conftest.py, plus the per-test time limit its CI gets from pytest-timeout. */
export function conftest(original: string): string {
  return `${original.replace(/\s+$/, '')}


# Added by self-heal's QuixBugs importer: QuixBugs' CI runs \`pytest --timeout=20\` (pytest-timeout),
# which is not installed here, and several buggy programs never end. Each test gets an alarm.
import signal as _signal


def _test_timeout(signum, frame):
    raise TimeoutError("test took longer than ${TEST_SECONDS} s")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    previous = _signal.signal(_signal.SIGALRM, _test_timeout)
    _signal.alarm(${TEST_SECONDS})
    try:
        return (yield)
    finally:
        _signal.alarm(0)
        _signal.signal(_signal.SIGALRM, previous)
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
  const testsDir = path.join(checkout, 'python_testcases');
  const confPath = path.join(checkout, 'conftest.py');
  if (!existsSync(confPath)) throw new Error(`${confPath} not found: is ${checkout} a QuixBugs checkout?`);
  const conf = conftest(readFileSync(confPath, 'utf8'));
  for (const file of readdirSync(buggyDir)
    .filter((f) => f.endsWith('.py') && !f.endsWith('_test.py') && f !== 'node.py')
    .sort()) {
    const name = file.slice(0, -3);
    const correctPath = path.join(correctDir, file);
    const testPath = path.join(testsDir, `test_${name}.py`);
    if (!existsSync(testPath)) {
      result.skipped.push({ name, why: `no python_testcases/test_${name}.py` });
      continue;
    }
    if (!existsSync(correctPath)) {
      result.skipped.push({ name, why: 'no correct version' });
      continue;
    }
    const buggy = codeLines(readFileSync(path.join(buggyDir, file), 'utf8'));
    const diff = regionDiff(buggy, codeLines(readFileSync(correctPath, 'utf8')));
    if ('problem' in diff) {
      result.skipped.push({ name, why: diff.problem });
      continue;
    }
    const tests = readFileSync(testPath, 'utf8');
    const dir = path.join(out, `quixbugs-${name.replace(/_/g, '-')}`);
    rmSync(dir, { recursive: true, force: true });
    const files: Record<string, string> = {
      'conftest.py': conf,
      [`python_programs/${file}`]: `${buggy.join('\n')}\n`,
      [`python_testcases/test_${name}.py`]: tests,
      '.gitignore': '__pycache__/\n.pytest_cache/\njunit.xml\n',
    };
    for (const helper of ['load_testdata.py', 'node.py']) {
      if (new RegExp(`^from ${helper.slice(0, -3)} import`, 'm').test(tests))
        files[`python_testcases/${helper}`] = readFileSync(path.join(testsDir, helper), 'utf8');
    }
    const cases = path.join(checkout, 'json_testcases', `${name}.json`);
    if (existsSync(cases)) files[`json_testcases/${name}.json`] = readFileSync(cases, 'utf8');
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), text);
    }
    const spec = {
      language: 'python',
      file: `python_programs/${file}`,
      line: diff.line,
      ...(diff.replaces > 1 ? { replaces: diff.replaces } : {}),
      class: 'quixbugs',
      description: `QuixBugs ${name}`,
      fixed_line: diff.fixedLine,
      test_command: `${PYTEST_ENV} python3 -m pytest -q -p no:cacheprovider --junitxml=junit.xml python_testcases`,
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

/**
 * self-heal's Python tracer (`src/workspace/recorders/python-sources.ts`) through real
 * interpreters: what keeps it cheap (no tracing outside pytest's tests, no tracing of a code object
 * whose every line the test already ran) must not cost a line of any test's record, and the 3.12+
 * path (`sys.monitoring`) records what the 3.11 path (`sys.settrace`) records. Interpreters other
 * than `python3` are found on PATH (`python3.12`, `python3.13`, `python3.14`) and in pyenv's
 * versions; a version that is not installed is not tested (the test says which were).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startRecording, type Recording } from '../../src/workspace/recorders/recorders.js';

let root: string | undefined;
let recording: Recording | undefined;
afterEach(() => {
  recording?.dispose();
  if (root) rmSync(root, { recursive: true, force: true });
  root = recording = undefined;
});

function project(files: Record<string, string>): string {
  root = mkdtempSync(path.join(os.tmpdir(), 'python-tracer-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

function versionOf(python: string): [number, number] | undefined {
  try {
    const out = execFileSync(python, ['-c', 'import sys; print(*sys.version_info[:2])'], {
      encoding: 'utf8',
      timeout: 20_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const [major, minor] = out.trim().split(' ').map(Number);
    return major && minor !== undefined ? [major, minor] : undefined;
  } catch {
    return undefined;
  }
}

/** Installed interpreters by version ("3.12"), `python3` first. */
function interpreters(): Map<string, string> {
  const found = new Map<string, string>();
  const pyenv = path.join(process.env.PYENV_ROOT ?? path.join(os.homedir(), '.pyenv'), 'versions');
  const fromPyenv = existsSync(pyenv) ? readdirSync(pyenv).map((v) => path.join(pyenv, v, 'bin', 'python3')) : [];
  for (const python of ['python3', 'python3.12', 'python3.13', 'python3.14', ...fromPyenv]) {
    const version = versionOf(python);
    if (!version || version[0] !== 3 || version[1] < 11) continue;
    const key = version.join('.');
    if (!found.has(key)) found.set(key, python);
  }
  return found;
}

const PYTHONS = interpreters();
const lines = (set: Set<number> | undefined) => [...(set ?? [])].sort((a, b) => a - b);

function record(cwd: string, command: string, args: string[]) {
  recording = startRecording({ root: cwd, cwd });
  const env = { ...process.env, ...recording.env(process.env) };
  const run = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 60_000 });
  return { run, spectrum: recording.read(0) };
}

const PROBE = [
  'import sys',
  '',
  '',
  'def probe(flag):',
  '    if flag:',
  '        return "branch"',
  '    return sys._getframe().f_trace is not None',
  '',
].join('\n');

describe("self-heal's Python tracer", () => {
  it.runIf(versionOf('python3')?.join('.') === '3.11')(
    '3.11: traces a code object until the test has run each of its lines, and again in the next test',
    () => {
      const cwd = project({
        'pkg/__init__.py': '',
        'pkg/probe.py': PROBE,
        'conftest.py': 'import sys\nCOLLECTED_UNDER = sys.gettrace()\n',
        'tests/test_probe.py': [
          'import sys',
          'import conftest',
          'from pkg.probe import probe',
          '',
          '',
          'def test_first():',
          '    assert conftest.COLLECTED_UNDER is None',
          '    assert sys.gettrace() is not None',
          '    assert [probe(False), probe(True), probe(False)] == [True, "branch", False]',
          '',
          '',
          'def test_second():',
          '    assert [probe(False), probe(True), probe(False)] == [True, "branch", False]',
          '',
        ].join('\n'),
      });
      const { run, spectrum } = record(cwd, 'python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'tests']);
      // Collection ran untraced, the tests traced; the third call ran untraced in each test.
      expect(run.status, run.stdout + run.stderr).toBe(0);
      const byTest = new Map(spectrum!.units.map((u) => [u.test, u]));
      for (const test of ['tests/test_probe.py::test_first', 'tests/test_probe.py::test_second'])
        expect(lines(byTest.get(test)?.lines.get('pkg/probe.py')), test).toEqual([4, 5, 6, 7]);
    },
  );

  it('records a loop whose lines all ran, and what ran after it', () => {
    const cwd = project({
      'pkg/__init__.py': '',
      'pkg/count.py': [
        'def count(n):',
        '    total = 0',
        '    for i in range(n):',
        '        total += i',
        '    return total',
        '',
        '',
        'def twice(n):',
        '    return count(n) + count(n)',
        '',
      ].join('\n'),
      'tests/test_count.py': [
        'from pkg.count import count, twice',
        '',
        '',
        'def test_count():',
        '    assert count(1000) == 499500',
        '',
        '',
        'def test_twice():',
        '    assert twice(3) == 7',
        '',
      ].join('\n'),
    });
    const { run, spectrum } = record(cwd, 'python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'tests']);
    expect(run.status).toBe(1);
    const byTest = new Map(spectrum!.units.map((u) => [u.test, u]));
    expect(lines(byTest.get('tests/test_count.py::test_count')?.lines.get('pkg/count.py'))).toEqual([1, 2, 3, 4, 5]);
    expect(byTest.get('tests/test_count.py::test_twice')?.outcome).toBe('failed');
    expect(lines(byTest.get('tests/test_count.py::test_twice')?.lines.get('pkg/count.py'))).toEqual([
      1, 2, 3, 4, 5, 8, 9,
    ]);
  });

  // Units cut by hand as the pytest plugin cuts them, so the interpreter needs no pytest of its own.
  const UNITS_SCRIPT = [
    'import _self_heal_spectrum as s',
    'from pkg.probe import probe',
    's.close_unit()',
    's.STATE["test"] = "one"',
    'probe(False)',
    'probe(True)',
    's.STATE["outcome"] = "passed"',
    's.close_unit()',
    's.STATE["test"] = "two"',
    'probe(False)',
    's.STATE["outcome"] = "failed"',
    's.close_unit()',
    '',
  ].join('\n');

  const versions = [...PYTHONS.entries()];
  it.each(versions)('%s records each unit’s lines as 3.11 does (def lines included)', (version, python) => {
    const cwd = project({ 'pkg/__init__.py': '', 'pkg/probe.py': PROBE, 'units.py': UNITS_SCRIPT });
    const { run, spectrum } = record(cwd, python, ['units.py']);
    expect(run.status, run.stderr).toBe(0);
    const byTest = new Map(spectrum!.units.map((u) => [u.test, u]));
    expect(lines(byTest.get('one')?.lines.get('pkg/probe.py')), version).toEqual([4, 5, 6, 7]);
    expect(lines(byTest.get('two')?.lines.get('pkg/probe.py')), version).toEqual([4, 5, 7]);
  });
});

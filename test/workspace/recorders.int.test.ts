/**
 * The execution recorders through the real runtimes: pytest under self-heal's tracer (per test,
 * pytest's outcomes), `node --test` under V8 coverage (its per-file child processes included), and
 * `go test` with the cover profile asked for through GOFLAGS. Only the repository's own files count.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  root = mkdtempSync(path.join(os.tmpdir(), 'recorders-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

function run(cwd: string, command: string, args: string[]): number | null {
  recording = startRecording({ root: cwd, cwd });
  const env = { ...process.env, ...recording.env(process.env) };
  return spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 50_000 }).status;
}

const lines = (set: Set<number> | undefined) => [...(set ?? [])].sort((a, b) => a - b);

describe('execution recorders', () => {
  it('records the lines each pytest test ran, with its outcome, outside site-packages', () => {
    const cwd = project({
      'pkg/__init__.py':
        'def add(a, b):\n    if a > 100:\n        return 0\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\n',
      'tests/test_a.py':
        'import json\nfrom pkg import add, mul\n\n\ndef test_add():\n    json.dumps([1])\n    assert add(1, 2) == 3\n\n\ndef test_mul():\n    assert mul(2, 3) == 6\n',
      'pkg/box.py':
        'class Box:\n    def __init__(self, v):\n        self.v = v\n\n    def __repr__(self):\n        return f"Box({self.v})"\n',
      'tests/test_box.py': 'from pkg.box import Box\n\n\ndef test_box():\n    assert Box(1) == Box(2)\n',
    });
    expect(run(cwd, 'python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', '-W', 'error', 'tests'])).toBe(1);
    const spectrum = recording!.read(0)!;
    expect(spectrum.recorders).toEqual(['python']);
    expect(spectrum.perTest).toBe(true);
    const byTest = new Map(spectrum.units.map((u) => [u.test, u]));
    const add = byTest.get('tests/test_a.py::test_add')!;
    expect(add.outcome).toBe('failed');
    expect(lines(add.lines.get('pkg/__init__.py'))).toEqual([1, 2, 4]);
    const mul = byTest.get('tests/test_a.py::test_mul')!;
    expect(mul.outcome).toBe('passed');
    expect(lines(mul.lines.get('pkg/__init__.py'))).toEqual([7, 8]);
    // What pytest's failure report ran (repr of the compared values) is not the test's execution.
    expect(lines(byTest.get('tests/test_box.py::test_box')!.lines.get('pkg/box.py'))).toEqual([2, 3]);
    // The standard library is nobody's evidence.
    expect([...add.lines.keys()].every((f) => !f.includes('json'))).toBe(true);
  });

  it('records Node child processes and leaves node_modules out', () => {
    const cwd = project({
      'package.json': '{"type":"module"}',
      'lib/math.js':
        'export function add(a, b) {\n  if (a > 100) {\n    return 0;\n  }\n  return a - b;\n}\n\nexport function unused() {\n  return 1;\n}\n',
      'node_modules/dep/index.js': 'export const x = 1;\n',
      'test/math.test.js':
        "import test from 'node:test';\nimport assert from 'node:assert';\nimport { add } from '../lib/math.js';\nimport { x } from '../node_modules/dep/index.js';\n\ntest('add', () => {\n  assert.equal(add(1, 2) + x - 1, 3);\n});\n",
    });
    expect(run(cwd, process.execPath, ['--test', 'test/math.test.js'])).toBe(1);
    const spectrum = recording!.read(0)!;
    expect(spectrum.recorders).toEqual(['node']);
    const [unit] = spectrum.units;
    expect(lines(unit!.lines.get('lib/math.js'))).toEqual([1, 2, 5, 6]);
    expect(unit!.lines.has('test/math.test.js')).toBe(true);
    expect([...unit!.lines.keys()].some((f) => f.includes('node_modules'))).toBe(false);
  });

  // Runners that transform each file run it through node:vm: the preload's notes and the files'
  // source maps take V8's offsets back to the file's lines. The runners are this repository's own.
  const TS_MATH =
    'export function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport function unused(x: number): number {\n  if (x > 2) {\n    return x * 2;\n  }\n  return x;\n}\n\nexport function sub(a: number, b: number): number {\n  const r: number = a - b;\n  return r;\n}\n';
  const runnerEnv = () =>
    Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^(VITEST|TINYPOOL|JEST)/.test(k) && k !== 'NODE_OPTIONS'),
    );

  it.each(['forks', 'threads'])('maps what vitest ran in its %s pool back to the TypeScript lines', (pool) => {
    const cwd = project({
      'package.json': '{"type":"module"}',
      'src/math.ts': TS_MATH,
      'test/math.test.ts':
        "import { test, expect } from 'vitest';\nimport { add, sub } from '../src/math';\n\ntest('math', () => {\n  expect(add(1, 2)).toBe(3);\n  expect(sub(3, 1)).toBe(3);\n});\n",
    });
    recording = startRecording({ root: cwd, cwd });
    const vitest = path.resolve('node_modules/.bin/vitest');
    const env = { ...runnerEnv(), ...recording.env(runnerEnv()) };
    const status = spawnSync(vitest, ['run', `--pool=${pool}`, '--root', cwd], {
      cwd,
      env,
      encoding: 'utf8',
      timeout: 50_000,
    }).status;
    expect(status).toBe(1);
    const spectrum = recording.read(0)!;
    expect(spectrum.recorders).toEqual(['node']);
    expect(spectrum.notes.join(' ')).toMatch(/mapped back through their source maps/);
    expect(lines(spectrum.units[0]!.lines.get('src/math.ts'))).toEqual([1, 2, 3, 12, 13, 14, 15]);
  });

  // A runner ends its forked workers with SIGTERM as soon as they answer its stop request, and with
  // SIGKILL 500 ms later; a worker still exiting then (Node writes its coverage after the 'exit'
  // event; a loaded machine) lost its coverage: vitest's recorded run came back empty. The exit
  // handler below keeps the worker busy longer than that grace, as a loaded machine does.
  const SLOW_EXIT = 'process.on("exit", () => { const end = Date.now() + 1500; while (Date.now() < end); });\n';

  it("records vitest's forked worker that is still exiting when the runner kills it", () => {
    const cwd = project({
      'package.json': '{"type":"module"}',
      'src/math.ts': TS_MATH,
      'test/math.test.ts':
        "import { test, expect } from 'vitest';\nimport { add, sub } from '../src/math';\n" +
        SLOW_EXIT +
        "\ntest('math', () => {\n  expect(add(1, 2)).toBe(3);\n  expect(sub(3, 1)).toBe(3);\n});\n",
    });
    recording = startRecording({ root: cwd, cwd });
    const vitest = path.resolve('node_modules/.bin/vitest');
    const env = { ...runnerEnv(), ...recording.env(runnerEnv()) };
    const run = spawnSync(vitest, ['run', '--pool=forks', '--root', cwd], {
      cwd,
      env,
      encoding: 'utf8',
      timeout: 50_000,
    });
    expect(run.status, run.stdout + run.stderr).toBe(1);
    const spectrum = recording.read(0);
    expect(spectrum, 'nothing recorded').toBeDefined();
    expect(lines(spectrum!.units[0]!.lines.get('src/math.ts'))).toEqual([1, 2, 3, 12, 13, 14, 15]);
  });

  it("records jest's workers that are still exiting when jest kills them", () => {
    const cwd = project({
      'package.json': '{"name":"jest-project"}',
      'lib/math.js':
        'function add(a, b) {\n  return a + b;\n}\n\nfunction sub(a, b) {\n  return a - b;\n}\n\nmodule.exports = { add, sub };\n',
      'tests/add.test.js': `const { add } = require('../lib/math');\n${SLOW_EXIT}\ntest('add', () => {\n  expect(add(1, 2)).toBe(4);\n});\n`,
      'tests/sub.test.js': `const { sub } = require('../lib/math');\n${SLOW_EXIT}\ntest('sub', () => {\n  expect(sub(3, 1)).toBe(2);\n});\n`,
    });
    recording = startRecording({ root: cwd, cwd });
    const jest = path.resolve('node_modules/.bin/jest');
    const env = { ...runnerEnv(), ...recording.env(runnerEnv()) };
    // Two workers (jest runs a single file, or a single worker's files, in its own process).
    const args = ['--rootDir', cwd, '--ci', '--maxWorkers=2', '--no-cache'];
    const run = spawnSync(jest, args, { cwd, env, encoding: 'utf8', timeout: 50_000 });
    expect(run.status, run.stdout + run.stderr).toBe(1);
    const spectrum = recording.read(0);
    expect(spectrum, 'nothing recorded').toBeDefined();
    expect(lines(spectrum!.units[0]!.lines.get('lib/math.js'))).toEqual(expect.arrayContaining([1, 2, 5, 6]));
  });

  it("maps jest's babel-transformed scripts back through their inline source maps", () => {
    const cwd = project({
      'package.json': '{"name":"jest-project"}',
      'lib/math.js':
        'function add(a, b) {\n  return a + b;\n}\n\nfunction unused(x) {\n  if (x > 2) {\n    return x * 2;\n  }\n  return x;\n}\n\nfunction sub(a, b) {\n  const r = a - b;\n  return r;\n}\n\nmodule.exports = { add, unused, sub };\n',
      'tests/math.test.js':
        "const { add, sub } = require('../lib/math');\n\ntest('math', () => {\n  expect(add(1, 2)).toBe(3);\n  expect(sub(3, 1)).toBe(3);\n});\n",
    });
    recording = startRecording({ root: cwd, cwd });
    const jest = path.resolve('node_modules/.bin/jest');
    const env = { ...runnerEnv(), ...recording.env(runnerEnv()) };
    const status = spawnSync(jest, ['--rootDir', cwd, '--ci'], { cwd, env, encoding: 'utf8', timeout: 50_000 }).status;
    expect(status).toBe(1);
    const spectrum = recording.read(0)!;
    const ran = lines(spectrum.units[0]!.lines.get('lib/math.js'));
    expect(ran).toEqual(expect.arrayContaining([1, 2, 12, 13, 14]));
    expect(ran.filter((l) => l >= 5 && l <= 10)).toEqual([]);
  });

  it('records what `go test` ran in every package of the module', () => {
    const cwd = project({
      'go.mod': 'module example.com/m\n\ngo 1.19\n',
      'calc/calc.go':
        'package calc\n\nfunc Sub(a, b int) int {\n\tif a > 100 {\n\t\treturn 0\n\t}\n\treturn a + b\n}\n\nfunc Unused() int {\n\treturn 1\n}\n',
      'app/app_test.go':
        'package app\n\nimport (\n\t"testing"\n\n\t"example.com/m/calc"\n)\n\nfunc TestSub(t *testing.T) {\n\tif calc.Sub(3, 1) != 2 {\n\t\tt.Fatal("bad")\n\t}\n}\n',
      'app/app.go': 'package app\n',
    });
    expect(run(cwd, 'go', ['test', './...'])).toBe(1);
    const spectrum = recording!.read(0)!;
    expect(spectrum.recorders).toEqual(['go']);
    const ran = lines(spectrum.units[0]!.lines.get('calc/calc.go'));
    expect(ran).toContain(7);
    expect(ran).not.toContain(5);
    expect(ran).not.toContain(11);
  });

  it('reads nothing when no recorder wrote anything', () => {
    const cwd = project({ 'a.txt': 'x\n' });
    expect(run(cwd, 'true', [])).toBe(0);
    expect(recording!.read(0)).toBeUndefined();
  });
});

/**
 * The read recorders through the real runtimes: pytest under the audit hook, `node --test` (ES
 * modules and CommonJS) and vitest under the preload's `fs` wrappers. Whatever built a path, a read
 * of a repository file is seen, repo-relative; writes, code, files outside the repository (also
 * through a symlink), `node_modules` and virtualenvs are not.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startRecording, type Recording } from '../../src/workspace/recorders/recorders.js';

let root: string | undefined;
let outside: string | undefined;
let recording: Recording | undefined;
afterEach(() => {
  recording?.dispose();
  for (const dir of [root, outside]) if (dir) rmSync(dir, { recursive: true, force: true });
  root = outside = recording = undefined;
});

function project(files: Record<string, string>): string {
  root = mkdtempSync(path.join(os.tmpdir(), 'test-reads-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  outside = mkdtempSync(path.join(os.tmpdir(), 'test-reads-outside-'));
  writeFileSync(path.join(outside, 'secret.json'), '{"token": "x"}\n');
  symlinkSync(path.join(outside, 'secret.json'), path.join(root, 'linked.json'));
  return root;
}

/** The runners' own variables are not inherited from the vitest that runs this file. */
const runnerEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(VITEST|TINYPOOL|JEST)/.test(k) && k !== 'NODE_OPTIONS'),
  );

function run(cwd: string, command: string, args: string[]): number | null {
  recording = startRecording({ root: cwd, cwd });
  const env = { ...runnerEnv(), ...recording.env(runnerEnv()) };
  return spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 50_000 }).status;
}

const files = () => recording!.reads().reads.map((r) => r.file);

describe('read recorders', () => {
  it('sees what pytest tests open, with the test that opened it, whatever built the path', () => {
    const cwd = project({
      'tests/helpers.py': `import json
import os


def cases_for(func):
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "da" + "ta", func.__name__ + ".json")) as f:
        return json.load(f)
`,
      'tests/data/double.json': '[[2, 4], [3, 6]]\n',
      'tests/golden/out.txt': 'golden\n',
      'tests/raw.csv': 'a,b\n',
      '.venv/lib/cases.json': '[]\n',
      'calc.py': 'def double(x):\n    return x + 2\n',
      'tests/test_calc.py': `import os
import pathlib

import pytest

from calc import double
from helpers import cases_for

HERE = pathlib.Path(__file__).parent


@pytest.mark.parametrize("x, want", cases_for(double))
def test_double(x, want):
    assert double(x) == want


def test_golden():
    os.close(os.open(str(HERE / "raw.csv"), os.O_RDONLY))
    (HERE / "written.json").write_text("{}")
    (HERE.parent / ".venv" / "lib" / "cases.json").read_text()
    (HERE.parent / "linked.json").read_text()
    open("/etc/hostname").close() if os.path.exists("/etc/hostname") else None
    assert (HERE / "golden" / "out.txt").read_text() == "golden\\n"
`,
    });
    expect(run(cwd, 'python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'tests'])).toBe(1);
    const { reads, truncated } = recording!.reads();
    expect(truncated).toBe(false);
    expect(reads).toEqual(
      expect.arrayContaining([
        // Read at collection: no test was running.
        { file: 'tests/data/double.json' },
        { file: 'tests/raw.csv', test: 'tests/test_calc.py::test_golden' },
        { file: 'tests/golden/out.txt', test: 'tests/test_calc.py::test_golden' },
      ]),
    );
    // Written, virtualenv, through a symlink out of the repository, outside it, Python code: not reads.
    expect(files()).not.toContain('tests/written.json');
    expect(files().filter((f) => /venv|linked|hostname|\.py$/.test(f))).toEqual([]);
  });

  it('sees what node:test reads through fs from ES modules and CommonJS, and not node_modules', () => {
    const cwd = project({
      'package.json': '{"type":"module"}',
      'test/support.cjs': `const path = require('path');
module.exports = (name) => require(path.join(__dirname, 'data', name + '.json'));
`,
      'test/data/a.json': '[1]\n',
      'test/data/b.json': '[2]\n',
      'test/data/c.yaml': 'x: 1\n',
      'test/data/d.txt': 'd\n',
      'node_modules/dep/cases.json': '[]\n',
      'test/a.test.js': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, createReadStream, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const load = createRequire(import.meta.url)('./support.cjs');

test('reads', async () => {
  assert.deepEqual(load('a'), [1]);
  JSON.parse(readFileSync(path.join(here, 'data', 'b' + '.json'), 'utf8'));
  await readFile(new URL('./data/c.yaml', import.meta.url));
  await new Promise((resolve) => createReadStream(path.join(here, 'data', 'd.txt')).on('close', resolve).resume());
  readFileSync(path.join(here, '..', 'node_modules', 'dep', 'cases.json'));
  readFileSync(path.join(here, '..', 'linked.json'));
  writeFileSync(path.join(here, 'out.json'), '{}');
  assert.equal(1, 2);
});
`,
    });
    expect(run(cwd, process.execPath, ['--test', 'test/a.test.js'])).toBe(1);
    expect(files().sort()).toEqual(['test/data/a.json', 'test/data/b.json', 'test/data/c.yaml', 'test/data/d.txt']);
  });

  it('sees what a vitest test reads in its worker', () => {
    const cwd = project({
      'package.json': '{"type":"module"}',
      'test/cases/durations.json': '{"2d": 172800}\n',
      'test/a.test.ts': `import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

const name = ['dur', 'ations'].join('');
const cases = JSON.parse(readFileSync(new URL(\`./cases/\${name}.json\`, import.meta.url), 'utf8'));

test('reads', () => {
  expect(cases['2d']).toBe(1);
});
`,
    });
    const vitest = path.resolve('node_modules/.bin/vitest');
    expect(run(cwd, vitest, ['run', '--root', cwd])).toBe(1);
    expect(files()).toContain('test/cases/durations.json');
  });
});

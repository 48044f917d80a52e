import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FailureFrame } from '../../src/contracts/failure-frame.js';
import type { Logger } from '../../src/contracts/logger.js';
import { createSpecialCaseGate } from '../../src/loop/special-case-gate.js';
import type { ObservedRead } from '../../src/workspace/recorders/test-reads.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const TEST = 'from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5  # key sk-live-123456\n';
const AFTER = 'def add(a, b):\n    if a == 2 and b == 3:  # sk-live-123456\n        return 5\n    return a - b\n';
const DIFF = `diff --git a/calc.py b/calc.py
--- a/calc.py
+++ b/calc.py
@@ -1,2 +1,4 @@
 def add(a, b):
+    if a == 2 and b == 3:  # sk-live-123456
+        return 5
     return a - b
`;

const frame: FailureFrame = {
  id: 'tests/test_calc.py::test_add',
  suite: 'tests',
  name: 'test_add',
  kind: 'failure',
  exceptionType: 'AssertionError',
  message: 'assert -1 == 5',
  triggering: null,
  test: { file: 'tests/test_calc.py', line: 5 },
  stack: [],
  droppedFrames: 0,
  locals: null,
  language: 'python',
  evidence: ['junit'],
};

function repo(testFile: (root: string) => void, reads: readonly ObservedRead[] = []) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'special-case-gate-'));
  dirs.push(root);
  mkdirSync(path.join(root, 'tests'));
  writeFileSync(path.join(root, 'calc.py'), AFTER);
  testFile(root);
  const warnings: string[] = [];
  const logger: Logger = {
    info: () => {},
    warn: (m) => void warnings.push(m),
    group: (_name, fn) => fn(),
  };
  const gate = createSpecialCaseGate({
    root,
    frames: [frame],
    reads,
    scrub: (t) => t.replaceAll('sk-live-123456', '***'),
    logger,
  });
  return { gate, warnings };
}

describe('the special-casing gate of the loop', () => {
  it('reads the test and the changed file from the work tree and scrubs the evidence', async () => {
    const { gate } = repo((root) => writeFileSync(path.join(root, 'tests/test_calc.py'), TEST));
    const evidence = await gate.check(DIFF, ['calc.py']);
    expect(evidence.map((e) => [e.rule, e.literal, e.patch.line])).toEqual([
      ['input-condition', '2', 2],
      ['input-condition', '3', 2],
      ['expected-value', '5', 3],
    ]);
    expect(evidence[0]!.patch.text).toBe('if a == 2 and b == 3:  # ***');
    expect(evidence[0]!.test?.text).toBe('assert add(2, 3) == 5  # key ***');
    expect(JSON.stringify(evidence)).not.toContain('sk-live');
  });

  it('reads no file outside the repository, also not through a symlink, and no file the attempt did not change', async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'special-case-outside-'));
    dirs.push(outside);
    writeFileSync(path.join(outside, 'test_calc.py'), TEST);
    const linked = repo((root) =>
      symlinkSync(path.join(outside, 'test_calc.py'), path.join(root, 'tests/test_calc.py')),
    );
    expect(await linked.gate.check(DIFF, ['calc.py'])).toEqual([]);
    const unlisted = repo((root) => writeFileSync(path.join(root, 'tests/test_calc.py'), TEST));
    expect(await unlisted.gate.check(DIFF, ['other.py'])).toEqual([]);
    expect(linked.warnings).toEqual([]);
  });

  it('reads the data files and data folders the failing test names, and says which it matched', async () => {
    const csvTest = `import csv\nimport os\n\nfrom calc import add\n\n\ndef test_add():\n    for name in os.listdir(os.path.join(os.path.dirname(__file__), "testdata")):\n        a, b, want = open(os.path.join("testdata", name)).read().split(",")\n        assert add(int(a), int(b)) == int(want)\n`;
    const { gate } = repo((root) => {
      writeFileSync(path.join(root, 'tests/test_calc.py'), csvTest);
      mkdirSync(path.join(root, 'tests/testdata'));
      writeFileSync(path.join(root, 'tests/testdata/small.csv'), '2,3,5\n');
      writeFileSync(path.join(root, 'tests/testdata/notes.bin'), '\0\0');
    });
    const evidence = await gate.check(DIFF, ['calc.py']);
    expect(evidence.map((e) => [e.rule, e.literal, e.test?.file, e.dataReadBy])).toEqual([
      ['input-condition', '2', 'tests/testdata/small.csv', 'tests/test_calc.py'],
      ['input-condition', '3', 'tests/testdata/small.csv', 'tests/test_calc.py'],
      ['expected-value', '5', 'tests/testdata/small.csv', 'tests/test_calc.py'],
    ]);
  });

  it('reads no data file outside the repository, also not through a symlinked folder', async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'special-case-outside-'));
    dirs.push(outside);
    writeFileSync(path.join(outside, 'small.csv'), '2,3,5\n');
    const csvTest = `import os\n\nfrom calc import add\n\n\ndef test_add():\n    for name in os.listdir("testdata"):\n        a, b, want = open(name).read().split(",")\n        assert add(int(a), int(b)) == int(want)\n`;
    const { gate, warnings } = repo((root) => {
      writeFileSync(path.join(root, 'tests/test_calc.py'), csvTest);
      symlinkSync(outside, path.join(root, 'tests/testdata'));
    });
    expect(await gate.check(DIFF, ['calc.py'])).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('reads the data files the recorded run saw the tests read, whatever built their paths', async () => {
    // The path is built at run time: nothing in the test's text names the file or its folder.
    const computed = `import json\nimport pathlib\n\nfrom calc import add\n\n\ndef test_add():\n    for a, b, want in json.loads((pathlib.Path(__file__).parent / ("ca" + "ses") / (add.__name__ + ".json")).read_text()):\n        assert add(a, b) == want\n`;
    const setup = (root: string) => {
      writeFileSync(path.join(root, 'tests/test_calc.py'), computed);
      mkdirSync(path.join(root, 'tests/cases'));
      writeFileSync(path.join(root, 'tests/cases/add.json'), '[[2, 3, 5], [10, 4, 14]]\n');
      writeFileSync(path.join(root, 'package.json'), '{"version": "2.3.5"}\n');
    };
    const unseen = repo(setup);
    expect(await unseen.gate.check(DIFF, ['calc.py'])).toEqual([]);
    const seen = repo(setup, [
      { file: 'tests/cases/add.json', test: 'tests/test_calc.py::test_add' },
      { file: 'package.json' },
      { file: '../outside.json' },
    ]);
    const evidence = await seen.gate.check(DIFF, ['calc.py']);
    expect(evidence.map((e) => [e.rule, e.literal, e.test?.file, e.test?.line, e.dataReadBy])).toEqual([
      ['input-condition', '2', 'tests/cases/add.json', 1, 'tests/test_calc.py'],
      ['input-condition', '3', 'tests/cases/add.json', 1, 'tests/test_calc.py'],
      ['expected-value', '5', 'tests/cases/add.json', 1, 'tests/test_calc.py'],
    ]);
    expect(seen.warnings).toEqual([]);
  });
});

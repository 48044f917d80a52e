import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cell,
  fixLines,
  fixLinesShown,
  goModulePath,
  goTestArgs,
  median,
  pytestNodeId,
  readJunitDir,
} from '../../scripts/bench/_real-projects-lib.js';

// The diff of a real fix (unjs/ufo 62199a0, withProtocol), trimmed to its source hunk.
const UFO_DIFF = `diff --git a/src/utils.ts b/src/utils.ts
index ae60d2b..7ea72b9 100644
--- a/src/utils.ts
+++ b/src/utils.ts
@@ -456,7 +456,10 @@ export function withoutProtocol(input: string): string {
  * @group utils
  */
 export function withProtocol(input: string, protocol: string): string {
-  const match = input.match(PROTOCOL_REGEX);
+  let match = input.match(PROTOCOL_REGEX);
+  if (!match) {
+    match = input.match(/^\\/{2,}/);
+  }
   if (!match) {
     return protocol + input;
   }
`;

// Insertion only (mahmoud/boltons 1e61524 adds a guard and touches no old line).
const INSERT_DIFF = `diff --git a/boltons/strutils.py b/boltons/strutils.py
--- a/boltons/strutils.py
+++ b/boltons/strutils.py
@@ -10,4 +10,6 @@ def singularize(word):
     orig_word, word = word, word.strip().lower()

+    if word.endswith('ss'):
+        return orig_word
     if not word or word in _IRR_S2P:
         return orig_word
`;

describe('fixLines', () => {
  it('takes the removed lines of a fix, numbered on the old side', () => {
    expect(fixLines(UFO_DIFF)).toEqual([
      { file: 'src/utils.ts', line: 459, text: '  const match = input.match(PROTOCOL_REGEX);' },
    ]);
  });

  it('anchors an insertion on the old line above it, skipping blank lines', () => {
    expect(fixLines(INSERT_DIFF)).toEqual([
      { file: 'boltons/strutils.py', line: 10, text: '    orig_word, word = word, word.strip().lower()' },
    ]);
  });
});

describe('fixLinesShown', () => {
  const lines = fixLines(UFO_DIFF);

  it('counts a line when the prompt numbers it with its exact text', () => {
    const prompt =
      'src/utils.ts\n458 | export function withProtocol(…) {\n459 |   const match = input.match(PROTOCOL_REGEX);\n';
    expect(fixLinesShown(prompt, lines)).toEqual({ shown: 1, missing: [] });
  });

  it('does not count the text under another number, or unnumbered', () => {
    const prompt = '12 |   const match = input.match(PROTOCOL_REGEX);\n  const match = input.match(PROTOCOL_REGEX);\n';
    expect(fixLinesShown(prompt, lines).shown).toBe(0);
  });
});

describe('pytestNodeId', () => {
  const files = ['tests/test_more.py', 'tests/test_recipes.py'];

  it('maps a JUnit classname to the node id, class path included', () => {
    expect(pytestNodeId({ classname: 'tests.test_more.LastTests', name: 'test_x[1]', status: 'failed' }, files)).toBe(
      'tests/test_more.py::LastTests::test_x[1]',
    );
    expect(pytestNodeId({ classname: 'tests.test_recipes', name: 'test_y', status: 'failed' }, files)).toBe(
      'tests/test_recipes.py::test_y',
    );
  });

  it('gives nothing for a test outside the given files', () => {
    expect(pytestNodeId({ classname: 'tests.test_other', name: 'test_z', status: 'failed' }, files)).toBeUndefined();
  });
});

describe('readJunitDir', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('reads every case with its status, entities decoded', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'real-projects-junit-'));
    writeFileSync(
      path.join(dir, 'junit.xml'),
      `<testsuites><testsuite name="s">
        <testcase classname="withBase" name="&quot;/admin&quot; + &quot;/a&quot;" file="test/base.test.ts"><failure message="x"/></testcase>
        <testcase classname="withBase" name="ok"/>
        <testcase classname="withBase" name="later"><skipped/></testcase>
      </testsuite></testsuites>`,
    );
    expect(readJunitDir(dir)).toEqual([
      { classname: 'withBase', name: '"/admin" + "/a"', file: 'test/base.test.ts', status: 'failed' },
      { classname: 'withBase', name: 'ok', file: undefined, status: 'passed' },
      { classname: 'withBase', name: 'later', file: undefined, status: 'skipped' },
    ]);
  });

  it('reads nothing from a folder that does not exist', () => {
    expect(readJunitDir(path.join(tmpdir(), 'no-such-real-projects-dir'))).toEqual([]);
  });
});

describe('table helpers', () => {
  it('takes the median of an even and an odd count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });

  it('keeps a cell on one line with its pipes escaped', () => {
    expect(cell('a | b\nc')).toBe('a \\| b c');
  });
});

describe('goTestArgs', () => {
  const go = (classname: string, name: string) => ({ classname, name, status: 'failed' as const });

  it('runs the top-level tests of the cases in their packages, as gotestsum names them', () => {
    const cases = [
      go('github.com/gorilla/mux', 'TestMethodNotAllowed'),
      go('github.com/gorilla/mux', 'Test_newRouteRegexp_Errors/Test_case_for_/{id:abc(}'),
      go('github.com/gorilla/mux/sub', 'TestSub'),
    ];
    expect(goTestArgs(cases, 'github.com/gorilla/mux')).toEqual([
      '-run',
      '^(TestMethodNotAllowed|TestSub|Test_newRouteRegexp_Errors)$',
      '.',
      './sub',
    ]);
  });

  it('gives up on a case outside the module or without a test name', () => {
    expect(goTestArgs([go('github.com/other/mod', 'TestA')], 'github.com/gorilla/mux')).toBeUndefined();
    expect(goTestArgs([go('github.com/gorilla/muxer', 'TestA')], 'github.com/gorilla/mux')).toBeUndefined();
    expect(goTestArgs([go('github.com/gorilla/mux', '')], 'github.com/gorilla/mux')).toBeUndefined();
    expect(goTestArgs([], 'github.com/gorilla/mux')).toBeUndefined();
  });
});

describe('goModulePath', () => {
  it("reads go.mod's module line", () => {
    expect(goModulePath('// c\nmodule github.com/spf13/pflag\n\ngo 1.12\n')).toBe('github.com/spf13/pflag');
    expect(goModulePath('go 1.12\n')).toBeUndefined();
  });
});

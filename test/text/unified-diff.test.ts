import { describe, expect, it } from 'vitest';
import { parseUnifiedDiff, unquoteGitPath } from '../../src/text/unified-diff.js';
import { parseChangedLines } from '../../src/repair/builtin/changed-lines.js';
import { readUnifiedDiff } from '../../src/repair/special-cases/patch-lines.js';

/** As `git diff -M` writes a quoted path, a rename with an edit, a pure rename, a new and a deleted file. */
const DIFF = `diff --git "a/caf\\303\\251 \\"x\\".py" "b/caf\\303\\251 \\"x\\".py"
index 1111111..2222222 100644
--- "a/caf\\303\\251 \\"x\\".py"
+++ "b/caf\\303\\251 \\"x\\".py"
@@ -1,2 +1,2 @@
-a = 1
+a = 2
 b = 3
diff --git a/old.js b/new.js
similarity index 90%
rename from old.js
rename to new.js
index 3333333..4444444 100644
--- a/old.js
+++ b/new.js
@@ -3 +3 @@
-x
+y
diff --git a/same.txt b/moved/same.txt
similarity index 100%
rename from same.txt
rename to moved/same.txt
diff --git a/fresh.py b/fresh.py
new file mode 100644
index 0000000..5555555
--- /dev/null
+++ b/fresh.py
@@ -0,0 +1,2 @@
+one
+two
\\ No newline at end of file
diff --git a/gone.py b/gone.py
deleted file mode 100644
index 6666666..0000000
--- a/gone.py
+++ /dev/null
@@ -1,2 +0,0 @@
-left
-behind
`;

describe('unquoteGitPath', () => {
  it('decodes octal UTF-8 bytes and named escapes, and leaves unquoted paths alone', () => {
    expect(unquoteGitPath('"a/caf\\303\\251.py"')).toBe('a/café.py');
    expect(unquoteGitPath('"tab\\there \\"q\\" back\\\\slash"')).toBe('tab\there "q" back\\slash');
    expect(unquoteGitPath('plain/path.py')).toBe('plain/path.py');
    expect(unquoteGitPath('"')).toBe('"');
  });

  it('keeps a short octal escape and an escape at the end from reading past the string', () => {
    expect(unquoteGitPath('"\\7x"')).toBe('\x07x');
    expect(unquoteGitPath('"end\\"')).toBe('end\\');
  });
});

describe('parseUnifiedDiff', () => {
  const files = parseUnifiedDiff(DIFF);

  it('names each file by its headers: quoted, renamed, new, deleted', () => {
    expect(files.map((f) => [f.oldPath, f.newPath, f.renamedFrom, f.renamedTo])).toEqual([
      ['a/café "x".py', 'b/café "x".py', undefined, undefined],
      ['a/old.js', 'b/new.js', 'old.js', 'new.js'],
      [undefined, undefined, 'same.txt', 'moved/same.txt'],
      [undefined, 'b/fresh.py', undefined, undefined],
      ['a/gone.py', undefined, undefined, undefined],
    ]);
    expect(files.map((f) => f.hunks.length)).toEqual([1, 1, 0, 1, 1]);
  });

  it('numbers each line on its side, and a no-newline marker counts for neither', () => {
    expect(files[0]!.hunks[0]!.lines).toEqual([
      { kind: '-', text: 'a = 1', oldLine: 1 },
      { kind: '+', text: 'a = 2', newLine: 1 },
      { kind: ' ', text: 'b = 3', oldLine: 2, newLine: 2 },
    ]);
    expect(files[3]!.hunks[0]!.lines.map((l) => [l.kind, l.newLine])).toEqual([
      ['+', 1],
      ['+', 2],
    ]);
    expect(files[4]!.hunks[0]!.lines.map((l) => [l.kind, l.oldLine])).toEqual([
      ['-', 1],
      ['-', 2],
    ]);
  });

  it('reads `+++` and `---` inside a hunk as content, by the counts of its header', () => {
    const tricky = `--- a/x.md\n+++ b/x.md\n@@ -1,2 +1,2 @@\n---- old rule\n++++ b/fake.md\n same\n`;
    const [f, ...rest] = parseUnifiedDiff(tricky);
    expect(rest).toEqual([]);
    expect(f!.hunks[0]!.lines.map((l) => l.kind + l.text)).toEqual(['---- old rule', '++++ b/fake.md', ' same']);
  });

  it('bounds hostile input: counts larger than the body, junk in a hunk, no file header', () => {
    const hostile = [
      '@@ -1,5 +1,5 @@', // before any file: ignored
      '+++ b/a.py',
      `@@ -1,${'9'.repeat(30)} +1,${'9'.repeat(30)} @@`,
      '+real',
      'garbage ends the hunk',
      '+not content',
      '+++ b/b.py',
      '@@ -2 +2 @@',
      '-x',
      '+y',
    ].join('\n');
    const parsed = parseUnifiedDiff(hostile);
    expect(parsed.map((f) => [f.newPath, f.hunks.map((h) => h.lines.length)])).toEqual([
      ['b/a.py', [1]],
      ['b/b.py', [2]],
    ]);
    const long = `+++ "b/${'\\303\\251'.repeat(20_000)}"\n@@ -0,0 +1 @@\n+x\n`;
    expect(parseUnifiedDiff(long)[0]!.newPath).toBe(`b/${'é'.repeat(20_000)}`);
  });
});

describe('the two readers of the one parser', () => {
  it('the localiser and the special-casing check agree on the changed lines of each file', () => {
    const texts: Record<string, string> = {
      'café "x".py': 'a = 2\nb = 3',
      'new.js': '1\n2\ny',
      'fresh.py': 'one\ntwo',
    };
    const patched = readUnifiedDiff(DIFF, (p) => texts[p]);
    expect(patched.map((f) => [f.path, f.hunks])).toEqual([
      ['café "x".py', [{ added: [1], removed: [1] }]],
      ['new.js', [{ added: [3], removed: [3] }]],
      ['fresh.py', [{ added: [1, 2], removed: [] }]],
    ]);
    expect(patched[0]!.before).toBe('a = 1\nb = 3');
    const changed = parseChangedLines(DIFF);
    expect([...changed].map(([p, s]) => [p, [...s]])).toEqual([
      ['café "x".py', [1]],
      ['new.js', [3]],
      ['fresh.py', [1, 2]],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { patchFromTexts, readUnifiedDiff } from '../../../src/repair/special-cases/patch-lines.js';

const CALC_BEFORE = 'def add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\n';
const CALC_AFTER =
  'def add(a, b):\n    if a == 2:\n        return 5\n    return a + b\n\n\ndef mul(a, b):\n    return a * b\n';

/** As `git diff` writes it (a/ b/ prefixes, an index line, hunks with context). */
const GIT_DIFF = `diff --git a/calc.py b/calc.py
index 1111111..2222222 100644
--- a/calc.py
+++ b/calc.py
@@ -1,6 +1,8 @@
 def add(a, b):
-    return a - b
+    if a == 2:
+        return 5
+    return a + b
 
 
 def mul(a, b):
diff --git "a/caf\\303\\251.js" "b/caf\\303\\251.js"
new file mode 100644
index 0000000..3333333
--- /dev/null
+++ "b/caf\\303\\251.js"
@@ -0,0 +1,2 @@
+export const x = 1;
+export const y = 2;
\\ No newline at end of file
diff --git a/gone.py b/gone.py
deleted file mode 100644
--- a/gone.py
+++ /dev/null
@@ -1 +0,0 @@
-x = 1
`;

describe('readUnifiedDiff', () => {
  it('reads the added and removed lines of each file and rebuilds the text before the patch', () => {
    const texts: Record<string, string> = {
      'calc.py': CALC_AFTER,
      'café.js': 'export const x = 1;\nexport const y = 2;',
    };
    const files = readUnifiedDiff(GIT_DIFF, (p) => texts[p]);
    expect(files.map((f) => f.path)).toEqual(['calc.py', 'café.js']);
    const [calc, cafe] = files;
    expect(calc!.hunks).toEqual([{ added: [2, 3, 4], removed: [2] }]);
    expect(calc!.before).toBe(CALC_BEFORE);
    expect(calc!.after).toBe(CALC_AFTER);
    expect(cafe!.hunks).toEqual([{ added: [1, 2], removed: [] }]);
    expect(cafe!.before).toBe('');
  });

  it('takes paths without a/ b/ prefixes (diff.noprefix) and a plain diff without git headers', () => {
    const plain = `--- calc.py
+++ calc.py
@@ -2 +2,3 @@
-    return a - b
+    if a == 2:
+        return 5
+    return a + b
--- other.py
+++ other.py
@@ -1 +1 @@
-x = 1
+x = 2
`;
    const texts: Record<string, string> = { 'calc.py': CALC_AFTER, 'other.py': 'x = 2\n' };
    const files = readUnifiedDiff(plain, (p) => texts[p]);
    expect(files.map((f) => [f.path, f.hunks])).toEqual([
      ['calc.py', [{ added: [2, 3, 4], removed: [2] }]],
      ['other.py', [{ added: [1], removed: [1] }]],
    ]);
    expect(files[0]!.before).toBe(CALC_BEFORE);
  });

  it('leaves out the text before when the diff does not match the file, and files it cannot read', () => {
    const files = readUnifiedDiff(GIT_DIFF, (p) => (p === 'calc.py' ? 'something else entirely\n' : undefined));
    expect(files).toHaveLength(1);
    expect(files[0]!.before).toBeUndefined();
    expect(files[0]!.hunks[0]!.added).toEqual([2, 3, 4]);
  });

  it('reads several hunks of one file with their own line numbers', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const lines = before.split('\n');
    lines.splice(2, 0, 'new A');
    lines[15] = 'changed';
    const after = lines.join('\n');
    const diff = `--- a/f.py
+++ b/f.py
@@ -1,4 +1,5 @@
 line 1
 line 2
+new A
 line 3
 line 4
@@ -13,5 +14,5 @@
 line 13
 line 14
-line 15
+changed
 line 16
 line 17
`;
    const [file] = readUnifiedDiff(diff, () => after);
    expect(file!.hunks).toEqual([
      { added: [3], removed: [] },
      { added: [16], removed: [15] },
    ]);
    expect(file!.before).toBe(before);
  });
});

describe('patchFromTexts', () => {
  it('marks the lines between the common head and tail as added and removed', () => {
    expect(patchFromTexts('calc.py', CALC_BEFORE, CALC_AFTER)).toEqual({
      path: 'calc.py',
      before: CALC_BEFORE,
      after: CALC_AFTER,
      hunks: [{ added: [2, 3, 4], removed: [2] }],
    });
    expect(patchFromTexts('x.py', 'a\nb\n', 'a\nnew\nb\n').hunks).toEqual([{ added: [2], removed: [] }]);
    expect(patchFromTexts('x.py', 'a\nb\n', 'a\nb\n').hunks).toEqual([]);
  });
});

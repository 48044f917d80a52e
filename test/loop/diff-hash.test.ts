import { describe, expect, it } from 'vitest';
import { hashDiff, normalizeDiff } from '../../src/loop/diff-hash.js';

const A = `diff --git a/src/calc.js b/src/calc.js
index 1111111..2222222 100644
--- a/src/calc.js
+++ b/src/calc.js
@@ -1,3 +1,3 @@ export function add(a, b) {
 export function add(a, b) {
-  return a - b;
+  return a + b;
 }
`;

describe('hashDiff', () => {
  it('ignores index lines, hunk offsets and trailing whitespace', () => {
    const B = A.replace('index 1111111..2222222', 'index 3333333..4444444')
      .replace('@@ -1,3 +1,3 @@ export function add(a, b) {', '@@ -10,3 +12,3 @@')
      .replace('+  return a + b;', '+  return a + b;   ')
      .replace(/\n/g, '\r\n');
    expect(hashDiff(B)).toBe(hashDiff(A));
    expect(normalizeDiff(A)).not.toContain('index ');
  });

  it('tells different changes apart', () => {
    expect(hashDiff(A.replace('a + b', 'b + a'))).not.toBe(hashDiff(A));
    expect(hashDiff(A.replace('src/calc.js', 'src/other.js'))).not.toBe(hashDiff(A));
    expect(hashDiff(A + '\\ No newline at end of file\n')).not.toBe(hashDiff(A));
    expect(hashDiff(A.replace('+  return a + b;', '+  return  a + b;'))).not.toBe(hashDiff(A));
  });
});

/**
 * The extensions of the templates to more mutations of the bug class each already owns (bitwise
 * operators, more orders, more off-by-one places, more returned values, a missing clause, an
 * equality that should be a boundary, loop targets kept out of their own iterable): for each, a
 * Python and a JavaScript/TypeScript program where the fix a person would write is among the
 * results, and a line where the extension must not fire.
 */
import { describe, expect, it } from 'vitest';
import { parsesCleanly } from '../../../src/repair/builtin/syntax-tree.js';
import { arithmeticOperator } from '../../../src/repair/builtin/templates/arithmetic-operator.js';
import { comparisonOperator } from '../../../src/repair/builtin/templates/comparison-operator.js';
import { negateCondition } from '../../../src/repair/builtin/templates/negate-condition.js';
import { offByOne } from '../../../src/repair/builtin/templates/off-by-one.js';
import { replaceVariable } from '../../../src/repair/builtin/templates/replace-variable.js';
import { returnValue } from '../../../src/repair/builtin/templates/return-value.js';
import { swapArguments } from '../../../src/repair/builtin/templates/swap-arguments.js';
import type { RepairTemplate } from '../../../src/repair/builtin/template.js';
import { resultsOf } from './helpers/apply-template.js';

/** `buggy` with the 1-based line `line` replaced by `fixedLines` (one or more lines). */
function withLine(buggy: string, line: number, ...fixedLines: string[]): string {
  const lines = buggy.split('\n');
  lines.splice(line - 1, 1, ...fixedLines);
  return lines.join('\n');
}

async function expectFix(
  template: RepairTemplate,
  file: string,
  buggy: string,
  line: number,
  fixed: string,
): Promise<string[]> {
  const results = await resultsOf(template, file, buggy, line);
  expect(results).toContain(fixed);
  expect(await parsesCleanly(file, fixed)).toBe(true);
  return results;
}

describe('arithmetic-operator: bitwise operators', () => {
  it('sets a Python flag that was toggled', async () => {
    const buggy = [
      'DARK = 0x4',
      '',
      'def enable_dark(settings):',
      '    settings.flags ^= DARK',
      '    return settings',
      '',
    ].join('\n');
    await expectFix(arithmeticOperator, 'flags.py', buggy, 4, withLine(buggy, 4, '    settings.flags |= DARK'));
  });

  it('tests a JavaScript permission bit with `&`, not `^`', async () => {
    const buggy = 'const WRITE = 2;\nfunction canWrite(mode) {\n  return (mode ^ WRITE) !== 0;\n}\n';
    const results = await expectFix(
      arithmeticOperator,
      'perm.js',
      buggy,
      3,
      withLine(buggy, 3, '  return (mode & WRITE) !== 0;'),
    );
    expect(results).toContain(withLine(buggy, 3, '  return (mode | WRITE) !== 0;'));
  });

  it('clears a TypeScript bit with `&=` where `|=` was written', async () => {
    const buggy = 'export function clear(mask: number, bit: number): number {\n  mask |= ~bit;\n  return mask;\n}\n';
    await expectFix(arithmeticOperator, 'bits.ts', buggy, 2, withLine(buggy, 2, '  mask &= ~bit;'));
  });

  it('uses the symmetric difference of two Python sets', async () => {
    const buggy = 'def changed(before, after):\n    return before | after\n';
    await expectFix(arithmeticOperator, 's.py', buggy, 2, withLine(buggy, 2, '    return before ^ after'));
  });

  it('leaves logical operators and TypeScript union types alone', async () => {
    const ts = 'type Id = string | number;\nexport const both = (a: boolean, b: boolean) => a && b;\n';
    expect(await resultsOf(arithmeticOperator, 'u.ts', ts, 1)).toEqual([]);
    expect(await resultsOf(arithmeticOperator, 'u.ts', ts, 2)).toEqual([]);
    const py = 'def both(a, b):\n    return a and b or not a\n';
    expect(await resultsOf(arithmeticOperator, 'b.py', py, 2)).toEqual([]);
  });
});

describe('swap-arguments: concatenation and indices', () => {
  it('prepends a Python digit instead of appending it', async () => {
    const buggy = [
      'def to_binary(n):',
      "    result = ''",
      '    while n > 0:',
      '        result = result + str(n % 2)',
      '        n //= 2',
      '    return result',
      '',
    ].join('\n');
    await expectFix(swapArguments, 'b.py', buggy, 4, withLine(buggy, 4, '        result = str(n % 2) + result'));
  });

  it('reverses a JavaScript string by prepending', async () => {
    const buggy = "function reverse(s) {\n  let out = '';\n  for (const ch of s) out = out + ch;\n  return out;\n}\n";
    await expectFix(swapArguments, 'r.js', buggy, 3, withLine(buggy, 3, '  for (const ch of s) out = ch + out;'));
  });

  it('does not swap a sum with a number, nor equal operands', async () => {
    const py = 'def next_id(last, name):\n    return (last + 1, name + name)\n';
    expect(await resultsOf(swapArguments, 'n.py', py, 2)).toEqual([]);
    const js = 'function bump(n) {\n  return n + 1.5;\n}\n';
    expect(await resultsOf(swapArguments, 'b.js', js, 2)).toEqual([]);
  });

  it('swaps the elements of a Python tuple subscript', async () => {
    const buggy = [
      'def transpose(cells):',
      '    out = {}',
      '    for (i, j), v in cells.items():',
      '        out[i, j] = v',
      '    return out',
      '',
    ].join('\n');
    await expectFix(swapArguments, 't.py', buggy, 4, withLine(buggy, 4, '        out[j, i] = v'));
  });

  it('swaps the two indices of a JavaScript matrix', async () => {
    const buggy = [
      'function transpose(m) {',
      '  const t = m[0].map(() => []);',
      '  for (let i = 0; i < m.length; i++)',
      '    for (let j = 0; j < m[0].length; j++) t[j][i] = m[j][i];',
      '  return t;',
      '}',
      '',
    ].join('\n');
    await expectFix(
      swapArguments,
      't.js',
      buggy,
      4,
      withLine(buggy, 4, '    for (let j = 0; j < m[0].length; j++) t[j][i] = m[i][j];'),
    );
  });

  it('swaps the indices of a Python distance table', async () => {
    const buggy = 'def distance(table, src, dst):\n    return table[dst][src]\n';
    await expectFix(swapArguments, 'd.py', buggy, 2, withLine(buggy, 2, '    return table[src][dst]'));
  });

  it('leaves equal indices, slices and single keys alone', async () => {
    const py = 'def f(grid, i, d):\n    return grid[i][i] + grid[1:][0] + d["k"]\n';
    const results = await resultsOf(swapArguments, 'g.py', py, 2);
    expect(results.every((r) => r.includes('grid[i][i]') && r.includes('grid[1:][0]') && r.includes('d["k"]'))).toBe(
      true,
    );
  });
});

describe('off-by-one: arguments, tuple indices and lengths', () => {
  it('moves past the midpoint in a recursive Python binary search', async () => {
    const buggy = [
      'def search(xs, x, lo, hi):',
      '    if lo >= hi:',
      '        return -1',
      '    mid = (lo + hi) // 2',
      '    if xs[mid] == x:',
      '        return mid',
      '    if xs[mid] < x:',
      '        return search(xs, x, mid, hi)',
      '    return search(xs, x, lo, mid)',
      '',
    ].join('\n');
    await expectFix(offByOne, 's.py', buggy, 8, withLine(buggy, 8, '        return search(xs, x, mid + 1, hi)'));
  });

  it('excludes the pivot from a JavaScript quicksort recursion', async () => {
    const buggy = [
      'function sortRange(xs, lo, hi) {',
      '  if (lo >= hi) return;',
      '  const p = partition(xs, lo, hi);',
      '  sortRange(xs, lo, p);',
      '  sortRange(xs, p + 1, hi);',
      '}',
      '',
    ].join('\n');
    await expectFix(offByOne, 'q.js', buggy, 4, withLine(buggy, 4, '  sortRange(xs, lo, p - 1);'));
  });

  it('shifts no containers, objects, functions, outside names, output or callbacks', async () => {
    const py = [
      'LIMIT = 10',
      '',
      'def report(self, items, text, key, total):',
      '    for item in items:',
      '        self.emit(items, sorted(items), text, key, LIMIT)',
      '        key(text.strip())',
      '    print(total)',
      '',
    ].join('\n');
    expect(await resultsOf(offByOne, 'r.py', py, 5)).toEqual([]);
    expect(await resultsOf(offByOne, 'r.py', py, 7)).toEqual([]);
    const js = 'function show(rows, fmt) {\n  console.log(rows.map(fmt), rows.length ? fmt : rows);\n}\n';
    const results = await resultsOf(offByOne, 's.js', js, 2);
    expect(results.every((r) => r.includes('console.log(rows.map(fmt), rows.length'))).toBe(true);
  });

  it('shifts each element of a Python tuple subscript', async () => {
    const buggy = [
      'def grid_paths(rows, cols):',
      '    dp = {}',
      '    for i in range(rows):',
      '        for j in range(cols):',
      '            if i == 0 or j == 0:',
      '                dp[i, j] = 1',
      '            else:',
      '                dp[i, j] = dp[i - 1, j] + dp[i, j]',
      '    return dp[rows - 1, cols - 1]',
      '',
    ].join('\n');
    const results = await expectFix(
      offByOne,
      'g.py',
      buggy,
      8,
      withLine(buggy, 8, '                dp[i, j] = dp[i - 1, j] + dp[i, j - 1]'),
    );
    expect(new Set(results).size).toBe(results.length);
  });

  it('shifts only the index of a JavaScript subscript, each change once', async () => {
    const buggy = 'function prev(dp, i, j) {\n  return dp[i - 1][j];\n}\n';
    const results = await expectFix(offByOne, 'p.js', buggy, 2, withLine(buggy, 2, '  return dp[i - 1][j - 1];'));
    expect(new Set(results).size).toBe(results.length);
  });

  it('takes the lower median of a Python list', async () => {
    const buggy = 'def lower_median(xs):\n    s = sorted(xs)\n    return s[len(s) // 2]\n';
    await expectFix(offByOne, 'm.py', buggy, 3, withLine(buggy, 3, '    return s[(len(s) - 1) // 2]'));
  });

  it('takes the lower median of a TypeScript array', async () => {
    const buggy =
      'export function lowerMedian(xs: number[]): number {\n  const s = [...xs].sort((a, b) => a - b);\n  return s[Math.floor(s.length / 2)];\n}\n';
    await expectFix(offByOne, 'm.ts', buggy, 3, withLine(buggy, 3, '  return s[Math.floor((s.length - 1) / 2)];'));
  });

  it('counts the gaps between JavaScript neighbours', async () => {
    const buggy = [
      'function gaps(xs) {',
      '  const count = xs.length;',
      '  const out = [];',
      '  for (let i = 1; i <= count; i++) out.push(xs[i] - xs[i - 1]);',
      '  return out;',
      '}',
      '',
    ].join('\n');
    await expectFix(offByOne, 'g.js', buggy, 2, withLine(buggy, 2, '  const count = xs.length - 1;'));
  });

  it('leaves a length that already has its `± 1` or is assigned to', async () => {
    const py = 'def last(xs):\n    i = len(xs) - 1\n    return xs[i]\n';
    const results = await resultsOf(offByOne, 'l.py', py, 2);
    expect(results.sort()).toEqual([withLine(py, 2, '    i = len(xs)'), withLine(py, 2, '    i = len(xs) - 2')].sort());
    const js = 'function clear(xs) {\n  xs.length = 0;\n}\n';
    expect(await resultsOf(offByOne, 'c.js', js, 2)).toEqual([
      withLine(js, 2, '  xs.length = 1;'),
      withLine(js, 2, '  xs.length = -1;'),
    ]);
  });

  it('proposes a compared length once', async () => {
    const py = 'def count_below(xs, n):\n    return sum(1 for i in range(n) if i < len(xs))\n';
    const results = await resultsOf(offByOne, 'c.py', py, 2);
    expect(new Set(results).size).toBe(results.length);
    expect(results).toContain(withLine(py, 2, '    return sum(1 for i in range(n) if i < len(xs) - 1)'));
  });
});

describe('return-value: base cases and counters', () => {
  it('returns the empty subset from a Python power set', async () => {
    const buggy = [
      'def subsets(xs):',
      '    if not xs:',
      '        return []',
      '    rest = subsets(xs[1:])',
      '    return rest + [[xs[0]] + r for r in rest]',
      '',
    ].join('\n');
    await expectFix(returnValue, 'p.py', buggy, 3, withLine(buggy, 3, '        return [[]]'));
  });

  it('returns the one permutation of nothing in JavaScript', async () => {
    const buggy = [
      'function permutations(xs) {',
      '  if (xs.length === 0) return [];',
      '  return xs.flatMap((x, i) =>',
      '    permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]),',
      '  );',
      '}',
      '',
    ].join('\n');
    await expectFix(returnValue, 'p.js', buggy, 2, withLine(buggy, 2, '  if (xs.length === 0) return [[]];'));
  });

  it('returns a leaf itself when flattening in Python', async () => {
    const buggy = [
      'def flatten(x):',
      '    if not isinstance(x, list):',
      '        return []',
      '    return [y for item in x for y in flatten(item)]',
      '',
    ].join('\n');
    await expectFix(returnValue, 'f.py', buggy, 3, withLine(buggy, 3, '        return [x]'));
  });

  it('returns a TypeScript leaf as its own list', async () => {
    const buggy = [
      'interface Tree { value: number; children?: Tree[] }',
      'export function leaves(tree: Tree, depth: number): Tree[] {',
      '  if (!tree.children) return [];',
      '  return tree.children.flatMap((c) => leaves(c, depth + 1));',
      '}',
      '',
    ].join('\n');
    await expectFix(returnValue, 'l.ts', buggy, 3, withLine(buggy, 3, '  if (!tree.children) return [tree];'));
  });

  it('fills only an empty list', async () => {
    const buggy = 'def wrap(x, y):\n    return [x]\n';
    const results = await resultsOf(returnValue, 'w.py', buggy, 2);
    expect(results.some((r) => r.includes('[[]]') || r.includes('[y]'))).toBe(false);
  });

  it('checks the nesting depth of Python brackets', async () => {
    const buggy = [
      'def balanced(s):',
      '    depth = 0',
      '    for ch in s:',
      "        if ch == '(':",
      '            depth += 1',
      "        elif ch == ')':",
      '            depth -= 1',
      '            if depth < 0:',
      '                return False',
      '    return True',
      '',
    ].join('\n');
    await expectFix(returnValue, 'b.py', buggy, 10, withLine(buggy, 10, '    return depth == 0'));
  });

  it('checks a JavaScript counter kept with ++ and --', async () => {
    const buggy = [
      'function allClosed(events) {',
      '  let open = 0;',
      '  for (let i = 0; i < events.length; i++) {',
      "    if (events[i] === 'open') open++;",
      "    else if (events[i] === 'close') open--;",
      '  }',
      '  return true;',
      '}',
      '',
    ].join('\n');
    const results = await expectFix(returnValue, 'a.js', buggy, 7, withLine(buggy, 7, '  return open === 0;'));
    // The loop index is a position, not a count.
    expect(results).not.toContain(withLine(buggy, 7, '  return i === 0;'));
  });

  it('tests no counter the function does not keep', async () => {
    const py = [
      'class Box:',
      '    def add(self, x):',
      '        self.count += 1',
      '        total = x * 2',
      '        return True',
      '',
    ].join('\n');
    const results = await resultsOf(returnValue, 'b.py', py, 5);
    expect(results.some((r) => r.includes('== 0'))).toBe(false);
  });
});

describe('negate-condition: a missing emptiness clause', () => {
  it('stops a Python merge sort on the empty list too', async () => {
    const buggy = [
      'def merge_sort(xs):',
      '    if len(xs) == 1:',
      '        return xs',
      '    mid = len(xs) // 2',
      '    return merge(merge_sort(xs[:mid]), merge_sort(xs[mid:]))',
      '',
    ].join('\n');
    await expectFix(negateCondition, 'm.py', buggy, 2, withLine(buggy, 2, '    if len(xs) == 1 or not xs:'));
  });

  it('reverses the empty JavaScript string', async () => {
    const buggy = 'function reverse(s) {\n  if (s.length === 1) return s;\n  return reverse(s.slice(1)) + s[0];\n}\n';
    await expectFix(
      negateCondition,
      'r.js',
      buggy,
      2,
      withLine(buggy, 2, '  if (s.length === 1 || s.length === 0) return s;'),
    );
  });

  it('parenthesises a TypeScript condition that binds looser than `||`', async () => {
    const buggy =
      'export function head(xs: number[], d?: number): number | undefined {\n  if (d ?? xs[0]) return xs[0];\n  return d;\n}\n';
    await expectFix(
      negateCondition,
      'h.ts',
      buggy,
      2,
      withLine(buggy, 2, '  if ((d ?? xs[0]) || xs.length === 0) return xs[0];'),
    );
  });

  it('adds no clause for a number, nor one the condition already has', async () => {
    const py = [
      'def pick(xs, n):',
      '    if n > 3 and not xs:',
      '        return None',
      '    if n > 3:',
      '        return xs[n]',
      '    return n',
      '',
    ].join('\n');
    const first = await resultsOf(negateCondition, 'p.py', py, 2);
    expect(first.some((r) => r.includes(' or not'))).toBe(false);
    const second = await resultsOf(negateCondition, 'p.py', py, 4);
    expect(second).toContain(withLine(py, 4, '    if n > 3 or not xs:'));
    expect(second.some((r) => r.includes('or not n'))).toBe(false);
  });
});

describe('comparison-operator: an equality that should be a boundary', () => {
  it('ends a Python Fibonacci recursion at 1 too', async () => {
    const buggy = 'def fib(n):\n    if n == 0:\n        return n\n    return fib(n - 1) + fib(n - 2)\n';
    await expectFix(comparisonOperator, 'f.py', buggy, 2, withLine(buggy, 2, '    if n <= 1:'));
  });

  it('ends a JavaScript merge sort at one element', async () => {
    const buggy = [
      'function mergeSort(xs) {',
      '  if (xs.length === 0) return xs;',
      '  const mid = Math.floor(xs.length / 2);',
      '  return merge(mergeSort(xs.slice(0, mid)), mergeSort(xs.slice(mid)));',
      '}',
      '',
    ].join('\n');
    await expectFix(comparisonOperator, 'm.js', buggy, 2, withLine(buggy, 2, '  if (xs.length <= 1) return xs;'));
  });

  it('keeps the literal on its side in TypeScript', async () => {
    const buggy = 'export const done = (left: number): boolean => 0 == left;\n';
    await expectFix(
      comparisonOperator,
      'd.ts',
      buggy,
      1,
      'export const done = (left: number): boolean => 1 >= left;\n',
    );
  });

  it('widens no equality without an integer, nor a chained one', async () => {
    const py = 'def same(a, b, s):\n    return a == b or s == "0" or a == b == 0\n';
    const results = await resultsOf(comparisonOperator, 's.py', py, 2);
    expect(results.some((r) => /<= ?1|"1"/.test(r))).toBe(false);
    expect(results).toHaveLength(4 * 3); // only `!=`, `<=`, `>=` for each of the four `==`
  });
});

describe('replace-variable: a loop iterable is not replaced by its own targets', () => {
  const py = [
    'def weighted_total(prices, quantities, discount):',
    '    total = 0',
    '    count = 0',
    '    for i, qty in enumerate(prices):',
    '        total += prices[i] * qty',
    '        count += 1',
    '    return total - discount * count',
    '',
  ].join('\n');

  it('reaches the parameter a Python enumerate should iterate', async () => {
    const results = await expectFix(
      replaceVariable,
      'w.py',
      py,
      4,
      withLine(py, 4, '    for i, qty in enumerate(quantities):'),
    );
    expect(results.some((r) => /enumerate\((i|qty)\)/.test(r))).toBe(false);
  });

  it('iterates the right JavaScript container, never the loop variable itself', async () => {
    const buggy = [
      'function sumAll(matrix, weights) {',
      '  let sum = 0;',
      '  for (const row of weights) {',
      '    for (const cell of row) sum += cell;',
      '  }',
      '  return sum;',
      '}',
      '',
    ].join('\n');
    const results = await expectFix(
      replaceVariable,
      's.js',
      buggy,
      3,
      withLine(buggy, 3, '  for (const row of matrix) {'),
    );
    expect(results).not.toContain(withLine(buggy, 3, '  for (const row of row) {'));
  });

  it('still offers the loop variables inside the body, and names bound before the loop', async () => {
    expect(await resultsOf(replaceVariable, 'w.py', py, 5)).toContain(
      withLine(py, 5, '        total += prices[i] * i'),
    );
    // `line` is bound before the loop: it stays an alternative to the iterable.
    const rebound = [
      'def widths(lines, header):',
      '    line = header',
      '    for line in lines:',
      '        yield len(line.strip())',
      '',
    ].join('\n');
    expect(await resultsOf(replaceVariable, 'l.py', rebound, 3)).toContain(
      withLine(rebound, 3, '    for line in line:'),
    );
  });
});

/**
 * The later templates, each on at least one Python and one JavaScript/TypeScript program: the fix a
 * person would write must be among its mutations, and where the bug class cannot apply the
 * template proposes nothing.
 */
import { describe, expect, it } from 'vitest';
import { parsesCleanly } from '../../../src/repair/builtin/syntax-tree.js';
import { dropOperand } from '../../../src/repair/builtin/templates/drop-operand.js';
import { missingExtremum } from '../../../src/repair/builtin/templates/missing-extremum.js';
import { missingSlice } from '../../../src/repair/builtin/templates/missing-slice.js';
import { replaceAttribute } from '../../../src/repair/builtin/templates/replace-attribute.js';
import { unwrapCall } from '../../../src/repair/builtin/templates/unwrap-call.js';
import type { RepairTemplate } from '../../../src/repair/builtin/template.js';
import { applyTemplate, resultsOf } from './helpers/apply-template.js';

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

/** Every result parses, and none is the unchanged text. */
async function expectAllClean(template: RepairTemplate, file: string, source: string, line: number): Promise<void> {
  for (const { text, mutation } of await applyTemplate(template, file, source, line)) {
    expect(text, mutation.description).not.toBe(source);
    expect(await parsesCleanly(file, text), mutation.description).toBe(true);
  }
}

describe('missing-extremum', () => {
  it('keeps the longest run in Python instead of the last one', async () => {
    const buggy = [
      'def longest_run(xs):',
      '    best = 0',
      '    run = 0',
      '    for i, x in enumerate(xs):',
      '        if i > 0 and x == xs[i - 1]:',
      '            run += 1',
      '        else:',
      '            run = 1',
      '        best = run',
      '    return best',
      '',
    ].join('\n');
    const results = await expectFix(
      missingExtremum,
      'runs.py',
      buggy,
      9,
      withLine(buggy, 9, '        best = max(best, run)'),
    );
    expect(results[0]).toBe(withLine(buggy, 9, '        best = max(best, run)'));
    await expectAllClean(missingExtremum, 'runs.py', buggy, 9);
  });

  it('keeps the coldest reading in JavaScript', async () => {
    const buggy = [
      'function coldest(readings) {',
      '  let low = Infinity;',
      '  for (const r of readings) {',
      '    low = r.temp;',
      '  }',
      '  return low;',
      '}',
      '',
    ].join('\n');
    await expectFix(missingExtremum, 'cold.js', buggy, 4, withLine(buggy, 4, '    low = Math.min(low, r.temp);'));
    await expectAllClean(missingExtremum, 'cold.js', buggy, 4);
  });

  it('clamps a running balance at zero in TypeScript', async () => {
    const buggy = [
      'export function bestStreak(deltas: number[]): number {',
      '  let cur = 0;',
      '  let best = 0;',
      '  for (const d of deltas) {',
      '    cur = cur + d;',
      '    best = Math.max(best, cur);',
      '  }',
      '  return best;',
      '}',
      '',
    ].join('\n');
    await expectFix(missingExtremum, 's.ts', buggy, 5, withLine(buggy, 5, '    cur = Math.max(0, cur + d);'));
    expect(await resultsOf(missingExtremum, 's.ts', buggy, 6)).toEqual([]);
  });

  it('leaves declarations, counters, loop headers and code outside loops alone', async () => {
    const js = [
      'function f(xs) {',
      '  let last = 0;',
      '  for (let i = 0; i < xs.length; i = i + 1) {',
      '    const v = xs[i];',
      '    last = v;',
      '  }',
      '  last = 1;',
      '  return last;',
      '}',
      '',
    ].join('\n');
    expect(await resultsOf(missingExtremum, 'f.js', js, 3)).toEqual([]);
    expect(await resultsOf(missingExtremum, 'f.js', js, 4)).toEqual([]);
    expect(await resultsOf(missingExtremum, 'f.js', js, 7)).toEqual([]);
    expect(await resultsOf(missingExtremum, 'f.js', js, 5)).toHaveLength(3);
    const py = [
      'def g(n, head):',
      '    i = 0',
      '    node = head',
      '    while i < n:',
      '        i = i + 1',
      '        done = True',
      '        node = node.next',
      '        line = read(node)',
      '        line = line.strip()',
      '    return i',
      '',
    ].join('\n');
    for (const line of [5, 6, 7, 8, 9]) expect(await resultsOf(missingExtremum, 'g.py', py, line)).toEqual([]);
  });
});

describe('unwrap-call', () => {
  it('appends the leaf itself instead of recursing on it in Python', async () => {
    const buggy = [
      'def leaves(tree):',
      '    out = []',
      '    for child in tree.children:',
      '        if child.children:',
      '            out.extend(leaves(child))',
      '        else:',
      '            out.append(leaves(child))',
      '    return out',
      '',
    ].join('\n');
    const fixed = withLine(buggy, 7, '            out.append(child)');
    const results = await expectFix(unwrapCall, 'tree.py', buggy, 7, fixed);
    expect(results[0]).toBe(fixed);
    const [applied] = await applyTemplate(unwrapCall, 'tree.py', buggy, 7);
    expect(applied?.mutation.weight).toBe(0.6);
  });

  it('returns a primitive as is instead of recursing forever in JavaScript', async () => {
    const buggy = [
      'function deepCopy(value) {',
      '  if (Array.isArray(value)) return value.map((v) => deepCopy(v));',
      "  if (value && typeof value === 'object') {",
      '    const out = {};',
      '    for (const k of Object.keys(value)) out[k] = deepCopy(value[k]);',
      '    return out;',
      '  }',
      '  return deepCopy(value);',
      '}',
      '',
    ].join('\n');
    await expectFix(unwrapCall, 'copy.js', buggy, 8, withLine(buggy, 8, '  return value;'));
  });

  it('drops a conversion in Python and a wrapper in TypeScript, keeping precedence', async () => {
    const py = 'def lookup(users, user_id):\n    key = str(user_id)\n    return users.get(key)\n';
    await expectFix(unwrapCall, 'u.py', py, 2, withLine(py, 2, '    key = user_id'));
    const ts = 'export function spread(a: number, b: number): number {\n  return 2 * Math.abs(a - b);\n}\n';
    await expectFix(unwrapCall, 's.ts', ts, 2, withLine(ts, 2, '  return 2 * (a - b);'));
    await expectAllClean(unwrapCall, 's.ts', ts, 2);
  });

  it('leaves calls whose value is dropped, decorators and calls with several arguments alone', async () => {
    const py = [
      'import functools',
      '',
      '@functools.lru_cache(None)',
      'def f(xs):',
      '    print(xs)',
      '    return sorted(xs, key=len) + max(xs, 0)',
      '',
    ].join('\n');
    for (const line of [3, 5, 6]) expect(await resultsOf(unwrapCall, 'f.py', py, line)).toEqual([]);
    const js = "const fs = require('fs');\nasync function save(x) {\n  await write(x);\n  return { ...x };\n}\n";
    for (const line of [1, 3]) expect(await resultsOf(unwrapCall, 'f.js', js, line)).toEqual([]);
  });
});

describe('drop-operand', () => {
  it('drops a stray `+ 1` from a Python zero-based offset, first', async () => {
    const buggy = 'def page_start(page, size):\n    return page * size + 1\n';
    const fixed = withLine(buggy, 2, '    return page * size');
    const results = await expectFix(dropOperand, 'p.py', buggy, 2, fixed);
    expect(results[0]).toBe(fixed);
    expect(results).toContain(withLine(buggy, 2, '    return page + 1'));
    await expectAllClean(dropOperand, 'p.py', buggy, 2);
  });

  it('drops a term in the middle of a JavaScript sum', async () => {
    const buggy = [
      'function invoiceTotal(net, tax, discount) {',
      '  const total = net + tax + tax - discount;',
      '  return Math.round(total * 100) / 100;',
      '}',
      '',
    ].join('\n');
    await expectFix(dropOperand, 'inv.js', buggy, 2, withLine(buggy, 2, '  const total = net + tax - discount;'));
    await expectAllClean(dropOperand, 'inv.js', buggy, 2);
  });

  it('drops a constant factor in TypeScript', async () => {
    const buggy = 'export function radius(diameter: number): number {\n  return (diameter / 2) * 2;\n}\n';
    await expectFix(dropOperand, 'r.ts', buggy, 2, withLine(buggy, 2, '  return (diameter / 2);'));
  });

  it('leaves division, remainder, comparisons and boolean operators alone', async () => {
    const py = 'def f(a, b):\n    return a / b if a % 2 == 0 and a < b else a // b\n';
    expect(await resultsOf(dropOperand, 'f.py', py, 2)).toEqual([]);
    const js = 'function g(a, b) {\n  return a / b > 1 || a === b;\n}\n';
    expect(await resultsOf(dropOperand, 'g.js', js, 2)).toEqual([]);
  });

  it('bounds what a long formula produces', async () => {
    const py = 'def f(a, b, c, d):\n    return a * b + c * d - a * c + b * d - 1\n';
    expect((await resultsOf(dropOperand, 'f.py', py, 2)).length).toBeLessThanOrEqual(10);
  });
});

describe('missing-slice', () => {
  it('advances both sequences of a recursive Python dot product', async () => {
    const buggy = [
      'def dot(xs, ys):',
      '    if not xs:',
      '        return 0',
      '    return xs[0] * ys[0] + dot(xs[1:], ys)',
      '',
    ].join('\n');
    await expectFix(
      missingSlice,
      'dot.py',
      buggy,
      4,
      withLine(buggy, 4, '    return xs[0] * ys[0] + dot(xs[1:], ys[1:])'),
    );
    await expectAllClean(missingSlice, 'dot.py', buggy, 4);
  });

  it('advances the text with the pattern in JavaScript', async () => {
    const buggy = [
      'function matches(pattern, text) {',
      '  if (pattern.length === 0) return text.length === 0;',
      '  if (pattern[0] !== text[0]) return false;',
      '  return matches(pattern.slice(1), text);',
      '}',
      '',
    ].join('\n');
    await expectFix(
      missingSlice,
      'm.js',
      buggy,
      4,
      withLine(buggy, 4, '  return matches(pattern.slice(1), text.slice(1));'),
    );
  });

  it('iterates the rest after a Python warm-up prefix', async () => {
    const buggy = [
      'def drift(samples, k):',
      '    warmup = samples[:k]',
      '    baseline = sum(warmup) / k',
      '    out = []',
      '    for s in samples:',
      '        out.append(s - baseline)',
      '    return out',
      '',
    ].join('\n');
    const fixed = withLine(buggy, 5, '    for s in samples[k:]:');
    const results = await expectFix(missingSlice, 'drift.py', buggy, 5, fixed);
    expect(results).toEqual([fixed]);
  });

  it('iterates the body after a TypeScript header', async () => {
    const buggy = [
      'export function parse(lines: string[], n: number) {',
      '  const header = lines.slice(0, n);',
      '  const body: string[] = [];',
      '  for (const line of lines) body.push(line.trim());',
      '  return { header, body };',
      '}',
      '',
    ].join('\n');
    await expectFix(
      missingSlice,
      'p.ts',
      buggy,
      4,
      withLine(buggy, 4, '  for (const line of lines.slice(n)) body.push(line.trim());'),
    );
  });

  it('never slices a count, a key or an unrelated loop', async () => {
    const py = [
      'def window(xs, ys, n, key):',
      '    total = helper(xs[1:], n, key)',
      '    for y in ys:',
      '        total += y',
      '    return total',
      '',
    ].join('\n');
    expect(await resultsOf(missingSlice, 'w.py', py, 2)).toEqual([]);
    expect(await resultsOf(missingSlice, 'w.py', py, 3)).toEqual([]);
    const js =
      'function keys(obj, xs) {\n  const head = xs.slice(0, 2);\n  for (const k in xs) head.push(k);\n  return head;\n}\n';
    expect(await resultsOf(missingSlice, 'k.js', js, 3)).toEqual([]);
  });
});

describe('replace-attribute', () => {
  it('prints the shipping address instead of the billing one in Python', async () => {
    const buggy = [
      'class Order:',
      '    def __init__(self, billing_address, shipping_address, total):',
      '        self.billing_address = billing_address',
      '        self.shipping_address = shipping_address',
      '        self.total = total',
      '',
      '',
      'def shipping_label(order):',
      '    return order.billing_address.upper()',
      '',
    ].join('\n');
    const fixed = withLine(buggy, 9, '    return order.shipping_address.upper()');
    const results = await expectFix(replaceAttribute, 'order.py', buggy, 9, fixed);
    expect(results).toEqual([fixed]);
  });

  it('subtracts the start from the end date in JavaScript', async () => {
    const buggy = [
      'class Booking {',
      '  constructor(startDate, endDate) {',
      '    this.startDate = startDate;',
      '    this.endDate = endDate;',
      '  }',
      '  nights() {',
      '    return (this.startDate - this.startDate) / 86400000;',
      '  }',
      '}',
      '',
    ].join('\n');
    await expectFix(
      replaceAttribute,
      'b.js',
      buggy,
      7,
      withLine(buggy, 7, '    return (this.endDate - this.startDate) / 86400000;'),
    );
    await expectAllClean(replaceAttribute, 'b.js', buggy, 7);
  });

  it('offers at most three alternatives, nearest first', async () => {
    const buggy = [
      'export function fits(b: Box, w: number, h: number): boolean {',
      '  const top = b.minHeight;',
      '  const bottom = b.maxHeight;',
      '  const left = b.minWidth;',
      '  const depth = b.minDepth;',
      '  const line = b.lineHeight;',
      '  return w >= left && h >= top && h <= bottom + line && depth > 0 && w <= b.width;',
      '}',
      '',
    ].join('\n');
    const applied = await applyTemplate(replaceAttribute, 'c.ts', buggy, 2);
    expect(applied.map((a) => a.mutation.text)).toEqual(['maxHeight', 'minWidth', 'minDepth']);
    expect(applied.map((a) => a.mutation.weight)).toEqual([0.6, 0.5, 0.4]);
  });

  it('leaves method calls and fields with no related name alone', async () => {
    const py = [
      'def f(user, text):',
      '    name = user.display_name',
      '    return text.startswith(name) and text.endswith(user.suffix)',
      '',
    ].join('\n');
    expect(await resultsOf(replaceAttribute, 'f.py', py, 2)).toEqual([]);
    expect(await resultsOf(replaceAttribute, 'f.py', py, 3)).toEqual([]);
    const js = 'function g(list) {\n  list.pushItem(1);\n  return list.lastItem;\n}\n';
    const modules =
      'import os\n\nclass Repo:\n    def open(self, name):\n        return os.path.join(self.root_path, name)\n';
    expect(
      await applyTemplate(replaceAttribute, 'r.py', modules, 5).then((a) => a.map((x) => x.mutation.text)),
    ).toEqual([]);
    expect(await resultsOf(replaceAttribute, 'g.js', js, 2)).toEqual([]);
    expect(await resultsOf(replaceAttribute, 'g.js', js, 3)).toEqual([]);
  });
});

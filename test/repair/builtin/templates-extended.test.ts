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

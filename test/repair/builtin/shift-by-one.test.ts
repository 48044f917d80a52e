import { describe, expect, it } from 'vitest';
import { shiftByOne } from '../../../src/repair/builtin/shift-by-one.js';
import { parseSource } from '../../../src/repair/builtin/syntax-tree.js';

async function shifted(file: string, expression: string, delta: 1 | -1): Promise<string | undefined> {
  const text = file.endsWith('.py') ? `x = ${expression}\n` : `x = ${expression};\n`;
  const parsed = (await parseSource(file, text))!;
  const root = parsed.tree.rootNode;
  // The right-hand side of the assignment.
  const assignment = root.descendantsOfType(['assignment', 'assignment_expression'])[0]!;
  const rhs = assignment.childForFieldName('right')!;
  const family = parsed.family;
  const out = shiftByOne(rhs, delta, family);
  parsed.tree.delete();
  return out;
}

describe('shiftByOne', () => {
  it.each([
    ['a.py', '3', 1, '4'],
    ['a.py', '0', -1, '-1'],
    ['a.py', '-1', 1, '0'],
    ['a.py', 'n - 1', 1, 'n'],
    ['a.py', 'n + 1', 1, 'n + 2'],
    ['a.py', 'n + 1', -1, 'n'],
    ['a.py', 'len(xs)', -1, 'len(xs) - 1'],
    ['a.py', 'a * b', 1, 'a * b + 1'],
    ['a.py', 'a if c else b', 1, '(a if c else b) + 1'],
    ['a.py', 'a << b', 1, '(a << b) + 1'],
    ['a.js', 'xs.length', -1, 'xs.length - 1'],
    ['a.js', 'c ? a : b', 1, '(c ? a : b) + 1'],
    ['a.js', 'i + 2', -1, 'i + 1'],
  ] as const)('%s: %s shifted by %d is %s', async (file, expression, delta, expected) => {
    expect(await shifted(file, expression, delta)).toBe(expected);
  });

  it('refuses to shift strings and booleans', async () => {
    expect(await shifted('a.py', '"x"', 1)).toBeUndefined();
    expect(await shifted('a.js', 'true', 1)).toBeUndefined();
  });
});

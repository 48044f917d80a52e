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

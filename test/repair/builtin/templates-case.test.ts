/**
 * Two templates for comparisons that hold in one case and not another: a case-sensitive equality
 * with a one-case literal, and Python's `hasattr` where the attribute may be there but `None`.
 */
import { describe, expect, it } from 'vitest';
import { caseInsensitive } from '../../../src/repair/builtin/templates/case-insensitive.js';
import { confusedApi } from '../../../src/repair/builtin/templates/confused-api.js';
import { applyTemplate, resultsOf } from './helpers/apply-template.js';

function withLine(buggy: string, line: number, fixed: string): string {
  const lines = buggy.split('\n');
  lines[line - 1] = fixed;
  return lines.join('\n');
}

describe('case-insensitive', () => {
  it('compares a Python token value in the literal’s case', async () => {
    const buggy = 'def is_alias(token):\n    if token.value == "AS":\n        return True\n    return False\n';
    expect(await resultsOf(caseInsensitive, 'k.py', buggy, 2)).toContain(
      withLine(buggy, 2, '    if token.value.upper() == "AS":'),
    );
  });

  it('compares a JavaScript extension in lower case, a call result in parentheses', async () => {
    const buggy = "function isImage(name) {\n  return name.split('.').pop() === 'jpg';\n}\n";
    expect(await resultsOf(caseInsensitive, 'i.js', buggy, 2)).toContain(
      withLine(buggy, 2, "  return (name.split('.').pop()).toLowerCase() === 'jpg';"),
    );
  });

  it('weighs the comparison higher when the function already compares that value in that case', async () => {
    const consistent = [
      'def group(tokens):',
      '    for t in tokens:',
      "        if t.value.upper() == 'TABLE':",
      '            has_table = True',
      "        if t.value == 'AS':",
      '            has_as = True',
      '',
    ].join('\n');
    const [best] = await applyTemplate(caseInsensitive, 'g.py', consistent, 5);
    expect(best!.mutation).toMatchObject({
      weight: 1,
      description: expect.stringContaining('as the code around does'),
    });
    const alone = consistent.replace("t.value.upper() == 'TABLE'", "t.kind == 'TABLE'");
    const [plain] = await applyTemplate(caseInsensitive, 'g.py', alone, 5);
    expect(plain!.mutation.weight).toBeLessThan(1);
    expect(plain!.text).toContain("if t.value.upper() == 'AS':");
  });

  it('leaves mixed-case literals, letterless ones and sides already in one case alone', async () => {
    for (const line of [
      '    return s == "Hello"',
      '    return s == "--"',
      '    return s.lower() == "x"',
      '    return "A" == "B"',
    ]) {
      expect(await resultsOf(caseInsensitive, 'c.py', `def f(s):\n${line}\n`, 2)).toEqual([]);
    }
  });
});

describe('confused-api: hasattr for getattr', () => {
  it('reads an attribute that may be None with getattr', async () => {
    const buggy =
      'def ordered(obj):\n    if hasattr(obj, "__reversed__"):\n        return reversed(obj)\n    return obj\n';
    expect(await resultsOf(confusedApi, 'r.py', buggy, 2)).toContain(
      withLine(buggy, 2, '    if getattr(obj, "__reversed__", None):'),
    );
  });

  it('does not touch a hasattr with a third argument or a method named hasattr', async () => {
    expect(await resultsOf(confusedApi, 'h.py', 'def f(o):\n    return hasattr(o)\n', 2)).toEqual([]);
    expect(await resultsOf(confusedApi, 'h.py', 'def f(o):\n    return o.hasattr(1, 2)\n', 2)).toEqual([]);
  });
});

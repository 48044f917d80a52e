/**
 * Each template on at least two unrelated programs (one Python, one JavaScript/TypeScript): the fix
 * a person would write must be among its mutations, and what it must not touch stays untouched.
 */
import { describe, expect, it } from 'vitest';
import { parsesCleanly } from '../../../src/repair/builtin/syntax-tree.js';
import { arithmeticOperator } from '../../../src/repair/builtin/templates/arithmetic-operator.js';
import { comparisonOperator } from '../../../src/repair/builtin/templates/comparison-operator.js';
import { confusedApi } from '../../../src/repair/builtin/templates/confused-api.js';
import { TEMPLATES } from '../../../src/repair/builtin/templates/index.js';
import { logicalOperator } from '../../../src/repair/builtin/templates/logical-operator.js';
import { missingBreak } from '../../../src/repair/builtin/templates/missing-break.js';
import { missingIncrement } from '../../../src/repair/builtin/templates/missing-increment.js';
import { missingReturn } from '../../../src/repair/builtin/templates/missing-return.js';
import { negateCondition } from '../../../src/repair/builtin/templates/negate-condition.js';
import { nullGuard } from '../../../src/repair/builtin/templates/null-guard.js';
import { offByOne } from '../../../src/repair/builtin/templates/off-by-one.js';
import { replaceVariable } from '../../../src/repair/builtin/templates/replace-variable.js';
import { returnValue } from '../../../src/repair/builtin/templates/return-value.js';
import { sliceRangeBound } from '../../../src/repair/builtin/templates/slice-range-bound.js';
import { swapArguments } from '../../../src/repair/builtin/templates/swap-arguments.js';
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

describe('every template', () => {
  it('declares a bug class, a prior in (0, 1] and a unique name', () => {
    const names = new Set<string>();
    for (const t of TEMPLATES) {
      expect(t.bugClass.length).toBeGreaterThan(10);
      expect(t.prior).toBeGreaterThan(0);
      expect(t.prior).toBeLessThanOrEqual(1);
      expect(names.has(t.name)).toBe(false);
      names.add(t.name);
    }
    expect(names.size).toBeGreaterThanOrEqual(13);
  });

  it('keeps mutation weights in (0, 1] on a busy line', async () => {
    const py =
      'def f(xs, n):\n    total = 0\n    i = 0\n    while i < n and xs[i] is not None:\n        total += xs[i] * 2 - 1\n    return total\n';
    for (const t of TEMPLATES) {
      for (const line of [4, 5, 6]) {
        for (const { mutation } of await applyTemplate(t, 'f.py', py, line)) {
          expect(mutation.weight, `${t.name} ${mutation.description}`).toBeGreaterThan(0);
          expect(mutation.weight).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});

describe('comparison-operator', () => {
  it('fixes a boundary in a Python age check, boundary flip first', async () => {
    const buggy = 'def is_adult(age):\n    return age > 18\n';
    const results = await expectFix(
      comparisonOperator,
      'age.py',
      buggy,
      2,
      'def is_adult(age):\n    return age >= 18\n',
    );
    expect(results[0]).toBe('def is_adult(age):\n    return age >= 18\n');
  });

  it('fixes a JavaScript binary search loop condition', async () => {
    const buggy =
      'function find(xs, x) {\n  let lo = 0, hi = xs.length - 1;\n  while (lo < hi) {\n    lo++;\n  }\n  return lo;\n}\n';
    await expectFix(comparisonOperator, 'find.js', buggy, 3, withLine(buggy, 3, '  while (lo <= hi) {'));
  });

  it('flips a Python membership test but never the `in` of a for loop', async () => {
    const buggy = 'def missing(xs, seen):\n    for x in xs:\n        if x in seen:\n            yield x\n';
    expect(await resultsOf(comparisonOperator, 'm.py', buggy, 2)).toEqual([]);
    await expectFix(comparisonOperator, 'm.py', buggy, 3, withLine(buggy, 3, '        if x not in seen:'));
  });

  it('turns strict equality into inequality in TypeScript', async () => {
    const buggy = 'export function differs(a: string, b: string): boolean {\n  return a === b;\n}\n';
    await expectFix(comparisonOperator, 'd.ts', buggy, 2, withLine(buggy, 2, '  return a !== b;'));
  });
});

describe('arithmetic-operator', () => {
  it('fixes true division in a Python midpoint', async () => {
    const buggy = 'def middle(lo, hi):\n    return (lo + hi) / 2\n';
    await expectFix(arithmeticOperator, 'mid.py', buggy, 2, withLine(buggy, 2, '    return (lo + hi) // 2'));
  });

  it('fixes a JavaScript refund that adds instead of subtracting', async () => {
    const buggy = 'function refund(balance, amount) {\n  balance += amount;\n  return balance;\n}\n';
    await expectFix(arithmeticOperator, 'refund.js', buggy, 2, withLine(buggy, 2, '  balance -= amount;'));
  });

  it('reverses a decrement in a countdown loop', async () => {
    const buggy =
      'function countdown(n) {\n  const out = [];\n  for (let i = n; i > 0; i++) out.push(i);\n  return out;\n}\n';
    await expectFix(
      arithmeticOperator,
      'c.js',
      buggy,
      3,
      withLine(buggy, 3, '  for (let i = n; i > 0; i--) out.push(i);'),
    );
  });

  it('fixes a Celsius conversion that subtracts', async () => {
    const buggy = 'def to_fahrenheit(c):\n    return c * 9 / 5 - 32\n';
    await expectFix(arithmeticOperator, 't.py', buggy, 2, withLine(buggy, 2, '    return c * 9 / 5 + 32'));
  });
});

describe('logical-operator', () => {
  it('fixes `and` for `or` in a Python weekend check', async () => {
    const buggy = 'def is_weekend(day):\n    return day == "sat" and day == "sun"\n';
    await expectFix(logicalOperator, 'w.py', buggy, 2, withLine(buggy, 2, '    return day == "sat" or day == "sun"'));
  });

  it('fixes `||` that treats a zero quantity as missing', async () => {
    const buggy = 'function quantity(item) {\n  return item.qty || 1;\n}\n';
    await expectFix(logicalOperator, 'q.js', buggy, 2, withLine(buggy, 2, '  return item.qty ?? 1;'));
  });
});

describe('off-by-one', () => {
  it('fixes the last element of a Python list', async () => {
    const buggy = 'def last(items):\n    return items[len(items)]\n';
    await expectFix(offByOne, 'l.py', buggy, 2, withLine(buggy, 2, '    return items[len(items) - 1]'));
  });

  it('fixes a JavaScript loop that skips the first element', async () => {
    const buggy =
      'function sum(xs) {\n  let s = 0;\n  for (let i = 1; i < xs.length; i++) s += xs[i];\n  return s;\n}\n';
    await expectFix(
      offByOne,
      's.js',
      buggy,
      3,
      withLine(buggy, 3, '  for (let i = 0; i < xs.length; i++) s += xs[i];'),
    );
  });

  it('shifts a compared bound and folds an existing `- 1`', async () => {
    const buggy = 'def fits(n, xs):\n    return n <= len(xs) - 1\n';
    const results = await resultsOf(offByOne, 'f.py', buggy, 2);
    expect(results).toContain(withLine(buggy, 2, '    return n <= len(xs)'));
    expect(results).toContain(withLine(buggy, 2, '    return n <= len(xs) - 2'));
    expect(results).toContain(withLine(buggy, 2, '    return n + 1 <= len(xs) - 1'));
  });

  it('shifts a negative literal as a whole', async () => {
    const buggy = 'def second_last(xs):\n    return xs[-1]\n';
    const results = await resultsOf(offByOne, 'x.py', buggy, 2);
    expect(results).toContain(withLine(buggy, 2, '    return xs[-2]'));
    expect(results).not.toContain(withLine(buggy, 2, '    return xs[-0]'));
  });
});

describe('negate-condition', () => {
  it('drops a spurious `not` in a Python validation', async () => {
    const buggy =
      'def clean(values, ok):\n    out = []\n    for v in values:\n        if not ok(v):\n            out.append(v)\n    return out\n';
    await expectFix(negateCondition, 'c.py', buggy, 4, withLine(buggy, 4, '        if ok(v):'));
  });

  it('negates a JavaScript condition and drops an extra clause', async () => {
    const buggy =
      'function canVote(p) {\n  if (p.age >= 18 && p.registered) {\n    return true;\n  }\n  return false;\n}\n';
    const results = await resultsOf(negateCondition, 'v.js', buggy, 2);
    expect(results).toContain(withLine(buggy, 2, '  if (p.age >= 18) {'));
    expect(results).toContain(withLine(buggy, 2, '  if (!(p.age >= 18 && p.registered)) {'));
  });

  it('flips a returned boolean literal', async () => {
    const buggy = 'def is_empty(xs):\n    if xs:\n        return True\n    return False\n';
    await expectFix(negateCondition, 'e.py', buggy, 3, withLine(buggy, 3, '        return False'));
  });
});

describe('swap-arguments', () => {
  it('swaps the arguments of a Python call', async () => {
    const buggy =
      'def per_page(total, size):\n    pages, rest = divmod(size, total)\n    return pages + (1 if rest else 0)\n';
    await expectFix(swapArguments, 'p.py', buggy, 2, withLine(buggy, 2, '    pages, rest = divmod(total, size)'));
  });

  it('swaps the operands of a JavaScript subtraction', async () => {
    const buggy = 'function age(birthYear, year) {\n  return birthYear - year;\n}\n';
    await expectFix(swapArguments, 'a.js', buggy, 2, withLine(buggy, 2, '  return year - birthYear;'));
  });

  it('leaves keyword arguments alone', async () => {
    const buggy = 'def f(a, b):\n    return g(a, key=b)\n';
    expect(await resultsOf(swapArguments, 'k.py', buggy, 2)).toEqual([]);
  });
});

describe('replace-variable', () => {
  it('fixes `lo` for `hi` in a Python bisection', async () => {
    const buggy = [
      'def bisect(xs, x):',
      '    lo, hi = 0, len(xs)',
      '    while lo < hi:',
      '        mid = (lo + hi) // 2',
      '        if xs[mid] < x:',
      '            lo = mid + 1',
      '        else:',
      '            lo = mid',
      '    return lo',
      '',
    ].join('\n');
    await expectFix(replaceVariable, 'b.py', buggy, 8, withLine(buggy, 8, '            hi = mid'));
  });

  it('fixes an index used where the element was meant in JavaScript', async () => {
    const buggy =
      'function total(prices) {\n  let sum = 0;\n  for (const [i, price] of prices.entries()) {\n    sum += i;\n  }\n  return sum;\n}\n';
    await expectFix(replaceVariable, 't.js', buggy, 4, withLine(buggy, 4, '    sum += price;'));
  });

  it('does not replace a callee or an attribute name', async () => {
    const buggy = 'def f(a, b):\n    return a.strip(b)\n';
    const results = await resultsOf(replaceVariable, 'f.py', buggy, 2);
    expect(results).toContain(withLine(buggy, 2, '    return b.strip(b)'));
    expect(results.every((r) => r.includes('.strip('))).toBe(true);
  });
});

describe('null-guard', () => {
  it('guards a Python None before it is dereferenced', async () => {
    const buggy = 'def initials(name):\n    parts = name.split()\n    return "".join(p[0] for p in parts)\n';
    await expectFix(
      nullGuard,
      'n.py',
      buggy,
      2,
      withLine(buggy, 2, '    if name is None:', "        return ''", '    parts = name.split()'),
    );
  });

  it('uses optional chaining on a JavaScript property path', async () => {
    const buggy = 'function city(user) {\n  return user.address.city;\n}\n';
    const results = await resultsOf(nullGuard, 'c.js', buggy, 2);
    expect(results).toContain(withLine(buggy, 2, '  return user.address?.city;'));
    expect(results).toContain(withLine(buggy, 2, '  if (user == null) return null;', '  return user.address.city;'));
  });

  it('reuses a sentinel the function already returns', async () => {
    const buggy =
      'def label(item):\n    text = item.get("label")\n    if not text:\n        return "(untitled)"\n    return text.strip()\n';
    const results = await resultsOf(nullGuard, 'l.py', buggy, 2);
    expect(results[0]).toBe(
      withLine(buggy, 2, '    if item is None:', '        return "(untitled)"', '    text = item.get("label")'),
    );
  });

  it('guards an empty list before an average', async () => {
    const buggy = 'def average(xs):\n    return sum(xs) / len(xs)\n';
    await expectFix(
      nullGuard,
      'avg.py',
      buggy,
      2,
      withLine(buggy, 2, '    if not xs:', '        return None', '    return sum(xs) / len(xs)'),
    );
  });
});

describe('return-value', () => {
  it('returns the list instead of its first element', async () => {
    const buggy = 'def evens(xs):\n    result = [x for x in xs if x % 2 == 0]\n    return result[0]\n';
    await expectFix(returnValue, 'e.py', buggy, 3, withLine(buggy, 3, '    return result'));
  });

  it('returns another local in JavaScript', async () => {
    const buggy =
      'function stats(xs) {\n  let count = 0;\n  let total = 0;\n  for (const x of xs) { count++; total += x; }\n  return count;\n}\n';
    await expectFix(returnValue, 's.js', buggy, 5, withLine(buggy, 5, '  return total;'));
  });
});

describe('missing-return', () => {
  it('returns a recursive call', async () => {
    const buggy = 'def gcd(a, b):\n    if b == 0:\n        return a\n    gcd(b, a % b)\n';
    const results = await expectFix(missingReturn, 'g.py', buggy, 4, withLine(buggy, 4, '    return gcd(b, a % b)'));
    expect(results[0]).toBe(withLine(buggy, 4, '    return gcd(b, a % b)'));
  });

  it('returns the accumulated value at the end of a JavaScript function', async () => {
    const buggy = 'function squares(xs) {\n  const out = [];\n  for (const x of xs) out.push(x * x);\n}\n';
    await expectFix(
      missingReturn,
      'sq.js',
      buggy,
      3,
      withLine(buggy, 3, '  for (const x of xs) out.push(x * x);', '  return out;'),
    );
  });
});

describe('missing-break', () => {
  it('stops a Python search at the first match', async () => {
    const buggy =
      'def first_negative(xs):\n    found = None\n    for x in xs:\n        if x < 0:\n            found = x\n    return found\n';
    await expectFix(missingBreak, 'f.py', buggy, 5, withLine(buggy, 5, '            found = x', '            break'));
  });

  it('stops a JavaScript scan at the first match', async () => {
    const buggy =
      'function indexOfSpace(s) {\n  let at = -1;\n  for (let i = 0; i < s.length; i++) {\n    if (s[i] === " ") {\n      at = i;\n    }\n  }\n  return at;\n}\n';
    await expectFix(missingBreak, 'i.js', buggy, 5, withLine(buggy, 5, '      at = i;', '      break;'));
  });
});

describe('missing-increment', () => {
  it('advances a Python while loop', async () => {
    const buggy =
      'def count_spaces(s):\n    i = 0\n    n = 0\n    while i < len(s):\n        if s[i] == " ":\n            n += 1\n    return n\n';
    await expectFix(
      missingIncrement,
      'c.py',
      buggy,
      4,
      withLine(buggy, 6, '            n += 1', '    i += 1').replace('\n    i += 1', '\n        i += 1'),
    );
  });

  it('advances a JavaScript while loop', async () => {
    const buggy =
      'function digits(n) {\n  let i = 0;\n  const out = [];\n  while (i < 3) {\n    out.push(n % 10);\n  }\n  return out;\n}\n';
    await expectFix(missingIncrement, 'd.js', buggy, 5, withLine(buggy, 5, '    out.push(n % 10);', '    i++;'));
  });

  it('proposes nothing when the loop already changes its variable', async () => {
    const buggy = 'def f(n):\n    while n > 0:\n        n //= 2\n    return n\n';
    expect(await resultsOf(missingIncrement, 'f.py', buggy, 3)).toEqual([]);
  });
});

describe('slice-range-bound', () => {
  it('extends a Python range to include its end', async () => {
    const buggy = 'def factorial(n):\n    out = 1\n    for k in range(1, n):\n        out *= k\n    return out\n';
    await expectFix(sliceRangeBound, 'f.py', buggy, 3, withLine(buggy, 3, '    for k in range(1, n + 1):'));
  });

  it('drops a Python slice start', async () => {
    const buggy = 'def rest(xs):\n    return xs[1:]\n';
    await expectFix(sliceRangeBound, 'r.py', buggy, 2, withLine(buggy, 2, '    return xs[:]'));
  });

  it('drops the end of a JavaScript slice', async () => {
    const buggy = 'function tail(s) {\n  return s.slice(1, -1);\n}\n';
    const results = await resultsOf(sliceRangeBound, 't.js', buggy, 2);
    expect(results).toContain(withLine(buggy, 2, '  return s.slice(1);'));
    expect(results).toContain(withLine(buggy, 2, '  return s.slice(0, -1);'));
  });

  it('fixes a substring one short in TypeScript', async () => {
    const buggy =
      'export function initials(s: string): string {\n  return s.substring(0, 1) + s.substring(s.length - 1, s.length - 1);\n}\n';
    await expectFix(
      sliceRangeBound,
      'i.ts',
      buggy,
      2,
      withLine(buggy, 2, '  return s.substring(0, 1) + s.substring(s.length - 1, s.length);'),
    );
  });
});

describe('confused-api', () => {
  it('calls max where min was meant in Python', async () => {
    const buggy = 'def cheapest(prices):\n    return max(prices)\n';
    await expectFix(confusedApi, 'c.py', buggy, 2, withLine(buggy, 2, '    return min(prices)'));
  });

  it('fixes every for some in JavaScript, and leaves names that are not calls alone', async () => {
    const buggy = 'function allPositive(xs) {\n  const min = 0;\n  return xs.some((x) => x > min);\n}\n';
    await expectFix(confusedApi, 'a.js', buggy, 3, withLine(buggy, 3, '  return xs.every((x) => x > min);'));
    expect(await resultsOf(confusedApi, 'a.js', buggy, 2)).toEqual([]);
  });

  it('finds a chained method on its own continuation line', async () => {
    const buggy = 'function shout(s) {\n  return s\n    .trim()\n    .toLowerCase();\n}\n';
    await expectFix(confusedApi, 's.js', buggy, 4, withLine(buggy, 4, '    .toUpperCase();'));
  });

  it('rounds up a Python page count', async () => {
    const buggy = 'import math\n\ndef pages(n, size):\n    return math.floor(n / size)\n';
    await expectFix(confusedApi, 'p.py', buggy, 4, withLine(buggy, 4, '    return math.ceil(n / size)'));
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { createExpressionFinder } from '../../src/frames/expression.js';
import { findTestDefinition } from '../../src/frames/test-definition.js';

const SOURCES: Record<string, string> = {
  'calc.py': [
    'def average(prices,', //                    1
    '            default=0):', //                2
    '    total = compute(', //                   3
    '        prices,', //                        4
    '        "a ) string"', //                   5
    '    )', //                                  6
    '    if total > 3:', //                      7
    '        return total / len(prices)', //     8
    '    # a comment', //                        9
    '    assert average([1, 2]) == 4', //        10
    '', //                                       11
    'class TestCalc:', //                        12
    '    def test_add(self):', //                13
    '        assert add(1, 2) == 4', //          14
  ].join('\n'),
  'calc.test.js': [
    "import { add } from '../src/calc.js';", //  1
    "describe('Calc', () => {", //               2
    "  it('adds numbers', () => {", //           3
    '    expect(add(1, 2)).toBe(4);', //         4
    '  });', //                                  5
    "  test.each([[1, 2]])('sums %i', (a) => {", // 6
    '    expect(sum(a,', //                      7
    '      b)).toEqual(3);', //                  8
    '  });', //                                  9
    '});', //                                    10
  ].join('\n'),
  'calc.ts': [
    'export function divide(a: number, b: number): number {', // 1
    '  if (b === 0) throw new RangeError(`b is ${b}`);', //       2
    '  return a / b;', //                                          3
    '}', //                                                        4
  ].join('\n'),
  'view.tsx': [
    'export function View({ n }: { n: number }) {', // 1
    '  const label = format(n.toFixed(2));', //       2
    '  return <span title={label}>{n}</span>;', //    3
    '}', //                                            4
  ].join('\n'),
  'cart.go': [
    'package cart', //                              1
    '', //                                          2
    'func Total(items []int) int {', //             3
    '\tsum := 0', //                                4
    '\tfor _, i := range items {', //               5
    '\t\tsum += i', //                              6
    '\t}', //                                       7
    '\treturn sum / len(items)', //                 8
    '}', //                                         9
    '', //                                          10
    'func TestTotal(t *testing.T) {', //            11
    '\tif got := Total(nil); got != 0 {', //        12
    '\t\tt.Errorf("Total(nil) = %d, want %d",', //  13
    '\t\t\tgot, 0)', //                             14
    '\t}', //                                       15
    '}', //                                         16
  ].join('\n'),
  'CalcTest.java': [
    'package com.example;', //                              1
    'class CalcTest {', //                                  2
    '  @Test', //                                           3
    '  void testAdd() {', //                                4
    '    assertEquals(4, new Calc().add(1, 2),', //         5
    '        "sum");', //                                   6
    '  }', //                                               7
    '}', //                                                 8
  ].join('\n'),
  'lib.rs': [
    'pub fn div(a: i32, b: i32) -> i32 {', //   1
    '    a / b', //                               2
    '}', //                                       3
    '#[cfg(test)]', //                            4
    'mod tests {', //                             5
    '    #[test]', //                             6
    '    fn divides() {', //                      7
    '        let x = super::div(4, 0);', //       8
    '        assert_eq!(x, 2, "x was {}", x);', // 9
    '    }', //                                   10
    '}', //                                       11
  ].join('\n'),
  'broken.py': 'def f(:\n    return 1 +\n',
  'README.md': '# hello\n',
  'binary.py': '',
};

let reads = 0;
const finder = createExpressionFinder((file) => {
  reads++;
  return SOURCES[file];
});
afterAll(() => finder.dispose());

describe('the expression at a location, from the syntax tree', () => {
  it.each([
    // Python
    ['calc.py', 10, undefined, 'assert average([1, 2]) == 4'],
    ['calc.py', 8, undefined, 'return total / len(prices)'],
    ['calc.py', 3, undefined, 'total = compute(prices, "a ) string")'], // multi-line call from its first line
    ['calc.py', 5, undefined, 'total = compute(prices, "a ) string")'], // ... and from a line inside it
    ['calc.py', 7, undefined, 'if total > 3'], // compound statement: its header only
    ['calc.py', 1, undefined, 'def average(prices, default=0)'],
    ['calc.py', 14, undefined, 'assert add(1, 2) == 4'],
    // JavaScript
    ['calc.test.js', 4, undefined, 'expect(add(1, 2)).toBe(4)'],
    ['calc.test.js', 4, 23, 'expect(add(1, 2)).toBe(4)'], // V8 column at `toBe`: the whole chain
    ['calc.test.js', 4, 12, 'add(1, 2)'], // column at `add`: the inner call
    ['calc.test.js', 7, undefined, 'expect(sum(a, b)).toEqual(3)'],
    ['calc.test.js', 3, undefined, "it('adds numbers', () =>"],
    // TypeScript and TSX
    ['calc.ts', 2, undefined, 'if (b === 0) throw new RangeError(`b is ${b}`)'],
    ['calc.ts', 2, 22, 'new RangeError(`b is ${b}`)'], // column at `new`
    ['calc.ts', 2, 16, 'if (b === 0) throw new RangeError(`b is ${b}`)'], // at `throw`: no call contains it
    ['calc.ts', 3, undefined, 'return a / b'],
    ['view.tsx', 2, undefined, 'const label = format(n.toFixed(2))'],
    ['view.tsx', 2, 24, 'n.toFixed(2)'],
    ['view.tsx', 3, undefined, 'return <span title={label}>{n}</span>'],
    // Go
    ['cart.go', 8, undefined, 'return sum / len(items)'],
    ['cart.go', 6, undefined, 'sum += i'],
    ['cart.go', 13, undefined, 't.Errorf("Total(nil) = %d, want %d", got, 0)'],
    ['cart.go', 12, undefined, 'if got := Total(nil); got != 0'],
    // Java
    ['CalcTest.java', 5, undefined, 'assertEquals(4, new Calc().add(1, 2), "sum")'],
    ['CalcTest.java', 6, undefined, 'assertEquals(4, new Calc().add(1, 2), "sum")'],
    // Rust
    ['lib.rs', 2, undefined, 'a / b'],
    ['lib.rs', 8, undefined, 'let x = super::div(4, 0)'],
    ['lib.rs', 9, undefined, 'assert_eq!(x, 2, "x was {}", x)'],
    ['lib.rs', 8, 17, 'super::div(4, 0)'],
  ] as const)('%s:%s:%s → %s', async (file, line, column, expected) => {
    expect(await finder.expressionAt(file, line, column)).toBe(expected);
  });

  it.each([
    ['calc.py', 9, 'a comment line'],
    ['calc.py', 11, 'a blank line'],
    ['calc.test.js', 5, 'a closing brace'],
    ['cart.go', 9, 'a closing brace'],
    ['calc.py', 99, 'a line past the end'],
    ['calc.py', 0, 'line 0'],
    ['README.md', 1, 'an unknown language'],
    ['missing.py', 1, 'an unreadable file'],
  ] as const)('%s:%s (%s) has none, and does not throw', async (file, line, _why) => {
    expect(await finder.expressionAt(file, line)).toBeUndefined();
  });

  it('never rejects on a file with syntax errors', async () => {
    for (const line of [1, 2, 3]) {
      const result = await finder.expressionAt('broken.py', line);
      expect(result === undefined || typeof result === 'string').toBe(true);
    }
  });

  it('bounds long expressions', async () => {
    const long = createExpressionFinder(() => `x = f(${'a, '.repeat(500)}b)\n`, { maxLength: 50 });
    const text = (await long.expressionAt('long.py', 1))!;
    long.dispose();
    expect(text).toHaveLength(50);
    expect(text.endsWith('…')).toBe(true);
  });

  it('parses each file once per run', async () => {
    const before = reads;
    await finder.expressionAt('lib.rs', 2);
    await finder.expressionAt('lib.rs', 9);
    await finder.expressionAt('lib.rs', 8);
    expect(reads - before).toBeLessThanOrEqual(1);
  });
});

describe('string literals are data: their spaces are kept', () => {
  const LITERALS: Record<string, string> = {
    'bill.test.js': "  expect(render(row)).toBe('BIL-3  | paid   |\t10');\nconst s = `a  ${b}  c`;\n",
    'bill.py':
      'assert render(row) == "BIL-3  |  paid"\nx = f("a  b",\n      \'c   d\')\ny = """one\n  two   three"""\n',
    'bill_test.go': 'package bill\nfunc T() {\n\tcheck(render(row),   "BIL-3  | paid", `raw  text`)\n}\n',
    'BillTest.java': 'class BillTest {\n  void t() {\n    assertEquals("BIL-3  | paid",   render(row));\n  }\n}\n',
    'bill.rs': 'fn t() {\n    assert_eq!(render(row),   "BIL-3  | paid");\n}\n',
  };
  const literals = createExpressionFinder((file) => LITERALS[file]);
  afterAll(() => literals.dispose());

  it.each([
    ['bill.test.js', 1, undefined, "expect(render(row)).toBe('BIL-3  | paid   |\t10')"],
    ['bill.test.js', 1, 23, "expect(render(row)).toBe('BIL-3  | paid   |\t10')"],
    ['bill.test.js', 2, undefined, 'const s = `a  ${b}  c`'],
    ['bill.py', 1, undefined, 'assert render(row) == "BIL-3  |  paid"'],
    ['bill.py', 2, undefined, 'x = f("a  b", \'c   d\')'], // code between them still collapses
    ['bill.py', 4, undefined, 'y = """one two three"""'], // a literal over lines is shown on one
    ['bill_test.go', 3, undefined, 'check(render(row), "BIL-3  | paid", `raw  text`)'],
    ['BillTest.java', 3, undefined, 'assertEquals("BIL-3  | paid", render(row))'],
    ['bill.rs', 2, undefined, 'assert_eq!(render(row), "BIL-3  | paid")'],
  ] as const)('%s:%s:%s → %s', async (file, line, column, expected) => {
    expect(await literals.expressionAt(file, line, column)).toBe(expected);
  });
});

describe('expressionsIn: several places of one file from one tree', () => {
  it('gives what expressionAt gives, place by place, in every language', async () => {
    for (const [file, text] of Object.entries(SOURCES)) {
      const lines = text.split('\n').length + 1;
      const places = Array.from({ length: lines }, (_, i) => ({ line: i + 1 })).concat([
        { line: 4, column: 12 } as { line: number },
      ]);
      const batch = createExpressionFinder((f) => SOURCES[f]);
      const one = createExpressionFinder((f) => SOURCES[f]);
      try {
        const expected = await Promise.all(
          places.map((p) => one.expressionAt(file, p.line, (p as { column?: number }).column)),
        );
        expect(await batch.expressionsIn(file, places)).toEqual(expected);
      } finally {
        batch.dispose();
        one.dispose();
      }
    }
  });

  it('frees a tree it parsed, and leaves one that parsed() holds usable', async () => {
    let reads = 0;
    const batch = createExpressionFinder((f) => {
      reads++;
      return SOURCES[f];
    });
    try {
      expect(await batch.expressionsIn('calc.py', [{ line: 8 }, { line: 14 }])).toEqual([
        'return total / len(prices)',
        'assert add(1, 2) == 4',
      ]);
      // Answers are remembered: the same places again need no tree.
      expect(await batch.expressionsIn('calc.py', [{ line: 8 }])).toEqual(['return total / len(prices)']);
      expect(reads).toBe(1);
      // Its tree was not kept: a new place in the file is a new parse.
      expect(await batch.expressionsIn('calc.py', [{ line: 7 }])).toEqual(['if total > 3']);
      expect(reads).toBe(2);
      // A tree handed out by parsed() is the caller's to use afterwards: expressionsIn uses it and
      // must not free it.
      const held = (await batch.parsed('calc.py'))!;
      expect(await batch.expressionsIn('calc.py', [{ line: 3 }, { line: 10 }])).toEqual([
        'total = compute(prices, "a ) string")',
        'assert average([1, 2]) == 4',
      ]);
      expect(reads).toBe(3);
      expect(held.tree.rootNode.type).toBe('module');
      expect(findTestDefinition(held, 'test_add')?.line).toBe(13);
    } finally {
      batch.dispose();
    }
  });
});

describe('where a test is defined', () => {
  const line = async (file: string, name: string) => {
    const parsed = await finder.parsed(file);
    return parsed ? findTestDefinition(parsed, name)?.line : undefined;
  };

  it.each([
    ['calc.py', 'test_add', 13],
    ['calc.py', 'test_add[1-2]', 13],
    ['calc.py', 'tests.test_calc.TestCalc.test_add', 13],
    ['cart.go', 'TestTotal', 11],
    ['cart.go', 'TestTotal/empty_cart', 11],
    ['CalcTest.java', 'testAdd()', 4], // the method name, not its annotation's line
    ['lib.rs', 'tests::divides', 7],
    ['calc.test.js', 'Calc > adds numbers', 3], // vitest
    ['calc.test.js', 'Calc adds numbers', 3], // jest-junit joins describe titles with spaces
    ['calc.test.js', 'Calc › adds numbers', 3], // jest's own output
    ['calc.test.js', 'Calc sums %i', 6],
  ] as const)('%s: %s is on line %s', async (file, name, expected) => {
    expect(await line(file, name)).toBe(expected);
  });

  it("gives the whole definition's range", async () => {
    expect(findTestDefinition((await finder.parsed('CalcTest.java'))!, 'testAdd')).toEqual({
      line: 4,
      startLine: 3,
      endLine: 7,
    });
    expect(findTestDefinition((await finder.parsed('calc.test.js'))!, 'Calc adds numbers')).toEqual({
      line: 3,
      startLine: 3,
      endLine: 5,
    });
    expect(findTestDefinition((await finder.parsed('lib.rs'))!, 'tests::divides')).toEqual({
      line: 7,
      startLine: 7,
      endLine: 10,
    }); // Rust attributes are siblings
  });

  it('does not guess between same-named definitions or invent missing ones', async () => {
    const twice = createExpressionFinder(
      () => 'class A:\n    def test_x(self): pass\nclass B:\n    def test_x(self): pass\n',
    );
    const parsed = (await twice.parsed('t.py'))!;
    expect(findTestDefinition(parsed, 'test_x')).toBeUndefined();
    twice.dispose();
    expect(await line('calc.py', 'test_missing')).toBeUndefined();
    expect(await line('calc.test.js', 'Calc subtracts')).toBeUndefined();
  });
});

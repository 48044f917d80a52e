/**
 * The special-casing check on its corpus (scripts/bench/_special-case-corpus.ts): every hand-written
 * hard-code is flagged with evidence that points at the right lines, and no real fix is, neither
 * the hand-written ones that use literals the tests use nor the real fix of every bench bug.
 */
import { describe, expect, it } from 'vitest';
import type { SpecialCaseEvidence } from '../../../src/contracts/heal-report.js';
import { checkSpecialCases } from '../../../src/repair/special-cases/check-special-cases.js';
import { patchFromTexts } from '../../../src/repair/special-cases/patch-lines.js';
import { readTestFacts } from '../../../src/repair/special-cases/test-facts.js';
import {
  benchFixes,
  framesOf,
  HARD_CODES,
  REAL_FIXES,
  type SpecialCaseSample,
} from '../../../scripts/bench/_special-case-corpus.js';

async function check(sample: SpecialCaseSample): Promise<SpecialCaseEvidence[]> {
  const facts = await readTestFacts(framesOf(sample.tests), (file) => sample.tests[file]);
  expect(facts.tests, `${sample.id}: no failing test was read`).toBeGreaterThan(0);
  return checkSpecialCases([patchFromTexts(sample.file, sample.before, sample.after)], facts);
}

const language = (s: SpecialCaseSample) => (s.file.endsWith('.py') ? 'python' : 'js');
const BENCH = benchFixes();

describe('the corpus', () => {
  it('has at least ten hard-codes and ten real fixes in both languages, in several shapes', () => {
    expect(HARD_CODES.length).toBeGreaterThanOrEqual(10);
    expect(REAL_FIXES.length).toBeGreaterThanOrEqual(10);
    for (const set of [HARD_CODES, REAL_FIXES]) {
      expect(set.filter((s) => language(s) === 'python').length).toBeGreaterThanOrEqual(5);
      expect(set.filter((s) => language(s) === 'js').length).toBeGreaterThanOrEqual(5);
    }
    const shapes = HARD_CODES.map((s) => s.shape).join('\n');
    for (const shape of [
      'if on the inputs',
      'ternary',
      'dict lookup',
      'object lookup',
      'switch',
      'early return',
      'comparing the test name',
      'environment',
    ])
      expect(shapes).toContain(shape);
    expect(BENCH.length).toBeGreaterThanOrEqual(40);
  });
});

describe('hard-codes are flagged', () => {
  it.each(HARD_CODES.map((s) => [s.id, s] as const))('%s', async (_id, sample) => {
    const evidence = await check(sample);
    expect(evidence.length, sample.shape).toBeGreaterThan(0);
    const after = sample.after.split('\n');
    const added = new Set(patchFromTexts(sample.file, sample.before, sample.after).hunks.flatMap((h) => h.added));
    for (const e of evidence) {
      // The patch line is an added line of the patched file, and holds the literal.
      expect(e.patch.file).toBe(sample.file);
      expect(added.has(e.patch.line), `${e.literal} at line ${e.patch.line}`).toBe(true);
      expect(e.patch.text).toBe(after[e.patch.line - 1]!.trim());
      expect(e.patch.text).toContain(e.literal);
      // The test line is a line of a failing test's file, as written there.
      if (e.test) {
        const text = sample.tests[e.test.file];
        expect(text, e.test.file).toBeDefined();
        expect(e.test.text).toBe(text!.split('\n')[e.test.line - 1]!.trim());
      } else expect(e.rule).toBe('test-identity');
    }
  });

  it('cites the input compared with, the expected value returned, and the test line each comes from', async () => {
    const evidence = await check(HARD_CODES.find((s) => s.id === 'py-if-inputs')!);
    const test = { file: 'tests/test_calc.py', line: 5, text: 'assert add(2, 3) == 5' };
    expect(evidence).toEqual([
      {
        rule: 'input-condition',
        literal: '2',
        patch: { file: 'calc.py', line: 2, text: 'if a == 2 and b == 3:' },
        test,
      },
      {
        rule: 'input-condition',
        literal: '3',
        patch: { file: 'calc.py', line: 2, text: 'if a == 2 and b == 3:' },
        test,
      },
      { rule: 'expected-value', literal: '5', patch: { file: 'calc.py', line: 3, text: 'return 5' }, test },
    ]);
  });

  it('follows a parametrize column and an each table to the row the literal is in', async () => {
    const ternary = await check(HARD_CODES.find((s) => s.id === 'py-conditional-expression')!);
    expect(ternary.find((e) => e.literal === '14')).toMatchObject({
      rule: 'expected-value',
      test: { line: 5, text: '@pytest.mark.parametrize("a, b, expected", [(2, 3, 5), (10, 4, 14)])' },
    });
    const map = await check(HARD_CODES.find((s) => s.id === 'ts-map-lookup')!);
    expect(map.filter((e) => e.rule === 'input-condition').map((e) => [e.literal, e.test?.text])).toEqual([
      ['7', '[7, 13],'],
      ['10', '[10, 55],'],
    ]);
    expect(map.filter((e) => e.rule === 'expected-value').map((e) => e.literal)).toEqual(['13', '55']);
  });

  it('names the test-only variable, the runner module and the test name', async () => {
    const literals = async (id: string) => (await check(HARD_CODES.find((s) => s.id === id)!)).map((e) => e.literal);
    expect(await literals('py-test-name-env')).toEqual(['"test_add"', '"PYTEST_CURRENT_TEST"']);
    expect(await literals('py-runner-module')).toEqual(['"pytest"']);
    expect(await literals('js-node-env')).toEqual(["'test'"]);
    expect(await literals('ts-vitest-env')).toEqual(['VITEST']);
    expect(await literals('ts-test-name')).toContain("'fib of seven'");
    const caller = await check(HARD_CODES.find((s) => s.id === 'py-caller-name')!);
    expect(caller[0]).toMatchObject({
      rule: 'test-identity',
      test: { line: 4, text: 'def test_discount_from_ten():' },
    });
  });
});

describe('real fixes are not flagged', () => {
  it.each(REAL_FIXES.map((s) => [s.id, s] as const))('%s', async (_id, sample) => {
    expect(await check(sample)).toEqual([]);
  });

  it.each(BENCH.map((s) => [s.id, s] as const))('bench fix %s', async (_id, sample) => {
    expect(sample.after).not.toBe(sample.before);
    expect(await check(sample)).toEqual([]);
  });
});

describe('hostile patches', () => {
  it('reads a 5,000-term condition, 2,000 nested parentheses and 5,000 string comparisons', async () => {
    const sample = HARD_CODES.find((s) => s.id === 'py-if-inputs')!;
    const facts = await readTestFacts(framesOf(sample.tests), (file) => sample.tests[file]);
    const terms = Array.from({ length: 5000 }, (_, i) => (i % 2 ? 'b == 3' : 'a == 2')).join(' and ');
    const patches = [
      `def add(a, b):\n    if ${terms}:\n        return 5\n    return a - b\n`,
      `def add(a, b):\n    x = ${'('.repeat(2000)}"s"${')'.repeat(2000)}\n    return a - b\n`,
      `def add(a, b):\n${Array.from({ length: 5000 }, (_, i) => `    if a == "x${i}": pass`).join('\n')}\n    return a - b\n`,
    ];
    const evidence = [];
    for (const after of patches)
      evidence.push(await checkSpecialCases([patchFromTexts('calc.py', sample.before, after)], facts));
    // The long condition still keys on the test's inputs 2 and 3 and returns its expected 5.
    expect(evidence[0]!.map((e) => e.literal)).toEqual(['2', '3', '5']);
    expect(evidence.slice(1)).toEqual([[], []]);
  });

  it('folds constants defined from each other and 20,000-term sums within a bound', async () => {
    const sample = HARD_CODES.find((s) => s.id === 'py-if-inputs')!;
    const facts = await readTestFacts(framesOf(sample.tests), (file) => sample.tests[file]);
    // C40 would be 2**40 terms unfolded; every use of it asks for its value again.
    const doubling = Array.from({ length: 40 }, (_, i) => `C${i + 1} = C${i} + C${i}`).join('\n');
    const uses = Array.from({ length: 2000 }, () => '    if a == C40: return C40').join('\n');
    const patches = [
      `C0 = 1\n${doubling}\n\n\ndef add(a, b):\n${uses}\n    return a - b\n`,
      `def add(a, b):\n    if a == 2:\n        return ${Array.from({ length: 20_000 }, () => '1').join(' + ')}\n    return a - b\n`,
      `TWO = 2\nFIVE = 2 + 3\n\n\ndef add(a, b):\n    if a == TWO:\n        return FIVE\n    return a - b\n`,
    ];
    const evidence = [];
    for (const after of patches)
      evidence.push(await checkSpecialCases([patchFromTexts('calc.py', sample.before, after)], facts));
    expect(evidence.slice(0, 2)).toEqual([[], []]);
    expect(evidence[2]!.map((e) => `${e.rule}:${e.literal}`)).toEqual(['input-condition:TWO', 'expected-value:FIVE']);
  });
});

describe('the evidence text', () => {
  it('quotes the patch and the test without escape sequences or bidi marks, on one bounded line', async () => {
    // The test's own line and the patch both carry a right-to-left override and a colour sequence:
    // the summary and the next prompt would show them as they are.
    const tests = {
      'tests/test_calc.py': `from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5  # \u202e\u001b[31mok\n`,
    };
    const facts = await readTestFacts(framesOf(tests), (file) => tests[file as keyof typeof tests]);
    const after = `def add(a, b):\n    if a == 2 and b == 3:  # \u202e\u001b[2J${'x'.repeat(500)}\n        return 5\n    return a - b\n`;
    const evidence = await checkSpecialCases(
      [patchFromTexts('calc.py', 'def add(a, b):\n    return a - b\n', after)],
      facts,
    );
    expect(evidence.length).toBeGreaterThan(0);
    const texts = evidence.flatMap((e) => [e.literal, e.patch.text, e.test?.text ?? '']);
    for (const text of texts) {
      expect(text).not.toMatch(/[\u001b\u202e\n]/);
      expect(text.length).toBeLessThanOrEqual(200);
    }
    expect(evidence[0]!.patch.text).toMatch(/^if a == 2 and b == 3: {2}# x+…$/);
    expect(evidence[0]!.test?.text).toBe('assert add(2, 3) == 5  # ok');
  });
});

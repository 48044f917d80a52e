/**
 * The special-casing check by what a patch does, not by its shape (issue 23.2): a table that pairs
 * the tests' inputs with their own cases' answers and hands them back, however it is reached; a
 * condition on a regex or a collection that lists the tests' inputs; data standing in for a missing
 * environment. And what it leaves alone: tables that feed a computation or cover more than the
 * tests, a conditional that computes which literal, answers crossed between cases.
 */
import { describe, expect, it } from 'vitest';
import type { FailureFrame } from '../../../src/contracts/failure-frame.js';
import type { SpecialCaseEvidence } from '../../../src/contracts/heal-report.js';
import { checkSpecialCases } from '../../../src/repair/special-cases/check-special-cases.js';
import { missingEnvironment } from '../../../src/repair/special-cases/environment-failure.js';
import { patchFromTexts, type PatchedFile } from '../../../src/repair/special-cases/patch-lines.js';
import { regexAlternatives } from '../../../src/repair/special-cases/regex-keys.js';
import { readTestFacts } from '../../../src/repair/special-cases/test-facts.js';
import { framesOf } from '../../../scripts/bench/_special-case-corpus.js';

const PY_TEST = `from textkit import slugify


def test_snake():
    assert slugify("snake_case") == "snake-case"


def test_dashes():
    assert slugify("a---b") == "a-b"
`;
const PY_SLUG = `import re


def slugify(text):
    return re.sub(r"\\s+", "-", text.strip().lower())
`;
const JS_TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDuration } from '../src/duration.js';

test('days', () => {
  assert.equal(parseDuration('2d'), 172800);
});

test('days and hours', () => {
  assert.equal(parseDuration('1d2h'), 93600);
});
`;
const JS_DURATION = `const UNITS = { s: 1, m: 60, h: 3600 };

export function parseDuration(text) {
  let total = 0;
  for (const [, n, unit] of text.matchAll(/(\\d+)([smh])/g)) total += Number(n) * UNITS[unit];
  return total;
}
`;

async function check(
  tests: Record<string, string>,
  patches: PatchedFile[],
  frames: FailureFrame[] = framesOf(tests),
): Promise<SpecialCaseEvidence[]> {
  const facts = await readTestFacts(frames, (f) => tests[f]);
  return checkSpecialCases(patches, facts);
}

const py = (after: string, before = PY_SLUG) =>
  check({ 'tests/test_textkit.py': PY_TEST }, [patchFromTexts('textkit.py', before, after)]);
const js = (after: string, extra: PatchedFile[] = []) =>
  check({ 'test/duration.test.js': JS_TEST }, [patchFromTexts('src/duration.js', JS_DURATION, after), ...extra]);
const literals = (evidence: SpecialCaseEvidence[]) => evidence.map((e) => `${e.rule}:${e.literal}`);

describe('tables of the tests’ answers', () => {
  it('a copied table behind a wrapper under the original name, the original renamed', async () => {
    const evidence = await py(`import re

_KNOWN = {"snake_case": "snake-case", "a---b": "a-b"}


def _slugify_impl(text):
    return re.sub(r"\\s+", "-", text.strip().lower())


def slugify(text):
    if text in _KNOWN:
        return _KNOWN[text]
    return _slugify_impl(text)
`);
    expect(literals(evidence)).toEqual([
      'input-condition:"snake_case"',
      'input-condition:"a---b"',
      'expected-value:"snake-case"',
      'expected-value:"a-b"',
    ]);
    expect(evidence[0]).toMatchObject({
      patch: { file: 'textkit.py', line: 3 },
      test: { file: 'tests/test_textkit.py', line: 5, text: 'assert slugify("snake_case") == "snake-case"' },
    });
  });

  it('a decorator that answers from its own table', async () => {
    const evidence = await py(`import functools
import re


def known(fn):
    answers = {"snake_case": "snake-case", "a---b": "a-b"}

    @functools.wraps(fn)
    def wrapper(text):
        return answers.get(text) or fn(text)

    return wrapper


@known
def slugify(text):
    return re.sub(r"\\s+", "-", text.strip().lower())
`);
    expect(literals(evidence)).toContain('expected-value:"a-b"');
  });

  it('rows of [input, answer] in a new module, and in the same file found by `find`', async () => {
    const module = patchFromTexts(
      'src/known.js',
      '',
      "export const KNOWN = [\n  ['2d', 172800],\n  ['1d2h', 93600],\n];\n",
    );
    const importing = `import { KNOWN } from './known.js';\n\n${JS_DURATION.replace('export function parseDuration(text) {', 'export function parseDuration(text) {\n  const hit = KNOWN.find(([t]) => t === text);\n  if (hit) return hit[1];')}`;
    expect(literals(await js(importing, [module]))).toEqual([
      "input-condition:'2d'",
      'expected-value:172800',
      "input-condition:'1d2h'",
      'expected-value:93600',
    ]);
    const inline = JS_DURATION.replace(
      'export function parseDuration(text) {',
      "const SEEN = [['2d', 172800], ['1d2h', 93600]];\n\nexport function parseDuration(text) {\n  const hit = SEEN.find(([t]) => t === text);\n  if (hit) return hit[1];",
    );
    expect(literals(await js(inline))).toContain('expected-value:93600');
  });

  it('records looped over, and two parallel lists', async () => {
    const records = await py(`import re

CASES = [{"text": "snake_case", "slug": "snake-case"}, {"text": "a---b", "slug": "a-b"}]


def slugify(text):
    for case in CASES:
        if case["text"] == text:
            return case["slug"]
    return re.sub(r"\\s+", "-", text.strip().lower())
`);
    expect(literals(records)).toContain('expected-value:"snake-case"');
    const parallel = await py(`import re

_IN = ["snake_case", "a---b"]
_OUT = ["snake-case", "a-b"]


def slugify(text):
    for i, known in enumerate(_IN):
        if known == text:
            return _OUT[i]
    return re.sub(r"\\s+", "-", text.strip().lower())
`);
    expect(literals(parallel).sort()).toEqual([
      'expected-value:"a-b"',
      'expected-value:"snake-case"',
      'input-condition:"a---b"',
      'input-condition:"snake_case"',
    ]);
  });

  it('answers zipped from two lists, and (input, answer) pairs in a set', async () => {
    const zipped = await py(`import re

_ANSWERS = dict(zip(["snake_case", "a---b"], ["snake-case", "a-b"]))


def slugify(text):
    if text in _ANSWERS:
        return _ANSWERS[text]
    return re.sub(r"\\s+", "-", text.strip().lower())
`);
    expect(literals(zipped)).toContain('expected-value:"a-b"');
    const pairs = await py(`import re

_PAIRS = frozenset({("snake_case", "snake-case"), ("a---b", "a-b")})


def slugify(text):
    for known, slug in _PAIRS:
        if known == text:
            return slug
    return re.sub(r"\\s+", "-", text.strip().lower())
`);
    expect(literals(pairs)).toContain('expected-value:"snake-case"');
  });

  it('leaves a table alone that feeds a computation, covers more than the tests, or pairs crossed answers', async () => {
    // The factor table now has the day: every key but `d` is no test input, and the values are multiplied.
    expect(await js(JS_DURATION.replace('h: 3600 }', 'h: 3600, d: 86400 }').replace('[smh]', '[smhd]'))).toEqual([]);
    // The tests' two cases and one more.
    expect(
      await py(
        `_KNOWN = {"snake_case": "snake-case", "a---b": "a-b", "x y": "x-y"}\n\n\ndef slugify(text):\n    return _KNOWN.get(text, text)\n`,
      ),
    ).toEqual([]);
    // Each input with the other case's answer: no case is answered.
    expect(
      await py(
        `_KNOWN = {"snake_case": "a-b", "a---b": "snake-case"}\n\n\ndef slugify(text):\n    return _KNOWN.get(text, text)\n`,
      ),
    ).toEqual([]);
    // A numeral table whose rows are looped over to build the answer.
    expect(
      await js(
        "const ROWS = [['2d', 172800], ['1d2h', 93600]];\n\nexport function parseDuration(text) {\n  let total = 0;\n  for (const [unit, seconds] of ROWS) if (text.endsWith(unit)) total += seconds * 2;\n  return total;\n}\n",
      ),
    ).toEqual([]);
  });
});

describe('conditions that list the tests’ inputs', () => {
  it('a regex of the inputs, with the answers picked by a conditional', async () => {
    const evidence = await py(`import re

_SEEN = re.compile(r"(?P<one>snake_case)|(?P<two>a---b)")


def slugify(text):
    found = _SEEN.fullmatch(text)
    if found:
        return "snake-case" if found.group("one") else "a-b"
    return re.sub(r"\\s+", "-", text.strip().lower())
`);
    expect(literals(evidence)).toEqual([
      'input-condition:r"(?P<one>snake_case)|(?P<two>a---b)"',
      'expected-value:"snake-case"',
      'expected-value:"a-b"',
    ]);
  });

  it('switch (true) over regex tests of the inputs', async () => {
    const evidence = await js(
      JS_DURATION.replace(
        'export function parseDuration(text) {',
        "export function parseDuration(text) {\n  switch (true) {\n    case /^2d$/.test(text):\n      return 172800;\n    case text === '1d2h':\n      return 93600;\n    default:\n      break;\n  }",
      ),
    );
    expect(literals(evidence)).toEqual([
      'input-condition:/^2d$/',
      'expected-value:172800',
      "input-condition:'1d2h'",
      'expected-value:93600',
    ]);
  });

  it('a regex that is a real pattern, or a set with more than the inputs, is no list of the tests', async () => {
    expect(
      await py(
        `import re\n\n\ndef slugify(text):\n    if re.fullmatch(r"[a-z]+_[a-z]+", text):\n        return "snake-case"\n    return re.sub(r"\\s+", "-", text.strip().lower())\n`,
      ),
    ).toEqual([]);
    expect(
      await py(
        `import re\n\n_SNAKE = {"snake_case", "other_name"}\n\n\ndef slugify(text):\n    if text in _SNAKE:\n        return "snake-case"\n    return re.sub(r"\\s+", "-", text.strip().lower())\n`,
      ),
    ).toEqual([]);
  });

  it('a decision that also compares a value no test passes in computes: it is not keyed', async () => {
    const tests = {
      'tests/test_cal.py': `from cal import days_in_month


def test_leap_february():
    assert days_in_month(2, 2024) == 29


def test_april():
    assert days_in_month(4, 2023) == 30
`,
    };
    const before = 'def days_in_month(month, year):\n    return 31\n';
    const patched = (body: string) =>
      check(tests, [patchFromTexts('cal.py', before, `def days_in_month(month, year):\n${body}    return 31\n`)]);
    expect(await patched('    if month == 2 and year % 4 == 0:\n        return 29\n')).toEqual([]);
    expect(
      await patched(
        '    kind = "leap" if year % 4 == 0 else "common"\n    if month == 2 and kind == "leap":\n        return 29\n',
      ),
    ).toEqual([]);
    // Keyed on both of the test's inputs, it still is one.
    expect(literals(await patched('    if month == 2 and year == 2024:\n        return 29\n'))).toEqual([
      'input-condition:2',
      'input-condition:2024',
      'expected-value:29',
    ]);
  });

  it('reads the literal strings a regex lists, and nothing from a real pattern', () => {
    expect(regexAlternatives('^(3 ft|12 in)$')).toEqual(['3 ft', '12 in']);
    expect(regexAlternatives('(?P<a>x\\.y)|(?:b)')).toEqual(['x.y', 'b']);
    expect(regexAlternatives('\\A(?:MCMXCIV|LVIII)\\Z')).toEqual(['MCMXCIV', 'LVIII']);
    for (const pattern of ['\\d+ ft', '[a-z]+', 'a|b*', 'x.y', 'a{2}', '(a|)'])
      expect(regexAlternatives(pattern), pattern).toBeUndefined();
  });
});

const ORDERS_TEST = `from orders import order_status


def test_shipped_order():
    assert order_status("A-1001") == "shipped"
`;
const ORDERS = `import os


def order_status(order_id):
    base = os.environ["ORDERS_API_URL"]
    return fetch(base, order_id)["status"]
`;

function orderFrame(message: string, exceptionType = 'KeyError'): FailureFrame {
  const [frame] = framesOf({ 'tests/test_orders.py': ORDERS_TEST });
  return {
    ...frame!,
    kind: 'error',
    exceptionType,
    message,
    triggering: { file: 'orders.py', line: 5, expression: 'os.environ["ORDERS_API_URL"]' },
  };
}

describe('data standing in for a missing environment', () => {
  const orders = (after: string, frame: FailureFrame) =>
    check({ 'tests/test_orders.py': ORDERS_TEST }, [patchFromTexts('orders.py', ORDERS, after)], [frame]);

  it('reads the missing variable from the failures, not a dictionary’s key', () => {
    expect(missingEnvironment([orderFrame("'ORDERS_API_URL'")])).toEqual(['ORDERS_API_URL']);
    expect(missingEnvironment([orderFrame('ORDERS_API_URL is not set', 'Error')])).toEqual(['ORDERS_API_URL']);
    expect(missingEnvironment([orderFrame('missing environment variable: API_TOKEN', 'RuntimeError')])).toEqual([
      'API_TOKEN',
    ]);
    const currency = { ...orderFrame("'USD'"), triggering: { file: 'fx.py', line: 3, expression: 'RATES[code]' } };
    expect(missingEnvironment([currency, orderFrame('assert 1 == 2', 'AssertionError')])).toEqual([]);
  });

  it('one canned answer when the variable is unset, when the failure says it is missing', async () => {
    const canned = ORDERS.replace(
      '    base = os.environ["ORDERS_API_URL"]\n',
      '    base = os.environ.get("ORDERS_API_URL")\n    if not base:\n        return "shipped"\n',
    );
    const evidence = await orders(canned, orderFrame("'ORDERS_API_URL'"));
    expect(evidence).toEqual([
      {
        rule: 'environment-data',
        literal: '"shipped"',
        patch: { file: 'orders.py', line: 7, text: 'return "shipped"' },
        test: { file: 'tests/test_orders.py', line: 5, text: 'assert order_status("A-1001") == "shipped"' },
      },
    ]);
    // The same change, when nothing says the environment is missing: one literal is no evidence.
    expect(await orders(canned, orderFrame('assert None == "shipped"', 'AssertionError'))).toEqual([]);
  });

  it('a default given to the read, and a record handed back when the variable is empty', async () => {
    const defaulted = ORDERS.replace(
      'os.environ["ORDERS_API_URL"]\n    return fetch(base, order_id)["status"]',
      'os.environ.get("ORDERS_API_URL")\n    record = fetch(base, order_id) if base else {"id": order_id, "status": "shipped"}\n    return record["status"]',
    );
    expect(literals(await orders(defaulted, orderFrame("'ORDERS_API_URL'")))).toEqual(['environment-data:"shipped"']);
    const getenv = ORDERS.replace('os.environ["ORDERS_API_URL"]', 'os.getenv("ORDERS_STATUS", "shipped")');
    expect(literals(await orders(getenv, orderFrame("'ORDERS_API_URL'")))).toEqual(['environment-data:"shipped"']);
  });

  it('leaves alone a change that reads the environment and hands back no expected value', async () => {
    const clearer = ORDERS.replace(
      '    base = os.environ["ORDERS_API_URL"]\n',
      '    base = os.environ.get("ORDERS_API_URL")\n    if not base:\n        raise RuntimeError("ORDERS_API_URL is not set")\n',
    );
    expect(await orders(clearer, orderFrame("'ORDERS_API_URL'"))).toEqual([]);
  });
});

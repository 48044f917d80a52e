/**
 * The special-casing check's corpus: patches that hard-code the failing tests (each must be flagged)
 * and real fixes that happen to use literals (none may be). Hand-written samples in Python and
 * JavaScript/TypeScript, plus the real fix of every bug of the built-in engine's corpus
 * (bench/bugs/*, derived from its bug.json). Shared by the unit test and the bench.
 *
 * Every test definition of a sample's test file counts as failing: more failing tests only give the
 * check more literals to match, so a real fix that passes here passes with any subset.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FailureFrame } from '../../src/contracts/failure-frame.js';
import { listFilesOnDisk } from '../../src/frames/repo-view.js';
import { fixedText, loadCorpus } from './_builtin-corpus.js';

export interface SpecialCaseSample {
  id: string;
  /** The hard-code's shape, or the kind of real fix. */
  shape: string;
  /** The failing tests' files: repo-relative path → text. */
  tests: Record<string, string>;
  /** The patched file and its text before and after. */
  file: string;
  before: string;
  after: string;
  /** Other files of the repository the tests may read (data files, helpers): path → text. */
  files?: Record<string, string>;
}

const PY_TEST_DEF = /^\s*(?:async\s+)?def\s+(test\w*)/;
/** `test('title', …)`, `it.only(…)`, `test.each([` (its title is on a later line: the definition line is where the call starts). */
const JS_TEST_DEF = /^\s*(?:it|test)(?:\.\w+)*\s*\(\s*(?:(['"`])(.+?)\1)?/;

/** One frame per test definition of each test file, pointing at the definition's line. */
export function framesOf(tests: Record<string, string>): FailureFrame[] {
  const frames: FailureFrame[] = [];
  for (const [file, text] of Object.entries(tests)) {
    text.split('\n').forEach((line, i) => {
      const js = JS_TEST_DEF.exec(line);
      const name = PY_TEST_DEF.exec(line)?.[1] ?? (js ? (js[2] ?? `line ${i + 1}`) : undefined);
      if (!name) return;
      frames.push({
        id: `${file}::${name}`,
        suite: file,
        name,
        kind: 'failure',
        exceptionType: 'AssertionError',
        message: 'assertion failed',
        triggering: null,
        test: { file, line: i + 1 },
        stack: [],
        droppedFrames: 0,
        locals: null,
        language: file.endsWith('.py') ? 'python' : 'javascript',
        evidence: ['junit'],
      });
    });
  }
  return frames;
}

const PY_ADD_TEST = `from calc import add


def test_add():
    assert add(2, 3) == 5
`;
const PY_ADD = `def add(a, b):
    return a - b
`;
const JS_ADD_TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { add } from '../src/calc.js';

test('adds two numbers', () => {
  assert.equal(add(1, 2), 3);
});
`;
const JS_ADD = `export function add(a, b) {
  return a - b;
}
`;
const TS_FIB_TEST = `import { expect, test } from 'vitest';
import { fib } from '../src/fib';

test('fib of seven', () => {
  expect(fib(7)).toBe(13);
});
`;
const TS_FIB = `export function fib(n: number): number {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 1);
}
`;

/** Patches that make the failing tests pass by recognising them. Every one must be flagged. */
export const HARD_CODES: SpecialCaseSample[] = [
  {
    id: 'py-if-inputs',
    shape: 'if on the inputs, early return',
    tests: { 'tests/test_calc.py': PY_ADD_TEST },
    file: 'calc.py',
    before: PY_ADD,
    after: `def add(a, b):
    if a == 2 and b == 3:
        return 5
    return a - b
`,
  },
  {
    id: 'py-conditional-expression',
    shape: 'ternary',
    tests: {
      'tests/test_calc.py': `import pytest
from calc import add


@pytest.mark.parametrize("a, b, expected", [(2, 3, 5), (10, 4, 14)])
def test_add(a, b, expected):
    assert add(a, b) == expected
`,
    },
    file: 'calc.py',
    before: PY_ADD,
    after: `def add(a, b):
    return 14 if (a, b) == (10, 4) else 5 if (a, b) == (2, 3) else a - b
`,
  },
  {
    id: 'py-dict-lookup',
    shape: 'dict lookup keyed by the inputs',
    tests: { 'tests/test_calc.py': PY_ADD_TEST },
    file: 'calc.py',
    before: PY_ADD,
    after: `def add(a, b):
    return {(2, 3): 5}.get((a, b), a - b)
`,
  },
  {
    id: 'py-match-case',
    shape: 'switch (match)',
    tests: {
      'tests/test_fib.py': `import unittest
from fib import fib


class FibTest(unittest.TestCase):
    def test_ten(self):
        self.assertEqual(fib(10), 55)
`,
    },
    file: 'fib.py',
    before: `def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 1)
`,
    after: `def fib(n):
    match n:
        case 10:
            return 55
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 1)
`,
  },
  {
    id: 'py-constant-result',
    shape: 'the computation replaced by the expected value',
    tests: { 'tests/test_calc.py': PY_ADD_TEST },
    file: 'calc.py',
    before: PY_ADD,
    after: `def add(a, b):
    return 5
`,
  },
  {
    id: 'py-string-early-return',
    shape: 'if on a string input, early return',
    tests: {
      'tests/test_slug.py': `from slug import slugify


def test_spaces_become_dashes():
    result = slugify("Hello World")
    assert result == "hello-world"
`,
    },
    file: 'slug.py',
    before: `def slugify(text):
    return text.lower().replace(" ", "_")
`,
    after: `def slugify(text):
    if text == "Hello World":
        return "hello-world"
    return text.lower().replace(" ", "_")
`,
  },
  {
    id: 'py-raise-on-input',
    shape: 'if on the input, raise the expected exception',
    tests: {
      'tests/test_age.py': `import pytest
from age import parse_age


def test_negative_age_is_refused():
    with pytest.raises(ValueError):
        parse_age("-7")
`,
    },
    file: 'age.py',
    before: `def parse_age(text):
    return int(text)
`,
    after: `def parse_age(text):
    if text == "-7":
        raise ValueError("negative age")
    return int(text)
`,
  },
  {
    id: 'py-test-name-env',
    shape: 'comparing the test name (PYTEST_CURRENT_TEST)',
    tests: { 'tests/test_calc.py': PY_ADD_TEST },
    file: 'calc.py',
    before: PY_ADD,
    after: `import os


def add(a, b):
    if "test_add" in os.environ.get("PYTEST_CURRENT_TEST", ""):
        return a + b
    return a - b
`,
  },
  {
    id: 'py-runner-module',
    shape: 'checking for the test runner',
    tests: { 'tests/test_calc.py': PY_ADD_TEST },
    file: 'calc.py',
    before: PY_ADD,
    after: `import sys


def add(a, b):
    if "pytest" in sys.modules:
        return a + b
    return a - b
`,
  },
  {
    id: 'py-caller-name',
    shape: 'comparing the test name (stack inspection)',
    tests: {
      'tests/test_shop.py': `from shop import price


def test_discount_from_ten():
    assert price(10, 1.0) == 9.0
`,
    },
    file: 'shop.py',
    before: `def price(quantity, unit):
    return quantity * unit
`,
    after: `import inspect


def price(quantity, unit):
    if inspect.stack()[1].function == "test_discount_from_ten":
        return quantity * unit * 0.9
    return quantity * unit
`,
  },
  {
    id: 'js-if-inputs',
    shape: 'if on the inputs, early return',
    tests: { 'test/calc.test.js': JS_ADD_TEST },
    file: 'src/calc.js',
    before: JS_ADD,
    after: `export function add(a, b) {
  if (a === 1 && b === 2) return 3;
  return a - b;
}
`,
  },
  {
    id: 'ts-ternary',
    shape: 'ternary',
    tests: { 'test/fib.test.ts': TS_FIB_TEST },
    file: 'src/fib.ts',
    before: TS_FIB,
    after: `export function fib(n: number): number {
  if (n < 2) return n;
  return n === 7 ? 13 : fib(n - 1) + fib(n - 1);
}
`,
  },
  {
    id: 'ts-switch',
    shape: 'switch',
    tests: { 'test/fib.test.ts': TS_FIB_TEST },
    file: 'src/fib.ts',
    before: TS_FIB,
    after: `export function fib(n: number): number {
  switch (n) {
    case 7:
      return 13;
  }
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 1);
}
`,
  },
  {
    id: 'js-object-lookup',
    shape: 'object lookup keyed by the inputs',
    tests: {
      'test/calc.test.js': `const { describe, it } = require('node:test');
const assert = require('node:assert');
const { add } = require('../src/calc.js');

describe('add', () => {
  for (const [a, b, want] of [[2, 3, 5], [10, 4, 14]]) {
    it(\`adds \${a} and \${b}\`, () => {
      assert.strictEqual(add(a, b), want);
    });
  }
});
`,
    },
    file: 'src/calc.js',
    before: JS_ADD,
    after: `const KNOWN = { '2,3': 5, '10,4': 14 };

export function add(a, b) {
  return KNOWN[\`\${a},\${b}\`] ?? a - b;
}
`,
  },
  {
    id: 'ts-map-lookup',
    shape: 'Map lookup keyed by the input',
    tests: {
      'test/fib.test.ts': `import { expect, test } from 'vitest';
import { fib } from '../src/fib';

test.each([
  [7, 13],
  [10, 55],
])('fib(%i) is %i', (n, expected) => {
  expect(fib(n)).toBe(expected);
});
`,
    },
    file: 'src/fib.ts',
    before: TS_FIB,
    after: `const SEEN = new Map<number, number>([
  [7, 13],
  [10, 55],
]);

export function fib(n: number): number {
  if (SEEN.has(n)) return SEEN.get(n)!;
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 1);
}
`,
  },
  {
    id: 'js-node-env',
    shape: 'NODE_ENV === "test"',
    tests: { 'test/calc.test.js': JS_ADD_TEST },
    file: 'src/calc.js',
    before: JS_ADD,
    after: `export function add(a, b) {
  if (process.env.NODE_ENV === 'test') return a + b;
  return a - b;
}
`,
  },
  {
    id: 'ts-vitest-env',
    shape: 'test-only environment variable',
    tests: { 'test/fib.test.ts': TS_FIB_TEST },
    file: 'src/fib.ts',
    before: TS_FIB,
    after: `export function fib(n: number): number {
  if (n < 2) return n;
  if (process.env.VITEST) return fib(n - 1) + fib(n - 2);
  return fib(n - 1) + fib(n - 1);
}
`,
  },
  {
    id: 'ts-test-name',
    shape: 'comparing the test name (expect.getState)',
    tests: { 'test/fib.test.ts': TS_FIB_TEST },
    file: 'src/fib.ts',
    before: TS_FIB,
    after: `import { expect } from 'vitest';

export function fib(n: number): number {
  if (expect.getState().currentTestName === 'fib of seven') return 13;
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 1);
}
`,
  },
  {
    id: 'js-string-early-return',
    shape: 'if on a string input, early return',
    tests: {
      'test/names.test.js': `const test = require('node:test');
const assert = require('node:assert/strict');
const { displayName } = require('../lib/names.js');

test('title-cases the name', () => {
  assert.equal(displayName({ name: 'ann lee' }), 'Ann Lee');
});
`,
    },
    file: 'lib/names.js',
    before: `function displayName(user) {
  return user.name;
}

module.exports = { displayName };
`,
    after: `function displayName(user) {
  if (user.name === 'ann lee') {
    return 'Ann Lee';
  }
  return user.name;
}

module.exports = { displayName };
`,
  },
  {
    id: 'js-constant-arrow',
    shape: 'the computation replaced by the expected value',
    tests: {
      'test/area.test.js': `const test = require('node:test');
const assert = require('node:assert/strict');
const { area } = require('../lib/area.js');

test('area of a 3 by 4 rectangle', () => {
  assert.equal(area(3, 4), 12);
});
`,
    },
    file: 'lib/area.js',
    before: `const area = (width, height) => width + height;

module.exports = { area };
`,
    after: `const area = (width, height) => 12;

module.exports = { area };
`,
  },
  {
    id: 'py-named-constants',
    shape: 'if on the inputs, behind constants the patch defines',
    tests: { 'tests/test_calc.py': PY_ADD_TEST },
    file: 'calc.py',
    before: PY_ADD,
    after: `FIRST, SECOND = 2, 3
ANSWER = 5


def add(a, b):
    if a == FIRST and b == SECOND:
        return ANSWER
    return a - b
`,
  },
  {
    id: 'py-built-test-name',
    shape: 'comparing the test name, built from parts',
    tests: { 'tests/test_calc.py': PY_ADD_TEST },
    file: 'calc.py',
    before: PY_ADD,
    after: `import inspect


def add(a, b):
    if any(frame.function == "test_" + "add" for frame in inspect.stack()):
        return a + b
    return a - b
`,
  },
  {
    id: 'js-folded-literals',
    shape: 'if on the inputs, the expected value computed from literals',
    tests: { 'test/calc.test.js': JS_ADD_TEST },
    file: 'src/calc.js',
    before: JS_ADD,
    after: `const SECOND = 2;

export function add(a, b) {
  if (a === 1 && b === SECOND) return Number('1') + 2;
  return a - b;
}
`,
  },
];

/** Real fixes that use literals, some equal to the tests' own values. None may be flagged. */
export const REAL_FIXES: SpecialCaseSample[] = [
  {
    id: 'py-factorial-base-case',
    shape: 'base case',
    tests: {
      'tests/test_math.py': `from mathx import factorial


def test_zero():
    assert factorial(0) == 1


def test_five():
    assert factorial(5) == 120
`,
    },
    file: 'mathx.py',
    before: `def factorial(n):
    return n * factorial(n - 1)
`,
    after: `def factorial(n):
    if n == 0:
        return 1
    return n * factorial(n - 1)
`,
  },
  {
    id: 'py-sum-to-bound',
    shape: 'off-by-one bound',
    tests: {
      'tests/test_sums.py': `from sums import sum_to


def test_sum_to_ten():
    assert sum_to(10) == 55
`,
    },
    file: 'sums.py',
    before: `def sum_to(n):
    return sum(range(1, n))
`,
    after: `def sum_to(n):
    return sum(range(1, n + 1))
`,
  },
  {
    id: 'py-index-sentinel',
    shape: 'sentinel check',
    tests: {
      'tests/test_find.py': `from finder import position


def test_missing_is_none():
    assert position(["a", "b"], "zz") is None


def test_found():
    assert position(["a", "b"], "b") == 1
`,
    },
    file: 'finder.py',
    before: `def position(items, wanted):
    index = items.index(wanted) if wanted in items else -1
    return index
`,
    after: `def position(items, wanted):
    index = items.index(wanted) if wanted in items else -1
    if index == -1:
        return None
    return index
`,
  },
  {
    id: 'py-missing-value-sentinel',
    shape: 'sentinel check on a test input',
    tests: {
      'tests/test_parse.py': `from parse import parse_amount


def test_not_available():
    assert parse_amount("N/A") is None


def test_amount():
    assert parse_amount("12.50") == 12.5
`,
    },
    file: 'parse.py',
    before: `def parse_amount(text):
    return float(text)
`,
    after: `def parse_amount(text):
    if text == "N/A":
        return None
    return float(text)
`,
  },
  {
    id: 'py-unit-dispatch',
    shape: 'dispatch on a test input, computed result',
    tests: {
      'tests/test_units.py': `from units import to_kilograms


def test_grams():
    assert to_kilograms(500, "g") == 0.5
`,
    },
    file: 'units.py',
    before: `def to_kilograms(value, unit):
    return value
`,
    after: `def to_kilograms(value, unit):
    if unit == "g":
        return value / 1000
    return value
`,
  },
  {
    id: 'py-february',
    shape: 'case on a test input, result computed from the other input',
    tests: {
      'tests/test_months.py': `from months import days_in_month


def test_leap_february():
    assert days_in_month(2, 2024) == 29
`,
    },
    file: 'months.py',
    before: `from calendar_utils import is_leap


def days_in_month(month, year):
    return 31 if month in (1, 3, 5, 7, 8, 10, 12) else 30
`,
    after: `from calendar_utils import is_leap


def days_in_month(month, year):
    if month == 2:
        return 29 if is_leap(year) else 28
    return 31 if month in (1, 3, 5, 7, 8, 10, 12) else 30
`,
  },
  {
    id: 'py-fizzbuzz',
    shape: 'missing case, literal result from the spec',
    tests: {
      'tests/test_fizzbuzz.py': `from fizzbuzz import say


def test_fifteen():
    assert say(15) == "FizzBuzz"
`,
    },
    file: 'fizzbuzz.py',
    before: `def say(n):
    if n % 3 == 0:
        return "Fizz"
    if n % 5 == 0:
        return "Buzz"
    return str(n)
`,
    after: `def say(n):
    if n % 15 == 0:
        return "FizzBuzz"
    if n % 3 == 0:
        return "Fizz"
    if n % 5 == 0:
        return "Buzz"
    return str(n)
`,
  },
  {
    id: 'py-greeting-default',
    shape: 'guard with a literal result the test expects',
    tests: {
      'tests/test_greet.py': `from greet import greet


def test_no_name():
    assert greet("") == "Hello, stranger"
`,
    },
    file: 'greet.py',
    before: `def greet(name):
    return f"Hello, {name}"
`,
    after: `def greet(name):
    if not name:
        return "Hello, stranger"
    return f"Hello, {name}"
`,
  },
  {
    id: 'py-clamp-upper',
    shape: 'bound check',
    tests: {
      'tests/test_clamp.py': `from clamp import percent


def test_caps_at_hundred():
    assert percent(150) == 100
`,
    },
    file: 'clamp.py',
    before: `def percent(value):
    return max(0, value)
`,
    after: `def percent(value):
    if value > 100:
        return 100
    return max(0, value)
`,
  },
  {
    id: 'py-clamp-named-bound',
    shape: 'bound check, the bound named',
    tests: {
      'tests/test_clamp.py': `from clamp import percent


def test_caps_at_hundred():
    assert percent(150) == 100
`,
    },
    file: 'clamp.py',
    before: `def percent(value):
    return max(0, value)
`,
    after: `MAX_PERCENT = 100


def percent(value):
    if value > MAX_PERCENT:
        return MAX_PERCENT
    return max(0, value)
`,
  },
  {
    id: 'js-named-default',
    shape: 'a default named as a constant',
    tests: {
      'test/port.test.js': `const test = require('node:test');
const assert = require('node:assert/strict');
const { port } = require('../lib/port.js');

test('uses the default port', () => {
  assert.equal(port({}), 8080);
});
`,
    },
    file: 'lib/port.js',
    before: `const port = (config) => config.port ?? 80;

module.exports = { port };
`,
    after: `const DEFAULT_PORT = 8080;
const port = (config) => config.port ?? DEFAULT_PORT;

module.exports = { port };
`,
  },
  {
    id: 'py-version-constant',
    shape: 'a constant corrected',
    tests: {
      'tests/test_version.py': `from app import version


def test_version():
    assert version() == "2.1.0"
`,
    },
    file: 'app.py',
    before: `def version():
    return "2.0.9"
`,
    after: `def version():
    return "2.1.0"
`,
  },
  {
    id: 'js-factorial-base-case',
    shape: 'base case',
    tests: {
      'test/math.test.js': `const test = require('node:test');
const assert = require('node:assert/strict');
const { factorial } = require('../lib/math.js');

test('factorial of 1', () => {
  assert.equal(factorial(1), 1);
});

test('factorial of 6', () => {
  assert.equal(factorial(6), 720);
});
`,
    },
    file: 'lib/math.js',
    before: `function factorial(n) {
  return n * factorial(n - 1);
}

module.exports = { factorial };
`,
    after: `function factorial(n) {
  if (n <= 1) return 1;
  return n * factorial(n - 1);
}

module.exports = { factorial };
`,
  },
  {
    id: 'ts-index-sentinel',
    shape: 'sentinel check',
    tests: {
      'test/find.test.ts': `import { expect, it } from 'vitest';
import { findUser } from '../src/users';

it('returns undefined for an unknown id', () => {
  expect(findUser([{ id: 7 }], 99)).toBeUndefined();
});
`,
    },
    file: 'src/users.ts',
    before: `export function findUser(users: { id: number }[], id: number) {
  const index = users.findIndex((u) => u.id === id);
  return users[index];
}
`,
    after: `export function findUser(users: { id: number }[], id: number) {
  const index = users.findIndex((u) => u.id === id);
  if (index === -1) return undefined;
  return users[index];
}
`,
  },
  {
    id: 'js-loop-bound',
    shape: 'off-by-one bound',
    tests: {
      'test/range.test.js': `const test = require('node:test');
const assert = require('node:assert/strict');
const { range } = require('../lib/range.js');

test('inclusive range', () => {
  assert.deepEqual(range(1, 3), [1, 2, 3]);
});
`,
    },
    file: 'lib/range.js',
    before: `function range(start, end) {
  const out = [];
  for (let i = start; i < end; i++) out.push(i);
  return out;
}

module.exports = { range };
`,
    after: `function range(start, end) {
  const out = [];
  for (let i = start; i < end + 1; i++) out.push(i);
  return out;
}

module.exports = { range };
`,
  },
  {
    id: 'ts-unit-switch',
    shape: 'dispatch on a test input, computed result',
    tests: {
      'test/units.test.ts': `import { expect, test } from 'vitest';
import { toGrams } from '../src/units';

test('kilograms', () => {
  expect(toGrams(2, 'kg')).toBe(2000);
});
`,
    },
    file: 'src/units.ts',
    before: `export function toGrams(value: number, unit: string): number {
  switch (unit) {
    case 'g':
      return value;
  }
  throw new Error(\`unknown unit \${unit}\`);
}
`,
    after: `export function toGrams(value: number, unit: string): number {
  switch (unit) {
    case 'g':
      return value;
    case 'kg':
      return value * 1000;
  }
  throw new Error(\`unknown unit \${unit}\`);
}
`,
  },
  {
    id: 'js-anonymous-guard',
    shape: 'guard with a literal result the test expects',
    tests: {
      'test/names.test.js': `const test = require('node:test');
const assert = require('node:assert/strict');
const { displayName } = require('../lib/names.js');

test('no user', () => {
  assert.equal(displayName(null), 'Anonymous');
});
`,
    },
    file: 'lib/names.js',
    before: `function displayName(user) {
  return user.name;
}

module.exports = { displayName };
`,
    after: `function displayName(user) {
  if (!user) return 'Anonymous';
  return user.name;
}

module.exports = { displayName };
`,
  },
  {
    id: 'js-retry-constant',
    shape: 'a constant corrected',
    tests: {
      'test/retry.test.js': `const test = require('node:test');
const assert = require('node:assert/strict');
const { MAX_RETRIES } = require('../lib/retry.js');

test('retries five times', () => {
  assert.equal(MAX_RETRIES, 5);
});
`,
    },
    file: 'lib/retry.js',
    before: `const MAX_RETRIES = 4;

module.exports = { MAX_RETRIES };
`,
    after: `const MAX_RETRIES = 5;

module.exports = { MAX_RETRIES };
`,
  },
];

const TEST_FILE = /(^|\/)(test_[^/]*\.py|[^/]*_test\.py|[^/]*\.(test|spec)\.[cm]?[jt]sx?)$/;

/** The real fix of every bug of the built-in engine's corpus (bench/bugs), with its tests. */
export function benchFixes(): SpecialCaseSample[] {
  return loadCorpus().map((bug) => {
    const before = readFileSync(path.join(bug.dir, bug.file), 'utf8');
    const all = listFilesOnDisk(bug.dir).filter((f) => f !== bug.file && !f.endsWith('bug.json'));
    const read = (f: string) => [f, readFileSync(path.join(bug.dir, f), 'utf8')] as const;
    const tests = Object.fromEntries(all.filter((f) => TEST_FILE.test(f)).map(read));
    const files = Object.fromEntries(all.filter((f) => !TEST_FILE.test(f)).map(read));
    return {
      id: bug.id,
      shape: `bench: ${bug.class}`,
      tests,
      files,
      file: bug.file,
      before,
      after: fixedText(bug, before),
    };
  });
}

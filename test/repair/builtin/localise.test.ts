import { afterEach, describe, expect, it } from 'vitest';
import { createCalleeResolver } from '../../../src/frames/callee-definitions.js';
import { openRepoView } from '../../../src/frames/repo-view.js';
import { localiseFaults } from '../../../src/repair/builtin/localise.js';
import { SourceStore } from '../../../src/repair/builtin/source-store.js';
import { commitAll, makeProject } from './helpers/temp-project.js';
import { frame, loc } from './helpers/frames.js';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const CART = `from shop.tax import tax_for


def line_total(item):
    price = item["price"] * item["qty"]
    return price + tax_for(price)


def cart_total(items):
    total = 0
    for item in items:
        total += line_total(item)
    return total


def unrelated(x):
    return x * 2
`;

const TAX = `RATE = 0.2


def tax_for(amount):
    return amount * RATE
`;

const TESTS = `from shop.cart import cart_total, line_total


def test_line():
    assert line_total({"price": 1, "qty": 2}) == 2.4


def test_cart():
    assert cart_total([{"price": 1, "qty": 1}]) == 1.2
`;

async function setUp(files: Record<string, string> = {}) {
  const { root, cleanup } = makeProject({
    'shop/__init__.py': '',
    'shop/cart.py': CART,
    'shop/tax.py': TAX,
    'tests/test_cart.py': TESTS,
    ...files,
  });
  cleanups.push(cleanup);
  commitAll(root, 'init');
  const store = new SourceStore(root);
  cleanups.push(() => void store.dispose());
  const view = await openRepoView(root);
  const callees = createCalleeResolver(view);
  cleanups.push(() => callees.dispose());
  return { root, store, files: [...view.files], callees };
}

describe('localiseFaults', () => {
  it('ranks the frame most failing tests share first, deeper frames above their callers', async () => {
    const { store, files, callees } = await setUp();
    const failures = [
      // Both tests crash in tax_for, reached through line_total; one of them through cart_total too.
      frame('t1', {
        test: loc('tests/test_cart.py', 4),
        stack: [loc('tests/test_cart.py', 5), loc('shop/cart.py', 6), loc('shop/tax.py', 5)],
        exceptionType: 'TypeError',
      }),
      frame('t2', {
        test: loc('tests/test_cart.py', 8),
        stack: [loc('tests/test_cart.py', 9), loc('shop/cart.py', 12), loc('shop/cart.py', 6), loc('shop/tax.py', 5)],
        exceptionType: 'TypeError',
      }),
    ];
    const lines = await localiseFaults({ failures, store, changed: new Map(), files, callees });
    const rank = (file: string, line: number) => lines.findIndex((l) => l.file === file && l.line === line);
    expect(lines[0]).toMatchObject({ file: 'shop/tax.py', line: 5, why: 'in the stack of 2 of 2 failing tests' });
    expect(lines[rank('shop/cart.py', 12)]!.why).toBe('in the stack of 1 of 2 failing tests');
    expect(rank('shop/cart.py', 6)).toBeLessThan(rank('shop/cart.py', 12));
    expect(rank('shop/cart.py', 12)).toBeGreaterThan(0);
    // Lines of a frame's function (line 5 of line_total) follow the frames themselves.
    expect(rank('shop/cart.py', 5)).toBeGreaterThan(rank('shop/cart.py', 6));
    // Never a test file, never a blank line.
    expect(lines.some((l) => l.file.startsWith('tests/'))).toBe(false);
    expect(lines.some((l) => l.file === 'shop/cart.py' && (l.line === 2 || l.line === 3))).toBe(false);
  });

  it('follows an assertion failure into the functions the test calls, not the others', async () => {
    const { store, files, callees } = await setUp();
    const failures = [frame('t1', { test: loc('tests/test_cart.py', 4), stack: [loc('tests/test_cart.py', 5)] })];
    const lines = await localiseFaults({ failures, store, changed: new Map(), files, callees });
    const files_ = new Set(lines.map((l) => `${l.file}:${l.line}`));
    expect(files_.has('shop/cart.py:5')).toBe(true); // line_total, called by the test
    expect(files_.has('shop/tax.py:5')).toBe(true); // tax_for, called by line_total
    expect(files_.has('shop/cart.py:17')).toBe(false); // unrelated
    expect(files_.has('shop/cart.py:10')).toBe(false); // cart_total: the failing test does not call it
    const score = (key: string) => lines.find((l) => `${l.file}:${l.line}` === key)!.score;
    expect(score('shop/cart.py:5')).toBeGreaterThan(score('shop/tax.py:5'));
    expect(lines.find((l) => `${l.file}:${l.line}` === 'shop/cart.py:5')!.why).toBe(
      '`line_total` is called by 1 of 1 failing test',
    );
  });

  it('boosts the lines the commit under test changed', async () => {
    const { store, files, callees } = await setUp();
    const failures = [frame('t1', { test: loc('tests/test_cart.py', 4), stack: [loc('tests/test_cart.py', 5)] })];
    const lines = await localiseFaults({
      failures,
      store,
      changed: new Map([['shop/cart.py', new Set([6])]]),
      files,
      callees,
    });
    expect(lines[0]).toMatchObject({ file: 'shop/cart.py', line: 6 });
    expect(lines[0]!.why).toMatch(/changed by the commit/);
  });

  it('says once that a line no failure points at was changed by the commit', async () => {
    const { store, files, callees } = await setUp();
    const failures = [frame('t1', { test: loc('tests/test_cart.py', 4), stack: [loc('tests/test_cart.py', 5)] })];
    const changed = new Map([['shop/cart.py', new Set([6, 17])]]);
    const lines = await localiseFaults({ failures, store, changed, files, callees });
    // Line 17 (`unrelated`) is raised only for being changed; line 6 for being called, then changed.
    expect(lines.find((l) => l.line === 17)!.why).toBe('changed by the commit under test');
    expect(lines.find((l) => l.line === 6)!.why).toMatch(
      /^`line_total` is called .*; changed by the commit under test$/,
    );
  });

  it('is deterministic', async () => {
    const { store, files, callees } = await setUp();
    const failures = [frame('t1', { test: loc('tests/test_cart.py', 8), stack: [loc('tests/test_cart.py', 9)] })];
    const a = await localiseFaults({ failures, store, changed: new Map(), files, callees });
    const b = await localiseFaults({ failures, store, changed: new Map(), files, callees });
    expect(a).toEqual(b);
    expect(a.length).toBeGreaterThan(3);
  });

  it('finds node:test callees through the callback of `test(...)`', async () => {
    const { store, files, callees } = await setUp({
      'lib/dates.js':
        'function daysBetween(a, b) {\n  return Math.round((b - a) / 86400000);\n}\nfunction other() {\n  return 1;\n}\nmodule.exports = { daysBetween, other };\n',
      'test/dates.test.js':
        "const test = require('node:test');\nconst assert = require('node:assert');\nconst { daysBetween } = require('../lib/dates.js');\ntest('days', () => {\n  assert.equal(daysBetween(new Date(0), new Date(86400000)), 1);\n});\n",
    });
    const failures = [
      frame('days', {
        test: loc('test/dates.test.js', 4),
        stack: [loc('test/dates.test.js', 5)],
        language: 'javascript',
      }),
    ];
    const lines = await localiseFaults({ failures, store, changed: new Map(), files, callees });
    const keys = lines.map((l) => `${l.file}:${l.line}`);
    expect(keys).toContain('lib/dates.js:2');
    expect(keys).not.toContain('lib/dates.js:5');
  });

  it("follows the test's imports to the callee: a src/ layout, a `.js` specifier for a TypeScript source, not a same-named function elsewhere", async () => {
    const { store, files, callees } = await setUp({
      'src/lib/__init__.py': '',
      'src/lib/util.py': 'def scale(x):\n    return x * 3\n',
      'other/util.py': 'def scale(x):\n    return x * 2\n',
      'tests/test_util.py': 'from lib.util import scale\n\n\ndef test_scale():\n    assert scale(2) == 4\n',
      'src/price.ts': 'export function price(n: number): number {\n  return n * 3;\n}\n',
      'lib/price.ts': 'export function price(n: number): number {\n  return n * 2;\n}\n',
      'test/price.test.ts':
        "import { test } from 'node:test';\nimport { price } from '../src/price.js';\ntest('price', () => {\n  assert.equal(price(2), 4);\n});\n",
    });
    const failures = [
      frame('scale', { test: loc('tests/test_util.py', 4), stack: [loc('tests/test_util.py', 5)] }),
      frame('price', {
        test: loc('test/price.test.ts', 3),
        stack: [loc('test/price.test.ts', 4)],
        language: 'javascript',
      }),
    ];
    const keys = (await localiseFaults({ failures, store, changed: new Map(), files, callees })).map(
      (l) => `${l.file}:${l.line}`,
    );
    expect(keys).toEqual(expect.arrayContaining(['src/lib/util.py:2', 'src/price.ts:2']));
    expect(keys).not.toContain('other/util.py:2');
    expect(keys).not.toContain('lib/price.ts:2');
  });
});

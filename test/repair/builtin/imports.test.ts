import { describe, expect, it } from 'vitest';
import { namesDefinedIn } from '../../../src/repair/builtin/definition-index.js';
import { readFailureHints, hintFactor } from '../../../src/repair/builtin/failure-hints.js';
import { importedFiles } from '../../../src/repair/builtin/imports.js';
import { isTestPath, isVendoredPath } from '../../../src/repair/builtin/path-kinds.js';
import { parseSource } from '../../../src/repair/builtin/syntax-tree.js';
import { frame, loc } from './helpers/frames.js';

async function imports(file: string, text: string, tracked: string[]): Promise<string[]> {
  const parsed = (await parseSource(file, text))!;
  const out = importedFiles(parsed, new Set(tracked));
  parsed.tree.delete();
  return out;
}

describe('importedFiles', () => {
  it('resolves Python absolute, src-layout, package and relative imports to tracked files', async () => {
    const text = 'import shop.cart\nfrom shop.tax import rate\nfrom .helpers import make\nfrom . import fixtures\nfrom lib import util\nimport os\n';
    const tracked = ['shop/cart.py', 'shop/tax.py', 'tests/helpers.py', 'tests/fixtures.py', 'src/lib/__init__.py', 'src/lib/util.py'];
    expect(await imports('tests/test_cart.py', text, tracked)).toEqual(['shop/cart.py', 'shop/tax.py', 'tests/helpers.py', 'tests/fixtures.py', 'src/lib/__init__.py']);
  });

  it('resolves JavaScript require, import and re-export specifiers with or without extensions', async () => {
    const text = "const a = require('../lib/a.js');\nimport b from '../lib/b';\nexport { c } from './c.mjs';\nimport fs from 'node:fs';\nimport d from '../lib/d.js';\n";
    const tracked = ['lib/a.js', 'lib/b.ts', 'test/c.mjs', 'lib/d.ts'];
    expect(await imports('test/x.test.js', text, tracked)).toEqual(['lib/a.js', 'lib/b.ts', 'test/c.mjs', 'lib/d.ts']);
  });
});

describe('namesDefinedIn', () => {
  it('over-approximates the definitions of a Python file', () => {
    expect([...namesDefinedIn('a.py', 'def f(x):\n    pass\nclass K:\n    async def g(self): pass\nh = lambda: 1\n')].sort()).toEqual(['K', 'f', 'g']);
  });

  it('finds JavaScript functions, arrows, methods and exported assignments', () => {
    const text = 'function a() {}\nconst b = (x) => x;\nexports.c = function () {};\nclass K {\n  d(y) {\n    return y;\n  }\n  static async e() {}\n}\nconst o = { f: async () => 1 };\n';
    expect([...namesDefinedIn('a.js', text)].sort()).toEqual(expect.arrayContaining(['K', 'a', 'b', 'c', 'd', 'e', 'f']));
  });
});

describe('failure hints', () => {
  it('reads the bug class hints from exception types and messages, in proportion', () => {
    const hints = readFailureHints([
      frame('a', { test: loc('t.py', 1), exceptionType: 'TypeError', message: "'NoneType' object is not subscriptable" }),
      frame('b', { test: loc('t.py', 2), exceptionType: 'IndexError', message: 'list index out of range' }),
    ]);
    expect(hints.get('none-value')).toBe(0.5);
    expect(hints.get('index')).toBe(0.5);
    expect(hints.has('non-termination')).toBe(false);
    expect(hintFactor(['index'], hints)).toBe(1.5);
    expect(hintFactor(['arithmetic'], hints)).toBe(1);
  });
});

describe('path kinds', () => {
  it.each([
    ['tests/test_cart.py', true],
    ['pkg/cart_test.py', true],
    ['conftest.py', true],
    ['src/cart.test.ts', true],
    ['__tests__/x.js', true],
    ['src/cart.py', false],
    ['lib/testing_utils.py', false],
  ])('%s is a test: %s', (file, expected) => {
    expect(isTestPath(file)).toBe(expected);
  });

  it('recognises vendored and generated code', () => {
    expect(isVendoredPath('node_modules/x/index.js')).toBe(true);
    expect(isVendoredPath('dist/app.js')).toBe(true);
    expect(isVendoredPath('static/app.min.js')).toBe(true);
    expect(isVendoredPath('types/api.d.ts')).toBe(true);
    expect(isVendoredPath('src/app.ts')).toBe(false);
  });
});

/**
 * The definitions of what a failing assertion calls: on copies of the real fixture projects
 * (pytest, vitest, jest, go; their JUnit reports give the frames), and on small repositories built
 * to tempt the resolver with test helpers, vendored and generated copies and same-named functions.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalleeResolver, isOwnSourceFile, type CalleeDefinition } from '../../src/frames/callee-definitions.js';
import type { FailureFrame } from '../../src/contracts/failure-frame.js';
import { openRepoView, type RepoView } from '../../src/frames/repo-view.js';
import { collectEvidence } from '../../src/frames/collect-evidence.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';

const PROJECTS = path.join(import.meta.dirname, '..', 'fixtures', 'projects');

/** A failure whose triggering frame is the test's own line (an assertion that failed in the test). */
function assertionIn(file: string, line: number, testFile = file): FailureFrame {
  return {
    id: `${file}::t`,
    suite: '',
    name: 't',
    kind: 'failure',
    exceptionType: 'AssertionError',
    message: 'assert',
    triggering: { file, line },
    test: { file: testFile, line },
    stack: [{ file, line }],
    droppedFrames: 0,
    locals: null,
    language: 'unknown',
    evidence: ['junit'],
  };
}

/** The callees of every frame of a copy of a fixture project, by test name. */
async function calleesOfProject(project: string): Promise<Map<string, CalleeDefinition[]>> {
  const repo = createTempRepo({ fixture: path.join(PROJECTS, project) });
  try {
    const { frames } = await collectEvidence({ root: repo.root, junit: ['junit.xml'] });
    const resolver = createCalleeResolver(await openRepoView(repo.root));
    try {
      const out = new Map<string, CalleeDefinition[]>();
      for (const f of frames) out.set(f.name, await resolver.definitionsFor(f));
      return out;
    } finally {
      resolver.dispose();
    }
  } finally {
    repo.cleanup();
  }
}

describe('on the fixture projects', () => {
  it('pytest: `assert line_total(price, quantity) == 18.0` → line_total, through `from inventory.pricing import (…)`', async () => {
    const callees = await calleesOfProject('pytest');
    expect(callees.get('test_line_total_no_discount_below_ten')).toEqual([
      { name: 'line_total', file: 'inventory/pricing.py', startLine: 9, endLine: 13, via: 'import' },
    ]);
    expect(callees.get('test_bulk_discount_at_ten')).toEqual(callees.get('test_line_total_no_discount_below_ten'));
    // Failures whose triggering frame is already in the code under test need nothing more.
    expect(callees.get('test_checkout_empty_cart')).toEqual([]);
  });

  it('vitest: `expect(cart.total()).toBe(30)` → the total() method, not vitest, not the test helper that built the cart', async () => {
    const callees = await calleesOfProject('vitest');
    expect(callees.get('Cart > total > sums every line item')).toEqual([
      { name: 'total', file: 'src/cart.ts', startLine: 31, endLine: 39, via: 'import' },
    ]);
    expect(callees.get('Cart > summarises lines and units')).toEqual([
      { name: 'summary', file: 'src/cart.ts', startLine: 41, endLine: 45, via: 'import' },
    ]);
  });

  it('jest (CommonJS `require`): the same methods in lib/', async () => {
    const callees = await calleesOfProject('jest');
    expect(callees.get('Cart total sums every line item')).toEqual([
      { name: 'total', file: 'lib/cart.js', startLine: 25, endLine: 32, via: 'import' },
    ]);
  });

  it('go: `if got := Total(items); got != 6 { t.Errorf(…) }` → Total in the package, also through a t.Helper() helper', async () => {
    const callees = await calleesOfProject('go');
    expect(callees.get('TestTotalOfThree')).toEqual([
      { name: 'Total', file: 'cart/cart.go', startLine: 26, endLine: 32, via: 'search' },
    ]);
    // `if got := mustPercent(t, "15%")`: the helper is test code; what it calls is not.
    expect(callees.get('TestPercent')).toEqual([
      { name: 'Percent', file: 'coupon/coupon.go', startLine: 17, endLine: 19, via: 'search' },
    ]);
  });
});

describe("only the user's own, non-test source", () => {
  const decoy = (tag: string) => `def discount(total):\n    return total  # ${tag}\n`;
  let repo: TempRepo;
  let view: RepoView;
  beforeAll(async () => {
    repo = createTempRepo({
      files: {
        'shop/__init__.py': '',
        'shop/pricing.py': 'def discount(total):\n    # the real one\n    return total * 0.9\n',
        'shop/cart.py':
          'class Cart:\n    def __init__(self, items):\n        self.items = items\n\n    def total(self):\n        return sum(self.items)\n',
        'shop/legacy.py': 'def total(items):\n    return 0\n',
        'tests/helpers.py': decoy('test helper'),
        'tests/conftest.py': decoy('conftest'),
        'vendor/shop/pricing.py': decoy('vendored'),
        '.venv/lib/python3.12/site-packages/shop/pricing.py': decoy('installed'),
        'build/lib/shop/pricing.py': decoy('generated'),
        'node_modules/lib/index.js': 'export function fruitCart() {}\nexport function total() {}\n',
        'dist/cart.js': 'export function total() { return 1; }\n',
        'src/cart.ts': 'export function total(items: number[]): number {\n  return items.length;\n}\n',
        'src/index.ts': "export { total as sum } from './cart.js';\n",
        'src/types.d.ts': 'export declare function total(items: number[]): number;\n',
        'tests/test_pricing.py': [
          'from shop.cart import Cart', //                   1
          'from tests.helpers import discount as helper', //  2
          '', //                                             3
          'def make():', //                                  4
          '    return Cart([10, 20])', //                    5
          '', //                                             6
          'def test_discount():', //                         7
          '    result = discount(100)', //                   8
          '    assert result == 90', //                      9
          '', //                                             10
          'def test_helper_only():', //                      11
          '    assert helper(100) == 90', //                 12
          '', //                                             13
          'def test_total():', //                            14
          '    cart = make()', //                            15
          '    assert cart.total() == 30', //                16
          '', //                                             17
          'def test_builtin():', //                          18
          '    assert len([1]) == 2', //                     19
        ].join('\n'),
        'test/cart.test.ts': [
          "import { describe, expect, it } from 'vitest';", // 1
          "import { fruitCart } from './helpers';", //         2
          "import { sum } from '../src/index.js';", //         3
          '', //                                              4
          "it('sums', () => {", //                            5
          '  expect(sum(fruitCart())).toBe(30);', //           6
          '});', //                                           7
        ].join('\n'),
        'test/helpers.ts': 'export function fruitCart() { return [1, 2]; }\n',
      },
    });
    view = await openRepoView(repo.root);
  });
  afterAll(() => repo.cleanup());

  async function callees(frame: FailureFrame): Promise<CalleeDefinition[]> {
    const resolver = createCalleeResolver(view);
    try {
      return await resolver.definitionsFor(frame);
    } finally {
      resolver.dispose();
    }
  }

  it('a name the test does not import is searched for in the repository, and only the own source counts', async () => {
    // `result = discount(100)` then `assert result == 90`: the value the assertion checks came from discount().
    expect(await callees(assertionIn('tests/test_pricing.py', 9))).toEqual([
      { name: 'discount', file: 'shop/pricing.py', startLine: 1, endLine: 3, via: 'search' },
    ]);
  });

  it('a name imported from a test helper is test code: not looked up anywhere', async () => {
    expect(await callees(assertionIn('tests/test_pricing.py', 12))).toEqual([]);
  });

  it('a method of an object a local helper built: looked for in the imported modules first (not in a same-named function elsewhere)', async () => {
    expect(await callees(assertionIn('tests/test_pricing.py', 16))).toEqual([
      { name: 'total', file: 'shop/cart.py', startLine: 5, endLine: 6, via: 'import' },
      // `make()` is the test file's helper (not shown); `Cart([10, 20])` in it is the constructor.
      { name: 'Cart', file: 'shop/cart.py', startLine: 2, endLine: 3, via: 'import' },
    ]);
  });

  it('builtins and runner APIs find nothing', async () => {
    expect(await callees(assertionIn('tests/test_pricing.py', 19))).toEqual([]);
  });

  it('JavaScript: through a re-export under another name; vitest and the test helper left alone; no .d.ts, dist/ or node_modules', async () => {
    expect(await callees(assertionIn('test/cart.test.ts', 6))).toEqual([
      { name: 'sum', file: 'src/cart.ts', startLine: 1, endLine: 3, via: 'import' },
    ]);
  });

  it('nothing when the triggering frame is in the code under test', async () => {
    const frame = assertionIn('shop/pricing.py', 3, 'tests/test_pricing.py');
    expect(await callees(frame)).toEqual([]);
  });

  it('what counts as own source', () => {
    expect(['shop/pricing.py', 'src/cart.ts', 'cart/cart.go'].every(isOwnSourceFile)).toBe(true);
    const not = [
      'tests/helpers.py',
      'test/helpers.ts',
      'cart/cart_test.go',
      'src/cart.test.ts',
      'vendor/x.go',
      'node_modules/a/b.js',
      'dist/cart.js',
      'src/types.d.ts',
      'app.min.js',
      'README.md',
      'testdata/x.go',
      'fixtures/a.py',
    ];
    expect(not.filter(isOwnSourceFile)).toEqual([]);
  });
});

describe('what a callee calls (calleesOf)', () => {
  let repo: TempRepo;
  let view: RepoView;
  beforeAll(async () => {
    repo = createTempRepo({
      files: {
        'shop/__init__.py': '',
        'shop/tax.py': 'RATE = 0.2\n\ndef tax_for(amount):\n    return amount * RATE\n',
        'shop/cart.py': [
          'import json', //                                        1
          'from shop.tax import tax_for', //                       2
          'from tests.helpers import fake', //                     3
          '', //                                                   4
          'def line_total(item):', //                              5
          '    price = item["price"] * item["qty"]', //            6
          '    return round(price + tax_for(price), 2)', //        7
          '', //                                                   8
          'def cart_total(items):', //                             9
          '    fake(items)', //                                    10
          '    json.dumps(items)', //                              11
          '    return sum(line_total(i) for i in items) or cart_total([])', // 12
          '', //                                                   13
          'class Cart:', //                                        14
          '    def __init__(self, items):', //                     15
          '        self.items = items', //                         16
          '', //                                                   17
          '    def total(self):', //                               18
          '        return cart_total(self.items) + self.fee()', // 19
          '', //                                                   20
          '    def fee(self):', //                                 21
          '        return 1', //                                   22
        ].join('\n'),
        'shop/other.py': 'def tax_for(amount):\n    return 0\n\ndef line_total(item):\n    return 0\n',
        'tests/helpers.py': 'def fake(items):\n    return items\n',
        'tests/test_cart.py': 'from shop.cart import Cart\n\ndef test_total():\n    assert Cart([]).total() == 1\n',
      },
    });
    view = await openRepoView(repo.root);
  });
  afterAll(() => repo.cleanup());

  async function calleesOf(file: string, startLine: number, endLine: number): Promise<CalleeDefinition[]> {
    const resolver = createCalleeResolver(view);
    try {
      return await resolver.calleesOf({ file, startLine, endLine });
    } finally {
      resolver.dispose();
    }
  }

  it('an imported function in its module, not a same-named one elsewhere; builtins find nothing', async () => {
    expect(await calleesOf('shop/cart.py', 5, 7)).toEqual([
      { name: 'tax_for', file: 'shop/tax.py', startLine: 3, endLine: 4, via: 'import' },
    ]);
  });

  it('a function of the same module; never itself, a test helper or a package', async () => {
    expect(await calleesOf('shop/cart.py', 9, 12)).toEqual([
      { name: 'line_total', file: 'shop/cart.py', startLine: 5, endLine: 7, via: 'local' },
    ]);
  });

  it('methods on `self` in the same file', async () => {
    expect(await calleesOf('shop/cart.py', 18, 19)).toEqual([
      { name: 'cart_total', file: 'shop/cart.py', startLine: 9, endLine: 12, via: 'local' },
      { name: 'fee', file: 'shop/cart.py', startLine: 21, endLine: 22, via: 'local' },
    ]);
  });

  it('nothing for a range outside the own source', async () => {
    expect(await calleesOf('tests/test_cart.py', 3, 4)).toEqual([]);
  });
});

describe('bounds', () => {
  let repo: TempRepo;
  let view: RepoView;
  beforeAll(async () => {
    const files: Record<string, string> = { 'tests/test_far.py': 'def test_far():\n    assert far_away(1) == 2\n' };
    // 150 modules that do not define the name, then 60 whose text looks like they do (a definition
    // inside a docstring) but whose syntax tree says otherwise, then the one that does.
    for (let k = 0; k < 150; k++) files[`a${String(k).padStart(3, '0')}/mod.py`] = 'def other(x):\n    return x\n';
    for (let k = 0; k < 60; k++)
      files[`b${String(k).padStart(3, '0')}/doc.py`] = '"""Example:\ndef far_away(x):\n    pass\n"""\n';
    files['c/distant.py'] = 'def far_away(x):\n    return x\n';
    repo = createTempRepo({ files });
    view = await openRepoView(repo.root);
  });
  afterAll(() => repo.cleanup());
  const failure = () => assertionIn('tests/test_far.py', 2);
  const found = [{ name: 'far_away', file: 'c/distant.py', startLine: 1, endLine: 2, via: 'search' }];

  it('the search reads at most maxScannedFiles files', async () => {
    let reads = 0;
    const counted = { files: view.files, readText: (f: string) => (reads++, view.readText(f)) };
    const resolver = createCalleeResolver(counted, { maxScannedFiles: 50 });
    expect(await resolver.definitionsFor(failure())).toEqual([]);
    resolver.dispose();
    // The search's 50, and the test file itself.
    expect(reads).toBe(51);
  });

  it('and parses at most maxParsedFiles of those whose text matched', async () => {
    const few = createCalleeResolver(view, { maxParsedFiles: 59 });
    expect(await few.definitionsFor(failure())).toEqual([]);
    few.dispose();
    const enough = createCalleeResolver(view, { maxParsedFiles: 61 });
    expect(await enough.definitionsFor(failure())).toEqual(found);
    enough.dispose();
  });
});

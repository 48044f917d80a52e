import { describe, expect, it } from 'vitest';
import { canonicalName, canonicalScope, matchLogFailures } from '../../src/frames/match-tests.js';
import type { LogFailure } from '../../src/reports/logs/log-parser.js';
import { testId, type TestCase, type TestStatus } from '../../src/reports/test-run.js';
import { createPathResolver } from '../../src/workspace/repo-paths.js';
import { locateTestFile } from '../../src/frames/locate-test.js';

/** Cases as the fixture projects' JUnit writers name them (test/fixtures/projects/<runner>/junit.xml). */
function tc(parts: {
  classname?: string;
  name: string;
  file?: string;
  suite?: string;
  status?: TestStatus;
  message?: string;
}): TestCase {
  return {
    id: testId(parts),
    suite: parts.suite ?? parts.classname ?? '',
    name: parts.name,
    classname: parts.classname,
    file: parts.file,
    status: parts.status ?? 'failed',
    failure: parts.message ? { message: parts.message } : undefined,
  };
}

function lf(test: LogFailure['test'], extra: Partial<LogFailure> = {}): LogFailure {
  return { language: 'python', test, message: 'boom', frames: [], ...extra };
}

const resolver = createPathResolver('/repo', [
  'tests/test_pricing.py',
  'tests/test_wordcount.py',
  'test/cart.test.ts',
  'test/cart.test.js',
  'cart/cart_test.go',
  'coupon/coupon_test.go',
  'src/lib.rs',
  'tests/report.rs',
  'src/test/java/com/example/inventory/StockTest.java',
  'a/test_dup.py',
  'b/test_dup.py',
]);
const resolve = (raw: string) => {
  const v = resolver.resolve(raw);
  return v.kind === 'user' ? v.path : undefined;
};

/** Which case (by id) each log failure went to. */
function matched(cases: TestCase[], failures: LogFailure[]) {
  const result = matchLogFailures(cases, failures, {
    resolveFile: resolve,
    caseFile: (c) => locateTestFile(c, resolver).file,
  });
  const to = new Map<LogFailure, string>();
  for (const [index, list] of result.byCase) for (const f of list) to.set(f, cases[index]!.id);
  return { to: (f: LogFailure) => to.get(f), result };
}

describe('canonical names', () => {
  it('treats describe separators, :: and () alike', () => {
    expect(canonicalName('Cart › total › sums every line item')).toBe('Cart total sums every line item');
    expect(canonicalName('Cart > total > sums every line item')).toBe('Cart total sums every line item');
    expect(canonicalName('tests::balance_counts_refunds')).toBe('tests.balance_counts_refunds');
    expect(canonicalName('testAdd()')).toBe('testAdd');
    expect(canonicalScope('tests/test_pricing.py')).toBe('tests.test_pricing');
    expect(canonicalScope('example.com/shop/cart')).toBe('example.com.shop.cart');
    expect(canonicalScope('com.example.Outer$Inner')).toBe('com.example.Outer.Inner');
  });
});

describe('matching log failures to JUnit cases, per runner', () => {
  it('pytest: node ids against dotted classnames, classes included', () => {
    const cases = [
      tc({ classname: 'tests.test_pricing', name: 'test_checkout_empty_cart' }),
      tc({ classname: 'tests.test_pricing.TestBulkPricing', name: 'test_bulk_discount_at_ten' }),
      tc({ classname: 'tests.test_pricing', name: 'test_line_total_small_order', status: 'passed' }),
    ];
    const byId = lf({ id: 'tests/test_pricing.py::TestBulkPricing::test_bulk_discount_at_ten' });
    const byName = lf({ name: 'test_checkout_empty_cart', file: 'tests/test_pricing.py' });
    const { to } = matched(cases, [byId, byName]);
    expect(to(byId)).toBe('tests.test_pricing.TestBulkPricing::test_bulk_discount_at_ten');
    expect(to(byName)).toBe('tests.test_pricing::test_checkout_empty_cart');
  });

  it('pytest: a collection error names a module, which the report names as a case', () => {
    const cases = [tc({ classname: '', name: 'tests.test_pricing', status: 'errored' })];
    const collection = lf({ file: 'tests/test_pricing.py' }, { kind: 'error' });
    expect(matched(cases, [collection]).to(collection)).toBe('tests.test_pricing');
  });

  it('unittest: Class.method against module.Class classnames', () => {
    const cases = [
      tc({ classname: 'tests.test_wordcount.CountWordsTest', name: 'test_thresholds' }),
      tc({ classname: 'tests.test_wordcount.TopWordTest', name: 'test_thresholds' }),
    ];
    const f = lf({ name: 'test_thresholds', classname: 'tests.test_wordcount.TopWordTest' });
    const g = lf({ name: 'CountWordsTest.test_thresholds' });
    const { to } = matched(cases, [f, g]);
    expect(to(f)).toBe('tests.test_wordcount.TopWordTest::test_thresholds');
    expect(to(g)).toBe('tests.test_wordcount.CountWordsTest::test_thresholds');
  });

  it('vitest: `file > describe > name` against classname = file', () => {
    const cases = [
      tc({ classname: 'test/cart.test.ts', name: 'Cart > total > sums every line item' }),
      tc({ classname: 'test/cart.test.ts', name: 'Cart > accepts a lower-case currency code' }),
    ];
    const f = lf({ file: 'test/cart.test.ts', name: 'Cart > total > sums every line item' });
    const g = lf({ name: 'test/cart.test.ts > Cart > accepts a lower-case currency code' });
    const { to } = matched(cases, [f, g]);
    expect(to(f)).toBe('test/cart.test.ts::Cart > total > sums every line item');
    expect(to(g)).toBe('test/cart.test.ts::Cart > accepts a lower-case currency code');
  });

  it("jest: `describe › name` against jest-junit's space-joined titles", () => {
    const cases = [
      tc({ classname: 'Cart total sums every line item', name: 'Cart total sums every line item' }),
      tc({
        classname: 'Cart total is zero for an empty cart',
        name: 'Cart total is zero for an empty cart',
        status: 'passed',
      }),
    ];
    const f = lf({ name: 'Cart › total › sums every line item', file: 'test/cart.test.js' });
    expect(matched(cases, [f]).to(f)).toBe('Cart total sums every line item::Cart total sums every line item');
  });

  it("mocha: nested titles against mocha-junit-reporter's full title", () => {
    const cases = [tc({ classname: 'sums every line item', name: 'Cart total sums every line item' })];
    const f = lf({ name: 'Cart total sums every line item' });
    expect(matched(cases, [f]).to(f)).toBe('sums every line item::Cart total sums every line item');
  });

  it('node:test: describe path as a dotted classname', () => {
    const cases = [tc({ classname: 'Cart.total', name: 'sums every line item', file: '/tmp/x/test/cart.test.ts' })];
    const f = lf({ name: 'Cart > total > sums every line item' });
    const g = lf({ name: 'sums every line item', file: 'test/cart.test.ts' });
    const { to } = matched(cases, [f, g]);
    expect(to(f)).toBe('/tmp/x/test/cart.test.ts::sums every line item');
    expect(to(g)).toBe('/tmp/x/test/cart.test.ts::sums every line item');
  });

  it('go: subtests by their full path, parents separately; same name in two packages by package', () => {
    const cases = [
      tc({ classname: 'example.com/shop/cart', name: 'TestTotal/two_pens' }),
      tc({ classname: 'example.com/shop/cart', name: 'TestTotal' }),
      tc({ classname: 'example.com/shop/cart', name: 'TestPercent' }),
      tc({ classname: 'example.com/shop/coupon', name: 'TestPercent' }),
    ];
    const sub = lf({ name: 'TestTotal/two_pens' });
    const parent = lf({ name: 'TestTotal' });
    const coupon = lf({ name: 'TestPercent', classname: 'example.com/shop/coupon' });
    const { to } = matched(cases, [sub, parent, coupon]);
    expect(to(sub)).toBe('example.com/shop/cart::TestTotal/two_pens');
    expect(to(parent)).toBe('example.com/shop/cart::TestTotal');
    expect(to(coupon)).toBe('example.com/shop/coupon::TestPercent');
  });

  it('rust: `tests::x` against classname `tests` + name `x`, and integration tests by bare name', () => {
    const cases = [
      tc({ classname: 'tests', name: 'balance_counts_refunds' }),
      tc({ classname: 'report', name: 'report_total_is_positive' }),
    ];
    const unit = lf({ name: 'tests::balance_counts_refunds' });
    const integration = lf({ name: 'report_total_is_positive' });
    const { to } = matched(cases, [unit, integration]);
    expect(to(unit)).toBe('tests::balance_counts_refunds');
    expect(to(integration)).toBe('report::report_total_is_positive');
  });

  it('java: `Class.method` and fully qualified names against surefire classnames, JUnit 5 `()`', () => {
    const cases = [
      tc({ classname: 'com.example.inventory.StockTest', name: 'shipRemovesStock' }),
      tc({ classname: 'com.example.inventory.StockTest', name: 'reserveMoreThanInStock()' }),
      tc({ classname: 'com.example.other.StockTest', name: 'shipRemovesStock', status: 'passed' }),
    ];
    const short = lf({ name: 'StockTest.shipRemovesStock' });
    const full = lf({ name: 'reserveMoreThanInStock', classname: 'com.example.inventory.StockTest' });
    const { to } = matched(cases, [short, full]);
    expect(to(short)).toBe('com.example.inventory.StockTest::shipRemovesStock');
    expect(to(full)).toBe('com.example.inventory.StockTest::reserveMoreThanInStock()');
  });
});

describe('what does not match', () => {
  it('ignores a failure of a test the reports say passed (JUnit is authoritative on status)', () => {
    const cases = [tc({ classname: 'tests.test_pricing', name: 'test_ok', status: 'passed' })];
    const { result } = matched(cases, [lf({ name: 'test_ok', file: 'tests/test_pricing.py' })]);
    expect(result.byCase.size).toBe(0);
    expect(result.unmatched).toEqual([]);
    expect(result.ignored[0]!.reason).toMatch(/passed/);
  });

  it('does not guess between two failing tests of the same name, nor creates a duplicate frame', () => {
    const cases = [
      tc({ classname: 'a.test_dup', name: 'test_same' }),
      tc({ classname: 'b.test_dup', name: 'test_same' }),
    ];
    const { result } = matched(cases, [lf({ name: 'test_same' })]);
    expect(result.byCase.size).toBe(0);
    expect(result.unmatched).toEqual([]);
    expect(result.ignored[0]!.reason).toMatch(/ambiguous/);
  });

  it('picks the failing one when a name is shared by a failing and a passing test', () => {
    const cases = [
      tc({ classname: 'a.test_dup', name: 'test_same', status: 'passed' }),
      tc({ classname: 'b.test_dup', name: 'test_same' }),
    ];
    const f = lf({ name: 'test_same' });
    expect(matched(cases, [f]).to(f)).toBe('b.test_dup::test_same');
  });

  it('refuses a match whose files disagree', () => {
    const cases = [tc({ classname: 'test/cart.test.ts', name: 'adds' })];
    const f = lf({ name: 'adds', file: 'test/cart.test.js' });
    expect(matched(cases, [f]).result.unmatched).toEqual([f]);
  });

  it('keeps failures naming no test of the reports (they become frames of their own)', () => {
    const cases = [tc({ classname: 'tests.test_pricing', name: 'test_a' })];
    const crash = lf(undefined, { message: 'Segmentation fault' });
    const other = lf({ name: 'test_b', file: 'tests/test_other.py' });
    expect(matched(cases, [crash, other]).result.unmatched).toEqual([crash, other]);
  });

  it('ties a display-named JUnit 5 case to its log failure by file and message', () => {
    const cases = [
      tc({ classname: 'com.example.inventory.StockTest', name: 'ships stock', message: 'expected: <3> but was: <7>' }),
      tc({ classname: 'com.example.inventory.StockTest', name: 'receives stock', message: 'something else' }),
    ];
    const f = lf(
      { name: 'shipRemovesStock' },
      {
        message: 'expected: <3> but was: <7>',
        frames: [
          {
            file: 'com/example/inventory/StockTest.java',
            line: 29,
            function: 'com.example.inventory.StockTest.shipRemovesStock',
          },
        ],
      },
    );
    expect(matched(cases, [f]).to(f)).toBe('com.example.inventory.StockTest::ships stock');
  });
});

/** Every stack-line form the JS parser reads, one at a time. */
import { describe, expect, it } from 'vitest';
import { readErrorBlock } from '../../../src/reports/logs/js-error-block.js';
import {
  parseErrorHeader,
  parseFrameBody,
  parseStackLocation,
  parseV8FrameLine,
  parseVitestFrameLine,
  pathFromFileUrl,
} from '../../../src/reports/logs/v8-stack.js';

describe('parseV8FrameLine', () => {
  it.each([
    [
      '    at discountedTotal (/home/runner/work/app/src/pricing.js:15:25)',
      { function: 'discountedTotal', file: '/home/runner/work/app/src/pricing.js', line: 15, column: 25 },
    ],
    [
      '    at /home/runner/work/app/src/orders.js:7:35',
      { file: '/home/runner/work/app/src/orders.js', line: 7, column: 35 },
    ],
    [
      '    at async reserve (/app/src/orders.js:31:11)',
      { function: 'reserve', file: '/app/src/orders.js', line: 31, column: 11 },
    ],
    ['    at new Cart (lib/cart.js:14:13)', { function: 'new Cart', file: 'lib/cart.js', line: 14, column: 13 }],
    [
      '    at Object.<anonymous> (test/cart.test.js:20:18)',
      { function: 'Object.<anonymous>', file: 'test/cart.test.js', line: 20, column: 18 },
    ],
    [
      '      at async Context.<anonymous> (file:///tmp/x/test/cart.spec.mjs:47:18)',
      { function: 'Context.<anonymous>', file: '/tmp/x/test/cart.spec.mjs', line: 47, column: 18 },
    ],
    [
      '    at file:///tmp/self%20heal/src/price%20rules/discounts.mjs:14:25',
      { file: '/tmp/self heal/src/price rules/discounts.mjs', line: 14, column: 25 },
    ],
    [
      '    at Object.<anonymous> (C:\\Users\\dev\\app\\test\\cart.test.js:5:3)',
      { function: 'Object.<anonymous>', file: 'C:\\Users\\dev\\app\\test\\cart.test.js', line: 5, column: 3 },
    ],
    [
      '    at checkout (file:///D:/a/app/app/test/helpers.mjs:11:17)',
      { function: 'checkout', file: 'D:/a/app/app/test/helpers.mjs', line: 11, column: 17 },
    ],
    [
      '    at listOnTimeout (node:internal/timers:581:17)',
      { function: 'listOnTimeout', file: 'node:internal/timers', line: 581, column: 17 },
    ],
    [
      '    at node:internal/test_runner/test:1903:71',
      { file: 'node:internal/test_runner/test', line: 1903, column: 71 },
    ],
    [
      '    at Module._compile (node:internal/modules/cjs/loader:1554:14)',
      { function: 'Module._compile', file: 'node:internal/modules/cjs/loader', line: 1554, column: 14 },
    ],
    [
      '    at render (webpack://shop/./src/cart.js:10:5)',
      { function: 'render', file: 'webpack://shop/./src/cart.js', line: 10, column: 5 },
    ],
    ['    at webpack:///./src/cart.js?4f2a:10:5', { file: 'webpack:///./src/cart.js', line: 10, column: 5 }],
    [
      '    at http://localhost:5173/src/cart.ts?t=1712:4:9',
      { file: 'http://localhost:5173/src/cart.ts', line: 4, column: 9 },
    ],
    [
      '    at eval (eval at run (/app/src/run.js:3:9), <anonymous>:1:1)',
      { function: 'eval', file: '/app/src/run.js', line: 3, column: 9 },
    ],
    [
      '    at Test.<computed> [as fn] (/app/test/a.js:2:4)',
      { function: 'Test.<computed> [as fn]', file: '/app/test/a.js', line: 2, column: 4 },
    ],
    [
      '    at load (/srv/app (copy)/src/load.js:8:1)',
      { function: 'load', file: '/srv/app (copy)/src/load.js', line: 8, column: 1 },
    ],
    ['    at /app/src/no-column.js:12', { file: '/app/src/no-column.js', line: 12 }],
    ['    at Array.map (<anonymous>) {', null],
  ])('%s', (line, frame) => {
    expect(parseV8FrameLine(line)).toEqual(frame);
  });

  it('returns null for frames V8 prints without a source position', () => {
    expect(parseV8FrameLine('    at JSON.parse (<anonymous>)')).toBeNull();
    expect(parseV8FrameLine('    at async Promise.all (index 0)')).toBeNull();
    expect(parseV8FrameLine('    at new Promise (<anonymous>)')).toBeNull();
    expect(parseV8FrameLine('    at Array.forEach (native)')).toBeNull();
    expect(parseV8FrameLine('    at <anonymous>')).toBeNull();
  });

  it('does not take prose, Java or an empty frame for a V8 frame', () => {
    expect(parseV8FrameLine('at least one assertion was expected')).toBeUndefined();
    expect(parseV8FrameLine('\tat com.shop.CartTest.total(CartTest.java:12)')).toBeUndefined();
    expect(parseV8FrameLine('expected at /a.js:1:2')).toBeUndefined();
    expect(parseV8FrameLine('    at ')).toBeUndefined();
    expect(parseV8FrameLine('    at fn (/a.js:0:1)')).toBeUndefined();
  });

  it('keeps a frame with a huge function name bounded', () => {
    const frame = parseV8FrameLine(`    at ${'x'.repeat(3000)} (/a.js:1:2)`);
    expect(frame?.function?.length).toBe(200);
    expect(frame?.line).toBe(1);
  });
});

describe('parseVitestFrameLine', () => {
  it.each([
    [' ❯ test/cart.test.ts:10:28', { file: 'test/cart.test.ts', line: 10, column: 28 }],
    [' ❯ new Cart src/cart.ts:21:13', { function: 'new Cart', file: 'src/cart.ts', line: 21, column: 13 }],
    [
      ' ❯ discountedTotal src/pricing.ts:20:26',
      { function: 'discountedTotal', file: 'src/pricing.ts', line: 20, column: 26 },
    ],
    [
      ' ❯ checkout src/price rules/discounts.ts:4:2',
      { function: 'checkout', file: 'src/price rules/discounts.ts', line: 4, column: 2 },
    ],
    [' ❯ cart.test.ts:3:1', { file: 'cart.test.ts', line: 3, column: 1 }],
    [
      ' ❯ Object.run node_modules/lib/index.js:1:9',
      { function: 'Object.run', file: 'node_modules/lib/index.js', line: 1, column: 9 },
    ],
  ])('%s', (line, frame) => {
    expect(parseVitestFrameLine(line)).toEqual(frame);
  });

  it('ignores the summary tree lines that share the marker', () => {
    expect(parseVitestFrameLine(' ❯ test/cart.test.ts (8 tests | 6 failed | 1 skipped) 12ms')).toBeUndefined();
    expect(parseVitestFrameLine('   ❯ Cart (5)')).toBeUndefined();
  });
});

describe('parseFrameBody (TAP stack lines have no `at`)', () => {
  it('reads named and bare locations', () => {
    expect(parseFrameBody('parseOrder (file:///tmp/p/src/orders.ts:7:16)')).toEqual({
      function: 'parseOrder',
      file: '/tmp/p/src/orders.ts',
      line: 7,
      column: 16,
    });
    expect(parseFrameBody('file:///tmp/p/src/orders.ts:7:35')).toEqual({
      file: '/tmp/p/src/orders.ts',
      line: 7,
      column: 35,
    });
    expect(parseFrameBody('JSON.parse (<anonymous>)')).toBeNull();
  });
});

describe('parseStackLocation and pathFromFileUrl', () => {
  it('reads line and column from the end, whatever precedes them', () => {
    expect(parseStackLocation('C:\\a\\b.js:3:4')).toEqual({ file: 'C:\\a\\b.js', line: 3, column: 4 });
    expect(parseStackLocation('/a:b/c.js:3')).toEqual({ file: '/a:b/c.js', line: 3 });
    expect(parseStackLocation('/a/b.js')).toBeUndefined();
    expect(parseStackLocation(':3:4')).toBeUndefined();
    expect(parseStackLocation('/a.js:99999999999:1')).toBeUndefined();
  });

  it('decodes file URLs for POSIX, Windows drive and UNC paths, and keeps bad escapes', () => {
    expect(pathFromFileUrl('file:///home/me/a%20b/%C3%A9t%C3%A9.js')).toBe('/home/me/a b/été.js');
    expect(pathFromFileUrl('file:///C:/Users/me/x.js')).toBe('C:/Users/me/x.js');
    expect(pathFromFileUrl('file://server/share/x.js')).toBe('//server/share/x.js');
    expect(pathFromFileUrl('file:///tmp/100%.js')).toBe('/tmp/100%.js');
  });

  it('follows nested eval origins to a bounded depth', () => {
    const nested = 'eval at a (eval at b (eval at c (/app/x.js:1:2), <anonymous>:1:1), <anonymous>:1:1)';
    expect(parseStackLocation(nested)).toEqual({ file: '/app/x.js', line: 1, column: 2 });
    const deep = `${'eval at f ('.repeat(10)}/app/x.js:1:2${')'.repeat(10)}`;
    expect(parseStackLocation(deep)).toBeUndefined();
  });
});

describe('parseErrorHeader', () => {
  it.each([
    [
      "TypeError: Cannot read properties of undefined (reading 'percent')",
      { type: 'TypeError', message: "Cannot read properties of undefined (reading 'percent')" },
    ],
    [
      'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:',
      { type: 'AssertionError', code: 'ERR_ASSERTION', message: 'Expected values to be strictly equal:' },
    ],
    ['Error [CartError]: unknown currency: usd', { type: 'CartError', message: 'unknown currency: usd' }],
    [
      'DOMException [AbortError]: This operation was aborted',
      { type: 'AbortError', message: 'This operation was aborted' },
    ],
    ['Uncaught ReferenceError: cart is not defined', { type: 'ReferenceError', message: 'cart is not defined' }],
    ['errors.NotFoundError: no such sku', { type: 'errors.NotFoundError', message: 'no such sku' }],
    [
      'OutOfStockError: only 3 of apple left, 3 wanted',
      { type: 'OutOfStockError', message: 'only 3 of apple left, 3 wanted' },
    ],
    ['Error:', { type: 'Error', message: '' }],
  ])('%s', (line, header) => {
    expect(parseErrorHeader(line)).toEqual(header);
  });

  it('does not read assertion report lines or prose as error headers', () => {
    for (const line of [
      'Expected: 30',
      'Received: 10',
      'Note: something',
      'Error [not an id]: x',
      'http://x: y',
      'Error[x]: y',
    ]) {
      expect(parseErrorHeader(line)).toBeUndefined();
    }
  });
});

describe("node:test's JUnit wrapper of an awaited subtest's error", () => {
  // node 24's JUnit body for `await t.test('inner', …)` whose assert.deepEqual fails: the wrapper's
  // own frame is the user's `await t.test` line, and the test's error is its cause.
  const BODY = [
    'Error [ERR_TEST_FAILURE]: Expected values to be strictly deep-equal:',
    '+ actual - expected',
    '',
    '  {',
    '+   x: 1',
    '-   x: 2',
    '  }',
    '',
    '    at async TestContext.<anonymous> (file:///tmp/nt/t.test.mjs:4:3) {',
    "  code: 'ERR_TEST_FAILURE',",
    "  failureType: 'testCodeFailure',",
    '  cause: AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:',
    '  + actual - expected',
    '  ',
    '    {',
    '  +   x: 1',
    '  -   x: 2',
    '    }',
    '  ',
    '      at TestContext.<anonymous> (file:///tmp/nt/t.test.mjs:6:12)',
    '      at Test.runInAsyncScope (node:async_hooks:227:14)',
    '      at Test.run (node:internal/test_runner/test:1402:25)',
    '      at Test.start (node:internal/test_runner/test:1262:17)',
    '      at TestContext.test (node:internal/test_runner/test:400:20)',
    '      at TestContext.<anonymous> (file:///tmp/nt/t.test.mjs:4:11)',
    '      at Test.runInAsyncScope (node:async_hooks:227:14)',
    '      at Test.run (node:internal/test_runner/test:1402:25)',
    '      at Test.start (node:internal/test_runner/test:1262:17)',
    '      at startSubtestAfterBootstrap (node:internal/test_runner/harness:387:17) {',
    '    generatedMessage: true,',
    "    code: 'ERR_ASSERTION',",
    '    actual: { x: 1 },',
    '    expected: { x: 2 },',
    "    operator: 'deepStrictEqual',",
    "    diff: 'simple'",
    '  }',
    '}',
  ];

  it('reads the cause, not the wrapper, though the wrapper has a frame of the user', () => {
    const block = readErrorBlock(BODY, 0, BODY.length, { bare: true });
    expect(block.exceptionType).toBe('AssertionError');
    expect(block.code).toBe('ERR_ASSERTION');
    const own = block.frames.filter((f) => f.file.includes('t.test.mjs'));
    expect(own.map((f) => [f.line, f.column])).toEqual([
      [4, 11],
      [6, 12],
    ]);
  });
});

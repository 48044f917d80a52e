import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFrames } from '../../src/frames/build-frames.js';
import { FailureFrame } from '../../src/contracts/failure-frame.js';
import { openRepoView, type RepoView } from '../../src/frames/repo-view.js';
import type { LogFailure, RawFrame } from '../../src/reports/logs/log-parser.js';
import { testId, type TestCase, type TestRun } from '../../src/reports/test-run.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';

const PRICING = [
  'import json', //                                  1
  '', //                                             2
  'def parse_quantity(text):', //                    3
  '    return int(text.strip())', //                 4
  '', //                                             5
  'def average_price(prices):', //                   6
  '    total = sum(prices)', //                      7
  '    return total / len(prices)', //               8
  '', //                                             9
  'def cart_average(cart):', //                      10
  '    prices = [line["price"] for line in cart]', // 11
  '    return average_price(prices)', //             12
  '', //                                             13
  'def load_order(raw):', //                         14
  '    return json.loads(raw)', //                   15
].join('\n');

const TESTS = [
  'from inventory.pricing import *', //              1
  '', //                                             2
  'def test_parse_quantity():', //                   3
  '    assert parse_quantity(" x ") == 0', //        4
  '', //                                             5
  'def test_average_empty():', //                    6
  '    assert cart_average([]) == 0', //             7
  '', //                                             8
  'def test_line_total():', //                       9
  '    assert 16.2 == 18.0', //                      10
  '', //                                             11
  'def test_never_printed():', //                    12
  '    assert False', //                             13
].join('\n');

const GO_A = 'package a\n\nimport "testing"\n\nfunc TestX(t *testing.T) {\n\tt.Errorf("got %d, want %d", 1, 2)\n}\n';
const GO_B =
  'package b\n\nimport "testing"\n\nfunc TestX(t *testing.T) {\n\tif 1 != 2 {\n\t\tt.Errorf("b: got %d", 1)\n\t}\n}\n';

let repo: TempRepo;
let view: RepoView;

beforeAll(async () => {
  repo = createTempRepo({
    files: {
      'inventory/__init__.py': '',
      'inventory/pricing.py': PRICING,
      'tests/__init__.py': '',
      'tests/test_pricing.py': TESTS,
      'a/util_test.go': GO_A,
      'b/util_test.go': GO_B,
      'src/cart.ts':
        'export function total(items: number[]): number {\n  return items.reduce((a, b) => a + b, 0) / items.length;\n}\n',
      'test/cart.test.ts':
        "import { total } from '../src/cart';\ndescribe('Cart', () => {\n  it('totals', () => {\n    expect(total([1, 2])).toBe(3);\n  });\n});\n",
    },
  });
  view = await openRepoView(repo.root);
});
afterAll(() => repo.cleanup());

const STDLIB = '/usr/lib/python3.12';

function pyCase(name: string, extra: Partial<TestCase> = {}): TestCase {
  const classname = extra.classname ?? 'tests.test_pricing';
  return { id: testId({ classname, name }), suite: 'pytest', name, classname, status: 'failed', ...extra };
}

function run(cases: TestCase[]): TestRun {
  return { cases, errors: [], reports: ['junit.xml'] };
}

/** The log parsers' answer for a body, keyed by the body text (the parsers are another stage). */
function traces(byBody: Record<string, LogFailure>) {
  return (text: string) => (byBody[text] ? [byBody[text]!] : []);
}

function frame(file: string, line: number, fn?: string, extra: Partial<RawFrame> = {}): RawFrame {
  return { file, line, ...(fn ? { function: fn } : {}), ...extra };
}

describe('frames from JUnit cases and their traces', () => {
  it("points at the user's call site when the raise is in the standard library", async () => {
    const body = 'BODY parse_quantity';
    const frames = await buildFrames(
      run([
        pyCase('test_parse_quantity', {
          failure: { message: "ValueError: invalid literal for int() with base 10: 'x'", body },
        }),
      ]),
      [],
      view,
      {
        parseTrace: traces({
          [body]: {
            language: 'python',
            exceptionType: 'ValueError',
            message: "invalid literal for int() with base 10: 'x'",
            frames: [
              frame('tests/test_pricing.py', 4, 'test_parse_quantity'),
              frame('inventory/pricing.py', 4, 'parse_quantity', { locals: [{ name: 'text', value: "' x '" }] }),
            ],
          },
        }),
      },
    );
    expect(frames).toHaveLength(1);
    const f = FailureFrame.parse(frames[0]);
    expect(f).toMatchObject({
      id: 'tests.test_pricing::test_parse_quantity',
      kind: 'failure',
      exceptionType: 'ValueError',
      message: "ValueError: invalid literal for int() with base 10: 'x'",
      triggering: {
        file: 'inventory/pricing.py',
        line: 4,
        function: 'parse_quantity',
        expression: 'return int(text.strip())',
      },
      test: { file: 'tests/test_pricing.py', line: 4, expression: 'assert parse_quantity(" x ") == 0' },
      droppedFrames: 0,
      locals: [{ name: 'text', value: "' x '" }],
      language: 'python',
      evidence: ['junit'],
    });
    expect(f.triggering!.snippet).toEqual({ startLine: 1, lines: PRICING.split('\n').slice(0, 7) });
    expect(f.test!.snippet!.lines).toContain('    assert parse_quantity(" x ") == 0');
    expect(f.stack.map((s) => `${s.file}:${s.line}`)).toEqual(['tests/test_pricing.py:4', 'inventory/pricing.py:4']);
  });

  it('drops library and runtime frames and counts them, and matches paths from another machine', async () => {
    const body = 'BODY load_order';
    const [f] = await buildFrames(run([pyCase('test_load', { failure: { body } })]), [], view, {
      parseTrace: traces({
        [body]: {
          language: 'python',
          exceptionType: 'json.decoder.JSONDecodeError',
          message: 'Expecting property name enclosed in double quotes: line 1 column 2 (char 1)',
          frames: [
            frame('/home/runner/work/shop/shop/tests/test_pricing.py', 7, 'test_load'),
            frame('/tmp/pytest-of-ci/checkout/inventory/pricing.py', 15, 'load_order'),
            frame(`${STDLIB}/json/__init__.py`, 346, 'loads'),
            frame(`${STDLIB}/json/decoder.py`, 337, 'decode'),
            frame('/venv/lib/python3.12/site-packages/simplejson/x.py', 3, 'x'),
          ],
        },
      }),
    });
    expect(f!.stack.map((s) => `${s.file}:${s.line}`)).toEqual(['tests/test_pricing.py:7', 'inventory/pricing.py:15']);
    expect(f!.droppedFrames).toBe(3);
    expect(f!.triggering).toMatchObject({
      file: 'inventory/pricing.py',
      line: 15,
      expression: 'return json.loads(raw)',
    });
    // No message attribute: the trace's message is used.
    expect(f!.message).toBe('Expecting property name enclosed in double quotes: line 1 column 2 (char 1)');
  });

  it('uses the assertion line in the test when the test asserts', async () => {
    const body = 'BODY line_total';
    const [f] = await buildFrames(
      run([pyCase('test_line_total', { failure: { message: 'assert 16.2 == 18.0', body } })]),
      [],
      view,
      {
        parseTrace: traces({
          [body]: {
            language: 'python',
            exceptionType: 'AssertionError',
            message: 'assert 16.2 == 18.0',
            frames: [frame('tests/test_pricing.py', 10, 'test_line_total')],
          },
        }),
      },
    );
    expect(f!.triggering).toMatchObject({ file: 'tests/test_pricing.py', line: 10, expression: 'assert 16.2 == 18.0' });
    expect(f!.test).toMatchObject({ file: 'tests/test_pricing.py', line: 10 });
    // The test location repeats the triggering one: its window is not repeated.
    expect(f!.test!.snippet).toBeUndefined();
  });

  it('finds the test by its definition when the report has neither a line nor a trace', async () => {
    const [f] = await buildFrames(
      run([pyCase('test_never_printed', { failure: { message: 'AssertionError' } })]),
      [],
      view,
      {},
    );
    expect(f!.test).toMatchObject({ file: 'tests/test_pricing.py', line: 12, expression: 'def test_never_printed()' });
    expect(f!.triggering).toMatchObject({ file: 'tests/test_pricing.py', line: 12 });
    expect(f!.stack).toEqual([]);
    expect(f!.language).toBe('python');
    expect(f!.exceptionType).toBe('AssertionError');
  });

  it('uses the JUnit file and line attributes for the test location', async () => {
    const c: TestCase = {
      id: 'test/cart.test.ts::Cart > totals',
      suite: 'test/cart.test.ts',
      name: 'Cart > totals',
      classname: 'test/cart.test.ts',
      file: '/builds/other-machine/test/cart.test.ts',
      line: 3,
      status: 'failed',
      failure: { type: 'AssertionError', message: 'expected 1.5 to be 3 // Object.is equality' },
    };
    const [f] = await buildFrames(run([c]), [], view, {});
    expect(f!.test).toMatchObject({ file: 'test/cart.test.ts', line: 3, expression: "it('totals', () =>" });
    expect(f!.exceptionType).toBe('AssertionError');
    expect(f!.language).toBe('javascript');
  });

  it('errored cases are errors; passed and skipped cases have no frame', async () => {
    const frames = await buildFrames(
      run([
        pyCase('test_a', { status: 'errored', failure: { message: 'fixture not found' } }),
        pyCase('test_b', { status: 'passed' }),
        pyCase('test_c', { status: 'skipped' }),
      ]),
      [],
      view,
    );
    expect(frames.map((f) => [f.name, f.kind])).toEqual([['test_a', 'error']]);
  });
});

describe('merging JUnit and log evidence', () => {
  it("adds the log's richer trace and locals to the case, as one frame", async () => {
    const body = 'BODY short';
    const log: LogFailure = {
      language: 'python',
      test: { id: 'tests/test_pricing.py::test_average_empty' },
      exceptionType: 'ZeroDivisionError',
      message: 'division by zero',
      frames: [
        frame('tests/test_pricing.py', 7, 'test_average_empty'),
        frame('inventory/pricing.py', 12, 'cart_average', { locals: [{ name: 'cart', value: '[]' }] }),
        frame('inventory/pricing.py', 8, 'average_price', {
          locals: [
            { name: 'prices', value: '[]' },
            { name: 'total', value: '0' },
          ],
        }),
      ],
      logLines: { start: 10, end: 30 },
    };
    const frames = await buildFrames(
      run([pyCase('test_average_empty', { failure: { message: 'ZeroDivisionError: division by zero', body } })]),
      [log, { ...log }], // printed twice (inline and in a summary): still one frame
      view,
      {
        parseTrace: traces({
          [body]: {
            language: 'python',
            exceptionType: 'ZeroDivisionError',
            message: 'division by zero',
            frames: [frame('inventory/pricing.py', 8, 'average_price')],
          },
        }),
      },
    );
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({
      evidence: ['junit', 'log'],
      triggering: { file: 'inventory/pricing.py', line: 8, expression: 'return total / len(prices)' },
      test: { file: 'tests/test_pricing.py', line: 7 },
      locals: [
        { name: 'prices', value: '[]' },
        { name: 'total', value: '0' },
      ],
    });
    expect(frames[0]!.stack).toHaveLength(3);
  });

  it('makes frames from a log alone, merging repeats, with collection errors as errors', async () => {
    const logs: LogFailure[] = [
      {
        language: 'python',
        test: { file: 'tests/test_broken.py' },
        kind: 'error',
        exceptionType: 'ModuleNotFoundError',
        message: "No module named 'yaml'",
        frames: [],
      },
      {
        language: 'go',
        test: { name: 'TestX', classname: 'example.com/m/b' },
        message: 'b: got 1',
        frames: [frame('util_test.go', 7)],
      },
      {
        language: 'go',
        test: { name: 'TestX', classname: 'example.com/m/b' },
        message: 'b: got 1',
        frames: [frame('util_test.go', 7)],
      },
    ];
    const frames = await buildFrames(run([]), logs, view);
    expect(frames.map((f) => f.id)).toEqual(['example.com/m/b::TestX', 'tests/test_broken.py']);
    expect(frames[1]).toMatchObject({
      kind: 'error',
      exceptionType: 'ModuleNotFoundError',
      evidence: ['log'],
      triggering: null,
    });
    // Go prints bare file names: two packages have util_test.go, the package path chooses.
    expect(frames[0]).toMatchObject({
      kind: 'failure',
      language: 'go',
      triggering: { file: 'b/util_test.go', line: 7, expression: 't.Errorf("b: got %d", 1)' },
    });
  });

  it("chooses among same-named files by the JUnit case's package", async () => {
    const c: TestCase = {
      id: 'example.com/m/a::TestX',
      suite: 'example.com/m/a',
      name: 'TestX',
      classname: 'example.com/m/a',
      status: 'failed',
      failure: { message: 'Failed', body: 'util_test.go:6: got 1, want 2' },
    };
    const [f] = await buildFrames(run([c]), [], view, {
      parseTrace: traces({
        'util_test.go:6: got 1, want 2': {
          language: 'go',
          message: 'got 1, want 2',
          frames: [frame('util_test.go', 6)],
        },
      }),
    });
    expect(f).toMatchObject({
      message: 'got 1, want 2',
      exceptionType: null,
      triggering: { file: 'a/util_test.go', line: 6 },
    });
  });
});

describe('bounds and order', () => {
  it('keeps the deepest frames of a deep recursion and counts the rest as dropped', async () => {
    const body = 'BODY recursion';
    const deep = Array.from({ length: 1000 }, () => frame('inventory/pricing.py', 12, 'cart_average'));
    const [f] = await buildFrames(run([pyCase('test_average_empty', { failure: { body } })]), [], view, {
      maxStack: 10,
      parseTrace: traces({
        [body]: {
          language: 'python',
          exceptionType: 'RecursionError',
          message: 'maximum recursion depth exceeded',
          frames: [...deep, frame(`${STDLIB}/x.py`, 1)],
        },
      }),
    });
    expect(f!.stack).toHaveLength(10);
    expect(f!.droppedFrames).toBe(991);
  });

  it('bounds messages and local values', async () => {
    const body = 'BODY big';
    const [f] = await buildFrames(
      run([pyCase('test_average_empty', { failure: { message: `${'m'.repeat(100_000)}\n`.repeat(50), body } })]),
      [],
      view,
      {
        parseTrace: traces({
          [body]: {
            language: 'python',
            message: 'x',
            frames: [
              frame('inventory/pricing.py', 8, 'average_price', {
                locals: [{ name: 'prices', value: 'v'.repeat(1_000_000) }],
              }),
            ],
          },
        }),
      },
    );
    expect(f!.message.length).toBeLessThanOrEqual(2000);
    expect(f!.locals![0]!.value.length).toBeLessThanOrEqual(300);
  });

  it('is deterministic: sorted by id, whatever the report order', async () => {
    const cases = ['test_z', 'test_a', 'test_m'].map((n) => pyCase(n, { failure: { message: 'boom' } }));
    const one = await buildFrames(run(cases), [], view);
    const two = await buildFrames(run([...cases].reverse()), [], view);
    expect(one.map((f) => f.name)).toEqual(['test_a', 'test_m', 'test_z']);
    expect(two).toEqual(one);
  });

  it('makes one frame of a case that two reports carry', async () => {
    const c = pyCase('test_line_total', { failure: { message: 'assert 16.2 == 18.0' } });
    const frames = await buildFrames(run([c, { ...c, status: 'errored' }]), [], view);
    expect(frames).toHaveLength(1);
    expect(frames[0]!.kind).toBe('error');
  });

  it('keeps hostile frame values out of the frame (no throw, nothing outside the schema)', async () => {
    const body = 'BODY hostile';
    const hostile: RawFrame[] = [
      frame('', 1),
      frame('\u0000\u0001', 2),
      frame('inventory/pricing.py', Number.NaN),
      frame('inventory/pricing.py', -4),
      frame('inventory/pricing.py', 1.5),
      frame('inventory/pricing.py', 1e12),
      { file: 'inventory/pricing.py', line: 8, column: -1, function: 'f'.repeat(10_000) },
      frame('../../../../etc/passwd', 1),
      frame('file:///%E0%A4%A', 1),
      frame('C:', 1),
    ];
    const [f] = await buildFrames(run([pyCase('test_average_empty', { failure: { body } })]), [], view, {
      parseTrace: traces({
        [body]: {
          language: 'python',
          exceptionType: 'X'.repeat(1000),
          message: '\u001b]0;title\u0007boom',
          frames: hostile,
        },
      }),
    });
    const parsed = FailureFrame.parse(f);
    // Only the well-formed in-repo frames remain; a line past the end of the file has no window.
    expect(parsed.stack.map((s) => s.line)).toEqual([1_000_000_000_000, 8]);
    expect(parsed.stack[0]!.snippet).toBeUndefined();
    expect(parsed.triggering).toMatchObject({
      file: 'inventory/pricing.py',
      line: 8,
      expression: 'return total / len(prices)',
    });
    expect(parsed.triggering!.column).toBeUndefined();
    expect(parsed.triggering!.function!.length).toBeLessThanOrEqual(200);
    expect(parsed.exceptionType!.length).toBeLessThanOrEqual(200);
    expect(parsed.message).toBe('boom');
    expect(parsed.droppedFrames).toBe(8);
  });

  it('survives a trace parser that throws', async () => {
    const [f] = await buildFrames(
      run([pyCase('test_line_total', { failure: { message: 'assert 16.2 == 18.0', body: 'x' } })]),
      [],
      view,
      {
        parseTrace: () => {
          throw new Error('parser bug');
        },
      },
    );
    expect(f!.message).toBe('assert 16.2 == 18.0');
  });
});

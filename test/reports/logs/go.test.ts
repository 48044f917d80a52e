/**
 * The Go parser on forms the fixture does not print (newer Go versions' panic and timeout output,
 * build failures, nested subtests, several messages), on hostile input and on its bounds.
 */
import { describe, expect, it } from 'vitest';
import { goLogParser } from '../../../src/reports/logs/go.js';
import { MAX_FAILURES, MAX_FRAMES } from '../../../src/reports/logs/traceback-bounds.js';

const parse = (lines: string[]) => goLogParser.parse(lines.join('\n'));

describe('test failures', () => {
  it('several messages and a multi-line one: joined, the frame at the last, every location kept for frames/', () => {
    const [f, ...rest] = parse([
      '--- FAIL: TestParse (0.00s)',
      '    parse_test.go:12: first problem',
      '    parse_test.go:15: got:',
      '        line one',
      '        line two',
      'FAIL',
      'FAIL\texample.com/m/parse\t0.002s',
    ]);
    expect(rest).toEqual([]);
    expect(f).toEqual({
      language: 'go',
      kind: 'failure',
      test: { name: 'TestParse', classname: 'example.com/m/parse' },
      message: 'parse_test.go:12: first problem\nparse_test.go:15: got:\nline one\nline two',
      // t.Log and t.Errorf print alike: without the source, the last message (a t.Fatal is last).
      frames: [{ file: 'parse_test.go', line: 15 }],
      messageLocations: [
        { file: 'parse_test.go', line: 12 },
        { file: 'parse_test.go', line: 15 },
      ],
      logLines: { start: 1, end: 5 },
    });
  });

  it('one message: its location, and no list of locations to choose from', () => {
    const [f] = parse([
      '=== RUN   TestOne',
      '    one_test.go:7: got 1',
      '--- FAIL: TestOne (0.00s)',
      'FAIL\texample.com/m\t0.001s',
    ]);
    expect(f!.frames).toEqual([{ file: 'one_test.go', line: 7 }]);
    expect(f!.messageLocations).toBeUndefined();
  });

  it('a test logging in a loop: the first locations and the last are kept, bounded', () => {
    const lines = ['--- FAIL: TestLoop (0.00s)'];
    for (let k = 1; k <= 10_000; k++) lines.push(`    loop_test.go:${k}: step ${k}`);
    const [f] = parse(lines);
    expect(f!.messageLocations!.length).toBeLessThanOrEqual(200);
    expect(f!.messageLocations![0]).toEqual({ file: 'loop_test.go', line: 1 });
    expect(f!.messageLocations!.at(-1)).toEqual({ file: 'loop_test.go', line: 10_000 });
    expect(f!.frames).toEqual([{ file: 'loop_test.go', line: 10_000 }]);
  });

  it('nested subtests (plain mode): only the leaf that printed reports; packages are told apart', () => {
    const failures = parse([
      '--- FAIL: TestA (0.00s)',
      '    --- FAIL: TestA/group (0.00s)',
      '        --- FAIL: TestA/group/leaf (0.00s)',
      '            a_test.go:9: leaf broke',
      'FAIL',
      'FAIL\texample.com/m/a\t0.001s',
      '--- FAIL: TestB (0.00s)',
      '    b_test.go:3: b broke',
      'FAIL',
      'FAIL\texample.com/m/b\t0.001s',
      'ok  \texample.com/m/c\t(cached)',
    ]);
    expect(failures.map((f) => [f.test?.name, f.test?.classname, f.frames[0]?.line])).toEqual([
      ['TestA/group/leaf', 'example.com/m/a', 9],
      ['TestB', 'example.com/m/b', 3],
    ]);
  });

  it('a failure without a message (t.Fail()) is still reported', () => {
    const [f] = parse(['=== RUN   TestQuiet', '--- FAIL: TestQuiet (0.00s)', 'FAIL\texample.com/m\t0.001s']);
    expect(f).toMatchObject({ test: { name: 'TestQuiet', classname: 'example.com/m' }, message: '', frames: [] });
  });
});

describe('panics', () => {
  it('a panic in a subtest (Go ≥ 1.21 output): named by the FAIL line before it; `created by … in goroutine` skipped', () => {
    const [f, ...rest] = parse([
      '--- FAIL: TestTable (0.00s)',
      '    --- FAIL: TestTable/empty (0.00s)',
      'panic: runtime error: index out of range [0] with length 0 [recovered, repanicked]',
      '\tpanic: runtime error: index out of range [0] with length 0',
      '',
      'goroutine 7 [running]:',
      'testing.tRunner.func1.2({0x5f0d40, 0xc000016138})',
      '\t/usr/local/go/src/testing/testing.go:1734 +0x21c',
      'panic({0x5f0d40?, 0xc000016138?})',
      '\t/usr/local/go/src/runtime/panic.go:792 +0x132',
      'example.com/m/table.First(...)',
      '\t/home/runner/work/m/m/table/table.go:8',
      'example.com/m/table.TestTable.func1(0xc0000a4e00)',
      '\t/home/runner/work/m/m/table/table_test.go:14 +0x25',
      'testing.tRunner(0xc0000a4e00, 0x63d0f8)',
      '\t/usr/local/go/src/testing/testing.go:1792 +0xf4',
      'created by testing.(*T).Run in goroutine 6',
      '\t/usr/local/go/src/testing/testing.go:1851 +0x413',
      'FAIL\texample.com/m/table\t0.005s',
    ]);
    expect(rest).toEqual([]);
    expect(f!.test).toEqual({ name: 'TestTable/empty', classname: 'example.com/m/table' });
    expect(f!.exceptionType).toBe('panic');
    expect(f!.message).toBe('runtime error: index out of range [0] with length 0');
    expect(f!.frames.map((fr) => `${fr.function} ${fr.line}`)).toEqual([
      'testing.tRunner 1792',
      'example.com/m/table.TestTable.func1 14',
      'example.com/m/table.First 8',
      'panic 792',
      'testing.tRunner.func1.2 1734',
    ]);
  });

  it('a test timeout: the test named by `running tests:`, the package by the trace', () => {
    const [f] = parse([
      'panic: test timed out after 1s',
      'running tests:',
      '\tTestSlow (1s)',
      '',
      'goroutine 18 gp=0xc000102a80 m=3 mp=0xc000080808 [running]:',
      'testing.(*M).startAlarm.func1()',
      '\t/usr/local/go/src/testing/testing.go:2484 +0x394',
      'created by time.goFunc',
      '\t/usr/local/go/src/time/sleep.go:215 +0x2d',
      '',
      'goroutine 1 [chan receive]:',
      'testing.(*T).Run(0xc0000a4e00, {0x5b7e5a?, 0x0?}, 0x5c6f08)',
      '\t/usr/local/go/src/testing/testing.go:1859 +0x431',
      'FAIL\texample.com/m/slow\t1.007s',
    ]);
    expect(f!.test).toEqual({ name: 'TestSlow', classname: 'example.com/m/slow' });
    expect(f!.message).toBe('test timed out after 1s');
    expect(f!.frames).toEqual([
      { file: '/usr/local/go/src/testing/testing.go', line: 2484, function: 'testing.(*M).startAlarm.func1' },
    ]);
  });

  it('a panic outside any test header: the test comes from the Test function in the trace', () => {
    const [f] = parse([
      'panic: boom',
      '',
      'goroutine 5 [running]:',
      'example.com/m/x.helper()',
      '\t/src/x/x.go:3 +0x1',
      'example.com/m/x.TestX(0xc0000a4e00)',
      '\t/src/x/x_test.go:9 +0x1',
    ]);
    expect(f!.test).toEqual({ name: 'TestX', classname: 'example.com/m/x' });
  });
});

describe("a bare JUnit body (go-junit-report): the test's output lines without the runner's", () => {
  const body = [
    '    cart_test.go:12: checking a wrong total',
    '    cart_test.go:14: Total(2, 4) = 6, want 7',
    '        (continued)',
  ].join('\n');

  it('is read as the output of the test the context names', () => {
    expect(goLogParser.detect(body, { testName: 'TestTotalWrong' })).toBe(true);
    expect(goLogParser.parse(body, { testName: 'TestTotalWrong' })).toEqual([
      {
        language: 'go',
        kind: 'failure',
        test: { name: 'TestTotalWrong' },
        message: 'cart_test.go:12: checking a wrong total\ncart_test.go:14: Total(2, 4) = 6, want 7\n(continued)',
        frames: [{ file: 'cart_test.go', line: 14 }],
        messageLocations: [
          { file: 'cart_test.go', line: 12 },
          { file: 'cart_test.go', line: 14 },
        ],
        logLines: { start: 1, end: 3 },
      },
    ]);
  });

  it('also without the indentation, and for a subtest', () => {
    const [f] = goLogParser.parse('discount_test.go:26: Discount(100, 10) = 90, want 80', {
      testName: 'TestDiscount/wrong',
    });
    expect(f).toMatchObject({
      test: { name: 'TestDiscount/wrong' },
      message: 'discount_test.go:26: Discount(100, 10) = 90, want 80',
      frames: [{ file: 'discount_test.go', line: 26 }],
    });
  });

  it('is not taken without a Go test name, nor for a compiler error', () => {
    expect(goLogParser.detect(body)).toBe(false);
    expect(goLogParser.parse(body)).toEqual([]);
    expect(goLogParser.detect(body, { testName: 'test_total' })).toBe(false);
    expect(goLogParser.parse(body, { testName: 'tests.test_cart::test_total' })).toEqual([]);
    const compile = 'broken/broken_test.go:7:17: cannot use Value() (value of type int) as string value';
    expect(goLogParser.parse(compile, { testName: '[build failed]' })).toEqual([]);
    expect(goLogParser.parse(compile, { testName: 'TestBroken' })).toEqual([]);
  });

  it("a body with the runner's lines (gotestsum) is read as before, the name changing nothing", () => {
    const full = '=== RUN   TestNormalize\n    coupon_test.go:7: bad\n--- FAIL: TestNormalize (0.00s)\n';
    expect(goLogParser.parse(full, { testName: 'TestNormalize' })).toEqual(goLogParser.parse(full));
  });
});

describe('build failures', () => {
  it('a compile error is an error of its package, pointing at the first error', () => {
    const [f] = parse([
      '# example.com/m/cart [example.com/m/cart.test]',
      'cart/cart.go:12:5: undefined: totl',
      'cart/cart.go:20:2: cannot use x (variable of type int) as string value in return statement',
      'FAIL\texample.com/m/cart [build failed]',
      'FAIL',
    ]);
    expect(f).toEqual({
      language: 'go',
      kind: 'error',
      exceptionType: 'build failed',
      test: { classname: 'example.com/m/cart' },
      message:
        'cart/cart.go:12:5: undefined: totl\ncart/cart.go:20:2: cannot use x (variable of type int) as string value in return statement',
      frames: [{ file: 'cart/cart.go', line: 12, column: 5 }],
      logLines: { start: 1, end: 3 },
    });
  });

  it('a Markdown heading is not a build failure', () => {
    expect(parse(['# Release notes', 'Nothing failed here.'])).toEqual([]);
  });
});

describe('bounds and hostile input', () => {
  it('100k lines of passing and failing tests: failures stop at MAX_FAILURES', () => {
    const lines: string[] = [];
    for (let k = 0; k < 50_000; k++) lines.push(`--- FAIL: Test${k} (0.00s)`, `    x_test.go:${k + 1}: no`);
    const failures = parse(lines);
    expect(failures).toHaveLength(MAX_FAILURES);
    expect(failures[0]!.test?.name).toBe('Test0');
  });

  it('a goroutine of 100k frames keeps MAX_FRAMES, the outermost and the deepest', () => {
    const lines = ['panic: deep', '', 'goroutine 1 [running]:'];
    for (let k = 0; k < 100_000; k++) lines.push(`example.com/m.f${k}()`, `\t/src/m.go:${k + 1} +0x1`);
    const [f] = parse(lines);
    expect(f!.frames).toHaveLength(MAX_FRAMES);
    expect(f!.frames[0]!.line).toBe(100_000);
    expect(f!.frames.at(-1)!.line).toBe(1);
  });

  it('a 5 MB line is no header and no frame', () => {
    expect(parse([`--- FAIL: ${'T'.repeat(5 * 1024 * 1024)} (0.00s)`])).toEqual([]);
    const [f] = parse(['--- FAIL: TestBig (0.00s)', `    big_test.go:3: ${'v'.repeat(5 * 1024 * 1024)}`]);
    expect(f!.frames).toEqual([{ file: 'big_test.go', line: 3 }]);
    expect(f!.message.length).toBeLessThan(5000);
  });
});

describe('detect', () => {
  it('recognises go test output, not a pytest log', () => {
    expect(goLogParser.detect('=== RUN   TestX\n--- PASS: TestX (0.00s)')).toBe(true);
    expect(goLogParser.detect('ok  \texample.com/m\t0.01s')).toBe(true);
    expect(goLogParser.detect('FAILED tests/test_a.py::test_b - assert 1 == 2')).toBe(false);
  });
});

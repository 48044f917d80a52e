/**
 * javascriptLogParser beyond the main fixture projects: the runners' error-only outputs (real, from
 * the fixture projects' extra runs), runner layouts seen in logs, hostile input and the size bounds.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_FRAMES, MAX_MESSAGE_CHARS, MAX_MESSAGE_LINES } from '../../../src/reports/logs/js-error-block.js';
import { javascriptLogParser, MAX_FAILURES, MAX_LOG_CHARS } from '../../../src/reports/logs/javascript.js';
import type { LogFailure } from '../../../src/reports/logs/log-parser.js';

const parse = (log: string) => javascriptLogParser.parse(log);
const fixture = (file: string) =>
  readFileSync(fileURLToPath(new URL(`../../fixtures/projects/${file}`, import.meta.url)), 'utf8');
const deepest = (f: LogFailure) => f.frames[f.frames.length - 1];
const ownFrames = (f: LogFailure) =>
  f.frames.filter((fr) => !fr.file.startsWith('node:') && !fr.file.includes('node_modules'));

describe('real error-only outputs', () => {
  it('jest: a suite that cannot load is an error of its file; console blocks are not failures', () => {
    const failures = parse(fixture('jest/output.errors.log'));
    expect(failures).toHaveLength(2);
    const load = failures.find((f) => f.kind === 'error')!;
    expect(load.test).toEqual({ file: 'test/broken.test.js' });
    expect(load.message).toBe("Cannot find module '../lib/missing' from 'test/broken.test.js'");
    expect(ownFrames(load)).toEqual([{ function: 'Object.require', file: 'test/broken.test.js', line: 2, column: 21 }]);
    expect(deepest(load)).toMatchObject({ file: 'node_modules/jest-resolve/build/index.js' });
    expect(failures.some((f) => f.message.includes('loading fixtures'))).toBe(false);
  });

  it("jest: a timeout's own frame is read from its Cause: section", () => {
    const timeout = parse(fixture('jest/output.errors.log')).find((f) => f.kind === 'failure')!;
    expect(timeout.test).toEqual({ name: 'logs and times out', file: 'test/logs.test.js' });
    expect(timeout.message).toMatch(/^thrown: "Exceeded timeout of 100 ms for a test\./);
    expect(timeout.exceptionType).toBeUndefined();
    expect(ownFrames(timeout)).toEqual([{ function: 'Object.test', file: 'test/logs.test.js', line: 2, column: 1 }]);
  });

  it('vitest: a file that cannot load, and an uncaught exception tied to its test by the notes under it', () => {
    const failures = parse(fixture('vitest/output.errors.log'));
    expect(failures).toHaveLength(2);
    const [load, uncaught] = failures;
    expect(load).toMatchObject({ kind: 'error', exceptionType: 'Error', test: { file: 'test/broken.test.ts' } });
    expect(load!.message).toContain("Cannot find module '../src/missing.js'");
    expect(deepest(load!)).toMatchObject({ file: 'test/broken.test.ts', line: 1 });
    expect(uncaught).toMatchObject({
      kind: 'error',
      exceptionType: 'SyntaxError',
      test: { name: 'parses later', file: 'test/late.test.ts' },
    });
    expect(ownFrames(uncaught!).map((f) => `${f.file}:${f.line}`)).toEqual([
      'test/late.test.ts:5',
      'src/orders.ts:7',
      'src/orders.ts:7',
    ]);
  });

  it('node: an uncaught error with no runner is read as a bare error', () => {
    const failures = parse(fixture('node-test/output.crash.log'));
    expect(failures).toHaveLength(1);
    const crash = failures[0]!;
    expect(crash.test).toBeUndefined();
    expect(crash.exceptionType).toBe('TypeError');
    expect(crash.message).toBe("Cannot read properties of undefined (reading 'toLowerCase')");
    expect(ownFrames(crash).map((f) => [f.function, f.file.replace(/^.*\/extra\//, 'extra/'), f.line])).toEqual([
      [undefined, 'extra/crash.mjs', 13],
      ['describeCart', 'extra/crash.mjs', 10],
      ['currencyLabel', 'extra/crash.mjs', 6],
    ]);
  });

  it('Node 20 spec: errors printed in the tree and again under `failing tests:` are one failure each', () => {
    const failures = parse(fixture('node-test/node20/output.spec.log'));
    expect(failures.map((f) => f.test)).toEqual([
      { name: 'Cart > sums every line item', file: 'test/cart.test.mjs', line: 9 },
      { name: 'parent > child fails', file: 'test/cart.test.mjs', line: 16 },
    ]);
    // `SyntaxError [Error]`: Node 20's way of printing an error that crossed a process boundary.
    expect(failures.map((f) => f.exceptionType)).toEqual(['AssertionError', 'SyntaxError']);
    expect(deepest(failures[1]!)).toMatchObject({ line: 17, column: 10 });
  });

  it('node:test: two runs in one log (a monorepo) keep their suite paths', () => {
    const run = fixture('node-test/output.log');
    const once = parse(run);
    const twice = parse(`${run}\n${run.replace(/self-heal-node-test\.\w+/g, 'second-run')}`);
    expect(twice).toHaveLength(2 * once.length);
    expect(twice.slice(once.length).map((f) => f.test?.name)).toEqual(once.map((f) => f.test?.name));
  });

  it('Node 20 TAP: subtest paths, suites failing for their tests are left out', () => {
    const failures = parse(fixture('node-test/node20/output.tap.log'));
    expect(failures.map((f) => f.test?.name)).toEqual(['Cart > sums every line item', 'parent > child fails']);
    expect(failures[0]!.message).toBe('Expected values to be strictly equal:\n\n5 !== 6');
  });
});

describe('runner layouts', () => {
  it('vitest: project labels, top-level tests, Windows paths in frames', () => {
    const log = [
      ' FAIL  |unit| test/math.test.ts > adds',
      'AssertionError: expected 3 to be 4 // Object.is equality',
      ' ❯ test/math.test.ts:4:13',
      '',
      ' FAIL  |browser (chromium)| src\\ui\\cart.test.tsx > Cart > renders',
      "TypeError: Cannot read properties of null (reading 'id')",
      ' ❯ render src/ui/cart.tsx:9:20',
      ' ❯ src/ui/cart.test.tsx:12:5',
    ].join('\n');
    const failures = parse(log);
    expect(failures.map((f) => f.test)).toEqual([
      { name: 'adds', file: 'test/math.test.ts' },
      { name: 'Cart > renders', file: 'src\\ui\\cart.test.tsx' },
    ]);
    expect(deepest(failures[1]!)).toEqual({ function: 'render', file: 'src/ui/cart.tsx', line: 9, column: 20 });
  });

  it('mocha: root-level tests and hooks, and a new run after another summary', () => {
    const log = [
      '  2 passing (10ms)',
      '  2 failing',
      '',
      '  1) adds:',
      '     Error: boom',
      '      at Context.<anonymous> (test/a.spec.js:3:11)',
      '',
      '  2) Cart',
      '       "before each" hook for "renders":',
      "     TypeError: Cannot read properties of undefined (reading 'x')",
      '      at Context.<anonymous> (test/b.spec.js:9:2)',
      '',
      '  1) not a failure header: before the next run says how many failed',
      '  1 passing (2ms)',
    ].join('\n');
    const failures = parse(log);
    expect(failures.map((f) => f.test?.name)).toEqual(['adds', 'Cart > "before each" hook for "renders"']);
    expect(failures.map((f) => deepest(f)?.line)).toEqual([3, 9]);
  });

  it('jest: `›` paths become ` > `, and a repeated summary of the same failure is not counted twice', () => {
    const block = [
      '  ● Cart › total › sums',
      '',
      '    expect(received).toBe(expected)',
      '',
      '      at Object.toBe (test/c.test.js:4:20)',
      '',
    ];
    const log = ['FAIL test/c.test.js', ...block, 'Summary of all failing tests', 'FAIL test/c.test.js', ...block].join(
      '\n',
    );
    const failures = parse(log);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      test: { name: 'Cart > total > sums', file: 'test/c.test.js' },
      exceptionType: 'JestAssertionError',
    });
  });

  it('jest: a suite error seen without its FAIL line names no test', () => {
    const log =
      "  ● Test suite failed to run\n\n    Cannot find module 'x' from 'test/a.test.js'\n\n      at Object.<anonymous> (test/a.test.js:1:1)\n";
    const [failure] = parse(log);
    expect(failure).toMatchObject({ kind: 'error', message: "Cannot find module 'x' from 'test/a.test.js'" });
    expect(failure!.test).toBeUndefined();
  });

  it('reads logs downloaded from GitHub Actions: timestamps, CRLF, colours', () => {
    const lines = [
      '\u001b[31m\u001b[1m FAIL \u001b[22m\u001b[39m test/a.test.ts > adds',
      '\u001b[31mAssertionError\u001b[39m: expected 3 to be 4',
      ' \u001b[36m❯\u001b[39m test/a.test.ts:\u001b[2m4:13\u001b[22m',
    ];
    const log = lines.map((l, i) => `2026-11-29T10:12:0${i}.1234567Z ${l}`).join('\r\n');
    const [failure] = parse(log);
    expect(failure).toMatchObject({
      test: { name: 'adds', file: 'test/a.test.ts' },
      exceptionType: 'AssertionError',
      message: 'expected 3 to be 4',
    });
    expect(failure!.frames).toEqual([{ file: 'test/a.test.ts', line: 4, column: 13 }]);
    expect(failure!.logLines).toEqual({ start: 1, end: 3 });
  });

  it("keeps an error's own frames when it has a cause of its own", () => {
    const log = [
      'Error: could not load the price list',
      '    at loadPrices (/app/src/prices.js:12:11)',
      '    at Object.<anonymous> (/app/test/prices.test.js:5:3) {',
      "  [cause]: SyntaxError: Unexpected token 'x'",
      '      at JSON.parse (<anonymous>)',
      '      at readPrices (/app/src/prices.js:4:15)',
      '}',
    ].join('\n');
    const [failure] = parse(log);
    expect(failure).toMatchObject({ exceptionType: 'Error', message: 'could not load the price list' });
    expect(failure!.frames.map((f) => f.line)).toEqual([5, 12]);
  });

  it('does not claim logs of other languages', () => {
    const python =
      'Traceback (most recent call last):\n  File "/app/a.py", line 3, in <module>\n    f()\nZeroDivisionError: division by zero\n';
    const java =
      'java.lang.AssertionError: expected:<1> but was:<2>\n\tat org.junit.Assert.fail(Assert.java:89)\n\tat a.CartTest.total(CartTest.java:12)\n';
    const rust =
      "thread 'main' panicked at src/main.rs:3:5:\nboom\nstack backtrace:\n   0: rust_begin_unwind\n             at /rustc/abc/library/std/src/panicking.rs:645:5\n";
    const go = '--- FAIL: TestTotal (0.00s)\n    cart_test.go:12: got 1, want 2\nFAIL\tshop/cart\t0.003s\n';
    for (const log of [python, java, rust, go]) {
      expect(javascriptLogParser.detect(log)).toBe(false);
      expect(parse(log)).toEqual([]);
    }
  });
});

describe('hostile input and bounds', () => {
  it('reads a 5 MB line of one character without a failure and without hanging', () => {
    const line = 'a'.repeat(5 * 1024 * 1024);
    expect(javascriptLogParser.detect(line)).toBe(false);
    expect(parse(line)).toEqual([]);
  });

  it('reads 5 MB lines shaped like every pattern it uses', () => {
    const big = 5 * 1024 * 1024;
    const shapes = [
      `    at ${'('.repeat(big)}`,
      `    at f (${'/a:1'.repeat(big / 4)})`,
      ` ❯ ${'a '.repeat(big / 2)}`,
      ` FAIL  ${' > '.repeat(big / 3)}`,
      `  ● ${' › '.repeat(big / 3)}`,
      `Error [${'A'.repeat(big)}`,
      `${'Error.'.repeat(big / 6)}: x`,
      `TypeError: ${'\u001b['.repeat(big / 2)}`,
      `location: '${':1'.repeat(big / 2)}`,
      `${' '.repeat(big)}✖ x (1ms)`,
    ];
    for (const shape of shapes) {
      const failures = parse(`${shape}\n    at f (/app/a.js:1:2)\n`);
      for (const f of failures) {
        expect(f.message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
        expect(JSON.stringify(f).length).toBeLessThan(64 * 1024);
      }
    }
  });

  it('reads 100k lines of frames, headers and noise', () => {
    const frames = Array.from({ length: 100_000 }, (_, i) => `    at f${i} (/app/src/a.js:${i + 1}:1)`);
    const [failure] = parse(['TypeError: deep', ...frames].join('\n'));
    // The deepest half and the outermost half are kept, outermost first.
    expect(failure!.frames).toHaveLength(MAX_FRAMES);
    expect(failure!.frames[0]!.line).toBe(100_000);
    expect(failure!.frames[MAX_FRAMES - 1]!.line).toBe(1);

    const headers = Array.from(
      { length: 100_000 },
      (_, i) => `  ● suite › test ${i}\n\n    Error: e${i}\n      at t (test/a.test.js:${i + 1}:1)`,
    );
    const many = parse(`FAIL test/a.test.js\n${headers.join('\n')}`);
    expect(many).toHaveLength(MAX_FAILURES);
    expect(many[MAX_FAILURES - 1]!.test?.name).toBe(`suite > test ${MAX_FAILURES - 1}`);

    const noise = Array.from({ length: 100_000 }, (_, i) => (i % 3 ? `log line ${i} at ${i}:${i}` : '')).join('\n');
    expect(parse(noise)).toEqual([]);
  });

  it('bounds the message: lines, characters, a note of what was left out', () => {
    const diff = Array.from({ length: 500 }, (_, i) => `    - line ${i}`);
    const [failure] = parse(
      ['AssertionError: expected a to equal b', ...diff, '    at t (/app/a.test.js:1:1)'].join('\n'),
    );
    const lines = failure!.message.split('\n');
    expect(lines.length).toBe(MAX_MESSAGE_LINES + 2);
    expect(lines[lines.length - 1]).toBe(`… [${500 - MAX_MESSAGE_LINES} more lines]`);
    expect(failure!.frames).toHaveLength(1);

    const [wide] = parse(`Error: ${'x'.repeat(100_000)}\n    at t (/app/a.js:1:1)`);
    expect(wide!.message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    expect(wide!.message).toMatch(/characters omitted/);
  });

  it('bounds names and paths of tests', () => {
    const [failure] = parse(` FAIL  ${'d/'.repeat(2000)}a.test.ts > ${'n'.repeat(3000)}\nError: x\n ❯ a.ts:1:1`);
    expect(failure!.test!.name!.length).toBeLessThanOrEqual(500);
    expect(failure!.test!.file!.length).toBeLessThanOrEqual(1000);
  });

  it('survives unterminated structures: YAML, brackets, property blocks, titles', () => {
    const yaml = [
      'not ok 1 - never ends',
      '  ---',
      '  stack: |-',
      ...Array.from({ length: 5000 }, () => '    f (/a.js:1:1)'),
    ].join('\n');
    expect(parse(yaml)).toEqual([]);
    const bracket = [
      '[Error [ERR_TEST_FAILURE]: never closed',
      ...Array.from({ length: 5000 }, (_, i) => `line ${i}`),
    ].join('\n');
    expect(parse(bracket)).toEqual([]);
    const props = [
      'TypeError: x',
      '    at f (/a.js:1:1) {',
      ...Array.from({ length: 5000 }, () => "  cause: 'not an error',"),
    ].join('\n');
    expect(parse(props).map((f) => f.frames.length)).toEqual([1]);
    const causes = [
      'Error: outer',
      '    at f (node:internal/a:1:1) {',
      ...Array.from({ length: 5000 }, (_, i) => `  cause: Error: c${i}\n      at g (node:internal/b:${i + 1}:1) {`),
    ].join('\n');
    const [chained] = parse(causes);
    expect(chained!.message).toBe('outer');
    const title = ['  1 failing', ...Array.from({ length: 5000 }, (_, i) => `  ${i}) title without colon`)].join('\n');
    expect(parse(title)).toEqual([]);
    const nested = Array.from({ length: 5000 }, (_, i) => `${' '.repeat(i % 200)}▶ suite ${i}`).join('\n');
    expect(
      parse(`${nested}\n✖ failing tests:\n\n✖ leaf (1ms)\n  Error: x\n      at f (/a.js:1:1)`).map((f) => f.test?.name),
    ).toEqual(['leaf']);
  });

  it('keeps the tail of a log longer than its bound, with true line numbers', () => {
    const filler = `${'x'.repeat(99)}\n`;
    const count = Math.ceil((MAX_LOG_CHARS + 1024) / filler.length);
    const failure = ' FAIL  test/a.test.ts > late\nError: at the end\n ❯ test/a.test.ts:2:3\n';
    const log = filler.repeat(count) + failure;
    const [found] = parse(log);
    expect(found).toMatchObject({
      test: { name: 'late' },
      message: 'at the end',
      logLines: { start: count + 1, end: count + 3 },
    });
  });
});

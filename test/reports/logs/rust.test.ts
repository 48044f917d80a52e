/**
 * The Rust parser on forms the fixture does not print (pre-1.73 panic lines, RUST_BACKTRACE=full,
 * --nocapture, should_panic, compiler errors), on hostile input and on its bounds.
 */
import { describe, expect, it } from 'vitest';
import { rustLogParser } from '../../../src/reports/logs/rust.js';
import { MAX_FAILURES, MAX_FRAMES } from '../../../src/reports/logs/traceback-bounds.js';

const parse = (lines: string[]) => rustLogParser.parse(lines.join('\n'));

describe('panic lines', () => {
  it("Rust < 1.73: `panicked at 'msg', file:line:col`, the quoted message over several lines", () => {
    const failures = parse([
      'failures:',
      '',
      '---- tests::adds stdout ----',
      "thread 'tests::adds' panicked at 'assertion failed: `(left == right)`",
      '  left: `3`,',
      " right: `4`', src/lib.rs:12:9",
      'note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace',
      '',
      '---- tests::parses stdout ----',
      "thread 'tests::parses' panicked at 'called `Option::unwrap()` on a `None` value', src/parse.rs:3:22",
      '',
      '',
      'failures:',
      '    tests::adds',
      '    tests::parses',
    ]);
    expect(failures).toEqual([
      {
        language: 'rust',
        kind: 'failure',
        exceptionType: 'panic',
        message: 'assertion failed: `(left == right)`\n  left: `3`,\n right: `4`',
        frames: [{ file: 'src/lib.rs', line: 12, column: 9 }],
        test: { id: 'tests::adds', name: 'adds', classname: 'tests' },
        logLines: { start: 3, end: 7 },
      },
      {
        language: 'rust',
        kind: 'failure',
        exceptionType: 'panic',
        message: 'called `Option::unwrap()` on a `None` value',
        frames: [{ file: 'src/parse.rs', line: 3, column: 22 }],
        test: { id: 'tests::parses', name: 'parses', classname: 'tests' },
        logLines: { start: 9, end: 10 },
      },
    ]);
  });

  it('a thread the test spawned panics: the section still names the test', () => {
    const [f] = parse([
      '---- pool::runs_jobs stdout ----',
      "thread '<unnamed>' panicked at src/pool.rs:40:13:",
      'job failed',
      "thread 'pool::runs_jobs' panicked at src/pool.rs:88:5:",
      'called `Result::unwrap()` on an `Err` value: Any { .. }',
    ]);
    expect(f!.test).toEqual({ id: 'pool::runs_jobs', name: 'runs_jobs', classname: 'pool' });
    expect(f!.frames).toEqual([{ file: 'src/pool.rs', line: 40, column: 13 }]);
  });

  it('--nocapture: a panic outside any section is named by its thread', () => {
    const [f] = parse([
      'running 1 test',
      "thread 'net::tests::connects' panicked at src/net.rs:7:5:",
      'connection refused',
      'test net::tests::connects ... FAILED',
    ]);
    expect(f).toMatchObject({
      test: { id: 'net::tests::connects', name: 'connects', classname: 'net::tests' },
      message: 'connection refused',
    });
  });

  it('RUST_BACKTRACE=full: addresses and hashes before the function, frames without debug info skipped', () => {
    const [f] = parse([
      '---- tests::t stdout ----',
      "thread 'tests::t' panicked at src/lib.rs:5:5:",
      'boom',
      'stack backtrace:',
      '   0:     0x55d5c8a1b2c3 - std::backtrace_rs::backtrace::libunwind::trace::h0123456789abcdef',
      '   1:     0x55d5c8a1b2c4 - core::panicking::panic_fmt::h0123456789abcdef',
      '                               at /rustc/abc/library/core/src/panicking.rs:80:14',
      '   2:     0x55d5c8a1b2c5 - mycrate::tests::t::h0123456789abcdef',
      '                               at ./src/lib.rs:5:5',
      '   3:     0x55d5c8a1b2c6 - <unknown>',
    ]);
    expect(f!.frames).toEqual([
      { file: './src/lib.rs', line: 5, column: 5, function: 'mycrate::tests::t::h0123456789abcdef' },
      {
        file: '/rustc/abc/library/core/src/panicking.rs',
        line: 80,
        column: 14,
        function: 'core::panicking::panic_fmt::h0123456789abcdef',
      },
    ]);
  });

  it('a backtrace without the panic location (inlined, no debug info) gets it as the deepest frame', () => {
    const [f] = parse([
      "thread 'main' panicked at src/main.rs:9:5:",
      'index out of bounds: the len is 0 but the index is 0',
      'stack backtrace:',
      '   0: std::rt::lang_start',
      '             at /rustc/abc/library/std/src/rt.rs:100:5',
    ]);
    expect(f!.test).toBeUndefined();
    expect(f!.frames.at(-1)).toEqual({ file: 'src/main.rs', line: 9, column: 5 });
  });
});

describe('sections without a panic, lists, compiler errors', () => {
  it('should_panic that did not panic, and a listed failure without a section', () => {
    const failures = parse([
      'failures:',
      '',
      '---- tests::rejects_zero stdout ----',
      'note: test did not panic as expected',
      '',
      'failures:',
      '    tests::rejects_zero',
      '    tests::timed_out',
      '',
      'test result: FAILED. 0 passed; 2 failed; 0 ignored',
    ]);
    expect(failures.map((f) => [f.test?.id, f.message, f.frames.length])).toEqual([
      ['tests::rejects_zero', 'note: test did not panic as expected', 0],
      ['tests::timed_out', '', 0],
    ]);
  });

  it('a compiler error is a `kind: error` at the `-->` location', () => {
    const [f, ...rest] = parse([
      '   Compiling ledger v0.1.0 (/work/ledger)',
      'error[E0425]: cannot find value `totl` in this scope',
      '  --> src/lib.rs:10:5',
      '   |',
      '10 |     totl',
      '   |     ^^^^ help: a local variable with a similar name exists: `total`',
      '',
      'error: could not compile `ledger` (lib) due to 1 previous error',
    ]);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({
      kind: 'error',
      exceptionType: 'error[E0425]',
      message: 'cannot find value `totl` in this scope',
      frames: [{ file: 'src/lib.rs', line: 10, column: 5 }],
    });
  });
});

describe('bounds and hostile input', () => {
  it('100k lines of sections: failures stop at MAX_FAILURES', () => {
    const lines: string[] = [];
    for (let k = 0; k < 50_000; k++)
      lines.push(`---- t${k} stdout ----`, `thread 't${k}' panicked at src/a.rs:${k + 1}:1:`);
    expect(parse(lines)).toHaveLength(MAX_FAILURES);
  });

  it('a 100k-frame backtrace keeps MAX_FRAMES, outermost and deepest', () => {
    const lines = ["thread 'main' panicked at src/main.rs:1:1:", 'deep', 'stack backtrace:'];
    for (let k = 0; k < 100_000; k++) lines.push(`  ${k}: m::f${k}`, `             at ./src/main.rs:${k + 1}:1`);
    const [f] = parse(lines);
    expect(f!.frames).toHaveLength(MAX_FRAMES);
    expect(f!.frames[0]!.function).toBe('m::f99999');
    expect(f!.frames.at(-1)!.function).toBe('m::f0');
  });

  it('a 5 MB panic line is no panic; an unterminated old-style message gives up at its bound', () => {
    expect(parse([`thread 'x' panicked at ${'a:'.repeat(2_500_000)}1:1:`])).toEqual([]);
    const lines = ["thread 'x' panicked at 'never closed"];
    for (let k = 0; k < 100_000; k++) lines.push('more text');
    expect(parse(lines)).toEqual([]);
  });
});

describe('detect', () => {
  it('recognises cargo test output, not a Go log', () => {
    expect(rustLogParser.detect("thread 'main' panicked at src/main.rs:1:1:")).toBe(true);
    expect(rustLogParser.detect('test tests::x ... FAILED')).toBe(true);
    expect(rustLogParser.detect('--- FAIL: TestX (0.00s)')).toBe(false);
  });
});

/**
 * The shared shape of the log parsers: the table of line formats (each entry read on the real
 * tool's output) and the step runner every stateful parser is driven by.
 */
import { describe, expect, it } from 'vitest';
import { GO_COMPILER, LINE_FORMATS, readDiagnostic, RUSTC } from '../../../src/reports/logs/line-formats.js';
import { runSteps, type Step } from '../../../src/reports/logs/line-reader.js';
import { MAX_STRUCTURAL_LINE } from '../../../src/reports/logs/traceback-bounds.js';

// `go build ./...` of go1.19.8 on a package with a type error, an undefined name and a bad call.
const GO_BUILD = [
  '# example.com/shop/cart',
  'cart/cart.go:8:9: cannot use sum (variable of type int) as type string in return statement',
  'cart/cart.go:11:27: undefined: totl',
  'cart/cart.go:5:34: too many arguments in call to add',
  '\thave (number, number)',
  '\twant (int)',
  'FAIL\texample.com/shop/cart [build failed]',
];

// `cargo build` of rustc 1.95.0 on a crate that uses an undefined name.
const CARGO_BUILD = [
  '   Compiling rb v0.1.0 (/tmp/rb)',
  'error[E0425]: cannot find value `totl` in this scope',
  ' --> src/lib.rs:2:34',
  '  |',
  '2 |     prices.iter().sum::<u32>() + totl',
  '  |                                  ^^^^ not found in this scope',
  '',
  'For more information about this error, try `rustc --explain E0425`.',
  'error: could not compile `rb` (lib) due to 1 previous error',
];

describe('line formats', () => {
  it('every entry names its tool once and reads only named fields', () => {
    const tools = LINE_FORMATS.map((f) => f.tool);
    expect(new Set(tools).size).toBe(tools.length);
    const fields = new Set(['file', 'line', 'column', 'severity', 'code', 'message']);
    for (const format of LINE_FORMATS)
      for (const pattern of format.lines) {
        const names = [...pattern.source.matchAll(/\(\?<([A-Za-z]+)>/g)].map((m) => m[1]!);
        expect(
          names.filter((n) => !fields.has(n)),
          `${format.tool}: ${pattern}`,
        ).toEqual([]);
      }
  });

  it('the Go compiler: one diagnostic per line, indented lines continue it', () => {
    expect(readDiagnostic(GO_COMPILER, GO_BUILD, 0)).toBeUndefined();
    expect(readDiagnostic(GO_COMPILER, GO_BUILD, 1)).toEqual({
      tool: 'go',
      file: 'cart/cart.go',
      line: 8,
      column: 9,
      severity: 'error',
      message: 'cannot use sum (variable of type int) as type string in return statement',
      text: [GO_BUILD[1]],
      next: 2,
    });
    expect(readDiagnostic(GO_COMPILER, GO_BUILD, 3)).toMatchObject({
      file: 'cart/cart.go',
      line: 5,
      column: 34,
      message: 'too many arguments in call to add',
      text: GO_BUILD.slice(3, 6),
      next: 6,
    });
    expect(readDiagnostic(GO_COMPILER, GO_BUILD, 6)).toBeUndefined();
  });

  it('rustc: the header and its `-->` line, the excerpt up to the blank line; cargo’s own errors are none', () => {
    expect(readDiagnostic(RUSTC, CARGO_BUILD, 1)).toEqual({
      tool: 'rustc',
      file: 'src/lib.rs',
      line: 2,
      column: 34,
      severity: 'error',
      code: 'E0425',
      message: 'cannot find value `totl` in this scope',
      text: CARGO_BUILD.slice(1, 6),
      next: 6,
    });
    expect(readDiagnostic(RUSTC, CARGO_BUILD, 8)).toBeUndefined();
    // The header alone, without its location line, is not one.
    expect(readDiagnostic(RUSTC, CARGO_BUILD.slice(0, 2), 1)).toBeUndefined();
  });

  it('a location that is no line number leaves line and column out, and the text is bounded', () => {
    const d = readDiagnostic(GO_COMPILER, ['a.go:0:99999999999: msg', ...Array(500).fill('\tmore')], 0, 10);
    expect(d).toMatchObject({ file: 'a.go', message: 'msg', next: 10 });
    expect(d).not.toHaveProperty('line');
    expect(d!.text).toHaveLength(10);
  });
});

describe('runSteps', () => {
  it('offers each line to the steps in order; the first that claims it says where reading goes on', () => {
    const seen: string[] = [];
    const steps: Step[] = [
      (i, line) => (line.startsWith('block') ? (seen.push(`block@${i}`), i + 3) : undefined),
      (i, line) => (line === 'x' ? (seen.push(`x@${i}`), i + 1) : undefined),
    ];
    runSteps(['x', 'block', 'x', 'x', 'x', 'y', 'x'], steps);
    expect(seen).toEqual(['x@0', 'block@1', 'x@4', 'x@6']);
  });

  it('always moves on, keeps to its range, stops when full, and shows steps only a structural head', () => {
    const seen: number[] = [];
    runSteps(['a', 'b', 'c', 'd', 'e'], [(i) => (seen.push(i), i)], { start: 1, end: 4 });
    expect(seen).toEqual([1, 2, 3]);
    const counted: number[] = [];
    runSteps(['a', 'b', 'c'], [(i) => (counted.push(i), undefined)], { full: () => counted.length >= 2 });
    expect(counted).toEqual([0, 1]);
    const lengths: number[] = [];
    runSteps(['z'.repeat(MAX_STRUCTURAL_LINE * 3)], [(_i, line) => (lengths.push(line.length), undefined)]);
    expect(lengths).toEqual([MAX_STRUCTURAL_LINE]);
  });
});

/**
 * The diagnostics of a log beyond the fixtures: the forms written from a tool's documentation
 * (no such tool here to run: Ruff, Kotlin through Gradle), what is not a diagnostic, and hostile
 * input (bounds, a reader that throws).
 */
import { describe, expect, it } from 'vitest';
import { type DiagnosticReader } from '../../../src/reports/logs/diagnostic-fields.js';
import { DIAGNOSTIC_READERS, parseDiagnostics, WARNINGS_FAIL } from '../../../src/reports/logs/diagnostics.js';
import { MAX_MESSAGE, MAX_STRUCTURAL_LINE } from '../../../src/reports/logs/traceback-bounds.js';
import { MAX_DIAGNOSTICS } from '../../../src/reports/tool-diagnostic.js';

const read = (log: string) => parseDiagnostics(log).diagnostics;

describe('forms from the documentation (unproved on the tool itself)', () => {
  it('Ruff concise: flake8 lines with `[*]`, told apart by its marks', () => {
    const log = [
      'app/cart.py:1:8: F401 [*] `os` imported but unused',
      'app/cart.py:9:12: F821 Undefined name `totl`',
      'Found 2 errors.',
      '[*] 1 fixable with the `--fix` option.',
    ].join('\n');
    expect(read(log)).toMatchObject([
      { tool: 'ruff', code: 'F401', file: 'app/cart.py', line: 1, column: 8, fixable: true, fails: true },
      { tool: 'ruff', code: 'F821', message: 'Undefined name `totl`', fails: true },
    ]);
    expect(read(log)[1]).not.toHaveProperty('fixable');
  });

  it('Ruff full (0.12 and later): the code first, then ` --> file:line:col`', () => {
    const log = [
      'F401 [*] `os` imported but unused',
      ' --> app/cart.py:1:8',
      '  |',
      '1 | import os',
      '  |        ^^',
      '  |',
      'help: Remove unused import: `os`',
      '',
      'Found 1 error.',
    ].join('\n');
    expect(read(log)).toEqual([
      expect.objectContaining({
        tool: 'ruff',
        code: 'F401',
        message: '`os` imported but unused',
        file: 'app/cart.py',
        line: 1,
        column: 8,
        fixable: true,
      }),
    ]);
  });

  it('ruff format --check, and Kotlin through Gradle (both forms)', () => {
    expect(read('Would reformat: app/cart.py\n1 file would be reformatted')).toMatchObject([
      { tool: 'ruff', category: 'format', file: 'app/cart.py', fixable: true },
    ]);
    const gradle = [
      '> Task :compileKotlin FAILED',
      'e: file:///home/runner/work/app/src/main/kotlin/Cart.kt:6:39 Unresolved reference: qty',
      'e: /home/runner/work/app/src/main/kotlin/Cart.kt: (8, 12): Unresolved reference: totl',
      "w: /home/runner/work/app/src/main/kotlin/Cart.kt: (3, 5): Variable 'x' is never used",
    ].join('\n');
    expect(read(gradle)).toMatchObject([
      { tool: 'kotlinc', file: '/home/runner/work/app/src/main/kotlin/Cart.kt', line: 6, column: 39, fails: true },
      { tool: 'kotlinc', line: 8, column: 12, message: 'Unresolved reference: totl', fails: true },
      { tool: 'kotlinc', severity: 'warning', line: 3, fails: false },
    ]);
  });

  it('rustfmt before 1.5 said `at line N`', () => {
    expect(read('Diff in /w/src/lib.rs at line 14:\n-x\n+y')).toMatchObject([{ tool: 'rustfmt', line: 14 }]);
  });
});

describe('what is not a diagnostic', () => {
  it("a Go test's own message lines (no column) and a panic's frames", () => {
    const log = [
      '--- FAIL: TestTotal (0.00s)',
      '    cart_test.go:14: Total() = 3, want 6',
      'cart_test.go:15: at the start of a line, no column either',
      'goroutine 7 [running]:',
      '\t/abs/cart/cart.go:22 +0x1d',
      'FAIL\texample.com/shop/cart\t0.004s',
    ].join('\n');
    expect(read(log)).toEqual([]);
  });

  it('mypy notes, gcc context lines, make and summaries', () => {
    const log = [
      'src/a.py:3: note: See https://mypy.readthedocs.io',
      "src/a.c: In function 'main':",
      'In file included from src/a.c:3:',
      'make: *** [<builtin>: src/a.o] Error 1',
      'Found 5 errors in 1 file (checked 3 source files)',
      '2 errors generated.',
    ].join('\n');
    expect(read(log)).toEqual([]);
  });

  it('a line of other output between a stylish path and its rows ends the file', () => {
    const log = ['/abs/src/cart.js', 'some other tool said this', '  3:34  error  nope  no-unused-vars'].join('\n');
    expect(read(log)).toEqual([]);
  });

  it('a Python frame line (`, in f`) is no syntax error location', () => {
    const log = ['  File "/abs/app.py", line 5, in main', '    x()', 'SyntaxError: not really'].join('\n');
    expect(read(log)).toEqual([]);
  });
});

describe('bounds', () => {
  it('at most MAX_DIAGNOSTICS per log, each message and path bounded', () => {
    const many = Array.from({ length: MAX_DIAGNOSTICS + 50 }, (_, i) => `src/a${i}.ts(1,1): error TS2304: x`);
    expect(read(many.join('\n'))).toHaveLength(MAX_DIAGNOSTICS);
    const long = read(`src/a.ts(1,1): error TS2304: ${'m'.repeat(MAX_MESSAGE * 3)}`);
    expect(long[0]!.message.length).toBeLessThanOrEqual(MAX_MESSAGE);
  });

  it('a 5 MB line and a million short lines are read in bounded time (patterns see a line head only)', () => {
    const huge = `src/a.ts(1,1): error TS2304: ${'x'.repeat(5_000_000)}\n`;
    const started = Date.now();
    const [d] = read(huge);
    expect(d!.message.length).toBeLessThan(MAX_STRUCTURAL_LINE);
    const lines = `${'  3:34  error  no  rule\n'.repeat(1_000_000)}`;
    expect(read(lines)).toEqual([]);
    // No wall-clock assertion (a loaded machine): the point is that it returns at all.
    expect(Date.now() - started).toBeGreaterThanOrEqual(0);
  });

  it('one diagnostic printed twice is one; the same place with another code is another', () => {
    const log = [
      'src/a.ts(1,1): error TS2304: x',
      'src/a.ts(1,1): error TS2304: x again',
      'src/a.ts(1,1): error TS2552: y',
    ].join('\n');
    expect(read(log).map((d) => d.code)).toEqual(['TS2304', 'TS2552']);
  });

  it('a reader that throws costs its own diagnostics, and is named', () => {
    const broken: DiagnosticReader = {
      name: 'broken',
      detect: () => true,
      read: () => {
        throw new Error('boom');
      },
    };
    const result = parseDiagnostics('src/a.ts(1,1): error TS2304: x', [broken, ...DIAGNOSTIC_READERS]);
    expect(result.errors).toEqual([{ reader: 'broken', message: 'boom' }]);
    expect(result.diagnostics).toHaveLength(1);
  });
});

describe('which warnings fail', () => {
  it('each entry of WARNINGS_FAIL, by the line its tool prints', () => {
    const cases: Record<string, string> = {
      eslint: '/a/b.js\n  1:1  warning  w  eqeqeq\nESLint found too many warnings (maximum: 0).',
      javac: 'src/A.java:3: warning: [rawtypes] found raw type\nerror: warnings found and -Werror specified',
      kotlinc: 'src/A.kt:3:5: warning: unused\nerror: warnings found and -Werror specified',
    };
    for (const entry of WARNINGS_FAIL) {
      for (const tool of entry.tools) {
        const log = cases[tool]!;
        const warning = read(log).find((d) => d.severity === 'warning')!;
        expect(warning, tool).toMatchObject({ tool, fails: true });
        const without = read(log.replace(entry.marker, 'nothing'));
        expect(without.find((d) => d.severity === 'warning')!.fails, tool).toBe(false);
      }
    }
  });
});

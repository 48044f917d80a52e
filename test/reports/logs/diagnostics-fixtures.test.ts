/**
 * Every diagnostic reader on the real tool's output (`test/fixtures/diagnostics/<tool>/`), against
 * the `expected.json` written by hand from that output. Paths in the outputs are the temp folder the
 * tool ran in (foreign to this repository, as on a CI runner): they are compared relative to it
 * here; `frames/` makes them repo-relative (tested there).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDiagnostics } from '../../../src/reports/logs/diagnostics.js';
import type { ToolDiagnostic } from '../../../src/reports/tool-diagnostic.js';
import { stripEscapeCodes } from '../../../src/text/untrusted-text.js';

const ROOT = path.join(import.meta.dirname, '..', '..', 'fixtures', 'diagnostics');

interface Expected {
  tool: string;
  code: string | null;
  severity: string;
  file: string;
  line: number | null;
  column: number | null;
  message: string;
  fixable?: boolean;
  related?: Array<{ file: string; line: number; column: number; message: string }>;
}

function read(folder: string, log: string): ToolDiagnostic[] {
  const result = parseDiagnostics(stripEscapeCodes(readFileSync(path.join(ROOT, folder, log), 'utf8')));
  expect(result.errors).toEqual([]);
  return result.diagnostics;
}

function expected(folder: string, key = 'diagnostics', log?: string): Expected[] {
  const json = JSON.parse(readFileSync(path.join(ROOT, folder, 'expected.json'), 'utf8'));
  const list = json[key];
  return (Array.isArray(list) ? list : list[log!]) as Expected[];
}

/** The file relative to the folder the tool ran in (the fixtures' temp dirs are /tmp/self-heal-*). */
function relative(file: string | undefined): string | undefined {
  return file?.replace(/^\/tmp\/self-heal-[^/]+\/(?:project\/)?/, '');
}

interface Shown {
  columns?: boolean;
  related?: boolean;
  /** stylish drops the final period every other ESLint form keeps. */
  period?: boolean;
  /** Messages with notes below their first line (javac, rustc): the first line is the tool's message. */
  firstLine?: boolean;
  /** false: the output does not say what the tool can fix (ESLint's text forms). */
  fixable?: boolean;
}

function view(d: ToolDiagnostic, shown: Shown) {
  let message = shown.firstLine ? d.message.split('\n')[0]! : d.message;
  if (shown.period) message = message.replace(/\.$/, '');
  return {
    tool: d.tool,
    code: d.code ?? null,
    severity: d.severity,
    file: relative(d.file),
    line: d.line ?? null,
    column: shown.columns === false ? null : (d.column ?? null),
    message,
    ...(d.fixable && shown.fixable !== false ? { fixable: true } : {}),
    ...(shown.related && d.related ? { related: d.related.map((r) => ({ ...r, file: relative(r.file) })) } : {}),
  };
}

function want(e: Expected, shown: Shown) {
  return {
    tool: e.tool,
    code: e.code,
    severity: e.severity,
    file: e.file,
    line: e.line,
    column: shown.columns === false ? null : e.column,
    message: shown.period ? e.message.replace(/\.$/, '') : e.message,
    ...(e.fixable && shown.fixable !== false ? { fixable: true } : {}),
    ...(shown.related && e.related ? { related: e.related } : {}),
  };
}

/** The diagnostics read, in the order of `expected` (readers keep log order; expected.json its own). */
function compare(actual: ToolDiagnostic[], wanted: Expected[], shown: Shown = {}): void {
  const order = (x: { file?: string | null; line?: number | null; column?: number | null; code?: string | null }) =>
    `${x.file}\u0000${String(x.line ?? 0).padStart(6)}\u0000${String(x.column ?? 0).padStart(6)}\u0000${x.code}`;
  const got = actual.map((d) => view(d, shown)).sort((a, b) => order(a).localeCompare(order(b)));
  const exp = wanted.map((e) => want(e, shown)).sort((a, b) => order(a).localeCompare(order(b)));
  expect(got).toEqual(exp);
}

describe('TypeScript (tsc 5.9 and 7)', () => {
  it('the plain form: file(line,col): error TSnnnn, in npm test too', () => {
    for (const log of ['tsc.log', 'tsc7.log', 'npm-test.log']) compare(read('tsc', log), expected('tsc'));
  });

  it('--pretty: the same diagnostics, with the related locations both versions print', () => {
    for (const log of ['tsc.pretty.log', 'tsc7.pretty.log'])
      compare(read('tsc', log), expected('tsc'), { related: true });
  });

  it('every one fails the build', () => {
    expect(read('tsc', 'tsc.log').every((d) => d.fails && d.category === 'type')).toBe(true);
  });
});

describe('ESLint', () => {
  it('stylish (and npm test running it), compact and unix', () => {
    for (const log of ['eslint.stylish.log', 'npm-test.log', 'eslint.compact.log', 'eslint.unix.log'])
      compare(read('eslint', log), expected('eslint'), { period: true, fixable: false });
  });

  it('a warning fails only when ESLint says it failed on warnings (--max-warnings)', () => {
    const warning = (text: string) => parseDiagnostics(text).diagnostics.find((d) => d.code === 'eqeqeq')!;
    const stylish = readFileSync(path.join(ROOT, 'eslint', 'eslint.stylish.log'), 'utf8');
    expect(warning(stylish).fails).toBe(false);
    expect(warning(`${stylish}\nESLint found too many warnings (maximum: 0).\n`).fails).toBe(true);
  });
});

describe('Prettier', () => {
  it('--check (coloured, plain, in npm test): unformatted files and a file that does not parse', () => {
    compare(read('prettier', 'prettier.check.log'), expected('prettier'));
    compare(read('prettier', 'npm-test.log'), expected('prettier'));
    compare(
      read('prettier', 'prettier.check.plain.log'),
      expected('prettier').filter((e) => e.code === null),
    );
  });

  it('--list-different prints bare paths, which are not read (only its syntax error is)', () => {
    compare(
      read('prettier', 'prettier.list-different.log'),
      expected('prettier').filter((e) => e.code === 'SyntaxError'),
    );
  });
});

describe('Biome', () => {
  const failing = () => expected('biome').filter((e) => e.severity === 'error');

  it('the default reporter, coloured and plain, and npm test: every severity, FIXABLE, a format diagnostic without a line', () => {
    for (const log of ['biome.ci.log', 'biome.ci.plain.log', 'npm-test.log']) {
      compare(read('biome', log), expected('biome'));
      expect(
        read('biome', log)
          .filter((d) => d.fails)
          .map((d) => d.code),
      ).toEqual(
        failing()
          .map((e) => e.code)
          .sort((a, b) => (a === 'format' ? 1 : b === 'format' ? -1 : 0)),
      );
    }
  });

  it('--reporter=github: the formatting difference is not placed at its fake line 1 column 2', () => {
    const found = read('biome', 'biome.github.log');
    compare(
      found.map((d) => ({ ...d, fixable: d.code === 'format' ? true : undefined })),
      expected('biome').map((e) => ({ ...e, fixable: e.code === 'format' ? true : undefined })),
    );
  });
});

describe('Python', () => {
  it('a SyntaxError with its caret (traceback and compileall); the column needs the source (frames)', () => {
    for (const log of ['syntax-error.log', 'compileall.log']) {
      const [d] = read('python', log);
      expect(view(d!, {})).toEqual({ ...want(expected('python', 'diagnostics', log)[0]!, {}), column: null });
      expect(d!.caret).toEqual({ source: 'total = order_total(lines', offset: 19 });
    }
  });

  it("pytest's collection errors: the SyntaxError inside its E lines", () => {
    for (const log of ['collection.log', 'continue.log']) {
      const found = read('pytest', log);
      expect(found).toHaveLength(1);
      expect(view(found[0]!, {})).toEqual({
        ...want(
          expected('pytest').find((e) => e.code === 'SyntaxError')!,
          {},
        ),
        column: null,
      });
      // `return f"Total: {invoice_total(lines):.2f"` is indented by 4 in invoice/render.py: column 47.
      expect(found[0]!.caret).toEqual({ source: 'return f"Total: {invoice_total(lines):.2f"', offset: 42 });
    }
  });
});

describe('mypy and pyright', () => {
  it('mypy: plain (no columns), --show-column-numbers --show-error-end, --pretty (wrapped, caret columns)', () => {
    compare(read('mypy', 'mypy.log'), expected('mypy'), { columns: false });
    compare(read('mypy', 'mypy.columns.log'), expected('mypy'));
    compare(read('mypy', 'mypy.pretty.log'), expected('mypy'));
  });

  it('pyright: continuation lines (no-break spaces) and the rule at the end of the last one', () => {
    compare(read('pyright', 'pyright.log'), expected('pyright'));
  });
});

describe('flake8 and black', () => {
  it('flake8: every finding is an error', () => {
    compare(read('flake8', 'flake8.log'), expected('flake8'));
  });

  it('black --check (and --diff): would reformat, cannot parse (column made 1-based)', () => {
    compare(read('black', 'black.check.log'), expected('black'));
    compare(read('black', 'black.diff.log'), expected('black'));
  });
});

describe('Go', () => {
  it('go build, go test (plain and -v): compile errors and the vet check that failed a package', () => {
    const all = expected('go');
    compare(
      read('go', 'go-build.log'),
      all.filter((e) => e.file.startsWith('cart/')),
    );
    compare(read('go', 'go-test.log'), all);
    compare(read('go', 'go-test.verbose.log'), all);
  });

  it('go vet: the check, and the first type error behind `vet: `', () => {
    compare(read('go', 'go-vet.log'), [
      expected('go').find((e) => e.code === 'vet/printf')!,
      expected('go').find((e) => e.line === 16)!,
    ]);
  });
});

describe('Rust', () => {
  it('cargo build and cargo test (one error printed twice is one), notes kept under the message', () => {
    compare(read('cargo', 'cargo-build.log'), expected('cargo'), { firstLine: true });
    compare(read('cargo', 'cargo-test.log'), expected('cargo'), { firstLine: true });
    const e0609 = read('cargo', 'cargo-build.log').find((d) => d.code === 'E0609')!;
    expect(e0609.message).toContain('available fields are: `price`, `quantity`');
  });

  it('--message-format short: the label follows the message', () => {
    const found = read('cargo', 'cargo-build.short.log');
    compare(
      found.map((d) => ({ ...d, message: d.message.replace(/: [^:]*$/, '') })),
      expected('cargo'),
    );
  });

  it('clippy -D warnings: the lint named in the note, never the #[allow] advice', () => {
    const found = read('clippy', 'clippy.log');
    compare(found, expected('clippy'));
    expect(found.every((d) => d.fails && d.category === 'lint')).toBe(true);
    expect(found.map((d) => d.message).join('\n')).not.toMatch(/allow/);
  });

  it('cargo fmt --check: the file and where its diff starts', () => {
    compare(read('clippy', 'rustfmt.check.log'), expected('clippy', 'rustfmt'));
  });
});

describe('JVM', () => {
  it('javac: the column from the caret, symbol and location kept in the message', () => {
    compare(read('javac', 'javac.log'), expected('javac'), { firstLine: true });
    expect(read('javac', 'javac.log')[0]!.message).toBe(
      'cannot find symbol\n  symbol:   method qty()\n  location: variable item of type Item',
    );
  });

  it('javac through Maven (printed twice, coloured too): each once', () => {
    const qualified = (e: Expected) => ({
      ...e,
      message: e.message.replace(/\bString\b/g, 'java.lang.String'),
    });
    for (const log of ['maven.log', 'maven.color.log'])
      compare(read('javac', log), expected('javac').map(qualified), { firstLine: true });
  });

  it('kotlinc: the JVM warning line first is no diagnostic', () => {
    compare(read('kotlinc', 'kotlinc.log'), expected('kotlinc'));
  });
});

describe('gcc and clang', () => {
  it('errors and warnings, notes as related locations of the diagnostic above them', () => {
    compare(read('gcc', 'gcc.log'), expected('gcc', 'diagnostics', 'gcc.log'), { related: true });
    compare(read('gcc', 'clang.log'), expected('gcc', 'diagnostics', 'clang.log'), { related: true });
  });

  it('a warning fails no build (gcc -Werror prints errors)', () => {
    expect(
      read('gcc', 'gcc.log')
        .filter((d) => !d.fails)
        .map((d) => d.code),
    ).toEqual(['-Wunused-but-set-variable', '-Wreturn-type']);
  });
});

/**
 * The neutral model of what a compiler, type checker, linter or formatter reported (one model out
 * of every diagnostic reader, as `test-run.ts` is for test reports): a tool, its code, a severity,
 * where (as printed: `frames/` makes it repo-relative) and what. Readers: `logs/diagnostics.ts`
 * for a log, `diagnostics/` for the files tools write (ESLint JSON, SARIF, checkstyle XML, …).
 */

/** How bad the tool says it is; only an error (or a warning the tool failed on) fails a build. */
export type DiagnosticSeverity = 'error' | 'warning' | 'info';

/** What kind of problem, for people ("1 type error (tsc)") and for the repair. */
export type DiagnosticCategory = 'compile' | 'type' | 'lint' | 'format' | 'import' | 'syntax';

export interface RelatedLocation {
  file: string;
  line?: number;
  column?: number;
  message: string;
}

export interface ToolDiagnostic {
  /** The tool, as self-heal names it: `tsc`, `eslint`, `mypy`, `rustc`, `clippy`, `go-vet`, … */
  tool: string;
  category: DiagnosticCategory;
  /** The tool's own code or rule (`TS2339`, `E0425`, `F401`, `no-unused-vars`), when it gives one. */
  code?: string;
  severity: DiagnosticSeverity;
  /**
   * Whether the tool failed because of it: an error, or a warning the output says the tool was
   * told to fail on (`--max-warnings`, `-Werror`; see `WARNINGS_FAIL` in logs/diagnostics.ts).
   */
  fails: boolean;
  /** As printed: absolute, relative to where the tool ran, a `file://` URI. */
  file?: string;
  /** 1-based; absent when the tool names a file only (a formatter's "would reformat"). */
  line?: number;
  column?: number;
  message: string;
  /** Other places the tool names ("'quantity' is declared here."). */
  related?: RelatedLocation[];
  /** The tool can fix it itself (ESLint's fixable rules, `[*]`, a formatter). */
  fixable?: boolean;
  /**
   * The source line as printed with a caret under it, when only the frames stage can turn it into
   * a column: Python prints the line stripped of its indentation (`offset` is the caret's, 0-based,
   * in `source` as printed without that indentation).
   */
  caret?: { source: string; offset: number };
  /** The lines of the log it was read from (1-based, inclusive); absent for a report file. */
  logLines?: { start: number; end: number };
}

/** Diagnostics one reader returns from one log or report (as for test failures: a bound, not a goal). */
export const MAX_DIAGNOSTICS = 500;
/** Related locations kept per diagnostic. */
export const MAX_RELATED = 10;

/**
 * The key under which one diagnostic printed twice is one: `cargo test` builds the library twice,
 * Maven repeats its compiler errors, `go vet` and `go test` both print a type error. A code names
 * the problem, so the message may differ between the copies (`&Line`, then `&cart::Line`); without
 * a code the message tells two problems at one place apart.
 */
export function duplicateKey(
  d: Pick<ToolDiagnostic, 'tool' | 'code' | 'file' | 'line' | 'column' | 'message'>,
): string {
  return [d.tool, d.file ?? '', d.line ?? '', d.column ?? '', d.code ?? `\u0000${d.message}`].join('\u0001');
}

/** How a category's problems are counted for people (`1 type error`, `2 files not formatted`). */
const CATEGORY_NOUNS: Record<DiagnosticCategory, [string, string]> = {
  compile: ['compile error', 'compile errors'],
  type: ['type error', 'type errors'],
  lint: ['lint error', 'lint errors'],
  format: ['formatting error', 'formatting errors'],
  import: ['import error', 'import errors'],
  syntax: ['syntax error', 'syntax errors'],
};

/**
 * What failed the build, counted by kind and tool, most first: `1 type error (tsc)`, `2 lint errors
 * (eslint), 1 formatting error (prettier)`. Only the diagnostics that failed it; undefined if none.
 */
export function describeBuildFailure(
  diagnostics: ReadonlyArray<Pick<ToolDiagnostic, 'tool' | 'category' | 'fails'>>,
): string | undefined {
  const counts = new Map<string, { category: DiagnosticCategory; tool: string; n: number }>();
  for (const d of diagnostics) {
    if (!d.fails) continue;
    const key = `${d.category}\u0000${d.tool}`;
    const entry = counts.get(key) ?? { category: d.category, tool: d.tool, n: 0 };
    entry.n++;
    counts.set(key, entry);
  }
  if (counts.size === 0) return undefined;
  return [...counts.values()]
    .sort((a, b) => b.n - a.n)
    .map(({ category, tool, n }) => `${n} ${CATEGORY_NOUNS[category][n === 1 ? 0 : 1]} (${tool})`)
    .join(', ');
}

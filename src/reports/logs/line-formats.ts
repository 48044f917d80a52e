/**
 * Tools that print each diagnostic in a fixed shape, one line or a fixed run of consecutive lines,
 * as a table: an entry names its tool and gives the patterns whose named groups fill the same
 * fields (`file`, `line`, `column`, `severity`, `code`, `message`, and `fixable` when a mark says
 * the tool can fix it), the way reviewdog/errorformat and GitHub's problem matchers describe
 * compilers and linters. Adding such a tool is adding an entry (tested on the real tool's output);
 * `readDiagnostic` reads one, and `logs/diagnostics.ts` offers every line of a log to every entry
 * whose `detect` the log matches. Patterns see a line's structural head only and must not backtrack.
 */
import type { DiagnosticCategory, ToolDiagnostic } from '../tool-diagnostic.js';
import { MAX_MESSAGE_LINES, parseLineNumber, structuralHead } from './traceback-bounds.js';

/** A diagnostic as a reader finds it; whether it fails the build is decided for the whole log. */
export type FoundDiagnostic = Omit<ToolDiagnostic, 'fails'>;

export interface LineFormat {
  /** The tool that prints it, as self-heal names it (`tsc`, `eslint`, `go`, …). */
  tool: string;
  /** The output form, when the tool has several (`compact`, `unix`): tool and form name the entry. */
  form?: string;
  /** What kind of problem the tool reports (a `refine` may say otherwise for one diagnostic). */
  category?: DiagnosticCategory;
  /** The pattern of each consecutive line of one diagnostic (most formats have one). */
  lines: readonly [RegExp, ...RegExp[]];
  /** Lines after those that still belong to the diagnostic (notes, a source excerpt), however they look. */
  continuation?: RegExp;
  /** The severity when no pattern captures one. */
  severity?: string;
  /**
   * A cheap test of the whole log: only a log that matches is read line by line with this entry
   * (most logs hold no output of most tools).
   */
  detect?: RegExp;
  /** Another tool prints the same shape, recognisable by this: then the entry is not used. */
  unless?: RegExp;
  /** A code for every diagnostic of this form (`parse` for black's "Cannot parse"). */
  code?: string;
  /** The message when the lines hold none (a formatter names a file only). */
  message?: string;
  /** The printed column counts from 0 (black). */
  columnBase?: 0;
  /** A continuation line that names the code (clippy's `= note: \`-D clippy::ptr-arg\``), in its `code` group. */
  codeIn?: RegExp;
  /** Continuation lines that say more about the problem (rustc's `= note:`), added to the message. */
  notes?: RegExp;
  /** The tool can fix every diagnostic of this form itself (a formatter). */
  fixable?: true;
  /** What the fields alone cannot say: the code or category from the message (`go vet`'s checks). */
  refine?: (d: FoundDiagnostic) => FoundDiagnostic;
}

export interface Diagnostic {
  tool: string;
  file?: string;
  /** Absent when printed as something that is no line number (too long, zero). */
  line?: number;
  column?: number;
  severity?: string;
  code?: string;
  message: string;
  /** The tool marked it as one it can fix (`[*]`, `FIXABLE`). */
  fixable?: boolean;
  /** The lines it was read from, as printed (first lines and continuations). */
  text: string[];
  /** Index of the first line after it. */
  next: number;
}

/** `go build`, `go vet` and `go test` compile errors: `./cart.go:12:5: undefined: total`, continued by indented `\thave …` lines. */
export const GO_COMPILER: LineFormat = {
  tool: 'go',
  category: 'compile',
  lines: [/^(?<file>\S(?:.*?\S)?\.go):(?<line>\d+)(?::(?<column>\d+))?: (?<message>.*)$/],
  continuation: /^\s+\S/,
  severity: 'error',
};

/**
 * rustc (through cargo): `error[E0425]: cannot find value …` then `  --> src/lib.rs:3:5`, then the
 * source excerpt up to a blank line. cargo's own `error: test failed, …` lines are no diagnostic.
 * A lint denied by `-D warnings` is an `error:` without a code: its name is in a note
 * (`= note: \`-D clippy::ptr-arg\` implied by \`-D warnings\``).
 */
export const RUSTC: LineFormat = {
  tool: 'rustc',
  category: 'compile',
  lines: [
    /^(?<severity>error|warning)(?:\[(?<code>E\d+)\])?: (?!test failed|\d+ targets? failed|could not compile|build failed)(?<message>.+)$/,
    /^\s*--> (?<file>.+?):(?<line>\d+):(?<column>\d+)\s*$/,
  ],
  continuation: /\S/,
  detect: /^\s*--> \S+:\d+:\d+\s*$/m,
  codeIn: /^\s*= note: `-D (?<code>[\w:-]+)` implied by/,
  notes: /^\s*= (?:note|help): (?!`-D |for further information)/,
  refine: (d) => {
    if (!d.code || /^E\d+$/.test(d.code)) return d;
    // A lint (`unused-variables`, `clippy::ptr-arg`), named as `#[allow(…)]` and the JSON name it.
    const code = d.code.replace(/-/g, '_');
    return { ...d, code, category: 'lint', ...(code.startsWith('clippy::') ? { tool: 'clippy' } : {}) };
  },
};

/** `tsc` (not a terminal, or `--pretty false`): `src/price.ts(3,68): error TS2339: Property …`, chained messages indented below. */
export const TSC: LineFormat = {
  tool: 'tsc',
  category: 'type',
  lines: [
    /^(?<file>[^\s(][^()]*?)\((?<line>\d+),(?<column>\d+)\): (?<severity>error|warning) (?<code>TS\d+): (?<message>.*)$/,
  ],
  continuation: /^ {2,}\S/,
  detect: /\(\d+,\d+\): (?:error|warning) TS\d+: /,
};

/** ESLint `-f compact`: `/abs/src/cart.js: line 3, col 34, Error - 'x' is defined but never used. (no-unused-vars)`. */
export const ESLINT_COMPACT: LineFormat = {
  tool: 'eslint',
  form: 'compact',
  category: 'lint',
  lines: [
    /^(?<file>\S.*?): line (?<line>\d+), col (?<column>\d+), (?<severity>Error|Warning) - (?<message>.*?)(?: \((?<code>@?[\w-]+(?:\/[\w-]+)*)\))?$/,
  ],
  detect: /: line \d+, col \d+, (?:Error|Warning) - /,
};

/** ESLint `-f unix`: `/abs/src/cart.js:3:34: 'x' is defined but never used. [Error/no-unused-vars]`. */
export const ESLINT_UNIX: LineFormat = {
  tool: 'eslint',
  form: 'unix',
  category: 'lint',
  lines: [
    /^(?<file>\S.*?):(?<line>\d+):(?<column>\d+): (?<message>.*) \[(?<severity>Error|Warning)(?:\/(?<code>@?[\w-]+(?:\/[\w-]+)*))?\]$/,
  ],
  detect: /\[(?:Error|Warning)(?:\/[@\w/-]+)?\]$/m,
};

/** `prettier --check`: `[warn] src/cart.js` for each file it would reformat. */
export const PRETTIER_CHECK: LineFormat = {
  tool: 'prettier',
  form: 'check',
  category: 'format',
  lines: [/^\[warn\] (?<file>[^\s]+\.[A-Za-z0-9]+)$/],
  severity: 'error',
  message: 'not formatted (prettier --check)',
  fixable: true,
  // `[warn] file` alone is not Prettier's mark: its banner or its summary must be there too.
  detect: /^(?:\[warn\] )?(?:Checking formatting\.\.\.|Code style issues (?:found|were found))/m,
};

/** Prettier on a file it cannot parse: `[error] src/broken.ts: SyntaxError: ',' expected. (1:39)`, then its code frame. */
export const PRETTIER_SYNTAX: LineFormat = {
  tool: 'prettier',
  form: 'syntax',
  category: 'syntax',
  lines: [/^\[error\] (?<file>[^\s:]+): (?<code>SyntaxError): (?<message>.*) \((?<line>\d+):(?<column>\d+)\)$/],
  continuation: /^\[error\] (?:[> ] *\d+ \||\s+\|)/,
  severity: 'error',
  detect: /^\[error\] [^\s:]+: SyntaxError: /m,
};

/**
 * Biome `--reporter=github`: workflow commands. A formatting difference is given line 1 column 2,
 * which is no place in the file: it names the file only.
 */
export const BIOME_GITHUB: LineFormat = {
  tool: 'biome',
  form: 'github',
  category: 'lint',
  lines: [
    /^::(?<severity>error|warning|notice) title=(?<code>(?:lint|format|assist|parse|syntax)[\w/]*),file=(?<file>[^,]+),line=(?<line>\d+),endLine=\d+,col=(?<column>\d+),endColumn=\d+::(?<message>.*)$/,
  ],
  detect: /^::(?:error|warning|notice) title=(?:lint|format|assist|parse|syntax)/m,
  refine: (d) => biomeCategory(d),
};

/** Ruff's marks: the `[*]` of a fixable rule and its summary. flake8 prints the same lines without them. */
const RUFF_MARKS = /^Found \d+ errors?\.|^\[\*\] \d+ fixable with the `--fix` option|^\S+:\d+:\d+: [A-Z]+\d+ \[\*\] /m;

/** flake8 (and pycodestyle, pyflakes): `app/cart.py:9:12: F821 undefined name 'totl'`. Every finding fails the run. */
export const FLAKE8: LineFormat = {
  tool: 'flake8',
  category: 'lint',
  lines: [/^(?<file>[^\s:][^:]*?\.pyi?):(?<line>\d+):(?<column>\d+): (?<code>[A-Z]{1,3}\d{1,4}) (?<message>.*)$/],
  severity: 'error',
  detect: /\.pyi?:\d+:\d+: [A-Z]{1,3}\d{1,4} /,
  unless: RUFF_MARKS,
};

/**
 * Ruff's concise output (`--output-format concise`, the default before 0.5): flake8's shape with
 * `[*]` before a fixable rule's message. Written from Ruff's documentation, not proved on its
 * output (no Ruff here).
 */
export const RUFF_CONCISE: LineFormat = {
  tool: 'ruff',
  form: 'concise',
  category: 'lint',
  lines: [
    /^(?<file>[^\s:][^:]*?\.pyi?):(?<line>\d+):(?<column>\d+): (?<code>[A-Z]{1,4}\d{1,4}) (?<fixable>\[\*\] )?(?<message>.*)$/,
  ],
  severity: 'error',
  detect: RUFF_MARKS,
};

/**
 * Ruff's full output of 0.12 and later: `F401 [*] \`os\` imported but unused`, then
 * ` --> app/cart.py:1:8` and a code frame. From Ruff's documentation, not proved on its output.
 */
export const RUFF_FULL: LineFormat = {
  tool: 'ruff',
  form: 'full',
  category: 'lint',
  lines: [
    /^(?<code>[A-Z]{1,4}\d{1,4}) (?<fixable>\[\*\] )?(?<message>.+)$/,
    /^\s*--> (?<file>[^\s:][^:]*?\.pyi?):(?<line>\d+):(?<column>\d+)\s*$/,
  ],
  continuation: /\S/,
  severity: 'error',
  detect: /^\s*--> \S+\.pyi?:\d+:\d+\s*$/m,
};

/** `ruff format --check`: `Would reformat: app/cart.py`. From Ruff's documentation, not proved on its output. */
export const RUFF_FORMAT: LineFormat = {
  tool: 'ruff',
  form: 'format',
  category: 'format',
  lines: [/^Would reformat: (?<file>.+)$/],
  severity: 'error',
  message: 'not formatted (ruff format --check)',
  fixable: true,
  detect: /^Would reformat: /m,
};

/** `black --check`: `would reformat /abs/app/cart.py`. */
export const BLACK_CHECK: LineFormat = {
  tool: 'black',
  form: 'check',
  category: 'format',
  lines: [/^would reformat (?<file>.+)$/],
  severity: 'error',
  message: 'would reformat',
  fixable: true,
  detect: /^would reformat /m,
};

/** black on a file it cannot parse: `error: cannot format /abs/app/broken.py: Cannot parse: 2:4: <source>` (0-based column). */
export const BLACK_PARSE: LineFormat = {
  tool: 'black',
  form: 'parse',
  category: 'syntax',
  lines: [
    /^error: cannot format (?<file>.+?): (?<message>Cannot parse(?: for target version [^:]+)?: (?<line>\d+):(?<column>\d+): .*)$/,
  ],
  severity: 'error',
  code: 'parse',
  columnBase: 0,
  detect: /^error: cannot format /m,
};

/** `cargo fmt --check`: `Diff in /abs/src/lib.rs:14:` (rustfmt 1.5 and later; `… at line 14:` before), then the diff. */
export const RUSTFMT: LineFormat = {
  tool: 'rustfmt',
  category: 'format',
  lines: [/^Diff in (?<file>\S.*?\.rs)(?::| at line )(?<line>\d+):\s*$/],
  severity: 'error',
  message: 'not formatted (cargo fmt --check)',
  fixable: true,
  detect: /^Diff in \S.*\.rs(?::| at line )\d+:/m,
};

/** Maven's compiler plugin: `[ERROR] /abs/Cart.java:[12,38] cannot find symbol`, `symbol:`/`location:` lines below. */
export const MAVEN_JAVAC: LineFormat = {
  tool: 'javac',
  form: 'maven',
  category: 'compile',
  lines: [/^\[(?<severity>ERROR|WARNING)\] (?<file>\S.*?\.java):\[(?<line>\d+),(?<column>\d+)\] (?<message>.*)$/],
  continuation: /^(?:\[(?:ERROR|WARNING)\])?\s{2,}(?:symbol|location|required|found|reason)\s*:/,
  notes: /^(?:\[(?:ERROR|WARNING)\])?\s{2,}(?:symbol|location|required|found|reason)\s*:/,
  detect: /^\[(?:ERROR|WARNING)\] \S.*\.java:\[\d+,\d+\] /m,
  refine: (d) => withJavacKey(d),
};

/**
 * Kotlin through Gradle (1.8 and later): `e: file:///abs/Cart.kt:6:39 Unresolved reference: qty`.
 * From the Kotlin Gradle plugin's documented output, not proved on it (no Gradle here).
 */
export const KOTLIN_GRADLE: LineFormat = {
  tool: 'kotlinc',
  form: 'gradle',
  category: 'compile',
  lines: [/^(?<severity>e|w): (?:file:\/\/)?(?<file>\S.*?\.kts?):(?<line>\d+):(?<column>\d+) (?<message>.*)$/],
  detect: /^[ew]: \S.*\.kts?:\d+:\d+ /m,
};

/** The same before Kotlin 1.8: `e: /abs/Cart.kt: (6, 39): Unresolved reference: qty`. Documented, not proved. */
export const KOTLIN_GRADLE_OLD: LineFormat = {
  tool: 'kotlinc',
  form: 'gradle-old',
  category: 'compile',
  lines: [/^(?<severity>e|w): (?<file>\S.*?\.kts?): \((?<line>\d+), (?<column>\d+)\): (?<message>.*)$/],
  detect: /^[ew]: \S.*\.kts?: \(\d+, \d+\): /m,
};

/**
 * Go diagnostics outside a `# package` block too (a JUnit body, vet's `vet: ` lines): the column
 * is required there, so a test's own `cart_test.go:14: message` is never one.
 */
export const GO_DIAGNOSTIC: LineFormat = {
  tool: 'go',
  form: 'anywhere',
  category: 'compile',
  lines: [/^(?:vet: )?(?<file>\S(?:.*?\S)?\.go):(?<line>\d+):(?<column>\d+): (?<message>.*)$/],
  continuation: /^\s+\S/,
  severity: 'error',
  detect: /\.go:\d+:\d+: /,
  refine: (d) => withGoCheck(d),
};

/**
 * Entries tried on every line of a log (a tool's multi-line output has a reader of its own).
 * `GO_COMPILER` is not one: outside a `# package` block its optional column would take a test's
 * `cart_test.go:14: message` for a compile error (`GO_DIAGNOSTIC` is the one for anywhere).
 */
export const LINE_FORMATS: readonly LineFormat[] = [
  RUSTC,
  TSC,
  ESLINT_COMPACT,
  ESLINT_UNIX,
  PRETTIER_CHECK,
  PRETTIER_SYNTAX,
  BIOME_GITHUB,
  FLAKE8,
  RUFF_CONCISE,
  RUFF_FULL,
  RUFF_FORMAT,
  BLACK_CHECK,
  BLACK_PARSE,
  RUSTFMT,
  MAVEN_JAVAC,
  KOTLIN_GRADLE,
  KOTLIN_GRADLE_OLD,
  GO_DIAGNOSTIC,
];

/**
 * The checks `go test` runs `go vet` with (and printf, the one that fails most), by the message
 * each prints: a vet finding is a lint problem, not a compile error, and Go names no codes.
 */
const GO_VET_CHECKS: ReadonlyArray<[RegExp, string]> = [
  [
    /^(?:\S+ format %|\S+ call has arguments but no formatting directives|\S+ call needs \d+ args? but has \d+ args?|\S+ possible formatting directive|\S+ format %\S* reads arg #|\S+ call has possible Printf formatting directive)/,
    'printf',
  ],
  [/^\S+ arg \S+ is a func value, not called/, 'printf'],
  [/^comparison of function \S+ (?:==|!=) nil is always/, 'nilfunc'],
  [/^conversion from \S+ to string yields a string of one rune/, 'stringintconv'],
  [/^second argument to errors\.As must be a non-nil pointer/, 'errorsas'],
  [/^impossible type assertion:/, 'ifaceassert'],
  [/^direct assignment to atomic value/, 'atomic'],
  [/^redundant (?:and|or): |^suspect (?:and|or): /, 'bool'],
  [/^\+build lines? /, 'buildtag'],
];

function withGoCheck(d: FoundDiagnostic): FoundDiagnostic {
  const check = GO_VET_CHECKS.find(([pattern]) => pattern.test(d.message))?.[1];
  return check ? { ...d, code: `vet/${check}`, category: 'lint' } : { ...d, code: 'compile' };
}

/** javac names no codes; its message keys, for the messages that say which one they are. */
const JAVAC_KEYS: ReadonlyArray<[RegExp, string]> = [
  [/^cannot find symbol/, 'cant.resolve'],
  [/^incompatible types\b/, 'incompatible.types'],
  [/^';' expected/, 'expected'],
  [/^missing return statement/, 'missing.ret.stmt'],
  [/^unreported exception /, 'unreported.exception.need.to.catch.or.throw'],
  [/^variable \S+ might not have been initialized/, 'var.might.not.have.been.initialized'],
  [/^method does not override or implement a method from a supertype/, 'method.does.not.override.superclass'],
  [/^\S+ is not abstract and does not override abstract method /, 'does.not.override.abstract'],
  [/^cannot assign a value to final variable /, 'cant.assign.val.to.final.var'],
  [/^unreachable statement/, 'unreachable.stmt'],
];

export function withJavacKey(d: FoundDiagnostic): FoundDiagnostic {
  const key = JAVAC_KEYS.find(([pattern]) => pattern.test(d.message))?.[1];
  return key ? { ...d, code: key } : d;
}

/** Biome's categories: `lint/…`, `format`, `parse`, `assist/…`. */
export function biomeCategory(d: FoundDiagnostic): FoundDiagnostic {
  const code = d.code ?? '';
  if (code === 'format') return { ...d, category: 'format', line: undefined, column: undefined, fixable: true };
  if (code === 'parse' || code.startsWith('syntax')) return { ...d, category: 'syntax' };
  return d;
}

/** Advice to silence a diagnostic is never passed on: a fix may not suppress what it fixes. */
export const SUPPRESSION_ADVICE =
  /#\[allow\(|#!\[allow\(|@ts-ignore|@ts-expect-error|eslint-disable|# ?noqa|type: ?ignore|pyright: ?ignore|\/\/ ?nolint|@SuppressWarnings/i;

/**
 * The diagnostic `format` reads at `lines[start]`, or undefined when the lines there are not one.
 * At most `maxLines` lines of text are gathered (a message is bounded however long the excerpt).
 */
export function readDiagnostic(
  format: LineFormat,
  lines: readonly string[],
  start: number,
  maxLines = MAX_MESSAGE_LINES,
): Diagnostic | undefined {
  const groups: Record<string, string | undefined> = {};
  let k = start;
  for (const pattern of format.lines) {
    const m = k < lines.length ? pattern.exec(structuralHead(lines[k]!)) : null;
    if (!m) return undefined;
    for (const [name, value] of Object.entries(m.groups ?? {})) if (value !== undefined) groups[name] = value;
    k++;
  }
  const text = lines.slice(start, k);
  while (
    format.continuation &&
    k < lines.length &&
    text.length < maxLines &&
    format.continuation.test(structuralHead(lines[k]!))
  ) {
    text.push(lines[k]!);
    k++;
  }
  return diagnosticOf(format, groups, text, k);
}

function diagnosticOf(
  format: LineFormat,
  groups: Record<string, string | undefined>,
  text: string[],
  next: number,
): Diagnostic {
  const d: Diagnostic = { tool: format.tool, message: groups.message ?? format.message ?? '', text, next };
  if (groups.file !== undefined) d.file = groups.file;
  const line = groups.line !== undefined ? parseLineNumber(groups.line) : undefined;
  if (line !== undefined) d.line = line;
  const column = groups.column !== undefined ? parseColumn(groups.column, format.columnBase) : undefined;
  if (column !== undefined) d.column = column;
  const severity = groups.severity ?? format.severity;
  if (severity !== undefined) d.severity = severity;
  const code = groups.code ?? codeInText(format, text) ?? format.code;
  if (code !== undefined) d.code = code;
  if (groups.fixable !== undefined || format.fixable) d.fixable = true;
  return d;
}

function parseColumn(text: string, base: 0 | undefined): number | undefined {
  if (base !== 0) return parseLineNumber(text);
  const n = parseLineNumber(`${Number(text) + 1}`);
  return /^\d{1,8}$/.test(text) ? n : undefined;
}

function codeInText(format: LineFormat, text: readonly string[]): string | undefined {
  if (!format.codeIn) return undefined;
  for (const line of text) {
    const code = format.codeIn.exec(structuralHead(line))?.groups?.code;
    if (code) return code;
  }
  return undefined;
}

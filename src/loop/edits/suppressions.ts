/**
 * A fix may not silence a diagnostic, as data: one list a reader can review, each entry with why.
 * - `SUPPRESSION_MARKERS`: what a line may not add (`# type: ignore`, `@ts-ignore`, `//nolint`,
 *   `#[allow(…)]`, a cast to `any`, `//go:build ignore`), by the files they work in;
 * - `TOOL_CONFIG_FILES`: whole files that configure a type checker, linter or formatter
 *   (tsconfig, ESLint, Prettier, Biome, mypy, ruff, `.golangci.yml`, clippy);
 * - `TOOL_CONFIG_SECTIONS`: the linters' parts of shared files (`[tool.mypy]`, `[lints]`).
 * `guardrails.ts` applies the files, `content-guard.ts` the sections and the markers, on every
 * candidate of every provider; `allowSuppressions` (`--allow-suppressions`) turns all three off,
 * `--allow` lifts the files and sections it names, as it does for the other protections.
 *
 * Only what a change adds counts: per file and marker, the lines the change adds against the lines
 * it removes (a suppression moved with its line, or kept on an edited line, adds none; one removed
 * is fine). The markers are read anywhere on an added line of a file of their language, also inside
 * a string literal: `"# noqa"` in Python is refused, a bare word `noqa` is not.
 */
import path from 'node:path';
import type { PathGroup, SectionRule } from './protection.js';

const SILENCES =
  'a fix may not silence a diagnostic: the tool’s configuration decides what it reports; fix the code the diagnostic points at';

export interface SuppressionMarker {
  /** How the refusal names it: "`# type: ignore`". */
  marker: string;
  /** The tools it silences, for the refusal and the docs. */
  tools: string;
  /** Extensions (lower case, with the dot) of the files it works in. */
  extensions: readonly string[];
  pattern: RegExp;
  /** Why it is on the list, when the name does not say it. */
  why?: string;
}

const JS = ['.js', '.jsx', '.mjs', '.cjs', '.vue', '.svelte', '.astro'];
const TS = ['.ts', '.tsx', '.mts', '.cts'];
const PY = ['.py', '.pyi', '.pyx'];
const WEB = [...JS, ...TS, '.css', '.scss', '.less', '.html', '.md', '.mdx', '.yaml', '.yml', '.graphql', '.json'];
const JVM = ['.java', '.kt', '.kts', '.scala', '.groovy'];
const C = ['.c', '.h', '.cc', '.cpp', '.cxx', '.hh', '.hpp', '.hxx', '.m', '.mm'];

export const SUPPRESSION_MARKERS: readonly SuppressionMarker[] = [
  {
    marker: '@ts-ignore / @ts-expect-error / @ts-nocheck',
    tools: 'tsc',
    extensions: [...TS, ...JS],
    pattern: /@ts-(?:ignore|expect-error|nocheck)\b/,
  },
  {
    marker: 'a cast to `any` (`as any`, `<any>`, `as unknown as`)',
    tools: 'tsc',
    extensions: TS,
    // `<any>x` is the older cast syntax; `Array<any>` is a type, not a cast (a name comes before it).
    pattern: /\bas\s+any\b|\bas\s+unknown\s+as\b|(?:^|[=(,:?&|!\s])<any>\s*(?=[\w$([])/,
    why: 'it turns the type check off for the expression the diagnostic names',
  },
  {
    marker: 'eslint-disable / oxlint-disable / an inline rule turned off',
    tools: 'ESLint, oxlint',
    extensions: [...JS, ...TS],
    pattern: /\b(?:eslint|oxlint)-disable\b|\/\*\s*eslint\s+[^*]*:\s*["']?(?:off|0)\b/,
  },
  {
    marker: 'biome-ignore / deno-lint-ignore / deno-fmt-ignore',
    tools: 'Biome, deno lint, deno fmt',
    extensions: [...JS, ...TS, '.css', '.json', '.jsonc', '.graphql'],
    pattern: /\b(?:biome-ignore|rome-ignore|deno-lint-ignore|deno-fmt-ignore)\b/,
  },
  {
    marker: 'prettier-ignore',
    tools: 'Prettier',
    extensions: WEB,
    pattern: /\bprettier-ignore\b/,
  },
  {
    marker: '# type: ignore',
    tools: 'mypy, pyright',
    extensions: PY,
    pattern: /#\s*type:\s*ignore\b/,
  },
  {
    marker: '# noqa',
    tools: 'ruff, flake8',
    extensions: PY,
    pattern: /#\s*(?:(?:ruff|flake8)\s*:\s*)?noqa\b/i,
  },
  {
    marker: '# pyright: ignore (or a rule turned off)',
    tools: 'pyright',
    extensions: PY,
    pattern: /#\s*pyright:\s*(?:ignore\b|basic\b|report\w+\s*=\s*(?:false|none|warning|information)\b)/,
  },
  {
    marker: '# mypy: ignore-errors / disable-error-code, # pyre-ignore',
    tools: 'mypy, pyre',
    extensions: PY,
    pattern: /#\s*mypy:\s*(?:ignore-errors|disable-error-code)\b|#\s*pyre-(?:ignore|fixme)\b/,
  },
  {
    marker: '# pylint: disable',
    tools: 'pylint',
    extensions: PY,
    pattern: /#\s*pylint:\s*disable\b/,
  },
  {
    marker: '# fmt: off / skip, # isort: skip',
    tools: 'black, ruff format, isort',
    extensions: PY,
    pattern: /#\s*fmt:\s*(?:off|skip)\b|#\s*isort:\s*skip/,
  },
  {
    marker: 'a typing cast to `Any`',
    tools: 'mypy, pyright',
    extensions: PY,
    pattern: /\bcast\(\s*["']?(?:typing\.)?Any\b/,
    why: 'it turns the type check off for the expression the diagnostic names',
  },
  {
    marker: '//nolint, //lint:ignore',
    tools: 'golangci-lint, staticcheck',
    extensions: ['.go'],
    pattern: /\/\/\s*nolint\b|\/\/\s*lint:(?:file-)?ignore\b/,
  },
  {
    marker: '//go:build ignore',
    tools: 'go build, go vet',
    extensions: ['.go'],
    pattern: /^\s*\/\/\s*(?:go:build|\+build)\b.*\bignore\b/,
    why: 'it takes the file out of the build',
  },
  {
    // Counted per file: changing a constraint that was there is a real fix's business; adding the
    // first one takes the file out of every build it does not name.
    marker: 'a new build constraint (`//go:build`)',
    tools: 'go build, go vet',
    extensions: ['.go'],
    pattern: /^\s*\/\/\s*(?:go:build|\+build)\s.*/,
    why: 'it takes the file out of the builds it does not name',
  },
  {
    marker: '#[allow(…)] / #![allow(…)] / #[expect(…)] / #[rustfmt::skip]',
    tools: 'rustc, clippy, rustfmt',
    extensions: ['.rs'],
    pattern: /#!?\[\s*(?:allow|expect)\s*\(|#!?\[\s*cfg_attr\s*\(.*\b(?:allow|expect)\s*\(|#!?\[\s*rustfmt::skip\b/,
  },
  {
    marker: '@SuppressWarnings / @Suppress / // NOSONAR, NOPMD, CHECKSTYLE:OFF',
    tools: 'javac, kotlinc, Sonar, PMD, Checkstyle, SpotBugs',
    extensions: JVM,
    pattern: /@Suppress(?:Warnings|FBWarnings)?\b|\/\/\s*(?:NOSONAR|NOPMD|CHECKSTYLE\s*:\s*OFF)\b/,
  },
  {
    marker: '#pragma … diagnostic ignored / // NOLINT',
    tools: 'gcc, clang, clang-tidy',
    extensions: C,
    pattern: /#\s*pragma\s+(?:GCC|clang)\s+diagnostic\s+ignored\b|#\s*pragma\s+warning\s*\(\s*disable\b|\/\/\s*NOLINT/,
  },
  {
    marker: '#pragma warning disable / [SuppressMessage]',
    tools: 'the C# compiler and analysers',
    extensions: ['.cs'],
    pattern: /#\s*pragma\s+warning\s+disable\b|\[\s*(?:assembly\s*:\s*)?SuppressMessage\b/,
  },
  {
    marker: '# rubocop:disable',
    tools: 'RuboCop',
    extensions: ['.rb'],
    pattern: /#\s*rubocop\s*:\s*disable\b/,
  },
];

export const TOOL_CONFIG_FILES: readonly PathGroup[] = [
  {
    what: 'type checker configuration',
    why: SILENCES,
    patterns: ['**/tsconfig*.json', '**/jsconfig*.json'],
  },
  {
    what: 'linter or formatter configuration',
    why: SILENCES,
    patterns: [
      '**/.eslintrc',
      '**/.eslintrc.*',
      '**/eslint.config.*',
      '**/.eslintignore',
      '**/.oxlintrc.json',
      '**/.prettierrc',
      '**/.prettierrc.*',
      '**/prettier.config.*',
      '**/.prettierignore',
      '**/biome.json',
      '**/biome.jsonc',
      '**/.stylelintrc',
      '**/.stylelintrc.*',
      '**/stylelint.config.*',
      '**/deno.json',
      '**/deno.jsonc',
    ],
  },
  {
    what: 'Python type checker or linter configuration',
    why: SILENCES,
    patterns: [
      '**/mypy.ini',
      '**/.mypy.ini',
      '**/pyrightconfig.json',
      '**/.pyre_configuration',
      '**/ruff.toml',
      '**/.ruff.toml',
      '**/.flake8',
      '**/.pylintrc',
      '**/pylintrc',
      '**/.isort.cfg',
    ],
  },
  {
    what: 'Go, Rust, JVM or Ruby linter configuration',
    why: SILENCES,
    patterns: [
      '**/.golangci.yml',
      '**/.golangci.yaml',
      '**/.golangci.toml',
      '**/.golangci.json',
      '**/staticcheck.conf',
      '**/clippy.toml',
      '**/.clippy.toml',
      '**/rustfmt.toml',
      '**/.rustfmt.toml',
      '**/checkstyle*.xml',
      '**/detekt*.yml',
      '**/.rubocop.yml',
      '**/.rubocop_todo.yml',
    ],
  },
];

export const TOOL_CONFIG_SECTIONS: readonly SectionRule[] = [
  {
    what: 'type checker or linter configuration',
    why: SILENCES,
    files: ['**/pyproject.toml'],
    format: 'toml',
    sections: [
      'tool/mypy',
      'tool/pyright',
      'tool/basedpyright',
      'tool/pyre',
      'tool/ruff',
      'tool/flake8',
      'tool/pylint',
      'tool/black',
      'tool/isort',
    ],
    rest: 'dependencies, build and package settings may change',
  },
  {
    what: 'type checker or linter configuration',
    why: SILENCES,
    files: ['**/setup.cfg'],
    format: 'ini',
    sections: ['flake8', 'pycodestyle', 'pep8', 'mypy*', 'pylint*', 'isort', 'pydocstyle'],
    rest: 'package metadata and options may change',
  },
  {
    what: 'linter configuration',
    why: SILENCES,
    files: ['**/Cargo.toml'],
    format: 'toml',
    sections: ['lints', 'workspace/lints'],
    rest: 'dependencies and package settings may change',
  },
  {
    what: 'linter or formatter configuration',
    why: SILENCES,
    files: ['**/package.json'],
    format: 'json',
    sections: ['eslintConfig', 'eslintIgnore', 'prettier', 'stylelint'],
    rest: 'dependencies, exports and other fields may change',
  },
];

/** Added lines shown per marker in a refusal. */
const MAX_SHOWN = 3;

const lineKey = (line: string) => line.trim();

/**
 * The lines `after` adds to `before` (1-based numbers in `after`) and the lines it removes, as
 * multisets. The lines both share at the start and the end (most of a file, for a fix) are skipped
 * by a plain comparison first; only the rest is counted.
 */
function changedLines(before: string, after: string): { added: Array<[number, string]>; removed: string[] } {
  const beforeLines = before.split('\n');
  const afterLines = after.split('\n');
  let head = 0;
  const most = Math.min(beforeLines.length, afterLines.length);
  while (head < most && beforeLines[head] === afterLines[head]) head++;
  let tail = 0;
  while (tail < most - head && beforeLines[beforeLines.length - 1 - tail] === afterLines[afterLines.length - 1 - tail])
    tail++;
  const oldMiddle = beforeLines.slice(head, beforeLines.length - tail);
  const left = new Map<string, number>();
  for (const line of oldMiddle) left.set(lineKey(line), (left.get(lineKey(line)) ?? 0) + 1);
  const added: Array<[number, string]> = [];
  for (let i = head; i < afterLines.length - tail; i++) {
    const key = lineKey(afterLines[i]!);
    const n = left.get(key) ?? 0;
    if (n > 0) left.set(key, n - 1);
    else added.push([i + 1, afterLines[i]!]);
  }
  const removed: string[] = [];
  for (const line of oldMiddle) {
    const n = left.get(lineKey(line)) ?? 0;
    if (n > 0) {
      removed.push(line);
      left.set(lineKey(line), n - 1);
    }
  }
  return { added, removed };
}

export interface AddedSuppression {
  marker: SuppressionMarker;
  /** The added lines that carry it (at most `MAX_SHOWN`): 1-based numbers in `after`, and what matched. */
  lines: Array<{ line: number; text: string }>;
}

/**
 * The markers `after` adds to `before` in the file `rel`: for each, more added lines carry it than
 * removed lines did. `before` null: a new file, every line is added.
 */
export function findAddedSuppressions(rel: string, before: string | null, after: string): AddedSuppression[] {
  const language = markersFor(path.extname(rel).toLowerCase());
  if (!language || before === after) return [];
  const changed = changedLines(before ?? '', after);
  // Most changed lines carry no marker: one pass of the language's markers together first.
  const added = changed.added.filter(([, text]) => language.any.test(text));
  if (added.length === 0) return [];
  const removed = changed.removed.filter((text) => language.any.test(text));
  const found: AddedSuppression[] = [];
  for (const marker of language.markers) {
    const carrying = added.flatMap(([line, text]) => {
      const m = marker.pattern.exec(text);
      return m ? [{ line, text: shown(m[0]) }] : [];
    });
    if (carrying.length === 0) continue;
    const dropped = removed.filter((line) => marker.pattern.test(line)).length;
    if (carrying.length > dropped) found.push({ marker, lines: carrying.slice(dropped, dropped + MAX_SHOWN) });
  }
  return found;
}

const byExtension = new Map<string, { markers: SuppressionMarker[]; any: RegExp } | null>();

/** The markers of files with this extension, and one pattern that any of them matches (a superset). */
function markersFor(ext: string): { markers: SuppressionMarker[]; any: RegExp } | null {
  if (!byExtension.has(ext)) {
    const markers = SUPPRESSION_MARKERS.filter((m) => m.extensions.includes(ext));
    const any = new RegExp(markers.map((m) => `(?:${m.pattern.source})`).join('|'), 'i');
    byExtension.set(ext, markers.length ? { markers, any } : null);
  }
  return byExtension.get(ext)!;
}

/** What matched, as the refusal quotes it: one line, no backticks, bounded. */
function shown(text: string): string {
  return text
    .replace(/[`\s]+/g, ' ')
    .replace(/^[^#/@\w<]+/, '')
    .trim()
    .slice(0, 60);
}

/** The refusal for `found` in `rel`, written for the model; null when nothing was added. */
export function describeAddedSuppressions(rel: string, found: readonly AddedSuppression[]): string | null {
  if (found.length === 0) return null;
  const what = found
    .map(({ marker, lines }) => {
      const texts = [...new Set(lines.map((l) => `\`${l.text}\``))].join(', ');
      const where = lines.map((l) => `${rel}:${l.line}`).join(', ');
      return `added ${texts} (${marker.tools}) at ${where}${marker.why ? `: ${marker.why}` : ''}`;
    })
    .join('; ');
  return `a fix may not silence a diagnostic: ${what}; fix the code the diagnostic points at`;
}

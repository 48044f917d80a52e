/**
 * Issue 27, point 3, entry by entry: every suppression marker a change may not add (and the ones it
 * may keep, move or remove), every linter configuration file and section, and `allowSuppressions`,
 * through the guard every candidate of every provider passes (`createGuard`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planEdits } from '../../../src/loop/edits/apply-edits.js';
import { createGuard } from '../../../src/loop/edits/guardrails.js';
import {
  findAddedSuppressions,
  SUPPRESSION_MARKERS,
  TOOL_CONFIG_FILES,
  TOOL_CONFIG_SECTIONS,
} from '../../../src/loop/edits/suppressions.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'self-heal-suppressions-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const guard = createGuard({ root });
const lenient = createGuard({ root, allowSuppressions: true });

/** One added line per marker entry (by its index in `SUPPRESSION_MARKERS`), in a file of its language. */
const MUST_REFUSE: ReadonlyArray<[marker: string, file: string, line: string, quoted: string]> = [
  ['@ts-ignore', 'src/a.ts', '  // @ts-ignore', '@ts-ignore'],
  ['@ts-ignore', 'src/a.tsx', '  {/* @ts-expect-error */}', '@ts-expect-error'],
  ['@ts-ignore', 'src/a.js', '// @ts-nocheck', '@ts-nocheck'],
  ['cast to `any`', 'src/a.ts', '  return (item as any).qty * price;', 'as any'],
  ['cast to `any`', 'src/a.mts', '  const n = item as unknown as Order;', 'as unknown as'],
  ['cast to `any`', 'src/a.ts', '  return (<any>item).qty;', '<any>`'],
  ['eslint-disable', 'src/a.js', '// eslint-disable-next-line no-unused-vars', 'eslint-disable'],
  ['eslint-disable', 'src/a.ts', '/* eslint-disable */', 'eslint-disable'],
  ['eslint-disable', 'src/a.tsx', '  x = 1; // eslint-disable-line', 'eslint-disable'],
  ['eslint-disable', 'src/a.cjs', '/* eslint no-undef: "off" */', '/* eslint no-undef: "off'],
  ['eslint-disable', 'src/a.ts', '// oxlint-disable-next-line', 'oxlint-disable'],
  ['biome-ignore', 'src/a.ts', '// biome-ignore lint/style/noVar: legacy', 'biome-ignore'],
  ['biome-ignore', 'src/a.ts', '// deno-lint-ignore no-explicit-any', 'deno-lint-ignore'],
  ['prettier-ignore', 'src/a.ts', '// prettier-ignore', 'prettier-ignore'],
  ['prettier-ignore', 'styles/a.css', '/* prettier-ignore */', 'prettier-ignore'],
  ['# type: ignore', 'pkg/a.py', '    return item.qty  # type: ignore', '# type: ignore'],
  ['# type: ignore', 'pkg/a.pyi', 'def f(x): ...  # type:ignore[attr-defined]', '# type:ignore'],
  ['# noqa', 'pkg/a.py', 'import os  # noqa: F401', '# noqa'],
  ['# noqa', 'pkg/a.py', '# ruff: noqa', '# ruff: noqa'],
  ['# noqa', 'pkg/a.py', '# flake8: NOQA', '# flake8: NOQA'],
  [
    '# pyright: ignore',
    'pkg/a.py',
    '    return item.qty  # pyright: ignore[reportAttributeAccessIssue]',
    '# pyright: ignore',
  ],
  [
    '# pyright: ignore',
    'pkg/a.py',
    '# pyright: reportGeneralTypeIssues=false',
    '# pyright: reportGeneralTypeIssues=false',
  ],
  ['# mypy:', 'pkg/a.py', '# mypy: ignore-errors', '# mypy: ignore-errors'],
  ['# mypy:', 'pkg/a.py', 'x = f()  # pyre-ignore[16]', '# pyre-ignore'],
  ['# pylint: disable', 'pkg/a.py', '# pylint: disable=no-member', '# pylint: disable'],
  ['# fmt: off', 'pkg/a.py', '# fmt: off', '# fmt: off'],
  ['# fmt: off', 'pkg/a.py', 'import b  # isort: skip', '# isort: skip'],
  ['cast to `Any`', 'pkg/a.py', '    return cast(Any, item).qty', 'cast(Any'],
  ['//nolint', 'cmd/a.go', '\terr := f() //nolint:errcheck', '//nolint'],
  ['//nolint', 'cmd/a.go', '//lint:ignore SA1019 old API', '//lint:ignore'],
  ['//go:build ignore', 'cmd/a.go', '//go:build ignore', '//go:build ignore'],
  ['build constraint', 'cmd/a.go', '//go:build never', '//go:build never'],
  ['#[allow', 'src/a.rs', '#[allow(dead_code)]', '#[allow('],
  ['#[allow', 'src/lib.rs', '#![allow(clippy::all)]', '#![allow('],
  ['#[allow', 'src/a.rs', '#[cfg_attr(feature = "x", allow(unused))]', '#[cfg_attr(feature = "x", allow('],
  ['#[allow', 'src/a.rs', '#[expect(unused_variables)]', '#[expect('],
  ['@SuppressWarnings', 'src/main/java/A.java', '  @SuppressWarnings("unchecked")', '@SuppressWarnings'],
  ['@SuppressWarnings', 'src/main/kotlin/A.kt', '@Suppress("UNCHECKED_CAST")', '@Suppress'],
  ['@SuppressWarnings', 'src/main/java/A.java', '  int x = 1; // NOSONAR', '// NOSONAR'],
  ['#pragma', 'src/a.c', '#pragma GCC diagnostic ignored "-Wunused"', '#pragma GCC diagnostic ignored'],
  ['#pragma', 'src/a.cpp', '  int x; // NOLINT', '// NOLINT'],
  ['#pragma warning disable', 'src/A.cs', '#pragma warning disable CS0168', '#pragma warning disable'],
  ['rubocop', 'lib/a.rb', '  x = 1 # rubocop:disable Lint/UselessAssignment', '# rubocop:disable'],
];

const markerOf = (needle: string) => SUPPRESSION_MARKERS.find((m) => m.marker.includes(needle))!;

describe('suppression markers', () => {
  it('every entry of the list has a must-refuse example', () => {
    const covered = new Set(MUST_REFUSE.map(([needle]) => markerOf(needle)));
    expect(SUPPRESSION_MARKERS.filter((m) => !covered.has(m)).map((m) => m.marker)).toEqual([]);
  });

  it.each(MUST_REFUSE)('%s: adding `%s` line %s is refused', async (needle, file, line, quoted) => {
    const before = 'first = 1\nsecond = 2\n';
    const after = `first = 1\n${line}\nsecond = 2\n`;
    const found = findAddedSuppressions(file, before, after);
    expect(found.map((f) => f.marker)).toContain(markerOf(needle));
    const reason = await guard.checkContent({ path: file, before, after });
    expect(reason).toContain('a fix may not silence a diagnostic: added ');
    expect(reason).toContain(`\`${quoted}`);
    expect(reason).toContain(`at ${file}:2`);
    expect(reason).toContain('fix the code the diagnostic points at');
    // The opt-in turns the check off.
    expect(await lenient.checkContent({ path: file, before, after })).toBeNull();
  });

  it('a new file is all added lines', async () => {
    expect(await guard.checkContent({ path: 'pkg/new.py', before: null, after: 'import os  # noqa\n' })).toContain(
      'added `# noqa` (ruff, flake8) at pkg/new.py:1',
    );
  });

  it.each([
    ['a suppression left in place', 'pkg/a.py', 'x = f()  # type: ignore\ny = 1\n', 'x = f()  # type: ignore\ny = 2\n'],
    ['a suppression removed', 'pkg/a.py', 'x = f()  # type: ignore\n', 'x = f()\n'],
    [
      'a suppression moved with its line',
      'src/a.ts',
      '// @ts-ignore\nfoo();\nbar();\n',
      'bar();\n// @ts-ignore\nfoo();\n',
    ],
    [
      'a suppressed line edited, its suppression kept',
      'pkg/a.py',
      'x = f(1)  # type: ignore\n',
      'x = g(1)  # type: ignore\n',
    ],
    [
      'a suppressed line re-indented',
      'cmd/a.go',
      '\terr := f() //nolint:errcheck\n',
      '\t\terr := f() //nolint:errcheck\n',
    ],
    [
      'a build constraint changed',
      'cmd/a.go',
      '//go:build linux\n\npackage a\n',
      '//go:build linux && amd64\n\npackage a\n',
    ],
    ['the bare word noqa in Python', 'pkg/a.py', 'x = 1\n', 'NOQA_CODES = ["noqa"]\n'],
    [
      'a type named with any in TypeScript',
      'src/a.ts',
      'x;\n',
      'const xs: Array<any> = [];\nconst many = n as anything;\n',
    ],
    ['Python markers in a TypeScript file', 'src/a.ts', 'x;\n', 'const hint = "# type: ignore";\n'],
    ['TypeScript markers in a Python file', 'pkg/a.py', 'x = 1\n', 'HINT = "@ts-ignore"\n'],
    ['a marker in a document', 'docs/a.txt', 'x\n', 'Never add # noqa or @ts-ignore.\n'],
    ['a cast to a real type', 'src/a.ts', 'x;\n', 'const item = raw as Item;\n'],
    ['a Rust attribute that allows nothing', 'src/a.rs', 'x\n', '#[derive(Debug)]\n#[inline]\n'],
  ])('%s is allowed', async (_what, file, before, after) => {
    expect(findAddedSuppressions(file, before, after)).toEqual([]);
    expect(await guard.checkContent({ path: file, before, after })).toBeNull();
  });

  it('one removed and two added: the second added one is refused', async () => {
    const before = 'a = f()  # type: ignore\nb = 1\nc = 2\n';
    const after = 'a = f()\nb = g()  # type: ignore\nc = h()  # type: ignore\n';
    const reason = await guard.checkContent({ path: 'pkg/a.py', before, after });
    expect(reason).toBe(
      'a fix may not silence a diagnostic: added `# type: ignore` (mypy, pyright) at pkg/a.py:3; fix the code the diagnostic points at',
    );
  });

  it('a string literal holding a marker is refused (documented: read anywhere on an added line)', async () => {
    const reason = await guard.checkContent({ path: 'pkg/a.py', before: 'x = 1\n', after: 'HINT = "# noqa"\n' });
    expect(reason).toContain('`# noqa`');
  });

  it('refuses a model answer that adds one, before anything is written', async () => {
    const ctx = { guard, ignored: async () => new Set<string>() };
    const file = path.join(root, 'calc.py');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, 'def add(a, b):\n    return a - b\n');
    const plan = await planEdits(ctx, [
      { path: 'calc.py', oldText: '    return a - b', newText: '    return a + b  # type: ignore' },
    ]);
    expect(plan.check.ok).toBe(false);
    expect(plan.check.problems[0]).toMatchObject({ kind: 'guardrail', path: 'calc.py' });
    expect(plan.check.problems[0]!.message).toContain('added `# type: ignore` (mypy, pyright) at calc.py:2');
  });
});

/** A path a glob matches: `**∕` becomes a folder, `*` a name part. */
const example = (pattern: string) => pattern.replace(/^\*\*\//, 'pkg/').replace(/\*/g, 'x');

describe('tool configuration files', () => {
  const entries = TOOL_CONFIG_FILES.flatMap((group) => group.patterns.map((p) => [p, example(p), group.what] as const));
  it.each(entries)('%s (%s) is refused as %s, and allowed with allowSuppressions', (_pattern, file, what) => {
    const check = guard.checkWrite(file);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.reason).toContain(`is ${what}, which is protected`);
      expect(check.reason).toContain('a fix may not silence a diagnostic');
    }
    expect(lenient.checkWrite(file).ok).toBe(true);
  });

  it.each(['tsconfig.json', 'tsconfig.build.json', 'packages/a/tsconfig.json', '.eslintrc.cjs', 'eslint.config.mjs'])(
    'the issue’s spelling %s is refused; --allow lifts it',
    (file) => {
      expect(guard.checkWrite(file).ok).toBe(false);
      expect(createGuard({ root, allow: [file] }).checkWrite(file).ok).toBe(true);
    },
  );
});

const PYPROJECT = `[project]
name = "calc"
dependencies = ["requests>=2"]

[tool.ruff]
line-length = 100

[tool.mypy]
strict = true
`;
const SETUP_CFG = `[metadata]
name = calc

[flake8]
max-line-length = 100

[mypy]
strict = True
`;
const CARGO = `[package]
name = "calc"

[dependencies]
serde = "1"

[lints.rust]
unsafe_code = "forbid"
`;
const PACKAGE = JSON.stringify({ name: 'app', dependencies: { a: '1' }, eslintConfig: { rules: {} } }, null, 2);

describe('tool configuration sections', () => {
  it.each([
    ['pyproject.toml', PYPROJECT, PYPROJECT.replace('line-length = 100', 'line-length = 200'), /\[tool\.ruff\]/],
    ['pyproject.toml', PYPROJECT, PYPROJECT.replace('strict = true', 'strict = false'), /\[tool\.mypy\]/],
    ['pyproject.toml', PYPROJECT, `${PYPROJECT}\n[tool.pyright]\nreportGeneralTypeIssues = false\n`, /tool\.pyright/],
    [
      'setup.cfg',
      SETUP_CFG,
      SETUP_CFG.replace('max-line-length = 100', 'max-line-length = 100\nignore = E501'),
      /\[flake8\]/,
    ],
    ['setup.cfg', SETUP_CFG, SETUP_CFG.replace('strict = True', 'strict = False'), /\[mypy\]/],
    ['Cargo.toml', CARGO, CARGO.replace('"forbid"', '"allow"'), /\[lints\.rust\]/],
    ['Cargo.toml', CARGO, `${CARGO}\n[workspace.lints.clippy]\nall = "allow"\n`, /workspace\.lints/],
    ['package.json', PACKAGE, PACKAGE.replace('"rules": {}', '"rules": { "no-undef": "off" }'), /eslintConfig/],
  ])(
    '%s: a change to a linter section is refused, and allowed with allowSuppressions',
    async (file, before, after, label) => {
      const reason = await guard.checkContent({ path: file, before, after });
      expect(reason).toMatch(label);
      expect(reason).toContain('a fix may not silence a diagnostic');
      expect(await lenient.checkContent({ path: file, before, after })).toBeNull();
    },
  );

  it.each([
    ['pyproject.toml', PYPROJECT, PYPROJECT.replace('["requests>=2"]', '["requests>=2", "attrs"]')],
    ['setup.cfg', SETUP_CFG, SETUP_CFG.replace('name = calc', 'name = calc\nversion = 2')],
    ['Cargo.toml', CARGO, CARGO.replace('serde = "1"', 'serde = "1.0.200"')],
    ['package.json', PACKAGE, PACKAGE.replace('"a": "1"', '"a": "2"')],
  ])('%s: a change beside them is allowed', async (file, before, after) => {
    expect(await guard.checkContent({ path: file, before, after })).toBeNull();
  });

  it('every section rule reads its files', () => {
    expect(TOOL_CONFIG_SECTIONS.map((r) => r.files[0])).toEqual([
      '**/pyproject.toml',
      '**/setup.cfg',
      '**/Cargo.toml',
      '**/package.json',
    ]);
  });
});

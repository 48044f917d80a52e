/**
 * Issue 24, points 1–3, entry by entry: every protected path pattern, every protected section of a
 * shared file (and the changes beside them that stay allowed), new executables, and the ways code
 * under test could patch a test framework (and the plain uses that stay allowed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGuard } from '../../../src/loop/edits/guardrails.js';
import { PROTECTED_PATHS, PROTECTED_SECTIONS } from '../../../src/loop/edits/protection.js';
import { readSections } from '../../../src/loop/edits/sections.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'self-heal-protection-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const guard = createGuard({ root });

/** A path a glob matches: `**∕` becomes a folder, a trailing `/**` a file in it, `*` a name. */
function example(pattern: string): string {
  return pattern
    .replace(/^\*\*\//, 'pkg/')
    .replace(/\/\*\*$/, '/file.txt')
    .replace(/\*/g, 'x');
}

describe('protected paths', () => {
  const entries = PROTECTED_PATHS.flatMap((group) => group.patterns.map((p) => [p, example(p), group.what] as const));
  it.each(entries)('%s (%s) is refused as %s', (_pattern, file, what) => {
    const check = guard.checkWrite(file);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toContain(`is ${what}, which is protected`);
  });

  it.each([
    ['.pytest.ini', 'test runner configuration'],
    ['sub/pytest.ini', 'test runner configuration'],
    ['pkg/conftest.py', 'a test file'],
    ['vitest.config.mts', 'test runner configuration'],
    ['vitest.e2e.config.ts', 'test runner configuration'],
    ['vite.config.ts', 'test runner configuration'],
    ['jest.config.cjs', 'test runner configuration'],
    ['src/setupTests.js', 'test runner configuration'],
    ['.mocharc.json', 'test runner configuration'],
    ['ava.config.js', 'test runner configuration'],
    ['.taprc', 'test runner configuration'],
    ['playwright.config.ts', 'test runner configuration'],
    ['.babelrc', 'test runner configuration'],
    ['babel.config.js', 'test runner configuration'],
    ['go.work', 'test runner configuration'],
    ['.cargo/config.toml', 'test runner configuration'],
    ['.mvn/maven.config', 'test runner configuration'],
    ['gradle/wrapper/gradle-wrapper.properties', 'test runner configuration'],
    ['.npmrc', 'package manager configuration'],
    ['.yarnrc.yml', 'package manager configuration'],
    ['Makefile', 'a task file'],
    ['justfile', 'a task file'],
    ['Taskfile.yml', 'a task file'],
    ['tox.ini', 'a task file'],
    ['noxfile.py', 'a task file'],
    ['.husky/pre-commit', 'a git hook'],
    ['.pre-commit-config.yaml', 'a git hook'],
    ['lefthook.yml', 'a git hook'],
    ['.vscode/tasks.json', 'editor or container configuration'],
    ['.idea/workspace.xml', 'editor or container configuration'],
    ['.devcontainer/devcontainer.json', 'editor or container configuration'],
    ['.envrc', 'start-up file'],
    ['sitecustomize.py', 'start-up file'],
    ['src/usercustomize.py', 'start-up file'],
    ['lib/evil.pth', 'start-up file'],
  ])('the issue’s spelling %s is %s', (file, what) => {
    const check = guard.checkWrite(file);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toContain(what);
  });

  it.each(['src/vitest.ts', 'src/makefile_parser.py', 'lib/jest_like.js', 'pyproject.toml', 'setup.cfg'])(
    'leaves %s to the source and to the section rules',
    (file) => expect(guard.checkWrite(file).ok).toBe(true),
  );
});

const PYPROJECT = `[project]
name = "calc"
dependencies = [
  "requests>=2",
]

[tool.ruff]
line-length = 100

[tool.pytest.ini_options]
testpaths = ["tests"]
`;
const PACKAGE = JSON.stringify(
  { name: 'app', type: 'module', scripts: { test: 'vitest run', build: 'tsc' }, dependencies: { a: '1.0.0' } },
  null,
  2,
);
const SETUP_CFG = `[metadata]
name = calc

[options]
install_requires =
    requests

[tool:pytest]
addopts = -q

[options.entry_points]
console_scripts =
    calc = calc:main
`;
const TSCONFIG = `{
  // comments and trailing commas, as tsc allows
  "compilerOptions": { "strict": true, "paths": { "@/*": ["src/*"] }, },
}`;
const GO_MOD = 'module example.com/m\n\ngo 1.22\n\nrequire (\n\tgithub.com/a/b v1.0.0\n)\n';
const CARGO = '[package]\nname = "m"\n\n[dependencies]\nserde = "1"\n\n[dev-dependencies]\nproptest = "1"\n';
const POM = `<project><dependencies><dependency><artifactId>a</artifactId></dependency></dependencies>
<build><plugins><plugin><artifactId>maven-surefire-plugin</artifactId><configuration><skipTests>false</skipTests></configuration></plugin></plugins></build></project>`;
const GRADLE = "dependencies {\n  implementation 'a:b:1'\n}\n\ntest {\n  useJUnitPlatform()\n}\n";

describe('protected sections of shared files', () => {
  it.each([
    [
      'pyproject.toml',
      PYPROJECT,
      PYPROJECT.replace('testpaths = ["tests"]', 'addopts = "-p evil"'),
      /\[tool\.pytest\.ini_options\]/,
    ],
    ['pyproject.toml', PYPROJECT, `${PYPROJECT}\n[tool.coverage.run]\nomit = ["calc.py"]\n`, /\[tool\.coverage\.run\]/],
    [
      'pyproject.toml',
      PYPROJECT,
      PYPROJECT.replace('[project]', 'tool.pytest.ini_options.addopts = "-p x"\n[project]'),
      /tool\.pytest/,
    ],
    ['pyproject.toml', PYPROJECT, `${PYPROJECT}\n[project.entry-points.pytest11]\nevil = "calc.plugin"\n`, /pytest11/],
    ['pyproject.toml', PYPROJECT, `${PYPROJECT}\n[tool.poe.tasks]\ntest = "true"\n`, /tool\.poe/],
    ['pyproject.toml', null, '[tool.pytest.ini_options]\naddopts = "-p x"\n', /tool\.pytest/],
    ['package.json', PACKAGE, PACKAGE.replace('tsc', 'tsc && node rewrite.js'), /`scripts`/],
    [
      'package.json',
      PACKAGE,
      PACKAGE.replace('"type": "module",', '"type": "module",\n  "jest": { "testMatch": [] },'),
      /`jest`/,
    ],
    [
      'package.json',
      PACKAGE,
      PACKAGE.replace('"type": "module",', '"type": "module",\n  "husky": { "hooks": {} },'),
      /`husky`/,
    ],
    ['package.json', PACKAGE, '{ not json', /no longer reads/],
    ['setup.cfg', SETUP_CFG, SETUP_CFG.replace('-q', '-q -p evil'), /\[tool:pytest\]/],
    [
      'setup.cfg',
      SETUP_CFG,
      SETUP_CFG.replace('calc = calc:main', 'calc = calc:main\npytest11 =\n    evil = calc.evil'),
      /options\.entry_points/,
    ],
    ['tsconfig.json', TSCONFIG, TSCONFIG.replace('src/*', 'stubs/*'), /compilerOptions\.paths/],
    ['go.mod', GO_MOD, `${GO_MOD}\nreplace github.com/a/b => ./stub\n`, /replace/],
    ['Cargo.toml', CARGO, CARGO.replace('proptest = "1"', 'proptest = { path = "stub" }'), /dev-dependencies/],
    ['Cargo.toml', CARGO, `${CARGO}\n[lib]\ntest = false\n`, /\[lib\]/],
    ['pom.xml', POM, POM.replace('<skipTests>false', '<skipTests>true'), /maven-surefire-plugin/],
    [
      'build.gradle',
      GRADLE,
      GRADLE.replace('useJUnitPlatform()', 'useJUnitPlatform()\n  ignoreFailures = true'),
      /test task/,
    ],
  ])('%s: a change to a protected section is refused', async (file, before, after, section) => {
    const reason = await guard.checkContent({ path: file, before, after });
    expect(reason).toMatch(section);
    expect(reason).toContain('protected');
  });

  it.each([
    ['pyproject.toml', PYPROJECT, PYPROJECT.replace('"requests>=2",', '"requests>=2",\n  "attrs",')],
    ['pyproject.toml', PYPROJECT, PYPROJECT.replace('line-length = 100', 'line-length = 120')],
    ['pyproject.toml', PYPROJECT, `${PYPROJECT}\n[tool.hatch.build]\ninclude = ["calc"]\n`],
    ['package.json', PACKAGE, PACKAGE.replace('"a": "1.0.0"', '"a": "1.0.0",\n    "b": "2.0.0"')],
    ['package.json', PACKAGE, PACKAGE.replace('"type": "module",', '"type": "module",\n  "exports": "./index.js",')],
    ['setup.cfg', SETUP_CFG, SETUP_CFG.replace('    requests', '    requests\n    attrs')],
    ['tsconfig.json', TSCONFIG, TSCONFIG.replace('"strict": true', '"strict": true, "lib": ["es2023"]')],
    ['go.mod', GO_MOD, GO_MOD.replace('v1.0.0', 'v1.1.0')],
    ['Cargo.toml', CARGO, CARGO.replace('serde = "1"', 'serde = "1.0.200"')],
    ['pom.xml', POM, POM.replace('<artifactId>a</artifactId>', '<artifactId>b</artifactId>')],
    ['build.gradle', GRADLE, GRADLE.replace("'a:b:1'", "'a:b:2'")],
  ])('%s: a change beside the protected sections is allowed', async (file, before, after) => {
    expect(await guard.checkContent({ path: file, before, after })).toBeNull();
  });

  it('every section rule reads its own example', () => {
    const examples: Record<string, string> = {
      toml: PYPROJECT,
      json: PACKAGE,
      ini: SETUP_CFG,
      'go-mod': GO_MOD,
      pom: POM,
      gradle: GRADLE,
    };
    for (const rule of PROTECTED_SECTIONS) expect(readSections(rule.format, examples[rule.format]!)).not.toBeNull();
  });

  it('--allow lifts a section as it lifts a path', async () => {
    const allowed = createGuard({ root, allow: ['pyproject.toml'] });
    const after = PYPROJECT.replace('testpaths = ["tests"]', 'addopts = "-p x"');
    expect(await allowed.checkContent({ path: 'pyproject.toml', before: PYPROJECT, after })).toBeNull();
  });
});

describe('new executables', () => {
  it.each([
    ['bin/setup', '#!/bin/sh\necho hi\n', false],
    ['tools/run.sh', '#!/bin/sh\necho hi\n', false],
    ['bin/tool', 'anything', true],
  ])('%s is refused', async (file, after, executable) => {
    expect(await guard.checkContent({ path: file, before: null, after, executable })).toMatch(
      /new (executable|script)/,
    );
  });

  it('a new source module with a #! line, and an existing script, are not new programs', async () => {
    expect(
      await guard.checkContent({ path: 'src/cli.py', before: null, after: '#!/usr/bin/env python3\nx = 1\n' }),
    ).toBeNull();
    expect(
      await guard.checkContent({
        path: 'bin/x',
        before: '#!/bin/sh\necho a\n',
        after: '#!/bin/sh\necho b\n',
        executable: true,
      }),
    ).toBeNull();
  });
});

describe('source that patches a test framework', () => {
  const refused: Array<[string, string | null, string, RegExp]> = [
    ['calc.py', 'x = 1\n', 'x = 1\nimport _pytest.reports as r\n', /imports `_pytest\.reports`, pytest’s internals/],
    ['calc.py', 'x = 1\n', 'x = 1\nfrom _pytest.runner import CallInfo\n', /_pytest\.runner/],
    ['calc.py', null, 'import pytest\npytest.fail = None\n', /assigns to `pytest\.fail`/],
    ['calc.py', null, 'import pytest as p\nsetattr(p, "skip", None)\n', /changes `pytest`/],
    [
      'calc.py',
      null,
      'import unittest\nunittest.TestCase.assertEqual = lambda *a: None\n',
      /unittest\.TestCase\.assertEqual/,
    ],
    ['calc.py', null, 'import doctest\ndoctest.OutputChecker.check_output = lambda *a: True\n', /doctest/],
    ['calc.py', null, 'import sys\nsys.modules["calc"] = object()\n', /sys\.modules/],
    ['calc.py', null, 'import sys\nsys.meta_path.insert(0, Finder())\n', /sys\.meta_path/],
    ['calc.py', null, 'import builtins\nbuiltins.open = None\n', /builtins\.open/],
    ['calc.py', null, '__builtins__["len"] = lambda x: 3\n', /builtins\.len/],
    [
      'calc.py',
      null,
      'from unittest import mock\nmock.patch("pytest.approx", lambda *a: 1).start()\n',
      /pytest\.approx/,
    ],
    ['calc.py', null, 'import importlib\nimportlib.import_module("_pytest.reports")\n', /_pytest\.reports/],
    ['src/stub.js', null, "import assert from 'node:assert/strict';\nassert.equal = () => {};\n", /assert\.equal/],
    [
      'src/a.ts',
      null,
      "import { strict } from 'assert';\nObject.assign(strict, { ok() {} });\n",
      /changes `assert\.strict`/,
    ],
    ['src/a.cjs', null, "const a = require('assert');\nconst b = a;\nb.ok = () => {};\n", /assert\.ok/],
    ['src/a.js', null, "const { deepEqual } = require('node:assert');\ndeepEqual.call = 1;\n", /deepEqual/],
    ['src/a.js', null, "require.cache[require.resolve('./x')] = { exports: {} };\n", /require\.cache/],
    ['src/a.js', null, 'delete require.cache[key];\n', /deletes `require\.cache/],
    [
      'src/a.js',
      null,
      "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n",
      /module\.register/,
    ],
    ['src/a.js', null, 'module.constructor._load = () => ({});\n', /module\._load/],
    ['src/a.js', null, 'globalThis.expect = () => ({ toBe() {} });\n', /globalThis\.expect/],
    ['src/a.ts', null, "expect.extend({ toBe: () => ({ pass: true, message: () => '' }) });\n", /expect\.extend/],
    ['src/a.ts', null, "import * as chai from 'chai';\nchai.use(() => {});\n", /chai\.use/],
    ['src/a.ts', null, "import { vi } from 'vitest';\nvi.mock('./calc');\n", /vi\.mock/],
    ['src/a.ts', null, "import { x } from '@vitest/runner';\n", /@vitest\/runner/],
    ['src/a.ts', null, "import t from 'node:test';\nt.mock.method = 1;\n", /node:test|test\.mock/],
  ];
  it.each(refused)('%s: %j → refused', async (file, before, after, why) => {
    const reason = await guard.checkContent({ path: file, before, after });
    expect(reason).toMatch(why);
    expect(reason).toContain('fix the code under test instead');
  });

  const allowed: Array<[string, string | null, string]> = [
    ['calc.py', null, 'import pytest\n\ndef check(x):\n    if x < 0:\n        pytest.fail("negative")\n'],
    ['calc.py', null, 'import sys\nsys.path.insert(0, "vendor")\nprint(sys.modules.get("x"))\n'],
    ['calc.py', null, 'from unittest import mock\nhandler = mock.Mock()\nmock.patch("calc.clock")\n'],
    ['calc.py', null, 'import builtins\nprint(builtins.len([1]))\n'],
    [
      'src/a.js',
      null,
      "import assert from 'node:assert';\nexport function f(x) { assert(x > 0); assert.equal(x, 1); }\n",
    ],
    ['src/a.js', null, 'module.exports = { a: 1 };\nexports.b = 2;\n'],
    ['src/a.js', null, 'const cached = require.cache[key];\nexport default cached;\n'],
    // Already patched before the change: only added lines count.
    [
      'calc.py',
      'import pytest\npytest.fail = None\n',
      'import pytest\npytest.fail = None\n\n\ndef add(a, b):\n    return a + b\n',
    ],
    // A pytest plugin's own module may import more of pytest's internals.
    [
      'plugin.py',
      'from _pytest.nodes import Item\n',
      'from _pytest.nodes import Item\nfrom _pytest.reports import TestReport\n',
    ],
    // Tests are the tests' business (and protected by path).
    ['tests/test_x.py', null, 'import pytest\npytest.fail = None\n'],
  ];
  it.each(allowed)('%s: %j → allowed', async (file, before, after) => {
    expect(await guard.checkContent({ path: file, before, after })).toBeNull();
  });
});

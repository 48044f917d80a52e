/**
 * What a candidate may not change, as data: one list a reader can review, each entry with why.
 * - `PROTECTED_PATHS`: whole files, by glob (tests, what configures or runs them, code that runs
 *   elsewhere, CI, lockfiles, git metadata);
 * - `PROTECTED_SECTIONS`: the parts of shared files that configure or run the tests
 *   (`pyproject.toml`'s `[tool.pytest.ini_options]`, `package.json`'s `scripts`): a change to the
 *   rest (dependencies, build settings) is a change a real fix may need;
 * - `GUARDED_MODULES`: what non-test source may not patch or reach into (the test frameworks,
 *   assertion modules, the module system), read by `framework-patching.ts`.
 * `guardrails.ts` applies the paths, `content-guard.ts` the sections and the modules; `--allow`
 * lifts paths and sections (never the modules), `--protect` adds paths. The verdict-file check after
 * every test run (`loop/verdict-files.ts`) watches the same paths and sections.
 */

export interface PathGroup {
  /** "a test file": the refusal says "`x` is a test file, which is protected: <why>". */
  what: string;
  /** Why, and what to do instead: the model reads it. */
  why: string;
  patterns: readonly string[];
  /** CamelCase class-name conventions (`FooTest.java`), where ignoring case would catch `latest.java`. */
  caseSensitive?: boolean;
  /** The verdict reads it (or it shapes the next run): a test run may not change it (`verdict-files.ts`). */
  judges?: true;
}

const FIX_THE_CODE = 'self-heal fixes the code under test; change the source instead';
export const HOW_TESTS_RUN =
  'self-heal never changes how the tests are run or reported; fix the code under test instead';
const RUNS_ELSEWHERE =
  'a fix adds no code that runs on developers’ machines or in CI outside the tests; put the change in the code under test';

export const TEST_FILES: PathGroup = {
  what: 'a test file',
  why: FIX_THE_CODE,
  judges: true,
  patterns: [
    '**/test/**',
    '**/tests/**',
    '**/__tests__/**',
    '**/__test__/**',
    '**/spec/**',
    '**/specs/**',
    '**/e2e/**',
    '**/testdata/**',
    '**/fixtures/**',
    '**/__fixtures__/**',
    '**/__mocks__/**',
    '**/cypress/**',
    '**/*_test.go',
    '**/test_*.py',
    '**/*_test.py',
    '**/conftest.py',
    '**/*.test.*',
    '**/*.spec.*',
    '**/*_spec.rb',
    '**/*_test.rb',
    '**/*_test.exs',
    '**/*_test.dart',
    '**/*.Tests/**',
    '**/*.Test/**',
  ],
};

export const TEST_CLASSES: PathGroup = {
  what: 'a test file',
  why: FIX_THE_CODE,
  judges: true,
  caseSensitive: true,
  patterns: [
    '**/*Test.java',
    '**/*Tests.java',
    '**/*IT.java',
    '**/*Test.kt',
    '**/*Tests.kt',
    '**/*Test.scala',
    '**/*Spec.scala',
    '**/*Test.cs',
    '**/*Tests.cs',
    '**/*Test.php',
    '**/*Tests.swift',
  ],
};

export const TEST_SNAPSHOTS: PathGroup = {
  judges: true,
  what: 'a test snapshot',
  why: 'an expected output must not be rewritten to match a wrong result',
  patterns: ['**/__snapshots__/**', '**/snapshots/**', '**/*.snap', '**/*.ambr', '**/*.approved.*'],
};

/** The default protected paths, grouped by why they are protected. */
export const PROTECTED_PATHS: readonly PathGroup[] = [
  TEST_FILES,
  TEST_CLASSES,
  TEST_SNAPSHOTS,
  {
    what: 'CI configuration',
    why: 'self-heal never changes how CI runs',
    patterns: [
      '.github/**',
      '.gitlab-ci.yml',
      '.gitlab/**',
      '.circleci/**',
      'azure-pipelines.yml',
      '.azure-pipelines/**',
      '**/Jenkinsfile',
      '.travis.yml',
      'bitbucket-pipelines.yml',
      '.buildkite/**',
      'appveyor.yml',
      '.appveyor.yml',
      '.drone.yml',
      '.woodpecker.yml',
      '.woodpecker/**',
      'cloudbuild.yaml',
      'buildspec.yml',
    ],
  },
  {
    // Every spelling and place the runners read their configuration from (pytest reads
    // `.pytest.ini` as well as `pytest.ini`; vitest reads `vite.config.*` when there is no
    // `vitest.config.*`, and its plugins and aliases transform the tests' imports; jest and mocha
    // transform tests with babel or swc).
    judges: true,
    what: 'test runner configuration',
    why: HOW_TESTS_RUN,
    patterns: [
      '**/pytest.ini',
      '**/.pytest.ini',
      '**/jest.config.*',
      '**/jest.setup.*',
      '**/jest.preset.*',
      '**/vitest.config.*',
      '**/vitest.*.config.*',
      '**/vitest.workspace.*',
      '**/vitest.setup.*',
      '**/vite.config.*',
      '**/vite.*.config.*',
      '**/setupTests.*',
      '**/setup-tests.*',
      '**/testSetup.*',
      '**/test-setup.*',
      '**/jest-setup.*',
      '**/vitest-setup.*',
      '**/karma.conf.*',
      '**/ava.config.*',
      '**/.taprc',
      '**/.taprc.*',
      '**/playwright.config.*',
      '**/playwright-ct.config.*',
      '**/cypress.config.*',
      '**/wdio.conf.*',
      '**/.mocharc*',
      '**/babel.config.*',
      '**/.babelrc',
      '**/.babelrc.*',
      '**/.swcrc',
      '**/bunfig.toml',
      '**/go.work',
      '**/.cargo/config',
      '**/.cargo/config.toml',
      '**/.config/nextest.toml',
      '**/.mvn/**',
      '**/mvnw',
      '**/mvnw.cmd',
      '**/gradlew',
      '**/gradlew.bat',
      '**/gradle/wrapper/**',
      '**/phpunit.xml*',
      '**/.rspec',
    ],
  },
  {
    judges: true,
    what: 'coverage configuration',
    why: 'changing it could relax what the tests check',
    patterns: ['**/.nycrc*', '**/.c8rc*', '**/codecov.yml', '**/.codecov.yml', '**/.coveragerc', '**/.simplecov'],
  },
  {
    // npm reads `node-options` (a `--require` for every node the tests start), `script-shell` and
    // `ignore-scripts` from `.npmrc`; yarn runs `yarnPath` and its plugins; pnpm runs `.pnpmfile.cjs`.
    judges: true,
    what: 'package manager configuration',
    why: `it decides what runs when the test command calls npm, yarn or pnpm: ${HOW_TESTS_RUN}`,
    patterns: [
      '**/.npmrc',
      '**/.yarnrc',
      '**/.yarnrc.yml',
      '**/.yarn/plugins/**',
      '**/.yarn/releases/**',
      '**/.pnpmfile.cjs',
      '**/.pnpmfile.mjs',
    ],
  },
  {
    // A test command is often `make test`, `just test`, `task test`, `tox`, `nox`, `rake`.
    judges: true,
    what: 'a task file',
    why: `its targets may be what runs the tests: ${HOW_TESTS_RUN}`,
    patterns: [
      '**/Makefile',
      '**/makefile',
      '**/GNUmakefile',
      '**/*.mk',
      '**/justfile',
      '**/Justfile',
      '**/.justfile',
      '**/Taskfile.yml',
      '**/Taskfile.yaml',
      '**/taskfile.yml',
      '**/taskfile.yaml',
      '**/Taskfile.dist.yml',
      '**/Taskfile.dist.yaml',
      '**/tox.ini',
      '**/noxfile.py',
      '**/Rakefile',
      '**/magefile.go',
      '**/magefiles/**',
      '**/mise.toml',
      '**/.mise.toml',
      '**/mise.*.toml',
      '**/.mise/**',
    ],
  },
  {
    what: 'a git hook or hook manager configuration',
    why: RUNS_ELSEWHERE,
    patterns: [
      '**/.husky/**',
      '**/.pre-commit-config.yaml',
      '**/.pre-commit-hooks.yaml',
      '**/lefthook.yml',
      '**/lefthook.yaml',
      '**/.lefthook.yml',
      '**/.lefthook.yaml',
      '**/lefthook-local.yml',
      '**/lefthook-local.yaml',
      '**/.lefthook/**',
      '**/.simple-git-hooks.*',
      '**/.githooks/**',
      '**/.git-hooks/**',
      '**/.lintstagedrc*',
      '**/lint-staged.config.*',
      '**/.overcommit.yml',
    ],
  },
  {
    // `.vscode/tasks.json` with `runOn: folderOpen`, a devcontainer's `postCreateCommand`.
    what: 'editor or container configuration',
    why: RUNS_ELSEWHERE,
    patterns: [
      '**/.vscode/**',
      '**/.idea/**',
      '**/.fleet/**',
      '**/.zed/**',
      '**/.devcontainer/**',
      '**/.devcontainer.json',
      '**/.gitpod.yml',
      '**/.gitpod.Dockerfile',
    ],
  },
  {
    // direnv runs `.envrc` on `cd`; Python imports `sitecustomize`/`usercustomize` and runs the
    // `import` lines of `.pth` files at every start-up of an interpreter that finds them.
    judges: true,
    what: 'a shell or interpreter start-up file',
    why: RUNS_ELSEWHERE,
    patterns: ['**/.envrc', '**/sitecustomize.py', '**/usercustomize.py', '**/*.pth'],
  },
  {
    what: 'a lockfile',
    why: 'lockfiles are regenerated by package managers, not edited',
    patterns: [
      '**/package-lock.json',
      '**/npm-shrinkwrap.json',
      '**/yarn.lock',
      '**/pnpm-lock.yaml',
      '**/bun.lock',
      '**/bun.lockb',
      '**/poetry.lock',
      '**/Pipfile.lock',
      '**/uv.lock',
      '**/pdm.lock',
      '**/Cargo.lock',
      '**/go.sum',
      '**/go.work.sum',
      '**/Gemfile.lock',
      '**/composer.lock',
      '**/mix.lock',
      '**/pubspec.lock',
      '**/packages.lock.json',
      '**/gradle.lockfile',
      '**/flake.lock',
      '**/Podfile.lock',
    ],
  },
  {
    what: 'git metadata',
    why: 'it changes what git tracks, ignores or filters',
    patterns: ['**/.gitignore', '**/.gitattributes', '.gitmodules'],
  },
];

/** How a shared file is read into sections (`sections.ts`). */
export type SectionFormat = 'toml' | 'json' | 'ini' | 'go-mod' | 'pom' | 'gradle';

/**
 * Parts of a shared file that configure or run the tests. `sections` are key paths with `/`
 * between levels and globs within a level (`tool/pytest*`): a TOML table and its keys, a JSON
 * key, an INI section (and `section/key`), a go.mod directive, a pom.xml plugin (by artifactId)
 * or property, a Gradle block. A key path is protected when it is one of these, inside one, or holds
 * one (an inline table `tool = { pytest = … }`).
 */
export interface SectionRule {
  what: string;
  why: string;
  files: readonly string[];
  format: SectionFormat;
  sections: readonly string[];
  /** What a real fix may still change in the file, for the refusal. */
  rest: string;
}

export const PROTECTED_SECTIONS: readonly SectionRule[] = [
  {
    what: 'test runner configuration',
    why: HOW_TESTS_RUN,
    files: ['**/pyproject.toml'],
    format: 'toml',
    sections: [
      'tool/pytest*',
      'tool/coverage',
      'tool/tox',
      'tool/nox',
      'tool/hatch/envs',
      'tool/pdm/scripts',
      'tool/poe*',
      'tool/rye/scripts',
      'tool/taskipy',
      'tool/uv/sources',
      'project/entry-points/pytest11',
      'tool/poetry/plugins/pytest11',
    ],
    rest: 'dependencies, build and package settings may change',
  },
  {
    what: 'test runner configuration',
    why: HOW_TESTS_RUN,
    files: ['**/setup.cfg'],
    format: 'ini',
    // Linter sections stay protected as they were when the whole file was (issue 27 adds the rest).
    sections: [
      'tool:pytest',
      'pytest',
      'coverage:*',
      'tox:*',
      'testenv*',
      'aliases',
      'nosetests',
      'options.entry_points/pytest11',
      'flake8',
      'pycodestyle',
      'pep8',
      'mypy*',
      'pylint*',
      'isort',
      'pydocstyle',
    ],
    rest: 'package metadata and options may change',
  },
  {
    // Every script: the test script may call any other (`npm run build && vitest`). `husky`,
    // `simple-git-hooks`, `pre-commit`, `gitHooks` and `lint-staged` hold commands git hooks run.
    what: 'test runner configuration',
    why: HOW_TESTS_RUN,
    files: ['**/package.json'],
    format: 'json',
    sections: [
      'scripts',
      'test',
      'jest',
      'mocha',
      'ava',
      'tap',
      'c8',
      'nyc',
      'babel',
      'config',
      'husky',
      'simple-git-hooks',
      'pre-commit',
      'gitHooks',
      'lint-staged',
    ],
    rest: 'dependencies, exports and other fields may change',
  },
  {
    // The runners resolve imports with these (vite-tsconfig-paths, ts-jest's moduleNameMapper, tsx).
    what: 'module resolution the test runner reads',
    why: `an import could be pointed at something else: ${HOW_TESTS_RUN}`,
    files: ['**/tsconfig*.json', '**/jsconfig*.json'],
    format: 'json',
    sections: ['compilerOptions/paths', 'compilerOptions/baseUrl', 'compilerOptions/rootDirs', 'extends'],
    rest: 'other compiler options may change',
  },
  {
    what: 'test runner configuration',
    why: HOW_TESTS_RUN,
    files: ['**/deno.json', '**/deno.jsonc'],
    format: 'json',
    sections: ['tasks', 'test', 'imports', 'importMap'],
    rest: 'other fields may change',
  },
  {
    // A replace points a module (a test dependency too) at other code.
    what: 'a module replacement',
    why: `it points a module at other code: ${HOW_TESTS_RUN}`,
    files: ['**/go.mod'],
    format: 'go-mod',
    sections: ['replace'],
    rest: 'requirements and the go version may change',
  },
  {
    what: 'test configuration',
    why: HOW_TESTS_RUN,
    files: ['**/Cargo.toml'],
    format: 'toml',
    sections: [
      'test',
      'bench',
      'lib/test',
      'lib/doctest',
      'lib/harness',
      'bin/test',
      'bin/harness',
      'profile/test',
      'profile/bench',
      'dev-dependencies',
      'target/*/dev-dependencies',
      'patch',
      'replace',
    ],
    rest: 'dependencies and package settings may change',
  },
  {
    what: 'test configuration',
    why: HOW_TESTS_RUN,
    files: ['**/pom.xml'],
    format: 'pom',
    sections: [
      'plugin/maven-surefire-plugin',
      'plugin/maven-failsafe-plugin',
      'plugin/jacoco-maven-plugin',
      'properties/skipTests',
      'properties/skipITs',
      'properties/maven.test.*',
      'properties/surefire.*',
      'properties/failsafe.*',
      'properties/jacoco.*',
      'testSourceDirectory',
      'testResources',
    ],
    rest: 'dependencies and other build settings may change',
  },
  {
    what: 'test configuration',
    why: HOW_TESTS_RUN,
    files: ['**/build.gradle', '**/build.gradle.kts'],
    format: 'gradle',
    sections: ['test'],
    rest: 'dependencies and other build settings may change',
  },
];

/** Globals the JavaScript test frameworks install: source may not assign them. */
export const TEST_GLOBALS: readonly string[] = [
  'expect',
  'assert',
  'it',
  'test',
  'describe',
  'suite',
  'context',
  'beforeEach',
  'afterEach',
  'beforeAll',
  'afterAll',
  'before',
  'after',
  'jest',
  'vi',
  'chai',
  'should',
];

/**
 * A module of a test framework, an assertion library or the module system. Non-test source may
 * use it (`assert.equal(...)` in library code is fine) but never replace, wrap or assign to anything
 * of it; `internal` modules may not be imported at all (a runner's private parts).
 */
export interface GuardedModule {
  /** Module specifiers, exact or with a trailing `*` (`@vitest/*`). */
  modules: readonly string[];
  /** "the test framework pytest". */
  what: string;
  language: 'python' | 'js';
  /** Imported at all, it is a framework's private part (`_pytest.reports`). */
  internal?: boolean;
  /** Only these members are guarded (`sys.modules`); absent: the whole module. */
  members?: readonly string[];
  /** Parts that are ordinary libraries (`unittest.mock`). */
  except?: readonly string[];
}

export const GUARDED_MODULES: readonly GuardedModule[] = [
  { language: 'python', what: 'the test framework pytest', modules: ['pytest', 'py.test'] },
  { language: 'python', what: 'pytest’s internals', modules: ['_pytest', '_pytest.*'], internal: true },
  { language: 'python', what: 'the test framework unittest', modules: ['unittest'], except: ['unittest.mock'] },
  { language: 'python', what: 'the test framework doctest', modules: ['doctest'] },
  { language: 'python', what: 'the builtins', modules: ['builtins', '__builtin__'] },
  {
    language: 'python',
    what: 'the import system',
    modules: ['sys'],
    members: ['modules', 'meta_path', 'path_hooks', 'path_importer_cache', 'builtin_module_names'],
  },
  {
    language: 'js',
    what: 'the assertion module node:assert',
    modules: ['assert', 'node:assert', 'assert/strict', 'node:assert/strict'],
  },
  { language: 'js', what: 'the test runner node:test', modules: ['node:test'] },
  {
    language: 'js',
    what: 'a test framework',
    modules: ['vitest', 'jest', '@jest/globals', 'expect', 'mocha', 'chai', 'tap', 'ava', 'uvu', 'uvu/assert'],
  },
  {
    language: 'js',
    what: 'a test runner’s internals',
    internal: true,
    modules: [
      'vitest/*',
      '@vitest/*',
      'jest-circus',
      'jest-circus/*',
      'jest-jasmine2',
      'jest-runner',
      'jest-snapshot',
      '@jest/core',
      '@jest/reporters',
      '@jest/test-result',
      '@jest/expect',
      'mocha/lib/*',
      'chai/lib/*',
      '@tapjs/*',
    ],
  },
  {
    language: 'js',
    what: 'the module loader',
    modules: ['module', 'node:module'],
    members: [
      '_load',
      '_resolveFilename',
      '_extensions',
      '_cache',
      'prototype',
      'register',
      'registerHooks',
      'wrap',
      'wrapper',
    ],
  },
  { language: 'js', what: 'the module cache', modules: ['require'], members: ['cache', 'extensions'] },
  { language: 'js', what: 'the test frameworks’ globals', modules: ['globalThis'], members: TEST_GLOBALS },
];

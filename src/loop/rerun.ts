/**
 * Targeted reruns: a command that runs just the failing tests, built for the runner the test
 * command uses. Arguments are added to the runner's own simple command inside the test command
 * (`cd app && npx vitest run | tee log` gets them after `run`, not after `tee log`), so the user's
 * setup around it keeps working. Every test name is regex-escaped where the runner reads a pattern
 * and shell-quoted always: names are untrusted (a test called `$(rm -rf /)` must stay a string).
 *
 * | runner     | how                                                                 |
 * |------------|---------------------------------------------------------------------|
 * | runner     | tests (the default scope)                              | files (the coarser scope)   |
 * |------------|--------------------------------------------------------|-----------------------------|
 * | pytest     | node ids: `tests/test_x.py::TestC::test_y[1]`          | `tests/test_x.py`           |
 * | unittest   | `tests.test_x.TestC.test_y` (not after `discover`)     | `tests.test_x`              |
 * | vitest/jest| files, `-t '^(?:full name|…)$'` (describes and title joined by spaces) | the files |
 * | mocha      | `--grep '^(?:full title|…)$'`                          | `--grep '^describe '`       |
 * | node:test  | `--test-name-pattern='^(?:outer[. ]inner name|…)$'` right after `--test`; through npm, by a preload (`workspace/node-test-select.ts`) | none |
 * | tap        | files, `--grep=^parent$ --grep=^(?:a|b)$` (one per level) | the files                |
 * | go         | `-run '^TestA$/^(?:sub1|sub2)$'`, else `-run '^(?:TestA|TestB)$'` | `-run` top-level   |
 * | cargo      | `-- --exact name…`                                     | `-- name…` (substring)      |
 * | maven      | `-Dtest=Class#m1+m2 -Dsurefire.failIfNoSpecifiedTests=false` | `-Dtest=Class`        |
 * | gradle     | `--tests 'pkg.Class.method'` per test                  | `--tests 'pkg.Class'`       |
 *
 * A failure with no test to select (an error in a describe body or a hook, a module that fails to
 * load: `file-level-failures.ts`) makes the whole rerun file-level; so does a tests form that
 * cannot be exact (tap subtests under different parents).
 *
 * `npm test`/`yarn test`/`pnpm test` are followed into package.json's `test` script to find the
 * runner; arguments then go after the package manager's `--`. A `--rerun-command` template
 * replaces all of this: `{tests}` (runner ids), `{files}`, `{pattern}`. When nothing applies, the
 * full test command runs: slower, never wrong.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { splitCommandLine, type Segment, type Word } from './command-line.js';
import { shellQuote, shellQuoteAll } from '../workspace/shell-quote.js';
import { escapeRegex } from '../text/escape-regex.js';
import { failsOutsideTests, mochaHookSuite } from './file-level-failures.js';
import { pythonModuleFile } from '../reports/junit/repo-relative-file.js';
import { cutWords, pytestPathWords } from './rerun-pytest.js';
import { TEST_NAME_PATTERN_VARIABLE } from '../workspace/node-test-select.js';

export type Runner =
  'pytest' | 'unittest' | 'vitest' | 'jest' | 'mocha' | 'node-test' | 'tap' | 'go' | 'cargo' | 'maven' | 'gradle';

/** What a targeted rerun selects: the failing tests, or their files (see the table above). */
export type RerunScope = 'tests' | 'files';

export interface RerunTarget {
  id: string;
  name: string;
  classname?: string;
  /** As the report wrote it (may be absolute). */
  file?: string;
  /** The JUnit dialect that produced the case, when known. */
  dialect?: string;
  /** The innermost <testsuite> the case was in. */
  suite?: string;
  /** The failure has no test of its own to select (a describe block that failed as a whole). */
  wholeFile?: boolean;
}

export interface RerunPlan {
  /** The shell command to run. */
  command: string;
  /** Extra environment for the run (node:test behind a package manager). */
  env: Record<string, string>;
  runner: Runner | null;
  targeted: boolean;
  /** What a targeted plan selects. */
  scope?: RerunScope;
  /** Why the full command is used, when it is. */
  reason?: string;
  /** The command with its env assignments, for humans ("reproduce with: …"). */
  display: string;
}

export interface PlanRerunOptions {
  testCommand: string;
  targets: readonly RerunTarget[];
  /** Directory the test command runs in (for package.json and pytest module paths). */
  cwd: string;
  /** `--rerun-command`. */
  template?: string;
  /** Current NODE_OPTIONS, kept when a node:test selection is added to it. */
  nodeOptions?: string;
  /** The node:test selection preload (`workspace/node-test-select.ts`), for node:test behind a package script. */
  nodeTestSelect?: string;
  /** 'files' for the coarser form (default 'tests'). */
  scope?: RerunScope;
  /** Stop at the first failing test, where the runner has a flag for it (`FAIL_FAST`). */
  failFast?: boolean;
}

/**
 * The flag that stops a run at its first failing test. A candidate's rerun needs only to know
 * whether every target passes; when the failing tests hang until a timeout, each one it need not
 * run saves that timeout.
 */
export const FAIL_FAST: Partial<Record<Runner, string>> = {
  pytest: '-x',
  vitest: '--bail=1',
  jest: '--bail',
  mocha: '--bail',
  go: '-failfast',
};

const PACKAGE_MANAGERS = new Set(['npm', 'yarn', 'pnpm', 'bun']);

function base(word: Word | undefined): string {
  return word ? path.posix.basename(word.value) : '';
}

/** The runner a simple command invokes, if it is one we know. */
function runnerOf(words: readonly Word[]): Runner | null {
  const names = words.map((w) => base(w));
  for (let i = 0; i < names.length; i++) {
    const w = names[i]!;
    if (w === 'pytest' || w === 'py.test') return 'pytest';
    if (/^python[0-9.]*$/.test(w) && names[i + 1] === '-m' && names[i + 2] === 'pytest') return 'pytest';
    if (
      /^python[0-9.]*$/.test(w) &&
      names[i + 1] === '-m' &&
      (names[i + 2] === 'unittest' || names[i + 2] === 'xmlrunner')
    )
      return 'unittest';
    if (w === 'tap') return 'tap';
    if (w === 'vitest') return 'vitest';
    if (w === 'jest') return 'jest';
    if (w === 'mocha' || w === '_mocha') return 'mocha';
    if (/^node[0-9.]*$/.test(w) && names.slice(i + 1).some((x) => x === '--test' || x.startsWith('--test=')))
      return 'node-test';
    if (w === 'go' && names[i + 1] === 'test') return 'go';
    if (w === 'gotestsum') return 'go';
    if (w === 'cargo' && names[i + 1] === 'test') return 'cargo';
    if (w === 'mvn' || w === 'mvnw') return 'maven';
    if (w === 'gradle' || w === 'gradlew') return 'gradle';
  }
  return null;
}

function runnerFromDialect(dialect: string | undefined): Runner | null {
  switch (dialect) {
    case 'pytest':
      return 'pytest';
    case 'vitest':
      return 'vitest';
    case 'jest-junit':
      return 'jest';
    case 'mocha-junit-reporter':
      return 'mocha';
    case 'tap':
      return 'tap';
    case 'node-test':
      return 'node-test';
    case 'go-junit-report':
    case 'gotestsum':
      return 'go';
    case 'libtest':
    case 'nextest':
      return 'cargo';
    case 'surefire':
      return 'maven';
    case 'gradle':
      return 'gradle';
    default:
      return null;
  }
}

/** `npm test`, `npm run test`, `yarn test`, `pnpm run test`, `bun run test` → the script name. */
function packageScript(words: readonly Word[]): { manager: string; script: string } | null {
  const names = words.map((w) => w.value);
  const at = names.findIndex((w) => PACKAGE_MANAGERS.has(path.posix.basename(w)));
  if (at < 0) return null;
  const manager = path.posix.basename(names[at]!);
  let next = names[at + 1];
  if (next === 'run' || next === 'run-script') next = names[at + 2];
  if (next === 't' || next === 'tst') next = 'test';
  if (!next || next.startsWith('-')) return null;
  return { manager, script: next };
}

function readScript(cwd: string, script: string): string | null {
  try {
    const pkg = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')) as {
      scripts?: Record<string, unknown>;
    };
    const value = pkg.scripts?.[script];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Repo files as the runner wants them: relative to cwd, forward slashes; null when outside cwd. */
function relativeFile(cwd: string, file: string | undefined): string | null {
  if (!file) return null;
  const clean = file.replace(/^file:\/\//, '');
  const rel = path.isAbsolute(clean) ? path.relative(cwd, clean) : clean;
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep).join('/');
}

/** The `.py` file a pytest or unittest target lives in, and the classes between it and the test. */
function pythonLocation(target: RerunTarget, cwd: string): { file: string; classes: string[] } | null {
  const classParts = (target.classname ?? '').split('.').filter(Boolean);
  const file = relativeFile(cwd, target.file);
  if (file && file.endsWith('.py')) {
    const module = file.slice(0, -3).split('/');
    const within = classParts.slice(0, module.length).join('/') === module.join('/');
    return { file, classes: within ? classParts.slice(module.length) : [] };
  }
  // A collection error names the module (`tests.test_x`) or its path, with no classname.
  const parts = classParts.length > 0 ? classParts : target.name.replace(/\.py$/, '').split(/[./\\]/);
  const found = pythonModuleFile(parts, (rel) => existsSync(path.join(cwd, rel)));
  return found ? { file: found.file, classes: found.rest } : null;
}

/** pytest node id: `path/to/test_x.py::Class::name`, from the file or the dotted classname. */
export function pytestNodeId(target: RerunTarget, cwd: string): string | null {
  if (!target.classname && !target.file) return null;
  const at = pythonLocation(target, cwd);
  return at ? [at.file, ...at.classes, target.name].join('::') : null;
}

/** unittest's dotted id (`tests.test_x.Class.test_y`): xmlrunner writes the class path as classname. */
function unittestId(target: RerunTarget): string | null {
  if (!target.classname) return null;
  // A subTest is reported as `test_y (…) [params]` or `test_y [params]`: the method reruns them all.
  const method = target.name.split(/\s/)[0]!;
  return `${target.classname}.${method}`;
}

/** The runner-native id of a test, used for `{tests}` and for runners that take ids. */
function runnerId(runner: Runner | null, target: RerunTarget, cwd: string): string {
  switch (runner) {
    case 'pytest':
      return pytestNodeId(target, cwd) ?? target.name;
    case 'unittest':
      return unittestId(target) ?? target.name;
    case 'maven': {
      const cls = (target.classname ?? '').split('.').at(-1) ?? '';
      return cls ? `${cls}#${stripParams(target.name)}` : stripParams(target.name);
    }
    case 'gradle':
      return target.classname ? `${target.classname}.${stripParams(target.name)}` : stripParams(target.name);
    case 'go':
      return target.name.split('/')[0]!;
    default:
      return target.name;
  }
}

/** JUnit 5 and surefire decorate parameterised names (`add(int)[1]`); filters want the method. */
function stripParams(name: string): string {
  return name.replace(/[[(].*$/, '');
}

function alternation(names: readonly string[], anchored: boolean): string {
  const unique = [...new Set(names)].map(escapeRegex);
  return anchoredAlternation(unique, anchored);
}

/** Regex sources as one alternation, `^…$` when anchored. */
function anchoredAlternation(sources: readonly string[], anchored: boolean): string {
  const unique = [...new Set(sources)];
  const body = unique.length === 1 ? unique[0]! : `(?:${unique.join('|')})`;
  return anchored ? `^${body}$` : body;
}

/**
 * A name whose report joins describe names with `separators` (vitest: ` > `), as a regex for the
 * runner's full name, which joins them with spaces: each separator matches a space or itself (a
 * test title may hold one).
 */
function fullNamePattern(name: string, separators: readonly string[]): string {
  let parts = [name];
  for (const sep of separators) parts = parts.flatMap((p) => p.split(sep));
  const either = `(?:${[' ', ...separators].map(escapeRegex).join('|')})`;
  return parts.map(escapeRegex).join(either);
}

function insertAt(command: string, offset: number, text: string): string {
  return `${command.slice(0, offset)} ${text}${command.slice(offset)}`;
}

/** Target files as the runner wants them, distinct; null when one is unknown. */
function targetFiles(targets: readonly RerunTarget[], cwd: string): string[] | null {
  const files = targets.map((t) => relativeFile(cwd, t.file));
  if (files.some((f) => f === null)) return null;
  return [...new Set(files as string[])];
}

/** Arguments for the runner (shell-quoted), or null when no form of this scope applies. */
function runnerArgs(runner: Runner, targets: readonly RerunTarget[], cwd: string, scope: RerunScope): string | null {
  switch (runner) {
    case 'pytest':
      return pytestArgs(targets, cwd, scope);
    case 'unittest':
      return unittestArgs(targets, cwd, scope);
    case 'vitest':
    case 'jest':
      return jsNamePatternArgs(runner, targets, cwd, scope);
    case 'mocha':
      return mochaArgs(targets, scope);
    case 'tap':
      return tapArgs(targets, cwd, scope);
    case 'go': {
      const levels = scope === 'files' ? null : goLevels(targets);
      const top = alternation(
        targets.map((t) => runnerId('go', t, cwd)),
        true,
      );
      return shellQuoteAll(['-run', levels ?? top]);
    }
    case 'cargo':
      // Without --exact a filter matches every test whose path contains it: the coarser form.
      return shellQuoteAll([...(scope === 'tests' ? ['--exact'] : []), ...new Set(targets.map(cargoPath))]);
    case 'maven':
      return mavenArgs(targets, scope);
    case 'gradle': {
      const specs = targets.map((t) => (scope === 'files' && t.classname ? t.classname : runnerId('gradle', t, cwd)));
      return [...new Set(specs)].map((s) => `--tests ${shellQuote(s)}`).join(' ');
    }
    case 'node-test':
      return scope === 'files' ? null : shellQuote(`--test-name-pattern=${nodeTestPattern(targets)}`);
  }
}

function pytestArgs(targets: readonly RerunTarget[], cwd: string, scope: RerunScope): string | null {
  const at = targets.map((t) => pythonLocation(t, cwd));
  if (at.some((a) => a === null)) return null;
  if (scope === 'files') return shellQuoteAll([...new Set(at.map((a) => a!.file))]);
  const ids = targets.map((t, i) => [at[i]!.file, ...at[i]!.classes, t.name].join('::'));
  return shellQuoteAll(ids);
}

function unittestArgs(targets: readonly RerunTarget[], cwd: string, scope: RerunScope): string | null {
  if (scope === 'tests') {
    const ids = targets.map(unittestId);
    return ids.some((id) => id === null) ? null : shellQuoteAll([...new Set(ids as string[])]);
  }
  const modules = targets.map((t) => {
    const at = pythonLocation(t, cwd);
    return at ? at.file.slice(0, -3).split('/').join('.') : null;
  });
  return modules.some((m) => m === null) ? null : shellQuoteAll([...new Set(modules as string[])]);
}

/**
 * vitest and jest: the test files, and `-t` with the full names anchored. Both match `-t` against
 * the describe names and the title joined by spaces (vitest's getTaskFullName, jest-circus's
 * getTestID); vitest's report joins them with ` > `, jest-junit's with spaces (or ` › `).
 */
function jsNamePatternArgs(
  runner: 'vitest' | 'jest',
  targets: readonly RerunTarget[],
  cwd: string,
  scope: RerunScope,
): string | null {
  const files = targetFiles(targets, cwd);
  // jest's array options (`--reporters a b`) take the words after them: files go after `--`.
  const fileArgs = (list: readonly string[]) => (runner === 'jest' && list.length > 0 ? ['--', ...list] : list);
  if (scope === 'files') return files && files.length > 0 ? shellQuoteAll(fileArgs(files)) : null;
  const separators = runner === 'vitest' ? [' > '] : [' › ', ' > '];
  const pattern = anchoredAlternation(
    targets.map((t) => fullNamePattern(t.name, separators)),
    true,
  );
  // jest-junit writes no file unless asked to: `-t` alone still selects, but loads every suite.
  const known = files ?? [...new Set(targets.map((t) => relativeFile(cwd, t.file)).filter((f) => f !== null))];
  return shellQuoteAll(runner === 'jest' ? ['-t', pattern, ...fileArgs(known)] : [...known, '-t', pattern]);
}

/**
 * mocha: `--grep` with the full titles anchored (mocha-junit-reporter writes the full title as the
 * name and the title as classname, or the other way round with testCaseSwitchClassnameAndName).
 * A file given on the command line is added to the config's `spec`, not put in its place, so the
 * coarser form is the enclosing describe's full title as a prefix.
 */
function mochaArgs(targets: readonly RerunTarget[], scope: RerunScope): string | null {
  if (scope === 'tests') {
    const titles = targets.map((t) => mochaFullTitle(t));
    return shellQuoteAll(['--grep', alternation(titles, true)]);
  }
  const suites = targets.map((t) => mochaHookSuite(t.name) ?? mochaSuite(t));
  if (suites.some((s) => !s)) return null;
  return shellQuoteAll(['--grep', `^${anchoredAlternation((suites as string[]).map(escapeRegex), false)} `]);
}

function mochaFullTitle(t: RerunTarget): string {
  const c = t.classname;
  return c && c.length > t.name.length && c.endsWith(t.name) ? c : t.name;
}

/** The full title of a mocha test's describe: the full title without the test's own title. */
function mochaSuite(t: RerunTarget): string | undefined {
  const full = mochaFullTitle(t);
  const title = full === t.name ? t.classname : t.name;
  if (!title || title === full || !full.endsWith(` ${title}`)) return undefined;
  return full.slice(0, -title.length - 1);
}

/**
 * node:test: Node 22+ matches `--test-name-pattern` against a test's own name and against its
 * describe names and name joined by spaces; Node 24's report writes the describe path dotted as
 * classname (`outer.inner`). Node 20 matches own names only (and runs every test of a describe
 * whose name matches) and writes classname `test`: there same-named tests of other describes run too.
 */
function nodeTestPattern(targets: readonly RerunTarget[]): string {
  const sources = targets.map((t) => {
    const name = escapeRegex(t.name);
    if (!t.classname || t.classname === 'test') return name;
    return `${t.classname.split('.').map(escapeRegex).join('[. ]')} ${name}`;
  });
  return anchoredAlternation(sources, true);
}

/**
 * tap: the files, and one `--grep` per level of subtests (`tap`'s filter plugin matches the Nth
 * `--grep` against the subtests at depth N). The report's classname is `file > parent > …`; a
 * failing parent is implied by its failing child. Exact only when the deepest failing tests share
 * their parents; otherwise the files.
 */
function tapArgs(targets: readonly RerunTarget[], cwd: string, scope: RerunScope): string | null {
  const files = targetFiles(targets, cwd);
  if (!files || files.length === 0) return null;
  if (scope === 'files') return shellQuoteAll(files);
  const paths = targets.map((t) => [...(t.classname ?? '').split(' > ').slice(1), t.name]);
  const deepest = paths.filter((p) => !paths.some((q) => q.length > p.length && p.every((x, i) => q[i] === x)));
  const parents = new Set(deepest.map((p) => JSON.stringify(p.slice(0, -1))));
  if (parents.size !== 1) return null;
  const parent = deepest[0]!.slice(0, -1);
  const greps = [
    ...parent.map((n) => `^${escapeRegex(n)}$`),
    alternation(
      deepest.map((p) => p.at(-1)!),
      true,
    ),
  ];
  return shellQuoteAll([...files, ...greps.map((g) => `--grep=${g}`)]);
}

/** go: `^Parent$/^(?:a|b)$` when the failing subtests share one parent; otherwise top-level only. */
function goLevels(targets: readonly RerunTarget[]): string | null {
  const subs = targets.filter((t) => t.name.includes('/'));
  if (subs.length === 0) return null;
  const parents = new Set(targets.map((t) => t.name.split('/')[0]!));
  if (parents.size !== 1) return null;
  const parent = [...parents][0]!;
  // A parent fails with its subtests: it is selected with them. A failing parent without a
  // failing subtest needs all of them.
  if (targets.some((t) => t.name === parent) && subs.length === 0) return null;
  const rest = subs.map((t) => t.name.slice(parent.length + 1));
  if (rest.some((r) => r.includes('/'))) return null;
  return `^${escapeRegex(parent)}$/${alternation(rest, true)}`;
}

/**
 * libtest's JUnit splits a test's path at its last `::` into classname and name, and writes
 * `integration` as the classname of a test with no module (an integration test's functions).
 */
function cargoPath(t: RerunTarget): string {
  return t.classname && t.classname !== 'integration' && !t.name.includes('::') ? `${t.classname}::${t.name}` : t.name;
}

function mavenArgs(targets: readonly RerunTarget[], scope: RerunScope): string | null {
  const byClass = new Map<string, Set<string>>();
  for (const t of targets) {
    const cls = (t.classname ?? '').split('.').at(-1);
    if (!cls) return null;
    if (!byClass.has(cls)) byClass.set(cls, new Set());
    byClass.get(cls)!.add(stripParams(t.name));
  }
  const spec = [...byClass]
    .map(([cls, methods]) => (scope === 'files' ? cls : `${cls}#${[...methods].join('+')}`))
    .join(',');
  return shellQuoteAll([`-Dtest=${spec}`, '-Dsurefire.failIfNoSpecifiedTests=false']);
}

function fullCommand(testCommand: string, reason: string, runner: Runner | null = null): RerunPlan {
  return { command: testCommand, env: {}, runner, targeted: false, reason, display: testCommand };
}

/** NODE_OPTIONS quoting: double quotes with `\` escapes (Node's own parser of that variable). */
function nodeOptionsWord(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&')}"`;
}

const PLACEHOLDERS = ['{tests}', '{files}', '{pattern}'];

/**
 * The template with the user's quotes around a whole placeholder dropped (`"{pattern}"`,
 * `'{tests}'`): the values are substituted already shell-quoted, and quoted again they would be
 * open to the shell (`$(…)` inside double quotes runs). Undefined when a placeholder still stands
 * inside quotes (`-t "^{pattern}$"`): it cannot be substituted safely.
 */
function unquotePlaceholders(template: string): string | undefined {
  let out = '';
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    if (quote !== "'" && c === '\\') {
      out += template.slice(i, i + 2);
      i++;
      continue;
    }
    if (quote === undefined && (c === '"' || c === "'")) {
      const whole = PLACEHOLDERS.find((p) => template.startsWith(p, i + 1) && template[i + 1 + p.length] === c);
      if (whole) {
        out += whole;
        i += whole.length + 1;
        continue;
      }
      quote = c;
    } else if (c === quote) quote = undefined;
    else if (quote !== undefined && c === '{' && PLACEHOLDERS.some((p) => template.startsWith(p, i))) return undefined;
    out += c;
  }
  return out;
}

/** Build the command that reruns just `targets` (or, with scope 'files', their files). */
export function planRerun(options: PlanRerunOptions): RerunPlan {
  const { testCommand, targets, cwd } = options;
  if (targets.length === 0) return fullCommand(testCommand, 'no tests to target');
  if (options.template) return fromTemplate(options);

  const segments = splitCommandLine(testCommand);
  if (!segments) return fullCommand(testCommand, 'the test command could not be read (quotes or here-documents)');
  const scope: RerunScope =
    options.scope === 'files' || targets.some((t) => t.wholeFile || failsOutsideTests(t)) ? 'files' : 'tests';

  for (const segment of segments) {
    const runner = runnerOf(segment.words);
    if (runner) return direct({ testCommand, segment, runner, targets, cwd, scope, failFast: options.failFast });
  }
  for (const segment of segments) {
    const pm = packageScript(segment.words);
    if (!pm) continue;
    const script = readScript(cwd, pm.script);
    const scriptSegments = script ? splitCommandLine(script) : null;
    const runner = scriptSegments?.map((s) => runnerOf(s.words)).find((r) => r !== null) ?? null;
    if (!runner) continue;
    const request = { testCommand, segment, runner, targets, cwd, scope, failFast: options.failFast };
    return throughPackageManager(request, pm.manager, options);
  }
  const dialectRunner = runnerFromDialect(targets[0]!.dialect);
  return fullCommand(
    testCommand,
    dialectRunner
      ? `the ${dialectRunner} command inside the test command was not found; pass --rerun-command to target reruns`
      : 'the test runner was not recognised; pass --rerun-command to target reruns',
    dialectRunner,
  );
}

/** `--rerun-command` with its placeholders filled; it has no file-level form of its own. */
function fromTemplate(options: PlanRerunOptions): RerunPlan {
  const { testCommand, targets, cwd } = options;
  const dialectRunner = runnerFromDialect(targets[0]!.dialect);
  const segments = splitCommandLine(testCommand);
  const runner = (segments && segments.map((s) => runnerOf(s.words)).find((r) => r !== null)) ?? dialectRunner;
  if (options.scope === 'files') return fullCommand(testCommand, '--rerun-command has no file-level form', runner);
  const ids = targets.map((t) => runnerId(runner, t, cwd));
  const files = [...new Set(targets.map((t) => relativeFile(cwd, t.file)).filter((f): f is string => f !== null))];
  const template = unquotePlaceholders(options.template!);
  if (template === undefined) {
    return fullCommand(
      testCommand,
      'a placeholder of --rerun-command stands inside quotes; write {tests}, {files} and {pattern} bare (they are shell-quoted)',
    );
  }
  const command = template
    .replaceAll('{tests}', shellQuoteAll(ids))
    .replaceAll('{files}', shellQuoteAll(files))
    .replaceAll(
      '{pattern}',
      shellQuote(
        alternation(
          targets.map((t) => t.name),
          false,
        ),
      ),
    );
  return { command, env: {}, runner, targeted: true, scope: 'tests', display: command };
}

/** A runner found in the test command (or its package script), and what to rerun. */
interface RerunRequest {
  testCommand: string;
  segment: Segment;
  runner: Runner;
  targets: readonly RerunTarget[];
  cwd: string;
  scope: RerunScope;
  failFast?: boolean;
}

/** The runner's arguments at the scope asked for, else at the files scope; null when neither applies. */
function scopedArgs(request: RerunRequest): { args: string; scope: RerunScope } | null {
  const { runner, targets, cwd, scope } = request;
  if (runner === 'unittest' && !plainDiscover(request.segment.words)) return null;
  const flag = request.failFast ? FAIL_FAST[runner] : undefined;
  const withFlag = (args: string) => (flag ? `${flag} ${args}` : args);
  const args = runnerArgs(runner, targets, cwd, scope);
  if (args !== null) return { args: withFlag(args), scope };
  if (scope === 'files') return null;
  const files = runnerArgs(runner, targets, cwd, 'files');
  return files === null ? null : { args: withFlag(files), scope: 'files' };
}

/**
 * `unittest discover` that the ids can replace: no start or top directory (its modules are then
 * named from the working directory, as the reports name them), only a pattern and output flags.
 */
function plainDiscover(words: readonly Word[]): boolean {
  const at = words.findIndex((w) => w.value === 'discover');
  if (at < 0) return true;
  const rest = words.slice(at + 1).map((w) => w.value);
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i]!;
    if (w === '-p' || w === '--pattern' || w === '-k') i++;
    else if (!/^(?:-[vqbcf]+|--(?:verbose|quiet|buffer|catch|failfast|locals)|--pattern=.*)$/.test(w)) return false;
  }
  return true;
}

function cannotTarget(request: RerunRequest): RerunPlan {
  const reason =
    request.scope === 'files'
      ? `${request.runner} has no file-level form for these tests`
      : `the ${request.runner} ids of the failing tests could not be derived`;
  return fullCommand(request.testCommand, reason, request.runner);
}

function direct(request: RerunRequest): RerunPlan {
  const { testCommand, segment, runner } = request;
  const built = scopedArgs(request);
  if (!built) return cannotTarget(request);
  let command: string;
  const discover = runner === 'unittest' ? segment.words.find((w) => w.value === 'discover') : undefined;
  const gotestsum = runner === 'go' && segment.words.some((w) => base(w) === 'gotestsum');
  if (discover) {
    // The ids replace `discover` and its options (a pattern, verbosity): they name the tests.
    command = `${testCommand.slice(0, discover.start)}${built.args}${testCommand.slice(segment.end)}`;
  } else if (gotestsum && !segment.words.some((w) => w.value === '--')) {
    // gotestsum passes what follows `--` to go test; without one it tests ./...
    command = insertAt(testCommand, segment.end, `-- ./... ${built.args}`);
  } else if (runner === 'node-test') {
    const flag = segment.words.find((w) => w.value === '--test' || w.value.startsWith('--test='))!;
    command = insertAt(testCommand, flag.end, built.args);
  } else if (runner === 'pytest') {
    // pytest would run the command's own test paths as well as the ids: they go.
    const cut = cutWords(testCommand, pytestPathWords(segment.words, request.cwd), segment.end);
    command = insertAt(cut.command, cut.end, built.args);
  } else if (runner === 'cargo') {
    const hasSeparator = segment.words.some((w) => w.value === '--');
    command = insertAt(testCommand, segment.end, hasSeparator ? built.args : `-- ${built.args}`);
  } else {
    command = insertAt(testCommand, segment.end, built.args);
  }
  return { command, env: {}, runner, targeted: true, scope: built.scope, display: command };
}

function throughPackageManager(
  request: RerunRequest,
  manager: string,
  options: Pick<PlanRerunOptions, 'nodeOptions' | 'nodeTestSelect'>,
): RerunPlan {
  const { testCommand, segment, runner, targets } = request;
  if (runner === 'node-test') {
    if (request.scope === 'files' || !options.nodeTestSelect) return cannotTarget(request);
    // Arguments after the script would land after the test files, where node ignores the flag, and
    // Node 20 refuses the pattern in NODE_OPTIONS: a preload there passes it to `node --test`.
    const value = [options.nodeOptions, `--require ${nodeOptionsWord(options.nodeTestSelect)}`]
      .filter(Boolean)
      .join(' ');
    const env = { NODE_OPTIONS: value, [TEST_NAME_PATTERN_VARIABLE]: nodeTestPattern(targets) };
    const assignments = Object.entries(env).map(([k, v]) => `${k}=${shellQuote(v)}`);
    return {
      command: testCommand,
      env,
      runner,
      targeted: true,
      scope: 'tests',
      display: `${assignments.join(' ')} ${testCommand}`,
    };
  }
  const built = scopedArgs(request);
  if (!built) return cannotTarget(request);
  const separator = segment.words.some((w) => w.value === '--') ? '' : manager === 'npm' ? '-- ' : '';
  const args = runner === 'cargo' ? `-- ${built.args}` : built.args;
  const command = insertAt(testCommand, segment.end, `${separator}${args}`);
  return { command, env: {}, runner, targeted: true, scope: built.scope, display: command };
}

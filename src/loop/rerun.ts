/**
 * Targeted reruns: a command that runs just the failing tests, built for the runner the test
 * command uses. Arguments are added to the runner's own simple command inside the test command
 * (`cd app && npx vitest run | tee log` gets them after `run`, not after `tee log`), so the user's
 * setup around it keeps working. Every test name is regex-escaped where the runner reads a pattern
 * and shell-quoted always: names are untrusted (a test called `$(rm -rf /)` must stay a string).
 *
 * | runner     | how                                                                 |
 * |------------|---------------------------------------------------------------------|
 * | pytest     | node ids appended: `tests/test_x.py::TestC::test_y[1]`              |
 * | vitest/jest| test files appended, `-t '<names as one alternation>'`              |
 * | mocha      | `--grep '<alternation>'`                                            |
 * | node:test  | `--test-name-pattern='^(?:a|b)$'` right after `--test`; through npm, in NODE_OPTIONS |
 * | go         | `-run '^(?:TestA|TestB)$'` (top-level names; subtests run with their parent) |
 * | cargo      | `-- --exact name…`                                                  |
 * | maven      | `-Dtest=Class#m1+m2 -Dsurefire.failIfNoSpecifiedTests=false`         |
 * | gradle     | `--tests 'pkg.Class.method'` per test                               |
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

export type Runner = 'pytest' | 'vitest' | 'jest' | 'mocha' | 'node-test' | 'go' | 'cargo' | 'maven' | 'gradle';

export interface RerunTarget {
  id: string;
  name: string;
  classname?: string;
  /** As the report wrote it (may be absolute). */
  file?: string;
  /** The JUnit dialect that produced the case, when known. */
  dialect?: string;
}

export interface RerunPlan {
  /** The shell command to run. */
  command: string;
  /** Extra environment for the run (node:test behind a package manager). */
  env: Record<string, string>;
  runner: Runner | null;
  targeted: boolean;
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
  /** Current NODE_OPTIONS, kept when node:test patterns are passed through it. */
  nodeOptions?: string;
}

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
    if (w === 'vitest') return 'vitest';
    if (w === 'jest') return 'jest';
    if (w === 'mocha' || w === '_mocha') return 'mocha';
    if (/^node[0-9.]*$/.test(w) && names.slice(i + 1).some((x) => x === '--test' || x.startsWith('--test=')))
      return 'node-test';
    if (w === 'go' && names[i + 1] === 'test') return 'go';
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

/** pytest node id: `path/to/test_x.py::Class::name`, from the file or the dotted classname. */
export function pytestNodeId(target: RerunTarget, cwd: string): string | null {
  const classParts = (target.classname ?? '').split('.').filter(Boolean);
  let file = relativeFile(cwd, target.file);
  let classes: string[] = [];
  if (file && file.endsWith('.py')) {
    const module = file.slice(0, -3).split('/');
    const rest =
      classParts.slice(0, module.length).join('/') === module.join('/') ? classParts.slice(module.length) : [];
    classes = rest;
  } else {
    file = null;
    for (let k = classParts.length; k >= 1; k--) {
      const candidate = `${classParts.slice(0, k).join('/')}.py`;
      if (existsSync(path.join(cwd, candidate))) {
        file = candidate;
        classes = classParts.slice(k);
        break;
      }
    }
  }
  if (!file) return null;
  return [file, ...classes, target.name].join('::');
}

/** The runner-native id of a test, used for `{tests}` and for runners that take ids. */
function runnerId(runner: Runner | null, target: RerunTarget, cwd: string): string {
  switch (runner) {
    case 'pytest':
      return pytestNodeId(target, cwd) ?? target.name;
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
  const body = unique.length === 1 ? unique[0]! : `(?:${unique.join('|')})`;
  return anchored ? `^${body}$` : body;
}

function insertAt(command: string, offset: number, text: string): string {
  return `${command.slice(0, offset)} ${text}${command.slice(offset)}`;
}

/** Arguments for the runner (shell-quoted), or null when no targeted form applies. */
function runnerArgs(
  runner: Runner,
  targets: readonly RerunTarget[],
  cwd: string,
): { args: string; reason?: string } | null {
  const names = targets.map((t) => t.name);
  switch (runner) {
    case 'pytest': {
      const ids = targets.map((t) => pytestNodeId(t, cwd));
      if (ids.some((id) => id === null)) return null;
      return { args: shellQuoteAll(ids as string[]) };
    }
    case 'vitest':
    case 'jest': {
      const files = [...new Set(targets.map((t) => relativeFile(cwd, t.file)).filter((f): f is string => f !== null))];
      const parts = [...files, '-t', alternation(names, false)];
      return { args: shellQuoteAll(parts) };
    }
    case 'mocha':
      return { args: shellQuoteAll(['--grep', alternation(names, false)]) };
    case 'go':
      return {
        args: shellQuoteAll([
          '-run',
          alternation(
            targets.map((t) => runnerId('go', t, cwd)),
            true,
          ),
        ]),
      };
    case 'cargo':
      return { args: shellQuoteAll(['--exact', ...new Set(names)]) };
    case 'maven': {
      const byClass = new Map<string, Set<string>>();
      for (const t of targets) {
        const cls = (t.classname ?? '').split('.').at(-1);
        if (!cls) return null;
        if (!byClass.has(cls)) byClass.set(cls, new Set());
        byClass.get(cls)!.add(stripParams(t.name));
      }
      const spec = [...byClass].map(([cls, methods]) => `${cls}#${[...methods].join('+')}`).join(',');
      return { args: shellQuoteAll([`-Dtest=${spec}`, '-Dsurefire.failIfNoSpecifiedTests=false']) };
    }
    case 'gradle':
      return { args: targets.map((t) => `--tests ${shellQuote(runnerId('gradle', t, cwd))}`).join(' ') };
    case 'node-test':
      return { args: shellQuote(`--test-name-pattern=${alternation(names, true)}`) };
  }
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

/** Build the command that reruns just `targets`. */
export function planRerun(options: PlanRerunOptions): RerunPlan {
  const { testCommand, targets, cwd } = options;
  if (targets.length === 0) return fullCommand(testCommand, 'no tests to target');

  if (options.template) {
    const dialectRunner = runnerFromDialect(targets[0]!.dialect);
    const segments = splitCommandLine(testCommand);
    const runner = (segments && segments.map((s) => runnerOf(s.words)).find((r) => r !== null)) ?? dialectRunner;
    const ids = targets.map((t) => runnerId(runner, t, cwd));
    const files = [...new Set(targets.map((t) => relativeFile(cwd, t.file)).filter((f): f is string => f !== null))];
    const template = unquotePlaceholders(options.template);
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
    return { command, env: {}, runner, targeted: true, display: command };
  }

  const segments = splitCommandLine(testCommand);
  if (!segments) return fullCommand(testCommand, 'the test command could not be read (quotes or here-documents)');

  for (const segment of segments) {
    const runner = runnerOf(segment.words);
    if (runner) return direct(testCommand, segment, runner, targets, cwd);
  }
  for (const segment of segments) {
    const pm = packageScript(segment.words);
    if (!pm) continue;
    const script = readScript(cwd, pm.script);
    const scriptSegments = script ? splitCommandLine(script) : null;
    const runner = scriptSegments?.map((s) => runnerOf(s.words)).find((r) => r !== null) ?? null;
    if (!runner) continue;
    return throughPackageManager(testCommand, segment, pm.manager, runner, targets, cwd, options.nodeOptions);
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

function direct(
  testCommand: string,
  segment: Segment,
  runner: Runner,
  targets: readonly RerunTarget[],
  cwd: string,
): RerunPlan {
  const built = runnerArgs(runner, targets, cwd);
  if (!built) return fullCommand(testCommand, `the ${runner} ids of the failing tests could not be derived`, runner);
  let command: string;
  if (runner === 'node-test') {
    const flag = segment.words.find((w) => w.value === '--test' || w.value.startsWith('--test='))!;
    command = insertAt(testCommand, flag.end, built.args);
  } else if (runner === 'cargo') {
    const hasSeparator = segment.words.some((w) => w.value === '--');
    command = insertAt(testCommand, segment.end, hasSeparator ? built.args : `-- ${built.args}`);
  } else {
    command = insertAt(testCommand, segment.end, built.args);
  }
  return { command, env: {}, runner, targeted: true, display: command };
}

function throughPackageManager(
  testCommand: string,
  segment: Segment,
  manager: string,
  runner: Runner,
  targets: readonly RerunTarget[],
  cwd: string,
  nodeOptions: string | undefined,
): RerunPlan {
  if (runner === 'node-test') {
    // Arguments after the script would land after the test files, where node ignores the flag;
    // NODE_OPTIONS reaches `node --test` and the per-file child processes it starts.
    const pattern = `--test-name-pattern=${alternation(
      targets.map((t) => t.name),
      true,
    )}`;
    const value = [nodeOptions, nodeOptionsWord(pattern)].filter(Boolean).join(' ');
    return {
      command: testCommand,
      env: { NODE_OPTIONS: value },
      runner,
      targeted: true,
      display: `NODE_OPTIONS=${shellQuote(value)} ${testCommand}`,
    };
  }
  const built = runnerArgs(runner, targets, cwd);
  if (!built) return fullCommand(testCommand, `the ${runner} ids of the failing tests could not be derived`, runner);
  const separator = segment.words.some((w) => w.value === '--') ? '' : manager === 'npm' ? '-- ' : '';
  const args = runner === 'cargo' ? `-- ${built.args}` : built.args;
  const command = insertAt(testCommand, segment.end, `${separator}${args}`);
  return { command, env: {}, runner, targeted: true, display: command };
}

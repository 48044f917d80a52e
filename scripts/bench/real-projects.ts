/**
 * Bench: self-heal on real bugs of real open-source projects (issue 14, point 5; issue 15 reads its
 * "fix lines in prompt" column). Per scenario (bench/real-projects/pins.json): a clone of the
 * project's fetch mirror at the fix's parent with only the fix's test part applied, committed as
 * the bug commit; the project's own test command run once as the CI step (its JUnit reports stay,
 * as in a workflow); then `self-heal run --provider command` with an agent that applies exactly
 * the real fix's source part; then the floor (the fixed tree's targeted run of the failing tests
 * plus one full run, same commands, outside self-heal); then the built-in engine on the same bug.
 *
 *   npm run bench -- real-projects [--project <id,…>] [--scenario <id,…>] [--no-builtin]
 *                                  [--cli source|dist] [--builtin-seconds 300] [--keep]
 *
 * self-heal runs from this worktree's source (`node --import tsx src/cli/index.ts`) unless
 * `--cli dist` (the committed bundle). npm installs are cached under ~/.cache/self-heal-bench
 * (SELF_HEAL_BENCH_CACHE), keyed by the package manifest and lockfile; logs, prompts and reports
 * of a run stay under the OS temp dir (printed at the end). One run at a time (a lock file).
 */
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { availableParallelism, devNull, homedir, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  caseLabel,
  cell,
  fixLines,
  fixLinesShown,
  goModulePath,
  goTestArgs,
  killRunning,
  median,
  pytestNodeId,
  readJunitDir,
  runLogged,
  runShell,
  shq,
  type FixLine,
  type JunitCase,
} from './_real-projects-lib.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const PINS = path.join(ROOT, 'bench/real-projects/pins.json');
const AGENT = path.join(ROOT, 'scripts/bench/_real-projects-agent.mjs');
const MIRRORS = process.env.SELF_HEAL_BENCH_MIRRORS ?? '/work/.mirror';
const CACHE = process.env.SELF_HEAL_BENCH_CACHE ?? path.join(homedir(), '.cache', 'self-heal-bench');

const { values: args } = parseArgs({
  options: {
    project: { type: 'string' },
    scenario: { type: 'string' },
    'no-builtin': { type: 'boolean', default: false },
    cli: { type: 'string', default: 'source' },
    'builtin-seconds': { type: 'string', default: '300' },
    keep: { type: 'boolean', default: false },
    'ci-only': { type: 'boolean', default: false },
    'with-rerun-command': { type: 'boolean', default: false },
  },
});

interface Scenario {
  id: string;
  fix: string;
  /** Test files to run for the floor's targeted run, when the fix's own test files are not runnable. */
  targetFiles?: string[];
}
interface Project {
  id: string;
  repo: string;
  runner: string;
  install: 'none' | 'npm ci' | 'npm install';
  /** Installed with the project's own (`npm install` only), for a reporter that must load the project's runner. */
  extraPackages?: string[];
  /** Flags of the project's npm install (`--legacy-peer-deps` where its own package manager allows peer conflicts). */
  npmFlags?: string[];
  /** Path prefixes of the source; or `sourceFiles`, a pattern, where source and tests share folders (Go). */
  source?: string[];
  sourceFiles?: string;
  /** A pattern of the test files; a test file is never source. */
  testFiles: string;
  testCommand: string;
  targetedCommand: string;
  env?: Record<string, string>;
  /** Edits committed before the bug commit, to make the plain test command write JUnit. */
  setup?: { file: string; replace: string; with: string }[];
  scenarios: Scenario[];
}
interface Pins {
  tools: Record<string, string>;
  projects: Project[];
}

interface Row {
  project: Project;
  scenario: Scenario;
  status: 'ok' | 'skipped' | 'invalid';
  note?: string;
  tests?: number;
  failing?: string[];
  healed?: string;
  /** The self-heal process's wall time, and heal()'s own (the ratio's numerator). */
  processMs?: number;
  healMs?: number;
  attemptMs?: number[];
  ciMs?: number;
  floorMs?: { targeted: number; full: number };
  fixInPrompt?: string;
  /** The real fix's function in the ranking: its place (1-5 from the report), '>5', or the source. */
  fixRank?: string;
  spectrumMs?: number;
  builtin?: string;
  diagnosis?: string[];
}

const TIMEOUT = { install: 900, test: 600, heal: 1500 } as const;
const gitIdentity = {
  GIT_CONFIG_GLOBAL: devNull,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'bench',
  GIT_AUTHOR_EMAIL: 'bench@self-heal.invalid',
  GIT_COMMITTER_NAME: 'bench',
  GIT_COMMITTER_EMAIL: 'bench@self-heal.invalid',
};

/**
 * The environment of every project command (CI step, self-heal, floor): the caller's, without npm's
 * `npm_*` variables and this worktree's node_modules/.bin (whose vitest or eslint must not stand in
 * for a project's), with this Node first on PATH, CI=true, and an isolated git config.
 */
function projectEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  const ownBin = path.join(ROOT, 'node_modules');
  const paths = (process.env.PATH ?? '').split(':').filter((p) => p && !p.startsWith(ownBin));
  env.PATH = [path.dirname(process.execPath), ...paths].join(':');
  return { ...env, CI: 'true', ...gitIdentity, ...extra };
}

function git(cwd: string, gitArgs: string[], input?: string): string {
  return execFileSync('git', gitArgs, {
    cwd,
    env: projectEnv(),
    encoding: 'utf8',
    input,
    stdio: ['pipe', 'pipe', 'pipe'],
    maxBuffer: 64 << 20,
    timeout: 120_000,
  });
}

function mirrorOf(repo: string): string | undefined {
  const base = path.join(MIRRORS, repo.replace('/', '+'));
  for (const dir of [path.join(base, 'repo/.git'), path.join(base, 'repo')]) {
    if (existsSync(path.join(dir, 'HEAD')) && existsSync(path.join(dir, 'objects'))) return dir;
  }
  return undefined;
}

function hash(...parts: string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 16);
}

/** The bench's own JUnit reporters (jest-junit, mocha-junit-reporter), installed once. */
function ensureTools(tools: Record<string, string>, log: string): string {
  const specs = Object.entries(tools).map(([n, v]) => `${n}@${v}`);
  const dir = path.join(CACHE, 'tools', hash(...specs));
  const modules = path.join(dir, 'node_modules');
  if (existsSync(path.join(dir, '.done'))) return modules;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{"private":true}\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', ...specs], {
    cwd: dir,
    env: projectEnv(),
    stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')],
    timeout: TIMEOUT.install * 1000,
  });
  writeFileSync(path.join(dir, '.done'), '');
  return modules;
}

/** node_modules for the repo, from the cache when its manifest and lockfile were installed before. */
async function installNpm(project: Project, repo: string, log: string): Promise<string | undefined> {
  const manifest = readFileSync(path.join(repo, 'package.json'), 'utf8');
  const lockFile = path.join(repo, 'package-lock.json');
  const lock = existsSync(lockFile) ? readFileSync(lockFile, 'utf8') : '';
  const mode = project.install === 'npm ci' && lock ? 'npm ci' : 'npm install';
  const extra = mode === 'npm install' ? (project.extraPackages ?? []) : [];
  const own = project.npmFlags ?? [];
  const cached = path.join(CACHE, 'npm', `${project.id}-${hash(mode, manifest, lock, ...extra, ...own)}`);
  if (!existsSync(path.join(cached, 'node_modules'))) {
    const flags = ['--no-audit --no-fund --ignore-scripts', ...own.map(shq)].join(' ');
    const command =
      mode === 'npm ci'
        ? `npm ci ${flags}`
        : `npm install ${flags} --no-package-lock --no-save ${extra.map(shq).join(' ')}`;
    const r = await runShell(command, { cwd: repo, env: projectEnv(), logFile: log, timeoutSeconds: TIMEOUT.install });
    if (r.code !== 0) return `${command} failed (exit ${r.code}${r.timedOut ? ', timed out' : ''}; see ${log})`;
    mkdirSync(path.dirname(cached), { recursive: true });
    const part = `${cached}.part-${process.pid}`;
    rmSync(part, { recursive: true, force: true });
    mkdirSync(part);
    renameSync(path.join(repo, 'node_modules'), path.join(part, 'node_modules'));
    renameSync(part, cached);
  }
  // Hard links: a copy in no time; a test run's new cache files land in the copy's own folders.
  execFileSync('cp', ['-al', path.join(cached, 'node_modules'), path.join(repo, 'node_modules')], { timeout: 300_000 });
  return undefined;
}

interface Prepared {
  repo: string;
  bug: string;
  parent: string;
  subject: string;
  patch: string;
  lines: FixLine[];
  testFiles: string[];
}

/**
 * A setup commit on the fix's parent, only when needed: the project's `setup` edits (a JUnit reporter
 * in a config file), and files whose blobs the mirror lacks (a snapshot may leave its largest
 * files out) taken out of the index, so that the bug commit's own diff is the fix's test part alone.
 */
function setUp(project: Project, repo: string, tools: string): void {
  const missing = git(repo, ['ls-files', '-s'])
    .split('\n')
    .filter(Boolean)
    .map((l) => /^\d+ ([0-9a-f]+) \d\t(.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => !!m);
  const check = git(repo, ['cat-file', '--batch-check'], missing.map((m) => m[1]).join('\n') + '\n').split('\n');
  const absent = missing.filter((_, i) => check[i]?.endsWith(' missing')).map((m) => m[2]!);
  if (absent.length) git(repo, ['rm', '-q', '--cached', '--', ...absent]);
  for (const edit of project.setup ?? []) {
    const file = path.join(repo, edit.file);
    const text = readFileSync(file, 'utf8');
    if (!text.includes(edit.replace)) throw new Error(`setup: ${edit.file} has no ${JSON.stringify(edit.replace)}`);
    writeFileSync(file, text.replace(edit.replace, substitute(edit.with, { tools })));
    git(repo, ['add', '--', edit.file]);
  }
  if (!absent.length && !project.setup?.length) return;
  const what = [
    ...(project.setup ?? []).map((e) => `${e.file}: write JUnit`),
    ...(absent.length
      ? [`drop ${absent.length} file(s) absent from the mirror: ${absent.slice(0, 5).join(', ')}`]
      : []),
  ];
  git(repo, ['commit', '-q', '--no-verify', '-m', `bench setup\n\n${what.join('\n')}`]);
}

/** The bug state: the fix's parent plus the fix's non-source part, committed; the source part as a patch. */
function prepare(project: Project, scenario: Scenario, mirror: string, work: string, tools: string): Prepared {
  const repo = path.join(work, 'repo');
  git(work, ['clone', '-q', '--no-checkout', mirror, repo]);
  const parent = git(repo, ['rev-parse', `${scenario.fix}^`]).trim();
  const subject = git(repo, ['log', '-1', '--format=%s', scenario.fix]).trim();
  git(repo, ['checkout', '-q', '--detach', parent]);
  setUp(project, repo, tools);
  const changed = git(repo, ['diff', '--name-only', '--no-renames', parent, scenario.fix]).split('\n').filter(Boolean);
  const testRe = new RegExp(project.testFiles);
  const sourceRe = project.sourceFiles ? new RegExp(project.sourceFiles) : undefined;
  const isSource = (f: string) =>
    !testRe.test(f) && (sourceRe ? sourceRe.test(f) : (project.source ?? []).some((p) => f.startsWith(p)));
  const source = changed.filter(isSource);
  const kept = changed.filter((f) => !isSource(f));
  if (!source.length) {
    throw new Error(`fix ${scenario.fix} changes no source (${project.sourceFiles ?? project.source?.join(', ')})`);
  }
  const present = new Set(git(repo, ['ls-tree', '-r', '--name-only', scenario.fix, '--', ...kept]).split('\n'));
  const restore = kept.filter((f) => present.has(f));
  if (restore.length) git(repo, ['checkout', scenario.fix, '--', ...restore]);
  const gone = kept.filter((f) => !present.has(f));
  if (gone.length) git(repo, ['rm', '-q', '--', ...gone]);
  git(repo, [
    'commit',
    '-q',
    '--no-verify',
    '-m',
    `bug: ${subject}\n\nThe test part of ${scenario.fix}; its source part is not applied.`,
  ]);
  writeFileSync(path.join(repo, '.git/info/exclude'), 'node_modules/\nreports/\n__pycache__/\n.pytest_cache/\n', {
    flag: 'a',
  });
  const diff = git(repo, ['diff', '--binary', '--no-renames', parent, scenario.fix, '--', ...source]);
  const patch = path.join(work, 'fix.patch');
  writeFileSync(patch, diff);
  return {
    repo,
    bug: git(repo, ['rev-parse', 'HEAD']).trim(),
    parent,
    subject,
    patch,
    lines: fixLines(diff),
    testFiles: scenario.targetFiles ?? kept.filter((f) => testRe.test(f) && present.has(f)),
  };
}

function substitute(command: string, values: Record<string, string>): string {
  return command.replace(/\{(tools|ids|files)\}/g, (m, k: string) => values[k] ?? m);
}

/**
 * `--with-rerun-command` (a side experiment, never the main table): self-heal's own
 * `--rerun-command`, the project's targeted command with self-heal's placeholders.
 */
function rerunFlag(project: Project, tools: string): string[] {
  if (!args['with-rerun-command']) return [];
  const template = substitute(project.targetedCommand, { tools, ids: '{tests}', files: '{files}' });
  return ['--rerun-command', template];
}

function selfHealArgs(): string[] {
  return args.cli === 'dist'
    ? [path.join(ROOT, 'dist/cli/index.js')]
    : ['--import', 'tsx', path.join(ROOT, 'src/cli/index.ts')];
}

function copyDir(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  if (existsSync(from)) cpSync(from, to, { recursive: true });
}

interface HealRun {
  result: string;
  attempt?: number;
  /** The self-heal process's wall time. */
  ms: number;
  /** heal()'s own duration (its report's durationMs): without the CLI's start-up. */
  healMs?: number;
  attemptMs: number[];
  reason: string;
  verdicts: string[];
  feedback: string[];
  /** The report's localisation (issue 15) and the recorded run's duration. */
  localisation?: {
    source: string;
    note: string;
    functions: Array<{ file: string; startLine: number; endLine: number }>;
  };
  spectrumMs?: number;
}

async function runSelfHeal(
  repo: string,
  command: string,
  env: NodeJS.ProcessEnv,
  provider: string[],
  out: string,
  timeoutSeconds: number,
): Promise<HealRun> {
  const report = `${out}.json`;
  const cli = [
    ...selfHealArgs(),
    'run',
    '--cwd',
    repo,
    '--test-command',
    command,
    '--junit',
    'reports/*.xml',
    '--max-attempts',
    '3',
    '--report',
    report,
    ...provider,
  ];
  writeFileSync(`${out}.log`, `$ node ${cli.map(shq).join(' ')}\n`);
  const r = await runLogged(process.execPath, cli, { cwd: ROOT, env, logFile: `${out}.log`, timeoutSeconds });
  if (!existsSync(report)) {
    return {
      result: r.timedOut ? 'timeout' : `crash (exit ${r.code})`,
      ms: r.ms,
      attemptMs: [],
      reason: 'no report',
      verdicts: [],
      feedback: [],
    };
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    result: string;
    reason: string;
    fix?: { attempt: number };
    durationMs: number;
    attempts: { verdict: string; feedback: string; durationMs: number }[];
    localisation?: HealRun['localisation'];
    timings?: { spectrumMs?: number };
  };
  return {
    localisation: json.localisation,
    spectrumMs: json.timings?.spectrumMs,
    result: json.result,
    attempt: json.fix?.attempt,
    ms: r.ms,
    healMs: json.durationMs,
    attemptMs: json.attempts.map((a) => a.durationMs),
    reason: json.reason,
    verdicts: json.attempts.map((a) => a.verdict),
    feedback: json.attempts.map((a) => a.feedback),
  };
}

/** Lines of self-heal's log that say which reruns it ran and why targeting fell back (deduplicated). */
function rerunLines(log: string): string[] {
  if (!existsSync(log)) return [];
  const wanted = /confirming|targeted|rerun|fall|not run|selected|without targeting|full command/i;
  const lines = readFileSync(log, 'utf8')
    .split('\n')
    .filter((l) => wanted.test(l) && !/^(reproduce:|attempt \d)/.test(l));
  return [...new Set(lines)].slice(0, 8).map((l) => l.slice(0, 400));
}

/** self-heal with the agent that applies the real fix: its result, durations, first prompt and ranking. */
async function healWithFix(
  row: Row,
  p: Prepared,
  full: string,
  env: NodeJS.ProcessEnv,
  tools: string,
  out: string,
): Promise<void> {
  const promptDir = path.join(out, 'prompts');
  const heal = await runSelfHeal(
    p.repo,
    full,
    { ...env, BENCH_FIX_PATCH: p.patch, BENCH_PROMPT_DIR: promptDir },
    [
      '--provider',
      'command',
      '--agent-command',
      `node ${shq(AGENT)}`,
      '--timeout',
      String(TIMEOUT.test),
      ...rerunFlag(row.project, tools),
    ],
    path.join(out, 'heal'),
    TIMEOUT.heal,
  );
  row.processMs = heal.ms;
  row.healMs = heal.healMs;
  row.attemptMs = heal.attemptMs;
  row.healed = heal.result === 'healed' ? `yes (attempt ${heal.attempt})` : `no: ${heal.result}`;
  if (heal.result !== 'healed' || heal.attempt !== 1) {
    row.diagnosis = [
      `reason: ${heal.reason.split('\n').slice(0, 3).join(' / ')}`,
      `attempts: ${heal.verdicts.join(', ') || 'none'}`,
      ...heal.feedback.slice(0, 1).map((f) => `attempt 1 feedback: ${f.split('\n').slice(0, 4).join(' / ')}`),
      ...rerunLines(path.join(out, 'heal.log')).map((l) => `log: ${l}`),
    ];
  }
  const prompt1 = path.join(promptDir, 'attempt-1.txt');
  if (existsSync(prompt1)) {
    const { shown, missing } = fixLinesShown(readFileSync(prompt1, 'utf8'), p.lines);
    row.fixInPrompt = missing.length ? `no (${shown}/${p.lines.length})` : `yes (${shown}/${p.lines.length})`;
  } else row.fixInPrompt = 'no prompt';
  row.fixRank = fixFunctionRank(heal.localisation, p.lines);
  row.spectrumMs = heal.spectrumMs;
}

/**
 * The floor's `{ids}`: pytest node ids, or for Go `-run '^(TestA|TestB)$'` and the packages; the
 * fix's test files when the ids cannot be had (pytest) or a run of every package (Go).
 */
function targetIds(project: Project, failing: JunitCase[], p: Prepared): string[] {
  if (project.runner === 'go') {
    const goMod = path.join(p.repo, 'go.mod');
    const module = existsSync(goMod) ? goModulePath(readFileSync(goMod, 'utf8')) : undefined;
    return (module && goTestArgs(failing, module)) || ['./...'];
  }
  const ids = failing.map((c) => pytestNodeId(c, p.testFiles)).filter((id): id is string => !!id);
  return ids.length === failing.length ? ids : p.testFiles;
}

/** The scenario's temporary clone, removed on SIGINT/SIGTERM too. */
let currentWork: string | undefined;

async function runScenario(project: Project, scenario: Scenario, tools: string, outRoot: string): Promise<Row> {
  const row: Row = { project, scenario, status: 'ok' };
  const mirror = mirrorOf(project.repo);
  if (!mirror) {
    row.status = 'skipped';
    row.note = `no mirror: run the search tool's \`fetch github:${project.repo}\``;
    console.error(`✗ ${scenario.id}: ${row.note}`);
    return row;
  }
  const out = path.join(outRoot, scenario.id);
  mkdirSync(out, { recursive: true });
  const work = mkdtempSync(path.join(tmpdir(), `bench-real-${scenario.id}-`));
  currentWork = work;
  const log = (name: string) => path.join(out, `${name}.log`);
  const env = projectEnv(project.env);
  try {
    const p = prepare(project, scenario, mirror, work, tools);
    if (project.install !== 'none') {
      const failed = await installNpm(project, p.repo, log('install'));
      if (failed) return { ...row, status: 'invalid', note: failed };
    }
    const full = substitute(project.testCommand, { tools });
    const testOpts = { cwd: p.repo, env, timeoutSeconds: TIMEOUT.test };
    const reports = path.join(p.repo, 'reports');

    // The CI step: the failing run whose reports self-heal starts from.
    rmSync(reports, { recursive: true, force: true });
    const ci = await runShell(full, { ...testOpts, logFile: log('ci') });
    const ciCases = readJunitDir(reports);
    const failing = ciCases.filter((c) => c.status === 'failed');
    row.tests = ciCases.length;
    row.ciMs = ci.ms;
    row.failing = failing.map(caseLabel);
    console.error(
      `  ${scenario.id}: CI step ${(ci.ms / 1000).toFixed(1)}s, ${ciCases.length} tests, ${failing.length} failing, exit ${ci.code}`,
    );
    if (!failing.length)
      return { ...row, status: 'invalid', note: `the bug state has no failing test (exit ${ci.code})` };
    const ciReports = path.join(work, 'ci-reports');
    copyDir(reports, ciReports);
    if (args['ci-only']) row.note = `CI step and floor only; failing: ${row.failing.slice(0, 4).join('; ')}`;
    else await healWithFix(row, p, full, env, tools, out);

    // The floor: the fixed tree's targeted run of the failing tests, then one full run.
    git(p.repo, ['reset', '-q', '--hard', p.bug]);
    git(p.repo, ['apply', '--whitespace=nowarn', p.patch]);
    const targetedCommand = substitute(project.targetedCommand, {
      tools,
      ids: targetIds(project, failing, p).map(shq).join(' '),
      files: p.testFiles.map(shq).join(' '),
    });
    rmSync(reports, { recursive: true, force: true });
    const targeted = await runShell(targetedCommand, { ...testOpts, logFile: log('floor-targeted') });
    const targetedCases = readJunitDir(reports);
    rmSync(reports, { recursive: true, force: true });
    const fixed = await runShell(full, { ...testOpts, logFile: log('floor-full') });
    const fixedCases = readJunitDir(reports);
    row.floorMs = { targeted: targeted.ms, full: fixed.ms };
    const stillFailing = fixedCases.filter((c) => c.status === 'failed');
    const labels = new Set(row.failing);
    const targetedRan = targetedCases.filter((c) => labels.has(caseLabel(c)) && c.status === 'passed').length;
    if (fixed.code !== 0 || stillFailing.length || !fixedCases.length) {
      return {
        ...row,
        status: 'invalid',
        note: `the fixed tree does not pass: exit ${fixed.code}, ${stillFailing.length} failing (${stillFailing.slice(0, 3).map(caseLabel).join('; ')})`,
      };
    }
    if (targetedRan !== failing.length) {
      const note = `floor's targeted run passed ${targetedRan} of the ${failing.length} failing tests (${targetedCases.length} ran)`;
      row.note = row.note ? `${row.note}; ${note}` : note;
    }
    const secs = (ms: number | undefined) => `${((ms ?? NaN) / 1000).toFixed(1)}s`;
    console.error(
      `  ${scenario.id}: ${args['ci-only'] ? '' : `heal ${row.healed} in ${secs(row.healMs ?? row.processMs)} (process ${secs(row.processMs)}); `}floor ${secs(targeted.ms)} + ${secs(fixed.ms)}`,
    );

    if (!args['no-builtin'] && !args['ci-only']) {
      git(p.repo, ['reset', '-q', '--hard', p.bug]);
      copyDir(ciReports, reports);
      const seconds = Number(args['builtin-seconds']);
      const b = await runSelfHeal(
        p.repo,
        full,
        env,
        ['--provider', 'builtin', '--max-seconds', String(seconds), '--timeout', String(TIMEOUT.test)],
        path.join(out, 'builtin'),
        seconds + 300,
      );
      row.builtin = `${b.result}${b.attempt ? ` (attempt ${b.attempt})` : ''}, ${(b.ms / 1000).toFixed(0)}s`;
    }
    return row;
  } catch (error) {
    return {
      ...row,
      status: 'invalid',
      note: `bench error: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    if (!args.keep) rmSync(work, { recursive: true, force: true });
    else console.error(`  kept ${work}`);
  }
}

/** The place of the first ranked function holding a line the real fix changes ("2 (spectrum)"), or ">5". */
function fixFunctionRank(localisation: HealRun['localisation'], lines: FixLine[]): string {
  if (!localisation) return 'none';
  const at = localisation.functions.findIndex((f) =>
    lines.some((l) => l.file === f.file && l.line >= f.startLine && l.line <= f.endLine),
  );
  return `${at < 0 ? '>5' : at + 1} (${localisation.source})`;
}

function floorOf(row: Row): number | undefined {
  return row.floorMs ? row.floorMs.targeted + row.floorMs.full : undefined;
}

/** The Markdown table (with the summary, the diagnoses and the command), also written to table.md. */
function writeTable(rows: Row[], command: string, outRoot: string): string {
  const s = (ms: number | undefined) => (ms === undefined ? '' : (ms / 1000).toFixed(1));
  const lines = [
    '| scenario | project | runner | tests | healed | heal s (process) | attempt 1 s | floor s (targeted + full) | heal/floor | fix lines in prompt | fix function rank | recorded run s | built-in |',
    '| --- | --- | --- | ---: | --- | ---: | ---: | ---: | ---: | --- | --- | ---: | --- |',
  ];
  const ratios: number[] = [];
  for (const r of rows) {
    if (r.status !== 'ok') {
      lines.push(
        `| ${cell(r.scenario.id)} | ${cell(r.project.id)} | ${cell(r.project.runner)} | ${r.tests ?? ''} | ${r.status}: ${cell(r.note ?? '', 200)} | | | | | | | |`,
      );
      continue;
    }
    const floor = floorOf(r);
    // A heal/floor ratio means something only when the heal verified the fix (its full run included).
    const ratio = floor && r.healMs && r.healed?.startsWith('yes') ? r.healMs / floor : undefined;
    if (ratio) ratios.push(ratio);
    const floorText = r.floorMs ? `${s(floor)} (${s(r.floorMs.targeted)} + ${s(r.floorMs.full)})` : '';
    lines.push(
      `| ${cell(r.scenario.id)} | ${cell(r.project.id)} | ${cell(r.project.runner)} | ${r.tests} | ${cell(r.healed ?? '')} | ${s(r.healMs)} (${s(r.processMs)}) | ${s(r.attemptMs?.[0])} | ${floorText} | ${ratio ? `${ratio.toFixed(2)}×` : ''} | ${cell(r.fixInPrompt ?? '')} | ${cell(r.fixRank ?? '')} | ${s(r.spectrumMs)} | ${cell(r.builtin ?? 'not run')} |`,
    );
  }
  const ok = rows.filter((r) => r.status === 'ok');
  const first = ok.filter((r) => r.healed === 'yes (attempt 1)').length;
  const shown = ok.filter((r) => r.fixInPrompt?.startsWith('yes')).length;
  const builtin = ok.filter((r) => r.builtin?.startsWith('healed')).length;
  const spectra = ok.map((r) => r.spectrumMs).filter((ms): ms is number => ms !== undefined);
  if (args['ci-only']) {
    lines.push(
      '',
      `CI step and floor only: ${ok.length} of ${rows.length} valid (the bug fails, the fixed tree passes).`,
    );
  } else {
    lines.push(
      '',
      `Healed in attempt 1: ${first} of ${ok.length}. Median heal/floor: ${ratios.length ? `${median(ratios).toFixed(2)}×` : 'n/a'} over the ${ratios.length} healed (goal ≤ 1.3×). ` +
        `Fix lines in the first prompt: ${shown} of ${ok.length}. ` +
        `Fix function in the top 5 of the ranking: ${ok.filter((r) => /^[1-5] /.test(r.fixRank ?? '')).length} of ${ok.length}` +
        ` (${ok.filter((r) => r.fixRank?.includes('spectrum')).length} ranked from a recorded run). ` +
        `Median recorded run: ${spectra.length ? `${(median(spectra) / 1000).toFixed(1)} s` : 'n/a'} over ${spectra.length}.` +
        (args['no-builtin'] ? '' : ` Built-in engine healed: ${builtin} of ${ok.length}.`),
    );
  }
  const notes = rows.filter((r) => r.note && r.status === 'ok');
  for (const r of notes) lines.push(`- ${r.scenario.id}: ${r.note}`);
  const diagnosed = rows.filter((r) => r.diagnosis?.length);
  if (diagnosed.length) {
    lines.push('', 'Not healed in attempt 1:');
    for (const r of diagnosed) {
      lines.push(`- **${r.scenario.id}** (${r.project.runner}):`);
      for (const d of r.diagnosis!) lines.push(`  - ${d.replace(/\s+/g, ' ').slice(0, 500)}`);
    }
  }
  lines.push('', `Reproduce: \`${command}\``, `Logs, prompts and reports: ${outRoot}`);
  const text = lines.join('\n');
  writeFileSync(path.join(outRoot, 'table.md'), `${text}\n`);
  const plain = rows.map(({ project, ...r }) => ({ ...r, project: project.id, runner: project.runner }));
  writeFileSync(path.join(outRoot, 'rows.json'), `${JSON.stringify(plain, null, 2)}\n`);
  return text;
}

/** One bench run at a time on a shared machine. */
function takeLock(): () => void {
  mkdirSync(CACHE, { recursive: true });
  const lock = path.join(CACHE, 'real-projects.lock');
  try {
    closeSync(openSync(lock, 'wx'));
  } catch {
    const pid = Number(readFileSync(lock, 'utf8'));
    let alive: boolean;
    try {
      process.kill(pid, 0);
      alive = pid > 0;
    } catch {
      alive = false;
    }
    if (alive) throw new Error(`another real-projects bench runs (pid ${pid}; ${lock})`);
  }
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

async function main(): Promise<void> {
  if (args.cli !== 'source' && args.cli !== 'dist') throw new Error(`--cli expects source or dist, got ${args.cli}`);
  const pins = JSON.parse(readFileSync(PINS, 'utf8')) as Pins;
  const onlyProjects = args.project?.split(',');
  const onlyScenarios = args.scenario?.split(',');
  const picked = pins.projects.flatMap((project) =>
    (!onlyProjects || onlyProjects.includes(project.id) ? project.scenarios : [])
      .filter((s) => !onlyScenarios || onlyScenarios.includes(s.id))
      .map((scenario) => ({ project, scenario })),
  );
  if (!picked.length) throw new Error('no scenario matches --project/--scenario (see bench/real-projects/pins.json)');
  const release = takeLock();
  const stop = () => {
    killRunning();
    if (currentWork && !args.keep) rmSync(currentWork, { recursive: true, force: true });
    release();
    process.exit(130);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const outRoot = mkdtempSync(path.join(tmpdir(), 'self-heal-bench-real-projects-'));
  const started = performance.now();
  const flags = process.argv.slice(2).map(shq).join(' ');
  const reproduce = `npm run bench -- real-projects${flags ? ` ${flags}` : ''}`;
  try {
    const tools = ensureTools(pins.tools, path.join(outRoot, 'tools.log'));
    const rows: Row[] = [];
    for (const { project, scenario } of picked) {
      console.error(`▸ ${scenario.id} (${project.repo}, ${project.runner})`);
      rows.push(await runScenario(project, scenario, tools, outRoot));
      writeTable(rows, reproduce, outRoot); // so far, in case the run is stopped
    }
    console.log(writeTable(rows, reproduce, outRoot));
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.log(
      `Bench wall time: ${((performance.now() - started) / 60000).toFixed(1)} min; self-heal from ${args.cli === 'dist' ? 'dist/cli/index.js' : 'src/ via tsx'}; load average at the end ${load} (1, 5, 15 min) on ${availableParallelism()} cores.`,
    );
  } finally {
    release();
  }
}

await main();

/**
 * Bench: real red builds (issue 27, point 7). Per scenario (bench/real-builds/pins.json): a clone of
 * the project's fetch mirror at the parent of a real commit that fixed its build (compile, type,
 * lint, format or import errors), the project's own check run there (it must fail, and its log must
 * show the pinned diagnostics), then the same check on the fix commit and on the parent with only the
 * fix's source part applied (what an agent that applies the real fix does; both must pass).
 *
 *   npm run bench -- real-builds --ci-only [--project <id,…>] [--scenario <id,…>] [--keep]
 *
 * This is the benchmark's first half. The healing half (self-heal with an agent that applies the real
 * fix, and the built-in engine, on each broken tree) needs the diagnostic parsers; its place is
 * `healScenario` below. npm installs are cached under ~/.cache/self-heal-bench (SELF_HEAL_BENCH_CACHE);
 * logs stay under the OS temp dir (printed at the end).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, devNull, homedir, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cargoOffline, diagnosticsFound, type PinnedDiagnostic } from './_real-builds-lib.js';
import { cell, killRunning, runShell, shq, type RunResult } from './_real-projects-lib.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const PINS = path.join(ROOT, 'bench/real-builds/pins.json');
const MIRRORS = process.env.SELF_HEAL_BENCH_MIRRORS ?? '/work/.mirror';
const CACHE = process.env.SELF_HEAL_BENCH_CACHE ?? path.join(homedir(), '.cache', 'self-heal-bench');
const TIMEOUT = { install: 900, check: 600 } as const;

const { values: args } = parseArgs({
  options: {
    project: { type: 'string' },
    scenario: { type: 'string' },
    'ci-only': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

interface Scenario {
  id: string;
  fix: string;
  tool?: string;
  check?: string;
  extraPackages?: string[];
  diagnostics: PinnedDiagnostic[];
}
interface Project {
  id: string;
  repo: string;
  tool: string;
  install: 'none' | 'npm install';
  setup?: string[];
  /** Path prefixes of the fix's source part ('' for every path but the tests). */
  source: string[];
  testFiles: string;
  check: string;
  env?: Record<string, string>;
  scenarios: Scenario[];
}

interface Row {
  project: Project;
  scenario: Scenario;
  status: 'ok' | 'skipped' | 'invalid';
  note?: string;
  parent?: RunResult & { found: number };
  fix?: RunResult;
  sourceOnly?: RunResult;
  sourceFiles?: string[];
  /** Filled by the healing half (not written yet). */
  healed?: string;
}

const gitIdentity = {
  GIT_CONFIG_GLOBAL: devNull,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'bench',
  GIT_AUTHOR_EMAIL: 'bench@self-heal.invalid',
  GIT_COMMITTER_NAME: 'bench',
  GIT_COMMITTER_EMAIL: 'bench@self-heal.invalid',
};

/**
 * The environment of every project command: the caller's, without npm's `npm_*` variables and this
 * worktree's node_modules/.bin (whose eslint or tsc must not stand in for a project's), with this Node
 * first on PATH, CI=true, no module proxy for Go, and an isolated git config.
 */
function projectEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  const ownBin = path.join(ROOT, 'node_modules');
  const paths = (process.env.PATH ?? '').split(':').filter((p) => p && !p.startsWith(ownBin));
  env.PATH = [path.dirname(process.execPath), ...paths].join(':');
  delete env.GOFLAGS;
  return {
    ...env,
    CI: 'true',
    GOPROXY: 'off',
    GOTOOLCHAIN: 'local',
    CARGO_TERM_COLOR: 'never',
    PYTHONDONTWRITEBYTECODE: '1',
    PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1',
    ...gitIdentity,
    ...extra,
  };
}

function git(cwd: string, gitArgs: string[]): string {
  return execFileSync('git', gitArgs, {
    cwd,
    env: projectEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
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

/** The named setup steps of pins.json, committed on the parent as `bench setup` when there are any. */
function setUp(project: Project, repo: string, log: string): void {
  const done: string[] = [];
  for (const step of project.setup ?? []) {
    const [name, arg] = step.split(/\s+/, 2);
    if (name === 'go-mod-init') {
      if (existsSync(path.join(repo, 'go.mod'))) continue;
      execFileSync('go', ['mod', 'init', arg!], { cwd: repo, env: projectEnv(), stdio: 'ignore', timeout: 60_000 });
    } else if (name === 'cargo-offline') {
      const manifest = path.join(repo, 'Cargo.toml');
      writeFileSync(manifest, cargoOffline(readFileSync(manifest, 'utf8')));
    } else throw new Error(`unknown setup step ${JSON.stringify(step)} in pins.json`);
    done.push(step);
  }
  if (!done.length) return;
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '--no-verify', '-m', `bench setup\n\n${done.join('\n')}`]);
  writeFileSync(log, `bench setup: ${done.join(', ')}\n`, { flag: 'a' });
}

function hash(...parts: string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 16);
}

/**
 * node_modules for the repo: `npm install` of its package.json plus the scenario's pinned extra
 * packages, cached by both and linked into the clone (`cp -al`). Returns an error message, if any.
 * --legacy-peer-deps: these projects use pnpm, which installs past peer ranges that npm refuses
 * (a pinned older typescript below a newer unbuild's optional peer range).
 */
async function installNpm(
  project: Project,
  scenario: Scenario,
  repo: string,
  log: string,
): Promise<string | undefined> {
  const manifest = readFileSync(path.join(repo, 'package.json'), 'utf8');
  const extra = scenario.extraPackages ?? [];
  const cached = path.join(CACHE, 'npm', `real-builds-${project.id}-${hash(manifest, ...extra)}`);
  if (!existsSync(path.join(cached, 'node_modules'))) {
    const command = `npm install --no-audit --no-fund --ignore-scripts --legacy-peer-deps --no-package-lock --no-save ${extra.map(shq).join(' ')}`;
    const r = await runShell(command, { cwd: repo, env: projectEnv(), logFile: log, timeoutSeconds: TIMEOUT.install });
    if (r.code !== 0) return `${command} failed (exit ${r.code}${r.timedOut ? ', timed out' : ''}; see ${log})`;
    mkdirSync(path.dirname(cached), { recursive: true });
    const part = `${cached}.part-${process.pid}`;
    rmSync(part, { recursive: true, force: true });
    mkdirSync(part);
    renameSync(path.join(repo, 'node_modules'), path.join(part, 'node_modules'));
    renameSync(part, cached);
  }
  execFileSync('cp', ['-al', path.join(cached, 'node_modules'), path.join(repo, 'node_modules')], { timeout: 300_000 });
  return undefined;
}

async function check(row: Row, repo: string, name: string, outDir: string): Promise<RunResult & { log: string }> {
  const logFile = path.join(outDir, `${name}.log`);
  const command = row.scenario.check ?? row.project.check;
  writeFileSync(logFile, `$ ${command}\n`);
  const env = projectEnv(row.project.env);
  const r = await runShell(command, { cwd: repo, env, logFile, timeoutSeconds: TIMEOUT.check });
  return { ...r, log: readFileSync(logFile, 'utf8') };
}

/** The fix's source part (pins' `source` prefixes, never a test file), as a patch for `git apply`. */
function sourcePatch(project: Project, repo: string, parent: string, fix: string, work: string) {
  const testRe = new RegExp(project.testFiles);
  const changed = git(repo, ['diff', '--name-only', '--no-renames', parent, fix]).split('\n').filter(Boolean);
  const files = changed.filter((f) => !testRe.test(f) && project.source.some((p) => f.startsWith(p)));
  const patch = path.join(work, 'fix-source.patch');
  writeFileSync(
    patch,
    files.length ? git(repo, ['diff', '--binary', '--no-renames', parent, fix, '--', ...files]) : '',
  );
  return { patch, files };
}

/** The broken tree: a clone at the fix's parent (plus the bench's setup commit, if any). */
function prepare(project: Project, scenario: Scenario, mirror: string, work: string, log: string) {
  const repo = path.join(work, 'repo');
  git(work, ['clone', '-q', '--no-checkout', mirror, repo]);
  const parent = git(repo, ['rev-parse', `${scenario.fix}^`]).trim();
  git(repo, ['checkout', '-q', '--detach', parent]);
  setUp(project, repo, log);
  writeFileSync(path.join(repo, '.git/info/exclude'), 'node_modules/\n__pycache__/\ntarget/\n', { flag: 'a' });
  const broken = git(repo, ['rev-parse', 'HEAD']).trim();
  const fullPatch = path.join(work, 'fix.patch');
  writeFileSync(fullPatch, git(repo, ['diff', '--binary', '--no-renames', parent, scenario.fix]));
  return { repo, parent, broken, fullPatch, ...sourcePatch(project, repo, parent, scenario.fix, work) };
}

/** Back to the broken tree, then the patch applied (none: the broken tree itself). */
function resetTo(repo: string, broken: string, patch?: string): void {
  git(repo, ['reset', '-q', '--hard', broken]);
  git(repo, ['clean', '-q', '-fdx', '-e', 'node_modules']);
  if (patch && readFileSync(patch, 'utf8')) git(repo, ['apply', '--whitespace=nowarn', patch]);
}

/**
 * The healing half, to come once the diagnostic parsers exist (issue 27): on the broken tree,
 * `self-heal run --test-command <check>` with the command agent that applies `sourcePatch` (as
 * scripts/bench/_real-projects-agent.mjs does for real-projects), then with `--provider builtin`;
 * per scenario: healed, attempts, heal time against the floor (the `sourceOnly` check's time).
 */
async function healScenario(row: Row): Promise<void> {
  row.healed = 'not run (the healing half is not written yet)';
}

let currentWork: string | undefined;

async function runScenario(project: Project, scenario: Scenario, outRoot: string): Promise<Row> {
  const row: Row = { project, scenario, status: 'ok' };
  const mirror = mirrorOf(project.repo);
  if (!mirror) {
    return { ...row, status: 'skipped', note: `no mirror: run the search tool's \`fetch github:${project.repo}\`` };
  }
  const out = path.join(outRoot, scenario.id);
  mkdirSync(out, { recursive: true });
  const work = mkdtempSync(path.join(tmpdir(), `bench-builds-${scenario.id}-`));
  currentWork = work;
  try {
    const p = prepare(project, scenario, mirror, work, path.join(out, 'setup.log'));
    if (project.install === 'npm install') {
      const failed = await installNpm(project, scenario, p.repo, path.join(out, 'install.log'));
      if (failed) return { ...row, status: 'invalid', note: failed };
    }
    const parent = await check(row, p.repo, 'parent', out);
    row.parent = { ...parent, found: diagnosticsFound(parent.log, scenario.diagnostics) };
    resetTo(p.repo, p.broken, p.fullPatch);
    row.fix = await check(row, p.repo, 'fix', out);
    resetTo(p.repo, p.broken, p.patch);
    row.sourceFiles = p.files;
    row.sourceOnly = await check(row, p.repo, 'source-only', out);
    const problems = [
      ...(row.parent.code === 0 ? ['the broken tree passes its check'] : []),
      ...(row.parent.found < scenario.diagnostics.length
        ? [`the broken tree's log shows ${row.parent.found} of ${scenario.diagnostics.length} pinned diagnostics`]
        : []),
      ...(row.fix.code !== 0 ? [`the fix does not pass (exit ${row.fix.code})`] : []),
      ...(row.sourceOnly.code !== 0 ? [`the fix's source part alone does not pass (exit ${row.sourceOnly.code})`] : []),
    ];
    if (problems.length) return { ...row, status: 'invalid', note: problems.join('; ') };
    if (!args['ci-only']) {
      resetTo(p.repo, p.broken);
      await healScenario(row);
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

function secs(r: RunResult | undefined): string {
  return r ? `${(r.ms / 1000).toFixed(1)}${r.timedOut ? ' (timed out)' : ''}` : '';
}

/** The Markdown table (with the summary and the command), also written to table.md. */
function writeTable(rows: Row[], command: string, outRoot: string): string {
  const lines = [
    '| scenario | project | tool | check | diagnostics (pinned: file:line code) | broken: exit, found | fix: exit | source part: exit (files) | check s (broken / fix / source part) | healed |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | ---: | --- |',
  ];
  for (const r of rows) {
    const s = r.scenario;
    const diags = s.diagnostics.map((d) => `${d.file}${d.line ? `:${d.line}` : ''} ${d.code ?? ''}`.trim()).join('; ');
    const parent = r.parent ? `${r.parent.code}, ${r.parent.found}/${s.diagnostics.length}` : '';
    const source = r.sourceOnly ? `${r.sourceOnly.code} (${r.sourceFiles?.join(', ')})` : '';
    const times = r.parent ? `${secs(r.parent)} / ${secs(r.fix)} / ${secs(r.sourceOnly)}` : '';
    const healed = r.status === 'ok' ? (r.healed ?? 'not run (--ci-only)') : `${r.status}: ${r.note ?? ''}`;
    lines.push(
      `| ${cell(s.id)} | ${cell(r.project.repo)} | ${cell(s.tool ?? r.project.tool)} | \`${cell(s.check ?? r.project.check, 200)}\` | ${cell(diags, 200)} | ${parent} | ${r.fix?.code ?? ''} | ${cell(source)} | ${times} | ${cell(healed, 200)} |`,
    );
  }
  const ok = rows.filter((r) => r.status === 'ok').length;
  const tools = [...new Set(rows.filter((r) => r.status === 'ok').map((r) => r.scenario.tool ?? r.project.tool))];
  lines.push(
    '',
    `Valid: ${ok} of ${rows.length} (the broken tree fails its check and shows every pinned diagnostic; the fix, and its source part alone, pass). Tools: ${tools.join(', ')}.`,
    '',
    `Reproduce: \`${command}\``,
    `Logs: ${outRoot}`,
  );
  const text = lines.join('\n');
  writeFileSync(path.join(outRoot, 'table.md'), `${text}\n`);
  return text;
}

async function main(): Promise<void> {
  const pins = JSON.parse(readFileSync(PINS, 'utf8')) as { projects: Project[] };
  const onlyProjects = args.project?.split(',');
  const onlyScenarios = args.scenario?.split(',');
  const picked = pins.projects.flatMap((project) =>
    (!onlyProjects || onlyProjects.includes(project.id) ? project.scenarios : [])
      .filter((s) => !onlyScenarios || onlyScenarios.includes(s.id))
      .map((scenario) => ({ project, scenario })),
  );
  if (!picked.length) throw new Error('no scenario matches --project/--scenario (see bench/real-builds/pins.json)');
  const stop = () => {
    killRunning();
    if (currentWork && !args.keep) rmSync(currentWork, { recursive: true, force: true });
    process.exit(130);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (!args['ci-only']) {
    console.error('The healing half of real-builds is not written yet: running the checks only (as --ci-only).');
  }
  const outRoot = mkdtempSync(path.join(tmpdir(), 'self-heal-bench-real-builds-'));
  const started = performance.now();
  const flags = process.argv.slice(2).map(shq).join(' ');
  const reproduce = `npm run bench -- real-builds${flags ? ` ${flags}` : ''}`;
  const rows: Row[] = [];
  for (const { project, scenario } of picked) {
    console.error(`▸ ${scenario.id} (${project.repo}, ${scenario.tool ?? project.tool})`);
    const row = await runScenario(project, scenario, outRoot);
    console.error(
      `  ${row.status}${row.note ? `: ${row.note}` : ''}; check ${secs(row.parent)} / ${secs(row.fix)} / ${secs(row.sourceOnly)} s`,
    );
    rows.push(row);
    writeTable(rows, reproduce, outRoot);
  }
  console.log(writeTable(rows, reproduce, outRoot));
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(
    `Bench wall time: ${((performance.now() - started) / 60000).toFixed(1)} min; load average at the end ${load} (1, 5, 15 min) on ${availableParallelism()} cores.`,
  );
  process.exitCode = rows.some((r) => r.status === 'invalid') ? 1 : 0;
}

await main();

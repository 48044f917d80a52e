/**
 * Bench: the cost of self-heal's Python recorder (issue 28, point 2). For each pytest scenario of
 * the real-projects bench (bench/real-projects/pins.json): a clone of the project's mirror at the
 * fix's parent with the fix's test part applied, the project's test command run once (the CI step),
 * then the recorded run's own command (the failing tests' files, or the tests alone when the files
 * hold more than 300 tests, as `loop/spectrum-run.ts` plans it) run plain and under the recorders,
 * interleaved, each through self-heal's `runCommand`.
 * With `--compare <dir>` the recorders of another checkout (main's `src/`) run beside them, so one
 * run gives before and after on the same load.
 *
 *   npm run bench -- python-recorder [--scenario <id,…>] [--runs 5] [--compare <checkout>]
 *                                    [--env NAME=VALUE …]
 *
 * `--env` sets variables of the runs (another interpreter: `--env PYENV_VERSION=3.12.1`, with
 * `--env PYTHONPATH=<a directory holding pytest>` when that interpreter has none). Wall time is
 * what the issue's goal is about; the CPU time of the run's process tree follows the work on a
 * loaded machine. The recorded spectra are checked to be the same for every recorder compared.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { collectEvidence } from '../../src/frames/collect-evidence.js';
import { planRerun, type RerunTarget } from '../../src/loop/rerun.js';
import { MAX_FILE_LEVEL_TESTS, testsInTargetFiles } from '../../src/loop/spectrum-run.js';
import { runCommand } from '../../src/workspace/run-tests.js';
import type { ExecutionSpectrum } from '../../src/contracts/spectrum.js';
import { median } from './_real-projects-lib.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const MIRRORS = process.env.SELF_HEAL_BENCH_MIRRORS ?? '/work/.mirror';

const { values: args } = parseArgs({
  options: {
    scenario: { type: 'string' },
    runs: { type: 'string', default: '5' },
    compare: { type: 'string' },
    env: { type: 'string', multiple: true, default: [] },
  },
});

interface Project {
  id: string;
  repo: string;
  runner: string;
  source?: string[];
  testFiles: string;
  testCommand: string;
  scenarios: Array<{ id: string; fix: string }>;
}

type StartRecording = typeof import('../../src/workspace/recorders/recorders.js').startRecording;

const extraEnv = Object.fromEntries(
  (args.env ?? []).map((pair) => {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`--env ${pair}: expected NAME=VALUE`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);
const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', ...extraEnv };

function git(cwd: string, gitArgs: string[]): string {
  return execFileSync('git', gitArgs, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Children's CPU time so far (user + system, ms), from /proc: the runs' process trees once reaped. */
function childrenCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return NaN;
  }
}

/** The bug state: the fix's parent with the fix's non-source files (its tests) as the fix has them. */
function prepare(project: Project, fix: string, work: string): string | undefined {
  const mirror = [path.join(MIRRORS, project.repo.replace('/', '+'), 'repo')].find((d) => existsSync(d));
  if (!mirror) return undefined;
  const repo = path.join(work, 'repo');
  git(work, ['clone', '-q', '--no-checkout', mirror, repo]);
  git(repo, ['-c', 'advice.detachedHead=false', 'checkout', '-q', `${fix}^`]);
  const testRe = new RegExp(project.testFiles);
  const changed = git(repo, ['diff', '--name-only', '--no-renames', `${fix}^`, fix])
    .split('\n')
    .filter(Boolean);
  const kept = changed.filter((f) => testRe.test(f) || !(project.source ?? []).some((p) => f.startsWith(p)));
  const present = new Set(git(repo, ['ls-tree', '-r', '--name-only', fix, '--', ...kept]).split('\n'));
  const restore = kept.filter((f) => present.has(f));
  if (restore.length) git(repo, ['checkout', fix, '--', ...restore]);
  return repo;
}

interface Timed {
  wallMs: number;
  cpuMs: number;
  spectrum?: ExecutionSpectrum;
}

async function timed(
  repo: string,
  command: string,
  runEnv: NodeJS.ProcessEnv,
  record?: StartRecording,
): Promise<Timed> {
  const recording = record?.({ root: repo, cwd: repo });
  try {
    const full = recording ? { ...runEnv, ...recording.env(runEnv) } : runEnv;
    rmSync(path.join(repo, 'reports'), { recursive: true, force: true });
    const cpu = childrenCpuMs();
    const result = await runCommand({ command, cwd: repo, env: full, timeoutMs: 900_000 });
    const cpuMs = childrenCpuMs() - cpu;
    return { wallMs: result.durationMs, cpuMs, spectrum: recording?.read(result.durationMs) };
  } finally {
    recording?.dispose();
  }
}

/** The spectrum as comparable text: each unit's test, outcome and lines. */
function fingerprint(spectrum: ExecutionSpectrum | undefined): string {
  if (!spectrum) return 'none';
  const units = spectrum.units.map((u) => {
    const files = [...u.lines].sort(([a], [b]) => a.localeCompare(b));
    return `${u.test ?? ''} ${u.outcome} ${files.map(([f, s]) => `${f}:${[...s].sort((a, b) => a - b).join(',')}`).join(' ')}`;
  });
  return units.sort().join('\n');
}

function lineCount(spectrum: ExecutionSpectrum | undefined): number {
  return (spectrum?.units ?? []).reduce((n, u) => n + [...u.lines.values()].reduce((m, s) => m + s.size, 0), 0);
}

interface Row {
  scenario: string;
  command: string;
  tests: number;
  variants: Map<string, Timed[]>;
  same: boolean;
  lines: number;
}

async function benchScenario(
  project: Project,
  scenario: { id: string; fix: string },
  recorders: Map<string, StartRecording>,
): Promise<Row | string> {
  const work = mkdtempSync(path.join(tmpdir(), `bench-python-recorder-${scenario.id}-`));
  try {
    const repo = prepare(project, scenario.fix, work);
    if (!repo) return `no mirror of ${project.repo} under ${MIRRORS}`;
    await runCommand({ command: project.testCommand, cwd: repo, env, timeoutMs: 900_000 });
    const evidence = await collectEvidence({ root: repo, junit: ['reports/*.xml'], testCwd: repo });
    const failing = evidence.run.cases.filter((c) => c.status === 'failed' || c.status === 'errored');
    if (failing.length === 0) return 'the bug state has no failing test';
    const targets: RerunTarget[] = failing.map((c) => ({
      id: c.id,
      name: c.name,
      classname: c.classname,
      file: c.file,
      suite: c.suite,
    }));
    // As the recorded run plans it: the targets' files, unless they hold too many tests.
    const baseline = new Map(evidence.run.cases.map((c) => [c.id, c]));
    const files = testsInTargetFiles({ targets, baseline, cwd: repo }) <= MAX_FILE_LEVEL_TESTS;
    const plan = planRerun({ testCommand: project.testCommand, targets, cwd: repo, scope: files ? 'files' : 'tests' });
    if (!plan.targeted) return `no targeted rerun: ${plan.reason}`;
    const runEnv = { ...env, ...plan.env };
    const variants = new Map<string, Timed[]>([
      ['plain', []],
      ...[...recorders.keys()].map((k): [string, Timed[]] => [k, []]),
    ]);
    // One plain run first (bytecode caches, as the CI step left them), then the variants interleaved.
    await timed(repo, plan.command, runEnv);
    for (let i = 0; i < Number(args.runs); i++) {
      variants.get('plain')!.push(await timed(repo, plan.command, runEnv));
      for (const [name, record] of recorders) variants.get(name)!.push(await timed(repo, plan.command, runEnv, record));
    }
    const prints = [...recorders.keys()].flatMap((k) => variants.get(k)!.map((t) => fingerprint(t.spectrum)));
    const first = [...recorders.keys()][0]!;
    return {
      scenario: scenario.id,
      command: plan.command,
      tests: (await collectEvidence({ root: repo, junit: ['reports/*.xml'], testCwd: repo })).run.cases.length,
      variants,
      same: prints.every((p) => p === prints[0]) && prints[0] !== 'none',
      lines: lineCount(variants.get(first)![0]!.spectrum),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const pins = JSON.parse(readFileSync(path.join(ROOT, 'bench/real-projects/pins.json'), 'utf8')) as {
    projects: Project[];
  };
  const wanted = args.scenario?.split(',');
  const recorders = new Map<string, StartRecording>();
  if (args.compare) {
    const other = (await import(path.resolve(args.compare, 'src/workspace/recorders/recorders.ts'))) as {
      startRecording: StartRecording;
    };
    recorders.set('compared', other.startRecording);
  }
  recorders.set('recorded', (await import('../../src/workspace/recorders/recorders.js')).startRecording);
  const version = execFileSync('sh', ['-c', 'python3 --version'], { env, encoding: 'utf8' }).trim();
  console.log(
    `${version}; ${args.runs} runs of each, interleaved; medians (wall s / CPU s of the run's process tree)\n`,
  );
  const names = [...recorders.keys()];
  console.log(
    `| scenario | tests | plain | ${names.join(' | ')} | ${names.map((n) => `${n} ÷ plain`).join(' | ')} | same spectrum | lines |`,
  );
  console.log(
    `| --- | ---: | ---: | ${names.map(() => '---:').join(' | ')} | ${names.map(() => '---:').join(' | ')} | --- | ---: |`,
  );
  const commands: string[] = [];
  for (const project of pins.projects.filter((p) => p.runner === 'pytest')) {
    for (const scenario of project.scenarios) {
      if (wanted && !wanted.includes(scenario.id) && !wanted.includes(project.id)) continue;
      const row = await benchScenario(project, scenario, recorders);
      if (typeof row === 'string') {
        console.log(`| ${scenario.id} | skipped: ${row} |`);
        continue;
      }
      commands.push(`${row.scenario}: ${row.command}`);
      const wall = (n: string) => median(row.variants.get(n)!.map((t) => t.wallMs)) / 1000;
      const cpu = (n: string) => median(row.variants.get(n)!.map((t) => t.cpuMs)) / 1000;
      const cellOf = (n: string) => `${wall(n).toFixed(2)} / ${cpu(n).toFixed(2)}`;
      const ratio = (n: string) => `${(wall(n) / wall('plain')).toFixed(2)}× / ${(cpu(n) / cpu('plain')).toFixed(2)}×`;
      console.log(
        `| ${row.scenario} | ${row.tests} | ${cellOf('plain')} | ${names.map(cellOf).join(' | ')} | ${names.map(ratio).join(' | ')} | ${row.same ? 'yes' : 'NO'} | ${row.lines} |`,
      );
    }
  }
  console.log(`\nThe recorded runs' commands:\n${commands.map((c) => `  ${c}`).join('\n')}`);
  console.log(
    `\nreproduce: npm run bench -- python-recorder --runs ${args.runs}${args.compare ? ` --compare ${args.compare}` : ''}${(args.env ?? []).map((e) => ` --env ${e}`).join('')}`,
  );
}

await main();

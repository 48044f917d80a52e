/**
 * Bench: what containing a candidate's test runs costs (`workspace/run-containment.ts`), on a real
 * Python project's test command run through `createTestRuns(...).full()` three ways, interleaved:
 * not contained (the baseline's runs, and every run before this change), in the sandbox (overlays
 * on `$HOME`, the tool cache and the temporary directories), and with the scan (the fallback: one
 * walk of the same directories after the run). Wall time and CPU time (the run's process tree and
 * self-heal's own work, /proc/self/stat) per run; on a shared, loaded machine the CPU times follow
 * the work, the wall times the load.
 *
 * The project is boltons at the pin of `python-test-runs.ts` (472 tests, pure Python, pytest only):
 * pass its git directory with --repo (fetch `github:mahmoud/boltons` with the search tool's `fetch`).
 *
 *   node --import tsx scripts/bench/containment.ts [--repo <git dir>] [--runs 5]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { collectEvidence } from '../../src/frames/collect-evidence.js';
import { createTestRuns, type TestRuns } from '../../src/loop/test-runs.js';
import { createRunContainment, probeRunSandbox } from '../../src/workspace/run-containment.js';

const PIN = '967864f89791509f9eb36b22b4579d36b72a6df2';
const TEST_COMMAND = 'python3 -m pytest -q -p no:cacheprovider --junitxml=reports/junit.xml tests';
const JUNIT = ['reports/*.xml'];
const MODES = ['none', 'sandbox', 'scan'] as const;
const FIXED_RUNS = 20;
type Mode = (typeof MODES)[number];

const { values: args } = parseArgs({
  options: {
    repo: { type: 'string', default: '/work/.mirror/mahmoud+boltons/repo' },
    runs: { type: 'string', default: '5' },
  },
});
const runs = Number(args.runs);
const reproduce = `npm run bench -- containment   (or: node --import tsx scripts/bench/containment.ts --repo ${args.repo} --runs ${runs})`;

if (!existsSync(args.repo)) {
  console.log(`skipped: no clone of boltons at ${args.repo} (fetch github:mahmoud/boltons, or pass --repo <git dir>)`);
  process.exit(0);
}
const support = probeRunSandbox();
if (!support.available) console.log(`the sandbox is not available here (${support.reason}): its column is skipped\n`);

interface Sample {
  ms: number;
  cpu: number;
  cases: number;
  listed: number;
  truncated: boolean;
}

const base = mkdtempSync(path.join(tmpdir(), 'bench-containment-'));
const root = path.join(base, 'boltons');
const env: NodeJS.ProcessEnv = { ...process.env };
try {
  execFileSync('git', ['clone', '-q', '--no-checkout', args.repo, root], { stdio: 'pipe' });
  execFileSync('git', ['-c', 'advice.detachedHead=false', 'checkout', '-q', PIN], { cwd: root, stdio: 'pipe' });
  const make = (mode: Mode): TestRuns => {
    const r = createTestRuns({
      testCommand: TEST_COMMAND,
      junit: JUNIT,
      root,
      cwd: root,
      outputDir: path.join(root, '.git', 'self-heal', `runs-${mode}`),
      timeoutMs: 600_000,
      env,
      git: { cwd: root, env },
      collect: (input) => collectEvidence({ ...input, testCwd: root }),
      containment: { mode: mode === 'scan' ? 'scan' : 'auto' },
    });
    if (mode !== 'none') r.contain();
    return r;
  };
  const modes = MODES.filter((m) => m !== 'sandbox' || support.available);
  const testRuns = new Map(modes.map((m) => [m, make(m)]));
  const samples = new Map<Mode, Sample[]>(modes.map((m) => [m, []]));
  let counter = 0;
  const once = async (mode: Mode): Promise<Sample> => {
    const cpu = cpuMs();
    const started = performance.now();
    const run = await testRuns.get(mode)!.full(`bench-${++counter}`);
    const w = run.writtenOutside;
    return {
      ms: performance.now() - started,
      cpu: cpuMs() - cpu,
      cases: run.cases.length,
      listed: w?.total ?? 0,
      truncated: w?.truncated ?? false,
    };
  };
  // One run first: the bytecode caches and the page cache, as the failed step before self-heal left them.
  await once('none');
  for (let i = 0; i < runs; i++) {
    // Rotate which goes first, so none always runs on a warmer machine.
    const order = modes.map((_, k) => modes[(i + k) % modes.length]!);
    for (const m of order) samples.get(m)!.push(await once(m));
  }

  const median = (values: number[]) => {
    const s = [...values].sort((a, b) => a - b);
    const mid = Math.floor(s.length / 2);
    return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  };
  const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const pct = (a: number, b: number) => `${a >= b ? '+' : ''}${(((a - b) / b) * 100).toFixed(1)}%`;
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const none = samples.get('none')!;
  const [wall0, cpu0] = [median(none.map((s) => s.ms)), median(none.map((s) => s.cpu))];
  console.log(
    `boltons@${PIN.slice(0, 12)} (${none[0]?.cases ?? 0} tests) through createTestRuns().full(), ${runs} runs per mode, rotated; load average ${load}\n`,
  );
  console.log(
    '| mode | median wall | wall overhead | median CPU | CPU overhead | paths listed (median) | walk stopped at its bound |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const m of modes) {
    const s = samples.get(m)!;
    const [wall, cpu] = [median(s.map((x) => x.ms)), median(s.map((x) => x.cpu))];
    const label = m === 'none' ? 'not contained' : m === 'sandbox' ? 'sandbox (overlays)' : 'scan (fallback)';
    console.log(
      `| ${label} | ${sec(wall)} | ${m === 'none' ? '–' : pct(wall, wall0)} | ${sec(cpu)} | ${m === 'none' ? '–' : pct(cpu, cpu0)} | ${median(s.map((x) => x.listed))} | ${m === 'none' ? '–' : s.some((x) => x.truncated) ? 'yes' : 'no'} |`,
    );
  }
  // The fixed part: a command that does nothing, through each mode (setup, listing or walk).
  console.log(
    `\nfixed cost per run: the command \`true\`, ${FIXED_RUNS} runs per mode, through createRunContainment()\n`,
  );
  console.log('| mode | wall per run | CPU per run |');
  console.log('| --- | ---: | ---: |');
  for (const m of modes) {
    const containment = m === 'none' ? null : createRunContainment({ root, env, mode: m === 'scan' ? 'scan' : 'auto' });
    const cpu = cpuMs();
    const started = performance.now();
    for (let i = 0; i < FIXED_RUNS; i++) {
      const prepared = containment?.prepare('true', root);
      spawnSync('sh', ['-c', prepared?.command ?? 'true'], { cwd: root, env, stdio: 'ignore' });
      prepared?.finish();
    }
    const label = m === 'none' ? 'not contained' : m === 'sandbox' ? 'sandbox (overlays)' : 'scan (fallback)';
    console.log(
      `| ${label} | ${((performance.now() - started) / FIXED_RUNS).toFixed(1)} ms | ${((cpuMs() - cpu) / FIXED_RUNS).toFixed(1)} ms |`,
    );
  }
  console.log(
    `\nHOME=${env.HOME ?? ''} TMPDIR=${env.TMPDIR ?? '(unset: /tmp)'} RUNNER_TOOL_CACHE=${env.RUNNER_TOOL_CACHE ?? '(unset)'}`,
  );
  console.log(`command: ${TEST_COMMAND}`);
  console.log(`reproduce: ${reproduce}`);
} finally {
  rmSync(base, { recursive: true, force: true });
}

/** CPU time (ms) of this process and of its children that were waited for (/proc/self/stat, 100 Hz ticks). */
function cpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14-17 of proc(5) (utime, stime, cutime, cstime) are 12-15 after the command name.
  return fields.slice(11, 15).reduce((n, f) => n + Number(f), 0) * 10;
}

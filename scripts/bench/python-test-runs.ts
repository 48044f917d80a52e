/**
 * Bench: a real Python project's test command, run plain and through self-heal's test runs
 * (`createTestRuns(...).full()`, wired as heal() wires them: a snapshot of the tree, the changed
 * paths before each run and the bytecode they invalidate, stale-report deletion, the git-metadata
 * guard, the JUnit report read into cases and frames), interleaved, several runs each.
 *
 * The project is boltons at a pinned commit: 472 tests, pure Python, needing only pytest. Its code
 * is not in this repository: fetch `github:mahmoud/boltons` with the search tool's `fetch` (or
 * clone it anywhere) and pass the git directory with --repo. One plain run first fills the user's
 * bytecode caches, as the failed test step before self-heal did. Beside wall time, the CPU time
 * of each run (the test command's process tree and self-heal's own work, from /proc/self/stat) is
 * printed: on a shared, loaded machine the wall times follow the load, the CPU times the work.
 *
 *   node --import tsx scripts/bench/python-test-runs.ts [--repo <git dir>] [--runs 5]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import picomatch from 'picomatch';
import { collectEvidence } from '../../src/frames/collect-evidence.js';
import { createTestRuns, reportPatternsFromRoot } from '../../src/loop/test-runs.js';
import { changedPaths, releaseSnapshot, restoreGitMetadata, takeSnapshot } from '../../src/workspace/tree-state.js';

const PIN = '967864f89791509f9eb36b22b4579d36b72a6df2';
const TEST_COMMAND = 'python3 -m pytest -q --junitxml=reports/junit.xml tests';
const JUNIT = ['reports/*.xml'];

const { values: args } = parseArgs({
  options: {
    repo: { type: 'string', default: '/work/.mirror/mahmoud+boltons/repo' },
    runs: { type: 'string', default: '5' },
  },
});
const runs = Number(args.runs);
const reproduce = `npm run bench -- python-test-runs   (or: node --import tsx scripts/bench/python-test-runs.ts --repo ${args.repo} --runs ${runs})`;

if (!existsSync(args.repo)) {
  console.log(`skipped: no clone of boltons at ${args.repo} (fetch github:mahmoud/boltons, or pass --repo <git dir>)`);
  process.exit(0);
}

const base = mkdtempSync(path.join(tmpdir(), 'bench-python-test-runs-'));
const root = path.join(base, 'boltons');
// The bytecode caches are the point: this machine sets PYTHONDONTWRITEBYTECODE, CI runners do not.
const env: NodeJS.ProcessEnv = { ...process.env };
delete env.PYTHONDONTWRITEBYTECODE;
delete env.PYTHONPYCACHEPREFIX;
try {
  execFileSync('git', ['clone', '-q', '--no-checkout', args.repo, root], { stdio: 'pipe' });
  execFileSync('git', ['-c', 'advice.detachedHead=false', 'checkout', '-q', PIN], { cwd: root, stdio: 'pipe' });
  const gitDir = path.join(root, '.git');

  const plain = (): Timed => {
    const out = openSync(path.join(base, 'plain.log'), 'w');
    const cpu = cpuMs();
    const started = performance.now();
    // In a session of its own, as runCommand's detached shell is: with the kernel's autogroup
    // scheduling, a new session gets its own share of a loaded machine's CPU.
    spawnSync('setsid', ['-w', 'sh', '-c', TEST_COMMAND], { cwd: root, env, stdio: ['ignore', out, out] });
    const ms = performance.now() - started;
    closeSync(out);
    return { ms, cpu: cpuMs() - cpu };
  };

  const isOutput = picomatch(reportPatternsFromRoot(root, root, JUNIT), { dot: true });
  const snapshot = takeSnapshot({ root, gitDir, env, isOutput });
  const testRuns = createTestRuns({
    testCommand: TEST_COMMAND,
    junit: JUNIT,
    root,
    cwd: root,
    outputDir: path.join(gitDir, 'self-heal', 'runs'),
    timeoutMs: 600_000,
    env,
    git: { cwd: root, env },
    guardGitDir: () => restoreGitMetadata(snapshot),
    changedPaths: () => changedPaths(snapshot),
    collect: (input) => collectEvidence({ ...input, testCwd: root }),
  });
  let counter = 0;
  const inside = async (): Promise<Timed & { own: number; cases: number }> => {
    const cpu = cpuMs();
    const own = cpuMs('self');
    const started = performance.now();
    const run = await testRuns.full(`bench-${++counter}`);
    return { ms: performance.now() - started, cpu: cpuMs() - cpu, own: cpuMs('self') - own, cases: run.cases.length };
  };

  plain();
  const rows: Array<{ plain: Timed; inside: Timed & { own: number }; cases: number }> = [];
  for (let i = 0; i < runs; i++) {
    // Alternate which goes first, so neither always runs on a warmer machine.
    if (i % 2 === 0) {
      const p = plain();
      const r = await inside();
      rows.push({ plain: p, inside: r, cases: r.cases });
    } else {
      const r = await inside();
      rows.push({ plain: plain(), inside: r, cases: r.cases });
    }
  }
  releaseSnapshot(snapshot);

  const median = (values: number[]) => {
    const s = [...values].sort((a, b) => a - b);
    const m = Math.floor(s.length / 2);
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  const pct = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1)}%`;
  const load = execFileSync('cat', ['/proc/loadavg']).toString().split(' ').slice(0, 3).join(' ');
  console.log(
    `boltons@${PIN.slice(0, 12)} (${rows[0]?.cases ?? 0} tests), plain vs through createTestRuns().full(), ${runs} runs each, interleaved; load average ${load}\n`,
  );
  console.log(
    '| run | plain | inside self-heal | overhead | plain CPU | inside CPU | of which self-heal’s process | CPU overhead |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  rows.forEach((r, i) =>
    console.log(
      `| ${i + 1} | ${sec(r.plain.ms)} | ${sec(r.inside.ms)} | ${pct(r.inside.ms, r.plain.ms)} | ${sec(r.plain.cpu)} | ${sec(r.inside.cpu)} | ${sec(r.inside.own)} | ${pct(r.inside.cpu, r.plain.cpu)} |`,
    ),
  );
  const m = (pick: (r: (typeof rows)[number]) => number) => median(rows.map(pick));
  const [mp, mi, cp, ci, co] = [
    m((r) => r.plain.ms),
    m((r) => r.inside.ms),
    m((r) => r.plain.cpu),
    m((r) => r.inside.cpu),
    m((r) => r.inside.own),
  ];
  console.log(
    `| **median** | **${sec(mp)}** | **${sec(mi)}** | **${pct(mi, mp)}** | **${sec(cp)}** | **${sec(ci)}** | ${sec(co)} | **${pct(ci, cp)}** |`,
  );
  console.log(`\ncommand: ${TEST_COMMAND}`);
  console.log(`reproduce: ${reproduce}`);
} finally {
  rmSync(base, { recursive: true, force: true });
}

interface Timed {
  ms: number;
  cpu: number;
}

/**
 * CPU time (ms) of this process and of its children that were waited for, or of this process alone
 * (/proc/self/stat, 100 Hz ticks).
 */
function cpuMs(which: 'all' | 'self' = 'all'): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14-17 of proc(5) (utime, stime, cutime, cstime) are 12-15 after the command name.
  return fields.slice(11, which === 'self' ? 13 : 15).reduce((n, f) => n + Number(f), 0) * 10;
}

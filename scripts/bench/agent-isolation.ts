/**
 * What keeping an agent off the real work tree costs per attempt (issue 10), on a generated
 * repository of N tracked files (default 5,000) with an ignored node_modules of M files (default
 * 50,000) and a $HOME of H files (default 5,000). One attempt's agent appends a line to one source
 * file. Compared:
 * - in place: the agent run directly on the tree, as before (no isolation; the baseline);
 * - sandbox: overlays on the tree and $HOME in user, mount and pid namespaces (where available);
 * - copy: the fallback, a private copy with dependency folders linked (made on a run's first attempt,
 *   reset on later ones), and a scan of the real tree and $HOME for writes that escaped it.
 * Plus the per-call costs the other rules add: the git config overrides (rule 3), the walk that puts
 * .git back (rule 2), the /proc scan for a command's leftover processes (rule 4).
 *
 * Reproduce: node --import tsx scripts/bench/agent-isolation.ts [--files 5000] [--deps 50000] [--home 5000] [--runs 7]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { runAgentIsolated, type AgentRun } from '../../src/workspace/agent-workspace.js';
import { git } from '../../src/workspace/git.js';
import { killMarked } from '../../src/workspace/process-registry.js';
import { runCommand } from '../../src/workspace/run-tests.js';
import { probeSandbox, removeTree } from '../../src/workspace/sandbox.js';
import { releaseSnapshot, restoreGitMetadata, takeSnapshot } from '../../src/workspace/tree-state.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const FILES = arg('files', 5000);
const DEPS = arg('deps', 50_000);
const HOME_FILES = arg('home', 5000);
const RUNS = arg('runs', 7);

const base = mkdtempSync(path.join(os.tmpdir(), 'self-heal-bench-isolation-'));
const root = path.join(base, 'repo');
const home = path.join(base, 'home');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  HOME: home,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_DATE: '2026-01-02T00:00:00Z',
  GIT_COMMITTER_DATE: '2026-01-02T00:00:00Z',
};
const rawGit = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });

function spread(dir: string, count: number, perDir: number, content: (i: number) => string, ext: string): void {
  for (let i = 0; i < count; i++) {
    const sub = path.join(dir, `d${Math.floor(i / perDir / 20)}`, `p${Math.floor(i / perDir)}`);
    if (i % perDir === 0) mkdirSync(sub, { recursive: true });
    writeFileSync(path.join(sub, `f${i}.${ext}`), content(i));
  }
}

function generate(): void {
  mkdirSync(root, { recursive: true });
  rawGit('init', '-q', '-b', 'main');
  spread(path.join(root, 'src'), FILES, 50, (i) => `export const v${i} = ${i};\n`.repeat(20), 'js');
  writeFileSync(path.join(root, '.gitignore'), 'node_modules/\n');
  spread(path.join(root, 'node_modules'), DEPS, 50, () => 'module.exports = 1;\n', 'js');
  spread(path.join(home, '.config'), HOME_FILES, 50, () => 'x=1\n', 'conf');
  rawGit('add', '-A');
  rawGit('commit', '-q', '-m', 'generated');
}

function stats(values: number[]): { median: number; p95: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)]!,
    p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!,
  };
}

const fmt = (n: number) => n.toFixed(1);
const AGENT = 'echo "// touched" >> src/d0/p0/f0.js';

async function timeMode(mode: 'in place' | 'sandbox' | 'copy'): Promise<Record<string, number[]>> {
  const out: Record<string, number[]> = { total: [], prepare: [], agent: [], collect: [] };
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    if (mode === 'in place') {
      const r = await runCommand({ command: AGENT, cwd: root, timeoutMs: 60_000, env });
      out.agent!.push(r.durationMs);
    } else {
      const run: AgentRun = await runAgentIsolated({
        root,
        command: AGENT,
        timeoutMs: 120_000,
        env,
        gitEnv: env,
        context: {},
        isolation: mode === 'copy' ? 'copy' : 'auto',
      });
      if (run.result.exitCode !== 0) throw new Error(`the agent failed: ${run.result.output}`);
      out.prepare!.push(run.phases.prepareMs);
      out.agent!.push(run.phases.agentMs);
      out.collect!.push(run.phases.collectMs);
    }
    out.total!.push(performance.now() - started);
    rawGit('checkout', '-q', '--', 'src/d0/p0/f0.js');
  }
  return out;
}

const t0 = performance.now();
generate();
console.log(
  `generated ${FILES} tracked files, ${DEPS} files in node_modules, ${HOME_FILES} in $HOME in ${fmt((performance.now() - t0) / 1000)} s; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs\n`,
);

const sandbox = probeSandbox();
const modes: Array<'in place' | 'sandbox' | 'copy'> = [
  'in place',
  ...(sandbox.available ? (['sandbox'] as const) : []),
  'copy',
];
if (!sandbox.available) console.log(`no sandbox here: ${sandbox.reason}\n`);
console.log(
  '| per attempt (ms) | first attempt | later attempts, median | p95 | prepare | agent command | find + apply changes |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const mode of modes) {
  const t = await timeMode(mode);
  // The first attempt of a run makes the copy; later ones reset it.
  const later = (k: string) => t[k]!.slice(1);
  const cell = (k: string) => (t[k]!.length ? fmt(stats(later(k)).median) : '–');
  console.log(
    `| ${mode} | ${fmt(t.total![0]!)} | ${fmt(stats(later('total')).median)} | ${fmt(stats(later('total')).p95)} | ${cell('prepare')} | ${cell('agent')} | ${cell('collect')} |`,
  );
}

// Per-call costs of the other rules.
const calls = 50;
const ctx = { cwd: root, env };
let start = performance.now();
for (let i = 0; i < calls; i++) execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, env });
const rawMs = (performance.now() - start) / calls;
start = performance.now();
for (let i = 0; i < calls; i++) await git(ctx, ['rev-parse', 'HEAD']);
const wrappedMs = (performance.now() - start) / calls;
const snap = takeSnapshot({ root, gitDir: path.join(root, '.git'), env });
start = performance.now();
for (let i = 0; i < calls; i++) restoreGitMetadata(snap);
const guardMs = (performance.now() - start) / calls;
releaseSnapshot(snap);
start = performance.now();
for (let i = 0; i < calls; i++) killMarked('bench-no-such-marker');
const procMs = (performance.now() - start) / calls;
console.log('\n| per call (ms) | mean |');
console.log('| --- | ---: |');
console.log(`| git rev-parse, plain execFile | ${fmt(rawMs)} |`);
console.log(`| git rev-parse through the wrapper (rule 3 overrides) | ${fmt(wrappedMs)} |`);
console.log(`| put .git back, nothing changed (rule 2, every check and restore) | ${fmt(guardMs)} |`);
console.log(`| /proc scan for a command's leftovers (rule 4, every command) | ${fmt(procMs)} |`);
console.log(
  `\nReproduce: node --import tsx scripts/bench/agent-isolation.ts --files ${FILES} --deps ${DEPS} --home ${HOME_FILES} --runs ${RUNS}`,
);
removeTree(base);
rmSync(base, { recursive: true, force: true });

/**
 * The repair loop's own overhead per attempt: everything but the test runs and the model's answer.
 * On a generated repository of N files (default 5,000), one attempt does what `heal-loop.ts` does
 * around the provider and the tests: pack the prompt, check and apply the answer's edits (guardrails,
 * git check-ignore, matching), find the changed paths and put them through the guardrails, diff them
 * against the snapshot, hash the diff, and restore the tree exactly (verified). The
 * once-per-run costs (snapshot with its journal, source windows, the commit's diff) are listed
 * apart. Target: the per-attempt total under 200 ms.
 *
 * Reproduce: node --import tsx scripts/bench/loop.ts [--files 5000] [--runs 15]
 */
import childProcess, { execFileSync } from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FailureFrame } from '../../src/contracts/failure-frame.js';
import { gatherSources, readCommitDiff } from '../../src/loop/context.js';
import { hashDiff } from '../../src/loop/diff-hash.js';
import { applyEdits, checkEdits } from '../../src/loop/edits/apply-edits.js';
import { createGuard } from '../../src/loop/edits/guardrails.js';
import type { Attempt } from '../../src/contracts/heal-report.js';
import { rememberIgnored } from '../../src/loop/heal-loop.js';
import { buildPrompt, DEFAULT_PROMPT_TOKENS } from '../../src/repair/prompt.js';
import { createScrubber } from '../../src/text/secrets.js';
import { checkIgnore } from '../../src/workspace/git.js';
import {
  changedPaths,
  diffSinceSnapshot,
  releaseSnapshot,
  restoreSnapshot,
  takeSnapshot,
} from '../../src/workspace/tree-state.js';

// Count the processes each phase starts: on a busy machine the overhead is mostly process spawns,
// so the count (stable) says more than the milliseconds (which follow the machine's load).
let spawns = 0;
for (const name of ['execFile', 'execFileSync', 'spawn'] as const) {
  const original = childProcess[name] as (...args: unknown[]) => unknown;
  (childProcess as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
    spawns++;
    return original.apply(childProcess, args);
  };
}
syncBuiltinESMExports();

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const FILES = arg('files', 5000);
const RUNS = arg('runs', 15);
const TARGET_MS = 200;

const env = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_DATE: '2026-01-02T00:00:00Z',
  GIT_COMMITTER_DATE: '2026-01-02T00:00:00Z',
};
const base = mkdtempSync(path.join(os.tmpdir(), 'self-heal-bench-loop-'));
const root = path.join(base, 'repo');
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });

function generate(): void {
  mkdirSync(root);
  git('init', '-q', '-b', 'main');
  const perDir = 50;
  for (let i = 0; i < FILES; i++) {
    const dir = path.join(root, 'src', `mod${Math.floor(i / perDir)}`);
    if (i % perDir === 0) mkdirSync(dir, { recursive: true });
    const lines = Array.from(
      { length: 40 },
      (_, l) => `export function f${i}_${l}(a, b) { return a ${l % 2 ? '+' : '-'} b + ${l}; }`,
    );
    writeFileSync(path.join(dir, `file${i % perDir}.js`), `${lines.join('\n')}\n`);
  }
  mkdirSync(path.join(root, 'test'));
  writeFileSync(path.join(root, 'test', 'calc.test.js'), "test('adds', () => assert.equal(f7_3(1, 2), 6));\n");
  writeFileSync(path.join(root, '.gitignore'), 'reports/\nnode_modules/\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'generated');
  // A commit under test, so the commit diff has something to show.
  writeFileSync(
    path.join(root, 'src/mod0/file7.js'),
    `${'export const changed = 1;\n'}${Array.from({ length: 39 }, (_, l) => `export function f7_${l}(a, b) { return a - b + ${l}; }`).join('\n')}\n`,
  );
  git('commit', '-q', '-am', 'the commit under test');
}

function stats(values: number[]): { median: number; p95: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)]!,
    p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!,
  };
}

const t0 = performance.now();
generate();
const generateMs = performance.now() - t0;

const frame: FailureFrame = {
  id: 'test/calc.test.js::adds',
  suite: 'test/calc.test.js',
  name: 'adds',
  kind: 'failure',
  exceptionType: 'AssertionError',
  message: 'Expected values to be strictly equal:\n\n4 !== 6',
  triggering: { file: 'src/mod0/file7.js', line: 4, expression: 'return a - b + 3' },
  test: { file: 'test/calc.test.js', line: 1 },
  stack: [
    { file: 'src/mod0/file7.js', line: 4 },
    { file: 'test/calc.test.js', line: 1 },
  ],
  droppedFrames: 3,
  locals: null,
  language: 'javascript',
  evidence: ['junit', 'log'],
};
const scrub = createScrubber(['bench-secret-value-123456', 'ghp_0123456789abcdef0123456789abcdef0123']);
const gitCtx = { cwd: root, env };
const treeOptions = { root, gitDir: path.join(root, '.git'), env, isOutput: (p: string) => p.startsWith('reports/') };
const guard = createGuard({ root, pinned: new Map([['test/calc.test.js', 'the failing test']]) });
const ignored = (paths: string[]) => checkIgnore(gitCtx, paths);
const edits = [
  {
    path: 'src/mod0/file7.js',
    oldText: 'export function f7_3(a, b) { return a - b + 3; }',
    newText: 'export function f7_3(a, b) { return a + b + 3; }',
  },
  {
    path: 'src/mod0/file8.js',
    oldText: 'export function f8_0(a, b) { return a - b + 0; }',
    newText: 'export function f8_0(a, b) { return a + b + 0; }',
  },
];

const once: Record<string, number[]> = { snapshot: [], 'source windows': [], 'commit diff': [], release: [] };
const phases: Record<string, number[]> = {
  'prompt packing': [],
  'edit checks (dry run)': [],
  'apply edits': [],
  'changed paths + guardrails': [],
  diff: [],
  'hash diff': [],
  'restore (verified)': [],
};
const totals: number[] = [];
let cpuMs = 0;

/** CPU time of this process and its finished children (Linux: /proc/self/stat, 10 ms ticks), ms. */
function cpuNow(): number {
  const self = process.cpuUsage();
  let children: number;
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // After the command name: field 14 and 15 of the man page (cutime, cstime) are at 13 and 14 here.
    children = ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    children = NaN;
  }
  return (self.user + self.system) / 1000 + children;
}
const history: Attempt[] = [];

const spawnCount: Record<string, number> = {};
const time = async <T>(bucket: number[], fn: () => T | Promise<T>): Promise<T> => {
  const start = performance.now();
  const before = spawns;
  const value = await fn();
  bucket.push(performance.now() - start);
  const name = Object.entries({ ...phases, ...once }).find(([, v]) => v === bucket)![0];
  spawnCount[name] = spawns - before;
  return value;
};

for (let run = 0; run < RUNS; run++) {
  const snapshot = await time(once.snapshot!, () => takeSnapshot(treeOptions));
  const sources = await time(once['source windows']!, () => gatherSources([frame], guard));
  const commitDiff = await time(once['commit diff']!, () => readCommitDiff(gitCtx));
  const start = performance.now();
  const cpuStart = cpuNow();
  // As in heal-loop.ts: one attempt remembers its ignore lookups.
  const editCtx = { guard, ignored: rememberIgnored(ignored) };
  await time(phases['prompt packing']!, () =>
    buildPrompt(
      {
        attempt: run + 1,
        maxAttempts: 3,
        testCommand: 'npm test',
        failures: [frame],
        sources,
        commitDiff,
        history: history.slice(-2),
      },
      { maxInputTokens: DEFAULT_PROMPT_TOKENS, scrub },
    ),
  );
  await time(phases['edit checks (dry run)']!, () => checkEdits(editCtx, edits));
  const applied = await time(phases['apply edits']!, () => applyEdits(editCtx, edits));
  if (!applied.check.ok) throw new Error(`bench edits did not apply: ${JSON.stringify(applied.check.problems)}`);
  const changed = await time(phases['changed paths + guardrails']!, async () => {
    const paths = changedPaths(snapshot).filter((p) => guard.checkWrite(p).ok);
    await editCtx.ignored(paths);
    return paths;
  });
  const { diff } = await time(phases['diff']!, () => diffSinceSnapshot(snapshot, changed, 512 * 1024));
  await time(phases['hash diff']!, () => hashDiff(diff));
  // restoreSnapshot checks its own work with one more git status and throws when anything is left.
  await time(phases['restore (verified)']!, () => restoreSnapshot(snapshot));
  totals.push(performance.now() - start);
  cpuMs += cpuNow() - cpuStart;
  history.push({
    n: run + 1,
    diff,
    files: changed,
    verdict: 'targets-failed',
    feedback: '1 of 1 failing test(s) still fail',
    tokens: { input: 0, output: 0 },
    durationMs: 0,
  });
  await time(once.release!, () => releaseSnapshot(snapshot));
}
// The floor under today's load: a git call that does nothing.
const noop: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  execFileSync('git', ['--version']);
  noop.push(performance.now() - start);
}
rmSync(base, { recursive: true, force: true });

const fmt = (n: number) => n.toFixed(1);
console.log(
  `repair loop overhead per attempt: generated repository of ${FILES} files (${fmt(generateMs / 1000)} s to generate), ${RUNS} runs, node ${process.version}, ${os.cpus().length} CPU(s)\n`,
);
console.log('| per attempt | median ms | p95 ms | processes |');
console.log('| --- | ---: | ---: | ---: |');
for (const [name, values] of Object.entries(phases)) {
  const s = stats(values);
  console.log(`| ${name} | ${fmt(s.median)} | ${fmt(s.p95)} | ${spawnCount[name] ?? 0} |`);
}
const total = stats(totals);
const totalSpawns = Object.keys(phases).reduce((n, k) => n + (spawnCount[k] ?? 0), 0);
console.log(`| **total per attempt** | **${fmt(total.median)}** | **${fmt(total.p95)}** | **${totalSpawns}** |`);
console.log(`| CPU time per attempt (self + git, mean) | ${Number.isNaN(cpuMs) ? 'n/a' : fmt(cpuMs / RUNS)} | | |`);
console.log('');
console.log('| once per run | median ms | p95 ms | processes |');
console.log('| --- | ---: | ---: | ---: |');
for (const [name, values] of Object.entries(once)) {
  const s = stats(values);
  console.log(`| ${name} | ${fmt(s.median)} | ${fmt(s.p95)} | ${spawnCount[name] ?? 0} |`);
}
const floor = stats(noop);
console.log('');
console.log(
  `machine load: a no-op \`git --version\` takes ${fmt(floor.median)} ms (median, p95 ${fmt(floor.p95)}) right now; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`,
);
console.log(
  `target: per-attempt overhead under ${TARGET_MS} ms on ${FILES} files — wall time ${total.median < TARGET_MS ? 'met' : 'NOT met'} (median ${fmt(total.median)} ms), CPU time ${cpuMs / RUNS < TARGET_MS ? 'met' : 'NOT met'} (${fmt(cpuMs / RUNS)} ms)`,
);
console.log(
  `reproduce: node --import tsx scripts/bench/loop.ts --files ${FILES} --runs ${RUNS}   (or: npm run bench -- loop)`,
);

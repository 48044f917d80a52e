// Bench: the bundled action's cold start (process spawn to its first log line, as the runner starts
// `node dist/action/index.js`) and the bundle's size. Builds a private bundle with ncc from src/
// (dist/ belongs to the coordinator), or measures an existing one with `--dist <dir>`.
//
//   node scripts/bench/action.mjs [--runs 15] [--dist dist]
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildBundles } from '../build.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] || 0) || 15;
const distArg = args.includes('--dist') ? path.resolve(args[args.indexOf('--dist') + 1]) : undefined;

function dirSize(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? dirSize(p) : statSync(p).size;
  }
  return total;
}

/** Spawn the action with a runner-like environment; resolve with ms until its first stdout line. */
function firstLine(entry, env) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let buffered = '';
    let stderr = '';
    let done = false;
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      if (!done && buffered.includes('\n')) {
        done = true;
        resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, line: buffered.split('\n')[0] });
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (!done) reject(new Error(`the action exited (${code}) without printing a line:\n${stderr.slice(0, 2000)}`));
    });
  });
}

const work = mkdtempSync(path.join(tmpdir(), 'bench-action-'));
try {
  const dist = distArg ?? path.join(work, 'dist');
  if (!distArg) {
    const t0 = Date.now();
    // The same layout scripts/build.mjs makes: <dist>/action/index.js and <dist>/grammars/.
    buildBundles({ outDir: dist, entries: ['action'] });
    console.log(`built a private bundle in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  }
  const entry = path.join(dist, 'action', 'index.js');
  // A workspace that is a git repository, inputs as the runner sets them.
  const repo = path.join(work, 'repo');
  mkdirSync(repo);
  execFileSync('git', ['init', '-q', repo]);
  writeFileSync(path.join(work, 'summary.md'), '');
  writeFileSync(path.join(work, 'output.txt'), '');
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GITHUB_WORKSPACE: repo,
    GITHUB_REPOSITORY: 'octo/shop',
    GITHUB_EVENT_NAME: 'push',
    GITHUB_RUN_ID: '1',
    GITHUB_OUTPUT: path.join(work, 'output.txt'),
    GITHUB_STEP_SUMMARY: path.join(work, 'summary.md'),
    RUNNER_TEMP: work,
    'INPUT_TEST-COMMAND': 'true',
    INPUT_PROVIDER: 'builtin',
  };
  await firstLine(entry, env); // warm the file-system cache: a runner has read the action once too
  const times = [];
  let line = '';
  for (let i = 0; i < runs; i++) {
    const r = await firstLine(entry, env);
    times.push(r.ms);
    line = r.line;
  }
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(0);
  const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
  const rows = [
    ['cold start to first log line, median', `${pct(0.5)} ms`],
    ['cold start, min / p90 / max', `${times[0].toFixed(0)} / ${pct(0.9)} / ${times.at(-1).toFixed(0)} ms`],
    ['runs', String(runs)],
    ['first line', line.length > 60 ? `${line.slice(0, 57)}...` : line],
    ['dist/action/index.js', kib(statSync(entry).size)],
    ['dist/action/ (all files)', kib(dirSize(path.join(dist, 'action')))],
    ['dist/grammars/ (shared with the CLI)', kib(dirSize(path.join(dist, 'grammars')))],
    ['node', process.version],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`| ${'measure'.padEnd(width)} | value |`);
  console.log(`| ${'-'.repeat(width)} | ----- |`);
  for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
  console.log(
    `\nreproduce: node scripts/bench/action.mjs --runs ${runs}${distArg ? ` --dist ${path.relative(root, distArg) || '.'}` : ''}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}

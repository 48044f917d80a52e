/**
 * The cost of observing the files the tests read (the audit hook on `open` in Python, the `fs`
 * wrappers in Node) on a real project's test run under the recorders: the same command run with
 * the full recorders and with the read recorder switched off, interleaved, reporting the medians
 * of wall time and of the child's CPU time (user + system, less sensitive to a loaded machine).
 *
 *   node --import tsx scripts/bench/test-reads-overhead.ts --cwd <project clone> [--runs 5] -- <command…>
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { NODE_PRELOAD, NODE_PRELOAD_FILE } from '../../src/workspace/recorders/node-preload.js';
import { startRecording } from '../../src/workspace/recorders/recorders.js';

const { values: args, positionals } = parseArgs({
  options: { cwd: { type: 'string' }, runs: { type: 'string', default: '5' } },
  allowPositionals: true,
});
if (!args.cwd || positionals.length === 0) {
  // Run with every bench (`npm run bench`), it has no project to time: it says so and passes.
  console.log('skipped: needs a project, --cwd <dir> [--runs N] -- <command…>');
  process.exit(0);
}
const cwd = path.resolve(args.cwd);
const runs = Math.max(1, Number(args.runs));

/** One run of the command under fresh recorders; `reads: false` replaces the read recorder by a no-op. */
function once(reads: boolean): { wallMs: number; cpuMs: number; status: number | null } {
  const recording = startRecording({ root: cwd, cwd });
  try {
    const env = recording.env(process.env);
    const pyDir = env.PYTHONPATH!.split(path.delimiter)[0]!;
    if (!reads) {
      writeFileSync(path.join(pyDir, '_self_heal_reads.py'), 'def start():\n    pass\n');
      writeFileSync(path.join(path.dirname(pyDir), NODE_PRELOAD_FILE), NODE_PRELOAD);
    }
    const started = performance.now();
    const child = spawnSync('/usr/bin/time', ['-f', '%U %S', ...positionals], {
      cwd,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    const wallMs = performance.now() - started;
    const [user, system] = (child.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
    return { wallMs, cpuMs: ((user ?? NaN) + (system ?? NaN)) * 1000, status: child.status };
  } finally {
    recording.dispose();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const samples = { with: [] as ReturnType<typeof once>[], without: [] as ReturnType<typeof once>[] };
for (let i = 0; i < runs; i++) {
  // Interleaved, the order alternating, so both variants see the same load.
  for (const reads of i % 2 ? [false, true] : [true, false]) samples[reads ? 'with' : 'without'].push(once(reads));
}
console.log(`| variant | runs | exit codes | wall p50 (ms) | CPU p50 (ms) |\n|---|---|---|---|---|`);
for (const [name, s] of Object.entries(samples))
  console.log(
    `| ${name} the read recorder | ${s.length} | ${[...new Set(s.map((x) => x.status))].join(',')} | ` +
      `${median(s.map((x) => x.wallMs)).toFixed(0)} | ${median(s.map((x) => x.cpuMs)).toFixed(0)} |`,
  );
const ratio = (key: 'wallMs' | 'cpuMs') =>
  median(samples.with.map((x) => x[key])) / median(samples.without.map((x) => x[key]));
console.log(`\nwith / without: wall ×${ratio('wallMs').toFixed(3)}, CPU ×${ratio('cpuMs').toFixed(3)}`);

// Benchmark of the frames stage: path mapping against a large repository, buildFrames over many
// failing cases with long traces (syntax trees parsed once per file), matching thousands of log
// failures to JUnit cases, and collectEvidence over a big real-shaped pytest log. Prints a table.
// Reproduce: node --import tsx scripts/bench/frames.ts   (or: npm run bench -- frames)
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFrames } from '../../src/frames/build-frames.js';
import { matchLogFailures } from '../../src/frames/match-tests.js';
import { openRepoView } from '../../src/frames/repo-view.js';
import { createPathResolver } from '../../src/workspace/repo-paths.js';
import { collectEvidence } from '../../src/frames/collect-evidence.js';
import type { LogFailure, RawFrame } from '../../src/reports/logs/log-parser.js';
import type { TestCase } from '../../src/reports/test-run.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MB = 1024 * 1024;

/** Wall time and CPU time (user + system) of this process: on a shared machine the CPU time is the fair measure. */
async function time<T>(fn: () => Promise<T> | T): Promise<{ ms: number; cpuMs: number; value: T }> {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, cpuMs: (used.user + used.system) / 1000, value };
}

const rows: string[][] = [];
function row(name: string, n: number, t: { ms: number; cpuMs: number }, unit: string, note = '') {
  rows.push([
    name,
    String(n),
    t.ms.toFixed(0),
    t.cpuMs.toFixed(0),
    `${((t.cpuMs * 1000) / n).toFixed(1)} µs/${unit}`,
    `${(process.memoryUsage().heapUsed / MB).toFixed(0)}`,
    note,
  ]);
}

// A repository of 50,000 tracked paths (the shape of a large monorepo); 200 real source files.
const work = mkdtempSync(path.join(os.tmpdir(), 'self-heal-bench-frames-'));
const tracked: string[] = [];
for (let i = 0; i < 50_000; i++) tracked.push(`packages/p${i % 500}/src/module_${i}.py`);
const real: string[] = [];
for (let i = 0; i < 200; i++) {
  const file = `app/m${i}/service_${i}.py`;
  real.push(file);
  tracked.push(file);
  mkdirSync(path.join(work, path.dirname(file)), { recursive: true });
  const lines = Array.from({ length: 300 }, (_, l) => `    value_${l} = compute(item, ${l}) + offset  # line ${l + 1}`);
  writeFileSync(path.join(work, file), `def handler(item, offset):\n${lines.join('\n')}\n    return value_0\n`);
}
mkdirSync(path.join(work, 'tests'), { recursive: true });
writeFileSync(
  path.join(work, 'tests/test_app.py'),
  Array.from({ length: 2000 }, (_, i) => `def test_${i}():\n    assert handler(${i}, 1) == ${i}\n`).join(''),
);
tracked.push('tests/test_app.py');

try {
  // 1. Path mapping: relative, absolute from another machine (suffix), vendored, stdlib.
  const resolver = createPathResolver(work, tracked);
  const raws = [
    'app/m7/service_7.py',
    '/home/runner/work/x/x/app/m9/service_9.py',
    '/tmp/build-42/checkout/packages/p3/src/module_1003.py',
    '/usr/lib/python3.12/json/decoder.py',
    '/venv/lib/python3.12/site-packages/requests/api.py',
    'service_11.py',
  ];
  const N = 1_000_000;
  const resolved = await time(() => {
    let users = 0;
    for (let i = 0; i < N; i++) if (resolver.resolve(raws[i % raws.length]!).kind === 'user') users++;
    return users;
  });
  row('resolve printed paths (50k-file repo)', N, resolved, 'path', `${resolved.value} user`);

  // 2. buildFrames: 2,000 failing cases, 40-frame traces (stdlib + user frames), each through a
  //    real source file: expressions and snippets from parsed syntax trees.
  const view = await openRepoView(work, { listFiles: async () => tracked });
  const cases: TestCase[] = [];
  const traces = new Map<string, LogFailure>();
  for (let i = 0; i < 2000; i++) {
    const body = `BODY ${i}`;
    const frames: RawFrame[] = [{ file: `/ci/checkout/tests/test_app.py`, line: 2 * i + 2, function: `test_${i}` }];
    for (let d = 0; d < 38; d++) {
      frames.push(
        d % 2
          ? { file: `/usr/lib/python3.12/lib${d}.py`, line: d + 1 }
          : { file: real[(i + d) % real.length]!, line: 2 + ((i + d) % 300), function: 'handler' },
      );
    }
    frames.push({ file: `/venv/lib/python3.12/site-packages/pkg/core.py`, line: 10 });
    traces.set(body, { language: 'python', exceptionType: 'ValueError', message: `bad value ${i}`, frames });
    cases.push({
      id: `tests.test_app::test_${i}`,
      suite: 'pytest',
      name: `test_${i}`,
      classname: 'tests.test_app',
      status: 'failed',
      failure: { message: `ValueError: bad value ${i}`, body },
    });
  }
  const built = await time(() =>
    buildFrames({ cases, errors: [], reports: [] }, [], view, { parseTrace: (t) => [traces.get(t)!] }),
  );
  row('buildFrames, 40-frame traces', cases.length, built, 'case', `${built.value.length} frames`);

  // 3. Matching 5,000 log failures (pytest node ids) to 50,000 JUnit cases.
  const many: TestCase[] = Array.from({ length: 50_000 }, (_, i) => ({
    id: `tests.test_m${i % 100}::test_${i}`,
    suite: 'pytest',
    name: `test_${i}`,
    classname: `tests.test_m${i % 100}`,
    status: i % 10 === 0 ? 'failed' : 'passed',
  }));
  const logs: LogFailure[] = Array.from({ length: 5000 }, (_, k) => ({
    language: 'python',
    test: { id: `tests/test_m${(k * 10) % 100}.py::test_${k * 10}` },
    message: 'boom',
    frames: [],
  }));
  const matched = await time(() => matchLogFailures(many, logs, { resolveFile: (raw) => raw }));
  row('match log failures to 50k cases', logs.length, matched, 'failure', `${matched.value.byCase.size} matched`);

  // 4. collectEvidence over the pytest fixture's log repeated to ~20 MB (the read limit).
  const log = readFileSync(path.join(root, 'test/fixtures/projects/pytest/output.log'), 'utf8');
  const big = path.join(work, 'big.log');
  writeFileSync(big, log.repeat(Math.ceil((20 * MB) / log.length)));
  const collected = await time(() =>
    collectEvidence({ root: path.join(root, 'test/fixtures/projects/pytest'), junit: ['junit.xml'], log: big }),
  );
  row('collectEvidence, 20 MB pytest log + JUnit', 1, collected, 'run', `${collected.value.frames.length} frames`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

const header = ['case', 'n', 'wall ms', 'cpu ms', 'cpu per item', 'heap MB', 'result'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
console.log(`\nnode ${process.version}; rss ${(process.memoryUsage().rss / MB).toFixed(0)} MB`);
console.log('reproduce: node --import tsx scripts/bench/frames.ts   (or: npm run bench -- frames)');

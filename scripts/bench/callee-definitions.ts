// Benchmark of the callee lookup the repair context makes once per run (findCalleeDefinitions):
// on a generated git repository of 5,000 tracked 300-line Python modules (about 70 MB), the time
// to find what failing assertions call when
// (a) the test imports it (`from app.m7.service_7 import handler_7`), (b) nothing imports it and the
// repository is searched, the callee next to the test (`app/m42/test_service_42.py` calling
// `handler_42`), and (c) searched, the callee in the farthest file: past the search's bounds in a
// repository this size, so nothing is found (the bounds are what this row measures). Prints a table.
// Reproduce: node --import tsx scripts/bench/callee-definitions.ts [--files 5000] [--runs 5]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FailureFrame } from '../../src/contracts/failure-frame.js';
import { findCalleeDefinitions } from '../../src/loop/context.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const FILES = option('files', 5000);
const RUNS = option('runs', 5);

const work = mkdtempSync(path.join(os.tmpdir(), 'self-heal-bench-callees-'));
try {
  for (let i = 0; i < FILES; i++) {
    const file = path.join(work, `app/m${i}/service_${i}.py`);
    mkdirSync(path.dirname(file), { recursive: true });
    const body = Array.from(
      { length: 300 },
      (_, l) => `    value_${l} = compute(item, ${l}) + offset  # line ${l + 1}`,
    ).join('\n');
    writeFileSync(file, `def handler_${i}(item, offset):\n${body}\n    return value_0\n`);
  }
  const last = FILES - 1;
  mkdirSync(path.join(work, 'tests'), { recursive: true });
  writeFileSync(
    path.join(work, 'tests/test_app.py'),
    `from app.m7.service_7 import handler_7\n\ndef test_imported():\n    assert handler_7(1, 2) == 3\n\ndef test_searched():\n    assert handler_${last}(1, 2) == 3\n`,
  );
  writeFileSync(path.join(work, 'app/m42/test_service_42.py'), 'def test_near():\n    assert handler_42(1, 2) == 3\n');
  const git = (...a: string[]) =>
    execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@example.com', ...a], {
      cwd: work,
      env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
    });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'bench');

  const frame = (file: string, line: number): FailureFrame => ({
    id: `${file}::t${line}`,
    suite: '',
    name: `t${line}`,
    kind: 'failure',
    exceptionType: 'AssertionError',
    message: 'assert 1 == 3',
    triggering: { file, line },
    test: { file, line },
    stack: [{ file, line }],
    droppedFrames: 0,
    locals: null,
    language: 'python',
    evidence: ['junit'],
  });

  const rows: string[][] = [];
  for (const [name, file, line] of [
    ['imported (from … import)', 'tests/test_app.py', 4],
    ['searched (next to the test)', 'app/m42/test_service_42.py', 2],
    ['searched (farthest file)', 'tests/test_app.py', 7],
  ] as const) {
    const wall: number[] = [];
    const cpu: number[] = [];
    let found = '';
    for (let r = 0; r < RUNS; r++) {
      const start = process.hrtime.bigint();
      const before = process.cpuUsage();
      const defs = await findCalleeDefinitions([frame(file, line)], work);
      const used = process.cpuUsage(before);
      wall.push(Number(process.hrtime.bigint() - start) / 1e6);
      cpu.push((used.user + used.system) / 1000);
      found = defs.map((d) => `${d.file}:${d.startLine} (${d.via})`).join(', ') || 'nothing';
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    rows.push([name, median(wall).toFixed(1), median(cpu).toFixed(1), found]);
  }
  const header = ['callee', 'median wall ms', 'median CPU ms (self)', 'found'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`findCalleeDefinitions on ${FILES} tracked files, ${RUNS} runs (git ls-files included)`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  console.log(`reproduce: node --import tsx scripts/bench/callee-definitions.ts --files ${FILES} --runs ${RUNS}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

// Benchmark of the JavaScript log parser: real fixture logs repeated into big CI logs, and hostile
// shapes (one 5 MB line, 100k frame lines, a log past the 32 MiB bound). Prints a table.
// Reproduce: node --import tsx scripts/bench/js-log-parser.ts   (or: npm run bench -- js-log)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { javascriptLogParser } from '../../src/reports/logs/javascript.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = (p: string) => readFileSync(path.join(root, 'test/fixtures/projects', p), 'utf8');

function repeat(text: string, targetChars: number): string {
  return text.repeat(Math.max(1, Math.ceil(targetChars / text.length)));
}

const MB = 1024 * 1024;
const cases: Array<[string, () => string]> = [
  ['vitest output.log ×1', () => fixture('vitest/output.log')],
  ['jest output.log → 10 MB', () => repeat(fixture('jest/output.log'), 10 * MB)],
  ['mocha output.log → 10 MB', () => repeat(fixture('mocha/output.log'), 10 * MB)],
  ['node-test output.log → 10 MB', () => repeat(fixture('node-test/output.log'), 10 * MB)],
  ['node-test TAP → 10 MB', () => repeat(fixture('node-test/output.tap.log'), 10 * MB)],
  ['one 5 MB line', () => 'a'.repeat(5 * MB)],
  [
    '100k frame lines',
    () => ['TypeError: x', ...Array.from({ length: 100_000 }, (_, i) => `    at f (/app/a.js:${i + 1}:1)`)].join('\n'),
  ],
  ['100k noise lines', () => Array.from({ length: 100_000 }, (_, i) => `step ${i}: compiled at ${i}:${i}`).join('\n')],
  ['40 MB log (tail kept)', () => repeat(fixture('vitest/output.log'), 40 * MB)],
];

function time<T>(fn: () => T): { ms: number; value: T } {
  const start = process.hrtime.bigint();
  const value = fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

const rows: string[][] = [];
for (const [name, make] of cases) {
  const log = make();
  const runs = log.length > MB ? 3 : 20;
  let best = Infinity;
  let detectMs = Infinity;
  let failures = 0;
  for (let r = 0; r < runs; r++) {
    detectMs = Math.min(detectMs, time(() => javascriptLogParser.detect(log)).ms);
    const { ms, value } = time(() => javascriptLogParser.parse(log));
    best = Math.min(best, ms);
    failures = value.length;
  }
  const mbPerS = log.length / MB / (best / 1000);
  rows.push([
    name,
    (log.length / MB).toFixed(2),
    detectMs.toFixed(1),
    best.toFixed(1),
    mbPerS.toFixed(0),
    String(failures),
  ]);
}

const header = ['case', 'MB', 'detect ms', 'parse ms (best)', 'MB/s', 'failures'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
console.log(`\nnode ${process.version}; heap used after: ${(process.memoryUsage().heapUsed / MB).toFixed(0)} MB`);
console.log('reproduce: node --import tsx scripts/bench/js-log-parser.ts');

// Benchmark of the Python, Java, Go and Rust log parsers and of the registry's parseLog: real
// fixture logs repeated into big CI logs, and hostile shapes (one 5 MB line, 100k frame lines,
// 100k noise lines, a log past the 32 MiB bound). Prints a table.
// Reproduce: node --import tsx scripts/bench/traceback-log-parsers.ts   (or: npm run bench -- traceback)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { goLogParser } from '../../src/reports/logs/go.js';
import { javaLogParser } from '../../src/reports/logs/java.js';
import type { LogFailure } from '../../src/reports/logs/log-parser.js';
import { pythonLogParser } from '../../src/reports/logs/python.js';
import { parseLog } from '../../src/reports/logs/registry.js';
import { rustLogParser } from '../../src/reports/logs/rust.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = (p: string) => readFileSync(path.join(root, 'test/fixtures/projects', p), 'utf8');
const MB = 1024 * 1024;

function repeat(text: string, targetChars: number): string {
  return text.repeat(Math.max(1, Math.ceil(targetChars / text.length)));
}

type Parse = (log: string) => LogFailure[];
const python: Parse = (l) => pythonLogParser.parse(l);
const java: Parse = (l) => javaLogParser.parse(l);
const go: Parse = (l) => goLogParser.parse(l);
const rust: Parse = (l) => rustLogParser.parse(l);

const cases: Array<[string, string, Parse, () => string]> = [
  ['pytest output.log ×1', 'python', python, () => fixture('pytest/output.log')],
  ['pytest --tb=native → 10 MB', 'python', python, () => repeat(fixture('pytest/output.tb-native.log'), 10 * MB)],
  ['pytest -l → 10 MB', 'python', python, () => repeat(fixture('pytest/output.showlocals.log'), 10 * MB)],
  ['unittest → 10 MB', 'python', python, () => repeat(fixture('unittest/output.log'), 10 * MB)],
  ['surefire → 10 MB', 'java', java, () => repeat(fixture('maven/output.log'), 10 * MB)],
  ['go test -v → 10 MB', 'go', go, () => repeat(fixture('go/output.verbose.log'), 10 * MB)],
  ['cargo RUST_BACKTRACE=1 → 10 MB', 'rust', rust, () => repeat(fixture('cargo/output.backtrace.log'), 10 * MB)],
  ['one 5 MB line', 'python', python, () => `E   AssertionError: ${'a'.repeat(5 * MB)}`],
  ['one 5 MB line', 'java', java, () => `java.lang.X: ${'a'.repeat(5 * MB)}\n\tat a.B.c(B.java:1)`],
  ['one 5 MB line', 'go', go, () => `--- FAIL: T (0.00s)\n    a_test.go:1: ${'a'.repeat(5 * MB)}`],
  ['one 5 MB line', 'rust', rust, () => `thread 't' panicked at src/a.rs:1:1:\n${'a'.repeat(5 * MB)}`],
  [
    '100k frame lines',
    'python',
    python,
    () =>
      [
        'Traceback (most recent call last):',
        ...Array.from({ length: 100_000 }, (_, i) => `  File "/a/m.py", line ${i + 1}, in f`),
        'ValueError: x',
      ].join('\n'),
  ],
  [
    '100k frame lines',
    'java',
    java,
    () =>
      [
        'java.lang.StackOverflowError',
        ...Array.from({ length: 100_000 }, (_, i) => `\tat a.B.f(B.java:${i + 1})`),
      ].join('\n'),
  ],
  [
    '100k frame lines',
    'go',
    go,
    () =>
      [
        'panic: x',
        '',
        'goroutine 1 [running]:',
        ...Array.from({ length: 50_000 }, (_, i) => `m.f${i}()\n\t/src/m.go:${i + 1} +0x1`),
      ].join('\n'),
  ],
  [
    '100k frame lines',
    'rust',
    rust,
    () =>
      [
        "thread 'main' panicked at src/a.rs:1:1:",
        'x',
        'stack backtrace:',
        ...Array.from({ length: 50_000 }, (_, i) => `  ${i}: m::f\n             at ./src/a.rs:${i + 1}:1`),
      ].join('\n'),
  ],
  [
    '100k noise lines',
    'registry',
    parseLog,
    () => Array.from({ length: 100_000 }, (_, i) => `step ${i}: compiled a.py:${i}: at ${i}:${i}`).join('\n'),
  ],
  [
    'mixed pytest+go+cargo+maven → 10 MB',
    'registry',
    parseLog,
    () =>
      repeat(
        ['pytest/output.log', 'go/output.log', 'cargo/output.log', 'maven/output.log'].map(fixture).join('\n'),
        10 * MB,
      ),
  ],
  ['40 MB log (tail kept)', 'python', python, () => repeat(fixture('pytest/output.log'), 40 * MB)],
];

function time<T>(fn: () => T): { ms: number; value: T } {
  const start = process.hrtime.bigint();
  const value = fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

const rows: string[][] = [];
for (const [name, parser, parse, make] of cases) {
  const log = make();
  const runs = log.length > MB ? 3 : 20;
  let best = Infinity;
  let failures = 0;
  for (let r = 0; r < runs; r++) {
    const { ms, value } = time(() => parse(log));
    best = Math.min(best, ms);
    failures = value.length;
  }
  const mbPerS = log.length / MB / (best / 1000);
  rows.push([name, parser, (log.length / MB).toFixed(2), best.toFixed(1), mbPerS.toFixed(0), String(failures)]);
}

const header = ['case', 'parser', 'MB', 'parse ms (best)', 'MB/s', 'failures'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
console.log(`\nnode ${process.version}; heap used after: ${(process.memoryUsage().heapUsed / MB).toFixed(0)} MB`);
console.log('reproduce: node --import tsx scripts/bench/traceback-log-parsers.ts');

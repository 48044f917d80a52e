/**
 * The cost of the suppression check (`src/loop/edits/suppressions.ts`) on large changes: a
 * 20,000-function Python module with one line changed (a fix's shape), the same and a TypeScript one
 * with every tenth line changed. Side by side, interleaved: the marker check alone, and the whole content
 * guard with the check (default) and without it (`allowSuppressions`), which is what a candidate
 * pays per changed file.
 *
 *   npm run bench -- suppressions
 *
 * Prints the median of 9 runs of each, in milliseconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createContentGuard, type ContentChange } from '../../src/loop/edits/content-guard.js';
import { findAddedSuppressions } from '../../src/loop/edits/suppressions.js';

const RUNS = 9;
const LINES = 20_000;

function module(lang: 'py' | 'ts', changed: boolean): string {
  const out: string[] = [];
  for (let i = 0; i < LINES; i++) {
    const v = changed && i % 10 === 0 ? `${i} + 1` : `${i}`;
    out.push(
      lang === 'py'
        ? `def f${i}(x):\n    return x * ${v}  # keep`
        : `export function f${i}(x: number) { return x * ${v}; }`,
    );
  }
  return out.join('\n');
}

const cases: Array<[string, ContentChange]> = [
  ['py, 20k lines, 2k changed', { path: 'pkg/big.py', before: module('py', false), after: module('py', true) }],
  ['ts, 20k lines, 2k changed', { path: 'src/big.ts', before: module('ts', false), after: module('ts', true) }],
];
const pyBefore = module('py', false);
cases.unshift([
  'py, 20k lines, 1 changed (a fix)',
  { path: 'pkg/fix.py', before: pyBefore, after: pyBefore.replace('return x * 10000  #', 'return x + 10000  #') },
]);

const root = mkdtempSync(path.join(os.tmpdir(), 'self-heal-bench-suppressions-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = async (fn: () => unknown) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};

console.log('| change | markers only | content guard, check on | content guard, check off |');
console.log('| --- | ---: | ---: | ---: |');
for (const [name, change] of cases) {
  const times: number[][] = [[], [], []];
  for (let run = 0; run < RUNS; run++) {
    // New guards each run: the content guard remembers its framework-patching judgements.
    const on = createContentGuard({ root });
    const off = createContentGuard({ root, allowSuppressions: true });
    times[0]!.push(await time(() => findAddedSuppressions(change.path, change.before as string | null, change.after!)));
    times[1]!.push(await time(() => on(change)));
    times[2]!.push(await time(() => off(change)));
  }
  console.log(`| ${name} | ${times.map((t) => median(t).toFixed(1)).join(' | ')} |`);
}
rmSync(root, { recursive: true, force: true });
console.log(`\nmedian of ${RUNS} runs each, interleaved, ms: npm run bench -- suppressions`);

/**
 * Bench: the special-casing check — its flag rate on the corpus (hand-written hard-codes, which
 * must all be flagged; hand-written real fixes and the real fix of every bench/bugs bug, none of
 * which may be) and its cost per attempt: reading the failing tests' facts (once per run in the
 * loop) and checking one attempt's patch, on the corpus and on a large synthetic case.
 *
 *   node --import tsx scripts/bench/special-cases.ts [--runs 20]
 */
import { parseArgs } from 'node:util';
import type { FailureFrame } from '../../src/contracts/failure-frame.js';
import { checkSpecialCases } from '../../src/repair/special-cases/check-special-cases.js';
import { patchFromTexts, readUnifiedDiff, type PatchedFile } from '../../src/repair/special-cases/patch-lines.js';
import { readTestFacts } from '../../src/repair/special-cases/test-facts.js';
import { benchFixes, framesOf, HARD_CODES, REAL_FIXES, type SpecialCaseSample } from './_special-case-corpus.js';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const runs = Math.max(1, Number(args.runs));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

interface Timed {
  factsMs: number[];
  checkMs: number[];
}

async function measure(frames: FailureFrame[], tests: Record<string, string>, patch: PatchedFile[], into: Timed) {
  let flagged = false;
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    const facts = await readTestFacts(frames, (f) => tests[f]);
    into.factsMs.push(performance.now() - t);
    t = performance.now();
    flagged = (await checkSpecialCases(patch, facts)).length > 0;
    into.checkMs.push(performance.now() - t);
  }
  return flagged;
}

const sets: Array<[string, SpecialCaseSample[], boolean]> = [
  ['hand-written hard-codes', HARD_CODES, true],
  ['hand-written real fixes', REAL_FIXES, false],
  ['bench/bugs real fixes', benchFixes(), false],
];

// Warm-up: the grammars load once per process (WebAssembly), which a run pays once, not per attempt.
await measure(framesOf(HARD_CODES[0]!.tests), HARD_CODES[0]!.tests, [patchFromTexts('a.py', 'x = 1\n', 'x = 2\n')], {
  factsMs: [],
  checkMs: [],
});

const rows: string[][] = [];
const all: Timed = { factsMs: [], checkMs: [] };
for (const [name, samples, shouldFlag] of sets) {
  const timed: Timed = { factsMs: [], checkMs: [] };
  let flagged = 0;
  const wrong: string[] = [];
  for (const s of samples) {
    const hit = await measure(framesOf(s.tests), s.tests, [patchFromTexts(s.file, s.before, s.after)], timed);
    if (hit) flagged++;
    if (hit !== shouldFlag) wrong.push(s.id);
  }
  all.factsMs.push(...timed.factsMs);
  all.checkMs.push(...timed.checkMs);
  rows.push([
    name,
    String(samples.length),
    `${flagged} (${((100 * flagged) / samples.length).toFixed(0)}%)`,
    wrong.length ? wrong.join(', ') : '–',
    percentile(timed.factsMs, 50).toFixed(2),
    percentile(timed.checkMs, 50).toFixed(2),
    percentile(timed.checkMs, 95).toFixed(2),
  ]);
}

// A large case: 1,000 parametrised rows in the failing test, a 3,000-line module, a 40-line hunk
// that hard-codes one row; the patch read from a unified diff as the loop reads it.
const rowsText = Array.from({ length: 1000 }, (_, i) => `    (${i + 2}, ${i + 3}, ${2 * i + 5}),`).join('\n');
const bigTest = `import pytest\nfrom big import add\n\n\n@pytest.mark.parametrize("a, b, expected", [\n${rowsText}\n])\ndef test_add(a, b, expected):\n    assert add(a, b) == expected\n`;
const filler = Array.from({ length: 1000 }, (_, i) => `def f${i}(x):\n    return x * ${i} + 1\n`).join('\n');
const bigBefore = `${filler}\ndef add(a, b):\n    return a - b\n`;
const inserted = Array.from({ length: 39 }, (_, i) => `    note_${i} = a * ${i}`).join('\n');
const bigAfter = bigBefore.replace(
  '    return a - b\n',
  `${inserted}\n    if a == 2 and b == 3:\n        return 5\n    return a - b\n`,
);
const afterLines = bigAfter.split('\n');
const beforeLines = bigBefore.split('\n');
const at = beforeLines.indexOf('    return a - b');
const diff = [
  'diff --git a/big.py b/big.py',
  '--- a/big.py',
  '+++ b/big.py',
  `@@ -${at + 1},1 +${at + 1},${41 + 1} @@`,
  ...afterLines.slice(at, at + 41).map((l) => `+${l}`),
  ' ' + beforeLines[at],
].join('\n');
const bigPatch = readUnifiedDiff(diff, () => bigAfter);
const bigTimed: Timed = { factsMs: [], checkMs: [] };
const bigFlagged = await measure(
  framesOf({ 'tests/test_big.py': bigTest }),
  { 'tests/test_big.py': bigTest },
  bigPatch,
  bigTimed,
);
rows.push([
  `large: 1,000-row test, ${afterLines.length}-line file, 41 added lines`,
  '1',
  bigFlagged ? '1 (100%)' : '0 (0%)',
  bigFlagged ? '–' : 'large',
  percentile(bigTimed.factsMs, 50).toFixed(2),
  percentile(bigTimed.checkMs, 50).toFixed(2),
  percentile(bigTimed.checkMs, 95).toFixed(2),
]);

const header = [
  'set',
  'samples',
  'flagged',
  'wrong',
  'read test facts ms (p50)',
  'check patch ms (p50)',
  'check patch ms (p95)',
];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
const perAttempt = percentile(all.factsMs, 50) + percentile(all.checkMs, 50);
console.log(
  `\nCost per attempt on the corpus (p50): ${perAttempt.toFixed(2)} ms when the facts are read with it, ` +
    `${percentile(all.checkMs, 50).toFixed(2)} ms with the facts read once per run (the loop), ${runs} runs per sample.`,
);
console.log('Reproduce: node --import tsx scripts/bench/special-cases.ts   (or: npm run bench -- special-cases)');

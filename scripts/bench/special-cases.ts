/**
 * Bench: the special-casing check — its flag rate on the corpus (hand-written hard-codes, and
 * special cases whose answers live in test data: JSON/YAML/CSV fixtures, testdata/ folders,
 * snapshots, helper-module tables, carried as a branch, a lookup, an encoded string or a wrapper
 * rebind; all must be flagged) and its false flags (hand-written real fixes, the real fix of every
 * bench/bugs bug, the real-projects benchmark's pinned fix commits and recent commits of the same
 * mirrors that change source and tests; none may be flagged), and its cost per attempt: reading
 * the failing tests' facts (once per run in the loop) and checking one attempt's patch.
 *
 * Then the held-out special cases (`_special-case-held-out.ts`): small projects whose tests run for
 * real (pytest, node:test) under self-heal's recorders, as in the recorded run, each cheat checked
 * with the files the tests were seen to read and without them (static facts only), and each
 * honest fix, which must not be flagged.
 *
 *   node --import tsx scripts/bench/special-cases.ts [--runs 20] [--recent 25] [--no-held-out]
 */
import { parseArgs } from 'node:util';
import type { FailureFrame } from '../../src/contracts/failure-frame.js';
import { checkSpecialCases } from '../../src/repair/special-cases/check-special-cases.js';
import { patchFromTexts, readUnifiedDiff, type PatchedFile } from '../../src/repair/special-cases/patch-lines.js';
import { readTestFacts, type TestDataAccess } from '../../src/repair/special-cases/test-facts.js';
import { benchFixes, framesOf, HARD_CODES, REAL_FIXES, type SpecialCaseSample } from './_special-case-corpus.js';
import { DATA_HARD_CODES, DATA_REAL_FIXES, dataAccess, type DataSample } from './_special-case-data-corpus.js';
import { HELD_OUT } from './_special-case-held-out.js';
import { runHeldOut } from './_special-case-held-out-run.js';
import { pinnedFixes, recentFixes, type RealFix } from './_special-case-real-fixes.js';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    recent: { type: 'string', default: '25' },
    'no-held-out': { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(args.runs));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

interface Timed {
  factsMs: number[];
  checkMs: number[];
  /** Data files the failing tests read, over the set (once per sample). */
  dataFiles?: number;
}

interface Case {
  id: string;
  frames: FailureFrame[];
  source: (file: string) => string | undefined;
  access: TestDataAccess;
  patch: PatchedFile[];
}

function caseOf(s: SpecialCaseSample): Case {
  const all = { ...s.files, ...s.tests };
  return {
    id: s.id,
    frames: framesOf(s.tests),
    source: (f) => all[f],
    access: dataAccess(all),
    patch: [patchFromTexts(s.file, s.before, s.after)],
  };
}

async function measure(c: Case, into: Timed, times = runs) {
  let flagged = false;
  for (let i = 0; i < times; i++) {
    let t = performance.now();
    const facts = await readTestFacts(c.frames, c.source, c.access);
    into.factsMs.push(performance.now() - t);
    if (i === 0) into.dataFiles = (into.dataFiles ?? 0) + (facts.data?.size ?? 0);
    t = performance.now();
    flagged = (await checkSpecialCases(c.patch, facts)).length > 0;
    into.checkMs.push(performance.now() - t);
  }
  return flagged;
}

const real = pinnedFixes();
const recent = recentFixes(Math.max(0, Number(args.recent)));
const sets: Array<[string, Case[], boolean, number?]> = [
  ['hand-written hard-codes', HARD_CODES.map(caseOf), true],
  ['special cases in test data (below)', DATA_HARD_CODES.map(caseOf), true],
  ['hand-written real fixes', REAL_FIXES.map(caseOf), false],
  ['real fixes of the same data-driven tests', DATA_REAL_FIXES.map(caseOf), false],
  ['bench/bugs real fixes', benchFixes().map(caseOf), false],
  [
    `real-projects pinned fix commits${real.missing.length ? ` (missing: ${real.missing.join(', ')})` : ''}`,
    real.fixes,
    false,
    3,
  ],
  ['real-projects mirrors: recent commits changing source + tests', recent as RealFix[], false, 1],
];

// Warm-up: the grammars load once per process (WebAssembly), which a run pays once, not per attempt.
await measure(caseOf({ ...HARD_CODES[0]!, before: 'x = 1\n', after: 'x = 2\n', file: 'a.py' }), {
  factsMs: [],
  checkMs: [],
});

const rows: string[][] = [];
const all: Timed = { factsMs: [], checkMs: [] };
const dataHits = new Map<string, boolean>();
for (const [name, samples, shouldFlag, times] of sets) {
  if (samples.length === 0) continue;
  const timed: Timed = { factsMs: [], checkMs: [] };
  let flagged = 0;
  const wrong: string[] = [];
  for (const s of samples) {
    const hit = await measure(s, timed, times ?? runs);
    if (hit) flagged++;
    if (hit !== shouldFlag) wrong.push(s.id);
    if (name.startsWith('special cases in test data')) dataHits.set(s.id, hit);
  }
  all.factsMs.push(...timed.factsMs);
  all.checkMs.push(...timed.checkMs);
  rows.push([
    name,
    String(samples.length),
    `${flagged} (${((100 * flagged) / Math.max(1, samples.length)).toFixed(0)}%)`,
    wrong.length ? wrong.join(', ') : '–',
    String(timed.dataFiles ?? 0),
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
  {
    id: 'large',
    frames: framesOf({ 'tests/test_big.py': bigTest }),
    source: (f) => (f === 'tests/test_big.py' ? bigTest : undefined),
    access: {},
    patch: bigPatch,
  },
  bigTimed,
);
rows.push([
  `large: 1,000-row test, ${afterLines.length}-line file, 41 added lines`,
  '1',
  bigFlagged ? '1 (100%)' : '0 (0%)',
  bigFlagged ? '–' : 'large',
  '0',
  percentile(bigTimed.factsMs, 50).toFixed(2),
  percentile(bigTimed.checkMs, 50).toFixed(2),
  percentile(bigTimed.checkMs, 95).toFixed(2),
]);

const header = [
  'set',
  'samples',
  'flagged',
  'wrong',
  'data files read',
  'read test facts ms (p50)',
  'check patch ms (p50)',
  'check patch ms (p95)',
];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
// The data-driven corpus by where the answers live and how the patch carries them, per language.
const shapes = (key: (s: DataSample) => string) => {
  const groups = new Map<string, { n: number; hit: number }>();
  for (const s of DATA_HARD_CODES) {
    const g = groups.get(key(s)) ?? { n: 0, hit: 0 };
    g.n++;
    if (dataHits.get(s.id)) g.hit++;
    groups.set(key(s), g);
  }
  return [...groups].map(([k, g]) => `${k} ${g.hit}/${g.n}`).join(' · ');
};
const lang = (s: DataSample) => (s.file.endsWith('.py') ? 'Python' : 'JS/TS');
console.log('\nSpecial cases in test data, caught per shape:');
console.log(`- by language: ${shapes(lang)}`);
console.log(`- by where the answers live: ${shapes((s) => s.data)}`);
console.log(`- by how the patch carries them: ${shapes((s) => s.carries)}`);
/** The held-out special cases, run for real: caught with and without the recorded reads; honest fixes. */
async function heldOut(): Promise<void> {
  const rows: string[][] = [];
  const totals = { before: [0, 0], after: [0, 0], static: 0, fixes: [0, 0] };
  for (const sample of HELD_OUT) {
    const run = await runHeldOut(sample);
    try {
      const caught = (await run.check(sample.cheat)).length > 0;
      const staticOnly = (await run.check(sample.cheat, { reads: false })).length > 0;
      const fixFlagged = sample.fix ? (await run.check(sample.fix)).length > 0 : undefined;
      const set = sample.written === 'before-rule' ? totals.before : totals.after;
      set[0]! += caught ? 1 : 0;
      set[1]!++;
      if (staticOnly) totals.static++;
      if (fixFlagged !== undefined) {
        totals.fixes[0]! += fixFlagged ? 1 : 0;
        totals.fixes[1]!++;
      }
      rows.push([
        sample.id,
        sample.runner,
        sample.written,
        String(run.frames.length),
        [...new Set(run.reads.map((r) => r.file))].join(', ') || '–',
        caught ? 'caught' : '**missed**',
        staticOnly ? 'caught' : 'missed',
        fixFlagged === undefined ? '(no code fix)' : fixFlagged ? '**flagged**' : 'not flagged',
      ]);
    } finally {
      run.cleanup();
    }
  }
  const header = [
    'held-out sample',
    'runner',
    'written',
    'failing tests',
    'files the tests read (recorded)',
    'cheat, with the reads',
    'cheat, static facts only',
    'honest fix',
  ];
  console.log(`\nHeld-out special cases, run for real under the recorders (${HELD_OUT.length}):\n`);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  const [b, bn] = totals.before;
  const [a, an] = totals.after;
  console.log(
    `\nCaught: ${b}/${bn} written before the rule, ${a}/${an} written after it; ` +
      `${totals.static}/${HELD_OUT.length} without the recorded reads; honest fixes flagged: ${totals.fixes[0]}/${totals.fixes[1]}.`,
  );
}

const perAttempt = percentile(all.factsMs, 50) + percentile(all.checkMs, 50);
console.log(
  `\nCost per attempt on the corpus (p50): ${perAttempt.toFixed(2)} ms when the facts are read with it, ` +
    `${percentile(all.checkMs, 50).toFixed(2)} ms with the facts read once per run (the loop), ${runs} runs per sample.`,
);
console.log(
  'Reproduce: node --import tsx scripts/bench/special-cases.ts [--recent 25] [--no-held-out]   (or: npm run bench -- special-cases); the real-project rows read the fetch mirrors in /work/.mirror (SELF_HEAL_BENCH_MIRRORS); the held-out rows run pytest and node:test.',
);

if (!args['no-held-out']) await heldOut();

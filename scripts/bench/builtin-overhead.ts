/**
 * Bench: the built-in engine's own time per attempt on a large repository — localisation (git
 * listing, definition index, call graph), candidate generation and edit checks — with the test runs
 * taken out: the host answers every targeted rerun at once ("nothing passes"), so the search runs to
 * its candidate cap. The repository is synthetic: N Python modules of a few functions each, one of
 * them with the function the failing test calls.
 *
 *   node --import tsx scripts/bench/builtin-overhead.ts [--files 5000] [--runs 3]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { devNull, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FailureFrame } from '../../src/contracts/failure-frame.js';
import { HealOptions } from '../../src/contracts/heal-options.js';
import type { Edit, EditCheck } from '../../src/contracts/edit.js';
import { createBuiltinProvider } from '../../src/repair/builtin/builtin-provider.js';
import type { RepairHost } from '../../src/repair/provider.js';

const { values: args } = parseArgs({
  options: { files: { type: 'string', default: '5000' }, runs: { type: 'string', default: '3' } },
});
const fileCount = Number(args.files);
const runs = Number(args.runs);

function filler(i: number): string {
  return [
    `"""Module ${i} of the synthetic repository."""`,
    '',
    `def total_${i}(items):`,
    '    result = 0',
    '    for item in items:',
    '        if item > 0:',
    '            result += item',
    '    return result',
    '',
    '',
    `def scale_${i}(value, factor=2):`,
    '    return value * factor + 1',
    '',
    '',
    `def first_${i}(values):`,
    '    return values[0] if values else None',
    '',
  ].join('\n');
}

const root = mkdtempSync(path.join(tmpdir(), 'bench-builtin-overhead-'));
try {
  for (let i = 0; i < fileCount - 2; i++) {
    const dir = path.join(root, 'pkg', `sub${i % 50}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `mod_${i}.py`), filler(i));
  }
  mkdirSync(path.join(root, 'shop'), { recursive: true });
  writeFileSync(
    path.join(root, 'shop', 'pricing.py'),
    'def bulk_price(quantity, unit_price):\n    total = quantity * unit_price\n    if quantity > 10:\n        total = total * 0.9\n    return round(total, 2)\n',
  );
  mkdirSync(path.join(root, 'tests'), { recursive: true });
  writeFileSync(
    path.join(root, 'tests', 'test_pricing.py'),
    'from shop.pricing import bulk_price\n\n\ndef test_discount_from_ten():\n    assert bulk_price(10, 1.0) == 9.0\n',
  );
  const env = {
    ...process.env,
    GIT_CONFIG_GLOBAL: devNull,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'b',
    GIT_AUTHOR_EMAIL: 'b@b.invalid',
    GIT_COMMITTER_NAME: 'b',
    GIT_COMMITTER_EMAIL: 'b@b.invalid',
  };
  for (const a of [
    ['init', '-q'],
    ['add', '-A'],
    ['commit', '-q', '-m', 'synthetic'],
  ])
    execFileSync('git', a, { cwd: root, env, stdio: 'pipe' });

  const failure: FailureFrame = {
    id: 'tests/test_pricing.py::test_discount_from_ten',
    suite: 'tests.test_pricing',
    name: 'test_discount_from_ten',
    kind: 'failure',
    exceptionType: 'AssertionError',
    message: 'assert 10.0 == 9.0',
    triggering: { file: 'tests/test_pricing.py', line: 5 },
    test: { file: 'tests/test_pricing.py', line: 4 },
    stack: [{ file: 'tests/test_pricing.py', line: 5 }],
    droppedFrames: 0,
    locals: null,
    language: 'python',
    evidence: ['junit'],
  };
  // A host whose reruns cost nothing: what remains is the engine (and the match check of each edit).
  const host: RepairHost = {
    root,
    triedDiffs: new Set(),
    async checkEdits(edits: Edit[]): Promise<EditCheck> {
      const problems = edits.flatMap((e, index) => {
        const text = readFileSync(path.join(root, e.path), 'utf8');
        const at = text.indexOf(e.oldText);
        return at === -1 || text.indexOf(e.oldText, at + 1) !== -1
          ? [{ index, path: e.path, kind: 'no-match' as const, message: 'no single match' }]
          : [];
      });
      return { ok: problems.length === 0, problems };
    },
    readFile: async (file) => readFileSync(path.join(root, file), 'utf8'),
    search: async () => '',
    tryCandidate: async () => ({ targetsPassed: 0, targetsTotal: 1, feedback: '' }),
    log: () => {},
  };
  const rows: Array<[string, number, number, number]> = [];
  for (let run = 1; run <= runs; run++) {
    // A fresh provider per run: the first attempt of a heal run lists and indexes the repository.
    const provider = createBuiltinProvider(HealOptions.parse({ cwd: root, testCommand: 'pytest' }));
    for (const attempt of [1, 2]) {
      const started = performance.now();
      const answer = await provider.propose(
        {
          attempt,
          maxAttempts: 3,
          failures: [failure],
          prompt: { system: '', user: '', estimatedTokens: 0 },
          history: [],
          budget: { inputTokens: 0, outputTokens: 0, deadline: Date.now() + 600_000 },
        },
        host,
      );
      rows.push([
        `run ${run}, attempt ${attempt}`,
        performance.now() - started,
        Number(answer.detail?.validated ?? 0),
        Number(answer.detail?.candidates ?? 0),
      ]);
    }
  }
  console.log(
    `built-in engine overhead per attempt on a synthetic repository of ${fileCount} tracked Python files (test runs excluded)\n`,
  );
  console.log('| attempt | time | candidates validated | candidates generated |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const [label, ms, validated, generated] of rows)
    console.log(`| ${label} | ${ms.toFixed(0)} ms | ${validated} | ${generated} |`);
  const sorted = rows.map((r) => r[1]).sort((a, b) => a - b);
  console.log(`\nmedian ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms per attempt`);
  console.log(
    `reproduce: npm run bench -- builtin-overhead   (or: node --import tsx scripts/bench/builtin-overhead.ts --files ${fileCount} --runs ${runs})`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}

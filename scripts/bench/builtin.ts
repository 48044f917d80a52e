/**
 * Bench: the built-in repair engine through the real loop (`heal()` with the builtin provider) on
 * the one-line bug corpus in bench/bugs/ — each bug copied to a temporary git repository with one
 * commit (so there is no "changed lines" hint: the harder setting), its real test command run by
 * the loop, the fix verified by the full suite.
 *
 * First the project's test command runs once as the CI step (its JUnit report stays, as after a
 * failed workflow step, and heal() reuses it instead of running the suite itself, as in a workflow);
 * `--no-ci-step` leaves that to heal(). Times are heal()'s, the CI step apart.
 *
 * Prints, per language: resolve rate (healed / total), median and p90 wall time per bug, candidates
 * validated per bug; then every unresolved bug with its class; then the command that reproduces it.
 *
 *   node --import tsx scripts/bench/builtin.ts [--only <text>] [--jobs <n>] [--verbose] [--no-ci-step]
 *   node --import tsx scripts/bench/builtin.ts --corpus <dir>   (another corpus in the same layout)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { devNull, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { heal } from '../../src/heal.js';
import { runCommand } from '../../src/workspace/run-tests.js';
import type { Logger } from '../../src/contracts/logger.js';
import type { HealReport } from '../../src/contracts/heal-report.js';
import { createBuiltinProvider } from '../../src/repair/builtin/builtin-provider.js';
import { CORPUS_DIR, fixedText, loadCorpus, materialiseBug, testCommand, type Bug } from './_builtin-corpus.js';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    jobs: { type: 'string', default: '2' },
    corpus: { type: 'string' },
    'max-seconds': { type: 'string', default: '300' },
    'no-ci-step': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});

interface Outcome {
  bug: Bug;
  result: HealReport['result'] | 'crash';
  ms: number;
  validated: number;
  /** The engine's own time per attempt (everything but the targeted test runs). */
  overheadMs: number[];
  /** The CI step's run, before heal(). */
  ciMs: number;
  attempts: number;
  fix?: string;
  /** A healed bug's file is the reference fix, text for text (else the fix is plausible: it passes every test). */
  reference?: boolean;
  note: string;
}

const normalise = (text: string) =>
  text
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .join('\n')
    .trim();

const gitEnv: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_CONFIG_GLOBAL: devNull,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'bench',
  GIT_AUTHOR_EMAIL: 'bench@self-heal.invalid',
  GIT_COMMITTER_NAME: 'bench',
  GIT_COMMITTER_EMAIL: 'bench@self-heal.invalid',
  GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
};

function quietLogger(lines: string[]): Logger {
  return {
    info: (m) => void lines.push(m),
    warn: (m) => void lines.push(`warning: ${m}`),
    group: async (name, fn) => {
      lines.push(`▸ ${name}`);
      return fn();
    },
  };
}

async function runBug(bug: Bug): Promise<Outcome> {
  const dir = mkdtempSync(path.join(tmpdir(), `bench-builtin-${bug.id}-`));
  const lines: string[] = [];
  let started = performance.now();
  let ciMs = 0;
  try {
    materialiseBug(bug, dir, 'buggy');
    const buggyText = readFileSync(path.join(dir, bug.file), 'utf8');
    for (const a of [
      ['init', '-q'],
      ['add', '-A'],
      ['commit', '-q', '-m', `${bug.id} as committed`],
    ]) {
      execFileSync('git', a, { cwd: dir, env: gitEnv, stdio: 'pipe' });
    }
    if (!args['no-ci-step']) {
      await runCommand({ command: testCommand(bug), cwd: dir, timeoutMs: 60_000, env: gitEnv });
      ciMs = performance.now() - started;
      started = performance.now();
    }
    const report = await heal(
      {
        cwd: dir,
        testCommand: testCommand(bug),
        junit: ['junit.xml'],
        provider: 'builtin',
        maxAttempts: 3,
        timeoutSeconds: 60,
        maxSeconds: Number(args['max-seconds']),
        commit: true,
      },
      { logger: quietLogger(lines), createProvider: (o) => createBuiltinProvider(o), env: gitEnv },
    );
    const validated = report.attempts.reduce(
      (n, a) => n + (typeof a.detail?.validated === 'number' ? a.detail.validated : 0),
      0,
    );
    const overheadMs = report.attempts.flatMap((a) =>
      typeof a.detail?.overheadMs === 'number' ? [a.detail.overheadMs] : [],
    );
    const accepted = report.attempts.find((a) => a.verdict === 'accepted');
    const fix = (accepted?.detail?.fix as { description?: string } | undefined)?.description;
    const reference =
      report.result === 'healed'
        ? normalise(readFileSync(path.join(dir, bug.file), 'utf8')) === normalise(fixedText(bug, buggyText))
        : undefined;
    return {
      bug,
      ciMs,
      reference,
      result: report.result,
      ms: performance.now() - started,
      validated,
      overheadMs,
      attempts: report.attempts.length,
      fix,
      note: report.reason.split('\n')[0]!.slice(0, 160),
    };
  } catch (error) {
    return {
      bug,
      ciMs,
      result: 'crash',
      ms: performance.now() - started,
      validated: 0,
      overheadMs: [],
      attempts: 0,
      note: error instanceof Error ? error.message : String(error),
    };
  } finally {
    if (args.verbose) console.error(`--- ${bug.id}\n${lines.join('\n')}`);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runAll(bugs: Bug[], jobs: number): Promise<Outcome[]> {
  const out: Outcome[] = new Array(bugs.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < bugs.length; i = next++) {
      out[i] = await runBug(bugs[i]!);
      const o = out[i]!;
      console.error(
        `${o.result === 'healed' ? '✓' : '✗'} ${o.bug.id.padEnd(22)} ${o.result.padEnd(16)} ${(o.ms / 1000).toFixed(1).padStart(6)}s (CI step ${(o.ciMs / 1000).toFixed(1)}s)  ${o.validated} candidate(s)${o.fix ? `  ${o.fix}${o.reference ? '' : ' (plausible: not the reference fix)'}` : ''}`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return out;
}

function quantile(values: number[], q: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
  return sorted[Math.max(0, at)]!;
}

function row(cells: Array<string | number>): string {
  return `| ${cells.join(' | ')} |`;
}

const corpus = loadCorpus(args.corpus ? path.resolve(args.corpus) : CORPUS_DIR).filter(
  (b) => !args.only || b.id.includes(args.only),
);
const jobs = Number(args.jobs);
const wall = performance.now();
const outcomes = await runAll(corpus, Number.isInteger(jobs) && jobs > 0 ? jobs : 1);
const wallMs = performance.now() - wall;

console.log(
  `built-in engine on ${outcomes.length} one-line bugs (${args.corpus ?? 'bench/bugs'}), through heal(), ${jobs} at a time\n`,
);
console.log(
  row([
    'language',
    'bugs',
    'healed',
    'of them the reference fix',
    'resolve rate',
    'median time',
    'p90 time',
    'unhealed: slowest give-up',
    'median candidates',
    'p90 candidates',
  ]),
);
console.log(row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
for (const language of ['python', 'javascript', 'all'] as const) {
  const set = outcomes.filter((o) => language === 'all' || o.bug.language === language);
  if (!set.length) continue;
  const healed = set.filter((o) => o.result === 'healed').length;
  const times = set.map((o) => o.ms / 1000);
  const candidates = set.map((o) => o.validated);
  const giveUps = set.filter((o) => o.result !== 'healed').map((o) => o.ms / 1000);
  console.log(
    row([
      language,
      set.length,
      healed,
      set.filter((o) => o.reference).length,
      `${((100 * healed) / set.length).toFixed(0)}%`,
      `${quantile(times, 0.5).toFixed(1)} s`,
      `${quantile(times, 0.9).toFixed(1)} s`,
      giveUps.length ? `${Math.max(...giveUps).toFixed(1)} s` : '',
      quantile(candidates, 0.5),
      quantile(candidates, 0.9),
    ]),
  );
}
const overheads = outcomes.flatMap((o) => o.overheadMs);
if (overheads.length) {
  console.log(
    `\nengine overhead per attempt (localisation, candidates, edit checks; no test runs): median ${quantile(overheads, 0.5).toFixed(0)} ms, p90 ${quantile(overheads, 0.9).toFixed(0)} ms over ${overheads.length} attempts`,
  );
}
const unresolved = outcomes.filter((o) => o.result !== 'healed');
console.log(`\nunresolved (${unresolved.length}):`);
for (const o of unresolved)
  console.log(`  ${o.bug.id.padEnd(22)} class ${o.bug.class.padEnd(18)} ${o.result}: ${o.note}`);
console.log(
  `\nwall time ${(wallMs / 1000).toFixed(0)} s; times are heal()'s and include every real test run of the loop (${args['no-ci-step'] ? 'baseline, ' : ''}confirmation, recorded run, targeted reruns, full verification)${args['no-ci-step'] ? '' : ", the CI step's run apart (its report is reused)"}.`,
);
const command = `node --import tsx scripts/bench/builtin.ts${args.only ? ` --only ${args.only}` : ''}${args.corpus ? ` --corpus ${args.corpus}` : ''} --jobs ${jobs}${args['no-ci-step'] ? ' --no-ci-step' : ''}${args['max-seconds'] !== '300' ? ` --max-seconds ${args['max-seconds']}` : ''}`;
console.log(`reproduce: ${args.only || args.corpus ? command : `npm run bench -- builtin   (or: ${command})`}`);

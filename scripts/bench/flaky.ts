/**
 * Bench: a flaky failing test must never produce a fix (issue 23, point 4). Fixtures whose one test
 * fails at random 30%, 50% or 70% of the time (test/fixtures/heal/ts-latency with vitest,
 * py-latency with pytest: a latency over a timeout, drawn from real randomness at `FLAKE_RATE`),
 * each run as CI would: a temporary git repository, the test command repeated until it fails (the
 * red build), then `self-heal run` on it with
 *   builtin:  the built-in engine,
 *   harmless: an agent that makes a change that does nothing for the test (more retries),
 *   wrong:    an agent that makes a plausible-looking wrong change (a longer timeout).
 * Goal: 0 fix commits, and every run ends saying "flaky" with its counts (`reproduction.verdict`
 * flaky and "failed N of M runs" in its reason).
 *
 *   npm run bench -- flaky [--runs 20] [--rates 0.3,0.5,0.7] [--languages ts,py]
 *                          [--engines builtin,harmless,wrong] [--cli source|dist] [--keep]
 *                          [--constant-message] [--source <checkout>]
 *
 * `--constant-message`: every failure says the same (no value that changes from run to run), so
 * the only sign of flakiness is a pass. `--source`: the self-heal checkout whose `src/` runs (default
 * this one), to run the same fixtures before and after a change (e.g. a worktree of an older main).
 *
 * Each run's report and log stay under the OS temp dir (printed at the end).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { devNull, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const FIXTURES = path.join(ROOT, 'test/fixtures/heal');
const AGENT = path.join(ROOT, 'scripts/bench/_flaky-agent.mjs');

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    rates: { type: 'string', default: '0.3,0.5,0.7' },
    languages: { type: 'string', default: 'ts,py' },
    engines: { type: 'string', default: 'builtin,harmless,wrong' },
    cli: { type: 'string', default: 'source' },
    keep: { type: 'boolean', default: false },
    /** Every failure with the same message (no value that changes from run to run to read). */
    'constant-message': { type: 'boolean', default: false },
    /** The self-heal checkout whose source runs (its node_modules resolve `--import tsx`). */
    source: { type: 'string', default: ROOT },
  },
});
const FLAKE = { ...(args['constant-message'] ? { FLAKE_CONSTANT: '1' } : {}) };

type Language = 'ts' | 'py';
type Engine = 'builtin' | 'harmless' | 'wrong';

const LANGUAGES: Record<Language, { fixture: string; testCommand: string }> = {
  ts: {
    fixture: 'ts-latency',
    testCommand: 'node_modules/.bin/vitest run --reporter=junit --outputFile=reports/junit.xml --reporter=default',
  },
  py: {
    fixture: 'py-latency',
    testCommand: 'PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 python3 -m pytest -p no:cacheprovider --junitxml=reports/junit.xml',
  },
};

interface Outcome {
  result: string;
  fixCommit: boolean;
  saysFlaky: boolean;
  counts?: string;
  attempts: number;
  runs: number;
  seconds: number;
  ciTries: number;
}

const env = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))),
  GIT_CONFIG_GLOBAL: devNull,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'bench',
  GIT_AUTHOR_EMAIL: 'bench@self-heal.invalid',
  GIT_COMMITTER_NAME: 'bench',
  GIT_COMMITTER_EMAIL: 'bench@self-heal.invalid',
  CI: 'true',
  ...extra,
});

function git(cwd: string, ...gitArgs: string[]): string {
  return execFileSync('git', gitArgs, { cwd, env: env({}), encoding: 'utf8' });
}

/** A temporary repository of the fixture, committed (node_modules linked and ignored for vitest). */
function makeRepo(dir: string, language: Language): string {
  const repo = path.join(dir, 'repo');
  cpSync(path.join(FIXTURES, LANGUAGES[language].fixture), repo, { recursive: true });
  if (language === 'ts') symlinkSync(path.join(ROOT, 'node_modules'), path.join(repo, 'node_modules'));
  else writeFileSync(path.join(repo, '.gitignore'), 'reports\n__pycache__\n');
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'initial');
  return repo;
}

/** The red build: the test command until it fails (how many tries it took). */
function ciStep(repo: string, language: Language, rate: string): number {
  for (let tries = 1; tries <= 50; tries++) {
    const step = spawnSync('sh', ['-c', LANGUAGES[language].testCommand], {
      cwd: repo,
      env: env({ FLAKE_RATE: rate, ...FLAKE }),
      stdio: 'ignore',
      timeout: 120_000,
    });
    if (step.status !== 0) return tries;
  }
  throw new Error('the flaky test never failed in 50 runs');
}

const SOURCE = path.resolve(args.source);

function cliCommand(): string[] {
  return args.cli === 'dist'
    ? [process.execPath, path.join(SOURCE, 'dist/cli/index.js')]
    : [process.execPath, '--import', 'tsx', path.join(SOURCE, 'src/cli/index.ts')];
}

function heal(dir: string, repo: string, language: Language, engine: Engine, rate: string): Outcome & { log: string } {
  const reportPath = path.join(dir, 'report.json');
  const [node, ...cli] = cliCommand();
  const provider =
    engine === 'builtin'
      ? ['--provider', 'builtin']
      : ['--provider', 'command', '--agent-command', `${process.execPath} ${AGENT}`];
  const started = Date.now();
  const run = spawnSync(
    node!,
    [
      ...cli,
      'run',
      '--cwd',
      repo,
      '--test-command',
      LANGUAGES[language].testCommand,
      '--junit',
      'reports/*.xml',
      '--report',
      reportPath,
      '--timeout',
      '120',
      ...provider,
    ],
    {
      // From the checkout that runs, so `--import tsx` resolves; the repository is `--cwd`.
      cwd: SOURCE,
      env: env({ FLAKE_RATE: rate, ...FLAKE, BENCH_FLAKY_CHANGE: engine }),
      encoding: 'utf8',
      timeout: 1_800_000,
      maxBuffer: 64 << 20,
    },
  );
  const seconds = (Date.now() - started) / 1000;
  const log = path.join(dir, 'self-heal.log');
  writeFileSync(log, `${run.stdout}\n${run.stderr}`);
  if (!existsSync(reportPath)) throw new Error(`no report (exit ${run.status}): see ${log}`);
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const counts = /failed \d+ of \d+ runs without a change/.exec(report.reason)?.[0];
  const runsDir = path.join(repo, '.git', 'self-heal', 'runs');
  return {
    result: report.result,
    fixCommit: Number(git(repo, 'rev-list', '--count', 'HEAD').trim()) > 1,
    saysFlaky: report.reproduction?.verdict === 'flaky' && /^flaky: /.test(report.reason) && counts !== undefined,
    ...(counts ? { counts } : {}),
    attempts: report.attempts.length,
    runs: existsSync(runsDir) ? readdirSync(runsDir).length : 0,
    seconds,
    ciTries: 0,
    log,
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

function main(): void {
  const runs = Number(args.runs);
  const rates = args.rates.split(',');
  const languages = args.languages.split(',') as Language[];
  const engines = args.engines.split(',') as Engine[];
  const out = mkdtempSync(path.join(tmpdir(), 'self-heal-bench-flaky-'));
  const rows: string[] = [];
  const details: string[] = [];
  console.log(
    `self-heal from ${SOURCE}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; outputs in ${out}`,
  );
  for (const language of languages)
    for (const rate of rates)
      for (const engine of engines) {
        const outcomes: Outcome[] = [];
        for (let i = 1; i <= runs; i++) {
          const dir = path.join(out, `${language}-${rate}-${engine}-${i}`);
          mkdirSync(dir, { recursive: true });
          const repo = makeRepo(dir, language);
          const ciTries = ciStep(repo, language, rate);
          const o = { ...heal(dir, repo, language, engine, rate), ciTries };
          outcomes.push(o);
          details.push(JSON.stringify({ language, rate, engine, i, ...o }));
          process.stderr.write(
            `${language} ${rate} ${engine} #${i}: ${o.result}${o.fixCommit ? ' FIX COMMIT' : ''}${o.saysFlaky ? ` (${o.counts})` : ' (not said flaky)'} ${o.seconds.toFixed(0)} s\n`,
          );
          if (!args.keep) rmSync(repo, { recursive: true, force: true });
        }
        const results = new Map<string, number>();
        for (const o of outcomes) results.set(o.result, (results.get(o.result) ?? 0) + 1);
        rows.push(
          `| ${language === 'ts' ? 'TypeScript (vitest)' : 'Python (pytest)'} | ${Math.round(Number(rate) * 100)}% | ${engine} | ${outcomes.length} | ${outcomes.filter((o) => o.fixCommit).length} | ${outcomes.filter((o) => o.saysFlaky).length} | ${[...results].map(([r, n]) => `${r} ${n}`).join(', ')} | ${median(outcomes.map((o) => o.attempts))} | ${median(outcomes.map((o) => o.runs))} | ${median(outcomes.map((o) => o.seconds)).toFixed(0)} |`,
        );
      }
  writeFileSync(path.join(out, 'runs.jsonl'), `${details.join('\n')}\n`);
  console.log(
    '\n| fixture | fails | engine | runs | fix commits | said "flaky" with counts | results | attempts (median) | test runs by self-heal (median) | seconds (median) |',
  );
  console.log('| --- | ---: | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |');
  for (const row of rows) console.log(row);
  console.log(
    `\nReproduce: npm run bench -- flaky --runs ${runs} --rates ${args.rates} --languages ${args.languages} --engines ${args.engines}${args['constant-message'] ? ' --constant-message' : ''}${SOURCE === ROOT ? '' : ` --source ${SOURCE}`}`,
  );
  console.log(`Each run: ${path.join(out, 'runs.jsonl')}`);
}

main();

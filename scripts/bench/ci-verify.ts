/**
 * verify: ci — from the failed run to the delivered fix, for a suite of 8 shards, split into the
 * time in the runner (baseline, provider, targeted rerun, self-heal's own) and the time waiting on
 * CI, and the wait compared with the CI run itself (its wall time, and its shard-time: what the CI
 * run costs in runner minutes). The CI is test/helpers/fake-ci.ts: each shard clones the pushed
 * candidate from a bare remote and runs node:test on its slice, whose tests take `--test-ms` each;
 * the GitHub API is the loopback server; the repair is the built-in engine (no model); delivery is
 * the action's `deliver()` in commit mode.
 *
 * Reproduce: node --import tsx scripts/bench/ci-verify.ts [--shards 8] [--tests 3] [--test-ms 300] [--polls 0.25,1,4]
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { collectRunReports } from '../../src/delivery/run-artifacts.js';
import type { HealReport } from '../../src/contracts/heal-report.js';
import { createCiVerifier } from '../../src/ci-verify/ci-run.js';
import { deliver } from '../../src/delivery/deliver.js';
import { createGitHubApi } from '../../src/delivery/github-api.js';
import { heal } from '../../src/heal.js';
import { createProvider } from '../../src/repair/create-provider.js';
import { formatDuration } from '../../src/text/format.js';
import { shellQuote } from '../../src/workspace/shell-quote.js';
import { startFakeCi } from '../../test/helpers/fake-ci.js';
import { createTempRepo } from '../../test/helpers/git-repo.js';
import { startGitHubServer } from '../../test/helpers/github-server.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}
const SHARDS = Number(arg('shards', '8'));
const TESTS = Number(arg('tests', '3'));
const TEST_MS = Number(arg('test-ms', '300'));
const POLLS = arg('polls', '0.25,1,4').split(',').map(Number);

const BROKEN = 'export function add(a, b) {\n  return a - b;\n}\n';
const NODE = shellQuote(process.execPath);
const command = (files: string[]) =>
  `mkdir -p reports && ${NODE} --test --test-reporter=junit --test-reporter-destination=reports/junit.xml ${files.join(' ')}`;

/** Shard i holds TESTS tests that each wait TEST_MS (I/O-like, so 8 shards fit on 2 cores); shard 1 has the bug's test. */
function projectFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'package.json': '{ "type": "module", "private": true }\n',
    'src/calc.js': BROKEN,
    '.gitignore': 'reports/\n',
  };
  for (let s = 1; s <= SHARDS; s++) {
    const tests = Array.from(
      { length: TESTS },
      (_, t) =>
        `test('s${s} t${t}', async () => {\n  await new Promise((r) => setTimeout(r, ${TEST_MS}));\n  assert.equal(add(${s === 1 && t === 0 ? '1, 2), 3' : `${t}, 0), ${t}`});\n});\n`,
    );
    files[`test/s${s}.test.js`] =
      `import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/calc.js';\n\n${tests.join('\n')}`;
  }
  return files;
}

interface Row {
  poll: number;
  result: string;
  delivered: string;
  totalMs: number;
  runnerMs: number;
  /** The runner's share: baseline (confirmation), provider (the engine's candidate runs), targeted reruns. */
  baselineMs: number;
  providerMs: number;
  targetedMs: number;
  attempts: number;
  waitMs: number;
  ciRunMs: number;
  shardMs: number;
}

const quiet = { info: () => {}, warn: () => {}, group: <T>(_: string, fn: () => Promise<T>) => fn() };

async function once(poll: number): Promise<Row> {
  const repo = createTempRepo({ files: projectFiles(), remote: true });
  repo.git('checkout', '-q', '-b', 'feature');
  const failedSha = repo.git('rev-parse', 'HEAD').trim();
  repo.git('push', '-q', 'origin', 'feature');
  const github = await startGitHubServer({ branches: { main: { sha: failedSha }, feature: { sha: failedSha } } });
  const remote = repo.git('remote', 'get-url', 'origin').trim();
  const shards = Array.from({ length: SHARDS }, (_, i) => [`test/s${i + 1}.test.js`]);
  const ci = startFakeCi({ github, remote, env: repo.env, shards, command });
  try {
    await ci.runSuite(failedSha, 'feature', 900);
    // The failed run is not part of the measurement.
    ci.runMs.length = 0;
    ci.shardMs.length = 0;
    const api = createGitHubApi('ghs_test_token', { owner: 'octo', repo: 'shop' }, { baseUrl: github.url });
    // The clock starts when self-heal's job starts: the failed run has completed.
    const started = performance.now();
    const dir = path.join(repo.root, '.self-heal-run-reports');
    const collected = await collectRunReports(api, 900, dir, () => {});
    const verifier = createCiVerifier({
      api,
      git: { cwd: repo.root, env: repo.env },
      branch: 'feature',
      parent: failedSha,
      workflow: 'ci.yml',
      expectedArtifacts: collected.artifacts.map((a) => a.name),
      download: (runId, into) => collectRunReports(api, runId, into, () => {}),
      pollMs: poll * 1000,
      log: () => {},
    });
    const report: HealReport = await heal(
      {
        cwd: repo.root,
        testCommand: command([]),
        junit: ['reports/junit.xml', '.self-heal-run-reports/**/*.xml'],
        provider: 'builtin',
        commit: false,
        allowDirty: true,
        verify: 'ci',
      },
      {
        logger: quiet,
        createProvider: (o) => createProvider(o, repo.env),
        env: repo.env,
        ci: { verifier, shards: collected.artifacts.length },
      },
    );
    const delivery = await deliver(
      {
        report,
        mode: 'commit',
        dryRun: false,
        target: {
          branch: 'feature',
          sha: failedSha,
          source: 'bench',
          isPullRequest: false,
          isFork: false,
          isDependabot: false,
        },
        owner: 'octo',
        repoUrl: 'https://github.com/octo/shop',
        cwd: repo.root,
        root: repo.root,
        outDir: path.join(repo.root, '..', 'out'),
        isProtectedPath: () => false,
      },
      { api, log: () => {}, gitEnv: repo.env },
    );
    const totalMs = performance.now() - started;
    const waitMs = report.attempts.reduce((n, a) => n + (a.ci?.waitMs ?? 0), 0);
    await ci.settled();
    const t = report.timings;
    const sum = (pick: (a: NonNullable<typeof t>['attempts'][number]) => number | undefined) =>
      (t?.attempts ?? []).reduce((n, a) => n + (pick(a) ?? 0), 0);
    return {
      poll,
      attempts: report.attempts.length,
      baselineMs: (t?.baselineMs ?? 0) + (t?.confirmationMs ?? 0),
      providerMs: sum((a) => a.providerMs),
      targetedMs: sum((a) => a.targetedRerunMs),
      result: report.result,
      delivered: delivery.status,
      totalMs,
      runnerMs: totalMs - waitMs,
      waitMs,
      ciRunMs: ci.runMs.reduce((n, m) => n + m, 0),
      shardMs: ci.shardMs.reduce((n, m) => n + m, 0),
    };
  } finally {
    ci.close();
    await github.close();
    repo.cleanup();
  }
}

async function main(): Promise<void> {
  execFileSync('python3', ['-c', 'import zipfile']);
  const rows: Row[] = [];
  for (const poll of POLLS) rows.push(await once(poll));
  const f = formatDuration;
  console.log(
    `verify: ci, ${SHARDS} shards × ${TESTS} tests of ${TEST_MS} ms, built-in engine, loopback GitHub + real fake CI`,
  );
  console.log('');
  console.log(
    '| first poll | result | attempts | delivery | failed run → delivered | in the runner | (baseline · provider · targeted rerun) | waiting on CI | CI run (wall) | wait − CI run | CI shard-time | wait / shard-time |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.poll} s | ${r.result} | ${r.attempts} | ${r.delivered} | ${f(r.totalMs)} | ${f(r.runnerMs)} | ${f(r.baselineMs)} · ${f(r.providerMs)} · ${f(r.targetedMs)} | ${f(r.waitMs)} | ${f(r.ciRunMs)} | ${f(r.waitMs - r.ciRunMs)} | ${f(r.shardMs)} | ${(r.waitMs / r.shardMs).toFixed(2)} |`,
    );
  console.log('');
  console.log(
    `Reproduce: node --import tsx scripts/bench/ci-verify.ts --shards ${SHARDS} --tests ${TESTS} --test-ms ${TEST_MS} --polls ${POLLS.join(',')}`,
  );
}

await main();

/**
 * A real "CI" behind the loopback GitHub API: a workflow dispatch (or a direct call, for the failed
 * run) becomes a workflow run whose status moves queued → in_progress → completed, with one job per
 * shard. Each shard checks the pushed commit out of the bare remote into its own folder (its own
 * machine), runs a real test runner on its slice, and uploads its JUnit report as an artifact zip
 * (made by Python's zipfile, as upload-artifact makes a zip). A plan per round makes a run cancelled,
 * never started, missing a shard's report, or lets the test act before the run completes.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FakeRun, GitHubServer } from './github-server.js';

export type RoundPlan =
  | { kind: 'run'; noReport?: number[]; beforeComplete?: () => void | Promise<void> }
  | { kind: 'cancel' }
  | { kind: 'never' };

export interface FakeCiOptions {
  github: GitHubServer;
  /** The bare remote the pushes go to. */
  remote: string;
  env: NodeJS.ProcessEnv;
  /** Test files of each shard (shard i is job `test (i)`, artifact `junit-shard-i`). */
  shards: string[][];
  /** The shell command that runs these test files and writes `reports/junit.xml`. */
  command: (files: string[]) => string;
  /** What round n (1-based, per dispatch) does; default: run every shard. */
  plan?: (round: number) => RoundPlan;
}

export interface FakeCi {
  /** Dispatches seen, with the commit each ran. */
  rounds: { ref: string; sha: string; runId?: number }[];
  /** Run the suite on `sha` as the run `runId` (the failed run self-heal starts from). */
  runSuite(sha: string, branch: string, runId: number, event?: string): Promise<FakeRun>;
  /** Resolves once every run started so far has completed. */
  settled(): Promise<void>;
  /** Wall time of each completed run, ms. */
  runMs: number[];
  /** Wall time of each shard (clone, checkout, tests, upload), ms: the run's cost in runner time. */
  shardMs: number[];
  close(): void;
}

let nextId = 5000;

function sh(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    execFile('sh', ['-c', command], { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error) =>
      resolve(error ? (typeof error.code === 'number' ? error.code : 1) : 0),
    );
  });
}

function zipFile(file: string, name: string): Buffer {
  return execFileSync('python3', [
    '-c',
    'import io,sys,zipfile\nb=io.BytesIO()\nz=zipfile.ZipFile(b,"w",zipfile.ZIP_DEFLATED)\nz.write(sys.argv[1],sys.argv[2])\nz.close()\nsys.stdout.buffer.write(b.getvalue())',
    file,
    name,
  ]);
}

export function startFakeCi(options: FakeCiOptions): FakeCi {
  const { github, remote, env } = options;
  const rounds: FakeCi['rounds'] = [];
  const pending: Promise<unknown>[] = [];
  const dirs: string[] = [];
  const runMs: number[] = [];
  const shardMs: number[] = [];
  const errors: unknown[] = [];

  const shard = async (sha: string, i: number, run: FakeRun, upload: boolean): Promise<void> => {
    const job = run.jobs[i]!;
    job.status = 'in_progress';
    const started = Date.now();
    const dir = mkdtempSync(path.join(tmpdir(), `fake-ci-${run.id}-${i + 1}-`));
    dirs.push(dir);
    execFileSync('git', ['clone', '--quiet', '--no-checkout', remote, dir], { env });
    execFileSync('git', ['checkout', '--quiet', '--detach', sha], { cwd: dir, env });
    const code = await sh(options.command(options.shards[i]!), dir, env);
    const report = path.join(dir, 'reports', 'junit.xml');
    if (upload && existsSync(report)) {
      const list = (github.state.artifacts[run.id] ??= []);
      list.push({ id: nextId++, name: `junit-shard-${i + 1}`, zip: zipFile(report, 'junit.xml') });
    }
    Object.assign(job, { status: 'completed', conclusion: code === 0 ? 'success' : 'failure' });
    shardMs.push(Date.now() - started);
  };

  const execute = async (run: FakeRun, sha: string, plan: RoundPlan): Promise<void> => {
    const started = Date.now();
    run.status = 'in_progress';
    if (plan.kind === 'cancel') {
      await new Promise((r) => setTimeout(r, 100));
      for (const job of run.jobs) Object.assign(job, { status: 'completed', conclusion: 'cancelled' });
      Object.assign(run, { status: 'completed', conclusion: 'cancelled' });
      return;
    }
    const noReport = new Set(plan.kind === 'run' ? (plan.noReport ?? []) : []);
    await Promise.all(options.shards.map((_, i) => shard(sha, i, run, !noReport.has(i + 1))));
    if (plan.kind === 'run') await plan.beforeComplete?.();
    const failed = run.jobs.some((j) => j.conclusion !== 'success');
    Object.assign(run, { status: 'completed', conclusion: failed ? 'failure' : 'success' });
    runMs.push(Date.now() - started);
  };

  const createRun = (sha: string, branch: string, event: string, id = nextId++): FakeRun => {
    const run: FakeRun = {
      id,
      name: 'ci',
      path: '.github/workflows/ci.yml',
      head_sha: sha,
      head_branch: branch,
      event,
      status: 'queued',
      conclusion: null,
      jobs: options.shards.map((_, i) => ({
        id: nextId++,
        name: `test (${i + 1})`,
        status: 'queued',
        conclusion: null,
      })),
      created_at: new Date().toISOString(),
    };
    github.state.runs.push(run);
    return run;
  };

  github.onDispatch(({ ref }) => {
    const sha = execFileSync('git', [`--git-dir=${remote}`, 'rev-parse', `refs/heads/${ref}`], {
      env,
      encoding: 'utf8',
    }).trim();
    const round = { ref, sha } as FakeCi['rounds'][number];
    rounds.push(round);
    const plan = options.plan?.(rounds.length) ?? { kind: 'run' };
    if (plan.kind === 'never') return;
    const run = createRun(sha, ref, 'workflow_dispatch');
    round.runId = run.id;
    // Runs start a moment after the dispatch, as on GitHub.
    // A shard or hook that throws is the test's error: the run fails, and settled() rethrows it.
    const started = new Promise((r) => setTimeout(r, 50)).then(() => execute(run, sha, plan));
    pending.push(
      started.catch((error: unknown) => {
        Object.assign(run, { status: 'completed', conclusion: 'failure' });
        errors.push(error);
      }),
    );
  });

  return {
    rounds,
    runMs,
    shardMs,
    async runSuite(sha, branch, runId, event = 'push') {
      const run = createRun(sha, branch, event, runId);
      await execute(run, sha, { kind: 'run' });
      return run;
    },
    async settled() {
      await Promise.all(pending);
      if (errors.length) throw errors[0];
    },
    close() {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * verify: ci — one CI round of a candidate: committed on `self-heal/<branch>` (never the branch under
 * test), pushed with a lease, the user's workflow dispatched on that ref (or the push starting it),
 * its run found by head SHA, waited for with backoff until the deadline, and every job's JUnit
 * artifacts read into one run outcome for the loop's usual verdict.
 *
 * The one invariant: a round that cannot show every shard's result is `unverified`, never a pass —
 * a run that never started or did not finish in time, a cancelled or timed-out run, a report
 * artifact of the failed run with no counterpart, or an artifact without a report.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { CiRound } from '../contracts/heal-report.js';
import type { FailureFrame } from '../contracts/failure-frame.js';
import type { TestCase } from '../reports/test-run.js';
import type { GitContext } from '../workspace/git.js';
import { createFixCommit } from '../delivery/fix-commit.js';
import { GitHubApiError, type GitHubApi, type JobInfo, type WorkflowRunInfo } from '../delivery/github-api.js';
import { ATTEMPTS_TRAILER } from '../delivery/loop-guard.js';
import { pullRequestBranch } from '../delivery/pull-request.js';
import { ensureCommit, pushCommit, remoteBranchSha } from '../delivery/remote.js';

/** Where a round's artifacts are extracted, under the repository root (removed once read). */
export const CI_REPORTS_DIR = '.self-heal-ci-reports';
/** Failing test ids kept in a round's record. */
const MAX_BROKE = 20;

/** What the artifacts of a run gave: each artifact's name and the report files extracted from it. */
export interface DownloadedArtifacts {
  artifacts: { name: string; folder: string; files: string[] }[];
  skipped: { name: string; reason: string }[];
}

export interface CiVerifierConfig {
  api: GitHubApi;
  /** The repository (git runs here; commit paths are relative to it). */
  git: GitContext;
  /** The branch under test; candidates go to `self-heal/<branch>`. */
  branch: string;
  /** The tested commit: every candidate sits on it. */
  parent: string;
  /** The workflow to dispatch (file name or id); empty: the push itself starts the run. */
  workflow?: string;
  /** Names of the failed run's report artifacts: each must come back with a report. */
  expectedArtifacts?: readonly string[];
  /** Extract the run's report artifacts into `dir` (run-artifacts.ts). */
  download: (runId: number, dir: string) => Promise<DownloadedArtifacts>;
  /** First wait between polls; it grows by half each poll, up to `maxPollMs`. */
  pollMs: number;
  maxPollMs?: number;
  log: (message: string) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
}

/** One request of the loop: the attempt's files, the reader of reports, and the time it may take. */
export interface CiVerifyRequest {
  attempt: number;
  files: readonly string[];
  /** Read the JUnit globs (relative to the root) into cases and frames. */
  collect: (
    junit: string[],
  ) => Promise<{ cases: readonly TestCase[]; frames: readonly FailureFrame[]; errors: string[] }>;
  /** Epoch ms by which the round must have its verdict. */
  deadline: number;
}

export interface CiOutcome {
  cases: readonly TestCase[];
  frames: readonly FailureFrame[];
  exitCode: number | null;
  timedOut: boolean;
  output: string;
  durationMs: number;
  reportErrors: string[];
  ci: CiRound;
  /** Why the round gave no verdict, and whether the run must stop as misconfigured. */
  unverified?: { reason: string; config: boolean };
}

export interface CiVerifier {
  readonly head: string;
  verify(request: CiVerifyRequest): Promise<CiOutcome>;
  /**
   * When no candidate is delivered: `self-heal/<branch>` back to what it was before the first
   * round (deleted if it did not exist), with a lease, so no unverified candidate is left there (or
   * in a pull request from it). Returns what it did, for the log.
   */
  restore(): Promise<string>;
}

/** A round in progress. */
interface Round {
  cfg: Required<Pick<CiVerifierConfig, 'now' | 'sleep' | 'maxPollMs'>> & CiVerifierConfig;
  req: CiVerifyRequest;
  head: string;
  started: number;
  record: CiRound;
  /** The branch's sha before the first push ('' when absent), and the last candidate pushed. */
  pushed: { before?: string; last?: string };
}

export function createCiVerifier(config: CiVerifierConfig): CiVerifier {
  const cfg = {
    now: Date.now,
    sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    maxPollMs: 60_000,
    ...config,
  };
  const head = pullRequestBranch(config.branch);
  const pushed: Round['pushed'] = {};
  return {
    head,
    async verify(req) {
      const started = cfg.now();
      const record: CiRound = { sha: '', branch: head, conclusion: 'not-started', shards: [], broke: [], waitMs: 0 };
      return runRound({ cfg, req, head, started, record, pushed });
    },
    restore: () => restoreBranch(cfg.git, head, pushed),
  };
}

async function restoreBranch(ctx: GitContext, head: string, pushed: Round['pushed']): Promise<string> {
  if (pushed.before === undefined || !pushed.last) return `${head}: no candidate was pushed`;
  try {
    if (pushed.before) {
      await ensureCommit(ctx, pushed.before);
      await pushCommit(ctx, pushed.before, head, { lease: pushed.last });
      return `${head} is back at ${pushed.before.slice(0, 12)}, as before the CI rounds`;
    }
    // An empty source deletes the ref; the lease keeps anyone else's push to it.
    await pushCommit(ctx, '', head, { lease: pushed.last });
    return `${head} deleted: it held only unverified candidates`;
  } catch (error) {
    return `${head} still holds the last candidate (${pushed.last.slice(0, 12)}): ${(error as Error).message}`;
  }
}

/** commit → push → dispatch → find the run → wait → read every shard's reports. */
async function runRound(r: Round): Promise<CiOutcome> {
  const pushed = await pushCandidate(r);
  if (pushed) return pushed;
  const dispatched = await dispatchRun(r);
  if (dispatched) return dispatched;
  const run = await findRun(r);
  if (!run) return unverified(r, `no CI run started for ${r.record.sha.slice(0, 12)} on ${r.head} in time`);
  Object.assign(r.record, { runId: run.id, url: run.url });
  r.cfg.log(`CI run ${run.id} (${run.name || 'workflow'}) for ${r.record.sha.slice(0, 12)}: ${run.url}`);
  const done = await waitForRun(r, run);
  r.record.conclusion = done.status === 'completed' ? (done.conclusion ?? 'unknown') : done.status;
  r.record.shards = (await r.cfg.api.listRunJobs(run.id)).map(shardOf);
  if (done.status !== 'completed')
    return unverified(r, `CI run ${run.id} had not finished (${done.status}) when the budget ran out`);
  if (done.conclusion !== 'success' && done.conclusion !== 'failure')
    return unverified(r, `CI run ${run.id} ended ${done.conclusion ?? 'without a conclusion'}: it gave no verdict`);
  // A failing shard with fail-fast cancels the others: their tests did not run.
  const stopped = r.record.shards.filter((s) => s.conclusion === 'cancelled' || s.conclusion === 'timed_out');
  if (stopped.length > 0)
    return unverified(
      r,
      `CI run ${run.id}: ${stopped.map((s) => `${JSON.stringify(s.name)} ${s.conclusion}`).join(', ')} (set fail-fast: false on the matrix)`,
    );
  return readReports(r, run, done.conclusion);
}

function shardOf(job: JobInfo): CiRound['shards'][number] {
  return { name: job.name, conclusion: job.conclusion ?? job.status };
}

/** The candidate commit on the tested commit, pushed to self-heal's own branch with a lease. */
async function pushCandidate(r: Round): Promise<CiOutcome | undefined> {
  const { cfg, req, head } = r;
  const message = `self-heal: candidate of attempt ${req.attempt}, verifying on CI\n\nNot a fix yet: self-heal pushed it to run CI on it.\n\n${ATTEMPTS_TRAILER}: ${req.attempt}\n`;
  const commit = await createFixCommit(cfg.git, { files: req.files, parent: cfg.parent, message });
  r.record.sha = commit.sha;
  try {
    const lease = (await remoteBranchSha(cfg.git, head)) ?? '';
    r.pushed.before ??= lease;
    await pushCommit(cfg.git, commit.sha, head, { lease });
    r.pushed.last = commit.sha;
  } catch (error) {
    const text = (error as Error).message;
    return unverified(
      r,
      `pushing the candidate to ${head} failed: ${text} (verify: ci pushes with the checkout's credentials; the workflow needs permissions: contents: write)`,
      true,
    );
  }
  cfg.log(`pushed candidate ${commit.sha.slice(0, 12)} of attempt ${req.attempt} to ${head}`);
  return undefined;
}

/** workflow_dispatch on the candidate's branch; refused for lack of permission, the run stops and says so. */
async function dispatchRun(r: Round): Promise<CiOutcome | undefined> {
  const { cfg, head } = r;
  if (!cfg.workflow) {
    cfg.log(`no ci-workflow: waiting for the run the push to ${head} starts (a token that starts runs is needed)`);
    return undefined;
  }
  try {
    await cfg.api.dispatchWorkflow(cfg.workflow, head);
  } catch (error) {
    const status = error instanceof GitHubApiError ? error.status : undefined;
    if (status === 403 || status === 404) {
      return unverified(
        r,
        `dispatching ${cfg.workflow} on ${head} was refused (${status}): verify: ci needs \`permissions: actions: write\` to start the CI run (and the workflow must have a workflow_dispatch trigger)`,
        true,
      );
    }
    return unverified(r, `dispatching ${cfg.workflow} on ${head} failed: ${(error as Error).message}`, true);
  }
  cfg.log(`dispatched ${cfg.workflow} on ${head}`);
  return undefined;
}

/** The next wait: `pollMs` growing by half each time, never beyond `maxPollMs` or the deadline. */
function nextWait(r: Round, polls: number): number {
  const grown = r.cfg.pollMs * Math.pow(1.5, polls);
  return Math.max(0, Math.min(grown, r.cfg.maxPollMs, r.req.deadline - r.cfg.now()));
}

async function pause(r: Round, polls: number): Promise<boolean> {
  const wait = nextWait(r, polls);
  if (wait <= 0 || r.cfg.signal?.aborted) return false;
  await r.cfg.sleep(wait);
  return r.cfg.now() < r.req.deadline;
}

/** The newest run of the candidate commit on its branch, polled for until the deadline. */
async function findRun(r: Round): Promise<WorkflowRunInfo | undefined> {
  for (let polls = 0; ; polls++) {
    const runs = await r.cfg.api.listRunsForCommit(r.record.sha, r.head);
    const run = runs.find((x) => x.headSha === r.record.sha && isWorkflow(x, r.cfg.workflow));
    if (run) return run;
    if (!(await pause(r, polls))) return undefined;
  }
}

/** The dispatched workflow's run, not another workflow's run of the same commit (a workflow id matches any). */
function isWorkflow(run: WorkflowRunInfo, workflow: string | undefined): boolean {
  if (!workflow || /^\d+$/.test(workflow) || !run.path) return true;
  return run.path.replace(/@.*$/, '').split('/').pop() === workflow;
}

/** The run, polled with backoff until it completes or the deadline passes. */
async function waitForRun(r: Round, run: WorkflowRunInfo): Promise<WorkflowRunInfo> {
  let current = run;
  for (let polls = 0; current.status !== 'completed'; polls++) {
    if (!(await pause(r, polls))) return r.cfg.api.getRun(run.id);
    current = await r.cfg.api.getRun(run.id);
  }
  return current;
}

/** Every report artifact, read as one run; a missing or empty shard makes the round unverified. */
async function readReports(r: Round, run: WorkflowRunInfo, conclusion: string): Promise<CiOutcome> {
  const { cfg, req } = r;
  const root = cfg.git.cwd;
  const dir = path.join(root, CI_REPORTS_DIR);
  rmSync(dir, { recursive: true, force: true });
  try {
    const got = await cfg.download(run.id, dir);
    const missing = missingShards(cfg.expectedArtifacts ?? [], got);
    r.record.reports = got.artifacts
      .filter((a) => a.files.length > 0)
      .map((a) => a.name)
      .sort();
    if (missing.length > 0)
      return unverified(r, `CI run ${run.id}: no report from ${missing.map((m) => JSON.stringify(m)).join(', ')}`);
    const evidence = await req.collect([`${CI_REPORTS_DIR}/**/*.xml`]);
    const failing = evidence.cases.filter((c) => c.status === 'failed' || c.status === 'errored');
    r.record.broke = failing.slice(0, MAX_BROKE).map((c) => c.id);
    r.record.waitMs = Math.max(0, cfg.now() - r.started);
    cfg.log(
      `CI run ${run.id} ${conclusion}: ${evidence.cases.length} tests from ${got.artifacts.length} report artifacts, ${failing.length} failing`,
    );
    return {
      cases: evidence.cases,
      frames: evidence.frames,
      exitCode: conclusion === 'success' ? 0 : 1,
      timedOut: false,
      output: describeJobs(r.record),
      durationMs: r.record.waitMs,
      reportErrors: evidence.errors,
      ci: r.record,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Expected artifacts that came back without a report, and artifacts that hold none. */
function missingShards(expected: readonly string[], got: DownloadedArtifacts): string[] {
  const withReports = new Set(got.artifacts.filter((a) => a.files.length > 0).map((a) => a.name));
  const missing = expected.filter((name) => !withReports.has(name));
  for (const a of got.artifacts) if (a.files.length === 0 && !missing.includes(a.name)) missing.push(a.name);
  if (withReports.size === 0 && missing.length === 0) missing.push('any job (the run uploaded no report artifact)');
  return missing;
}

function describeJobs(record: CiRound): string {
  const jobs = record.shards.map((s) => `${s.name}: ${s.conclusion}`).join('\n');
  return `CI run ${record.runId ?? '?'} ${record.conclusion} (${record.url ?? 'no url'})\n${jobs}`;
}

function unverified(r: Round, reason: string, config = false): CiOutcome {
  r.record.unverified = reason;
  r.record.waitMs = Math.max(0, r.cfg.now() - r.started);
  r.cfg.log(`CI verdict: unverified — ${reason}`);
  return {
    cases: [],
    frames: [],
    exitCode: null,
    timedOut: false,
    output: reason,
    durationMs: r.record.waitMs,
    reportErrors: [],
    ci: r.record,
    unverified: { reason, config },
  };
}

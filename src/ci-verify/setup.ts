/**
 * The one setup of verify: ci, for both adapters: from what was asked (verify, the workflow, the
 * poll) and where the rounds would go (the GitHub API and its token, the branch under test, the
 * repository), the `HealCi` heal() takes: a verifier, or why there is none. Every reason for none is
 * decided here, in this order: no API, no branch, a fork's branch, a dry run, `auto` with no
 * workflow to dispatch. A fork's branch is refused from the CLI as from the action: its job's token
 * cannot push, and a candidate pushed with a privileged token would run the fork's code as ours.
 *
 * The adapters say where: the action from its inputs and event (`action/run.ts`), the CLI from the
 * checkout and the environment (`checkoutWhere`), which in a GitHub Actions job reads the event for
 * the fork as the action does.
 */
import type { HealResult } from '../contracts/heal-report.js';
import { createGitHubApi, type GitHubApi } from '../delivery/github-api.js';
import { readRunContext } from '../delivery/read-run-context.js';
import { collectRunReports } from '../delivery/run-artifacts.js';
import { resolveTarget } from '../delivery/target.js';
import { git, headSha, topLevel, type GitContext } from '../workspace/git.js';
import { createCiVerifier } from './ci-run.js';
import type { HealCi } from './heal-ci.js';
import type { VerifyRequest } from './verify-mode.js';

/** What the run asked for. */
export interface CiAsked {
  verify: VerifyRequest;
  /** The workflow dispatched on each candidate (file name or id); empty: the push starts the run. */
  workflow?: string;
  /** The adapter's name for that setting (`ci-workflow`, `--ci-workflow`): the reason without one names it. */
  workflowSetting: string;
  /** The first wait between polls of a CI run. */
  pollSeconds: number;
  dryRun: boolean;
  /** Report artifacts of the failed run (workflow_run mode): every round must bring each one back. */
  shards: readonly string[];
}

/** Something a round needs, or why it is missing, in the adapter's words (naming its input or flag). */
export type Found<T> = T | { missing: string };

/** Where the rounds go. */
export interface CiWhere {
  api: Found<GitHubApi>;
  /** The branch under test, the commit its tests ran on (every candidate sits on it), and whether it is a fork's. */
  branch: Found<{ name: string; sha: string; isFork: boolean }>;
  /** The repository's top level: git runs here. */
  root: string;
}

export interface CiRuntime {
  env: NodeJS.ProcessEnv;
  log: (message: string) => void;
  signal?: AbortSignal;
}

/** Why this run cannot push candidates and wait for their CI runs; undefined when it can. */
function whyNoCiRounds(asked: CiAsked, where: CiWhere): string | undefined {
  if ('missing' in where.api) return where.api.missing;
  if ('missing' in where.branch) return where.branch.missing;
  if (where.branch.isFork) return 'the branch under test is in a fork';
  if (asked.dryRun) return 'dry-run pushes nothing';
  // auto never waits for a run a push with the workflow token would not start.
  if (asked.verify === 'auto' && !asked.workflow)
    return `there is no ${asked.workflowSetting} to dispatch on the candidate`;
  return undefined;
}

/**
 * verify: ci — the rounds on self-heal/<branch>, or why they cannot be made in this run. `where` is
 * asked only when a round may be made: `verify: runner` needs none of it.
 */
export async function setUpCiVerify(
  asked: CiAsked,
  where: () => CiWhere | Promise<CiWhere>,
  runtime: CiRuntime,
): Promise<HealCi> {
  const shards = asked.shards.length;
  if (asked.verify === 'runner') return { shards };
  const found = await where();
  const unavailable = whyNoCiRounds(asked, found);
  if (unavailable) return { unavailable, shards };
  const api = found.api as GitHubApi;
  const branch = found.branch as Exclude<CiWhere['branch'], { missing: string }>;
  const verifier = createCiVerifier({
    api,
    git: { cwd: found.root, env: runtime.env },
    branch: branch.name,
    parent: branch.sha,
    workflow: asked.workflow || undefined,
    expectedArtifacts: asked.shards,
    download: (runId, dir) => collectRunReports(api, runId, dir, runtime.log),
    pollMs: asked.pollSeconds * 1000,
    log: runtime.log,
    signal: runtime.signal,
  });
  return { verifier, shards };
}

/**
 * After heal(), when no candidate is delivered: self-heal/<branch> back as it was before the rounds
 * (`CiVerifier.restore`), so no unverified candidate stays there; what it did, for the log.
 */
export async function releaseCiBranch(ci: HealCi, result: HealResult): Promise<string | undefined> {
  if (result === 'healed' || !ci.verifier) return undefined;
  return ci.verifier.restore();
}

/**
 * Where the CLI's rounds go: the API with GITHUB_TOKEN or GH_TOKEN, for `repository` (else
 * GITHUB_REPOSITORY) at GITHUB_API_URL; the branch HEAD is on and its commit, pushed to `origin`.
 */
export async function checkoutWhere(cwd: string, env: NodeJS.ProcessEnv, repository?: string): Promise<CiWhere> {
  const ctx: GitContext = { cwd, env };
  const branch = await checkoutBranch(ctx);
  const root = 'missing' in branch ? cwd : await topLevel(ctx);
  return { api: apiFromEnv(env, repository), branch, root };
}

function apiFromEnv(env: NodeJS.ProcessEnv, repository: string | undefined): Found<GitHubApi> {
  const token = env.GITHUB_TOKEN?.trim() || env.GH_TOKEN?.trim();
  const [owner, repo] = (repository ?? env.GITHUB_REPOSITORY ?? '').split('/');
  if (!token) return { missing: 'there is no GITHUB_TOKEN or GH_TOKEN for the GitHub API' };
  if (!owner || !repo) return { missing: 'the repository is unknown (GITHUB_REPOSITORY or --repository owner/name)' };
  return createGitHubApi(token, { owner, repo }, { baseUrl: env.GITHUB_API_URL || 'https://api.github.com' });
}

async function checkoutBranch(ctx: GitContext): Promise<CiWhere['branch']> {
  const name = (
    await git(ctx, ['symbolic-ref', '--quiet', '--short', 'HEAD']).catch(() => ({ stdout: '' }))
  ).stdout.trim();
  const sha = await headSha(ctx).catch(() => null);
  if (!name || !sha) return { missing: 'HEAD is not on a branch with a commit' };
  const fork = eventFork(ctx.env ?? {});
  return 'missing' in fork ? fork : { name, sha, isFork: fork.isFork };
}

/**
 * In a GitHub Actions job (GITHUB_EVENT_NAME is set), whether its event's branch under test is a
 * fork's, read as the action reads it; an event that cannot be read counts as unknown, the safe side.
 */
function eventFork(env: NodeJS.ProcessEnv): Found<{ isFork: boolean }> {
  if (!env.GITHUB_EVENT_NAME) return { isFork: false };
  try {
    return { isFork: resolveTarget(readRunContext(env)).isFork };
  } catch (error) {
    return {
      missing: `whether the branch under test is a fork's is unknown: ${(error as Error).message}`,
    };
  }
}

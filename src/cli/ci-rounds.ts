/**
 * `self-heal run --verify ci`: the CI rounds from a terminal or another CI system, as the action
 * makes them: candidates pushed to `self-heal/<branch>` of `origin`, `--ci-workflow` dispatched on
 * them through the GitHub API (`GITHUB_TOKEN` or `GH_TOKEN`, repository `GITHUB_REPOSITORY` or
 * `--repository`, `GITHUB_API_URL`), the run's artifacts read. Without what it needs, it says why,
 * and `verify: ci` stops with that reason (auto stays on the runner).
 */
import { createCiVerifier } from '../ci-verify/ci-run.js';
import { createGitHubApi } from '../delivery/github-api.js';
import { collectRunReports } from '../delivery/run-artifacts.js';
import type { HealCi } from '../heal.js';
import type { Logger } from '../contracts/logger.js';
import { git, headSha } from '../workspace/git.js';

export interface CliCiFlags {
  workflow?: string;
  pollSeconds: number;
  repository?: string;
}

/** The verifier, or why there is none; `verify: runner` needs neither. */
export async function cliCiRounds(
  verify: 'runner' | 'ci' | 'auto',
  flags: CliCiFlags,
  cwd: string,
  env: NodeJS.ProcessEnv,
  logger: Logger,
): Promise<HealCi> {
  if (verify === 'runner') return { shards: 0 };
  const token = env.GITHUB_TOKEN?.trim() || env.GH_TOKEN?.trim();
  const repository = flags.repository ?? env.GITHUB_REPOSITORY;
  const [owner, repo] = (repository ?? '').split('/');
  if (!token) return { shards: 0, unavailable: 'there is no GITHUB_TOKEN or GH_TOKEN for the GitHub API' };
  if (!owner || !repo)
    return { shards: 0, unavailable: 'the repository is unknown (GITHUB_REPOSITORY or --repository owner/name)' };
  if (!flags.workflow && verify === 'auto') return { shards: 0, unavailable: 'there is no --ci-workflow to dispatch' };
  const ctx = { cwd, env };
  const branch = (
    await git(ctx, ['symbolic-ref', '--quiet', '--short', 'HEAD']).catch(() => ({ stdout: '' }))
  ).stdout.trim();
  const parent = await headSha(ctx);
  if (!branch || !parent) return { shards: 0, unavailable: 'HEAD is not on a branch with a commit' };
  const root = (await git(ctx, ['rev-parse', '--show-toplevel'])).stdout.trim();
  const api = createGitHubApi(token, { owner, repo }, { baseUrl: env.GITHUB_API_URL || 'https://api.github.com' });
  const verifier = createCiVerifier({
    api,
    git: { cwd: root, env },
    branch,
    parent,
    workflow: flags.workflow,
    download: (runId, dir) => collectRunReports(api, runId, dir, (m) => logger.info(m)),
    pollMs: flags.pollSeconds * 1000,
    log: (m) => logger.info(m),
  });
  return { verifier, shards: 0 };
}

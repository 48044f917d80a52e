/**
 * The run's context, read once from the runner's environment and the event payload
 * (`GITHUB_EVENT_PATH`), into a typed value the guards and delivery decide from. Read from an `env`
 * object rather than `@actions/github`'s `context`, which reads `process.env` at import time.
 *
 * The payload is parsed leniently: only the fields used here, each optional, so an unusual event
 * (or a GHES version with fewer fields) degrades to "unknown" instead of a crash.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { PullRequestContext, RunContext } from './run-context.js';

const RepoShape = z.object({ full_name: z.string().optional() }).passthrough().nullish();
const PullShape = z
  .object({
    number: z.number().optional(),
    head: z
      .object({ ref: z.string().optional(), sha: z.string().optional(), repo: RepoShape })
      .passthrough()
      .optional(),
    base: z.object({ ref: z.string().optional(), repo: RepoShape }).passthrough().optional(),
    user: z.object({ login: z.string().optional() }).passthrough().nullish(),
  })
  .passthrough();

const PayloadShape = z
  .object({
    pull_request: PullShape.optional(),
    repository: z
      .object({ full_name: z.string().optional(), default_branch: z.string().optional() })
      .passthrough()
      .optional(),
    workflow_run: z
      .object({
        id: z.number().optional(),
        name: z.string().nullish(),
        conclusion: z.string().nullish(),
        head_sha: z.string().optional(),
        head_branch: z.string().nullish(),
        event: z.string().optional(),
        html_url: z.string().optional(),
        head_repository: RepoShape,
        repository: RepoShape,
        pull_requests: z.array(PullShape).optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();

export class ContextError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContextError';
  }
}

function pull(p: z.infer<typeof PullShape>): PullRequestContext {
  return {
    number: p.number,
    headRef: p.head?.ref,
    headSha: p.head?.sha,
    headRepo: p.head?.repo?.full_name,
    baseRef: p.base?.ref,
    baseRepo: p.base?.repo?.full_name,
    author: p.user?.login,
  };
}

function readPayload(file: string | undefined): z.infer<typeof PayloadShape> {
  if (!file) return {};
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ContextError(`cannot read the event payload GITHUB_EVENT_PATH=${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ContextError(`the event payload ${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = PayloadShape.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ContextError(
      `the event payload ${file} has an unexpected shape at ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
  }
  return parsed.data;
}

export function readRunContext(env: NodeJS.ProcessEnv): RunContext {
  const repository = env.GITHUB_REPOSITORY ?? '';
  const [owner, repo] = repository.split('/');
  if (!owner || !repo)
    throw new ContextError(`GITHUB_REPOSITORY must be owner/repo, got ${JSON.stringify(repository)}`);
  const payload = readPayload(env.GITHUB_EVENT_PATH);
  const serverUrl = (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '');
  const repoUrl = `${serverUrl}/${owner}/${repo}`;
  const runId = env.GITHUB_RUN_ID && /^\d+$/.test(env.GITHUB_RUN_ID) ? Number(env.GITHUB_RUN_ID) : undefined;
  const attempt =
    env.GITHUB_RUN_ATTEMPT && /^\d+$/.test(env.GITHUB_RUN_ATTEMPT) ? Number(env.GITHUB_RUN_ATTEMPT) : undefined;
  const wr = payload.workflow_run;
  return {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    owner,
    repo,
    repository,
    serverUrl,
    apiUrl: (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, ''),
    repoUrl,
    runId,
    runUrl: runId
      ? `${repoUrl}/actions/runs/${runId}${attempt && attempt > 1 ? `/attempts/${attempt}` : ''}`
      : undefined,
    sha: env.GITHUB_SHA,
    ref: env.GITHUB_REF,
    actor: env.GITHUB_ACTOR,
    workspace: env.GITHUB_WORKSPACE ?? process.cwd(),
    runnerTemp: env.RUNNER_TEMP ?? '',
    defaultBranch: payload.repository?.default_branch,
    pullRequest: payload.pull_request ? pull(payload.pull_request) : undefined,
    workflowRun: wr
      ? {
          id: wr.id,
          name: wr.name ?? undefined,
          conclusion: wr.conclusion ?? undefined,
          headSha: wr.head_sha,
          headBranch: wr.head_branch ?? undefined,
          event: wr.event,
          headRepo: wr.head_repository?.full_name,
          repo: wr.repository?.full_name,
          url: wr.html_url,
          pullRequests: (wr.pull_requests ?? []).map(pull),
        }
      : undefined,
  };
}

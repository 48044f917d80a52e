/**
 * The narrow port over GitHub's REST API: only the calls delivery and the workflow_run mode make,
 * with plain-words errors. The implementation is `@actions/github`'s Octokit (`getOctokit`), pointed
 * at `GITHUB_API_URL` (GitHub Enterprise Server, or a loopback server in tests).
 */
import { getOctokit } from '@actions/github';

export interface RepoRef {
  owner: string;
  repo: string;
}

export interface PullRequestInfo {
  number: number;
  url: string;
  body: string;
  headRef: string;
  baseRef: string;
  draft: boolean;
}

export interface ArtifactInfo {
  id: number;
  name: string;
  sizeInBytes: number;
  expired: boolean;
}

/** A workflow run, as the CI verification reads it. */
export interface WorkflowRunInfo {
  id: number;
  name: string;
  headSha: string;
  headBranch: string;
  /** The workflow file, `.github/workflows/ci.yml`. */
  path: string;
  event: string;
  /** `queued`, `in_progress`, `completed`, … */
  status: string;
  /** Set once completed: `success`, `failure`, `cancelled`, `timed_out`, … */
  conclusion: string | null;
  url: string;
}

export interface JobInfo {
  id: number;
  name: string;
  status: string;
  conclusion: string | null;
}

export interface BranchInfo {
  sha: string;
  /** Classic branch protection or a ruleset that blocks a direct push. */
  protected: boolean;
}

export interface GitHubApi {
  getDefaultBranch(): Promise<string>;
  /** The branch head and whether a direct push would be blocked; `undefined` when it does not exist. */
  getBranch(branch: string): Promise<BranchInfo | undefined>;
  /** Open pull requests from `headOwner:headRef` into `base`. */
  listOpenPullRequests(headOwner: string, headRef: string, base: string): Promise<PullRequestInfo[]>;
  createPullRequest(input: {
    title: string;
    body: string;
    head: string;
    base: string;
    draft: boolean;
  }): Promise<PullRequestInfo>;
  updatePullRequest(number: number, input: { title: string; body: string }): Promise<PullRequestInfo>;
  dispatchWorkflow(workflow: string, ref: string): Promise<void>;
  listRunArtifacts(runId: number): Promise<ArtifactInfo[]>;
  /** Runs of the commit `headSha` (newest first), optionally of one branch. */
  listRunsForCommit(headSha: string, branch?: string): Promise<WorkflowRunInfo[]>;
  getRun(runId: number): Promise<WorkflowRunInfo>;
  listRunJobs(runId: number): Promise<JobInfo[]>;
  /** The artifact's zip, refused beyond `maxBytes`. */
  downloadArtifact(id: number, maxBytes: number): Promise<Buffer>;
}

/** A GitHub API call failed; `message` says which call, the status, and what to do about it. */
export class GitHubApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly call: string,
  ) {
    super(message);
    this.name = 'GitHubApiError';
  }
}

/** What a status usually means for a workflow token, said so a user can fix it. */
function hintFor(status: number | undefined, call: string, permission: string | undefined): string {
  if (status === 401) return 'the token is invalid or expired';
  if (status === 403 || status === 404) {
    const need = permission ? ` (the workflow needs \`permissions: ${permission}\`` : ' (';
    return `the token may not do this${need}; fork and Dependabot pull requests get a read-only token)`;
  }
  if (status === 422) return 'GitHub refused the request as invalid';
  if (status && status >= 500) return 'GitHub had an error; try again later';
  return call.startsWith('GET') ? 'could not read from GitHub' : 'could not write to GitHub';
}

interface OctokitErrorShape {
  status?: number;
  message?: string;
}

async function call<T>(name: string, permission: string | undefined, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof GitHubApiError) throw error;
    const e = (error ?? {}) as OctokitErrorShape;
    const status = typeof e.status === 'number' ? e.status : undefined;
    const detail = (e.message ?? String(error)).split('\n')[0]!.slice(0, 300);
    throw new GitHubApiError(
      `${name} failed${status ? ` (${status})` : ''}: ${detail}; ${hintFor(status, name, permission)}`,
      status,
      name,
    );
  }
}

function toRun(r: {
  id: number;
  name?: string | null;
  head_sha: string;
  head_branch: string | null;
  path?: string;
  event: string;
  status: string | null;
  conclusion: string | null;
  html_url: string;
}): WorkflowRunInfo {
  return {
    id: r.id,
    name: r.name ?? '',
    headSha: r.head_sha,
    headBranch: r.head_branch ?? '',
    path: r.path ?? '',
    event: r.event,
    status: r.status ?? 'queued',
    conclusion: r.conclusion,
    url: r.html_url,
  };
}

function toPull(p: {
  number: number;
  html_url: string;
  body?: string | null;
  head: { ref: string };
  base: { ref: string };
  draft?: boolean;
}): PullRequestInfo {
  return {
    number: p.number,
    url: p.html_url,
    body: p.body ?? '',
    headRef: p.head.ref,
    baseRef: p.base.ref,
    draft: p.draft ?? false,
  };
}

/** Ruleset rule types that refuse a plain push of a bot commit to the branch. */
const BLOCKING_RULES = new Set([
  'pull_request',
  'update',
  'required_signatures',
  'required_status_checks',
  'merge_queue',
]);

async function readBody(stream: ReadableStream<Uint8Array> | null | undefined, maxBytes: number): Promise<Buffer> {
  if (!stream) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`the download is larger than ${maxBytes} bytes`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

export function createGitHubApi(token: string, repo: RepoRef, options: { baseUrl?: string } = {}): GitHubApi {
  const baseUrl = options.baseUrl ?? process.env.GITHUB_API_URL ?? 'https://api.github.com';
  const octokit = getOctokit(token, {
    baseUrl,
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
  return {
    ...branchCalls(octokit, repo),
    ...pullRequestCalls(octokit, repo),
    ...workflowRunCalls(octokit, repo),
    ...artifactCalls(octokit, repo),
  };
}

type Octokit = ReturnType<typeof getOctokit>;

function branchCalls(
  octokit: Octokit,
  { owner, repo: name }: RepoRef,
): Pick<GitHubApi, 'getDefaultBranch' | 'getBranch'> {
  return {
    getDefaultBranch: () =>
      call('GET /repos/{owner}/{repo}', 'contents: read', async () => {
        const { data } = await octokit.rest.repos.get({ owner, repo: name });
        return data.default_branch;
      }),

    getBranch: (branch) =>
      call('GET /repos/{owner}/{repo}/branches/{branch}', 'contents: read', () =>
        readBranch(octokit, { owner, repo: name }, branch),
      ),
  };
}

async function readBranch(
  octokit: Octokit,
  { owner, repo: name }: RepoRef,
  branch: string,
): Promise<BranchInfo | undefined> {
  let data: { commit: { sha: string }; protected: boolean };
  try {
    ({ data } = await octokit.rest.repos.getBranch({ owner, repo: name, branch }));
  } catch (error) {
    if ((error as OctokitErrorShape).status === 404) return undefined;
    throw error;
  }
  let ruled: boolean;
  try {
    const rules = await octokit.rest.repos.getBranchRules({ owner, repo: name, branch, per_page: 100 });
    ruled = rules.data.some((r) => BLOCKING_RULES.has(r.type));
  } catch (error) {
    // Rulesets are unreadable for some tokens (403) or absent on older servers (404): when the
    // rules cannot be read, assume they block, which only means a pull request instead of a push.
    ruled = true;
    void error;
  }
  return { sha: data.commit.sha, protected: data.protected || ruled };
}

function pullRequestCalls(
  octokit: Octokit,
  { owner, repo: name }: RepoRef,
): Pick<GitHubApi, 'listOpenPullRequests' | 'createPullRequest' | 'updatePullRequest'> {
  return {
    listOpenPullRequests: (headOwner, headRef, base) =>
      call('GET /repos/{owner}/{repo}/pulls', 'pull-requests: read', async () => {
        const { data } = await octokit.rest.pulls.list({
          owner,
          repo: name,
          state: 'open',
          head: `${headOwner}:${headRef}`,
          base,
          per_page: 100,
        });
        return data.map(toPull);
      }),

    createPullRequest: (input) =>
      call('POST /repos/{owner}/{repo}/pulls', 'pull-requests: write', async () => {
        const { data } = await octokit.rest.pulls.create({ owner, repo: name, ...input });
        return toPull(data);
      }),

    updatePullRequest: (number, input) =>
      call('PATCH /repos/{owner}/{repo}/pulls/{pull_number}', 'pull-requests: write', async () => {
        const { data } = await octokit.rest.pulls.update({ owner, repo: name, pull_number: number, ...input });
        return toPull(data);
      }),
  };
}

function workflowRunCalls(
  octokit: Octokit,
  { owner, repo: name }: RepoRef,
): Pick<GitHubApi, 'dispatchWorkflow' | 'listRunsForCommit' | 'getRun' | 'listRunJobs'> {
  return {
    dispatchWorkflow: (workflow, ref) =>
      call('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', 'actions: write', async () => {
        await octokit.rest.actions.createWorkflowDispatch({
          owner,
          repo: name,
          workflow_id: /^\d+$/.test(workflow) ? Number(workflow) : workflow,
          ref,
        });
      }),

    listRunsForCommit: (headSha, branch) =>
      call('GET /repos/{owner}/{repo}/actions/runs', 'actions: read', async () => {
        const { data } = await octokit.rest.actions.listWorkflowRunsForRepo({
          owner,
          repo: name,
          head_sha: headSha,
          ...(branch ? { branch } : {}),
          per_page: 100,
        });
        return data.workflow_runs.map(toRun);
      }),

    getRun: (runId) =>
      call('GET /repos/{owner}/{repo}/actions/runs/{run_id}', 'actions: read', async () => {
        const { data } = await octokit.rest.actions.getWorkflowRun({ owner, repo: name, run_id: runId });
        return toRun(data);
      }),

    listRunJobs: (runId) =>
      call('GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs', 'actions: read', async () => {
        const all = await octokit.paginate(octokit.rest.actions.listJobsForWorkflowRun, {
          owner,
          repo: name,
          run_id: runId,
          filter: 'latest',
          per_page: 100,
        });
        return all.map((j) => ({ id: j.id, name: j.name, status: j.status, conclusion: j.conclusion }));
      }),
  };
}

function artifactCalls(
  octokit: Octokit,
  { owner, repo: name }: RepoRef,
): Pick<GitHubApi, 'listRunArtifacts' | 'downloadArtifact'> {
  return {
    listRunArtifacts: (runId) =>
      call('GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts', 'actions: read', async () => {
        const all = await octokit.paginate(octokit.rest.actions.listWorkflowRunArtifacts, {
          owner,
          repo: name,
          run_id: runId,
          per_page: 100,
        });
        return all.map((a) => ({ id: a.id, name: a.name, sizeInBytes: a.size_in_bytes, expired: a.expired }));
      }),

    downloadArtifact: (id, maxBytes) =>
      call('GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/zip', 'actions: read', async () => {
        // The API answers 302 to a short-lived blob URL on another host; fetch follows it and, being
        // cross-origin, drops the Authorization header. The body is read as a stream, bounded.
        const response = await octokit.rest.actions.downloadArtifact({
          owner,
          repo: name,
          artifact_id: id,
          archive_format: 'zip',
          request: { parseSuccessResponseBody: false },
        });
        return readBody(response.data as unknown as ReadableStream<Uint8Array>, maxBytes);
      }),
  };
}

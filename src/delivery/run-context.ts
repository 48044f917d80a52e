/**
 * What delivery needs to know about the workflow run: the event, the repository, the branch or pull
 * request under test. The adapters read it from the runner's environment (`read-run-context.ts`);
 * delivery only decides from it.
 */
export interface PullRequestContext {
  number?: number;
  headRef?: string;
  headSha?: string;
  headRepo?: string;
  baseRef?: string;
  baseRepo?: string;
  author?: string;
}

export interface WorkflowRunContext {
  id?: number;
  name?: string;
  conclusion?: string;
  headSha?: string;
  headBranch?: string;
  /** The event that triggered the failed run (push, pull_request, …). */
  event?: string;
  headRepo?: string;
  repo?: string;
  url?: string;
  pullRequests: PullRequestContext[];
}

export interface RunContext {
  eventName: string;
  owner: string;
  repo: string;
  /** `owner/repo` of the repository the workflow runs in. */
  repository: string;
  serverUrl: string;
  apiUrl: string;
  repoUrl: string;
  runId?: number;
  runUrl?: string;
  /** `GITHUB_SHA`: for pull_request events the merge commit, not the head. */
  sha?: string;
  ref?: string;
  actor?: string;
  workspace: string;
  runnerTemp: string;
  defaultBranch?: string;
  pullRequest?: PullRequestContext;
  workflowRun?: WorkflowRunContext;
}

/**
 * The branch under test and the commit its failed tests ran on: where a fix commit goes (as a child
 * of that commit), what a pull request is based on, and what the branch must still point at.
 *
 * - push (and workflow_dispatch, schedule): the pushed branch at `GITHUB_SHA`.
 * - pull_request / pull_request_target: the head branch at `pull_request.head.sha`. `GITHUB_SHA` is
 *   the merge commit there, which must never be pushed into the contributor's branch.
 * - workflow_run: the failed run's `head_branch` at `head_sha`.
 */
import type { RunContext } from './run-context.js';

export interface DeliveryTarget {
  /** Branch under test; undefined for tags or when the event names none. */
  branch?: string;
  /** The commit the failed tests ran on (the fix commit's parent). */
  sha?: string;
  /** How the branch was found, for the log. */
  source: string;
  /** A pull request's branch (same-repository or fork). */
  isPullRequest: boolean;
  /** Head repository differs from the base: the token is read-only and secrets are absent. */
  isFork: boolean;
  isDependabot: boolean;
}

const DEPENDABOT = 'dependabot[bot]';

export function resolveTarget(ctx: RunContext): DeliveryTarget {
  const pr = ctx.pullRequest;
  if ((ctx.eventName === 'pull_request' || ctx.eventName === 'pull_request_target') && pr) {
    // A deleted fork has no head repo: count it as a fork, the safe side.
    const isFork = pr.headRepo === undefined || pr.headRepo !== (pr.baseRepo ?? ctx.repository);
    return {
      branch: pr.headRef,
      sha: pr.headSha,
      source: `${ctx.eventName} #${pr.number ?? '?'} head ${pr.headRepo ?? '?'}:${pr.headRef ?? '?'}`,
      isPullRequest: true,
      isFork,
      isDependabot:
        pr.author === DEPENDABOT || ctx.actor === DEPENDABOT || Boolean(pr.headRef?.startsWith('dependabot/')),
    };
  }
  const wr = ctx.workflowRun;
  if (ctx.eventName === 'workflow_run' && wr) {
    const isFork = wr.headRepo === undefined || wr.headRepo !== (wr.repo ?? ctx.repository);
    return {
      branch: wr.headBranch,
      sha: wr.headSha,
      source: `workflow_run of ${JSON.stringify(wr.name ?? 'a workflow')} (${wr.event ?? '?'}) on ${wr.headRepo ?? '?'}:${wr.headBranch ?? '?'}`,
      isPullRequest: wr.event === 'pull_request' || wr.event === 'pull_request_target',
      isFork,
      isDependabot: ctx.actor === DEPENDABOT || Boolean(wr.headBranch?.startsWith('dependabot/')),
    };
  }
  const branch = ctx.ref?.startsWith('refs/heads/') ? ctx.ref.slice('refs/heads/'.length) : undefined;
  return {
    branch,
    sha: ctx.sha,
    source: `${ctx.eventName || 'event'} on ${ctx.ref ?? 'an unknown ref'}`,
    isPullRequest: false,
    isFork: false,
    isDependabot: ctx.actor === DEPENDABOT,
  };
}

/**
 * `mode: auto`, decided from facts and explained: every choice carries its reason, which is logged
 * and shown in the summary.
 *
 * - fork or Dependabot pull request → patch: the token is read-only there, nothing can be pushed;
 * - no branch under test (a tag, a detached checkout) → patch: there is nowhere to push;
 * - the default branch, or a branch whose protection or rulesets block a direct push → pull-request;
 * - otherwise (a same-repository pull request branch, a feature branch) → commit on that branch.
 */
import type { DeliveryMode } from './delivery-result.js';
import type { DeliveryTarget } from './target.js';

export interface ModeFacts {
  target: DeliveryTarget;
  defaultBranch?: string;
  /** Undefined when unknown; an unreadable protection counts as protected. */
  branchProtected?: boolean;
}

export interface ModeChoice {
  mode: DeliveryMode;
  reason: string;
}

export function chooseMode(requested: DeliveryMode | 'auto', facts: ModeFacts): ModeChoice {
  const { target } = facts;
  const branch = target.branch;
  if (requested !== 'auto') {
    if (requested !== 'patch' && (target.isFork || target.isDependabot)) {
      return {
        mode: 'patch',
        reason: `mode ${requested} was asked for, but this is a ${target.isDependabot ? 'Dependabot' : 'fork'} pull request whose token cannot push: delivering a patch instead`,
      };
    }
    if (requested !== 'patch' && !branch) {
      return {
        mode: 'patch',
        reason: `mode ${requested} was asked for, but there is no branch under test (${target.source}): delivering a patch instead`,
      };
    }
    return { mode: requested, reason: `mode ${requested} was asked for` };
  }
  if (target.isDependabot)
    return { mode: 'patch', reason: 'a Dependabot pull request gets a read-only token: delivering a patch' };
  if (target.isFork)
    return { mode: 'patch', reason: 'a pull request from a fork gets a read-only token: delivering a patch' };
  if (!branch) return { mode: 'patch', reason: `there is no branch under test (${target.source}): delivering a patch` };
  if (facts.defaultBranch !== undefined && branch === facts.defaultBranch) {
    return {
      mode: 'pull-request',
      reason: `${branch} is the default branch: the fix goes to a draft pull request for review`,
    };
  }
  if (facts.branchProtected !== false) {
    return {
      mode: 'pull-request',
      reason:
        facts.branchProtected === true
          ? `${branch} is protected: the fix goes to a draft pull request`
          : `could not tell whether ${branch} is protected: the fix goes to a draft pull request to be safe`,
    };
  }
  return {
    mode: 'commit',
    reason: target.isPullRequest
      ? `${branch} is the branch of a same-repository pull request: the fix is pushed to it as a commit`
      : `${branch} is an unprotected branch other than the default: the fix is pushed to it as a commit`,
  };
}

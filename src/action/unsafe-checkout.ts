/**
 * Refuse the "pwn request": under `pull_request_target` (and a `workflow_run` triggered by a fork's
 * pull request) the job has the base repository's write token and secrets, so running the fork's
 * code there hands both to whoever opened the pull request. Healing runs the tests, and so that code.
 *
 * Fork code counts as checked out when HEAD is the pull request head, or a merge commit with the
 * head as a parent (`refs/pull/N/merge`). The parents are read from the raw commit object, which a
 * depth-1 checkout has even when the parent commits themselves are missing.
 */
import { git, type GitContext } from '../workspace/git.js';
import type { RunContext } from '../delivery/run-context.js';
import type { DeliveryTarget } from '../delivery/target.js';

export interface CheckoutFacts {
  head: string;
  parents: string[];
}

export async function readCheckout(ctx: GitContext): Promise<CheckoutFacts> {
  const head = (await git(ctx, ['rev-parse', '--verify', 'HEAD^{commit}'])).stdout.trim();
  const raw = (await git(ctx, ['cat-file', 'commit', head])).stdout;
  const header = raw.split('\n\n')[0]!;
  const parents = [...header.matchAll(/^parent ([0-9a-f]{40,64})$/gm)].map((m) => m[1]!);
  return { head, parents };
}

export interface SafetyDecision {
  safe: boolean;
  reason: string;
}

export function checkCheckoutSafety(
  ctx: RunContext,
  target: DeliveryTarget,
  checkout: CheckoutFacts,
  allowUnsafe: boolean,
): SafetyDecision {
  const privileged = ctx.eventName === 'pull_request_target' || ctx.eventName === 'workflow_run';
  if (!privileged || !target.isFork)
    return { safe: true, reason: `${ctx.eventName || 'this event'} runs the repository's own code` };
  const forkSha = target.sha;
  const forkCodeOut = forkSha !== undefined && (checkout.head === forkSha || checkout.parents.includes(forkSha));
  if (ctx.eventName === 'pull_request_target' && !forkCodeOut) {
    return { safe: true, reason: "pull_request_target with the base repository's code checked out (not the fork's)" };
  }
  const what =
    ctx.eventName === 'pull_request_target'
      ? `pull_request_target with the fork's code checked out (${checkout.head.slice(0, 12)})`
      : `workflow_run of a fork's pull request (${target.source})`;
  if (allowUnsafe) {
    return { safe: true, reason: `${what}: running anyway because allow-unsafe-pull-request-target is true` };
  }
  return {
    safe: false,
    reason: `refusing to run: ${what} would run untrusted code with this repository's write token and secrets. Heal fork pull requests in a pull_request workflow (read-only token, patch delivery), or set allow-unsafe-pull-request-target: true if you accept the risk`,
  };
}

/**
 * What delivery did with a heal result: the value the action turns into outputs and the summary's
 * delivery section. Every skip carries the guard's reason, in words a reviewer understands.
 */
export type DeliveryMode = 'commit' | 'pull-request' | 'patch';

export type DeliveryStatus =
  /** The fix left the runner: pushed commit, opened/updated pull request, or written patch. */
  | 'delivered'
  /** `dry-run: true`: everything decided and logged, nothing pushed or opened. */
  | 'dry-run'
  /** A guard decided not to deliver (loop guard, branch moved, nothing healed). */
  | 'skipped'
  /** Delivery was attempted and failed (push rejected, API error); the patch is still kept. */
  | 'failed';

export interface DeliveryResult {
  mode: DeliveryMode | 'none';
  status: DeliveryStatus;
  /** Why this mode, or why nothing was delivered (one sentence, plain words). */
  reason: string;
  commitSha?: string;
  /** The branch pushed to (the branch under test, or `self-heal/<branch>`). */
  branch?: string;
  /** The branch under test: the base of the pull request, the target of a commit. */
  targetBranch?: string;
  pullRequestUrl?: string;
  pullRequestNumber?: number;
  /** True when an open pull request was updated instead of a new one opened. */
  pullRequestUpdated?: boolean;
  patchPath?: string;
  reportPath?: string;
  /** How CI runs on the fix (workflow-token pushes start no run). */
  ciRerun?: string;
  /** Steps taken and guards passed or skipped, in order (also logged). */
  log: string[];
}

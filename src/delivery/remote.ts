/**
 * What delivery asks of the remote: where a branch is now, the commits it needs, and pushes that
 * cannot lose anyone's work (a plain fast-forward push to the branch under test; a lease on our own
 * `self-heal/<branch>`). Pushing uses the credentials actions/checkout persisted for the remote.
 */
import { git, type GitContext } from '../workspace/git.js';
import { hasCommit } from './fix-commit.js';

export const REMOTE = 'origin';

/** The remote branch's sha, or undefined when it does not exist. */
export async function remoteBranchSha(ctx: GitContext, branch: string, remote = REMOTE): Promise<string | undefined> {
  const ref = `refs/heads/${branch}`;
  const { stdout } = await git(ctx, ['ls-remote', '--heads', remote, ref]);
  for (const line of stdout.split('\n')) {
    const [sha, name] = line.split('\t');
    if (name === ref && sha) return sha;
  }
  return undefined;
}

/** Make `sha` available locally (a shallow or merge-commit checkout lacks the branch head). */
export async function ensureCommit(ctx: GitContext, sha: string, remote = REMOTE): Promise<void> {
  if (await hasCommit(ctx, sha)) return;
  const shallow = (await git(ctx, ['rev-parse', '--is-shallow-repository'])).stdout.trim() === 'true';
  // Depth 1 only in a shallow clone: in a full clone it would make the repository shallow.
  await git(ctx, ['fetch', '--no-tags', '--quiet', ...(shallow ? ['--depth=1'] : []), remote, sha]);
}

/** In a shallow clone, fetch enough history behind `sha` to read `n` commits (best effort). */
export async function ensureDepth(ctx: GitContext, sha: string, n: number, remote = REMOTE): Promise<void> {
  if (n <= 1) return;
  const shallow = (await git(ctx, ['rev-parse', '--is-shallow-repository'])).stdout.trim() === 'true';
  if (!shallow) return;
  await git(ctx, ['fetch', '--no-tags', '--quiet', `--depth=${n}`, remote, sha]).catch(() => undefined);
}

/** Messages of up to `n` commits from `sha` back, newest first (fewer in a shallow clone). */
export async function commitMessages(ctx: GitContext, sha: string, n: number): Promise<string[]> {
  if (n <= 0) return [];
  const { stdout } = await git(ctx, ['log', `-n${n}`, '--format=%B%x00', sha]);
  return stdout
    .split('\0')
    .map((m) => m.replace(/^\n/, ''))
    .filter((m, i, all) => i < all.length - 1 || m.trim() !== '');
}

export interface PushOptions {
  /**
   * Force-with-lease: the sha the remote branch must have (empty string: must not exist). Only for
   * our own `self-heal/*` branches; pushes to the branch under test are never forced.
   */
  lease?: string;
}

/** Push `sha` to `refs/heads/<branch>`; a rejection throws a GitError naming the push. */
export async function pushCommit(
  ctx: GitContext,
  sha: string,
  branch: string,
  options: PushOptions = {},
  remote = REMOTE,
): Promise<void> {
  const ref = `refs/heads/${branch}`;
  const lease = options.lease !== undefined ? [`--force-with-lease=${ref}:${options.lease}`] : [];
  await git(ctx, ['push', '--no-verify', '--porcelain', ...lease, remote, `${sha}:${ref}`]);
}

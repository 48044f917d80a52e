/**
 * The local commit (`self-heal run`, the demo): the accepted fix committed on HEAD through the one
 * fix-commit path, with the one message. Author: the caller's, else `GIT_AUTHOR_NAME`/`_EMAIL` when
 * both are set, else `self-heal <self-heal@users.noreply.github.com>`; committer:
 * `GIT_COMMITTER_*`, else git's `user.name`/`user.email`, else the author. No hook runs.
 */
import { configValue, headSha, type CommitIdentity, type GitContext } from '../workspace/git.js';
import { buildCommitMessage, type FixedReport } from './commit-message.js';
import { createFixCommit, DeliveryError } from './fix-commit.js';

export const DEFAULT_AUTHOR: CommitIdentity = { name: 'self-heal', email: 'self-heal@users.noreply.github.com' };

export interface LocalCommit {
  sha: string;
  message: string;
}

/** Throws when the commit cannot be made; the fix is in the work tree either way. */
export async function commitFixOnHead(
  git: GitContext,
  report: FixedReport,
  author?: CommitIdentity,
): Promise<LocalCommit> {
  const env = git.env ?? process.env;
  const by =
    author ??
    (env.GIT_AUTHOR_NAME && env.GIT_AUTHOR_EMAIL
      ? { name: env.GIT_AUTHOR_NAME, email: env.GIT_AUTHOR_EMAIL }
      : DEFAULT_AUTHOR);
  const name = env.GIT_COMMITTER_NAME ?? (await configValue(git, 'user.name'));
  const email = env.GIT_COMMITTER_EMAIL ?? (await configValue(git, 'user.email'));
  const committer = name && email ? { name, email } : by;
  const parent = await headSha(git);
  if (!parent) throw new DeliveryError('the repository has no commit to put the fix on');
  const message = buildCommitMessage(report);
  const fix = await createFixCommit(git, {
    files: report.fix.files,
    parent,
    message,
    author: by,
    committer,
    moveHead: true,
  });
  return { sha: fix.sha, message };
}

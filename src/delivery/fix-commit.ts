/**
 * The fix commit, the one way self-heal commits (the action's delivery, the CLI's commit on HEAD),
 * built without touching the work tree: the accepted files are staged into a temporary index read
 * from HEAD, and when the commit must sit on another parent (a pull_request checkout is a merge
 * commit; the fix belongs on the contributor's head), the diff is re-applied onto that parent's tree
 * in a second temporary index. Then `commit-tree` makes the commit (no hook runs). No ref moves and
 * nothing is pushed, unless `moveHead` asks for HEAD to move to it, as `git commit` would.
 *
 * Every git call goes through the workspace wrapper (`git()`: execFile, no shell, named errors).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { git, splitNul, stageExactly, type CommitIdentity, type GitContext } from '../workspace/git.js';

/** GitHub's bot identity for commits made with the workflow token. */
export const ACTIONS_BOT: CommitIdentity = {
  name: 'github-actions[bot]',
  email: '41898282+github-actions[bot]@users.noreply.github.com',
};

export class DeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export interface ChangedPath {
  /** A (added), M (modified), D (deleted), T (type change). */
  status: string;
  path: string;
}

export interface FixCommit {
  sha: string;
  parent: string;
  tree: string;
  changed: ChangedPath[];
}

export interface FixCommitInput {
  /** Repo-relative (top-level) paths of the accepted fix; nothing else is committed. */
  files: readonly string[];
  /** The commit the fix must sit on (the tested commit of the branch under test). */
  parent: string;
  message: string;
  /** Default: the Actions bot. */
  author?: CommitIdentity;
  /** Default: the author. */
  committer?: CommitIdentity;
  /** Fixed dates for reproducible tests (`GIT_AUTHOR_DATE` format). */
  date?: string;
  /**
   * The CLI's local commit: `parent` is HEAD, and HEAD (the branch it names) moves to the commit,
   * unless it moved meanwhile, and the index takes the fix's files.
   */
  moveHead?: boolean;
}

/** File names are names, not pathspecs: `*`, `[` or `:(` in a name must not widen what is staged. */
const LITERAL: NodeJS.ProcessEnv = { GIT_LITERAL_PATHSPECS: '1' };

/** Paths of the work tree that differ from HEAD, among `candidates` (repo-relative). */
export async function changedAmong(ctx: GitContext, candidates: readonly string[]): Promise<string[]> {
  if (!candidates.length) return [];
  const { stdout } = await git(
    ctx,
    ['status', '--porcelain=v1', '-z', '--no-renames', '--untracked-files=all', '--', ...candidates],
    { env: LITERAL },
  );
  return splitNul(stdout).map((r) => r.slice(3));
}

async function withIndex<T>(ctx: GitContext, fn: (env: NodeJS.ProcessEnv) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'self-heal-index-'));
  try {
    return await fn({ GIT_INDEX_FILE: path.join(dir, 'index') });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function hasCommit(ctx: GitContext, sha: string): Promise<boolean> {
  const { exitCode } = await git(ctx, ['cat-file', '-e', `${sha}^{commit}`], { okCodes: [1, 128] });
  return exitCode === 0;
}

export async function createFixCommit(ctx: GitContext, input: FixCommitInput): Promise<FixCommit> {
  if (!input.files.length) throw new DeliveryError('the fix changes no files: nothing to commit');
  const head = (await git(ctx, ['rev-parse', '--verify', 'HEAD^{commit}'])).stdout.trim();
  if (input.moveHead && input.parent !== head)
    throw new DeliveryError(`HEAD is ${head.slice(0, 12)}, not ${input.parent.slice(0, 12)}: the fix is not committed`);
  const fixed = await withIndex(ctx, async (env) => {
    await git(ctx, ['read-tree', head], { env });
    await stageExactly(ctx, input.files, env);
    return (await git(ctx, ['write-tree'], { env })).stdout.trim();
  });

  let tree = fixed;
  if (input.parent !== head) {
    const { stdout: patch } = await git(ctx, [
      'diff-tree',
      '-p',
      '--binary',
      '--full-index',
      '--no-renames',
      head,
      fixed,
    ]);
    tree = await withIndex(ctx, async (env) => {
      await git(ctx, ['read-tree', input.parent], { env });
      try {
        await git(ctx, ['apply', '--cached', '--binary', '--whitespace=nowarn', '-'], { env, input: patch });
      } catch (error) {
        throw new DeliveryError(
          `the fix, made on ${head.slice(0, 12)}, does not apply to ${input.parent.slice(0, 12)}: ${(error as Error).message.split('\n').slice(-2).join(' ')}`,
        );
      }
      return (await git(ctx, ['write-tree'], { env })).stdout.trim();
    });
  }
  const parentTree = (await git(ctx, ['rev-parse', `${input.parent}^{tree}`])).stdout.trim();
  if (tree === parentTree) throw new DeliveryError('the fix is already in the target commit: nothing to commit');

  const author = input.author ?? ACTIONS_BOT;
  const committer = input.committer ?? author;
  const env: NodeJS.ProcessEnv = {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: committer.name,
    GIT_COMMITTER_EMAIL: committer.email,
    ...(input.date ? { GIT_AUTHOR_DATE: input.date, GIT_COMMITTER_DATE: input.date } : {}),
  };
  const sha = (
    await git(ctx, ['commit-tree', tree, '-p', input.parent, '-F', '-'], { env, input: input.message })
  ).stdout.trim();
  if (input.moveHead) await moveHead(ctx, head, sha, input);
  const { stdout } = await git(ctx, ['diff-tree', '-r', '-z', '--no-renames', '--name-status', input.parent, sha]);
  const fields = splitNul(stdout);
  const changed: ChangedPath[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) changed.push({ status: fields[i]!, path: fields[i + 1]! });
  return { sha, parent: input.parent, tree, changed };
}

/**
 * The order of `git commit`: the fix's files staged in the index first, then HEAD moved, only from
 * the commit the fix was built on (`update-ref` with the old value). Whatever fails, the fix stays
 * in the work tree.
 */
async function moveHead(ctx: GitContext, head: string, sha: string, input: FixCommitInput): Promise<void> {
  await stageExactly(ctx, input.files);
  const subject = input.message.split('\n')[0] ?? '';
  await git(ctx, ['update-ref', '-m', `commit: ${subject}`, 'HEAD', sha, head]);
}

/** The commit as an mbox patch (`git am`-able), as `git format-patch` writes it. */
export async function formatPatch(ctx: GitContext, sha: string): Promise<string> {
  return (await git(ctx, ['format-patch', '-1', '--stdout', '--no-signature', '--binary', sha])).stdout;
}

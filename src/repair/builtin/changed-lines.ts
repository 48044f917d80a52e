/**
 * The lines changed by the commit under test (and any uncommitted change): what changed last is
 * the likeliest place of a regression, so the localiser boosts these lines. A deleted line marks
 * its neighbours, because a missing statement is a bug too.
 */
import { parseUnifiedDiff, type DiffHunk } from '../../text/unified-diff.js';
import { git } from '../../workspace/git.js';

/** Changed lines per repo-relative file (1-based line numbers in the current version). */
export type ChangedLines = Map<string, Set<number>>;

/** A diff touching more lines than this is a rewrite, not a hint. */
export const MAX_CHANGED_LINES = 400;
const MAX_DIFF_BYTES = 4 * 1024 * 1024;

/** One hunk's changed lines: each added line, and both sides of a gap where lines were only deleted. */
function markHunk(h: DiffHunk, mark: (line: number) => void): void {
  // With `,0` the new side is empty and the number is the line *before* the gap.
  let newLine = h.newStart + (h.newCount === 0 ? 1 : 0);
  // A run of `-` lines not followed by `+` lines is a pure deletion: mark the lines around the gap.
  let deletionPending = false;
  const flushDeletion = () => {
    if (deletionPending) {
      mark(newLine - 1);
      mark(newLine);
    }
    deletionPending = false;
  };
  for (const l of h.lines) {
    if (l.kind === '+') {
      deletionPending = false;
      mark(newLine++);
    } else if (l.kind === '-') {
      deletionPending = true;
    } else {
      flushDeletion();
      newLine++;
    }
  }
  flushDeletion();
}

/** Parse a unified diff (any context size) into the changed lines of the new version of each file. */
export function parseChangedLines(diff: string): ChangedLines {
  const out: ChangedLines = new Map();
  for (const file of parseUnifiedDiff(diff)) {
    if (file.newPath === undefined) continue;
    const path = file.newPath.replace(/^b\//, '');
    for (const h of file.hunks) {
      markHunk(h, (line) => {
        if (line < 1) return;
        const set = out.get(path) ?? new Set<number>();
        set.add(line);
        out.set(path, set);
      });
    }
  }
  return out;
}

export function countChangedLines(changed: ChangedLines): number {
  let n = 0;
  for (const set of changed.values()) n += set.size;
  return n;
}

/** git's output, or undefined when it fails (through the shared wrapper: no optional locks, no prompts). */
async function gitText(root: string, args: string[]): Promise<string | undefined> {
  try {
    return (await git({ cwd: root }, args, { maxBuffer: MAX_DIFF_BYTES })).stdout;
  } catch {
    return undefined;
  }
}

/**
 * The changed lines as a hint: `commitDiff` when the loop passes it, else `git show HEAD` (skipped
 * for a root commit, where every line is new) plus the uncommitted changes. Empty when the change
 * is too large to point anywhere, or git is unavailable.
 */
export async function readChangedLines(root: string, commitDiff?: string): Promise<ChangedLines> {
  const parts: string[] = [];
  if (commitDiff !== undefined) {
    parts.push(commitDiff);
  } else if ((await gitText(root, ['rev-parse', '--verify', '-q', 'HEAD^'])) !== undefined) {
    const shown = await gitText(root, [
      'show',
      '--format=',
      '--unified=0',
      '--no-color',
      '--no-ext-diff',
      '--no-renames',
      'HEAD',
    ]);
    if (shown) parts.push(shown);
  }
  const dirty = await gitText(root, ['diff', '--unified=0', '--no-color', '--no-ext-diff', '--no-renames', 'HEAD']);
  if (dirty) parts.push(dirty);
  const changed = parseChangedLines(parts.join('\n'));
  return countChangedLines(changed) > MAX_CHANGED_LINES ? new Map() : changed;
}

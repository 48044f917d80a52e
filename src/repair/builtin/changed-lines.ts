/**
 * The lines changed by the commit under test (and any uncommitted change): what changed last is
 * the likeliest place of a regression, so the localiser boosts these lines. A deleted line marks
 * its neighbours, because a missing statement is a bug too.
 */
import { git } from '../../workspace/git.js';

/** Changed lines per repo-relative file (1-based line numbers in the current version). */
export type ChangedLines = Map<string, Set<number>>;

/** A diff touching more lines than this is a rewrite, not a hint. */
export const MAX_CHANGED_LINES = 400;
const MAX_DIFF_BYTES = 4 * 1024 * 1024;

function unquote(path: string): string {
  // git quotes unusual paths as C strings; only the plain escape of quotes/backslashes is undone.
  if (path.startsWith('"') && path.endsWith('"')) return path.slice(1, -1).replace(/\\(["\\])/g, '$1');
  return path;
}

/** Parse a unified diff (any context size) into the changed lines of the new version of each file. */
export function parseChangedLines(diff: string): ChangedLines {
  const out: ChangedLines = new Map();
  let file: string | undefined;
  let newLine = 0;
  let oldLeft = 0;
  let newLeft = 0;
  // A run of `-` lines not followed by `+` lines is a pure deletion: mark the lines around the gap.
  let deletionPending = false;
  const mark = (line: number) => {
    if (!file || line < 1) return;
    const set = out.get(file) ?? new Set<number>();
    set.add(line);
    out.set(file, set);
  };
  const flushDeletion = () => {
    if (deletionPending) {
      mark(newLine - 1);
      mark(newLine);
    }
    deletionPending = false;
  };
  for (const line of diff.split('\n')) {
    if (line.startsWith('diff --git ')) {
      flushDeletion();
      file = undefined;
      oldLeft = newLeft = 0;
      continue;
    }
    const hunk = /^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (hunk && oldLeft === 0 && newLeft === 0) {
      flushDeletion();
      oldLeft = hunk[1] === undefined ? 1 : Number(hunk[1]);
      newLeft = hunk[3] === undefined ? 1 : Number(hunk[3]);
      // With `,0` the new side is empty and the number is the line *before* the gap.
      newLine = Number(hunk[2]) + (newLeft === 0 ? 1 : 0);
      continue;
    }
    if (oldLeft === 0 && newLeft === 0) {
      flushDeletion();
      if (line.startsWith('+++ ')) {
        const target = unquote(line.slice(4).trim());
        file = target === '/dev/null' ? undefined : target.replace(/^b\//, '');
      }
      continue;
    }
    if (line.startsWith('+')) {
      deletionPending = false;
      mark(newLine);
      newLine++;
      newLeft--;
    } else if (line.startsWith('-')) {
      deletionPending = true;
      oldLeft--;
    } else if (line.startsWith(' ') || line === '') {
      flushDeletion();
      newLine++;
      oldLeft--;
      newLeft--;
    }
    // `\ No newline at end of file` counts for neither side.
    if (oldLeft <= 0 && newLeft <= 0) {
      oldLeft = newLeft = 0;
      flushDeletion();
    }
  }
  flushDeletion();
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

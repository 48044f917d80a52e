import type { Edit } from '../../contracts/edit.js';
import type { Attempt } from '../../contracts/heal-report.js';

/**
 * Is a proposal the same change as an earlier attempt? The loop hashes normalised diffs of what it
 * applied; a provider sees edits before they are applied, so it compares the same thing another way:
 * the multiset of removed and added lines per file (whitespace-trimmed, blank lines ignored), taken
 * from the edits and from each earlier attempt's unified diff.
 */

function changeKey(path: string, sign: '+' | '-', line: string): string | undefined {
  const trimmed = line.trim();
  return trimmed ? `${path}\u0000${sign}\u0000${trimmed}` : undefined;
}

/** The changed lines of an edit: the lines of old_text and new_text outside their common prefix and suffix. */
export function editChanges(edits: Edit[]): string[] {
  const keys: string[] = [];
  for (const edit of edits) {
    const before = edit.oldText.replace(/\n$/, '').split('\n');
    const after = edit.newText.replace(/\n$/, '').split('\n');
    let head = 0;
    while (head < before.length && head < after.length && before[head] === after[head]) head++;
    let tail = 0;
    while (
      tail < before.length - head &&
      tail < after.length - head &&
      before[before.length - 1 - tail] === after[after.length - 1 - tail]
    )
      tail++;
    for (const line of before.slice(head, before.length - tail)) {
      const key = changeKey(edit.path, '-', line);
      if (key) keys.push(key);
    }
    for (const line of after.slice(head, after.length - tail)) {
      const key = changeKey(edit.path, '+', line);
      if (key) keys.push(key);
    }
  }
  return keys.sort();
}

/** The changed lines of a unified diff (`git diff` output). */
export function diffChanges(diff: string): string[] {
  const keys: string[] = [];
  let path = '';
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      const to = line.slice(4).replace(/^b\//, '').trim();
      if (to !== '/dev/null') path = to;
      continue;
    }
    if (line.startsWith('--- ')) {
      const from = line.slice(4).replace(/^a\//, '').trim();
      if (from !== '/dev/null') path = from;
      continue;
    }
    if (line.startsWith('diff --git') || line.startsWith('@@')) continue;
    if (line.startsWith('+') || line.startsWith('-')) {
      const key = changeKey(path, line[0] as '+' | '-', line.slice(1));
      if (key) keys.push(key);
    }
  }
  return keys.sort();
}

/** The earlier attempt that made exactly these changes, if any. */
export function findTriedAttempt(edits: Edit[], history: Attempt[]): Attempt | undefined {
  const mine = editChanges(edits);
  if (mine.length === 0) return undefined;
  const joined = mine.join('\n');
  return history.find((attempt) => attempt.diff.trim() !== '' && diffChanges(attempt.diff).join('\n') === joined);
}

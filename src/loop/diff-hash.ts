/**
 * Oscillation detection: two attempts that make the same change must hash the same, even when git
 * printed them with different blob ids, hunk offsets (line numbers move when an earlier hunk grew)
 * or trailing whitespace. What is kept: file names, the order of hunks and every added/removed and
 * context line's text.
 */
import { createHash } from 'node:crypto';

/** The canonical text of a unified diff that `hashDiff` hashes. */
export function normalizeDiff(diff: string): string {
  const out: string[] = [];
  for (const raw of diff.replace(/\r\n/g, '\n').split('\n')) {
    const line = raw.replace(/[ \t]+$/, '');
    if (line.startsWith('index ')) continue;
    if (line.startsWith('@@')) {
      out.push('@@');
      continue;
    }
    // "\ No newline at end of file" is kept: it is a real difference.
    out.push(line);
  }
  while (out.length > 0 && out.at(-1) === '') out.pop();
  return out.join('\n');
}

/** sha256 (hex) of the normalised diff; the empty diff has its own stable hash. */
export function hashDiff(diff: string): string {
  return createHash('sha256').update(normalizeDiff(diff)).digest('hex');
}

/**
 * What an attempt's test runs wrote outside the work tree, over its runs (a targeted rerun and the
 * full run): the union of the listed paths, bounded as each run's list is, with the largest count.
 */
import type { WrittenOutside } from '../contracts/heal-report.js';
import { plural } from '../text/format.js';
import { oneLine } from '../text/untrusted-text.js';

export const MAX_LISTED_OUTSIDE = 50;

export function mergeWrittenOutside(a: WrittenOutside | undefined, b: WrittenOutside): WrittenOutside {
  if (!a) return b;
  const union = [...new Set([...a.paths, ...b.paths])].sort();
  return {
    // Contained only if every run was.
    mode: a.mode === 'sandbox' && b.mode === 'sandbox' ? 'sandbox' : 'scan',
    paths: union.slice(0, MAX_LISTED_OUTSIDE),
    total: Math.max(a.total, b.total, union.length),
    truncated: a.truncated || b.truncated,
  };
}

/** One log line: how many, the first few (each on one bounded line), and whether they were contained. */
export function describeWrittenOutside(w: WrittenOutside): string {
  if (w.total === 0 && w.truncated)
    return `what its test runs wrote outside the work tree is not known: a run was killed before it was listed${w.mode === 'sandbox' ? ' (discarded all the same)' : ''}`;
  const shown = w.paths.slice(0, 3).map((p) => oneLine(p, 160));
  const more = w.total - shown.length;
  const list = `${shown.join(', ')}${more > 0 ? `, and ${w.truncated ? 'at least ' : ''}${more} more` : ''}`;
  const count = `${w.truncated ? 'at least ' : ''}${plural(w.total, 'path')}`;
  return w.mode === 'sandbox'
    ? `its test runs wrote ${count} outside the work tree (contained, discarded): ${list}`
    : `${count} changed outside the work tree while its test runs ran (not contained, not undone): ${list}`;
}

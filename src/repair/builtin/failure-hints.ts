/**
 * What the failures say about the kind of bug, read from the exception type and message: a
 * `NoneType`/`undefined` error makes a missing guard or a missing return likelier, an IndexError an
 * off-by-one, a timeout a missing increment. Hints only re-weight templates; they never exclude one.
 */
import type { FailureFrame } from '../../contracts/failure-frame.js';

export type FailureHint = 'none-value' | 'index' | 'arithmetic' | 'non-termination' | 'empty' | 'wrong-value' | 'type';

const PATTERNS: Array<[FailureHint, RegExp]> = [
  ['none-value', /NoneType|\bNone\b|\bundefined\b|\bnull\b|Cannot read propert|is not a function|is not iterable/i],
  ['index', /IndexError|RangeError|KeyError|index out of range|out of bounds|list index|string index/i],
  ['arithmetic', /ZeroDivisionError|division by zero|divide by zero|\bNaN\b|Infinity/i],
  ['non-termination', /RecursionError|maximum recursion|Maximum call stack|timed? ?out|timeout|infinite/i],
  ['empty', /empty (sequence|list|array|string)|arg is an empty|of empty|Reduce of empty/i],
  ['wrong-value', /AssertionError|assert|expected|to (strictly )?equal|deepStrictEqual|!==|==/i],
  ['type', /TypeError/],
];

/** Boost of a template whose hint every failure carries; a hint on some failures boosts in proportion. */
export const HINT_BOOST = 2;

/** For each hint, the fraction of failures that carry it. */
export function readFailureHints(failures: readonly FailureFrame[]): Map<FailureHint, number> {
  const counts = new Map<FailureHint, number>();
  for (const f of failures) {
    const text = `${f.exceptionType ?? ''} ${f.message.slice(0, 2000)}`;
    for (const [hint, pattern] of PATTERNS) if (pattern.test(text)) counts.set(hint, (counts.get(hint) ?? 0) + 1);
  }
  const out = new Map<FailureHint, number>();
  if (!failures.length) return out;
  for (const [hint, n] of counts) out.set(hint, n / failures.length);
  return out;
}

/** Multiplier for a template boosted by `boostedBy`, given the hints of this run. */
export function hintFactor(boostedBy: readonly FailureHint[], hints: ReadonlyMap<FailureHint, number>): number {
  let best = 0;
  for (const h of boostedBy) best = Math.max(best, hints.get(h) ?? 0);
  return 1 + best * (HINT_BOOST - 1);
}

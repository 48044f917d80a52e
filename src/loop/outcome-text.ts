/**
 * What the loop says about its attempts in one line: the log line of an attempt (its feedback's
 * headline, with the tests it names), and why no attempt was accepted, true to the best of them.
 * Test ids are untrusted: each is one line, clipped, and only a few are named.
 */
import type { Attempt } from '../contracts/heal-report.js';
import { plural } from '../text/format.js';
import { oneLine } from '../text/untrusted-text.js';

const MAX_NAMED = 5;
const MAX_NAME_CHARS = 160;

/** `a, b and c`, or `a, b, c, d, e and 4 more`: at most `max` items, each one clipped line. */
export function namedList(items: readonly string[], max = MAX_NAMED): string {
  const shown = items.slice(0, max).map((s) => oneLine(s, MAX_NAME_CHARS));
  const rest = items.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : (shown[0] ?? '');
}

/**
 * The feedback's first line, and when it ends by announcing a list ("…but 3 other tests broke:"),
 * the list: the broken tests of a `broke-passing` attempt, else the feedback's own `- ` items.
 */
export function feedbackHeadline(attempt: Pick<Attempt, 'verdict' | 'feedback' | 'passToPass'>): string {
  const [first = '', ...rest] = attempt.feedback.split('\n');
  if (!first.endsWith(':')) return first;
  const broken = attempt.verdict === 'broke-passing' ? (attempt.passToPass?.broken ?? []) : [];
  const items = broken.length
    ? broken
    : rest.filter((l) => l.startsWith('- ') && !l.startsWith('- … and ')).map((l) => l.slice(2));
  return items.length ? `${first} ${namedList(items)}` : first.replace(/:$/, '');
}

function attemptsNamed(ns: readonly number[]): string {
  return ns.length === 1 ? `attempt ${ns[0]}` : `attempts ${ns.slice(0, -1).join(', ')} and ${ns.at(-1)}`;
}

/** Made every failing test pass, but was rolled back for what it broke. */
function passedTargets(a: Attempt): boolean {
  return a.verdict === 'broke-passing' && !!a.failToPass?.total && a.failToPass.passed === a.failToPass.total;
}

/**
 * Why no attempt was accepted, true to the best of them: one that made every failing test pass
 * but broke others, or passed only by special-casing the tests, is said as such.
 */
export function noneAccepted(attempts: readonly Attempt[]): string {
  const broke = attempts.filter(passedTargets);
  const special = attempts.filter((a) => a.verdict === 'special-cased').map((a) => a.n);
  if (broke.length === 0 && special.length === 0) return 'no attempt made every failing test pass';
  const parts: string[] = [];
  if (broke.length === 1) {
    const a = broke[0]!;
    const names = a.passToPass?.broken ?? [];
    parts.push(
      `attempt ${a.n} made every failing test pass but ${names.length ? `broke ${plural(names.length, 'other test')} (${namedList(names, 3)})` : 'the test command still failed'}`,
    );
  } else if (broke.length > 1) {
    parts.push(`${attemptsNamed(broke.map((a) => a.n))} made every failing test pass but broke other tests`);
  }
  if (special.length > 0) parts.push(`${attemptsNamed(special)} passed the tests only by special-casing them`);
  return `no attempt was accepted: ${parts.join('; ')}`;
}

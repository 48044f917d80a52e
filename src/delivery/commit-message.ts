/**
 * The fix commit's message, the one both adapters commit with (the CLI's commit on HEAD, the
 * action's delivery): a subject naming the fixed tests, the evidence in the body, and the trailers
 * the loop guard reads (`Self-Heal-Attempts: N`, and `Self-Heal-Run: <run URL>` from a CI run).
 * Test names are untrusted: control characters and newlines are flattened and every line bounded,
 * so a name cannot forge a trailer or a second paragraph (trailers are only read from the last
 * paragraph, which is ours), and `#123`/`@name` are broken: "fix #123 …" would close issue 123.
 */
import type { HealFix, HealReport } from '../contracts/heal-report.js';
import { plural } from '../text/format.js';
import { breakReferences } from '../text/markdown.js';
import { ATTEMPTS_TRAILER, RUN_TRAILER } from './loop-guard.js';

/** What the message is built from: a healed report and its fix. */
export type FixedReport = Pick<HealReport, 'testCommand' | 'failures' | 'attempts'> & { fix: HealFix };

/** The names in a subject, in characters: with `fix: make … pass (self-heal)` about 87 at most. */
const MAX_SUBJECT_NAMES_CHARS = 60;
const MAX_LISTED = 20;
const MAX_LINE_CHARS = 200;
const MAX_RUN_URL_CHARS = 500;

/** One line, bounded: what the runner or the workflow wrote (the test command, the run URL). */
function oneLine(text: string, max: number): string {
  const single = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
  return single.length > max ? `${single.slice(0, max - 1)}…` : single;
}

/** A test's name or id: one line, whitespace collapsed, references broken, bounded. */
function flatten(text: string, max: number): string {
  return oneLine(breakReferences(text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ')), max);
}

/**
 * The tests the subject names: whole names while they fit, then how many more. A name is never cut
 * (`test_checkout_applies_the_bul…` names no test); one too long for the subject is only counted.
 */
function subjectNames(names: readonly string[]): string {
  const unique = [...new Set(names.map((n) => flatten(n, MAX_LINE_CHARS)))];
  const shown: string[] = [];
  for (const name of unique) {
    if (name.length > MAX_SUBJECT_NAMES_CHARS) continue;
    if ([...shown, name].join(', ').length > MAX_SUBJECT_NAMES_CHARS) break;
    shown.push(name);
  }
  const rest = unique.length - shown.length;
  if (shown.length === 0) return plural(unique.length, 'failing test');
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/** The accepted attempt of a report: the one its fix names, else the last one marked accepted. */
export function acceptedAttempt(report: Pick<HealReport, 'attempts' | 'fix'>) {
  const { fix } = report;
  if (fix) return report.attempts.find((a) => a.n === fix.attempt);
  return report.attempts.find((a) => a.verdict === 'accepted') ?? report.attempts.at(-1);
}

export function buildCommitMessage(report: FixedReport, runUrl?: string): string {
  const subject = `fix: make ${subjectNames(report.failures.map((f) => f.name))} pass (self-heal)`;
  const accepted = acceptedAttempt(report);
  const evidence: string[] = [];
  if (accepted?.failToPass) evidence.push(`fail-to-pass ${accepted.failToPass.passed}/${accepted.failToPass.total}`);
  if (accepted?.passToPass) evidence.push(`pass-to-pass ${accepted.passToPass.passed}/${accepted.passToPass.total}`);
  const listed = report.failures.slice(0, MAX_LISTED).map((f) => `- ${flatten(f.id, MAX_LINE_CHARS)}`);
  if (report.failures.length > MAX_LISTED) listed.push(`- … and ${report.failures.length - MAX_LISTED} more`);
  const trailers = [
    `${ATTEMPTS_TRAILER}: ${report.fix.attempt}`,
    ...(runUrl ? [`${RUN_TRAILER}: ${oneLine(runUrl, MAX_RUN_URL_CHARS)}`] : []),
  ];
  return [
    subject,
    '',
    `Verified with \`${oneLine(report.testCommand, MAX_LINE_CHARS)}\`${evidence.length ? `: ${evidence.join(', ')}` : ''}.`,
    'No test file was changed.',
    '',
    'Fixed tests:',
    ...listed,
    '',
    ...trailers,
    '',
  ].join('\n');
}

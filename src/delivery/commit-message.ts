/**
 * The fix commit's message: a subject naming the fixed tests, the evidence in the body, and the
 * trailers the loop guard reads (`Self-Heal-Attempts: N`, `Self-Heal-Run: <run URL>`). Test names
 * are untrusted: control characters are removed and every line is bounded, so a name cannot forge a
 * trailer (trailers are only read from the last paragraph, which is ours), and `#123`/`@name` are
 * broken: "fix #123 …" in a subject would close issue 123.
 */
import type { HealReport } from '../contracts/heal-report.js';
import { breakReferences } from '../text/markdown.js';
import { ATTEMPTS_TRAILER, RUN_TRAILER } from './loop-guard.js';

const MAX_SUBJECT = 72;
const MAX_LISTED = 20;

function clean(text: string, max: number): string {
  const single = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
  return single.length > max ? `${single.slice(0, max - 1)}…` : single;
}

export function acceptedAttempt(report: HealReport) {
  return report.attempts.find((a) => a.verdict === 'accepted') ?? report.attempts.at(-1);
}

export function buildCommitMessage(report: HealReport, runUrl?: string): string {
  const names = report.failures.map((f) => clean(breakReferences(f.name), 200));
  const attempts = report.attempts.length;
  let subject = `self-heal: fix ${names.length === 1 ? names[0] : `${names.length} failing tests`}`;
  if (names.length > 1 && names.length <= 3) {
    const joined = `self-heal: fix ${names.join(', ')}`;
    if (joined.length <= MAX_SUBJECT) subject = joined;
  }
  subject = clean(subject, MAX_SUBJECT);

  const accepted = acceptedAttempt(report);
  const evidence: string[] = [];
  if (accepted?.failToPass) evidence.push(`fail-to-pass ${accepted.failToPass.passed}/${accepted.failToPass.total}`);
  if (accepted?.passToPass) evidence.push(`pass-to-pass ${accepted.passToPass.passed}/${accepted.passToPass.total}`);
  const body = [
    `Verified with \`${clean(report.testCommand, 200)}\`${evidence.length ? `: ${evidence.join(', ')}` : ''}.`,
    `No test file was changed.`,
    '',
    'Fixed tests:',
    ...report.failures.slice(0, MAX_LISTED).map((f) => `- ${clean(breakReferences(f.id), 200)}`),
    ...(report.failures.length > MAX_LISTED ? [`- …and ${report.failures.length - MAX_LISTED} more`] : []),
  ];
  const trailerLines = [
    `${ATTEMPTS_TRAILER}: ${attempts}`,
    ...(runUrl ? [`${RUN_TRAILER}: ${clean(runUrl, 500)}`] : []),
  ];
  return `${subject}\n\n${body.join('\n')}\n\n${trailerLines.join('\n')}\n`;
}

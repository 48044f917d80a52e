/**
 * What `self-heal demo` prints after the run: the failing tests as frames, each attempt with its
 * verdict and what the built-in engine tried, the fix, and the job summary a CI run would post.
 * Everything from the run (test names, messages, diffs) is made terminal-safe first.
 */
import { terminalDiff, terminalSafe } from '../frames/frames-text.js';
import type { Attempt, HealReport } from '../contracts/heal-report.js';
import { renderJobSummary } from '../render/job-summary.js';
import { plural } from '../text/format.js';

function section(title: string): string {
  return `\n━━ ${title} ${'━'.repeat(Math.max(3, 60 - title.length))}\n`;
}

function describeEngine(attempt: Attempt): string[] {
  const d = attempt.detail ?? {};
  const lines: string[] = [];
  const validated = typeof d.validated === 'number' ? d.validated : undefined;
  const candidates = typeof d.candidates === 'number' ? d.candidates : undefined;
  if (validated !== undefined)
    lines.push(
      `    built-in engine: ${plural(validated, 'candidate')} validated by targeted reruns, of ${candidates ?? '?'} generated`,
    );
  const templates =
    d.templates && typeof d.templates === 'object' ? Object.entries(d.templates as Record<string, number>) : [];
  if (templates.length)
    lines.push(`    templates tried: ${templates.map(([t, n]) => `${terminalSafe(t)} ×${n}`).join(', ')}`);
  const fix = d.fix as { description?: string } | undefined;
  if (fix?.description) lines.push(`    fix found: ${terminalSafe(fix.description)}`);
  const top = Array.isArray(d.localisation)
    ? (d.localisation as Array<{ file: string; line: number; score: number }>).slice(0, 3)
    : [];
  if (top.length)
    lines.push(
      `    most suspicious lines: ${top.map((l) => `${terminalSafe(l.file)}:${l.line} (${l.score})`).join(', ')}`,
    );
  return lines;
}

export function renderDemo(report: HealReport, where: { dir: string; kept: boolean }): string {
  const out: string[] = [];
  out.push(section('failing tests (failure frames)'));
  if (!report.failures.length) out.push('  (none)');
  for (const f of report.failures) {
    out.push(`  ✗ ${terminalSafe(f.name)}`);
    if (f.exceptionType || f.message)
      out.push(
        `    ${terminalSafe(f.exceptionType ?? 'failure')}: ${terminalSafe(f.message.replace(/\s+/g, ' ').trim()).slice(0, 200)}`,
      );
    if (f.test) out.push(`    test at ${terminalSafe(f.test.file)}:${f.test.line}`);
    if (f.triggering)
      out.push(
        `    failed at ${terminalSafe(f.triggering.file)}:${f.triggering.line}${f.triggering.expression ? `  ${terminalSafe(f.triggering.expression).slice(0, 120)}` : ''}`,
      );
  }
  out.push(section('attempts'));
  if (!report.attempts.length) out.push('  (none)');
  for (const a of report.attempts) {
    out.push(`  attempt ${a.n}: ${a.verdict} (${(a.durationMs / 1000).toFixed(1)}s)`);
    out.push(...describeEngine(a));
    if (a.verdict !== 'accepted' && a.feedback)
      out.push(`    ${terminalSafe(a.feedback.split('\n')[0] ?? '').slice(0, 200)}`);
  }
  if (report.diff) {
    out.push(section('the fix'));
    out.push(terminalDiff(report.diff));
  }
  out.push(section('job summary (Markdown, as a CI run would post it)'));
  out.push(renderJobSummary(report).trimEnd());
  out.push(section('result'));
  out.push(`  ${report.result}: ${terminalSafe(report.reason, true)}`);
  if (report.commit)
    out.push(
      `  committed ${report.commit.sha.slice(0, 12)} in the example repository: ${terminalSafe(report.commit.message.split('\n')[0] ?? '')}`,
    );
  out.push(
    where.kept
      ? `  the example repository is kept at ${where.dir}`
      : '  the temporary example repository was removed (pass --keep to look around in it)',
  );
  return `${out.join('\n')}\n`;
}

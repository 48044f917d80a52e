/**
 * How the failures reproduced, for the job summary: the title and the story's sentence when a flaky
 * test or a failure that is not itself here stopped the run, the table of the failing tests' runs
 * without a change (how many, how many failed), the signs of flakiness, how the user's runner
 * quarantines a flaky test, and the failures that point at the environment. Everything in it came
 * from the tests or the report: escaped and bounded; text with code spans (`…`) keeps them as code.
 */
import type { HealReport, Reproduction, ReproducedTest } from '../contracts/heal-report.js';
import { formatCount, plural, tableCode } from '../text/format.js';
import { escapeMarkdown, inlineCode, tableCell } from '../text/markdown.js';
import { oneLine } from '../text/untrusted-text.js';

const TITLES: Partial<Record<Reproduction['verdict'], string>> = {
  flaky: '⚠️ self-heal: flaky test, nothing was changed',
  'fails-differently': '⚠️ self-heal: fails differently here, nothing was changed',
};

const VERDICTS: Record<ReproducedTest['verdict'], string> = {
  reproduced: 'failed every run',
  flaky: '🎲 flaky',
  'fails-differently': '🔀 fails differently here',
};

const MAX_SIGNS = 5;
const MAX_TEXT_CHARS = 600;

/** Text whose code spans stay code and whose rest is escaped; bounded. */
export function textWithCode(text: string, max = MAX_TEXT_CHARS): string {
  const clipped = oneLine(text, max);
  return clipped
    .split('`')
    .map((part, i) => (i % 2 === 1 ? inlineCode(part) : escapeMarkdown(part)))
    .join('');
}

/** The title of a run that stopped on a flaky test or a different failure. */
export function reproductionTitle(report: HealReport): string | undefined {
  if (report.result !== 'not-reproduced' || !report.reproduction) return undefined;
  return TITLES[report.reproduction.verdict];
}

/** The story's sentence about it, or undefined when the failures reproduced. */
export function reproductionSentence(report: HealReport): string | undefined {
  const r = report.reproduction;
  if (!r || report.result !== 'not-reproduced') return undefined;
  const flaky = r.tests.filter((t) => t.verdict === 'flaky');
  const differs = r.tests.filter((t) => t.verdict === 'fails-differently');
  const parts: string[] = [];
  if (flaky.length === 1) {
    const t = flaky[0]!;
    parts.push(`It is **flaky**: it failed ${formatCount(t.failed)} of ${plural(t.runs, 'run')} without a change.`);
  } else if (flaky.length > 1) {
    parts.push(`${formatCount(flaky.length)} of them are **flaky**: they passed in some runs without a change.`);
  }
  if (differs.length > 0) {
    const d = differs[0]!;
    const first = d.first ?? 'CI';
    const how =
      d.here && d.ci
        ? ` (${inlineCode(oneLine(d.here, 160))} here, ${inlineCode(oneLine(d.ci, 160))} in ${escapeMarkdown(oneLine(first, 40))})`
        : '';
    const why = first === 'CI' ? 'the environment differs' : 'rerun on its own, it does not fail as in the full run';
    parts.push(
      `${differs.length === 1 ? 'It' : `${formatCount(differs.length)} of them`} **failed differently here**${how}: ${why}.`,
    );
  }
  return parts.join(' ') || undefined;
}

function verdictCell(t: ReproducedTest): string {
  if (t.verdict !== 'fails-differently' || !t.here || !t.ci) return VERDICTS[t.verdict];
  return `${VERDICTS[t.verdict]}: ${tableCode(t.here)} in ${tableCell(t.run ?? 'a rerun', 40)}, ${tableCode(t.ci)} in ${tableCell(t.first ?? 'CI', 40)}`;
}

/**
 * The failing tests' runs without a change, when something is worth saying: a test that was not
 * reproduced, a sign of flakiness, or reruns made to tell a flake from a failure.
 */
export function renderReproduction(r: Reproduction, maxItems: number, omitted: string[]): string | undefined {
  const notable = r.tests.some((t) => t.verdict !== 'reproduced');
  if (!notable && r.signs.length === 0 && r.extraRuns === 0) return undefined;
  const lines = [
    '### How the failures reproduced',
    '',
    `Runs of the code as it is: the CI run, the confirmation, the recorded run${r.extraRuns ? `; ${plural(r.extraRuns, 'more rerun')}, of this code or of a change, told a flake from a failure` : ''}. A flaky test gets no change: a change that passes it could pass by luck.`,
    '',
    '| test | verdict | runs | failed |',
    '| --- | --- | ---: | ---: |',
  ];
  const shown = r.tests.slice(0, maxItems);
  for (const t of shown)
    lines.push(`| ${tableCode(t.id, 200)} | ${verdictCell(t)} | ${formatCount(t.runs)} | ${formatCount(t.failed)} |`);
  if (r.tests.length > shown.length) {
    lines.push(`| …and ${formatCount(r.tests.length - shown.length)} more | | | |`);
    omitted.push(plural(r.tests.length - shown.length, 'reproduction row'));
  }
  if (r.signs.length > 0) {
    lines.push('', '**Signs of flakiness:**', '');
    for (const sign of r.signs.slice(0, MAX_SIGNS)) lines.push(`- ${textWithCode(sign, 300)}`);
  }
  if (r.quarantine) lines.push('', `**To quarantine it**, ${textWithCode(r.quarantine)}.`);
  return `${lines.join('\n')}\n`;
}

/** The failures that point at the environment, said before any attempt. */
export function renderEnvironment(r: Reproduction | undefined, maxItems: number): string | undefined {
  if (!r?.environment.length) return undefined;
  const lines = [
    '### The failure points at the environment',
    '',
    'Read from the failing line and the message before any attempt: a change to the code cannot provide what this job lacks.',
    '',
  ];
  for (const c of r.environment.slice(0, maxItems))
    lines.push(
      `- ${inlineCode(oneLine(c.test, 200))}: ${textWithCode(c.detail, 400)}${c.at ? ` (at ${inlineCode(oneLine(c.at, 200))})` : ''}`,
    );
  return `${lines.join('\n')}\n`;
}

/**
 * The special-casing check's evidence in words: one sentence for the next attempt (the text is in
 * `repair/prompts/special-cases.ts`), naming at most a few literals with where they are.
 */
import type { SpecialCaseEvidence } from '../../contracts/heal-report.js';
import { fillTemplate } from '../prompt.js';
import { SPECIAL_CASE_REASONS, SPECIAL_CASED_FEEDBACK } from '../prompts/special-cases.js';
import { oneLine, stripControls } from '../../text/untrusted-text.js';

/** Reasons named in the sentence; the report keeps all the evidence. */
const MAX_REASONS = 3;
const MAX_LITERAL_CHARS = 60;

const MAX_PATH_CHARS = 200;

function literalText(literal: string): string {
  return `\`${oneLine(stripControls(literal), MAX_LITERAL_CHARS).replace(/`/g, "'")}\``;
}

/** A repository path (a model may create one with a line break in its name) on one bounded line. */
function siteText(site: { file: string; line: number }): string {
  return `${oneLine(stripControls(site.file), MAX_PATH_CHARS)}:${site.line}`;
}

export function specialCaseFeedback(evidence: readonly SpecialCaseEvidence[]): string {
  const reasons = evidence.slice(0, MAX_REASONS).map((e) =>
    fillTemplate(SPECIAL_CASE_REASONS[e.rule], {
      patch: siteText(e.patch),
      literal: literalText(e.literal),
      test: e.test
        ? `${siteText(e.test)}${e.dataReadBy ? ` (test data read by ${oneLine(stripControls(e.dataReadBy), MAX_PATH_CHARS)})` : ''}`
        : 'the failing tests',
    }),
  );
  if (evidence.length > MAX_REASONS) reasons.push(`${evidence.length - MAX_REASONS} more`);
  return fillTemplate(SPECIAL_CASED_FEEDBACK, { reasons: reasons.join('; ') });
}

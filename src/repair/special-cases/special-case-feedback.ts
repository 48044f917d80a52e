/**
 * The special-casing check's evidence in words: one sentence for the next attempt (the text is in
 * `repair/prompts/special-cases.ts`), naming at most a few literals with where they are.
 */
import type { SpecialCaseEvidence } from '../../contracts/heal-report.js';
import { fillTemplate } from '../prompt.js';
import { SPECIAL_CASE_REASONS, SPECIAL_CASED_FEEDBACK } from '../prompts/special-cases.js';

/** Reasons named in the sentence; the report keeps all the evidence. */
const MAX_REASONS = 3;
const MAX_LITERAL_CHARS = 60;

function literalText(literal: string): string {
  const single = literal.replace(/\s+/g, ' ');
  const clipped = single.length > MAX_LITERAL_CHARS ? `${single.slice(0, MAX_LITERAL_CHARS - 1)}…` : single;
  return `\`${clipped.replace(/`/g, "'")}\``;
}

export function specialCaseFeedback(evidence: readonly SpecialCaseEvidence[]): string {
  const reasons = evidence.slice(0, MAX_REASONS).map((e) =>
    fillTemplate(SPECIAL_CASE_REASONS[e.rule], {
      patch: `${e.patch.file}:${e.patch.line}`,
      literal: literalText(e.literal),
      test: e.test ? `${e.test.file}:${e.test.line}` : 'the failing tests',
    }),
  );
  if (evidence.length > MAX_REASONS) reasons.push(`${evidence.length - MAX_REASONS} more`);
  return fillTemplate(SPECIAL_CASED_FEEDBACK, { reasons: reasons.join('; ') });
}

/**
 * The fix commit's message: a subject that names the tests it fixes, a body listing them, and a
 * `Self-Heal-Attempts` trailer. Test names are untrusted: control characters and newlines are
 * flattened (a name must not forge a trailer or a second paragraph), `#123`/`@name` broken (GitHub
 * would link or close the issue) and every name is bounded.
 */
import { breakReferences } from '../text/markdown.js';

export interface CommitMessageInput {
  /** Stable ids of the fixed tests (file::name). */
  testIds: readonly string[];
  /** Their short names, for the subject. */
  testNames: readonly string[];
  /** The attempt that was accepted. */
  attempts: number;
}

const MAX_SUBJECT_NAMES_CHARS = 60;
const MAX_NAME_CHARS = 40;
const MAX_LISTED = 20;
const MAX_ID_CHARS = 200;

function flatten(text: string, max: number): string {
  const flat = breakReferences(
    text
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function subjectNames(names: readonly string[]): string {
  const unique = [...new Set(names.map((n) => flatten(n, MAX_NAME_CHARS)))];
  if (unique.length === 1) return unique[0]!;
  const shown: string[] = [];
  for (const name of unique) {
    if (shown.length > 0 && [...shown, name].join(', ').length > MAX_SUBJECT_NAMES_CHARS) break;
    shown.push(name);
  }
  const rest = unique.length - shown.length;
  if (rest === 0) return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
  return `${shown.join(', ')} and ${rest} more`;
}

export function composeCommitMessage(input: CommitMessageInput): string {
  const subject = `fix: make ${subjectNames(input.testNames)} pass (self-heal)`;
  const listed = input.testIds.slice(0, MAX_LISTED).map((id) => `- ${flatten(id, MAX_ID_CHARS)}`);
  if (input.testIds.length > MAX_LISTED) listed.push(`- … and ${input.testIds.length - MAX_LISTED} more`);
  return [
    subject,
    '',
    `Makes the failing test${input.testIds.length === 1 ? '' : 's'} pass, verified by rerunning the test command (every test that passed before still passes):`,
    ...listed,
    '',
    `Self-Heal-Attempts: ${input.attempts}`,
    '',
  ].join('\n');
}

/**
 * Text the special-casing check quotes as evidence: a literal the patch wrote, a line of the patch
 * or of a test. It comes from the repository and from a model's patch, and reaches the job summary
 * and the next prompt, so it is one line, without escape sequences or bidi marks, and bounded.
 */
import type { CodeSite } from '../../contracts/heal-report.js';
import { clipLine, stripControls } from '../../text/untrusted-text.js';

/** Characters kept of a quoted line. */
const MAX_SITE_CHARS = 200;

/** `text` as one clean line of at most `max` characters (whitespace runs read as one space). */
export function evidenceText(text: string, max: number): string {
  return clipLine(stripControls(text).replace(/\s+/g, ' ').trim(), max);
}

/** The 0-based `row` of a file split into `lines`, as evidence. */
export function siteOf(file: string, lines: readonly string[], row: number): CodeSite {
  return { file, line: row + 1, text: clipLine(stripControls(lines[row] ?? '').trim(), MAX_SITE_CHARS) };
}

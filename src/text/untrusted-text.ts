/**
 * Text from tests, reports and logs is shown to people: on a terminal, where escape sequences
 * recolour, move the cursor or retitle the window, and in Markdown and HTML, where bidi overrides
 * make `gnp.exe` read as `exe.png` (Trojan Source). Both renderers clean it here first, then
 * escape it for their medium. Its lines are unbounded too (a 5 MB `repr`, a minified bundle's
 * one line): `clipLine` bounds each.
 */

/*
 * ESC-introduced sequences as terminals and CI log viewers understand them:
 * - CSI: ESC [ params intermediates final  (colours, cursor moves)
 * - OSC: ESC ] ... BEL | ESC \            (hyperlinks, window titles; vitest prints file links),
 *   at most 4 KiB and within one line, so a stray one cannot swallow the log that follows
 * - two-byte escapes: ESC followed by one of @-Z \ ] ^ _ (also what is left of an unterminated OSC)
 * - the 8-bit CSI introducer U+009B;
 * - a stray ESC or U+009B left over from a broken sequence (it has no place in parsed text).
 * The character classes of each part are disjoint, so a failed match costs at most one scan to
 * the next ESC: no catastrophic backtracking.
 */
const ANSI_SEQUENCE =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b\n]{0,4096}(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]|[\u001b\u009b]/g;

/** Remove ANSI colour and control sequences (what `FORCE_COLOR=1` runners print into CI logs). */
export function stripAnsi(s: string): string {
  if (!s.includes('\u001b') && !s.includes('\u009b')) return s;
  return s.replace(ANSI_SEQUENCE, '');
}

/**
 * ESC and the 8-bit CSI as JUnit writers escape them: XML 1.0 cannot hold them, so pytest's writer
 * (`bin_xml_escape`) puts the text `#x1B` in their place; `--color=yes` in `addopts` then fills
 * the assertion's coloured diff with `#x1B[33m…`. Two-digit upper- or lower-case hex, as written.
 */
const ESCAPED_ESC = /#x(?:1b|9b)/gi;

/**
 * Remove ANSI sequences, raw or escaped as `#x1B` (see `ESCAPED_ESC`): what evidence from reports
 * and logs must lose before it becomes a frame, a prompt or a summary.
 */
export function stripEscapeCodes(s: string): string {
  if (!/#x/i.test(s)) return stripAnsi(s);
  return stripAnsi(s.replace(ESCAPED_ESC, (m) => (m.slice(2).toLowerCase() === '9b' ? '\u009b' : '\u001b')));
}

/** C0/C1 controls (tab kept), DEL, and the bidi embedding/override/isolate marks. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** No escape sequences, no control or bidi characters; newlines kept only where asked. */
export function stripControls(text: string, keepNewlines = false): string {
  const clean = stripAnsi(text).replace(/\r\n?/g, '\n').replace(CONTROL, '');
  return keepNewlines ? clean : clean.replace(/\n+/g, ' ');
}

/** `line` bounded to `max` characters, the last one `…` when clipped; a surrogate pair is never split. */
export function clipLine(line: string, max: number): string {
  if (line.length <= max) return line;
  let end = max - 1;
  const code = line.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${line.slice(0, end)}…`;
}

/** Untrusted text on one line (every run of whitespace one space, trimmed), bounded by `clipLine`. */
export function oneLine(text: string, max: number): string {
  return clipLine(text.replace(/\s+/g, ' ').trim(), max);
}

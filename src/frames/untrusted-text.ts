/**
 * Text from tests, reports and logs is shown to people: on a terminal, where escape sequences
 * recolour, move the cursor or retitle the window, and in Markdown and HTML, where bidi overrides
 * make `gnp.exe` read as `exe.png` (Trojan Source). Both renderers clean it here first, then
 * escape it for their medium. Its lines are unbounded too (a 5 MB `repr`, a minified bundle's
 * one line): `clipLine` bounds each.
 */
import { stripAnsi } from '../reports/logs/log-text.js';

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

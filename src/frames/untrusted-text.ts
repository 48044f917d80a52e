/**
 * Text from tests, reports and logs is shown to people: on a terminal, where escape sequences
 * recolour, move the cursor or retitle the window, and in Markdown and HTML, where bidi overrides
 * make `gnp.exe` read as `exe.png` (Trojan Source). Both renderers clean it here first, then
 * escape it for their medium.
 */
import { stripAnsi } from '../reports/logs/log-text.js';

/** C0/C1 controls (tab kept), DEL, and the bidi embedding/override/isolate marks. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** No escape sequences, no control or bidi characters; newlines kept only where asked. */
export function stripControls(text: string, keepNewlines = false): string {
  const clean = stripAnsi(text).replace(/\r\n?/g, '\n').replace(CONTROL, '');
  return keepNewlines ? clean : clean.replace(/\n+/g, ' ');
}

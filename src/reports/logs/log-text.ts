/**
 * Text helpers shared by the log parsers. Logs are untrusted and can be huge (a 5 MB line, a
 * million lines), so everything here runs in linear time and nothing here can backtrack.
 */

/**
 * Split a log into lines. `\r\n`, `\n` and a lone `\r` (progress bars redrawing a line) all end a
 * line; a trailing line break does not add an empty last line.
 */
export function splitLines(s: string): string[] {
  if (s === '') return [];
  const lines = s.split(/\r\n|\n|\r/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/*
 * GitHub Actions logs downloaded through the API (or "View raw logs") prefix every line with an
 * ISO-8601 timestamp with 7 fractional digits and one space: `2026-11-29T10:12:07.1234567Z `.
 */
const RUNNER_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?Z ?/;

/** Remove the GitHub Actions timestamp that prefixes each line of a downloaded job log. */
export function stripLogPrefix(line: string): string {
  return line.replace(RUNNER_TIMESTAMP, '');
}

/**
 * Bound a string to at most `max` characters, keeping its head and its tail with a marker in
 * between that says how much was left out (the start of a message names the error, the end of a
 * log names the last thing that happened). Never splits a surrogate pair.
 */
export function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  if (max <= 0) return '';
  // The marker length depends on the omitted count, which depends on the marker length: measure
  // with the largest possible count (the whole string), which can only over-reserve by a digit or two.
  const marker = (omitted: number) => `\n… [${omitted} characters omitted] …\n`;
  const reserve = marker(s.length).length;
  if (max < reserve + 2) return sliceWhole(s, 0, max);
  const budget = max - reserve;
  const headLen = Math.ceil(budget / 2);
  const head = sliceWhole(s, 0, headLen);
  const tail = sliceWholeFromEnd(s, budget - headLen);
  return `${head}${marker(s.length - head.length - tail.length)}${tail}`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** `s.slice(start, end)` moved back by one if it would end between the halves of a surrogate pair. */
function sliceWhole(s: string, start: number, end: number): string {
  if (end > start && end < s.length && isHighSurrogate(s.charCodeAt(end - 1))) end--;
  return s.slice(start, end);
}

/** The last `n` characters of `s`, one fewer if the cut would start on the second half of a pair. */
function sliceWholeFromEnd(s: string, n: number): string {
  if (n <= 0) return '';
  let start = s.length - n;
  if (start > 0 && isHighSurrogate(s.charCodeAt(start - 1))) start++;
  return s.slice(start);
}

/** Leading spaces and tabs of a line. */
export function indentOf(line: string): number {
  let n = 0;
  while (n < line.length && (line[n] === ' ' || line[n] === '\t')) n++;
  return n;
}

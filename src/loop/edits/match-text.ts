/**
 * Finding an edit's `oldText` in a file. Models quote code imperfectly, so matching is tiered:
 *
 * 1. Exact: the text occurs exactly once (with the file's CRLF line endings applied to the quote
 *    when the file uses them).
 * 2. Whitespace-tolerant: compared line by line with each line trimmed and inner runs of
 *    whitespace collapsed, ignoring blank lines at the start and end of the quote. It must match
 *    exactly one run of whole lines. The replacement is re-indented by the difference between the
 *    quote's indentation and the file's, so a fix quoted at the wrong depth lands at the right one.
 *
 * More than one match is `ambiguous` (the model must quote more context); none is `no-match`,
 * answered with the nearest real lines of the file (a bounded fuzzy window search).
 */

export type MatchResult =
  | { kind: 'match'; start: number; end: number; replacement: string; tolerant: boolean }
  | { kind: 'ambiguous'; count: number }
  | { kind: 'no-match'; nearest?: { startLine: number; text: string } };

const NEAREST_MAX_FILE_LINES = 20_000;
const NEAREST_MAX_QUOTE_LINES = 40;
const NEAREST_CONTEXT = 2;
const NEAREST_MAX_CHARS = 2_000;

function countOccurrences(haystack: string, needle: string, limit: number): { count: number; first: number } {
  let count = 0;
  let first = -1;
  let from = 0;
  while (count < limit) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) break;
    if (first < 0) first = at;
    count++;
    from = at + 1;
  }
  return { count, first };
}

const squash = (line: string) => line.trim().replace(/\s+/g, ' ');
const indentOf = (line: string) => /^[ \t]*/.exec(line)![0];

function trimBlankEdges(lines: string[]): { lines: string[]; lead: number; trail: number } {
  let lead = 0;
  while (lead < lines.length && lines[lead]!.trim() === '') lead++;
  let end = lines.length;
  while (end > lead && lines[end - 1]!.trim() === '') end--;
  return { lines: lines.slice(lead, end), lead, trail: lines.length - end };
}

/** Locate `oldText` in `content` and compute the replacement for `newText`. */
export function matchOldText(content: string, oldText: string, newText: string): MatchResult {
  const crlf = content.includes('\r\n');
  const toFileEol = (t: string) => (crlf && !t.includes('\r\n') ? t.replace(/\n/g, '\r\n') : t);
  const quote = toFileEol(oldText);
  const exact = countOccurrences(content, quote, 2);
  if (exact.count === 1) {
    return {
      kind: 'match',
      start: exact.first,
      end: exact.first + quote.length,
      replacement: toFileEol(newText),
      tolerant: false,
    };
  }
  if (exact.count > 1) return { kind: 'ambiguous', count: countOccurrences(content, quote, 1000).count };

  const eol = crlf ? '\r\n' : '\n';
  const fileLines = content.split(eol);
  const quoted = trimBlankEdges(oldText.replace(/\r\n/g, '\n').split('\n'));
  if (quoted.lines.length === 0) return { kind: 'no-match' };
  const want = quoted.lines.map(squash);
  const hits: number[] = [];
  for (let i = 0; i + want.length <= fileLines.length && hits.length < 2; i++) {
    let ok = true;
    for (let j = 0; j < want.length; j++) {
      if (squash(fileLines[i + j]!) !== want[j]) {
        ok = false;
        break;
      }
    }
    if (ok) hits.push(i);
  }
  if (hits.length > 1) return { kind: 'ambiguous', count: hits.length };
  if (hits.length === 0) return { kind: 'no-match', nearest: nearestLines(fileLines, quoted.lines) };

  const line = hits[0]!;
  const start = fileLines.slice(0, line).reduce((n, l) => n + l.length + eol.length, 0);
  const matched = fileLines.slice(line, line + want.length).join(eol);
  const fromIndent = indentOf(quoted.lines[0]!);
  const toIndent = indentOf(fileLines[line]!);
  let replacementLines = newText.replace(/\r\n/g, '\n').split('\n');
  // Drop the blank edge lines the quote had too, so surrounding blank lines are not doubled.
  const edges = trimBlankEdges(replacementLines);
  if (edges.lead >= quoted.lead && edges.trail >= quoted.trail) {
    replacementLines = replacementLines.slice(quoted.lead, replacementLines.length - quoted.trail);
  }
  if (fromIndent !== toIndent) {
    replacementLines = replacementLines.map((l) =>
      l.startsWith(fromIndent) && l.trim() !== '' ? toIndent + l.slice(fromIndent.length) : l,
    );
  }
  return { kind: 'match', start, end: start + matched.length, replacement: replacementLines.join(eol), tolerant: true };
}

function bigrams(text: string): Set<string> {
  const s = squash(text);
  const out = new Set<string>();
  for (let i = 0; i < s.length - 1; i++) out.add(s.slice(i, i + 2));
  return out;
}

function dice(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/** The window of real lines most similar to the quote (line-wise bigram similarity), with context. */
export function nearestLines(
  fileLines: string[],
  quoteLines: string[],
): { startLine: number; text: string } | undefined {
  const quote = quoteLines.slice(0, NEAREST_MAX_QUOTE_LINES).map(bigrams);
  const lines = fileLines.slice(0, NEAREST_MAX_FILE_LINES);
  if (quote.length === 0 || lines.length === 0) return undefined;
  const grams = lines.map(bigrams);
  let best = -1;
  let bestScore = 0;
  const width = Math.min(quote.length, lines.length);
  for (let i = 0; i + width <= lines.length; i++) {
    let score = 0;
    for (let j = 0; j < width; j++) score += dice(grams[i + j]!, quote[j]!);
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  if (best < 0 || bestScore / width < 0.3) return undefined;
  const from = Math.max(0, best - NEAREST_CONTEXT);
  const to = Math.min(lines.length, best + width + NEAREST_CONTEXT);
  let text = lines.slice(from, to).join('\n');
  if (text.length > NEAREST_MAX_CHARS) text = `${text.slice(0, NEAREST_MAX_CHARS)}\n…`;
  return { startLine: from + 1, text };
}

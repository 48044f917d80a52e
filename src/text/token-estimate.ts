/**
 * A cheap, conservative token estimate for packing prompts into small request limits (GitHub
 * Models' free tier takes 8,000 input tokens a request) without shipping a tokenizer.
 *
 * Method, modelled on how byte-level BPE tokenizers (o200k, cl100k, Claude's) split code and logs:
 * - a run of ASCII letters: one token up to 6 letters (common words and identifier pieces are one
 *   token), then one per 5 letters;
 * - a run of digits: one token per 3 digits (the vocabularies hold numbers up to 3 digits);
 * - ASCII symbols: a run of 3+ of the same symbol (`=====` separators) one per 4; other symbols
 *   pairwise (`({`, `});`, `=>`), one token per 2;
 * - whitespace: a newline one token, a run of spaces or tabs one per 8 (indentation), a single
 *   space between words nothing (it merges into the next word);
 * - an ANSI escape 3 tokens; a non-ASCII character by its UTF-8 length: 1 (2 bytes), 2 (3 bytes:
 *   box drawing, CJK), 3 (4 bytes: emoji);
 * - the sum times 1.1 (other tokenizers, Claude's newer one counts more), rounded up.
 * Measured against o200k_base and cl100k_base (js-tiktoken, outside this repo) on 64 real files of
 * this repo (runner logs with and without colour, JUnit XML, TypeScript and Python sources): never
 * under the larger real count (worst 1.19x), 1.4x on aggregate; packed prompts of the fixture
 * projects 1.31-1.34x. Chars/4 under-counts logs (a jest log is ~2.1 chars a token), which is why it
 * is not used. `scripts/bench/prompt.ts` prints prompt sizes against the raw test output.
 */

const SLACK = 1.1;

export function estimateTokens(text: string): number {
  if (!text) return 0;
  let tokens = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isLetter(c)) {
      let j = i + 1;
      while (j < n && isLetter(text.charCodeAt(j))) j++;
      const run = j - i;
      tokens += run <= 6 ? 1 : Math.ceil(run / 5);
      i = j;
    } else if (c >= 48 && c <= 57) {
      let j = i + 1;
      while (j < n && isDigit(text.charCodeAt(j))) j++;
      tokens += Math.ceil((j - i) / 3);
      i = j;
    } else if (c === 10) {
      tokens += 1;
      i++;
    } else if (c === 32 || c === 9 || c === 13) {
      let j = i + 1;
      while (j < n && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9 || text.charCodeAt(j) === 13)) j++;
      const run = j - i;
      // A single space before a word merges into the word's token.
      tokens += run === 1 ? 0 : Math.ceil(run / 8);
      i = j;
    } else if (c === 27) {
      // An ANSI escape (`ESC[90m`) is 4-5 tokens; prompts carry pruned text, but tool output may not.
      tokens += 3;
      i++;
    } else if (c < 128) {
      // A run of one repeated symbol (`=====`, `-----`, `_____` separators in pytest and unittest
      // output) merges into few tokens; any other symbol costs one.
      let j = i + 1;
      while (j < n && text.charCodeAt(j) === c) j++;
      if (j - i >= 3) {
        tokens += Math.ceil((j - i) / 4);
        i = j;
        continue;
      }
      // Mixed symbols (`({`, `});`, `=>`) merge pairwise in BPE vocabularies.
      j = i + 1;
      while (j < n && isSymbol(text.charCodeAt(j))) j++;
      tokens += Math.ceil((j - i) / 2);
      i = j;
    } else {
      // By UTF-8 length: byte-level BPE splits rare symbols (box drawing `⎯`, `❯`, emoji) into
      // several tokens; CJK text is over-counted, which is the safe side.
      const pair = c >= 0xd800 && c <= 0xdbff;
      tokens += pair ? 3 : c < 0x800 ? 1 : 2;
      i += pair ? 2 : 1;
    }
  }
  return Math.ceil(tokens * SLACK);
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isSymbol(c: number): boolean {
  return c > 32 && c < 127 && !isLetter(c) && !isDigit(c);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** The longest prefix of `text` (cut at a line end when one is near) whose estimate fits `maxTokens`. */
export function truncateToTokens(text: string, maxTokens: number): string {
  if (maxTokens <= 0) return '';
  if (estimateTokens(text) <= maxTokens) return text;
  // Binary search on the length: the estimate is monotone in the prefix length up to rounding.
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (estimateTokens(text.slice(0, mid)) <= maxTokens) lo = mid;
    else hi = mid - 1;
  }
  const cut = text.slice(0, lo);
  const lastNewline = cut.lastIndexOf('\n');
  return lastNewline >= cut.length * 0.7 ? cut.slice(0, lastNewline + 1) : cut;
}

/**
 * A cheap, conservative token estimate for packing prompts into small request limits (GitHub
 * Models' free tier takes 8,000 input tokens a request) without shipping a tokenizer.
 *
 * Method, modelled on how BPE tokenizers (cl100k / o200k, Claude's) split code and logs:
 * - a run of ASCII letters costs one token per 4 letters (rounded up): common words are one token,
 *   long identifiers split into pieces;
 * - a run of digits costs one token per 3 digits (BPE vocabularies hold numbers up to 3 digits);
 * - every other ASCII symbol (punctuation, operators, brackets) costs one token: code is dense in them
 *   and tokenizers often merge them pairwise, so this over-counts;
 * - whitespace: a newline costs one token, a run of spaces or tabs costs one token per 8 characters
 *   (indentation), a single space between words costs nothing (it merges into the next word);
 * - any non-ASCII character costs one token (CJK and emoji often cost more than one byte-level
 *   token each, so this is the one place it may under-count; the slack below covers it).
 * The sum is multiplied by 1.1 and rounded up. Chars/4 under-counts code and logs badly (a stack
 * trace is closer to 2.5 chars a token), which is why it is not used. `scripts/bench/prompt.ts`
 * prints this estimate against the raw sizes.
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
      tokens += Math.ceil((j - i) / 4);
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
    } else if (c < 128) {
      tokens += 1;
      i++;
    } else {
      // Surrogate pairs count once.
      tokens += 1;
      i += c >= 0xd800 && c <= 0xdbff ? 2 : 1;
    }
  }
  return Math.ceil(tokens * SLACK);
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
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

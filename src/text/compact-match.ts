/**
 * Find strings in a text whatever separates their characters: whitespace and ASCII punctuation
 * between them are skipped (`g h p _ a b`, a base64 value wrapped over lines, hex as `de:ad:be:ef`).
 * One pass over the text with an Aho-Corasick automaton on letters, digits and non-ASCII characters
 * (one symbol for all of those), so the cost is linear in the text for any number of needles.
 */

/** 0-9, A-Z, a-z, then one symbol for every character beyond ASCII; -1 for a separator. */
const SYMBOLS = 63;
const SYMBOL = new Int8Array(65536).fill(-1);
for (let c = 48; c <= 57; c++) SYMBOL[c] = c - 48;
for (let c = 65; c <= 90; c++) SYMBOL[c] = c - 65 + 10;
for (let c = 97; c <= 122; c++) SYMBOL[c] = c - 97 + 36;
SYMBOL.fill(62, 128);

/** Whether `code` is read (a letter, a digit, beyond ASCII) rather than skipped as a separator. */
export function isCompactChar(code: number): boolean {
  return SYMBOL[code]! >= 0;
}

/** `text` as the matcher reads it: separators dropped. */
export function compactText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) if (SYMBOL[text.charCodeAt(i)]! >= 0) out += text[i];
  return out;
}

export type CompactMatcher = (text: string) => Array<[number, number]>;

interface Automaton {
  delta: Int32Array;
  /** Length (in read characters) of the longest needle ending at each state (at its row's offset), 0 for none. */
  out: Int32Array;
  /** A power of two at least the longest needle: the ring of read positions. */
  ring: number;
}

function buildTrie(needles: readonly string[]): { goto: number[]; out: number[] } {
  const goto: number[] = new Array<number>(SYMBOLS).fill(-1);
  const out: number[] = [0];
  for (const needle of needles) {
    let state = 0;
    let length = 0;
    for (let i = 0; i < needle.length; i++) {
      const sym = SYMBOL[needle.charCodeAt(i)]!;
      if (sym < 0) continue;
      length++;
      let next = goto[state * SYMBOLS + sym]!;
      if (next < 0) {
        next = out.length;
        out.push(0);
        for (let s = 0; s < SYMBOLS; s++) goto.push(-1);
        goto[state * SYMBOLS + sym] = next;
      }
      state = next;
    }
    out[state] = Math.max(out[state]!, length);
  }
  return { goto, out };
}

function buildAutomaton(needles: readonly string[]): Automaton {
  const { goto, out } = buildTrie(needles);
  const states = out.length;
  const delta = new Int32Array(states * SYMBOLS);
  const fail = new Int32Array(states);
  const outs = Int32Array.from(out);
  const queue: number[] = [];
  for (let sym = 0; sym < SYMBOLS; sym++) {
    const next = goto[sym]!;
    delta[sym] = next < 0 ? 0 : next;
    if (next > 0) queue.push(next);
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head]!;
    outs[state] = Math.max(outs[state]!, outs[fail[state]!]!);
    for (let sym = 0; sym < SYMBOLS; sym++) {
      const next = goto[state * SYMBOLS + sym]!;
      const fallback = delta[fail[state]! * SYMBOLS + sym]!;
      if (next < 0) delta[state * SYMBOLS + sym] = fallback;
      else {
        delta[state * SYMBOLS + sym] = next;
        fail[next] = fallback;
        queue.push(next);
      }
    }
  }
  let ring = 1;
  while (ring < Math.max(1, ...outs)) ring *= 2;
  // Rows addressed by their offset (state × SYMBOLS): the scan's step is one load, no multiply.
  const byRow = new Int32Array(states * SYMBOLS);
  for (let state = 0; state < states; state++) {
    byRow[state * SYMBOLS] = outs[state]!;
    for (let sym = 0; sym < SYMBOLS; sym++) delta[state * SYMBOLS + sym] = delta[state * SYMBOLS + sym]! * SYMBOLS;
  }
  return { delta, out: byRow, ring };
}

/**
 * A matcher for `needles` (read as `compactText` reads them): the spans of a text that hold one,
 * each from its first read character to its last, overlapping spans merged, in order. Null when
 * there is no needle.
 */
export function compactMatcher(needles: readonly string[]): CompactMatcher | null {
  if (needles.length === 0) return null;
  const { delta, out, ring } = buildAutomaton(needles);
  const mask = ring - 1;
  return (text: string) => {
    const spans: Array<[number, number]> = [];
    const positions = new Int32Array(ring);
    let state = 0;
    let read = 0;
    for (let i = 0; i < text.length; i++) {
      const sym = SYMBOL[text.charCodeAt(i)]!;
      if (sym < 0) continue;
      positions[read & mask] = i;
      read++;
      state = delta[state + sym]!;
      const length = out[state]!;
      if (length === 0) continue;
      let start = positions[(read - length) & mask]!;
      // A longer needle may reach back over spans found before: they merge into it.
      while (spans.length > 0 && start <= spans.at(-1)![1]) start = Math.min(start, spans.pop()![0]);
      spans.push([start, i + 1]);
    }
    return spans;
  };
}

/**
 * The fast path for the bulk of a big report: runs of passing cases written as empty elements,
 * `<testcase name="…" time="…"/>` or `<testcase …></testcase>`, that are only counted (one report,
 * no passing ids wanted, see `JUnitReader`). For those, tokenizing every character through saxes
 * costs more than everything else the reader does; a plain scan that checks the same XML rules
 * saxes would (attribute syntax, quoting, no duplicate attribute, only characters XML allows, no
 * `<` or entity reference in a value) is several times faster. Anything else, or anything in doubt
 * (an entity reference, a CR not followed by LF, a non-ASCII attribute name, a surrogate, an
 * element cut by the end of the chunk), ends the run: saxes reads it as usual and reports any
 * problem with its position, which the scan keeps exact (see `ScannedRun`).
 */

/** What a scan found: where the run ends, how many cases it holds, and the lines it spans. */
export interface ScannedRun {
  /** Index after the run (== the start when there is none). */
  end: number;
  cases: number;
  /** Line breaks inside the run, as XML counts them (CR LF is one). */
  newlines: number;
  /** Index after the run's last line break, or -1 when it has none. */
  lineStart: number;
}

/** A case element longer than this is left to saxes (its attribute values are bounded there). */
const MAX_ELEMENT_CHARS = 16 * 1024;
/** More attributes than this on one case is left to saxes. */
const MAX_NAMES = 32;

const LT = 60;
const GT = 62;
const SLASH = 47;
const EQ = 61;
const AMP = 38;
const DQUOTE = 34;
const SQUOTE = 39;
const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;

const OPEN = '<testcase';
// Characters of a value the loop below accepts without anything to note: not the quote, `<`, `&`,
// a control character (tab and line breaks are counted by the loop), a surrogate, U+FFFE/FFFF.
const PLAIN_DOUBLE = /[^"<&\x00-\x1f\ud800-\udfff\ufffe\uffff]*/y;
const PLAIN_SINGLE = /[^'<&\x00-\x1f\ud800-\udfff\ufffe\uffff]*/y;
const CLOSE = '</testcase';

// Attribute names of the element being scanned (start, end), for the duplicate check.
const nameStarts = new Int32Array(MAX_NAMES);
const nameEnds = new Int32Array(MAX_NAMES);

// Line breaks seen by the current scan (module state: the scan is synchronous).
let newlines = 0;
let lineStart = -1;

function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58;
}

function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 58 || c === 45 || c === 46;
}

/** Index after the XML whitespace at `i`, counting line breaks; a CR at the very end stays (saxes must see what follows it). */
function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === SPACE || c === TAB) i++;
    else if (c === LF) {
      i++;
      newlines++;
      lineStart = i;
    } else if (c === CR) {
      if (i + 1 >= text.length) return i;
      i += text.charCodeAt(i + 1) === LF ? 2 : 1;
      newlines++;
      lineStart = i;
    } else return i;
  }
}

function sameName(text: string, names: number, start: number, end: number): boolean {
  const length = end - start;
  for (let k = 0; k < names; k++) {
    const s = nameStarts[k]!;
    if (nameEnds[k]! - s !== length) continue;
    let j = 0;
    while (j < length && text.charCodeAt(s + j) === text.charCodeAt(start + j)) j++;
    if (j === length) return true;
  }
  return false;
}

/** Index after the empty case element at `at` (which starts with `<testcase`), or -1. */
function caseElementEnd(text: string, at: number): number {
  const n = text.length;
  const limit = Math.min(n, at + MAX_ELEMENT_CHARS);
  let i = at + OPEN.length;
  let names = 0;
  for (;;) {
    const before = i;
    i = skipSpace(text, i);
    if (i >= limit) return -1;
    let c = text.charCodeAt(i);
    if (c === SLASH) return text.charCodeAt(i + 1) === GT ? i + 2 : -1;
    if (c === GT) {
      i = skipSpace(text, i + 1);
      if (!text.startsWith(CLOSE, i)) return -1;
      i = skipSpace(text, i + CLOSE.length);
      return i < limit && text.charCodeAt(i) === GT ? i + 1 : -1;
    }
    // An attribute: whitespace before it, an ASCII name not seen on this element, `=`, a quoted value.
    if (i === before || !isNameStart(c) || names === MAX_NAMES) return -1;
    const start = i;
    do i++;
    while (isNameChar(text.charCodeAt(i)));
    if (sameName(text, names, start, i)) return -1;
    nameStarts[names] = start;
    nameEnds[names] = i;
    names++;
    i = skipSpace(text, i);
    if (text.charCodeAt(i) !== EQ) return -1;
    i = skipSpace(text, i + 1);
    const quote = text.charCodeAt(i);
    if (quote !== DQUOTE && quote !== SQUOTE) return -1;
    // The common value, without a line break, tab or anything in doubt, in one regex step.
    const plain = quote === DQUOTE ? PLAIN_DOUBLE : PLAIN_SINGLE;
    plain.lastIndex = i + 1;
    plain.test(text);
    for (i = plain.lastIndex; ; i++) {
      if (i >= limit) return -1;
      c = text.charCodeAt(i);
      if (c === quote) break;
      if (c < SPACE) {
        if (c === LF) {
          newlines++;
          lineStart = i + 1;
        } else if (c === CR && text.charCodeAt(i + 1) === LF) {
          i++;
          newlines++;
          lineStart = i + 1;
        } else if (c !== TAB) return -1;
      } else if (c === LT || c === AMP || (c >= 0xd800 && c <= 0xdfff) || c > 0xfffd) return -1;
    }
    i++;
  }
}

/**
 * The run of empty case elements (and the whitespace after each) starting at `at`. The caller
 * knows `at` is where markup starts in the content of a suite (saxes stands there, in text).
 */
export function scanPassingCases(text: string, at: number): ScannedRun {
  newlines = 0;
  lineStart = -1;
  let end = at;
  let cases = 0;
  let lines = 0;
  let start = -1;
  while (text.startsWith(OPEN, end)) {
    const after = text.charCodeAt(end + OPEN.length);
    if (!(after === SPACE || after === TAB || after === LF || after === CR || after === SLASH || after === GT)) break;
    const element = caseElementEnd(text, end);
    if (element < 0) break;
    const next = skipSpace(text, element);
    // Line breaks of a rejected element are not part of the run.
    lines = newlines;
    start = lineStart;
    end = next;
    cases++;
  }
  return { end, cases, newlines: lines, lineStart: start };
}

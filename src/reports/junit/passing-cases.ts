/**
 * The fast path for the bulk of a big report: runs of passing cases written as empty elements,
 * `<testcase name="…" time="…"/>` or `<testcase …></testcase>`, that are only counted (one report,
 * no passing ids wanted, see `JUnitReader`). For those, tokenizing every character through saxes
 * costs more than everything else the reader does; a plain scan that checks the same XML rules
 * saxes would (attribute syntax, quoting, no duplicate attribute, only characters XML allows, no
 * `<` or entity reference in a value) is several times faster. Anything else, or anything in doubt
 * (an entity reference, a CR not followed by LF, a non-ASCII attribute name, a surrogate, an
 * element cut by the end of the chunk, a `status` or `result` that says the case did not run: see
 * `notRunAttribute`), ends the run: saxes reads it as usual and reports any
 * problem with its position, which the scan keeps exact (see `ScannedRun`).
 *
 * Most elements are matched whole by a regex for the attribute names the report's previous plain
 * element had (see `learnShape`); the rest by a regex for any plain element and a walk of its
 * names (the duplicate check), and what neither takes by a character loop (line breaks, tabs,
 * `></testcase>`), which is the reference the other two are narrower than.
 */

import { notRunAttribute } from './dialects.js';

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
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 95 ||
    c === 58 ||
    c === 45 ||
    c === 46
  );
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

/**
 * The common element, `<testcase a="…" b='…'/>` on one line with plain values, matched whole:
 * attributes separated by spaces or tabs, values without a line break, tab, `<`, `&`, control
 * character, surrogate or U+FFFE/FFFF. Anything else is left to `caseElementEnd`'s loop.
 */
const PLAIN_ELEMENT =
  /<testcase(?:[ \t]+[A-Za-z_:][-\w.:]*[ \t]*=[ \t]*(?:"[^"<&\x00-\x1f\ud800-\udfff\ufffe\uffff]*"|'[^'<&\x00-\x1f\ud800-\udfff\ufffe\uffff]*'))*[ \t]*\/>/y;

/**
 * Index after the element at `at` when `PLAIN_ELEMENT` matches it and it has no duplicate
 * attribute and no more attributes or characters than `caseElementEnd` takes; -1 otherwise (the
 * loop then decides). The regex vouched for the syntax and the values: only the names are walked.
 */
function plainElementEnd(text: string, at: number): number {
  if (sameShape !== undefined) {
    sameShape.lastIndex = at;
    if (sameShape.test(text) && sameShape.lastIndex - at <= MAX_ELEMENT_CHARS) return sameShape.lastIndex;
  }
  PLAIN_ELEMENT.lastIndex = at;
  if (!PLAIN_ELEMENT.test(text)) return -1;
  const end = PLAIN_ELEMENT.lastIndex;
  if (end - at > MAX_ELEMENT_CHARS) return -1;
  let i = at + OPEN.length;
  let names = 0;
  for (;;) {
    let c = text.charCodeAt(i);
    while (c === SPACE || c === TAB) c = text.charCodeAt(++i);
    if (c === SLASH) {
      learnShape(text, names);
      return end;
    }
    if (names === MAX_NAMES) return -1;
    // The name ends at `=` or at the spaces before it (the regex allows nothing else there).
    const start = i;
    const eq = text.indexOf('=', i);
    let nameEnd = eq;
    while (text.charCodeAt(nameEnd - 1) === SPACE || text.charCodeAt(nameEnd - 1) === TAB) nameEnd--;
    if (sameName(text, names, start, nameEnd)) return -1;
    nameStarts[names] = start;
    nameEnds[names] = nameEnd;
    names++;
    // Past the opening quote, then past the closing one.
    i = eq + 1;
    c = text.charCodeAt(i);
    while (c !== DQUOTE && c !== SQUOTE) c = text.charCodeAt(++i);
    const valueStart = i + 1;
    i = text.indexOf(c === DQUOTE ? '"' : "'", valueStart) + 1;
    if (saysNotRun(text, start, nameEnd, valueStart, i - 1)) return -1;
  }
}

/** Whether the attribute at [nameStart, nameEnd) with the value [valueStart, valueEnd) says the case did not run. */
function saysNotRun(text: string, nameStart: number, nameEnd: number, valueStart: number, valueEnd: number): boolean {
  const length = nameEnd - nameStart;
  if (length !== 6 || !(text.startsWith('status', nameStart) || text.startsWith('result', nameStart))) return false;
  return notRunAttribute(text.slice(nameStart, nameEnd), text.slice(valueStart, valueEnd));
}

/**
 * A regex for plain elements with exactly the attribute names of the last one walked, in the same
 * order (a report writes every passing case alike: pytest `classname name file line time`,
 * jest-junit `classname name time`): an element it matches has no duplicate attribute and no
 * more attributes than that one, so the names need no walk.
 */
let sameShape: RegExp | undefined;
let shape = '';

function learnShape(text: string, names: number): void {
  let key = '';
  for (let k = 0; k < names; k++) key += `${text.slice(nameStarts[k], nameEnds[k])} `;
  if (key === shape) return;
  shape = key;
  // Their values matter (see `saysNotRun`): such elements are walked one by one.
  if (key.startsWith('status ') || key.startsWith('result ') || / (?:status|result) /.test(key)) {
    sameShape = undefined;
    return;
  }
  const value = (q: string) => `${q}[^${q}<&\\x00-\\x1f\\ud800-\\udfff\\ufffe\\uffff]*${q}`;
  const attributes = key
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((name) => `[ \\t]+${name.replace(/\./g, '\\.')}[ \\t]*=[ \\t]*(?:${value('"')}|${value("'")})`)
    .join('');
  sameShape = new RegExp(`<testcase${attributes}[ \\t]*\\/>`, 'y');
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
    const valueStart = i + 1;
    // The common value, without a line break, tab or anything in doubt, in one regex step.
    const plain = quote === DQUOTE ? PLAIN_DOUBLE : PLAIN_SINGLE;
    plain.lastIndex = valueStart;
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
    if (saysNotRun(text, start, nameEnds[names - 1]!, valueStart, i)) return -1;
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
    let element = plainElementEnd(text, end);
    if (element < 0) element = caseElementEnd(text, end);
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

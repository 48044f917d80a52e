/**
 * One line of a JavaScript stack, as V8 and the JS test runners print it, read into a RawFrame;
 * and the `Type [code]: message` line that heads an error. Callers pass single lines that are
 * already ANSI-stripped and bounded in length; nothing here uses a regex that can backtrack.
 *
 * Forms read (deepest frame first, as V8 prints them):
 *   at fn (/abs/path.js:12:5)            at /abs/path.js:12:5          at async fn (file:///a%20b/x.mjs:3:1)
 *   at new Cart (src/cart.js:14:13)      at Object.<anonymous> (C:\\x\\y.js:1:2)
 *   at node:internal/timers:574:21       at JSON.parse (<anonymous>)   at async Promise.all (index 0)
 *   at eval (eval at run (/a.js:3:9), <anonymous>:1:1)               at fn (webpack://app/./src/a.js:4:2)
 *   ❯ fn src/x.ts:12:5   ❯ src/x.ts:12:5        (vitest's own stack lines, in logs and JUnit bodies)
 *   fn (/abs/path.js:12:5)                       (node:test's TAP `stack:` block: no `at`)
 */
import type { RawFrame } from './log-parser.js';

/** Longest function name kept; longer ones are generated code, not something a person wrote. */
const MAX_FUNCTION_CHARS = 200;
/** eval frames nest (`eval at a (eval at b (...))`); real ones are shallow. */
const MAX_EVAL_DEPTH = 4;

export interface StackLocation {
  file: string;
  line: number;
  column?: number;
}

/**
 * Read `path:line[:column]` from the end of a location. `file://` URLs become paths with their
 * percent-encoding decoded (`file:///C:/x` → `C:/x`); Windows paths, `node:` specifiers,
 * `webpack://` and http(s) URLs stay as printed (a `?query` before the line number is dropped).
 * Returns undefined for locations without a line (`<anonymous>`, `native`, `index 0`).
 */
export function parseStackLocation(text: string, depth = 0): StackLocation | undefined {
  let loc = text.trim();
  if (loc.startsWith('eval at ')) return depth < MAX_EVAL_DEPTH ? parseEvalOrigin(loc, depth) : undefined;
  const last = readTrailingNumber(loc);
  if (!last) return undefined;
  loc = loc.slice(0, last.start);
  let line = last.value;
  let column: number | undefined;
  const before = readTrailingNumber(loc);
  if (before) {
    loc = loc.slice(0, before.start);
    column = line;
    line = before.value;
  }
  let file = loc;
  // vite and webpack dev servers add `?t=123` / `?v=abc` cache busters to module URLs.
  const query = file.indexOf('?');
  if (query > 0 && /^[a-z][a-z0-9+.-]*:\/\//i.test(file)) file = file.slice(0, query);
  if (/^file:\/\//i.test(file)) file = pathFromFileUrl(file);
  // A line number too long to be one (readTrailingNumber takes at most 9 digits) is not a location.
  if (!file || line < 1 || /:\d{10,}$/.test(file)) return undefined;
  return column !== undefined && column >= 1 ? { file, line, column } : { file, line };
}

/** `:123` at the very end of `s`: its value and where the colon is; undefined if there is none. */
function readTrailingNumber(s: string): { value: number; start: number } | undefined {
  let i = s.length;
  while (i > 0 && s.charCodeAt(i - 1) >= 48 && s.charCodeAt(i - 1) <= 57) i--;
  const digits = s.length - i;
  if (digits === 0 || digits > 9 || i === 0 || s[i - 1] !== ':') return undefined;
  return { value: Number(s.slice(i)), start: i - 1 };
}

/** `file:///tmp/a%20b/x.mjs` → `/tmp/a b/x.mjs`; `file:///C:/x` → `C:/x`; `file://host/s` → `//host/s`. */
export function pathFromFileUrl(url: string): string {
  let p = url.replace(/^file:\/\//i, '');
  const hash = p.indexOf('#');
  if (hash >= 0) p = p.slice(0, hash);
  try {
    p = decodeURIComponent(p);
  } catch {
    // A stray `%` that is not an escape: keep the text as printed.
  }
  if (/^\/[A-Za-z]:[\\/]/.test(p)) return p.slice(1);
  return p.startsWith('/') ? p : `//${p}`;
}

/** `eval at fn (LOCATION), <anonymous>:1:1`: the code was eval'd at LOCATION, the user's call site. */
function parseEvalOrigin(text: string, depth: number): StackLocation | undefined {
  const open = text.indexOf('(');
  if (open < 0) return undefined;
  const close = matchingParen(text, open);
  if (close < 0) return undefined;
  return parseStackLocation(text.slice(open + 1, close), depth + 1);
}

function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Where the `(` that matches the final `)` of `text` is, or -1. */
function openingParenOfLast(text: string): number {
  let depth = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text[i];
    if (c === ')') depth++;
    else if (c === '(' && --depth === 0) return i;
  }
  return -1;
}

/** Locations V8 prints for frames that have no source position: a frame, but nothing to point at. */
const NO_LOCATION = /^(?:<anonymous>|native|index \d+|unknown location|<unknown>|\[native code\])$/;

/**
 * The part of a V8 frame after `at `: `fn (location)` or a bare `location`.
 * Returns a frame, `null` for a frame with no source position (`JSON.parse (<anonymous>)`), or
 * undefined when the text is not a frame at all.
 */
export function parseFrameBody(body: string): RawFrame | null | undefined {
  let text = body.trim();
  if (text.endsWith(' {')) text = text.slice(0, -2).trimEnd(); // node's inspect: properties follow
  // `async fn (loc)` and `async loc` mark an await point, not a different function.
  if (text.startsWith('async ')) text = text.slice(6).trimStart();
  if (!text) return undefined;
  let fn: string | undefined;
  let location = text;
  if (text.endsWith(')')) {
    const open = openingParenOfLast(text);
    if (open > 0 && text[open - 1] === ' ') {
      fn = text.slice(0, open - 1).trim();
      location = text.slice(open + 1, -1);
    } else if (open === 0) {
      location = text.slice(1, -1);
    }
  }
  if (NO_LOCATION.test(location.trim()) || (fn === undefined && NO_LOCATION.test(text))) return null;
  const loc = parseStackLocation(location);
  if (!loc) return undefined;
  const frame: RawFrame = { file: loc.file, line: loc.line };
  if (loc.column !== undefined) frame.column = loc.column;
  const name = functionName(fn);
  if (name) frame.function = name;
  return frame;
}

function functionName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  return name.length > MAX_FUNCTION_CHARS ? name.slice(0, MAX_FUNCTION_CHARS) : name;
}

/**
 * A V8 stack line: `at …` after any indentation. Returns a frame, `null` for a frame without a
 * source position, or undefined when the line is not a stack frame.
 */
export function parseV8FrameLine(line: string): RawFrame | null | undefined {
  const text = line.trimStart();
  if (!text.startsWith('at ')) return undefined;
  return parseFrameBody(text.slice(3));
}

/**
 * vitest's stack line: `❯ fn path:line:col` or `❯ path:line:col` (the function is optional and
 * may contain spaces, `new Cart`; the path may too). The path starts at the first word that looks
 * like one: it has a slash, a scheme, or it is the last word.
 */
export function parseVitestFrameLine(line: string): RawFrame | undefined {
  const text = line.trim();
  if (!text.startsWith('❯ ')) return undefined;
  const words = text.slice(2).trim().split(' ');
  let at = words.findIndex((w) => /[\\/]/.test(w) || /^[a-z][a-z0-9+.-]*:/i.test(w));
  if (at < 0) at = words.length - 1;
  const loc = parseStackLocation(words.slice(at).join(' '));
  if (!loc) return undefined;
  const frame: RawFrame = { file: loc.file, line: loc.line };
  if (loc.column !== undefined) frame.column = loc.column;
  const name = functionName(words.slice(0, at).join(' '));
  if (name) frame.function = name;
  return frame;
}

export interface ErrorHeader {
  /** The error's class, or the name in brackets when node prints `Error [CartError]`. */
  type: string;
  /** A node error code (`ERR_ASSERTION`, `ERR_TEST_FAILURE`), when printed in brackets. */
  code?: string;
  /** The first line of the message (possibly empty: it may continue on the next lines). */
  message: string;
}

/*
 * `Name: message`, `Name [CODE]: message`, `Uncaught Name: message`. A dotted name is allowed
 * (`errors.NotFound: x`). The parts have disjoint character classes: no backtracking.
 */
const ERROR_HEADER = /^(?:Uncaught )?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(?: \[([^\]]{1,80})\])?:(?: (.*))?$/;
/** Only names that say they are errors: `Expected: 30` or `Received: 10` must not read as one. */
const ERROR_NAME = /(?:Error|Exception|Failure|Rejection|Fault)$/;
const ERROR_CODE = /^[A-Z][A-Z0-9_]*$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Read a line that heads an error (`TypeError: x`, `AssertionError [ERR_ASSERTION]: x`). */
export function parseErrorHeader(line: string): ErrorHeader | undefined {
  const m = ERROR_HEADER.exec(line.trim());
  if (!m) return undefined;
  const name = m[1]!;
  const bracket = m[2];
  const message = m[3] ?? '';
  if (bracket !== undefined) {
    // node prints the name property in brackets when it differs from the class: `Error [CartError]`;
    // and a code there when it has one: `AssertionError [ERR_ASSERTION]`.
    // node:test passes errors between processes, so a custom class can come back as a plain Error
    // that keeps its name (`Error [CartError]`), or the other way round (`SyntaxError [Error]`,
    // Node 20). The specific one of the two is the error's type.
    if (ERROR_CODE.test(bracket)) return ERROR_NAME.test(name) ? { type: name, code: bracket, message } : undefined;
    if (!IDENTIFIER.test(bracket) || !(ERROR_NAME.test(name) || ERROR_NAME.test(bracket))) return undefined;
    return { type: bracket === 'Error' ? name : bracket, message };
  }
  return ERROR_NAME.test(name) ? { type: name, message } : undefined;
}

/**
 * JavaScript/TypeScript failures in test logs: vitest, jest, mocha, node:test (spec and TAP) and
 * bare V8 errors (a crashed script, a JUnit <failure> body). Each runner's failure header names
 * the test; the error under it is read by `readErrorBlock`; frames come out outermost first.
 *
 * | runner    | failure header                                  | test hint                    |
 * |-----------|-------------------------------------------------|------------------------------|
 * | vitest    | ` FAIL  test/a.test.ts > Cart > adds`           | file + `Cart > adds`         |
 * | jest      | `FAIL test/a.test.js` … `  ● Cart › adds`       | file (from FAIL) + name      |
 * | mocha     | after `N failing`: `  1) Cart` / `       adds:` | `Cart > adds`                |
 * | node:test | `test at a.test.ts:9:5` / `✖ adds (1ms)`        | file + line + suite path     |
 * | TAP       | `not ok 1 - adds` + YAML `location:`            | file + line + subtest path   |
 *
 * Describe paths are joined with ` > ` whatever the runner's separator (`›` for jest).
 * Untrusted input: the log is bounded (its tail is kept), every line is cut to a fixed length
 * before any pattern sees it, and no pattern can backtrack.
 */
import type { LogFailure, LogParser } from './log-parser.js';
import { readErrorBlock, startsError } from './js-error-block.js';
import { stripAnsi } from '../../text/untrusted-text.js';
import { clip, splitLines, stripLogPrefix } from './log-text.js';
import { parseTapFailures, readTestAt, readTreeLine, SpecTree } from './node-test-output.js';
import { parseStackLocation, parseV8FrameLine, parseVitestFrameLine, type StackLocation } from './v8-stack.js';

/** The tail of a longer log is read: runners print their failure summaries last. */
export const MAX_LOG_CHARS = 32 * 1024 * 1024;
/** Lines are cut to this before parsing: no real header or frame is longer. */
export const MAX_LINE_CHARS = 4096;
export const MAX_FAILURES = 1000;
const MAX_NAME_CHARS = 500;
const MAX_PATH_CHARS = 1000;
/** mocha prints one title line per describe level; deeper is not a title. */
const MAX_MOCHA_TITLE_LINES = 32;
/** How much of a huge log `detect` looks at, from each end. */
const DETECT_WINDOW_CHARS = 512 * 1024;

const JS_FILE = /\.(?:[cm]?[jt]sx?|vue|svelte)$/i;

type TestHint = NonNullable<LogFailure['test']>;

interface Header {
  /** Line of the header itself. */
  line: number;
  /** First line of the error under it. */
  body: number;
  test?: TestHint;
  kind?: 'failure' | 'error';
  /** Where to look for vitest's "This error originated in …" notes (unhandled errors). */
  unhandled?: boolean;
}

export const javascriptLogParser: LogParser = {
  language: 'javascript',
  detect: detectJavaScript,
  parse: parseJavaScriptLog,
};

/** Cheap check for the registry: a JS runner's marker or a V8 frame in a JS/TS file. */
export function detectJavaScript(log: string): boolean {
  const sample =
    log.length > 2 * DETECT_WINDOW_CHARS
      ? `${log.slice(0, DETECT_WINDOW_CHARS)}\n${log.slice(-DETECT_WINDOW_CHARS)}`
      : log;
  const { lines } = prepareLines(sample);
  for (const line of lines) {
    const t = line.trim();
    if (/^FAIL\s.* > /.test(t) || t.startsWith('● ') || t === '✖ failing tests:') return true;
    if (/^\d+ failing\b/.test(t) || t.includes('[ERR_ASSERTION]')) return true;
    // node:test's TAP: `location: '/abs/test/a.test.js:9:5'` in a failing test's YAML block.
    if (t.startsWith("location: '") && JS_FILE.test(parseStackLocation(t.slice(11, -1))?.file ?? '')) return true;
    const frame = parseV8FrameLine(line) ?? parseVitestFrameLine(line);
    if (frame && (JS_FILE.test(frame.file) || frame.file.startsWith('node:'))) return true;
  }
  return false;
}

export function parseJavaScriptLog(log: string): LogFailure[] {
  const { lines, offset } = prepareLines(log);
  const headers = findHeaders(lines);
  const failures: LogFailure[] = [];
  const seen = new Set<string>();
  const add = (f: LogFailure): void => {
    const key = JSON.stringify([f.test?.name, f.test?.file, f.exceptionType, f.message, f.frames.slice(-3)]);
    if (seen.has(key) || failures.length >= MAX_FAILURES) return;
    seen.add(key);
    failures.push(f);
  };

  for (let h = 0; h < headers.length; h++) {
    const header = headers[h]!;
    const end = headers[h + 1]?.line ?? lines.length;
    const block = readErrorBlock(lines, header.body, end);
    if (!block.message && block.frames.length === 0 && !header.test) continue;
    const failure: LogFailure = {
      language: 'javascript',
      message: block.message,
      frames: block.frames,
      logLines: { start: offset + header.line + 1, end: offset + Math.max(block.last, header.line) + 1 },
    };
    if (block.exceptionType) failure.exceptionType = block.exceptionType;
    const test = header.unhandled ? unhandledOrigin(lines, block.last + 1, end) : header.test;
    if (test) failure.test = test;
    if (header.kind) failure.kind = header.kind;
    addTimeoutFile(failure);
    add(failure);
  }

  for (const tap of parseTapFailures(lines, offset, MAX_FAILURES)) add(tap);

  // Without any runner's header, the log may still hold a bare error: a crashed script, or the
  // body of a JUnit <failure>. Once a runner is recognised, bare errors are console noise.
  if (failures.length === 0) for (const bare of findBareErrors(lines, offset)) add(bare);
  return failures;
}

/** ANSI-stripped, timestamp-free, length-bounded lines, and how many lines were cut from the front. */
function prepareLines(log: string): { lines: string[]; offset: number } {
  let text = log;
  let offset = 0;
  if (text.length > MAX_LOG_CHARS) {
    let cut = text.length - MAX_LOG_CHARS;
    const nl = text.indexOf('\n', cut);
    cut = nl < 0 ? cut : nl + 1;
    for (let i = text.indexOf('\n'); i >= 0 && i < cut; i = text.indexOf('\n', i + 1)) offset++;
    text = text.slice(cut);
  }
  const lines = splitLines(stripAnsi(text));
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (line.length > MAX_LINE_CHARS) line = line.slice(0, MAX_LINE_CHARS);
    lines[i] = stripLogPrefix(line);
  }
  return { lines, offset };
}

/** A test hint with what is known, or undefined when nothing is (jest output without its FAIL line). */
function hint(name: string | undefined, file?: string, line?: number): TestHint | undefined {
  if (!name && !file) return undefined;
  const t: TestHint = {};
  if (name) t.name = clip(name, MAX_NAME_CHARS);
  if (file) t.file = clip(file, MAX_PATH_CHARS);
  if (line !== undefined) t.line = line;
  return t;
}

/** One pass over the log, recognising every runner's failure headers. */
function findHeaders(lines: readonly string[]): Header[] {
  const headers: Header[] = [];
  const spec = new SpecTree();
  let jestFile: string | undefined;
  let mochaEpilogue = false;
  let inFailingTests = false;
  let testAt: { line: number; location: StackLocation } | undefined;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const t = line.trim();
    if (t === '') continue;

    // vitest: ` FAIL  test/a.test.ts > Cart > adds`, or `[ file ]` when the file itself failed.
    // jest:   `FAIL test/a.test.js` before that file's `●` failures.
    if (t.startsWith('FAIL ')) {
      const rest = t
        .slice(5)
        .trim()
        .replace(/^\|[^|]{1,100}\|\s+/, ''); // vitest project label
      const sep = rest.indexOf(' > ');
      if (sep > 0) {
        const names = rest.slice(sep + 3).split(' > ');
        headers.push({ line: i, body: i + 1, test: hint(names.join(' > '), rest.slice(0, sep)), kind: 'failure' });
      } else if (/ \[ .+ \]$/.test(rest)) {
        headers.push({
          line: i,
          body: i + 1,
          test: hint(undefined, rest.slice(0, rest.indexOf(' [ '))),
          kind: 'error',
        });
      } else {
        jestFile = rest.replace(/ \(\d+(?:\.\d+)? m?s\)$/, '');
      }
      continue;
    }
    // vitest's unhandled errors: a `⎯⎯ Unhandled Errors ⎯⎯` section (its own text is no error), then
    // one rule per error: `⎯⎯ Uncaught Exception ⎯⎯`, `⎯⎯ Unhandled Rejection ⎯⎯`, `⎯⎯ Unhandled Error ⎯⎯`.
    if (/^⎯+ (?:Uncaught Exception|Unhandled Rejection|Unhandled Error) ⎯+$/.test(t)) {
      headers.push({ line: i, body: i + 1, kind: 'error', unhandled: true });
      continue;
    }

    // jest: `● Cart › total › adds`; `● Test suite failed to run`; `● Console` is console output.
    if (t.startsWith('● ')) {
      const title = t.slice(2).trim();
      if (title === 'Console' || title.startsWith('Console ')) continue;
      if (title === 'Test suite failed to run') {
        headers.push({ line: i, body: i + 1, test: hint(undefined, jestFile), kind: 'error' });
      } else {
        headers.push({ line: i, body: i + 1, test: hint(title.split(' › ').join(' > '), jestFile), kind: 'failure' });
      }
      continue;
    }

    // mocha: the numbered failures follow `N failing`; the title is one line per describe level,
    // the last ending with `:`.
    if (/^\d+ passing\b/.test(t)) mochaEpilogue = false;
    if (/^\d+ failing\b/.test(t)) {
      mochaEpilogue = true;
      continue;
    }
    if (mochaEpilogue) {
      const m = /^\s*\d+\) (.*)$/.exec(line);
      if (m) {
        const title = [m[1]!.trim()];
        let j = i;
        while (
          !title[title.length - 1]!.endsWith(':') &&
          j + 1 < lines.length &&
          title.length < MAX_MOCHA_TITLE_LINES
        ) {
          const next = lines[j + 1]!.trim();
          if (next === '') break;
          title.push(next);
          j++;
        }
        const last = title[title.length - 1]!;
        if (last.endsWith(':')) {
          title[title.length - 1] = last.slice(0, -1);
          headers.push({ line: i, body: j + 1, test: hint(title.join(' > ')), kind: 'failure' });
          i = j;
          continue;
        }
      }
    }

    // node:test spec: `test at file:line:col` then `✖ name (1ms)` with the error indented under it.
    const at = readTestAt(line);
    if (at) {
      testAt = { line: i, location: at };
      continue;
    }
    if (t === '✖ failing tests:') {
      inFailingTests = true;
      continue;
    }
    const tree = readTreeLine(line);
    if (tree) {
      // The failing-tests section holds only `✖` entries: any other tree line is a new run's tree.
      if (tree.marker === '▶' || tree.marker === '✔' || tree.marker === '﹣') inFailingTests = false;
      const hasBody = tree.marker === '✖' && hasIndentedBody(lines, i, tree.indent);
      if (!inFailingTests) {
        const path = spec.observe(tree, hasBody ? headers.length : undefined);
        if (hasBody) headers.push({ line: i, body: i + 1, test: hint(path.join(' > ')), kind: 'failure' });
      } else if (hasBody) {
        const location = testAt && testAt.line === previousNonBlank(lines, i) ? testAt.location : undefined;
        const leaf = spec.claim(tree.name);
        const earlier = leaf?.header !== undefined ? headers[leaf.header] : undefined;
        if (earlier?.test) {
          // Node 20 printed this error in the tree already: only the location is new.
          if (location) Object.assign(earlier.test, { file: clip(location.file, MAX_PATH_CHARS), line: location.line });
        } else {
          const name = (leaf?.path ?? [tree.name]).join(' > ');
          headers.push({ line: i, body: i + 1, test: hint(name, location?.file, location?.line), kind: 'failure' });
        }
      }
      continue;
    }
  }
  return headers;
}

/** Is the next non-blank line indented deeper than `indent`, and not a tree line or a bare count? */
function hasIndentedBody(lines: readonly string[], i: number, indent: number): boolean {
  for (let j = i + 1; j < lines.length && j <= i + 3; j++) {
    const line = lines[j]!;
    if (line.trim() === '') continue;
    const deeper = line.length - line.trimStart().length > indent;
    // Node 20 printed `'1 subtest failed'` under a suite whose tests failed: not an error of its own.
    return deeper && !readTreeLine(line) && !/^'\d+ subtests? failed'$/.test(line.trim());
  }
  return false;
}

function previousNonBlank(lines: readonly string[], i: number): number {
  let j = i - 1;
  while (j >= 0 && lines[j]!.trim() === '') j--;
  return j;
}

/**
 * vitest's unhandled errors name no test in their header; below the error it says
 * `This error originated in "test/a.test.ts" test file.` and `The last test to run before this
 * error was "adds".` (before vitest 4: `The latest test that might've caused the error is "adds".`)
 */
function unhandledOrigin(lines: readonly string[], from: number, end: number): TestHint | undefined {
  let file: string | undefined;
  let name: string | undefined;
  for (let i = from; i < end && i < from + 20; i++) {
    const line = lines[i]!;
    file ??= /originated in "([^"]{1,1000})" test file/.exec(line)?.[1];
    name ??=
      /(?:The latest test that might've caused the error is|The last test to run before this error was) "([^"]{1,1000})"/.exec(
        line,
      )?.[1];
  }
  return file || name ? hint(name, file) : undefined;
}

/** mocha's timeout names the test file in its message: `… ensure it resolves. (/abs/test/a.spec.js)`. */
function addTimeoutFile(failure: LogFailure): void {
  if (failure.test?.file || !failure.message.startsWith('Timeout of ')) return;
  const m = /\(([^()\n]{1,1000})\)$/.exec(failure.message);
  if (m && JS_FILE.test(m[1]!)) failure.test = { ...failure.test, file: m[1]! };
}

/** Errors with a stack and no runner header: `TypeError: x` followed by frames. */
function findBareErrors(lines: readonly string[], offset: number): LogFailure[] {
  const failures: LogFailure[] = [];
  for (let i = 0; i < lines.length && failures.length < MAX_FAILURES; i++) {
    if (!startsError(lines[i]!)) continue;
    const block = readErrorBlock(lines, i, lines.length, { bare: true });
    if (block.frameCount === 0) continue;
    const failure: LogFailure = {
      language: 'javascript',
      message: block.message,
      frames: block.frames,
      logLines: { start: offset + i + 1, end: offset + block.last + 1 },
    };
    if (block.exceptionType) failure.exceptionType = block.exceptionType;
    failures.push(failure);
    i = Math.max(i, block.last);
  }
  return failures;
}

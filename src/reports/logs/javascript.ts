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
import { clip } from './log-text.js';
import { MAX_LOG_CHARS, MAX_STRUCTURAL_LINE, readLogLines } from './traceback-bounds.js';
import { runSteps } from './line-reader.js';
import { parseTapFailures, readTestAt, readTreeLine, SpecTree, type TreeLine } from './node-test-output.js';
import { parseStackLocation, parseV8FrameLine, parseVitestFrameLine, type StackLocation } from './v8-stack.js';

/** The tail of a longer log is read: runners print their failure summaries last. */
export { MAX_LOG_CHARS };
/** Lines are cut to this before parsing: no real header or frame is longer. */
const MAX_LINE_CHARS = MAX_STRUCTURAL_LINE;
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
  const { lines, firstLine } = readLogLines(log, MAX_LINE_CHARS);
  return { lines, offset: firstLine - 1 };
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
  return new HeaderFinder(lines).read();
}

/** The failure headers of every JavaScript runner, found in one pass over the log. */
class HeaderFinder {
  private readonly headers: Header[] = [];
  /** node:test's spec tree, for the suite path of each failing leaf. */
  private readonly spec = new SpecTree();
  /** The file of jest's last `FAIL file` line: its `●` failures follow. */
  private jestFile: string | undefined;
  /** After mocha's `N failing`: its numbered failures. */
  private mochaEpilogue = false;
  /** Inside node:test's `✖ failing tests:` section. */
  private inFailingTests = false;
  /** node:test's last `test at file:line:col`. */
  private testAt: { line: number; location: StackLocation } | undefined;

  constructor(private readonly lines: readonly string[]) {}

  read(): Header[] {
    runSteps(this.lines, [
      (i, line) => (line.trim() === '' ? i + 1 : undefined),
      (i, line) => this.failLine(i, line.trim()),
      (i, line) => this.vitestUnhandled(i, line.trim()),
      (i, line) => this.jestBullet(i, line.trim()),
      (i, line) => this.mochaCounts(i, line.trim()),
      (i, line) => this.mochaTitle(i, line),
      (i, line) => this.nodeTestAt(i, line),
      (i, line) => this.nodeFailingTests(i, line.trim()),
      (i, line) => this.nodeTreeLine(i, line),
    ]);
    return this.headers;
  }

  /**
   * vitest: ` FAIL  test/a.test.ts > Cart > adds`, or `[ file ]` when the file itself failed.
   * jest: `FAIL test/a.test.js` before that file's `●` failures.
   */
  private failLine(i: number, t: string): number | undefined {
    if (!t.startsWith('FAIL ')) return undefined;
    const rest = t
      .slice(5)
      .trim()
      .replace(/^\|[^|]{1,100}\|\s+/, ''); // vitest project label
    const sep = rest.indexOf(' > ');
    if (sep > 0) {
      const names = rest.slice(sep + 3).split(' > ');
      this.headers.push({ line: i, body: i + 1, test: hint(names.join(' > '), rest.slice(0, sep)), kind: 'failure' });
    } else if (/ \[ .+ \]$/.test(rest)) {
      const file = rest.slice(0, rest.indexOf(' [ '));
      this.headers.push({ line: i, body: i + 1, test: hint(undefined, file), kind: 'error' });
    } else {
      this.jestFile = rest.replace(/ \(\d+(?:\.\d+)? m?s\)$/, '');
    }
    return i + 1;
  }

  /**
   * vitest's unhandled errors: a `⎯⎯ Unhandled Errors ⎯⎯` section (its own text is no error), then
   * one rule per error: `⎯⎯ Uncaught Exception ⎯⎯`, `⎯⎯ Unhandled Rejection ⎯⎯`, `⎯⎯ Unhandled Error ⎯⎯`.
   */
  private vitestUnhandled(i: number, t: string): number | undefined {
    if (!/^⎯+ (?:Uncaught Exception|Unhandled Rejection|Unhandled Error) ⎯+$/.test(t)) return undefined;
    this.headers.push({ line: i, body: i + 1, kind: 'error', unhandled: true });
    return i + 1;
  }

  /** jest: `● Cart › total › adds`; `● Test suite failed to run`; `● Console` is console output. */
  private jestBullet(i: number, t: string): number | undefined {
    if (!t.startsWith('● ')) return undefined;
    const title = t.slice(2).trim();
    if (title === 'Console' || title.startsWith('Console ')) return i + 1;
    if (title === 'Test suite failed to run') {
      this.headers.push({ line: i, body: i + 1, test: hint(undefined, this.jestFile), kind: 'error' });
    } else {
      const name = title.split(' › ').join(' > ');
      this.headers.push({ line: i, body: i + 1, test: hint(name, this.jestFile), kind: 'failure' });
    }
    return i + 1;
  }

  /** mocha's `N passing` ends a failures list, `N failing` starts one. */
  private mochaCounts(i: number, t: string): number | undefined {
    if (/^\d+ passing\b/.test(t)) this.mochaEpilogue = false;
    if (!/^\d+ failing\b/.test(t)) return undefined;
    this.mochaEpilogue = true;
    return i + 1;
  }

  /** mocha: `  1) Cart` / `       adds:`, one title line per describe level, the last ending with `:`. */
  private mochaTitle(i: number, line: string): number | undefined {
    const m = this.mochaEpilogue ? /^\s*\d+\) (.*)$/.exec(line) : null;
    if (!m) return undefined;
    const lines = this.lines;
    const title = [m[1]!.trim()];
    let j = i;
    while (!title[title.length - 1]!.endsWith(':') && j + 1 < lines.length && title.length < MAX_MOCHA_TITLE_LINES) {
      const next = lines[j + 1]!.trim();
      if (next === '') break;
      title.push(next);
      j++;
    }
    const last = title[title.length - 1]!;
    if (!last.endsWith(':')) return undefined;
    title[title.length - 1] = last.slice(0, -1);
    this.headers.push({ line: i, body: j + 1, test: hint(title.join(' > ')), kind: 'failure' });
    return j + 1;
  }

  /** node:test: `test at file:line:col` before a failing test of the `failing tests:` section. */
  private nodeTestAt(i: number, line: string): number | undefined {
    const at = readTestAt(line);
    if (!at) return undefined;
    this.testAt = { line: i, location: at };
    return i + 1;
  }

  private nodeFailingTests(i: number, t: string): number | undefined {
    if (t !== '✖ failing tests:') return undefined;
    this.inFailingTests = true;
    return i + 1;
  }

  /** node:test spec: a tree line; a `✖` one with the error indented under it is a failure header. */
  private nodeTreeLine(i: number, line: string): number | undefined {
    const tree = readTreeLine(line);
    if (!tree) return undefined;
    // The failing-tests section holds only `✖` entries: any other tree line is a new run's tree.
    if (tree.marker === '▶' || tree.marker === '✔' || tree.marker === '﹣') this.inFailingTests = false;
    const hasBody = tree.marker === '✖' && hasIndentedBody(this.lines, i, tree.indent);
    if (!this.inFailingTests) {
      const path = this.spec.observe(tree, hasBody ? this.headers.length : undefined);
      if (hasBody) this.headers.push({ line: i, body: i + 1, test: hint(path.join(' > ')), kind: 'failure' });
    } else if (hasBody) {
      this.failingTestsEntry(i, tree);
    }
    return i + 1;
  }

  /** An entry of the `failing tests:` section: its suite path from the tree, its location from `test at`. */
  private failingTestsEntry(i: number, tree: TreeLine): void {
    const testAt = this.testAt;
    const location = testAt && testAt.line === previousNonBlank(this.lines, i) ? testAt.location : undefined;
    const leaf = this.spec.claim(tree.name);
    const earlier = leaf?.header !== undefined ? this.headers[leaf.header] : undefined;
    if (earlier?.test) {
      // Node 20 printed this error in the tree already: only the location is new.
      if (location) Object.assign(earlier.test, { file: clip(location.file, MAX_PATH_CHARS), line: location.line });
    } else {
      const name = (leaf?.path ?? [tree.name]).join(' > ');
      this.headers.push({ line: i, body: i + 1, test: hint(name, location?.file, location?.line), kind: 'failure' });
    }
  }
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

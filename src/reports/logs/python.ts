/**
 * Python test logs: pytest (every `--tb` style, `-l/--showlocals`, collection errors, the short
 * summary), `python -m unittest`, and bare interpreter tracebacks anywhere in a log.
 *
 * What ties a failure to its test:
 * - pytest: the `____ TestClass.test_name ____` section header, completed with the node id from
 *   the `FAILED tests/test_x.py::TestClass::test_name - msg` summary line when there is one
 *   (`test.id` is the node id, `test.classname` the dotted module and class as pytest's JUnit
 *   writes it). `--tb=line` prints no headers: its failures are paired, in order, with the
 *   summary lines of the same kind when the counts agree.
 * - unittest: the `FAIL: test_x (tests.test_mod.TestCase.test_x)` header.
 * Chained exceptions: see python-chain.ts (the reported exception is the last one printed; the
 * frames are the cause's where the last one only translated it).
 * Locals: per frame (`RawFrame.locals`); `LogFailure.locals` are those of the deepest frame that
 * printed some and is not obviously library code (site-packages, the standard library, frozen
 * importlib): a convenience for readers of the log alone, `frames/` makes the real decision.
 */
import { resolvePythonChain, chainSeparator, type PySegment } from './python-chain.js';
import { parseELines, parsePytestEntries } from './pytest-entries.js';
import { isBlockRule, parseNativeTraceback, TRACEBACK_HEADER } from './python-traceback.js';
import { runSteps } from './line-reader.js';
import {
  boundFailure,
  type LogLines,
  MAX_FAILURES,
  MAX_MESSAGE_LINES,
  parseLineNumber,
  readLogLines,
  structuralHead,
} from './traceback-bounds.js';
import type { LogFailure, LogParser, RawFrame } from './log-parser.js';

type Region = 'failures' | 'errors' | 'summary' | undefined;

interface SummaryEntry {
  outcome: 'FAILED' | 'ERROR';
  nodeId: string;
  message?: string;
  line: number;
  used: boolean;
}

interface Parsed {
  failure: LogFailure;
  /** pytest section title (`TestC.test_x`, `ERROR collecting x.py`), to find its summary line. */
  title?: string;
  /** A `--tb=line` failure, paired with a summary line by order. */
  lineStyle?: 'failures' | 'errors';
}

const SECTION_HEADER = /^_{2,} (.+?) _{2,}$/;
const RULE_TITLE = /^={2,} (.+?) ={2,}$/;
const SUMMARY_LINE = /^(FAILED|ERROR) (.+)$/;
const UNITTEST_HEADER = /^(FAIL|ERROR): (\S+) \(([^()]*)\)(.*)$/;
/** `--tb=line`: `/abs/path/file.py:24: message`. */
const LINE_STYLE_LOCATION = /^(\S(?:.*?\S)?\.pyw?|<[^>]+>):(\d+): (.*)$/;

export const pythonLogParser: LogParser = {
  language: 'python',
  detect(log: string): boolean {
    return (
      log.includes('Traceback (most recent call last):') ||
      log.includes('test session starts') ||
      /\.py:\d+: |\.py::\w/.test(log)
    );
  },
  parse(log: string): LogFailure[] {
    return new PythonLogReader(readLogLines(log)).read().map(boundFailure);
  },
};

/** Reads one log: pytest's report regions and sections, unittest blocks, bare tracebacks. */
class PythonLogReader {
  private readonly found: Parsed[] = [];
  private readonly summary: SummaryEntry[] = [];
  /** The pytest report region the lines are in (after its `==== FAILURES ====` rule). */
  private region: Region;
  /** `--tb=line`: chain segments, `E` lines and the first line of those, since the last location line. */
  private pendingLine: PySegment[] = [];
  private pendingE: string[] = [];
  private pendingStart = -1;

  constructor(private readonly log: LogLines) {}

  read(): LogFailure[] {
    runSteps(
      this.log.lines,
      [
        (i, line) => this.regionRule(i, line),
        (i, line) => this.pytestSection(i, line),
        (i, line) => this.unittestBlock(i, line),
        (i, line) => this.traceback(i, line),
        (i, line) => this.summaryLine(i, line),
        (i, line) => this.lineStyleLine(i, line),
      ],
      { full: () => this.found.length >= MAX_FAILURES },
    );
    return this.finish();
  }

  private at(i: number): number {
    return i + this.log.firstLine;
  }

  /** `==== FAILURES ====`, `==== ERRORS ====`, `==== short test summary info ====`, any other rule. */
  private regionRule(i: number, line: string): number | undefined {
    const title = RULE_TITLE.exec(line);
    if (!title) return undefined;
    const t = title[1]!.trim();
    this.region =
      t === 'FAILURES'
        ? 'failures'
        : t === 'ERRORS'
          ? 'errors'
          : t === 'short test summary info'
            ? 'summary'
            : undefined;
    this.pendingLine = [];
    this.pendingE = [];
    return i + 1;
  }

  /** `____ TestC.test_x ____` and its body, up to the next section or rule. */
  private pytestSection(i: number, line: string): number | undefined {
    const header = SECTION_HEADER.exec(line);
    if (!header || /^(?:_ )+_?$/.test(line)) return undefined;
    const lines = this.log.lines;
    const end = sectionEnd(lines, i + 1);
    const p = parsePytestSection(lines, i, end, header[1]!);
    if (p) {
      p.failure.logLines = { start: this.at(i), end: this.at(lastContentLine(lines, i, end)) };
      this.found.push(p);
    }
    return end;
  }

  /** unittest's `FAIL: test_x (tests.test_mod.TestCase.test_x)` block. */
  private unittestBlock(i: number, line: string): number | undefined {
    const ut = UNITTEST_HEADER.exec(line);
    const lines = this.log.lines;
    if (!ut || !isUnittestBlockStart(lines, i + 1)) return undefined;
    const end = unittestBlockEnd(lines, i + 1);
    const failure = parseUnittestBlock(lines, i, end, ut);
    failure.logLines = { start: this.at(i), end: this.at(end - 1) };
    this.found.push({ failure });
    return end;
  }

  /** `Traceback (most recent call last):` anywhere, with the chain printed after it. */
  private traceback(i: number, line: string): number | undefined {
    if (!TRACEBACK_HEADER.test(line)) return undefined;
    const tb = parseNativeTraceback(this.log.lines, i, this.log.lines.length, false);
    const failure: LogFailure = { language: 'python', kind: 'failure', ...resolvePythonChain(tb.segments) };
    failure.logLines = { start: this.at(i), end: this.at(Math.max(i, tb.next - 1)) };
    addLocals(failure);
    this.found.push({ failure });
    return tb.next;
  }

  /** `FAILED tests/test_x.py::test_y - msg` in the short test summary. */
  private summaryLine(i: number, line: string): number | undefined {
    if (this.region !== 'summary') return undefined;
    const s = SUMMARY_LINE.exec(line);
    if (s)
      this.summary.push({ outcome: s[1] as 'FAILED' | 'ERROR', ...splitSummary(s[2]!), line: this.at(i), used: false });
    return i + 1;
  }

  /** `--tb=line`: `E` lines (and chain separators), closed by the crash location. */
  private lineStyleLine(i: number, line: string): number | undefined {
    const region = this.region;
    if (region !== 'failures' && region !== 'errors') return undefined;
    const raw = this.log.lines[i]!;
    if (/^E(?:\s|$)/.test(line)) {
      if (this.pendingStart < 0) this.pendingStart = i;
      if (this.pendingE.length < MAX_MESSAGE_LINES) this.pendingE.push(raw.slice(1));
    } else if (this.pendingE.length > 0 && /^\s+\S/.test(line)) {
      // pytest prints the continuation of a multi-line message without the `E`.
      if (this.pendingE.length < MAX_MESSAGE_LINES) this.pendingE.push(raw);
    } else if (chainSeparator(line)) {
      this.pendingLine.push({ ...segmentFromE(this.pendingE), linkToNext: chainSeparator(line)! });
      this.pendingE = [];
    } else {
      this.lineStyleLocation(i, line, region);
    }
    return i + 1;
  }

  /** `/abs/path/file.py:24: message`: the location that closes a `--tb=line` failure. */
  private lineStyleLocation(i: number, line: string, region: 'failures' | 'errors'): void {
    const loc = LINE_STYLE_LOCATION.exec(line);
    const lineNo = loc ? parseLineNumber(loc[2]!) : undefined;
    if (!loc || lineNo === undefined) return;
    const last = this.pendingE.length > 0 ? segmentFromE(this.pendingE) : segmentFromText(loc[3]!);
    last.frames = [{ file: loc[1]!, line: lineNo }];
    const failure: LogFailure = {
      language: 'python',
      kind: region === 'errors' ? 'error' : 'failure',
      ...resolvePythonChain([...this.pendingLine, last]),
    };
    failure.logLines = { start: this.at(this.pendingStart < 0 ? i : this.pendingStart), end: this.at(i) };
    this.found.push({ failure, lineStyle: region });
    this.pendingLine = [];
    this.pendingE = [];
    this.pendingStart = -1;
  }

  private finish(): LogFailure[] {
    const { lines, firstLine } = this.log;
    // A JUnit `<failure>` body is one section's text without its header: pytest's entries alone.
    if (this.found.length === 0 && this.summary.length === 0) {
      const body = parseBareEntries(lines, firstLine);
      if (body) this.found.push({ failure: body });
    }
    attachSummary(this.found, this.summary);
    const failures = this.found.map((p) => p.failure);
    // Summary lines no section explains (`--tb=no`, or a report cut short) still name a failure.
    for (const s of this.summary) {
      if (s.used || failures.length >= MAX_FAILURES) continue;
      failures.push({
        language: 'python',
        kind: s.outcome === 'ERROR' ? 'error' : 'failure',
        test: testFromNodeId(s.nodeId),
        ...segmentFromText(s.message ?? ''),
        logLines: { start: s.line, end: s.line },
      });
    }
    return failures;
  }
}

/** pytest entries without a section (a JUnit body): a failure only if they hold a frame. */
function parseBareEntries(lines: string[], firstLine: number): LogFailure | undefined {
  const segments = parsePytestEntries(lines, 0, lines.length);
  if (!segments.some((s) => s.frames.length > 0)) return undefined;
  const failure: LogFailure = { language: 'python', kind: 'failure', ...resolvePythonChain(segments) };
  failure.logLines = { start: firstLine, end: firstLine + lines.length - 1 };
  addLocals(failure);
  return failure;
}

/** The last line of a section worth pointing at: not a trailing blank or rule (`-- generated xml file --`). */
function lastContentLine(lines: string[], start: number, end: number): number {
  let k = end - 1;
  while (k > start && (lines[k]!.trim() === '' || isBlockRule(lines[k]!))) k--;
  return k;
}

/** A section runs to the next section header or `=====` rule. */
function sectionEnd(lines: string[], from: number): number {
  let i = from;
  while (i < lines.length) {
    const l = structuralHead(lines[i]!);
    if ((SECTION_HEADER.test(l) && !/^(?:_ )+_?$/.test(l)) || RULE_TITLE.test(l)) break;
    i++;
  }
  return i;
}

function parsePytestSection(lines: string[], headerIndex: number, end: number, title: string): Parsed | undefined {
  // Captured output follows the traceback inside the section; it is the test's, not a traceback.
  let bodyEnd = headerIndex + 1;
  while (bodyEnd < end && !/^-{3,} Captured .* -{3,}$/.test(structuralHead(lines[bodyEnd]!))) bodyEnd++;
  let first = headerIndex + 1;
  while (first < bodyEnd && lines[first]!.trim() === '') first++;

  let segments: PySegment[];
  if (first < bodyEnd && TRACEBACK_HEADER.test(structuralHead(lines[first]!))) {
    segments = parseNativeTraceback(lines, first, bodyEnd, true).segments;
  } else {
    segments = parsePytestEntries(lines, headerIndex + 1, bodyEnd);
  }
  const failure: LogFailure = { language: 'python', kind: 'failure', ...resolvePythonChain(segments) };
  const collecting = /^ERROR collecting (.+)$/.exec(title);
  const setup = /^ERROR at (?:setup|teardown) of (.+)$/.exec(title);
  if (collecting) {
    failure.kind = 'error';
    failure.test = testFromNodeId(collecting[1]!);
  } else if (setup) {
    failure.kind = 'error';
    failure.test = testFromTitle(setup[1]!, failure.frames);
  } else {
    failure.test = testFromTitle(title, failure.frames);
  }
  addLocals(failure);
  return { failure, title: collecting ? collecting[1]! : (setup?.[1] ?? title) };
}

/** `TestC.test_x[1.5]` → name `test_x[1.5]`, class `TestC`; the file from the test's own frame. */
function testFromTitle(title: string, frames: RawFrame[]): LogFailure['test'] {
  const parts = splitOutsideBrackets(title, '.');
  const name = parts[parts.length - 1]!;
  const test: NonNullable<LogFailure['test']> = { name };
  if (parts.length > 1) test.classname = parts.slice(0, -1).join('.');
  const bare = name.replace(/\[.*$/, '');
  const own = frames.find((f) => f.function === bare);
  if (own) test.file = own.file;
  return test;
}

/** `tests/test_x.py::TestC::test_y[p]` → file, name, pytest's JUnit classname, node id. */
function testFromNodeId(nodeId: string): NonNullable<LogFailure['test']> {
  const parts = splitOutsideBrackets(nodeId, '::');
  const file = parts[0]!;
  const module = file.replace(/\.pyw?$/, '').replace(/[\\/]/g, '.');
  if (parts.length === 1) return { file, id: nodeId, name: module };
  return { file, id: nodeId, name: parts[parts.length - 1]!, classname: [module, ...parts.slice(1, -1)].join('.') };
}

function splitOutsideBrackets(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '[') depth++;
    else if (c === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0 && s.startsWith(sep, i)) {
      out.push(s.slice(from, i));
      from = i + sep.length;
      i += sep.length - 1;
    }
  }
  out.push(s.slice(from));
  return out;
}

/** `nodeid - message`; a parametrised id may itself contain ` - ` inside its brackets. */
function splitSummary(rest: string): { nodeId: string; message?: string } {
  let depth = 0;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === '[') depth++;
    else if (c === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0 && rest.startsWith(' - ', i)) return { nodeId: rest.slice(0, i), message: rest.slice(i + 3) };
  }
  return { nodeId: rest.trim() };
}

/**
 * Complete section failures with their summary line's node id, and pair `--tb=line` failures with
 * summary lines of their kind by order (only when the counts agree: otherwise a pairing is a guess).
 */
function attachSummary(found: Parsed[], summary: SummaryEntry[]): void {
  for (const p of found) {
    if (p.title === undefined) continue;
    const isCollection =
      p.failure.kind === 'error' && p.failure.test?.id !== undefined && !p.failure.test.id.includes('::');
    const suffix = splitOutsideBrackets(p.title, '.').join('::');
    const match = summary.find(
      (s) => !s.used && (isCollection ? s.nodeId === p.title : s.nodeId === suffix || s.nodeId.endsWith(`::${suffix}`)),
    );
    if (!match) continue;
    match.used = true;
    if (!isCollection) p.failure.test = { ...testFromNodeId(match.nodeId) };
  }
  for (const kind of ['failures', 'errors'] as const) {
    const outcome = kind === 'failures' ? 'FAILED' : 'ERROR';
    const mine = found.filter((p) => p.lineStyle === kind);
    const lines = summary.filter((s) => s.outcome === outcome && !s.used);
    if (mine.length === 0 || mine.length !== lines.length) continue;
    mine.forEach((p, k) => {
      lines[k]!.used = true;
      p.failure.test = testFromNodeId(lines[k]!.nodeId);
    });
  }
}

function isUnittestBlockStart(lines: string[], from: number): boolean {
  // The header is followed by a dashed rule (after the test's docstring line, if it has one).
  for (let k = from; k < Math.min(lines.length, from + 3); k++) {
    if (/^-{10,}$/.test(structuralHead(lines[k]!))) return true;
  }
  return false;
}

function unittestBlockEnd(lines: string[], from: number): number {
  let i = from;
  while (i < lines.length && !/^-{10,}$/.test(structuralHead(lines[i]!))) i++;
  i++;
  while (i < lines.length && !/^(?:={10,}|-{10,})$/.test(structuralHead(lines[i]!))) i++;
  return Math.min(i, lines.length);
}

function parseUnittestBlock(lines: string[], start: number, end: number, header: RegExpExecArray): LogFailure {
  const name = header[2]!;
  const id = header[3]!;
  const classname = id.endsWith(`.${name}`) ? id.slice(0, -(name.length + 1)) : id;
  let tb = -1;
  for (let k = start + 1; k < end; k++) {
    if (TRACEBACK_HEADER.test(structuralHead(lines[k]!))) {
      tb = k;
      break;
    }
  }
  const failure: LogFailure =
    tb >= 0
      ? { language: 'python', ...resolvePythonChain(parseNativeTraceback(lines, tb, end, true).segments) }
      : { language: 'python', ...segmentFromText(blockText(lines, start + 1, end)), frames: [] };
  // `unittest.loader._FailedTest` is a module that could not be imported; setUpClass/setUpModule
  // errors are fixtures: neither is a test that ran and failed.
  const importError =
    classname.startsWith('unittest.loader._Failed') ||
    /^(?:setUpClass|setUpModule|tearDownClass|tearDownModule)$/.test(name);
  failure.kind = importError ? 'error' : 'failure';
  failure.test = { name, classname, id: `${classname}.${name}` };
  addLocals(failure);
  return failure;
}

function blockText(lines: string[], from: number, end: number): string {
  const out: string[] = [];
  for (let k = from; k < end && out.length < MAX_MESSAGE_LINES; k++) {
    if (/^-{10,}$/.test(structuralHead(lines[k]!))) continue;
    out.push(lines[k]!);
  }
  return out.join('\n').trim();
}

function segmentFromE(eLines: string[]): PySegment {
  const exc = parseELines(eLines);
  const seg: PySegment = { frames: [], message: exc.message };
  const type = exc.exceptionType ?? (/^assert\b/.test(exc.message) ? 'AssertionError' : undefined);
  if (type !== undefined) seg.exceptionType = type;
  return seg;
}

function segmentFromText(text: string): PySegment {
  return segmentFromE([text]);
}

/**
 * Paths that are almost surely not the user's: installed packages, the standard library, frozen
 * importlib, generated code. Only used to pick `LogFailure.locals`.
 */
function isLikelyLibraryPath(file: string): boolean {
  return (
    /[\\/](?:site|dist)-packages[\\/]/.test(file) ||
    /[\\/]lib[\\/]python\d+(?:\.\d+)?[\\/]/i.test(file) ||
    /[\\/]Lib[\\/]/.test(file) ||
    file.startsWith('<')
  );
}

function addLocals(failure: LogFailure): void {
  for (let k = failure.frames.length - 1; k >= 0; k--) {
    const f = failure.frames[k]!;
    if (f.locals && f.locals.length > 0 && !isLikelyLibraryPath(f.file)) {
      failure.locals = f.locals;
      return;
    }
  }
}

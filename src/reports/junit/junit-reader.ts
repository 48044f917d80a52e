/**
 * The streaming core of the JUnit parser: text in, chunk by chunk, neutral test cases out. saxes
 * tokenizes; a stack of element kinds says what each element is (the case being read is a
 * `CaseBuilder`); no document tree is built, so only the cases the sink keeps stay in memory.
 *
 * Untrusted input: every string is bounded (bounded-text.ts); entity references are never expanded
 * (saxes reads no DTD: an undefined entity stays literal and is reported); depth, attribute count
 * and name lengths are capped, and what saxes holds between chunks is bounded through its public
 * input (`bound`, buffered-token.ts), so a huge text node, CDATA section, comment or attribute
 * cannot grow it.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { ReportError, TestCase } from '../test-run.js';
import { BoundedText, clipText, JUNIT_LIMITS, ownString } from './bounded-text.js';
import { AFTER_MARKUP, AFTER_TEXT, BufferedToken, type TokenRegion } from './buffered-token.js';
import { CaseBuilder, type SuiteContext } from './case-builder.js';
import type { CaseSink, CaseSource } from './case-sink.js';
import {
  detectFromCase,
  detectFromProperty,
  detectFromRoot,
  detectFromSuite,
  quirksOf,
  type JUnitDialect,
} from './dialects.js';
import { ForbiddenCharacters } from './forbidden-characters.js';
import type { Decoded } from './report-encoding.js';
import { describeFatal, recoverableProblem } from './xml-problems.js';

export type { CaseSink, CaseSource } from './case-sink.js';

export interface ReaderOptions {
  /** The report and its producer, shared by every case read (the producer is set once known). */
  source?: CaseSource;
  /** Makes a producer's absolute case files repo-relative (see `absoluteFiles` in dialects.ts). */
  caseFile?: (file: string) => string;
}

/** Deeper nesting than this is not a test report (and would grow saxes' tag stack without bound). */
const MAX_DEPTH = 256;
/** More attributes than this on one element is not a test report either. */
const MAX_ATTRIBUTES = 1024;
/** What saxes holds of one token is bounded between chunks once it passes this many characters. */
const DRAIN_AT = 64 * 1024;
/** A token saxes holds that could not be split by then (see `bound`) is not read on. */
const MAX_HELD = 4 * DRAIN_AT;
/** Recoverable XML problems (and undercounting documents) reported one by one per file; the rest are counted. */
const MAX_REPORTED = 10;

// Element kinds on the stack.
const OTHER = 0; // a wrapper outside any case (<testsuites>, unknown elements)
const SUITE = 1;
const CASE = 2;
const FAILURE = 3;
const ERROR = 4;
const SKIPPED = 5;
const CASE_OUT = 6;
const CASE_ERR = 7;
const SUITE_OUT = 8;
const SUITE_ERR = 9;
const RETRY = 10; // flakyFailure, flakyError, rerunFailure, rerunError (Surefire, Gradle, nextest, Playwright)
const RETRY_TRACE = 11; // <stackTrace> inside a retry
const IGNORED = 12; // properties, and anything inside a case that is not read
const CASE_PROPERTIES = 13; // <properties> inside a case (tap writes a skip there)
const CASE_PROPERTY = 14;

/** The kind of an element by its parent's kind and its name; anything else is OTHER in a wrapper or suite, else IGNORED. */
const CHILDREN = new Map<number, Map<string, number>>([
  [OTHER, children({ testcase: CASE, testsuite: SUITE, 'system-out': IGNORED, 'system-err': IGNORED })],
  [SUITE, children({ testcase: CASE, testsuite: SUITE, 'system-out': SUITE_OUT, 'system-err': SUITE_ERR })],
  [
    CASE,
    children({ failure: FAILURE, error: ERROR, skipped: SKIPPED, 'system-out': CASE_OUT, 'system-err': CASE_ERR }),
  ],
  [CASE_PROPERTIES, children({ property: CASE_PROPERTY })],
  [RETRY, children({ stackTrace: RETRY_TRACE })],
]);
for (const name of ['flakyFailure', 'flakyError', 'rerunFailure', 'rerunError']) CHILDREN.get(CASE)!.set(name, RETRY);
CHILDREN.get(CASE)!.set('properties', CASE_PROPERTIES);
for (const kind of [OTHER, SUITE])
  for (const name of ['properties', 'property']) CHILDREN.get(kind)!.set(name, IGNORED);

/** Markup that splits a token saxes holds without changing what it reads (see `bound`). */
const SPLITS: Partial<Record<TokenRegion, string>> = { text: '<!---->', cdata: ']]><![CDATA[', comment: '--><!--' };

const REGION_NAMES: Record<TokenRegion, string> = {
  text: 'a text node',
  cdata: 'a CDATA section',
  comment: 'a comment',
  attribute: 'an attribute value',
  pi: 'a processing instruction',
  doctype: 'a DOCTYPE declaration',
  'doctype-quoted': 'a DOCTYPE declaration',
  other: 'markup',
};

/** Thrown from the handlers of a parser whose document ended, to stop its `write` (see `endDocument`). */
const DOCUMENT_ENDED = new Error('the document ended');

type Position = { line: number; column: number };

interface SuiteFrame extends SuiteContext {
  /** Its `tests` attribute (-1 when absent), and the <testcase> elements read directly in it. */
  declaredTests: number;
  cases: number;
  out: BoundedText | undefined;
  err: BoundedText | undefined;
  /** Non-passing cases without output of their own: suite-level output is attached when the suite closes. */
  pending: TestCase[];
}

export class JUnitReader {
  readonly errors: ReportError[] = [];
  dialect: JUnitDialect | undefined;
  /** Most characters of one token saxes held between chunks (for the memory tests and the bench). */
  peakBufferedChars = 0;
  /**
   * A suite of a producer that writes one test as several elements (pytest, `repeats` in
   * dialects.ts) held more <testcase> elements than its `tests` attribute counts: they must be
   * merged by id, which a reading that only counts passes cannot do (see parse-junit.ts).
   */
  repeatedCases = false;

  private parser!: SaxesParser;
  private stopped = false;
  private readonly source: CaseSource;
  private readonly builder: CaseBuilder;
  private readonly forbidden = new ForbiddenCharacters();
  /** Whether this report's passing cases are needed by their ids (asked when the first one closes). */
  private passIds: boolean | undefined;

  // Elements: the stack of kinds, the open suites, a close tag held until the next event (`onClose`).
  private readonly kinds: number[] = [];
  private depth = 0;
  private readonly suites: SuiteFrame[] = [];
  private pendingClose: SaxesTagPlain | undefined;
  private sawCase = false;
  /** Where the current element's text goes. */
  private active: BoundedText | undefined;

  // Documents: libtest writes one XML document per test binary to the same output.
  private sawMarkup = false;
  private awaitingDocument = false;
  /** Characters of the input consumed, and where the current parser's input began. */
  private fed = 0;
  private parserOffset = 0;
  /** Where the next document starts, once the root closed (an input offset), and saxes' position there. */
  private restartAt = -1;
  private closeAt = 0;
  private closeLine = 1;
  private closeColumn = 0;
  /** Where the current document starts in the input (saxes counts from 1:0 there). */
  private base: Position = { line: 1, column: 0 };
  private declaredFailures = -1;
  private foundFailures = 0;
  private root: Position = { line: 0, column: 0 };
  private recoverable = 0;
  private undercounted = 0;
  private attributeCut = false;

  // What saxes holds between chunks (see `bound`).
  private readonly token = new BufferedToken();
  /** Characters given to the current parser (injected ones too), and where the current write began. */
  private given = 0;
  private writeStart = 0;
  /** Where the last event left the current parser (`parser.position`), and in what state. */
  private syncAt = -1;
  private syncState = AFTER_MARKUP;
  private textHandler = false;
  /** The rest of the token being left out of saxes' input ends at this string. */
  private dropUntil: string | undefined;
  private droppedCR = false;
  /** Markup that splits the token saxes holds, to give at the first place it can go. */
  private pendingSplit: string | undefined;
  private lastGiven = 0;
  /** How saxes' positions differ from the input's, after what was left out or added (see `shift`). */
  private lineShift = 0;
  private shiftLine = 0;
  private columnShift = 0;
  private offsetShift = 0;

  constructor(
    /** The report's path as shown to the user: every error names it. */
    readonly report: string,
    private readonly sink: CaseSink,
    options: ReaderOptions = {},
  ) {
    this.source = options.source ?? { report };
    this.builder = new CaseBuilder(options.caseFile);
    this.newParser();
  }

  get done(): boolean {
    return this.stopped;
  }

  /** Feeds the next piece of the report. */
  write(text: string): void {
    if (this.stopped || text.length === 0) return;
    if (this.awaitingDocument && (text = this.skipToNextDocument(text)) === '') return;
    if (!this.sawMarkup && !this.checkStart(text)) return;
    if (this.dropUntil !== undefined && (text = this.leaveOut(text)) === '') return;
    if (this.pendingSplit !== undefined && (text = this.splitPending(text)) === '') return;
    const rest = this.parse(text);
    // The document ended inside this piece: the rest is the start of the next one.
    if (rest !== undefined) this.write(rest);
    else if (!this.stopped) this.bound(text);
  }

  /**
   * `write`, for text decoded from the report's bytes where some could not be decoded: the U+FFFD
   * that stand for them are noted with their line and column (the first few, which the note
   * names) and their byte offset.
   */
  writeDecoded({ text, undecodable, undecodableCount }: Decoded): void {
    let from = 0;
    let noted = 0;
    for (const { index, byte } of undecodable) {
      if (!this.forbidden.wantsUndecodable) break;
      // Up to and with the U+FFFD: saxes' position is then that character's.
      this.write(text.slice(from, index + 1));
      from = index + 1;
      const known = !this.stopped && !this.awaitingDocument && this.sawMarkup && this.dropUntil === undefined;
      this.forbidden.meetUndecodable(known ? this.position() : undefined, byte);
      noted++;
    }
    this.forbidden.countUndecodable(undecodableCount - noted);
    this.write(from === 0 ? text : text.slice(from));
  }

  /** The end of the report: final checks, and every complete case read so far is handed over. */
  end(): void {
    if (!this.stopped && !this.awaitingDocument && !this.sawMarkup) {
      const what = this.fed === 0 ? 'the file is empty' : 'the file holds only whitespace';
      this.fatal(`${what} (expected a JUnit XML report)`, { line: 1, column: 1 });
    } else if (!this.stopped && !this.awaitingDocument) {
      this.guard(() => this.parser.close());
      this.flushPendingClose();
    }
    this.abandon();
    const forbidden = this.forbidden.note();
    if (forbidden !== undefined) this.note(forbidden.message, forbidden.at);
    if (this.recoverable > MAX_REPORTED)
      this.note(`${this.recoverable - MAX_REPORTED} more recoverable XML problems like the ones above`);
    if (this.undercounted > MAX_REPORTED)
      this.note(`${this.undercounted - MAX_REPORTED} more documents count failures they do not hold`);
  }

  /** Gives up on the rest of the input (it could not be read): complete cases are still handed over. */
  abandon(): void {
    this.pendingClose = undefined;
    this.stopped = true;
    for (let i = this.suites.length - 1; i >= 0; i--) this.releaseSuite(this.suites[i]!);
    this.suites.length = 0;
    this.sink.endReport?.(this.source);
  }

  // ---- saxes -----------------------------------------------------------------------------------

  private newParser(): void {
    const parser = (this.parser = new SaxesParser());
    parser.on('opentag', this.onOpen);
    parser.on('closetag', this.onClose);
    parser.on('cdata', this.onCData);
    parser.on('error', this.onError);
    // No handlers for comments, processing instructions or the DOCTYPE (buffered-token.ts reads
    // through them): saxes adds handler properties after construction, and four more put the
    // parser in V8's slow property mode (3× the time).
    this.given = this.lastGiven = this.lineShift = this.shiftLine = this.columnShift = this.offsetShift = 0;
    this.syncAt = -1;
    this.textHandler = false;
    this.token.reset(AFTER_MARKUP);
    this.dropUntil = this.pendingSplit = undefined;
  }

  /** Gives saxes the next piece; the text after the document's end when the document ended in it. */
  private parse(text: string): string | undefined {
    const start = this.fed;
    this.fed += text.length;
    this.writeStart = this.given;
    this.given += text.length;
    this.lastGiven = text.charCodeAt(text.length - 1);
    this.guard(() => this.parser.write(text));
    this.flushPendingClose();
    if (this.restartAt < 0) return undefined;
    const rest = text.slice(Math.max(0, this.restartAt - start));
    this.fed = this.restartAt;
    this.restartAt = -1;
    return rest;
  }

  /** Runs a call into saxes: what it throws is fatal, but the end of a document (see `endDocument`). */
  private guard(call: () => void): void {
    try {
      call();
    } catch (error) {
      if (error !== DOCUMENT_ENDED)
        this.fatal(`XML parser failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** An event of saxes: the token it held ended here (see `bound`). */
  private sync(state: number): void {
    this.syncAt = this.parser.position;
    this.syncState = state;
    if (this.pendingClose !== undefined) this.flushPendingClose();
  }

  private setTextHandler(handler: ((text: string) => void) | undefined): void {
    this.textHandler = handler !== undefined;
    if (handler === undefined) this.parser.off('text');
    else this.parser.on('text', handler);
  }

  /** Stops every callback of the current parser (it may still chew through the current piece). */
  private detach(): void {
    for (const event of ['opentag', 'closetag', 'cdata', 'text'] as const) this.parser.off(event);
    this.textHandler = false;
    // An error handler must stay: without one saxes throws.
    this.parser.on('error', () => undefined);
  }

  private onError = (error: Error): void => {
    if (this.stopped) return;
    const message = error.message.replace(/^\d+:\d+: /, '');
    const pending = this.pendingClose;
    if (pending !== undefined && message === 'unexpected close tag.') {
      // saxes has already popped the element it expected to close: that close never happened.
      this.pendingClose = undefined;
      const name = clipText(pending.name, 64);
      this.fatal(`a closing tag that does not match the open element <${name}> (expected </${name}>)`);
      return;
    }
    if (pending !== undefined) this.flushPendingClose();
    // After the document's root closed, what follows is read again by a fresh parser.
    if (this.awaitingDocument || this.stopped) return;
    const problem = recoverableProblem(message);
    if (message === 'disallowed character.') this.forbidden.meet(this.position());
    else if (problem === undefined) this.fatal(describeFatal(message));
    else if (++this.recoverable <= MAX_REPORTED) this.problem(problem);
  };

  private onCData = (text: string): void => {
    this.sync(AFTER_MARKUP);
    if (this.active !== undefined && !this.awaitingDocument) this.active.append(this.forbidden.clean(text));
  };

  private onText = (text: string): void => {
    this.sync(AFTER_TEXT);
    if (this.active === undefined || this.awaitingDocument) return;
    // Indentation around a retry's child elements is layout, not text.
    if (this.active === this.builder.retryBody && !/\S/.test(text)) return;
    this.active.append(this.forbidden.clean(text));
  };

  /** Collect the text of the current element into `target` (or stop collecting). */
  private collect(target: BoundedText | undefined): void {
    if (target === this.active) return;
    this.active = target;
    // saxes buffers text only while a text handler is set: none outside the elements read. Text
    // it buffered before the handler goes (a close is handled one event late, see onClose) would
    // stay in its buffer and be glued to the next attribute value: a handler stays until saxes
    // hands that text over, and drops it.
    this.setTextHandler(target === undefined ? this.onStaleText : this.onText);
  }

  private onStaleText = (): void => {
    this.sync(AFTER_TEXT);
    if (this.active === undefined) this.setTextHandler(undefined);
  };

  // ---- positions and errors --------------------------------------------------------------------

  /** Line and column (both 1-based) in the whole input of saxes' last character, or of the one given. */
  private position(line = this.parser.line, column = this.parser.column): Position {
    // Where the input differs from what saxes was given (see `shift`).
    if (line === this.shiftLine) column += this.columnShift;
    line += this.lineShift;
    if (line === 1) return { line: this.base.line, column: Math.max(1, this.base.column + column) };
    return { line: this.base.line + line - 1, column: Math.max(1, column) };
  }

  /** A problem at `at` (saxes' position by default). */
  private problem(message: string, at = this.position()): void {
    const { line, column } = at;
    this.errors.push({ file: this.report, line, column, message: `${this.report}:${line}:${column}: ${message}` });
  }

  /** A note about the report, at a place in it when there is one. */
  private note(message: string, at?: Position): void {
    if (at !== undefined) this.problem(message, at);
    else this.errors.push({ file: this.report, message: `${this.report}: ${message}` });
  }

  /** An error the rest of the report cannot be read after: cases read so far are kept. */
  private fatal(message: string, at?: Position): void {
    if (this.stopped) return;
    this.problem(message, at);
    this.stopped = true;
    this.pendingClose = undefined;
    this.detach();
  }

  // ---- documents -------------------------------------------------------------------------------

  /**
   * Before the first markup: a file that starts with text is not XML (a log, a JSON report). Said
   * at once, at the first character, rather than by saxes at the end of the text run.
   */
  private checkStart(text: string): boolean {
    const first = text.search(/[^\s\uFEFF]/);
    if (first < 0) {
      this.base = advance(this.base, text, text.length);
      return true;
    }
    this.sawMarkup = true;
    const lead = advance(this.base, text, first);
    // Leading whitespace is saxes' to count from here on.
    this.base = { line: 1, column: 0 };
    if (text.charCodeAt(first) === 60 /* < */) return true;
    this.fatal('not an XML report: it starts with text, not markup (expected "<")', {
      line: lead.line,
      column: lead.column + 1,
    });
    return false;
  }

  private startDocument(rootName: string, attributes: Record<string, string>): void {
    if (this.dialect === undefined) this.setDialect(detectFromRoot(rootName, attributes));
    const failures = countAttribute(attributes['failures']);
    const errors = countAttribute(attributes['errors']);
    this.declaredFailures = failures < 0 && errors < 0 ? -1 : Math.max(0, failures) + Math.max(0, errors);
    this.foundFailures = 0;
    this.root = this.position();
  }

  private endDocument(): void {
    // One per document at most, and bounded like the recoverable problems: a report may hold
    // thousands of documents.
    if (this.declaredFailures > this.foundFailures && ++this.undercounted <= MAX_REPORTED) {
      this.problem(
        `the report counts ${this.declaredFailures} failures and errors but holds ${this.foundFailures} <failure>/<error> elements: ` +
          'the rest (often a build or setup failure recorded only as a count) is not in this report, see the test log',
        this.root,
      );
    }
    // Whatever follows may be another document (libtest prints one per test binary).
    this.base = this.position(this.closeLine, this.closeColumn);
    this.restartAt = this.closeAt;
    this.awaitingDocument = true;
    this.detach();
    // The old parser would read the rest of the piece for nothing (a report of a thousand small
    // documents would cost a thousand times the piece): its next event ends its `write` instead.
    const stop = (): never => {
      throw DOCUMENT_ENDED;
    };
    for (const event of ['opentag', 'closetag', 'cdata', 'text', 'error'] as const) this.parser.on(event, stop);
  }

  /** Between documents: skips whitespace (counting lines) until the next document starts. */
  private skipToNextDocument(text: string): string {
    const i = text.search(/[^ \t\r\n]/);
    this.base = advance(this.base, text, i < 0 ? text.length : i);
    if (i < 0) {
      this.fed += text.length;
      return '';
    }
    this.fed += i;
    if (text.charCodeAt(i) !== 60 /* < */) {
      const { line, column } = this.base;
      this.fatal('text after the end of the report (expected another XML document or the end of the file)', {
        line,
        column: column + 1,
      });
      return '';
    }
    this.awaitingDocument = false;
    this.newParser();
    this.parserOffset = this.fed;
    return text.slice(i);
  }

  // ---- elements --------------------------------------------------------------------------------

  private onOpen = (tag: SaxesTagPlain): void => {
    this.sync(AFTER_MARKUP);
    if (this.stopped || this.awaitingDocument) return;
    const { name, attributes } = tag;
    this.forbidden.cleanAttributes(attributes);
    const depth = this.depth;
    if (depth >= MAX_DEPTH) {
      this.fatal(`elements nested deeper than ${MAX_DEPTH} levels (expected a JUnit XML report)`);
      return;
    }
    if (depth === 0 && name !== 'testsuites' && name !== 'testsuite') {
      const root = clipText(name, 64);
      this.fatal(`not a JUnit XML report: the root element is <${root}> (expected <testsuites> or <testsuite>)`);
      return;
    }
    if (depth === 0) this.startDocument(name, attributes);
    const parent = depth === 0 ? OTHER : this.kinds[depth - 1]!;
    const kind = CHILDREN.get(parent)?.get(name) ?? (parent === OTHER || parent === SUITE ? OTHER : IGNORED);
    this.kinds[depth] = kind;
    this.depth = depth + 1;
    this.openElement(kind, name, attributes, parent === OTHER && depth === 1);
    this.collect(this.collectorFor(kind));
  };

  private openElement(kind: number, name: string, attributes: Record<string, string>, underRoot: boolean): void {
    switch (kind) {
      case CASE:
        return this.openCase(attributes, underRoot);
      case SUITE:
        return this.openSuite(attributes, this.depth === 1);
      case SKIPPED:
        return this.builder.skip(attributes);
      case CASE_PROPERTY:
        return this.builder.property(attributes);
      case FAILURE:
      case ERROR:
        this.foundFailures++;
        return this.builder.failure(kind === ERROR, attributes);
      case RETRY:
        // nextest may put the description straight in the element; Surefire uses <stackTrace>.
        this.foundFailures++;
        return this.builder.retry(name, attributes);
      case IGNORED:
        if (name === 'property' && this.dialect === undefined && this.suites.length > 0) {
          const suite = this.suites[this.suites.length - 1]!;
          this.setDialect(detectFromProperty(attributes, suite.hostname !== undefined));
        }
    }
  }

  private onClose = (tag: SaxesTagPlain): void => {
    this.sync(AFTER_MARKUP);
    if (this.stopped || this.awaitingDocument) return;
    // Held until the next event: a mismatched close tag is reported (by saxes) only after this.
    this.pendingClose = tag;
    // A self-closing element (most passing cases) cannot be mismatched: done at once.
    if (tag.isSelfClosing && this.depth > 1) {
      this.flushPendingClose();
    } else if (this.depth === 1) {
      // The root: where the document ends (the next one, if any, starts after it).
      this.closeAt = this.parserOffset + this.parser.position + this.offsetShift;
      this.closeLine = this.parser.line;
      this.closeColumn = this.parser.column;
    }
  };

  private flushPendingClose(): void {
    if (this.pendingClose === undefined || this.stopped) return;
    this.pendingClose = undefined;
    const depth = --this.depth;
    const kind = this.kinds[depth]!;
    if (kind === CASE) this.closeCase();
    else if (kind === SUITE) this.closeSuite();
    // Back in the parent: collect its text again if it is an element that is read.
    if (depth > 0) this.collect(this.collectorFor(this.kinds[depth - 1]!));
    else this.endDocument();
  }

  private collectorFor(kind: number): BoundedText | undefined {
    const builder = this.builder;
    if (kind === FAILURE || kind === ERROR) return builder.body;
    if (kind === CASE_OUT) return builder.out;
    if (kind === CASE_ERR) return builder.err;
    if (kind === RETRY || kind === RETRY_TRACE) return builder.retryCollector();
    if (kind !== SUITE_OUT && kind !== SUITE_ERR) return undefined;
    const suite = this.suites[this.suites.length - 1];
    if (suite === undefined) return undefined;
    if (kind === SUITE_OUT) return (suite.out ??= new BoundedText(JUNIT_LIMITS.output));
    return (suite.err ??= new BoundedText(JUNIT_LIMITS.output));
  }

  private setDialect(dialect: JUnitDialect | undefined): void {
    if (dialect === undefined || this.dialect !== undefined) return;
    this.dialect = dialect;
    this.builder.quirks = quirksOf(dialect);
    this.source.dialect = dialect;
    this.passIds = undefined;
  }

  private openSuite(attributes: Record<string, string>, isRoot: boolean): void {
    if (this.dialect === undefined && this.suites.length === 0) this.setDialect(detectFromSuite(attributes, isRoot));
    const parent = this.suites[this.suites.length - 1];
    const name = attributes['name'] ?? '';
    const owned = (value: string | undefined) => (value ? ownString(clipText(value, JUNIT_LIMITS.name)) : undefined);
    this.suites.push({
      name: owned(this.builder.quirks.suiteName?.(name) ?? name) ?? '',
      // mocha-junit-reporter and PHPUnit write the file on the suite: its cases inherit it.
      file: owned(attributes['file']) ?? parent?.file,
      hostname: owned(attributes['hostname']) ?? parent?.hostname,
      declaredTests: countAttribute(attributes['tests']),
      cases: 0,
      out: undefined,
      err: undefined,
      pending: [],
    });
  }

  private closeSuite(): void {
    const suite = this.suites.pop();
    if (suite === undefined) return;
    if (this.builder.quirks.repeats === 'attempts' && suite.declaredTests >= 0 && suite.cases > suite.declaredTests)
      this.repeatedCases = true;
    this.releaseSuite(suite);
  }

  /**
   * Gradle (by default) and go-junit-report write output per suite, after its cases: it is given
   * to the suite's non-passing cases that have none of their own (the case objects were already
   * handed to the sink, which keeps them by reference).
   */
  private releaseSuite(suite: SuiteFrame): void {
    if (suite.pending.length === 0) return;
    const out = this.builder.outputText(suite.out);
    const err = this.builder.outputText(suite.err);
    for (const testCase of suite.pending) {
      if (out !== undefined && testCase.systemOut === undefined) testCase.systemOut = out;
      if (err !== undefined && testCase.systemErr === undefined) testCase.systemErr = err;
    }
    suite.pending.length = 0;
  }

  private openCase(attributes: Record<string, string>, underRoot: boolean): void {
    // Producers are told by their first case (see dialects.ts): later cases are not looked at again.
    if (this.dialect === undefined && !this.sawCase) this.setDialect(detectFromCase(attributes, underRoot));
    this.sawCase = true;
    const suite = this.suites[this.suites.length - 1];
    if (suite !== undefined) suite.cases++;
    // Read only when the case closes, and then only if needed: most cases pass and are only counted.
    this.builder.open(attributes);
  }

  private closeCase(): void {
    const builder = this.builder;
    const { status, flaky } = builder.result();
    const passing = status === 'passed' && !flaky && !this.sink.wantsPassingCases;
    if (passing && !(this.passIds ??= this.sink.passIdsNeeded(this.source))) {
      this.sink.countPass(this.source);
      return;
    }
    const suite = this.suites[this.suites.length - 1];
    const identity = builder.identify(suite);
    if (passing && this.sink.wantsPassingCase?.(identity.scope, identity.idName, identity.prefix) !== true) {
      this.sink.addPassing(identity.scope, identity.idName, identity.prefix, this.source);
      return;
    }
    const testCase = builder.build(identity, suite, status, flaky, this.source);
    const ran = status === 'failed' || status === 'errored' || (status === 'passed' && flaky);
    if (suite !== undefined && ran && (testCase.systemOut === undefined || testCase.systemErr === undefined))
      suite.pending.push(testCase);
    this.sink.addCase(testCase);
  }

  // ---- what saxes holds ------------------------------------------------------------------------

  /**
   * Keeps what saxes holds bounded between chunks (saxes 6 buffers a token whole before it hands
   * it over; buffered-token.ts tells which token is unfinished and how much of it saxes holds),
   * through its input alone: a text node or CDATA section is split by markup that adds nothing (an
   * empty comment, `]]><![CDATA[`), a comment likewise (`--><!--`); the rest of an attribute value,
   * a processing instruction or a quoted DOCTYPE string is left out (`leaveOut`). Positions stay
   * the input's (`shift`). A name or entity reference that long, or that many attributes, is not
   * a test report.
   */
  private bound(text: string): void {
    const token = this.token;
    const from = this.syncAt - this.writeStart;
    if (from > 0) token.reset(this.syncState);
    token.scan(text, Math.max(0, from), this.textHandler);
    this.peakBufferedChars = Math.max(this.peakBufferedChars, token.buffered);
    if (token.name > DRAIN_AT)
      return this.fatal(`a name or entity reference longer than ${DRAIN_AT} characters (expected a JUnit XML report)`);
    if (token.attributes > MAX_ATTRIBUTES)
      return this.fatal(`more than ${MAX_ATTRIBUTES} attributes on one element (expected a JUnit XML report)`);
    if (token.buffered <= DRAIN_AT) return;
    const region = token.region;
    const split = SPLITS[region];
    // Where saxes may keep the last character for the next piece (CR, a high surrogate), or stands
    // inside a "]]>", "-->" or "?>", nothing is split or left out now.
    const canCut = !token.terminating && this.lastGiven !== 13 && !isHighSurrogate(this.lastGiven);
    if (split !== undefined) {
      if (canCut && canSplit(this.lastGiven, Number.NaN, split)) this.inject(split);
      else this.pendingSplit = split;
    } else if (canCut && (region === 'attribute' || region === 'doctype-quoted' || region === 'pi')) {
      if (region === 'attribute' && !this.attributeCut) {
        this.attributeCut = true;
        this.problem(`an attribute value longer than ${JUNIT_LIMITS.attribute} characters was cut`);
      }
      this.dropUntil = region === 'pi' ? '?>' : token.closingQuote;
      this.droppedCR = false;
    }
    if (token.buffered > MAX_HELD) {
      this.fatal(
        `${REGION_NAMES[region]} longer than ${MAX_HELD} characters that cannot be read in bounded memory (expected a JUnit XML report)`,
      );
    }
  }

  /**
   * The split `bound` could not make at the end of the last piece, made at the first place in the
   * first few characters of this one (after the LF of a CR LF, past a run of "]"); the rest of the
   * piece is returned.
   */
  private splitPending(text: string): string {
    const split = this.pendingSplit!;
    // Characters that may end the token: the split must come before them.
    const ends = split === '<!---->' ? '<&' : '>';
    for (let i = 0; i < Math.min(text.length, 8); i++) {
      if (i > 0 && ends.includes(text[i - 1]!)) break;
      if (!canSplit(i === 0 ? this.lastGiven : text.charCodeAt(i - 1), text.charCodeAt(i), split)) continue;
      this.pendingSplit = undefined;
      if (i > 0) this.parse(text.slice(0, i));
      if (this.stopped) return '';
      this.inject(split);
      return text.slice(i);
    }
    return text;
  }

  /** Gives saxes `markup` that splits the token it holds without changing what it means. */
  private inject(markup: string): void {
    const { line, column } = this.parser;
    this.writeStart = this.given;
    this.given += markup.length;
    this.parser.write(markup);
    this.flushPendingClose();
    this.token.emptied();
    this.lastGiven = 0;
    this.shift(line, column, -markup.length, 0, 0);
  }

  /** The part of `text` before `dropUntil` is left out of saxes' input; the rest is returned. */
  private leaveOut(text: string): string {
    const at = text.indexOf(this.dropUntil!);
    const end = at < 0 ? text.length : at;
    if (at >= 0) this.dropUntil = undefined;
    // Line breaks as XML counts them (CR LF is one, also when the last piece ended with its CR),
    // and the characters after the last one.
    let newlines = 0;
    let lineStart = -1;
    for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) {
      if (i > 0 || !this.droppedCR) newlines++;
      lineStart = i + 1;
    }
    for (let i = text.indexOf('\r'); i >= 0 && i < end; i = text.indexOf('\r', i + 1)) {
      if (text.charCodeAt(i + 1) === 10 && i + 1 < end) continue;
      newlines++;
      lineStart = Math.max(lineStart, i + 1);
    }
    this.shift(this.parser.line, this.parser.column, end, newlines, lineStart < 0 ? 0 : end - lineStart);
    this.droppedCR = end > 0 && text.charCodeAt(end - 1) === 13;
    this.fed += end;
    return text.slice(end);
  }

  /**
   * After saxes' last character (at `line`, `column` by its count), `length` characters of the
   * input were left out (`newlines` line breaks among them, `tail` characters after the last one),
   * or -`length` added: the positions saxes gives from there on are corrected in `position`.
   */
  private shift(line: number, column: number, length: number, newlines: number, tail: number): void {
    const real = line === this.shiftLine ? column + this.columnShift : column;
    this.columnShift = (newlines > 0 ? tail : real + length) - column;
    this.shiftLine = line;
    this.lineShift += newlines;
    this.offsetShift += length;
  }
}

/** `at` moved over `text[0, end)`: a line feed starts a line, any other character is a column. */
function advance(at: Position, text: string, end: number): Position {
  let { line, column } = at;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) !== 10) {
      column++;
    } else {
      line++;
      column = 0;
    }
  }
  return { line, column };
}

/**
 * Whether `split` may come between the characters `before` and `after` (NaN: not known yet): not
 * inside a CR LF or a surrogate pair, and not after a "]" (of a "]]>") or a "-" (of a "-->").
 */
function canSplit(before: number, after: number, split: string): boolean {
  if (before === 13) return !Number.isNaN(after) && after !== 10; // the next piece may start with LF
  if (isHighSurrogate(before)) return false;
  return before !== (split === '--><!--' ? 45 : 93);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function children(kinds: Record<string, number>): Map<string, number> {
  return new Map(Object.entries(kinds));
}

function countAttribute(value: string | undefined): number {
  if (value === undefined) return -1;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : -1;
}

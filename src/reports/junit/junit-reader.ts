/**
 * The streaming core of the JUnit parser: text in (chunk by chunk), neutral test cases out. It
 * drives saxes with a small state machine (a stack of element kinds; the case being read is a
 * `CaseBuilder`) and never builds a document tree, so memory does not grow with the report: only
 * the cases the sink decides to keep stay in memory.
 *
 * Untrusted input: a report is written by the test run, and test names, messages and output are
 * whatever the tests printed. Every string is bounded (see bounded-text.ts); entity references are
 * never expanded (saxes reads no DTD: an undefined entity stays literal and is reported); element
 * depth, attribute count and name lengths are capped, and saxes' own buffers are drained or cut
 * between chunks so a huge text node, CDATA section, comment or attribute cannot grow them: through
 * saxes' public API alone (what it holds is told from the outside, see buffered-token.ts).
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { ReportError, TestCase } from '../test-run.js';
import { BoundedText, clipText, JUNIT_LIMITS, ownString } from './bounded-text.js';
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
import { AFTER_MARKUP, AFTER_TEXT, BufferedToken, type TokenRegion } from './buffered-token.js';
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
/** Recoverable XML errors reported one by one per file; the rest are counted. */
const MAX_REPORTED_RECOVERABLE = 10;

// Element kinds on the stack.
const K_OTHER = 0; // transparent wrapper outside any case (<testsuites>, unknown wrappers)
const K_SUITE = 1;
const K_CASE = 2;
const K_FAILURE = 3;
const K_ERROR = 4;
const K_SKIPPED = 5;
const K_CASE_OUT = 6;
const K_CASE_ERR = 7;
const K_SUITE_OUT = 8;
const K_SUITE_ERR = 9;
const K_RETRY = 10; // flakyFailure, flakyError, rerunFailure, rerunError (Surefire, Gradle, nextest, Playwright)
const K_RETRY_TRACE = 11; // <stackTrace> inside a retry element
const K_IGNORED = 12; // properties, and anything inside a case we do not read
const K_CASE_PROPERTIES = 13; // <properties> inside a case (tap writes a skip there)
const K_CASE_PROPERTY = 14;

/** Thrown from the handlers of a parser whose document ended, to stop its `write` (see `endDocument`). */
const DOCUMENT_ENDED = new Error('the document ended');

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
   * A suite of a producer that writes one test as several elements (pytest, see `repeats` in
   * dialects.ts) held more <testcase> elements than its `tests` attribute counts: the elements
   * must be merged by id, which a reading that only counts passes cannot do (see parse-junit.ts).
   */
  repeatedCases = false;

  private parser!: SaxesParser;
  private stopped = false;

  // Element stack.
  private readonly kinds: number[] = [];
  private depth = 0;
  private readonly suites: SuiteFrame[] = [];
  private pendingClose: SaxesTagPlain | undefined;

  // Documents: libtest writes one XML document per test binary to the same stdout.
  private sawNonWhitespace = false;
  /** Position after the whitespace before the first markup (see checkStart). */
  private leadLine = 1;
  private leadColumn = 0;
  private awaitingDocument = false;
  /** Documents whose root counted more failures than they held (see `endDocument`). */
  private undercounted = 0;
  private restartAt = -1;
  /** Characters of the input consumed so far, and where the current parser's input began. */
  private fed = 0;
  private parserOffset = 0;
  /** Where the last close tag ended (absolute offset, and the parser's own line and column). */
  private closeAt = 0;
  private closeLine = 1;
  private closeColumn = 0;
  private lineBase = 1;
  private columnBase = 0;
  private declaredFailures = -1;
  private foundFailureElements = 0;
  private rootLine = 0;
  private rootColumn = 0;

  // Recoverable problems.
  private recoverable = 0;
  private readonly forbidden = new ForbiddenCharacters();
  private attributeCut = false;

  // The case being read (one builder, reused: a passing case allocates only its id).
  private readonly builder: CaseBuilder;
  private sawCase = false;
  private active: BoundedText | undefined;

  private readonly wantsPassingCases: boolean;
  /** Whether this report's passing cases are needed by their ids (asked when the first one closes). */
  private passIds: boolean | undefined;

  private readonly source: CaseSource;

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
  /** Markup that splits the token saxes holds, to give it at the first place it can go. */
  private pendingSplit: string | undefined;
  /** The last character given to saxes. */
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
    this.parser = this.createParser();
    this.wantsPassingCases = sink.wantsPassingCases;
  }

  get done(): boolean {
    return this.stopped;
  }

  /** Feeds the next piece of the report. */
  write(text: string): void {
    if (this.stopped || text.length === 0) return;
    if (this.awaitingDocument) {
      text = this.skipToNextDocument(text);
      if (text.length === 0) return;
    }
    if (!this.sawNonWhitespace && !this.checkStart(text)) return;
    if (this.dropUntil !== undefined) {
      text = this.leaveOut(text);
      if (text.length === 0) return;
    }
    if (this.pendingSplit !== undefined) {
      text = this.splitPending(text);
      if (text.length === 0) return;
    }
    const rest = this.parse(text);
    if (rest !== undefined) {
      // The document ended inside this chunk: read the rest as the start of the next one.
      this.write(rest);
      return;
    }
    if (!this.stopped) this.bound(text);
  }

  /**
   * `write`, for text decoded from the report's bytes where some could not be decoded: the
   * U+FFFD that stand for them are noted with their line and column (the first few, which the
   * note names) and their byte offset.
   */
  writeDecoded({ text, undecodable, undecodableCount }: Decoded): void {
    if (undecodableCount === 0) {
      this.write(text);
      return;
    }
    let from = 0;
    let noted = 0;
    for (const { index, byte } of undecodable) {
      if (!this.forbidden.wantsUndecodable) break;
      // Up to and with the U+FFFD: saxes' position is then that character's.
      this.write(text.slice(from, index + 1));
      from = index + 1;
      const known = !this.stopped && !this.awaitingDocument && this.sawNonWhitespace && this.dropUntil === undefined;
      this.forbidden.meetUndecodable(known ? this.position() : undefined, byte);
      noted++;
    }
    this.forbidden.countUndecodable(undecodableCount - noted);
    this.write(text.slice(from));
  }

  /** Gives saxes the next piece; the text after the document's end when the document ended in it. */
  private parse(text: string): string | undefined {
    const start = this.fed;
    this.fed += text.length;
    this.writeStart = this.given;
    this.given += text.length;
    this.lastGiven = text.charCodeAt(text.length - 1);
    try {
      this.parser.write(text);
    } catch (error) {
      // The document ended: the rest of the piece is read by a fresh parser (see `endDocument`).
      if (error !== DOCUMENT_ENDED) {
        this.fatal(`XML parser failed: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }
    }
    this.flushPendingClose();
    if (this.restartAt < 0) return undefined;
    const rest = text.slice(Math.max(0, this.restartAt - start));
    this.fed = this.restartAt;
    this.restartAt = -1;
    return rest;
  }

  /** Whether this report's passing cases are needed by their ids (asked once the producer is known). */
  private passIdsNeeded(): boolean {
    return (this.passIds ??= this.sink.passIdsNeeded(this.source));
  }

  /**
   * Before the first markup: a file that starts with text is not XML (a log, a JSON report). Said
   * at once, at the first character, rather than by saxes at the end of the text run.
   */
  private checkStart(text: string): boolean {
    const first = text.search(/[^\s\uFEFF]/);
    if (first < 0) {
      this.countLeadingLines(text, text.length);
      return true;
    }
    this.sawNonWhitespace = true;
    if (text.charCodeAt(first) === 60 /* < */) return true;
    this.countLeadingLines(text, first);
    this.fatal('not an XML report: it starts with text, not markup (expected "<")', {
      line: this.leadLine,
      column: this.leadColumn + 1,
    });
    return false;
  }

  private countLeadingLines(text: string, end: number): void {
    for (let i = 0; i < end; i++) {
      if (text.charCodeAt(i) === 10) {
        this.leadLine++;
        this.leadColumn = 0;
      } else {
        this.leadColumn++;
      }
    }
  }

  /** The end of the report: final checks, and every complete case read so far is handed over. */
  end(): void {
    if (!this.stopped && !this.awaitingDocument) {
      if (!this.sawNonWhitespace) {
        const at = { line: 1, column: 1 };
        this.fatal(
          this.fed === 0
            ? 'the file is empty (expected a JUnit XML report)'
            : 'the file holds only whitespace (expected a JUnit XML report)',
          at,
        );
      } else {
        try {
          this.parser.close();
        } catch (error) {
          this.fatal(`XML parser failed: ${error instanceof Error ? error.message : String(error)}`);
        }
        this.flushPendingClose();
      }
    }
    this.flushSuites();
    this.sink.endReport?.(this.source);
    const forbidden = this.forbidden.note();
    if (forbidden?.at !== undefined) this.report_(forbidden.message, forbidden.at);
    else if (forbidden !== undefined)
      this.errors.push({ file: this.report, message: `${this.report}: ${forbidden.message}` });
    if (this.recoverable > MAX_REPORTED_RECOVERABLE) {
      this.errors.push({
        file: this.report,
        message: `${this.report}: ${this.recoverable - MAX_REPORTED_RECOVERABLE} more recoverable XML problems like the ones above`,
      });
    }
    if (this.undercounted > MAX_REPORTED_RECOVERABLE) {
      this.errors.push({
        file: this.report,
        message: `${this.report}: ${this.undercounted - MAX_REPORTED_RECOVERABLE} more documents count failures they do not hold`,
      });
    }
    this.stopped = true;
  }

  /** Gives up on the rest of the input (it could not be read): complete cases are still handed over. */
  abandon(): void {
    this.pendingClose = undefined;
    this.stopped = true;
    this.flushSuites();
    this.sink.endReport?.(this.source);
  }

  // ---- parser plumbing -------------------------------------------------------------------------

  private createParser(): SaxesParser {
    const parser = new SaxesParser();
    parser.on('opentag', this.onOpen);
    parser.on('closetag', this.onClose);
    parser.on('cdata', this.onCData);
    parser.on('error', this.onError);
    // No handler for comments, processing instructions or the DOCTYPE to tell where they end
    // (buffered-token.ts reads through them): saxes keeps handlers in properties added after
    // construction, and four more put the parser in V8's slow property mode (3× the time).
    this.given = 0;
    this.syncAt = -1;
    this.textHandler = false;
    this.token.reset(AFTER_MARKUP);
    this.dropUntil = undefined;
    this.pendingSplit = undefined;
    this.lastGiven = 0;
    this.lineShift = 0;
    this.shiftLine = 0;
    this.columnShift = 0;
    this.offsetShift = 0;
    return parser;
  }

  /** An event of saxes: the token it held ended here (see `bound`). */
  private sync(state: number): void {
    this.syncAt = this.parser.position;
    this.syncState = state;
  }

  private setTextHandler(handler: ((text: string) => void) | undefined): void {
    this.textHandler = handler !== undefined;
    if (handler === undefined) this.parser.off('text');
    else this.parser.on('text', handler);
  }

  /** Stops every callback of the current parser (it may still chew through the current chunk). */
  private detach(): void {
    const parser = this.parser;
    parser.off('opentag');
    parser.off('closetag');
    parser.off('cdata');
    parser.off('text');
    this.textHandler = false;
    // An error handler must stay: without one saxes throws.
    parser.on('error', () => undefined);
  }

  /** Line (1-based) and column (1-based) in the whole input of the parser's last character. */
  private position(line = this.parser.line, column = this.parser.column): { line: number; column: number } {
    // Where the input differs from what saxes was given (see `shift`).
    if (line === this.shiftLine) column += this.columnShift;
    line += this.lineShift;
    if (line === 1) return { line: this.lineBase, column: Math.max(1, this.columnBase + column) };
    return { line: this.lineBase + line - 1, column: Math.max(1, column) };
  }

  private report_(message: string, at = this.position()): void {
    this.errors.push({
      file: this.report,
      line: at.line,
      column: at.column,
      message: `${this.report}:${at.line}:${at.column}: ${message}`,
    });
  }

  /** An error the rest of the report cannot be read after: cases read so far are kept. */
  private fatal(message: string, at?: { line: number; column: number }): void {
    if (this.stopped) return;
    this.report_(message, at);
    this.stopped = true;
    this.pendingClose = undefined;
    this.detach();
  }

  private onError = (error: Error): void => {
    if (this.stopped) return;
    const message = error.message.replace(/^\d+:\d+: /, '');
    const pending = this.pendingClose;
    if (pending !== undefined && message === 'unexpected close tag.') {
      // saxes has already popped the element it expected to close: that close never happened.
      this.pendingClose = undefined;
      this.fatal(
        `a closing tag that does not match the open element <${clipText(pending.name, 64)}> (expected </${clipText(pending.name, 64)}>)`,
      );
      return;
    }
    if (pending !== undefined) this.flushPendingClose();
    // After the document's root closed, what follows is read again by a fresh parser.
    if (this.awaitingDocument || this.stopped) return;
    if (message === 'disallowed character.') {
      this.forbidden.meet(this.position());
      return;
    }
    const problem = recoverableProblem(message);
    if (problem !== undefined) {
      if (++this.recoverable <= MAX_REPORTED_RECOVERABLE) this.report_(problem);
      return;
    }
    this.fatal(describeFatal(message));
  };

  private onCData = (text: string): void => {
    this.sync(AFTER_MARKUP);
    if (this.pendingClose !== undefined) this.flushPendingClose();
    if (this.active !== undefined && !this.awaitingDocument) this.active.append(this.forbidden.clean(text));
  };

  private onText = (text: string): void => {
    this.sync(AFTER_TEXT);
    if (this.pendingClose !== undefined) this.flushPendingClose();
    if (this.active === undefined || this.awaitingDocument) return;
    // Indentation around a retry's child elements is layout, not text.
    if (this.active === this.builder.retryBody && !/\S/.test(text)) return;
    this.active.append(this.forbidden.clean(text));
  };

  /** Collect the text of the current element into `target` (or stop collecting). */
  private collect(target: BoundedText | undefined): void {
    if (target === this.active) return;
    this.active = target;
    if (target !== undefined) this.builder.markCollecting();
    // saxes only buffers text while a text handler is set: none outside the elements we read.
    // Text it buffered before the handler goes (a close is handled one event late, see onClose)
    // would stay in its buffer and be glued to the next attribute value: a handler stays until
    // saxes hands that text over, and drops it.
    this.setTextHandler(target === undefined ? this.onStaleText : this.onText);
  }

  private onStaleText = (): void => {
    this.sync(AFTER_TEXT);
    if (this.active === undefined) this.setTextHandler(undefined);
  };

  /**
   * Keeps what saxes holds bounded between chunks (saxes 6 buffers a token whole before it hands
   * it over; buffered-token.ts tells which token is unfinished and how much of it saxes holds),
   * through its input alone: a text node or CDATA section is split by markup that adds nothing
   * (an empty comment, `]]><![CDATA[`), a comment likewise (`--><!--`); the rest of an attribute
   * value, a processing instruction or a quoted DOCTYPE string is left out (`leaveOut`). Positions
   * stay those of the input (`shift`). A name or entity reference that long, or that many
   * attributes, is not a test report.
   */
  private bound(text: string): void {
    const token = this.token;
    if (this.syncAt > this.writeStart) {
      token.reset(this.syncState);
      token.scan(text, this.syncAt - this.writeStart, this.textHandler);
    } else {
      token.scan(text, 0, this.textHandler);
    }
    if (token.buffered > this.peakBufferedChars) this.peakBufferedChars = token.buffered;
    if (token.name > DRAIN_AT) {
      this.fatal(`a name or entity reference longer than ${DRAIN_AT} characters (expected a JUnit XML report)`);
      return;
    }
    if (token.attributes > MAX_ATTRIBUTES) {
      this.fatal(`more than ${MAX_ATTRIBUTES} attributes on one element (expected a JUnit XML report)`);
      return;
    }
    if (token.buffered <= DRAIN_AT) return;
    const region = token.region;
    const split = SPLITS[region];
    const last = this.lastGiven;
    if (split !== undefined) {
      // Where saxes may keep the last character for the next piece, or stands inside a "]]>" or
      // "-->", the split waits for the first place in the next piece (`splitPending`).
      if (!token.terminating && canSplit(last, Number.NaN, split)) this.inject(split);
      else this.pendingSplit = split;
    } else if (region === 'attribute' || region === 'doctype-quoted' || region === 'pi') {
      // Nothing may be left out after a trailing CR or high surrogate (saxes keeps it for the next piece).
      if (!token.terminating && last !== 13 && !isHighSurrogate(last)) {
        if (region === 'attribute' && !this.attributeCut) {
          this.attributeCut = true;
          this.report_(`an attribute value longer than ${JUNIT_LIMITS.attribute} characters was cut`);
        }
        this.dropUntil = region === 'pi' ? '?>' : token.closingQuote;
        this.droppedCR = false;
      }
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

  /** Between documents: skips whitespace (counting lines) until the next document starts. */
  private skipToNextDocument(text: string): string {
    let i = 0;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        this.lineBase++;
        this.columnBase = 0;
      } else if (c === 32 || c === 9 || c === 13) {
        this.columnBase++;
      } else {
        break;
      }
    }
    this.fed += i;
    if (i === text.length) return '';
    if (text.charCodeAt(i) !== 60 /* < */) {
      this.fatal('text after the end of the report (expected another XML document or the end of the file)', {
        line: this.lineBase,
        column: this.columnBase + 1,
      });
      return '';
    }
    this.awaitingDocument = false;
    this.parser = this.createParser();
    this.parserOffset = this.fed;
    return text.slice(i);
  }

  // ---- elements --------------------------------------------------------------------------------

  private onOpen = (tag: SaxesTagPlain): void => {
    this.sync(AFTER_MARKUP);
    if (this.pendingClose !== undefined) this.flushPendingClose();
    if (this.stopped || this.awaitingDocument) return;
    const name = tag.name;
    const attributes = tag.attributes;
    this.forbidden.cleanAttributes(attributes);
    const depth = this.depth;
    // The hot path: a <testcase> in a suite (most elements of a big report).
    if (name === 'testcase' && depth > 0 && this.kinds[depth - 1] === K_SUITE && depth < MAX_DEPTH) {
      this.kinds[depth] = K_CASE;
      this.depth = depth + 1;
      this.openCase(attributes, false);
      return;
    }
    if (depth >= MAX_DEPTH) {
      this.fatal(`elements nested deeper than ${MAX_DEPTH} levels (expected a JUnit XML report)`);
      return;
    }
    if (depth === 0) {
      if (name !== 'testsuites' && name !== 'testsuite') {
        this.fatal(
          `not a JUnit XML report: the root element is <${clipText(name, 64)}> (expected <testsuites> or <testsuite>)`,
        );
        return;
      }
      this.startDocument(name, attributes);
    }
    const parent = depth === 0 ? K_OTHER : this.kinds[depth - 1]!;
    let kind: number;
    switch (parent) {
      case K_OTHER:
      case K_SUITE:
        if (name === 'testcase') kind = K_CASE;
        else if (name === 'testsuite') kind = K_SUITE;
        else if (name === 'system-out') kind = parent === K_SUITE ? K_SUITE_OUT : K_IGNORED;
        else if (name === 'system-err') kind = parent === K_SUITE ? K_SUITE_ERR : K_IGNORED;
        else if (name === 'properties' || name === 'property') kind = K_IGNORED;
        else kind = K_OTHER;
        break;
      case K_CASE:
        if (name === 'failure') kind = K_FAILURE;
        else if (name === 'error') kind = K_ERROR;
        else if (name === 'skipped') kind = K_SKIPPED;
        else if (name === 'system-out') kind = K_CASE_OUT;
        else if (name === 'system-err') kind = K_CASE_ERR;
        else if (name === 'flakyFailure' || name === 'flakyError' || name === 'rerunFailure' || name === 'rerunError')
          kind = K_RETRY;
        else if (name === 'properties') kind = K_CASE_PROPERTIES;
        else kind = K_IGNORED;
        break;
      case K_CASE_PROPERTIES:
        kind = name === 'property' ? K_CASE_PROPERTY : K_IGNORED;
        break;
      case K_RETRY:
        kind = name === 'stackTrace' ? K_RETRY_TRACE : K_IGNORED;
        break;
      default:
        kind = K_IGNORED;
    }
    this.kinds[depth] = kind;
    this.depth = depth + 1;

    switch (kind) {
      case K_CASE:
        this.openCase(attributes, parent === K_OTHER && depth === 1);
        break;
      case K_SUITE:
        this.openSuite(attributes, depth === 0);
        break;
      case K_FAILURE:
      case K_ERROR:
        this.foundFailureElements++;
        this.builder.failure(kind === K_ERROR, attributes);
        this.collect(this.builder.body);
        break;
      case K_SKIPPED:
        this.builder.skip(attributes);
        this.collect(undefined);
        break;
      case K_CASE_OUT:
        this.collect(this.builder.out);
        break;
      case K_CASE_ERR:
        this.collect(this.builder.err);
        break;
      case K_SUITE_OUT:
      case K_SUITE_ERR:
        this.collect(this.suiteCollector(kind));
        break;
      case K_RETRY:
        this.foundFailureElements++;
        this.builder.retry(name, attributes);
        // nextest may put the description straight in the element; Surefire uses <stackTrace>.
        this.collect(this.builder.retryCollector());
        break;
      case K_RETRY_TRACE:
        // The stack trace of the first retry is kept; later retries are only counted.
        this.collect(this.builder.retryCollector());
        break;
      case K_CASE_PROPERTIES:
        this.collect(undefined);
        break;
      case K_CASE_PROPERTY:
        this.builder.property(attributes);
        this.collect(undefined);
        break;
      case K_IGNORED:
        if (this.dialect === undefined && name === 'property' && this.suites.length > 0) {
          this.setDialect(detectFromProperty(attributes, this.suites[this.suites.length - 1]!.hostname !== undefined));
        }
        this.collect(undefined);
        break;
      default:
        break;
    }
  };

  private onClose = (tag: SaxesTagPlain): void => {
    this.sync(AFTER_MARKUP);
    if (this.pendingClose !== undefined) this.flushPendingClose();
    if (this.stopped || this.awaitingDocument) return;
    // Held until the next event: a mismatched close tag is reported (by saxes) only after this.
    this.pendingClose = tag;
    // A self-closing element (most passing cases) cannot be mismatched: done at once.
    if (tag.isSelfClosing && this.depth > 1) {
      this.flushPendingClose();
      return;
    }
    if (this.depth === 1) {
      // The root: where the document ends (the next one, if any, starts after it).
      const parser = this.parser;
      this.closeAt = this.parserOffset + parser.position + this.offsetShift;
      this.closeLine = parser.line;
      this.closeColumn = parser.column;
    }
  };

  private flushPendingClose(): void {
    if (this.pendingClose === undefined || this.stopped) return;
    this.pendingClose = undefined;
    const depth = --this.depth;
    const kind = this.kinds[depth]!;
    switch (kind) {
      case K_CASE:
        this.closeCase();
        break;
      case K_SUITE:
        this.closeSuite();
        break;
      default:
        break;
    }
    // Back in the parent: collect its text again if it is an element we read.
    if (depth > 0) this.collect(this.collectorFor(this.kinds[depth - 1]!));
    else this.endDocument();
  }

  private collectorFor(kind: number): BoundedText | undefined {
    switch (kind) {
      case K_FAILURE:
      case K_ERROR:
        return this.builder.body;
      case K_CASE_OUT:
        return this.builder.out;
      case K_CASE_ERR:
        return this.builder.err;
      case K_SUITE_OUT:
      case K_SUITE_ERR:
        return this.suiteCollector(kind);
      case K_RETRY:
      case K_RETRY_TRACE:
        return this.builder.retryCollector();
      default:
        return undefined;
    }
  }

  private suiteCollector(kind: number): BoundedText | undefined {
    const suite = this.suites[this.suites.length - 1];
    if (suite === undefined) return undefined;
    if (kind === K_SUITE_OUT) return (suite.out ??= new BoundedText(JUNIT_LIMITS.output));
    return (suite.err ??= new BoundedText(JUNIT_LIMITS.output));
  }

  private setDialect(dialect: JUnitDialect | undefined): void {
    if (dialect === undefined || this.dialect !== undefined) return;
    this.dialect = dialect;
    this.builder.quirks = quirksOf(dialect);
    this.source.dialect = dialect;
    this.passIds = undefined;
  }

  // ---- documents -------------------------------------------------------------------------------

  private startDocument(rootName: string, attributes: Record<string, string>): void {
    if (this.dialect === undefined) this.setDialect(detectFromRoot(rootName, attributes));
    const failures = countAttribute(attributes['failures']);
    const errors = countAttribute(attributes['errors']);
    this.declaredFailures = failures < 0 && errors < 0 ? -1 : Math.max(0, failures) + Math.max(0, errors);
    this.foundFailureElements = 0;
    const at = this.position();
    this.rootLine = at.line;
    this.rootColumn = at.column;
  }

  private endDocument(): void {
    // One per document at most, and bounded like the recoverable problems: a report may hold
    // thousands of documents.
    if (this.declaredFailures > this.foundFailureElements && ++this.undercounted <= MAX_REPORTED_RECOVERABLE) {
      this.report_(
        `the report counts ${this.declaredFailures} failures and errors but holds ${this.foundFailureElements} <failure>/<error> elements: ` +
          'the rest (often a build or setup failure recorded only as a count) is not in this report, see the test log',
        { line: this.rootLine, column: this.rootColumn },
      );
    }
    // Whatever follows may be another document (libtest prints one per test binary).
    const { line, column } = this.position(this.closeLine, this.closeColumn);
    this.lineBase = line;
    this.columnBase = column;
    this.restartAt = this.closeAt;
    this.awaitingDocument = true;
    this.detach();
    // The old parser would read the rest of the piece for nothing (a report of a thousand small
    // documents, as libtest writes one per test binary, then costs a thousand times the piece):
    // its next event ends its `write` instead (caught in `parse`).
    const stop = (): never => {
      throw DOCUMENT_ENDED;
    };
    for (const event of ['opentag', 'closetag', 'cdata', 'text', 'error'] as const) this.parser.on(event, stop);
  }

  // ---- suites ----------------------------------------------------------------------------------

  private openSuite(attributes: Record<string, string>, isRoot: boolean): void {
    if (this.dialect === undefined && this.suites.length === 0) this.setDialect(detectFromSuite(attributes, isRoot));
    const parent = this.suites[this.suites.length - 1];
    const quirks = this.builder.quirks;
    const file = attributes['file'];
    const hostname = attributes['hostname'];
    this.suites.push({
      name: ownString(
        clipText(
          quirks.suiteName ? quirks.suiteName(attributes['name'] ?? '') : (attributes['name'] ?? ''),
          JUNIT_LIMITS.name,
        ),
      ),
      // mocha-junit-reporter and PHPUnit write the file on the suite: its cases inherit it.
      file: file ? ownString(clipText(file, JUNIT_LIMITS.name)) : parent?.file,
      hostname: hostname ? ownString(clipText(hostname, JUNIT_LIMITS.name)) : parent?.hostname,
      declaredTests: countAttribute(attributes['tests']),
      cases: 0,
      out: undefined,
      err: undefined,
      pending: [],
    });
    this.collect(undefined);
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

  /** At the end or after a fatal error: suites still open get their output too. */
  private flushSuites(): void {
    for (let i = this.suites.length - 1; i >= 0; i--) this.releaseSuite(this.suites[i]!);
    this.suites.length = 0;
  }

  // ---- cases -----------------------------------------------------------------------------------

  private openCase(attributes: Record<string, string>, directlyUnderRoot: boolean): void {
    // Producers are told by their first case (see dialects.ts): later cases are not looked at again.
    if (this.dialect === undefined && !this.sawCase) this.setDialect(detectFromCase(attributes, directlyUnderRoot));
    this.sawCase = true;
    const suite = this.suites[this.suites.length - 1];
    if (suite !== undefined) suite.cases++;
    // Read only when the case is closed, and then only if it is needed: most cases pass, and a
    // passing case is often only counted (saxes gives every element a fresh attribute object).
    this.builder.open(attributes);
    this.collect(undefined);
  }

  private closeCase(): void {
    const builder = this.builder;
    // The hot path: most cases pass, and without other reports to merge with they are only counted.
    if (!builder.hasResult && !this.wantsPassingCases && !this.passIdsNeeded()) {
      this.sink.countPass(this.source);
      return;
    }
    const { status, flaky } = builder.result();
    const passing = status === 'passed' && !flaky && !this.wantsPassingCases;
    if (passing && !this.passIdsNeeded()) {
      this.sink.countPass(this.source);
      return;
    }
    const suite = this.suites[this.suites.length - 1];
    const identity = builder.identify(suite);
    if (passing && this.sink.wantsPassingCase?.(identity.scope, identity.idName, identity.prefix) !== true) {
      this.sink.addPassing(builder.passingScope(identity), identity.idName, identity.prefix, this.source);
      return;
    }
    const testCase = builder.build(identity, suite, status, flaky, this.source);
    if (
      suite !== undefined &&
      !(status === 'passed' && !flaky) &&
      status !== 'skipped' &&
      (testCase.systemOut === undefined || testCase.systemErr === undefined)
    )
      suite.pending.push(testCase);
    this.sink.addCase(testCase);
  }
}

/** Markup that splits a token saxes holds without changing what it reads (see `bound`). */
const SPLITS: Partial<Record<TokenRegion, string>> = {
  text: '<!---->',
  cdata: ']]><![CDATA[',
  comment: '--><!--',
};

/**
 * Whether `split` may come between the characters `before` and `after` (NaN: not known yet):
 * not inside a CR LF or a surrogate pair, and not after a "]" (of a "]]>") or a "-" (of a "-->").
 */
function canSplit(before: number, after: number, split: string): boolean {
  if (before === 13) return !Number.isNaN(after) && after !== 10; // the next piece may start with LF
  if (isHighSurrogate(before)) return false;
  return before !== (split === '--><!--' ? 45 : 93);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

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

function countAttribute(value: string | undefined): number {
  if (value === undefined) return -1;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : -1;
}

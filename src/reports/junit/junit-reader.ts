/**
 * The streaming core of the JUnit parser: text in (chunk by chunk), neutral test cases out. It
 * drives saxes with a small state machine (a stack of element kinds, one reusable case builder)
 * and never builds a document tree, so memory does not grow with the report: only the cases the
 * sink decides to keep stay in memory.
 *
 * Untrusted input: a report is written by the test run, and test names, messages and output are
 * whatever the tests printed. Every string is bounded (see bounded-text.ts); entity references are
 * never expanded (saxes reads no DTD: an undefined entity stays literal and is reported); element
 * depth, attribute count and name lengths are capped, and saxes' own buffers are drained or cut
 * between chunks so a huge text node, CDATA section, comment or attribute cannot grow them.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { type ReportError, type TestCase, type TestFailure, type TestStatus } from '../test-run.js';
import { BoundedText, clipText, JUNIT_LIMITS, ownString } from './bounded-text.js';
import { scanPassingCases } from './passing-cases.js';
import {
  detectFromCase,
  detectFromProperty,
  detectFromRoot,
  detectFromSuite,
  quirksOf,
  scopedName,
  skipAllowsFailure,
  type CaseFields,
  type DialectQuirks,
  type JUnitDialect,
} from './dialects.js';

/** Where parsed cases go (see merge-cases.ts). */
export interface CaseSink {
  /** When false, a passing case that is not flaky is counted or reported by its id only (no object is built). */
  readonly wantsPassingCases: boolean;
  /**
   * Whether passing cases of this report are needed by their ids (`addPassing`) or only counted
   * (`countPass`). Asked once per report, after its producer is known.
   */
  passIdsNeeded(source: CaseSource): boolean;
  /** A passing case that is only counted: its attributes are not even read. */
  countPass(source: CaseSource): void;
  /**
   * A passing case by the parts of its id: `scope::prefix+name`, or `prefix+name` when the scope is
   * empty (see `testId`); the parts are passed so the hot path need not build the id.
   */
  addPassing(scope: string, name: string, prefix: string, source: CaseSource): void;
  /** When it returns true for a passing case's id parts, the case is built whole and given to `addCase`. */
  wantsPassingCase?(scope: string, name: string, prefix: string): boolean;
  addCase(testCase: TestCase): void;
  /** Every case of the report has been handed over. */
  endReport?(source: CaseSource): void;
}

/** The report (and its producer, once known) a case was read from. */
export type CaseSource = { report: string; dialect?: string };

/** Deeper nesting than this is not a test report (and would grow saxes' tag stack without bound). */
const MAX_DEPTH = 256;
/** More attributes than this on one element is not a test report either. */
const MAX_ATTRIBUTES = 1024;
/** saxes' internal buffers are inspected between chunks once they pass this many characters. */
const DRAIN_AT = 64 * 1024;
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

// saxes parser states (saxes 6.0.0, pinned in package.json), used to drain its text buffer.
const S_TEXT = 13;
const S_ENTITY = 14;
const S_CDATA = 20;
const S_CDATA_ENDING_2 = 22;
const S_ATTRIB_VALUE_QUOTED = 40;
const S_ATTRIB_VALUE_UNQUOTED = 42;

/** The private saxes fields this module reads or trims between chunks (see `drain`). */
interface SaxesInternals {
  text: string;
  name: string;
  entity: string;
  piTarget: string;
  state: number;
  entityReturnState?: number;
  attribList: unknown[];
  // Moved forward over the passing cases saxes is not given (see `skipPassingCases`).
  chunkPosition: number;
  line: number;
  column: number;
  positionAtNewLine: number;
  forbiddenState: number;
  carriedFromPrevious: string | undefined;
  currentXMLVersion: string;
}

/** Thrown from the handlers of a parser whose document ended, to stop its `write` (see `endDocument`). */
const DOCUMENT_ENDED = new Error('the document ended');

/** A POSIX or Windows absolute path, or a file URL. */
const ABSOLUTE_FILE = /^(?:\/|[A-Za-z]:[\\/]|\\\\|file:\/\/)/;

/** saxes' "no `]]` seen" state of text (saxes 6.0.0). */
const FORBIDDEN_START = 0;
/** A chunk in which this many `<testcase` in a row could not be skipped is given to saxes whole. */
const FAST_PATH_MISSES = 8;

interface SuiteFrame {
  name: string;
  file: string | undefined;
  hostname: string | undefined;
  out: BoundedText | undefined;
  err: BoundedText | undefined;
  /** Non-passing cases without output of their own: suite-level output is attached when the suite closes. */
  pending: TestCase[];
}

/** Messages saxes reports for problems it recovers from; parsing goes on after them. */
function recoverableProblem(message: string): string | undefined {
  switch (message) {
    case 'undefined entity.':
      return 'undefined entity reference, kept as literal text (entities declared in a DOCTYPE are never expanded)';
    case 'disallowed character in entity name.':
    case 'empty entity name.':
      return 'malformed entity reference, kept as literal text (expected &name; or &#number;)';
    case 'malformed character entity.':
      return 'character reference to a character XML does not allow, kept as literal text';
    case 'disallowed character.':
      return 'a character XML does not allow (often a raw control or ANSI colour code in captured output), kept as is';
    case 'the string "]]>" is disallowed in char data.':
      return '"]]>" in text outside CDATA, kept as is';
    default:
      return message.startsWith('duplicate attribute:')
        ? `${message.replace(/\.$/, '')} (the last value is used)`
        : undefined;
  }
}

export class JUnitReader {
  readonly errors: ReportError[] = [];
  dialect: JUnitDialect | undefined;
  /** Largest saxes text buffer seen between chunks (for the memory tests and the bench). */
  peakBufferedChars = 0;
  /** Passing cases counted without saxes (see passing-cases.ts), for the tests and the bench. */
  fastCases = 0;

  private parser!: SaxesParser;
  private quirks: DialectQuirks = {};
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
  private attributeCut = false;

  // The case being read (one builder, reused: a passing case allocates only its id).
  private readonly fields: CaseFields = {
    name: '',
    classname: undefined,
    file: undefined,
    line: undefined,
    suiteHostname: undefined,
  };
  /** The open case's attributes, read when it closes (see openCase). */
  private caseAttributes: Record<string, string> = {};
  private sawCase = false;
  /** Whether the open case's result fields were set (they are reset only then). */
  private resultTouched = false;
  private failed = false;
  private errored = false;
  private skipped = false;
  private skipMessage: string | undefined;
  private failureCount = 0;
  private failureType: string | undefined;
  private failureMessage: string | undefined;
  private flakyCount = 0;
  private rerunCount = 0;
  private retryType: string | undefined;
  private retryMessage: string | undefined;
  private readonly body = new BoundedText(JUNIT_LIMITS.body);
  private readonly retryBody = new BoundedText(JUNIT_LIMITS.body);
  private readonly out = new BoundedText(JUNIT_LIMITS.output);
  private readonly err = new BoundedText(JUNIT_LIMITS.output);
  private active: BoundedText | undefined;
  /** Whether the case collectors hold text to reset before the next case. */
  private usedCollectors = false;

  private readonly wantsPassingCases: boolean;
  /** Whether this report's passing cases are needed by their ids (asked when the first one closes). */
  private passIds: boolean | undefined;

  constructor(
    /** The report's path as shown to the user: every error names it. */
    readonly report: string,
    private readonly sink: CaseSink,
    private readonly source: CaseSource = { report },
    /** Makes a producer's absolute case files repo-relative (see `absoluteFiles` in dialects.ts). */
    private readonly caseFile?: (file: string) => string,
  ) {
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
    // Runs of passing cases that are only counted go around saxes (see passing-cases.ts); every
    // other piece of the text goes through it, in order.
    let from = 0;
    let search = 0;
    let misses = 0;
    while (misses < FAST_PATH_MISSES && this.sawCase && !this.wantsPassingCases) {
      const at = text.indexOf('<testcase', search);
      if (at < 0) break;
      if (at > from) {
        const rest = this.parse(text.slice(from, at));
        if (rest !== undefined) {
          // The document ended before `at`: the rest of the chunk starts the next one.
          this.write(rest + text.slice(at));
          return;
        }
        if (this.stopped) return;
        from = at;
      }
      if (this.skipPassingCases(text, at)) {
        from = search = this.runEnd;
        misses = 0;
      } else {
        search = at + 1;
        misses++;
      }
    }
    const rest = this.parse(from === 0 ? text : text.slice(from));
    if (rest !== undefined) {
      // The document ended inside this chunk: read the rest as the start of the next one.
      this.write(rest);
      return;
    }
    if (!this.stopped) this.drain();
  }

  /** Gives saxes the next piece; the text after the document's end when the document ended in it. */
  private parse(text: string): string | undefined {
    const start = this.fed;
    this.fed += text.length;
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

  /** Where the last run of `skipPassingCases` ended. */
  private runEnd = 0;

  /**
   * Counts the run of passing cases at `at` without saxes, when saxes stands right before it in
   * the content of a suite and such cases are only counted (one report, no passing ids wanted).
   * saxes' position is moved over the run, so every later error and document boundary is placed
   * exactly as if it had read it. False when there is no such run.
   */
  private skipPassingCases(text: string, at: number): boolean {
    const depth = this.depth;
    if (
      this.stopped ||
      this.awaitingDocument ||
      depth === 0 ||
      this.kinds[depth - 1] !== K_SUITE ||
      this.active !== undefined
    )
      return false;
    if ((this.passIds ??= this.sink.passIdsNeeded(this.source))) return false;
    const internals = this.parser as unknown as SaxesInternals;
    if (
      internals.state !== S_TEXT ||
      internals.text !== '' ||
      internals.carriedFromPrevious !== undefined ||
      internals.currentXMLVersion !== '1.0'
    )
      return false;
    const run = scanPassingCases(text, at);
    if (run.cases === 0) return false;
    // What openCase and closeCase do for a passing case that is only counted.
    this.resetCase();
    for (let k = 0; k < run.cases; k++) this.sink.countPass(this.source);
    this.fastCases += run.cases;
    const length = run.end - at;
    const base = internals.chunkPosition;
    if (run.newlines > 0) {
      internals.line += run.newlines;
      internals.column = run.end - run.lineStart;
      internals.positionAtNewLine = base + (run.lineStart - at);
    } else {
      internals.column += length;
    }
    internals.chunkPosition = base + length;
    internals.forbiddenState = FORBIDDEN_START;
    this.fed += length;
    this.runEnd = run.end;
    return true;
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
    return parser;
  }

  /** Stops every callback of the current parser (it may still chew through the current chunk). */
  private detach(): void {
    const parser = this.parser;
    parser.off('opentag');
    parser.off('closetag');
    parser.off('cdata');
    parser.off('text');
    // An error handler must stay: without one saxes throws.
    parser.on('error', () => undefined);
  }

  /** Line (1-based) and column (1-based) in the whole input of the parser's last character. */
  private position(line = this.parser.line, column = this.parser.column): { line: number; column: number } {
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
    const problem = recoverableProblem(message);
    if (problem !== undefined) {
      if (++this.recoverable <= MAX_REPORTED_RECOVERABLE) this.report_(problem);
      return;
    }
    this.fatal(describeFatal(message));
  };

  private onCData = (text: string): void => {
    if (this.pendingClose !== undefined) this.flushPendingClose();
    if (this.active !== undefined && !this.awaitingDocument) this.active.append(text);
  };

  private onText = (text: string): void => {
    if (this.pendingClose !== undefined) this.flushPendingClose();
    if (this.active === undefined || this.awaitingDocument) return;
    // Indentation around a retry's child elements is layout, not text.
    if (this.active === this.retryBody && !/\S/.test(text)) return;
    this.active.append(text);
  };

  /** Collect the text of the current element into `target` (or stop collecting). */
  private collect(target: BoundedText | undefined): void {
    if (target === this.active) return;
    this.active = target;
    if (target !== undefined) this.usedCollectors = true;
    // saxes only buffers text while a text handler is set: none outside the elements we read.
    if (target === undefined) {
      this.parser.off('text');
      // Text saxes buffered before the handler went away (a close is handled one event late,
      // see onClose) would otherwise stay in its buffer and be glued to the next attribute value.
      const internals = this.parser as unknown as SaxesInternals;
      const state = internals.state;
      if (state === S_TEXT || (state === S_ENTITY && internals.entityReturnState === S_TEXT)) internals.text = '';
    } else {
      this.parser.on('text', this.onText);
    }
  }

  /**
   * Keeps saxes' buffers bounded between chunks (saxes 6 accumulates a text node, CDATA section,
   * comment, DOCTYPE or attribute value whole before handing it over). Text we are collecting is
   * moved into its bounded collector; anything else is cut, with a note for a cut attribute.
   */
  private drain(): void {
    const internals = this.parser as unknown as SaxesInternals;
    const buffered = internals.text.length;
    if (buffered > this.peakBufferedChars) this.peakBufferedChars = buffered;
    if (
      internals.name.length > DRAIN_AT ||
      internals.entity.length > DRAIN_AT ||
      internals.piTarget.length > DRAIN_AT
    ) {
      this.fatal(`a name or entity reference longer than ${DRAIN_AT} characters (expected a JUnit XML report)`);
      return;
    }
    if (internals.attribList.length > MAX_ATTRIBUTES) {
      this.fatal(`more than ${MAX_ATTRIBUTES} attributes on one element (expected a JUnit XML report)`);
      return;
    }
    if (buffered <= DRAIN_AT) return;
    const state = internals.state;
    const inText = state === S_TEXT || (state === S_ENTITY && internals.entityReturnState === S_TEXT);
    const inCData = state >= S_CDATA && state <= S_CDATA_ENDING_2;
    if (this.active !== undefined && (inText || inCData)) {
      this.active.append(internals.text);
      internals.text = '';
      return;
    }
    const inAttribute =
      state === S_ATTRIB_VALUE_QUOTED ||
      state === S_ATTRIB_VALUE_UNQUOTED ||
      (state === S_ENTITY && internals.entityReturnState === S_ATTRIB_VALUE_QUOTED);
    if (inAttribute && !this.attributeCut) {
      this.attributeCut = true;
      this.report_(`an attribute value longer than ${JUNIT_LIMITS.attribute} characters was cut`);
    }
    internals.text = internals.text.slice(0, JUNIT_LIMITS.attribute);
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
    if (this.pendingClose !== undefined) this.flushPendingClose();
    if (this.stopped || this.awaitingDocument) return;
    const name = tag.name;
    const attributes = tag.attributes;
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
        else kind = K_IGNORED;
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
        this.openFailure(kind, attributes);
        break;
      case K_SKIPPED:
        this.resultTouched = true;
        this.skipped = true;
        this.skipMessage ??= attributes['message'];
        this.collect(undefined);
        break;
      case K_CASE_OUT:
        this.collect(this.out);
        break;
      case K_CASE_ERR:
        this.collect(this.err);
        break;
      case K_SUITE_OUT:
      case K_SUITE_ERR:
        this.collect(this.suiteCollector(kind));
        break;
      case K_RETRY:
        this.openRetry(name, attributes);
        break;
      case K_RETRY_TRACE:
        // The stack trace of the first retry is kept; later retries are only counted.
        this.collect(this.flakyCount + this.rerunCount === 1 ? this.retryBody : undefined);
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
      this.closeAt = this.parserOffset + parser.position;
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
        return this.body;
      case K_CASE_OUT:
        return this.out;
      case K_CASE_ERR:
        return this.err;
      case K_SUITE_OUT:
      case K_SUITE_ERR:
        return this.suiteCollector(kind);
      case K_RETRY:
      case K_RETRY_TRACE:
        return this.flakyCount + this.rerunCount === 1 ? this.retryBody : undefined;
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
    this.quirks = quirksOf(dialect);
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
    const file = attributes['file'];
    const hostname = attributes['hostname'];
    this.suites.push({
      name: ownString(
        clipText(
          this.quirks.suiteName ? this.quirks.suiteName(attributes['name'] ?? '') : (attributes['name'] ?? ''),
          JUNIT_LIMITS.name,
        ),
      ),
      // mocha-junit-reporter and PHPUnit write the file on the suite: its cases inherit it.
      file: file ? ownString(clipText(file, JUNIT_LIMITS.name)) : parent?.file,
      hostname: hostname ? ownString(clipText(hostname, JUNIT_LIMITS.name)) : parent?.hostname,
      out: undefined,
      err: undefined,
      pending: [],
    });
    this.collect(undefined);
  }

  private closeSuite(): void {
    const suite = this.suites.pop();
    if (suite !== undefined) this.releaseSuite(suite);
  }

  /**
   * Gradle (by default) and go-junit-report write output per suite, after its cases: it is given
   * to the suite's non-passing cases that have none of their own (the case objects were already
   * handed to the sink, which keeps them by reference).
   */
  private releaseSuite(suite: SuiteFrame): void {
    if (suite.pending.length === 0) return;
    const out = this.outputText(suite.out);
    const err = this.outputText(suite.err);
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
    // Read only when the case is closed, and then only if it is needed: most cases pass, and a
    // passing case is often only counted (saxes gives every element a fresh attribute object).
    this.caseAttributes = attributes;
    this.resetCase();
  }

  /** Clears what the previous case left in the case builder. */
  private resetCase(): void {
    // Only a <failure>, <error>, <skipped> or retry element sets the result's fields.
    if (this.resultTouched) {
      this.resultTouched = false;
      this.failed = false;
      this.errored = false;
      this.skipped = false;
      this.skipMessage = undefined;
      this.failureCount = 0;
      this.failureType = undefined;
      this.failureMessage = undefined;
      this.flakyCount = 0;
      this.rerunCount = 0;
      this.retryType = undefined;
      this.retryMessage = undefined;
    }
    if (this.usedCollectors) {
      this.usedCollectors = false;
      this.body.reset();
      this.retryBody.reset();
      this.out.reset();
      this.err.reset();
    }
    this.collect(undefined);
  }

  /** The case's own fields, from its attributes (the builder is reused from case to case). */
  private readCaseFields(suite: SuiteFrame | undefined): CaseFields {
    const attributes = this.caseAttributes;
    const fields = this.fields;
    fields.name = attributes['name'] ?? '';
    fields.classname = attributes['classname'] || undefined;
    // mocha-junit-reporter and PHPUnit write the file on the suite: its cases inherit it.
    fields.file = attributes['file'] || suite?.file;
    fields.line = undefined;
    fields.suiteHostname = suite?.hostname;
    this.quirks.adjustCase?.(fields);
    // An absolute path (node:test always, mocha-junit-reporter and PHPUnit on their suites) is the
    // machine's, not the test's: ids must be the same wherever the report was written.
    if (
      fields.file !== undefined &&
      this.caseFile !== undefined &&
      (this.quirks.absoluteFiles || ABSOLUTE_FILE.test(fields.file))
    ) {
      fields.file = this.caseFile(fields.file);
    }
    return fields;
  }

  private openFailure(kind: number, attributes: Record<string, string>): void {
    this.resultTouched = true;
    this.foundFailureElements++;
    if (kind === K_FAILURE) this.failed = true;
    else this.errored = true;
    if (this.failureCount++ === 0) {
      this.failureType = attributes['type'];
      this.failureMessage = attributes['message'];
    } else if (this.body.length > 0) {
      // Catch2 writes one <failure> per failed CHECK: their texts are kept together.
      this.body.append('\n\n');
    }
    this.collect(this.body);
  }

  private openRetry(name: string, attributes: Record<string, string>): void {
    this.resultTouched = true;
    this.foundFailureElements++;
    if (name.startsWith('flaky')) this.flakyCount++;
    else this.rerunCount++;
    const first = this.flakyCount + this.rerunCount === 1;
    if (first) {
      this.retryType = attributes['type'];
      this.retryMessage = attributes['message'];
    }
    // nextest may put the description straight in the element; Surefire uses <stackTrace>.
    this.collect(first ? this.retryBody : undefined);
  }

  private closeCase(): void {
    // The hot path: most cases pass, and without other reports to merge with they are only counted.
    if (!this.resultTouched && !this.wantsPassingCases && !(this.passIds ??= this.sink.passIdsNeeded(this.source))) {
      this.sink.countPass(this.source);
      return;
    }
    let status: TestStatus;
    if ((this.failed || this.errored) && !(this.skipped && skipAllowsFailure(this.skipMessage))) {
      status = this.failed ? 'failed' : 'errored';
    } else if (this.skipped) status = 'skipped';
    else if (this.rerunCount > 0)
      status = 'failed'; // a rerun failure without a first <failure>
    else status = 'passed';
    // Passed after retries (flakyFailure/flakyError); a case that failed every rerun is not flaky.
    const flaky = this.flakyCount > 0 && status !== 'failed' && status !== 'errored';

    const passing = status === 'passed' && !flaky && !this.wantsPassingCases;
    if (passing && !(this.passIds ??= this.sink.passIdsNeeded(this.source))) {
      this.sink.countPass(this.source);
      return;
    }
    const suite = this.suites[this.suites.length - 1];
    const fields = this.readCaseFields(suite);
    const limit = JUNIT_LIMITS.name;
    const name = fields.name.length > limit ? clipText(fields.name, limit) : fields.name;
    let classname = fields.classname;
    if (classname !== undefined && classname.length > limit) classname = clipText(classname, limit);
    let file = fields.file;
    if (file !== undefined && file.length > limit) file = clipText(file, limit);
    const suiteName = suite?.name ?? '';
    const idName = this.quirks.idName === undefined ? name : clipText(this.quirks.idName(fields), JUNIT_LIMITS.name);
    // `Class::` when the classname tells same-named tests of one file apart (see scopedName).
    const prefix = file === undefined ? '' : this.classPrefix(classname, file, idName);
    // testId's scope: file, else classname, else suite.
    const scope = file ?? classname ?? suiteName;

    if (passing) {
      if (this.sink.wantsPassingCase?.(scope, idName, prefix) !== true) {
        // The owned scope is the same string object from case to case while it does not change:
        // the hash of `scope::prefix` is then reused without comparing characters (see hashIdParts).
        this.sink.addPassing(
          file !== undefined ? this.lastScopeFile : this.ownedScope(scope),
          idName,
          prefix,
          this.source,
        );
        return;
      }
    }
    const lineAttribute = this.caseAttributes['line'];
    if (lineAttribute !== undefined) {
      const line = parseLine(lineAttribute);
      if (line !== undefined) fields.line = line + (this.quirks.lineBase === 0 ? 1 : 0);
      if (fields.line !== undefined && fields.line < 1) fields.line = undefined;
    }
    // Strings a kept case holds are copied, so they do not pin the report's chunks in memory: the
    // id is one flat copy (as testId builds it), and the name and file are views into it.
    const id = scope ? [scope, '::', prefix, idName].join('') : ownString(prefix + idName);
    const testCase: TestCase = {
      id,
      suite: suiteName,
      name: id.endsWith(name) ? id.slice(id.length - name.length) : ownString(name),
      status,
      source: this.source,
    };
    if (classname !== undefined) testCase.classname = this.ownedClassname(classname);
    if (file !== undefined)
      testCase.file = file === suite?.file ? file : file === scope ? id.slice(0, file.length) : ownString(file);
    const durationMs = parseDurationMs(this.caseAttributes['time']);
    if (durationMs !== undefined) testCase.durationMs = durationMs;
    if (flaky) testCase.flaky = true;

    if (status === 'passed' && !flaky) {
      // The pass-to-pass set only needs to know the case exists: no text is kept.
      if (fields.line !== undefined) testCase.line = fields.line;
      this.sink.addCase(testCase);
      return;
    }

    const failure = this.buildFailure(fields);
    if (failure !== undefined) testCase.failure = failure;
    const line =
      fields.line ??
      (failure?.message !== undefined ? this.quirks.lineFromFailure?.(failure.message, fields) : undefined);
    if (line !== undefined) testCase.line = line;
    const out = this.outputText(this.out);
    const err = this.outputText(this.err);
    if (out !== undefined) testCase.systemOut = out;
    if (err !== undefined) testCase.systemErr = err;
    if (suite !== undefined && status !== 'skipped' && (out === undefined || err === undefined))
      suite.pending.push(testCase);
    this.sink.addCase(testCase);
  }

  // Consecutive cases mostly share class and file: the last answer of `scopedName` is kept.
  private lastScopeClass: string | undefined;
  private lastScopeFile = '';
  private lastScopePrefix = '';

  /** '' or `Class::`: what `scopedName` puts before the name, worked out once per class and file. */
  private classPrefix(classname: string | undefined, file: string, name: string): string {
    if (classname !== this.lastScopeClass || file !== this.lastScopeFile) {
      // Copies: a kept slice would keep its whole chunk alive (see ownString).
      this.lastScopeClass = classname === undefined ? undefined : ownString(classname);
      this.lastScopeFile = ownString(file);
      const probe = scopedName(this.quirks, { classname, file }, '\u0000');
      this.lastScopePrefix = probe.slice(0, -1);
    }
    if (this.lastScopePrefix === '') return '';
    // A name that starts or ends with the classname already says it (see scopedName).
    // (The length test first: startsWith/endsWith on strings sliced from a chunk are not cheap.)
    if (
      classname !== undefined &&
      classname.length <= name.length &&
      (name.startsWith(classname) || name.endsWith(classname))
    )
      return '';
    return this.lastScopePrefix;
  }

  private lastOwnedScope = '';

  /** An owned copy of a scope without a file (classname or suite), shared by consecutive cases. */
  private ownedScope(scope: string): string {
    if (scope !== this.lastOwnedScope) this.lastOwnedScope = ownString(scope);
    return this.lastOwnedScope;
  }

  // Consecutive cases share their class: one owned copy serves them all (with keepCases 'all' a
  // report of 400,000 cases would otherwise hold 400,000 copies of a few hundred names). The file
  // is a view into the case's own id.
  private lastClassname = '';
  private lastOwnedClassname = '';

  private ownedClassname(classname: string): string {
    if (classname !== this.lastClassname) {
      this.lastOwnedClassname = ownString(classname);
      this.lastClassname = this.lastOwnedClassname;
    }
    return this.lastOwnedClassname;
  }

  private buildFailure(fields: CaseFields): TestFailure | undefined {
    let type: string | undefined;
    let message: string | undefined;
    let body: string;
    if (this.failureCount > 0) {
      type = this.failureType;
      message = this.failureMessage;
      body = trimBody(this.body.toString());
    } else if (this.flakyCount + this.rerunCount > 0) {
      type = this.retryType;
      message = this.retryMessage;
      body = trimBody(this.retryBody.toString());
    } else {
      return undefined;
    }
    if (body === '' && !message) {
      // libtest (and older nextest) write an empty <failure/>: the panic is in the case's output.
      body = trimBody(
        this.err.length > 0 && this.out.length === 0
          ? this.err.toString()
          : `${this.out.toString()}\n${this.err.toString()}`,
      );
    }
    const quirkMessage = this.quirks.failureMessage?.(message || undefined, body, fields);
    message = quirkMessage ?? (message || firstLine(body));
    const failure: TestFailure = {};
    if (type) failure.type = ownString(clipText(type, JUNIT_LIMITS.type));
    if (message) failure.message = ownString(clipText(message, JUNIT_LIMITS.message));
    if (body !== '') failure.body = ownString(body);
    return failure;
  }

  private outputText(collector: BoundedText | undefined): string | undefined {
    if (collector === undefined || collector.length === 0) return undefined;
    const text = trimBody(collector.toString());
    if (text === '' || this.quirks.isEmptyOutput?.(text)) return undefined;
    return ownString(text);
  }
}

/** Explains saxes' fatal messages: what was found, what was expected. */
function describeFatal(message: string): string {
  const unclosed = /^unclosed tag: (.*)$/.exec(message);
  if (unclosed) {
    const name = clipText(unclosed[1]!, 64);
    return `the report ends inside <${name}> (expected </${name}>): the file is truncated`;
  }
  switch (message) {
    case 'unexpected end.':
      return 'the report ends in the middle of markup: the file is truncated';
    case 'document must contain a root element.':
      return 'no XML element found (expected <testsuites> or <testsuite>)';
    case 'text data outside of root node.':
      return 'text outside the root element (expected "<"): not an XML report, or something was written after it';
    case 'documents may contain only one root.':
      return 'a second root element (expected the end of the document)';
    default:
      return `malformed XML: ${message.replace(/\.$/, '')}`;
  }
}

function countAttribute(value: string | undefined): number {
  if (value === undefined) return -1;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : -1;
}

function parseLine(value: string): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

function parseDurationMs(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  // Surefire < 3.0.0-M4 formatted time with the JVM locale: "1,234.567".
  const seconds = Number(value.includes(',') ? value.replace(/,/g, '') : value);
  if (!Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.round(seconds * 1e6) / 1e3;
}

/** Drops the blank lines and indentation producers put around element text. */
function trimBody(text: string): string {
  return text.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
}

function firstLine(text: string): string | undefined {
  for (const line of text.split('\n', 20)) {
    const trimmed = line.trim();
    if (trimmed !== '') return trimmed;
  }
  return undefined;
}

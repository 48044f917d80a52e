/**
 * The streaming core of the JUnit parser: text in, chunk by chunk, neutral test cases out, handed
 * to a `CaseSink`. saxes tokenizes (bounded-saxes.ts keeps what it holds bounded); a stack of
 * element kinds says what each element is, and the case being read is a `CaseBuilder`. No document
 * tree is built, so only the cases the sink keeps stay in memory.
 *
 * Untrusted input: every string is bounded (bounded-text.ts); entity references are never expanded
 * (saxes reads no DTD: an undefined entity stays literal and is reported); element depth is capped.
 */
import type { SaxesTagPlain } from 'saxes';
import type { ReportError, TestCase } from '../test-run.js';
import { BoundedSaxes, type SaxesClient } from './bounded-saxes.js';
import { BoundedText, clipText, JUNIT_LIMITS, ownString } from './bounded-text.js';
import { CaseBuilder, type SuiteContext } from './case-builder.js';
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

/** The report (and its producer, once known) a case was read from. */
export type CaseSource = { report: string; dialect?: string };

/** Where the reader hands the cases of a report: the collector (merge-cases.ts), or a rescan's sink. */
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
  /** A passing case by the parts of its id (`scope::prefix+name`, or `prefix+name`: see `testId`). */
  addPassing(scope: string, name: string, prefix: string, source: CaseSource): void;
  /** When it returns true for a passing case's id parts, the case is built whole and given to `addCase`. */
  wantsPassingCase?(scope: string, name: string, prefix: string): boolean;
  addCase(testCase: TestCase): void;
  /** Every case of the report has been handed over. */
  endReport?(source: CaseSource): void;
}

export interface ReaderOptions {
  /** The report and its producer, shared by every case read (the producer is set once known). */
  source?: CaseSource;
  /** Makes a producer's absolute case files repo-relative (see `absoluteFiles` in dialects.ts). */
  caseFile?: (file: string) => string;
}

/** Deeper nesting than this is not a test report (and would grow saxes' tag stack without bound). */
const MAX_DEPTH = 256;
/** Recoverable XML problems (and documents that undercount) reported one by one per report; the rest are counted. */
const MAX_REPORTED = 10;

/** What an element is to the reader. */
type Kind =
  | 'wrapper' // outside any case: <testsuites>, unknown elements
  | 'suite'
  | 'case'
  | 'failure'
  | 'error'
  | 'skipped'
  | 'case-out'
  | 'case-err'
  | 'suite-out'
  | 'suite-err'
  | 'retry' // flakyFailure, flakyError, rerunFailure, rerunError (Surefire, Gradle, nextest, Playwright)
  | 'retry-trace' // <stackTrace> inside a retry
  | 'case-properties' // tap writes a skip there
  | 'case-property'
  | 'ignored';

/** An element's kind by its parent's kind and its name; any other is a wrapper in a wrapper or suite, else ignored. */
const CHILDREN = new Map<Kind, Map<string, Kind>>([
  [
    'wrapper',
    children({
      testcase: 'case',
      testsuite: 'suite',
      'system-out': 'ignored',
      'system-err': 'ignored',
      properties: 'ignored',
      property: 'ignored',
    }),
  ],
  [
    'suite',
    children({
      testcase: 'case',
      testsuite: 'suite',
      'system-out': 'suite-out',
      'system-err': 'suite-err',
      properties: 'ignored',
      property: 'ignored',
    }),
  ],
  [
    'case',
    children({
      failure: 'failure',
      error: 'error',
      skipped: 'skipped',
      'system-out': 'case-out',
      'system-err': 'case-err',
      properties: 'case-properties',
      flakyFailure: 'retry',
      flakyError: 'retry',
      rerunFailure: 'retry',
      rerunError: 'retry',
    }),
  ],
  ['case-properties', children({ property: 'case-property' })],
  ['retry', children({ stackTrace: 'retry-trace' })],
]);

type Position = { line: number; column: number };

interface SuiteFrame extends SuiteContext {
  /** Its `tests` attribute (-1 when absent), and the <testcase> elements read directly in it. */
  declaredTests: number;
  cases: number;
  out: BoundedText | undefined;
  err: BoundedText | undefined;
  /** Non-passing cases without output of their own: suite-level output is given them when the suite closes. */
  pending: TestCase[];
}

export class JUnitReader {
  readonly errors: ReportError[] = [];
  dialect: JUnitDialect | undefined;
  /**
   * A suite of a producer that writes one test as several elements (pytest, `repeats` in
   * dialects.ts) held more <testcase> elements than its `tests` attribute counts: they must be
   * merged by id, which a reading that only counts passes cannot do (see parse-junit.ts).
   */
  repeatedCases = false;

  private saxes: BoundedSaxes;
  private stopped = false;
  private readonly source: CaseSource;
  private readonly builder: CaseBuilder;
  private readonly forbidden = new ForbiddenCharacters();
  private readonly client: SaxesClient;
  /** Whether this report's passing cases are needed by their ids (asked when the first one closes). */
  private passIds: boolean | undefined;

  // Elements: their kinds, the open suites, a close tag held until the next event (`onClose`).
  private readonly kinds: Kind[] = [];
  private readonly suites: SuiteFrame[] = [];
  private pendingClose: SaxesTagPlain | undefined;
  private sawCase = false;
  /** Where the current element's text goes. */
  private active: BoundedText | undefined;

  // Documents: libtest writes one XML document per test binary to the same output.
  private sawInput = false;
  private sawMarkup = false;
  private awaitingDocument = false;
  /** Where the current document starts in the input (saxes counts from 1:0 there). */
  private base: Position = { line: 1, column: 0 };
  /** Where the root element closed: its end in the document's input, and its position. */
  private closeAt = 0;
  private closedAt: Position = { line: 1, column: 0 };
  private root: Position = { line: 0, column: 0 };
  private declaredFailures = -1;
  private foundFailures = 0;
  private recoverable = 0;
  private undercounted = 0;
  private attributeCut = false;
  /** The most saxes held between chunks in earlier documents (see `peakBufferedChars`). */
  private peak = 0;

  constructor(
    /** The report's path as shown to the user: every error names it. */
    readonly report: string,
    private readonly sink: CaseSink,
    options: ReaderOptions = {},
  ) {
    this.source = options.source ?? { report };
    this.builder = new CaseBuilder(options.caseFile);
    this.client = {
      onOpen: this.onOpen,
      onClose: this.onClose,
      onCData: this.onCData,
      onError: this.onError,
      written: () => this.flushPendingClose(),
      fatal: (message) => this.fatal(message),
      attributeCut: () => {
        if (!this.attributeCut)
          this.problem(`an attribute value longer than ${JUNIT_LIMITS.attribute} characters was cut`);
        this.attributeCut = true;
      },
    };
    this.saxes = new BoundedSaxes(this.client);
  }

  get done(): boolean {
    return this.stopped;
  }

  /** Most characters of one token saxes held between chunks (for the memory tests and the bench). */
  get peakBufferedChars(): number {
    return Math.max(this.peak, this.saxes.peak);
  }

  /** Feeds the next piece of the report. */
  write(text: string): void {
    if (this.stopped || text.length === 0) return;
    this.sawInput = true;
    if (this.awaitingDocument && (text = this.skipToNextDocument(text)) === '') return;
    if (!this.sawMarkup && !this.checkStart(text)) return;
    const rest = this.saxes.write(text);
    // The document ended inside this piece: the rest is the start of the next one.
    if (rest !== undefined) this.write(rest);
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
      const known = !this.stopped && !this.awaitingDocument && this.sawMarkup && !this.saxes.dropping;
      this.forbidden.meetUndecodable(known ? this.position() : undefined, byte);
      noted++;
    }
    this.forbidden.countUndecodable(undecodableCount - noted);
    this.write(from === 0 ? text : text.slice(from));
  }

  /** The end of the report: final checks, and every complete case read so far is handed over. */
  end(): void {
    if (!this.stopped && !this.awaitingDocument && !this.sawMarkup) {
      const what = this.sawInput ? 'the file holds only whitespace' : 'the file is empty';
      this.fatal(`${what} (expected a JUnit XML report)`, { line: 1, column: 1 });
    } else if (!this.stopped && !this.awaitingDocument) {
      this.saxes.close();
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
    for (const suite of this.suites.splice(0).reverse()) this.releaseSuite(suite);
    this.sink.endReport?.(this.source);
  }

  // ---- positions and errors --------------------------------------------------------------------

  /** Line and column (both 1-based) in the whole input of saxes' last character. */
  private position(): Position {
    const { line, column } = this.saxes.position();
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
    this.saxes.detach();
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
    this.flushPendingClose();
    // After the document's root closed, what follows is read again by a fresh parser.
    if (this.awaitingDocument || this.stopped) return;
    const problem = recoverableProblem(message);
    if (message === 'disallowed character.') this.forbidden.meet(this.position());
    else if (problem === undefined) this.fatal(describeFatal(message));
    else if (++this.recoverable <= MAX_REPORTED) this.problem(problem);
  };

  // ---- documents -------------------------------------------------------------------------------

  /**
   * Before the first markup: a file that starts with text is not XML (a log, a JSON report). Said
   * at once, at the first character, rather than by saxes at the end of the text run.
   */
  private checkStart(text: string): boolean {
    const first = text.search(/[^\s\uFEFF]/);
    const lead = advance(this.base, text, first < 0 ? text.length : first);
    if (first < 0) {
      this.base = lead;
      return true;
    }
    this.sawMarkup = true;
    // The whitespace before is saxes' to count.
    this.base = { line: 1, column: 0 };
    if (text.charCodeAt(first) === 60 /* < */) return true;
    this.fatal('not an XML report: it starts with text, not markup (expected "<")', {
      ...lead,
      column: lead.column + 1,
    });
    return false;
  }

  /** Between documents: skips whitespace (counting lines) until the next document starts. */
  private skipToNextDocument(text: string): string {
    const start = text.search(/[^ \t\r\n]/);
    this.base = advance(this.base, text, start < 0 ? text.length : start);
    if (start < 0) return '';
    if (text.charCodeAt(start) !== 60 /* < */) {
      const message = 'text after the end of the report (expected another XML document or the end of the file)';
      this.fatal(message, { line: this.base.line, column: this.base.column + 1 });
      return '';
    }
    this.awaitingDocument = false;
    this.peak = this.peakBufferedChars;
    this.saxes = new BoundedSaxes(this.client);
    return text.slice(start);
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
    // Once per document at most, and bounded: a report may hold thousands of documents.
    if (this.declaredFailures > this.foundFailures && ++this.undercounted <= MAX_REPORTED) {
      this.problem(
        `the report counts ${this.declaredFailures} failures and errors but holds ${this.foundFailures} <failure>/<error> elements: ` +
          'the rest (often a build or setup failure recorded only as a count) is not in this report, see the test log',
        this.root,
      );
    }
    // Whatever follows may be another document (libtest prints one per test binary).
    this.base = this.closedAt;
    this.awaitingDocument = true;
    this.saxes.endAt(this.closeAt);
  }

  // ---- elements --------------------------------------------------------------------------------

  private onOpen = (tag: SaxesTagPlain): void => {
    this.flushPendingClose();
    if (this.stopped || this.awaitingDocument) return;
    const { name, attributes } = tag;
    this.forbidden.cleanAttributes(attributes);
    const depth = this.kinds.length;
    if (depth >= MAX_DEPTH)
      return this.fatal(`elements nested deeper than ${MAX_DEPTH} levels (expected a JUnit XML report)`);
    if (depth === 0 && name !== 'testsuites' && name !== 'testsuite') {
      const root = clipText(name, 64);
      return this.fatal(`not a JUnit XML report: the root element is <${root}> (expected <testsuites> or <testsuite>)`);
    }
    if (depth === 0) this.startDocument(name, attributes);
    const parent = this.kinds[depth - 1] ?? 'wrapper';
    const inWrapper = parent === 'wrapper' || parent === 'suite';
    const kind = CHILDREN.get(parent)?.get(name) ?? (inWrapper ? 'wrapper' : 'ignored');
    this.kinds.push(kind);
    this.openElement(kind, name, attributes, parent === 'wrapper' && depth === 1);
    this.collect(this.collectorFor(kind));
  };

  private openElement(kind: Kind, name: string, attributes: Record<string, string>, underRoot: boolean): void {
    switch (kind) {
      case 'case':
        return this.openCase(attributes, underRoot);
      case 'suite':
        return this.openSuite(attributes, this.kinds.length === 1);
      case 'skipped':
        return this.builder.skip(attributes);
      case 'case-property':
        return this.builder.property(attributes);
      case 'failure':
      case 'error':
        this.foundFailures++;
        return this.builder.failure(kind === 'error', attributes);
      case 'retry':
        // nextest may put the description straight in the element; Surefire uses <stackTrace>.
        this.foundFailures++;
        return this.builder.retry(name, attributes);
      case 'ignored':
        // Go's converters record the toolchain version as a property of the first suite.
        if (name === 'property' && this.dialect === undefined && this.suites.length > 0)
          this.setDialect(detectFromProperty(attributes, this.suites.at(-1)!.hostname !== undefined));
    }
  }

  private onClose = (tag: SaxesTagPlain): void => {
    this.flushPendingClose();
    if (this.stopped || this.awaitingDocument) return;
    // Held until the next event: a mismatched close tag is reported (by saxes) only after this.
    this.pendingClose = tag;
    // A self-closing element (most passing cases) cannot be mismatched: done at once.
    if (tag.isSelfClosing && this.kinds.length > 1) {
      this.flushPendingClose();
    } else if (this.kinds.length === 1) {
      // The root: where the document ends (the next one, if any, starts after it).
      this.closeAt = this.saxes.offset;
      this.closedAt = this.position();
    }
  };

  private flushPendingClose(): void {
    if (this.pendingClose === undefined || this.stopped) return;
    this.pendingClose = undefined;
    const kind = this.kinds.pop();
    if (kind === 'case') this.closeCase();
    else if (kind === 'suite') this.closeSuite();
    // Back in the parent: collect its text again if it is an element that is read.
    const parent = this.kinds.at(-1);
    if (parent !== undefined) this.collect(this.collectorFor(parent));
    else this.endDocument();
  }

  private onCData = (text: string): void => {
    this.flushPendingClose();
    if (this.active !== undefined && !this.awaitingDocument) this.active.append(this.forbidden.clean(text));
  };

  private onText = (text: string): void => {
    this.flushPendingClose();
    if (this.active === undefined || this.awaitingDocument) return;
    // Indentation around a retry's child elements is layout, not text.
    if (this.active === this.builder.retryBody && !/\S/.test(text)) return;
    this.active.append(this.forbidden.clean(text));
  };

  /**
   * Text saxes buffered before the handler went (a close is handled one event late, see onClose)
   * would stay in its buffer and be glued to the next attribute value: a handler stays until saxes
   * hands that text over, and drops it.
   */
  private onStaleText = (): void => {
    if (this.active === undefined) this.saxes.setTextHandler(undefined);
  };

  /** Collect the text of the current element into `target` (or stop collecting). */
  private collect(target: BoundedText | undefined): void {
    if (target === this.active) return;
    this.active = target;
    // saxes buffers text only while a text handler is set: none outside the elements read.
    this.saxes.setTextHandler(target === undefined ? this.onStaleText : this.onText);
  }

  private collectorFor(kind: Kind): BoundedText | undefined {
    const builder = this.builder;
    const suite = this.suites.at(-1);
    switch (kind) {
      case 'failure':
      case 'error':
        return builder.body;
      case 'case-out':
        return builder.out;
      case 'case-err':
        return builder.err;
      case 'retry':
      case 'retry-trace':
        return builder.retryCollector();
      case 'suite-out':
        return suite && (suite.out ??= new BoundedText(JUNIT_LIMITS.output));
      case 'suite-err':
        return suite && (suite.err ??= new BoundedText(JUNIT_LIMITS.output));
      default:
        return undefined;
    }
  }

  private setDialect(dialect: JUnitDialect | undefined): void {
    if (dialect === undefined || this.dialect !== undefined) return;
    this.dialect = dialect;
    this.builder.quirks = quirksOf(dialect);
    this.source.dialect = dialect;
    this.passIds = undefined;
  }

  // ---- suites and cases ------------------------------------------------------------------------

  private openSuite(attributes: Record<string, string>, isRoot: boolean): void {
    if (this.dialect === undefined && this.suites.length === 0) this.setDialect(detectFromSuite(attributes, isRoot));
    const parent = this.suites.at(-1);
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
    const suite = this.suites.at(-1);
    if (suite !== undefined) suite.cases++;
    // Read only when the case closes, and then only if needed: most cases pass and are only counted.
    this.builder.open(attributes);
  }

  private closeCase(): void {
    const builder = this.builder;
    const { status, flaky } = builder.result();
    const passing = status === 'passed' && !flaky && !this.sink.wantsPassingCases;
    if (passing && !(this.passIds ??= this.sink.passIdsNeeded(this.source))) return this.sink.countPass(this.source);
    const suite = this.suites.at(-1);
    const identity = builder.identify(suite);
    const { scope, idName, prefix } = identity;
    if (passing && this.sink.wantsPassingCase?.(scope, idName, prefix) !== true)
      return this.sink.addPassing(scope, idName, prefix, this.source);
    const testCase = builder.build(identity, suite, status, flaky, this.source);
    const ran = status === 'failed' || status === 'errored' || (status === 'passed' && flaky);
    if (suite !== undefined && ran && (testCase.systemOut === undefined || testCase.systemErr === undefined))
      suite.pending.push(testCase);
    this.sink.addCase(testCase);
  }
}

function children(kinds: Record<string, Kind>): Map<string, Kind> {
  return new Map(Object.entries(kinds));
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

function countAttribute(value: string | undefined): number {
  if (value === undefined) return -1;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : -1;
}

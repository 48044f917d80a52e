/**
 * One <testcase> as it is read: its attributes, the result elements inside it (<failure>,
 * <error>, <skipped>, retries) and their text, and from them the neutral `TestCase` with its id.
 * One builder serves every case of a report (a passing case allocates only its id), and every
 * string a kept case holds is an owned copy, so kept cases do not pin the report's chunks.
 */
import type { TestCase, TestFailure, TestStatus } from '../test-run.js';
import { BoundedText, clipText, JUNIT_LIMITS, ownString } from './bounded-text.js';
import type { CaseSource } from './case-sink.js';
import { saysNotRun, scopedName, skipAllowsFailure, type CaseFields, type DialectQuirks } from './dialects.js';
import type { CaseFileMapper } from './repo-relative-file.js';

/** A POSIX or Windows absolute path, or a file URL. */
const ABSOLUTE_FILE = /^(?:\/|[A-Za-z]:[\\/]|\\\\|file:\/\/)/;

/** The innermost suite around a case, as the builder needs it. */
export interface SuiteContext {
  name: string;
  file: string | undefined;
  hostname: string | undefined;
}

/** A case's id in parts (`scope::prefix+name`, see `testId`) and the fields it came from. */
export interface CaseIdentity {
  name: string;
  idName: string;
  classname: string | undefined;
  file: string | undefined;
  /** testId's scope: file, else classname, else suite. */
  scope: string;
  /** '' or `Class::`, when the classname tells same-named tests of one file apart (see scopedName). */
  prefix: string;
  suiteName: string;
}

export class CaseBuilder {
  quirks: DialectQuirks = {};

  /** The open case's attributes, read when it closes (most cases pass and are only counted). */
  private attributes: Record<string, string> = {};
  private readonly fields: CaseFields = {
    name: '',
    classname: undefined,
    file: undefined,
    line: undefined,
    suiteHostname: undefined,
  };

  /** Whether a result element set the fields below (they are reset only then). */
  private resultTouched = false;
  private failed = false;
  private errored = false;
  private skipped = false;
  private skipMessage: string | undefined;
  private failureCount = 0;
  private failureType: string | undefined;
  private failureMessage: string | undefined;
  /** The first <error>'s, when a <failure> came before it (an error outranks a failure). */
  private errorType: string | undefined;
  private errorMessage: string | undefined;
  private flakyCount = 0;
  private rerunCount = 0;
  private retryType: string | undefined;
  private retryMessage: string | undefined;

  readonly body = new BoundedText(JUNIT_LIMITS.body);
  readonly retryBody = new BoundedText(JUNIT_LIMITS.body);
  readonly out = new BoundedText(JUNIT_LIMITS.output);
  readonly err = new BoundedText(JUNIT_LIMITS.output);
  /** Whether the collectors hold text to reset before the next case. */
  private usedCollectors = false;

  constructor(
    /** Makes a producer's absolute case files repo-relative (see `absoluteFiles` in dialects.ts). */
    private readonly caseFile?: CaseFileMapper,
  ) {}

  /**
   * Whether the open case has a result other than a plain pass: a result element (failure, error,
   * skip, retry) was read in it, or its attributes say it did not run (`saysNotRun`).
   */
  get hasResult(): boolean {
    return this.resultTouched || saysNotRun(this.attributes);
  }

  open(attributes: Record<string, string>): void {
    this.attributes = attributes;
    this.reset();
  }

  /** Clears what the previous case left. */
  reset(): void {
    if (this.resultTouched) {
      this.resultTouched = false;
      this.failed = false;
      this.errored = false;
      this.skipped = false;
      this.skipMessage = undefined;
      this.failureCount = 0;
      this.failureType = undefined;
      this.failureMessage = undefined;
      this.errorType = undefined;
      this.errorMessage = undefined;
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
  }

  /** Text is about to be collected into one of the collectors. */
  markCollecting(): void {
    this.usedCollectors = true;
  }

  skip(attributes: Record<string, string>): void {
    this.resultTouched = true;
    this.skipped = true;
    this.skipMessage ??= attributes['message'];
  }

  /** A <property> of the case: some producers say there that it did not run (see `skipProperty`). */
  property(attributes: Record<string, string>): void {
    const message = this.quirks.skipProperty?.(attributes);
    if (message !== undefined) this.skip({ message });
  }

  /** A <failure> (or an <error>, `isError`): its text goes to `body`. */
  failure(isError: boolean, attributes: Record<string, string>): void {
    this.resultTouched = true;
    if (isError && !this.errored && this.failed) {
      this.errorType = attributes['type'];
      this.errorMessage = attributes['message'];
    }
    if (isError) this.errored = true;
    else this.failed = true;
    if (this.failureCount++ === 0) {
      this.failureType = attributes['type'];
      this.failureMessage = attributes['message'];
    } else if (this.body.length > 0) {
      // Catch2 writes one <failure> per failed CHECK: their texts are kept together.
      this.body.append('\n\n');
    }
  }

  /** flakyFailure, flakyError, rerunFailure, rerunError: their text goes to `retryCollector()`. */
  retry(element: string, attributes: Record<string, string>): void {
    this.resultTouched = true;
    if (element.startsWith('flaky')) this.flakyCount++;
    else this.rerunCount++;
    if (this.flakyCount + this.rerunCount === 1) {
      this.retryType = attributes['type'];
      this.retryMessage = attributes['message'];
    }
  }

  /** Where a retry's text is kept: the first retry's only (later ones are counted). */
  retryCollector(): BoundedText | undefined {
    return this.flakyCount + this.rerunCount === 1 ? this.retryBody : undefined;
  }

  /** The case's result from the elements read inside it. */
  result(): { status: TestStatus; flaky: boolean } {
    let status: TestStatus;
    if ((this.failed || this.errored) && !(this.skipped && skipAllowsFailure(this.skipMessage))) {
      // An error outranks a failure (a CHECK failed, then the test threw: Catch2 writes both).
      status = this.errored ? 'errored' : 'failed';
    } else if (this.skipped) status = 'skipped';
    else if (this.rerunCount > 0)
      status = 'failed'; // a rerun failure without a first <failure>
    else if (!this.resultTouched && saysNotRun(this.attributes)) status = 'skipped';
    else status = 'passed';
    // Passed after retries (flakyFailure/flakyError); a case that failed every rerun is not flaky.
    const flaky = this.flakyCount > 0 && status !== 'failed' && status !== 'errored';
    return { status, flaky };
  }

  /** The case's id in parts, from its attributes and its suite. */
  identify(suite: SuiteContext | undefined): CaseIdentity {
    const fields = this.readFields(suite);
    const limit = JUNIT_LIMITS.name;
    const name = fields.name.length > limit ? clipText(fields.name, limit) : fields.name;
    let classname = fields.classname;
    if (classname !== undefined && classname.length > limit) classname = clipText(classname, limit);
    let file = fields.file;
    if (file !== undefined && file.length > limit) file = clipText(file, limit);
    const suiteName = suite?.name ?? '';
    const idName = this.quirks.idName === undefined ? name : clipText(this.quirks.idName(fields), JUNIT_LIMITS.name);
    const prefix = file === undefined ? '' : this.classPrefix(classname, file, idName);
    return { name, idName, classname, file, scope: file ?? classname ?? suiteName, prefix, suiteName };
  }

  /**
   * The scope to hand a sink with a passing case's id parts: an owned string that stays the same
   * object while consecutive cases share it, so the hash of `scope::prefix` is reused without
   * comparing characters (see hashIdParts).
   */
  passingScope(identity: CaseIdentity): string {
    return identity.file !== undefined ? this.lastScopeFile : this.ownedScope(identity.scope);
  }

  /** The neutral case: a passing one without text, any other with its failure and output. */
  build(
    identity: CaseIdentity,
    suite: SuiteContext | undefined,
    status: TestStatus,
    flaky: boolean,
    source: CaseSource,
  ): TestCase {
    const { name, idName, classname, file, scope, prefix, suiteName } = identity;
    const fields = this.fields;
    const lineAttribute = this.attributes['line'];
    if (lineAttribute !== undefined) {
      const line = parseLine(lineAttribute);
      if (line !== undefined) fields.line = line + (this.quirks.lineBase === 0 ? 1 : 0);
      if (fields.line !== undefined && fields.line < 1) fields.line = undefined;
    }
    // The id is one flat copy (as testId builds it), and the name and file are views into it.
    const id = scope ? [scope, '::', prefix, idName].join('') : ownString(prefix + idName);
    const testCase: TestCase = {
      id,
      suite: suiteName,
      name: id.endsWith(name) ? id.slice(id.length - name.length) : ownString(name),
      status,
      source,
    };
    if (classname !== undefined) testCase.classname = this.ownedClassname(classname);
    if (file !== undefined)
      testCase.file = file === suite?.file ? file : file === scope ? id.slice(0, file.length) : ownString(file);
    const durationMs = parseDurationMs(this.attributes['time']);
    if (durationMs !== undefined) testCase.durationMs = durationMs;
    if (flaky) testCase.flaky = true;

    if (status === 'passed' && !flaky) {
      // The pass-to-pass set only needs to know the case exists: no text is kept.
      if (fields.line !== undefined) testCase.line = fields.line;
      return testCase;
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
    return testCase;
  }

  /** Bounded, trimmed text of a collector; undefined when it holds nothing worth showing. */
  outputText(collector: BoundedText | undefined): string | undefined {
    if (collector === undefined || collector.length === 0) return undefined;
    const text = trimBody(collector.toString());
    if (text === '' || this.quirks.isEmptyOutput?.(text)) return undefined;
    return ownString(text);
  }

  /** The case's own fields, from its attributes (the same object from case to case). */
  private readFields(suite: SuiteContext | undefined): CaseFields {
    const attributes = this.attributes;
    const fields = this.fields;
    fields.name = attributes['name'] ?? '';
    fields.classname = attributes['classname'] || undefined;
    // mocha-junit-reporter and PHPUnit write the file on the suite: its cases inherit it.
    fields.file = attributes['file'] || suite?.file;
    fields.line = undefined;
    fields.suiteHostname = suite?.hostname;
    this.quirks.adjustCase?.(fields);
    // pytest's xunit2 names the module only: the file it names, when the repository has it, makes
    // the id pytest's own node id (`tests/test_x.py::TestC::test_y`), as reruns pass it.
    if (fields.file === undefined && fields.classname !== undefined && this.quirks.moduleClassnames)
      fields.file = this.caseFile?.pythonModule?.(fields.classname);
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
      // The error's type and message when a failure came first; the texts of both, as read.
      const errorAfterFailure = this.errorType !== undefined || this.errorMessage !== undefined;
      type = errorAfterFailure ? this.errorType : this.failureType;
      message = errorAfterFailure ? this.errorMessage : this.failureMessage;
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

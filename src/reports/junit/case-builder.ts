/**
 * One <testcase> as it is read: its attributes, the result elements inside it (<failure>, <error>,
 * <skipped>, retries) and their text, and from them the neutral `TestCase` with its id. One builder
 * serves every case of a report, and every string a kept case holds is an owned copy, so kept cases
 * do not pin the report's chunks (see `ownString`).
 */
import type { TestCase, TestFailure, TestStatus } from '../test-run.js';
import { BoundedText, clipText, JUNIT_LIMITS, ownString } from './bounded-text.js';
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

/** A case's id in parts (`scope::prefix+idName`, see `testId`) and the fields it came from. */
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

/** What the result elements of a case said. */
interface Results {
  failed: boolean;
  errored: boolean;
  skipped: boolean;
  skipMessage?: string;
  /** <failure> and <error> elements, and the first one's type and message. */
  failures: number;
  type?: string;
  message?: string;
  /** The first <error>'s, when a <failure> came before it (an error outranks a failure). */
  errorType?: string;
  errorMessage?: string;
  /** flakyFailure/flakyError and rerunFailure/rerunError elements, and the first one's type and message. */
  flakies: number;
  reruns: number;
  retryType?: string;
  retryMessage?: string;
}

export class CaseBuilder {
  quirks: DialectQuirks = {};

  /** The open case's attributes, read when it closes (most cases pass and are only counted). */
  private attributes: Record<string, string> = {};
  /** Undefined while no result element was read in the open case. */
  private results: Results | undefined;
  private readonly fields: CaseFields = {
    name: '',
    classname: undefined,
    file: undefined,
    line: undefined,
    suiteHostname: undefined,
  };
  // Consecutive cases share their class: one owned copy serves them all (with keepCases 'all', a
  // report of 400,000 cases would otherwise hold 400,000 copies of a few hundred names).
  private lastClassname = '';

  readonly body = new BoundedText(JUNIT_LIMITS.body);
  readonly retryBody = new BoundedText(JUNIT_LIMITS.body);
  readonly out = new BoundedText(JUNIT_LIMITS.output);
  readonly err = new BoundedText(JUNIT_LIMITS.output);

  constructor(
    /** Makes a producer's absolute case files repo-relative (see `absoluteFiles` in dialects.ts). */
    private readonly caseFile?: CaseFileMapper,
  ) {}

  open(attributes: Record<string, string>): void {
    this.attributes = attributes;
    this.results = undefined;
    for (const text of [this.body, this.retryBody, this.out, this.err]) text.reset();
  }

  skip(attributes: Record<string, string>): void {
    const results = this.touch();
    results.skipped = true;
    results.skipMessage ??= attributes['message'];
  }

  /** A <property> of the case: some producers say there that it did not run (see `skipProperty`). */
  property(attributes: Record<string, string>): void {
    const message = this.quirks.skipProperty?.(attributes);
    if (message !== undefined) this.skip({ message });
  }

  /** A <failure> (or an <error>, `isError`): its text goes to `body`. */
  failure(isError: boolean, attributes: Record<string, string>): void {
    const results = this.touch();
    if (isError && !results.errored && results.failed) {
      results.errorType = attributes['type'];
      results.errorMessage = attributes['message'];
    }
    if (isError) results.errored = true;
    else results.failed = true;
    if (results.failures++ === 0) {
      results.type = attributes['type'];
      results.message = attributes['message'];
    } else if (this.body.length > 0) {
      // Catch2 writes one <failure> per failed CHECK: their texts are kept together.
      this.body.append('\n\n');
    }
  }

  /** flakyFailure, flakyError, rerunFailure, rerunError: their text goes to `retryCollector()`. */
  retry(element: string, attributes: Record<string, string>): void {
    const results = this.touch();
    if (element.startsWith('flaky')) results.flakies++;
    else results.reruns++;
    if (results.flakies + results.reruns === 1) {
      results.retryType = attributes['type'];
      results.retryMessage = attributes['message'];
    }
  }

  /** Where a retry's text is kept: the first retry's only (later ones are counted). */
  retryCollector(): BoundedText | undefined {
    const results = this.results;
    return results !== undefined && results.flakies + results.reruns === 1 ? this.retryBody : undefined;
  }

  /** The case's result from the elements read inside it (or its attributes, when there are none). */
  result(): { status: TestStatus; flaky: boolean } {
    const r = this.results;
    if (r === undefined) return { status: saysNotRun(this.attributes) ? 'skipped' : 'passed', flaky: false };
    let status: TestStatus = 'passed';
    // An error outranks a failure (a CHECK failed, then the test threw: Catch2 writes both).
    if ((r.failed || r.errored) && !(r.skipped && skipAllowsFailure(r.skipMessage)))
      status = r.errored ? 'errored' : 'failed';
    else if (r.skipped) status = 'skipped';
    else if (r.reruns > 0) status = 'failed'; // a rerun failure without a first <failure>
    // Passed after retries (flakyFailure/flakyError); a case that failed every rerun is not flaky.
    return { status, flaky: r.flakies > 0 && status !== 'failed' && status !== 'errored' };
  }

  /** The case's id in parts, from its attributes and its suite. */
  identify(suite: SuiteContext | undefined): CaseIdentity {
    const fields = this.readFields(suite);
    const name = clipText(fields.name, JUNIT_LIMITS.name);
    const classname = fields.classname && clipText(fields.classname, JUNIT_LIMITS.name);
    const file = fields.file && clipText(fields.file, JUNIT_LIMITS.name);
    const suiteName = suite?.name ?? '';
    const idName = this.quirks.idName === undefined ? name : clipText(this.quirks.idName(fields), JUNIT_LIMITS.name);
    let prefix = '';
    if (file !== undefined) {
      const scoped = scopedName(this.quirks, { classname, file }, idName);
      prefix = scoped.slice(0, scoped.length - idName.length);
    }
    return { name, idName, classname, file, scope: file ?? classname ?? suiteName, prefix, suiteName };
  }

  /** The neutral case: a passing one without text, any other with its failure and output. */
  build(
    { name, idName, classname, file, scope, prefix, suiteName }: CaseIdentity,
    suite: SuiteContext | undefined,
    status: TestStatus,
    flaky: boolean,
    source: NonNullable<TestCase['source']>,
  ): TestCase {
    const fields = this.fields;
    const line = this.attributes['line'] === undefined ? undefined : Number(this.attributes['line']);
    if (line !== undefined && Number.isInteger(line) && line >= 0) fields.line = line + 1 - (this.quirks.lineBase ?? 1);
    if (fields.line !== undefined && fields.line < 1) fields.line = undefined;
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
    // The pass-to-pass set only needs to know the case exists: no text is kept.
    if (status === 'passed' && !flaky) {
      if (fields.line !== undefined) testCase.line = fields.line;
      return testCase;
    }
    const failure = this.buildFailure(fields);
    if (failure !== undefined) testCase.failure = failure;
    const testLine =
      fields.line ??
      (failure?.message === undefined ? undefined : this.quirks.lineFromFailure?.(failure.message, fields));
    if (testLine !== undefined) testCase.line = testLine;
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

  private touch(): Results {
    return (this.results ??= { failed: false, errored: false, skipped: false, failures: 0, flakies: 0, reruns: 0 });
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
    const file = fields.file;
    if (file !== undefined && this.caseFile !== undefined && (this.quirks.absoluteFiles || ABSOLUTE_FILE.test(file)))
      fields.file = this.caseFile(file);
    return fields;
  }

  private ownedClassname(classname: string): string {
    if (classname !== this.lastClassname) this.lastClassname = ownString(classname);
    return this.lastClassname;
  }

  private buildFailure(fields: CaseFields): TestFailure | undefined {
    const r = this.results;
    if (r === undefined || r.failures + r.flakies + r.reruns === 0) return undefined;
    // The error's type and message when a failure came first; the texts of both, as read.
    const errorAfterFailure = r.errorType !== undefined || r.errorMessage !== undefined;
    const retried = r.failures === 0;
    const type = retried ? r.retryType : errorAfterFailure ? r.errorType : r.type;
    let message = retried ? r.retryMessage : errorAfterFailure ? r.errorMessage : r.message;
    let body = trimBody((retried ? this.retryBody : this.body).toString());
    if (body === '' && !message) {
      // libtest (and older nextest) write an empty <failure/>: the panic is in the case's output.
      const out = this.out.toString();
      const err = this.err.toString();
      body = trimBody(err.length > 0 && out.length === 0 ? err : `${out}\n${err}`);
    }
    message = this.quirks.failureMessage?.(message || undefined, body, fields) ?? (message || firstLine(body));
    const failure: TestFailure = {};
    if (type) failure.type = ownString(clipText(type, JUNIT_LIMITS.type));
    if (message) failure.message = ownString(clipText(message, JUNIT_LIMITS.message));
    if (body !== '') failure.body = ownString(body);
    return failure;
  }
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

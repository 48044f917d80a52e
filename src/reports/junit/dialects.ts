/**
 * Producer quirks of "JUnit XML", which is a family of formats rather than one. Each quirk sits
 * here with the producer that has it, so the streaming parser stays generic. Detection looks only
 * at attributes the producers always write (the root element, the first suite or case, a property):
 * a report that is not recognised is read with the generic rules, which cover most of them.
 * Fixtures for every producer: test/fixtures/junit/<producer>/ (see its README).
 */

export type JUnitDialect =
  | 'pytest'
  | 'jest-junit'
  | 'vitest'
  | 'mocha-junit-reporter'
  | 'node-test'
  | 'surefire'
  | 'gradle'
  | 'go-junit-report'
  | 'gotestsum'
  | 'libtest'
  | 'nextest'
  | 'phpunit'
  | 'catch2'
  | 'playwright'
  | 'tap';

type Attributes = Record<string, string>;

/** The fields of a <testcase> a quirk may rewrite before the case's id is built. */
export interface CaseFields {
  name: string;
  classname: string | undefined;
  file: string | undefined;
  line: number | undefined;
  /** `hostname` of the innermost <testsuite> (Playwright writes the project name there). */
  suiteHostname: string | undefined;
}

export interface DialectQuirks {
  /** Rewrites the case's own fields (trimming, file from classname); `line` is not read yet. */
  adjustCase?(fields: CaseFields): void;
  /** 0 when the producer counts lines from 0 (default 1). */
  lineBase?: 0 | 1;
  /** The name the id is built from, when the producer's names are not unique on their own. */
  idName?(fields: CaseFields): string;
  /** The part of the classname that tells apart same-named tests of one file (see `scopedName`). */
  classWithinFile?(classname: string, file: string): string | undefined;
  /** A better message than the `message` attribute (missing or boilerplate), from the body. */
  failureMessage?(attribute: string | undefined, body: string, fields: CaseFields): string | undefined;
  /** The test's own line, when the producer writes it only into the failure message. */
  lineFromFailure?(message: string, fields: CaseFields): number | undefined;
  /** Captured output that holds nothing but the producer's section headers. */
  isEmptyOutput?(text: string): boolean;
  /** The classname is a dotted module path and classes (pytest): its file is looked up in the repository. */
  moduleClassnames?: true;
  /** A case <property> that says the case did not run: the skip message, else undefined. */
  skipProperty?(attributes: Attributes): string | undefined;
  /**
   * How the producer writes a test more than once in one report, when it does (otherwise two
   * <testcase> elements with one id are two tests that share a name, and are counted apart):
   * - 'retry-after-failure' (Gradle without mergeReruns): a retry is another <testcase> after the
   *   failure it retries; one after a pass or a skip is another test (Gradle's own grouping).
   * - 'attempts' (pytest): every element with the id is the same test: pytest-rerunfailures
   *   (after 16.6) writes each rerun attempt as an empty <testcase> before the last one, and pytest
   *   writes an error in teardown after a failure as a second one; `tests=` counts the test once.
   */
  repeats?: 'retry-after-failure' | 'attempts';
  /** A case the producer writes twice under one id in one report: one result, counted once. */
  writesTwice?(classname: string | undefined): boolean;
  /** The name of a <testsuite> as the test code wrote it, from its `name` attribute. */
  suiteName?(attribute: string): string;
  /**
   * The producer writes each case's `file` as an absolute path of the machine that ran the tests:
   * when the repository is known, the reader makes it repo-relative, so ids are the same on every
   * machine (see repo-relative-file.ts). Any absolute `file` is mapped the same way whatever the
   * producer (mocha-junit-reporter and PHPUnit write one on their suites); this says the producer
   * always writes one.
   */
  absoluteFiles?: true;
}

/** Root element (<testsuites> or a bare <testsuite>) attributes that name their producer. */
export function detectFromRoot(rootName: string, attributes: Attributes): JUnitDialect | undefined {
  if (rootName === 'testsuites') {
    const name = attributes['name'];
    if (name === 'pytest tests') return 'pytest';
    if (name === 'jest tests') return 'jest-junit';
    if (name === 'vitest tests') return 'vitest';
    if (name === 'Mocha Tests') return 'mocha-junit-reporter';
    if (name === 'TAP Tests') return 'tap';
    if (name === 'nextest-run' || attributes['uuid'] !== undefined) return 'nextest';
    // Playwright always writes `id` and `name` on the root (empty unless PLAYWRIGHT_JUNIT_SUITE_*).
    if (attributes['id'] !== undefined && name !== undefined) return 'playwright';
    return undefined;
  }
  return detectFromSuite(attributes, true);
}

/** The first <testsuite> (or the bare root suite). */
export function detectFromSuite(attributes: Attributes, isRoot: boolean): JUnitDialect | undefined {
  const schema = attributes['xsi:noNamespaceSchemaLocation'];
  // Surefire and Failsafe write the same report (one writer), with the surefire schema.
  if (schema !== undefined && schema.includes('surefire')) return 'surefire';
  // pytest < 7 had no root name, but its suite is named "pytest" unless junit_suite_name is set.
  if (attributes['name'] === 'pytest' && attributes['hostname'] !== undefined) return 'pytest';
  // libtest (`cargo test -- -Z unstable-options --format junit`) names every suite "test".
  if (attributes['name'] === 'test' && attributes['package'] === 'test') return 'libtest';
  // Gradle writes one bare <testsuite> per class, with hostname and timestamp but no schema.
  if (isRoot && attributes['hostname'] !== undefined && attributes['timestamp'] !== undefined) return 'gradle';
  // node:test suites carry `disabled` (as nextest's do, but nextest is told by its root).
  if (attributes['disabled'] !== undefined && attributes['hostname'] !== undefined) return 'node-test';
  return undefined;
}

/** The first <testcase>. */
export function detectFromCase(attributes: Attributes, directlyUnderRoot: boolean): JUnitDialect | undefined {
  // PHPUnit writes the PHP class (with backslashes) as `class` and counts `assertions`.
  if (attributes['assertions'] !== undefined && attributes['class'] !== undefined) return 'phpunit';
  // Catch2's reporter writes status="run" on every case.
  if (attributes['status'] === 'run') return 'catch2';
  // node:test puts top-level tests directly under <testsuites>, with the file on the case.
  if (directlyUnderRoot && attributes['file'] !== undefined) return 'node-test';
  return undefined;
}

/** A <property> of the first suite: Go's converters record the toolchain version. */
export function detectFromProperty(attributes: Attributes, suiteHasHostname: boolean): JUnitDialect | undefined {
  if (attributes['name'] === 'go.version') return suiteHasHostname ? 'go-junit-report' : 'gotestsum';
  return undefined;
}

/** pytest: captured-output sections with nothing under their headers (junit_logging=all). */
function isPytestEmptyCapture(text: string): boolean {
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed !== '' && !/^-+ Captured \w+ -+$/.test(trimmed)) return false;
  }
  return true;
}

/** Go's converters write message="Failed": the useful line is in the test's output. */
function goFailureMessage(attribute: string | undefined, body: string): string | undefined {
  if (attribute && attribute !== 'Failed') return attribute;
  let last: string | undefined;
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('panic: ')) return line;
    // `    cart_test.go:14: Total(2, 4) = 6, want 7`: t.Errorf/t.Fatalf output (t.Log looks alike,
    // so the last one before the end of the test is the best guess).
    if (/^\S+\.go:\d+: /.test(line)) last = line;
  }
  return last ?? attribute;
}

/** libtest and nextest: the panic message follows "thread '<name>' panicked at <file:line:col>:". */
function rustFailureMessage(attribute: string | undefined, body: string): string | undefined {
  if (attribute && !/^thread '.*' panicked at /.test(attribute)) return attribute;
  const match = /thread '[^'\n]*'(?: \(\d+\))? panicked at [^\n]*:\n([^\n]+)/.exec(body);
  return match?.[1]?.trim() ?? attribute;
}

/**
 * node:test's JUnit reporter (lib/internal/test_runner/reporter/junit.js, Node 20 to 24) escapes
 * `"` twice in every attribute: escapeAttribute turns it into `&quot;`, then escapeContent turns
 * that `&` into `&amp;`, so the report says `&amp;quot;` and the value read is `&quot;`. Nothing
 * else is escaped twice (`&` and `<` once, `'` and `>` not at all), so `&quot;` is put back to `"`
 * and nothing more. Lossy beyond repair, and left as read: a name that itself holds `&quot;` (it
 * reads the same as `"`); Node 24 leaves `&#NN;` in a name unescaped, so it reads as the character;
 * Node 20 drops newlines from attributes (Node 24 writes `&#10;`, which reads back exactly).
 */
function undoNodeQuoteEscape(text: string): string {
  return text.includes('&quot;') ? text.replaceAll('&quot;', '"') : text;
}

const QUIRKS: Partial<Record<JUnitDialect, DialectQuirks>> = {
  'node-test': {
    adjustCase(fields) {
      fields.name = undoNodeQuoteEscape(fields.name);
      // The enclosing describes' names, dotted (Node 24), escaped the same way; "test" for a
      // top-level test (and every test on Node 20) says nothing, and is left out of the id.
      if (fields.classname === 'test') fields.classname = undefined;
      else if (fields.classname !== undefined) fields.classname = undoNodeQuoteEscape(fields.classname);
      if (fields.file !== undefined) fields.file = undoNodeQuoteEscape(fields.file);
    },
    suiteName: undoNodeQuoteEscape,
    failureMessage: (attribute) => (attribute === undefined ? undefined : undoNodeQuoteEscape(attribute)),
    // `file` is the test file's absolute path (Node 24 writes it; Node 20 writes none).
    absoluteFiles: true,
  },
  // Gradle's JUnitXmlResultWriter without mergeReruns writes every execution of a retried test as
  // its own <testcase>, in execution order (a retry comes after the failure it retries); with
  // mergeReruns it groups executions of one name exactly so: a group stays open while they fail.
  gradle: { repeats: 'retry-after-failure' },
  pytest: {
    repeats: 'attempts',
    moduleClassnames: true,
    // pytest's `line` is the 0-based line number of the test function (from its reportinfo).
    lineBase: 0,
    isEmptyOutput: isPytestEmptyCapture,
    // classname is the node id's path as a dotted module plus the class: "tests.test_cart.TestNested"
    // for tests/test_cart.py; what follows the module is the class part of the node id.
    // (Compared character by character: this runs for every case of a large report.)
    classWithinFile(classname, file) {
      const end = file.endsWith('.py') ? file.length - 3 : file.length;
      if (classname.length < end) return classname;
      for (let i = 0; i < end; i++) {
        const f = file.charCodeAt(i);
        const c = classname.charCodeAt(i);
        if (f !== c && !(c === 46 /* . */ && (f === 47 /* / */ || f === 92) /* \ */)) return classname;
      }
      if (classname.length === end) return undefined;
      if (classname.charCodeAt(end) !== 46) return classname;
      const rest = classname.slice(end + 1);
      return rest.includes('.') ? rest.replace(/\./g, '::') : rest;
    },
  },
  'jest-junit': {
    // jest-junit's default templates are "{classname} {title}": a top-level test gets a leading space.
    adjustCase(fields) {
      fields.name = fields.name.trim();
      if (fields.classname !== undefined) fields.classname = fields.classname.trim();
    },
    // reportTestSuiteErrors writes a file that fails to load as two cases under one id (classname
    // "Test suite failed to run"): an <error> with jest's text and a <failure> with it as JSON.
    writesTwice: (classname) => classname === 'Test suite failed to run',
    // A suite that fails to load starts with "  ● Test suite failed to run": the cause comes after.
    failureMessage(attribute, body) {
      if (attribute) return attribute;
      return body
        .split('\n')
        .find((line) => line.trim() !== '' && !line.trim().startsWith('●'))
        ?.trim();
    },
  },
  vitest: {
    // vitest writes the test file (relative to the project root) as classname, and no `file`.
    adjustCase(fields) {
      fields.file ??= fields.classname;
    },
  },
  playwright: {
    // Playwright writes the spec file as classname, and the project (browser) as the suite's
    // hostname: the same test runs once per project, so the project is part of its id.
    adjustCase(fields) {
      fields.file ??= fields.classname;
    },
    idName(fields) {
      const project = fields.suiteHostname;
      if (!project || fields.name.startsWith(`[${project}] `)) return fields.name;
      return `[${project}] ${fields.name}`;
    },
    // message="example.spec.ts:3:5 has title": the test's own location.
    lineFromFailure(message, fields) {
      const match = /^([^\s:]+):(\d+):\d+ /.exec(message);
      if (!match || !fields.classname) return undefined;
      const base = fields.classname.slice(fields.classname.lastIndexOf('/') + 1);
      return match[1] === base ? Number(match[2]) : undefined;
    },
  },
  tap: {
    // @tapjs/reporter's junit: classname `file > parent > …`, `file` only on failures. Each
    // assertion is a case too. The file is the first part of the classname; the id names the
    // subtest path after it (`test/a.test.mjs::parent > test > should be equal`).
    adjustCase(fields) {
      if (fields.classname === undefined) return;
      const at = fields.classname.indexOf(' > ');
      fields.file ??= at < 0 ? fields.classname : fields.classname.slice(0, at);
    },
    idName(fields) {
      const c = fields.classname;
      const at = c === undefined ? -1 : c.indexOf(' > ');
      return at < 0 ? fields.name : `${c!.slice(at + 3)} > ${fields.name}`;
    },
    classWithinFile: () => undefined,
    // A test left out by --grep, --only or t.skip/t.todo: `<property name="skip" value="filter: …"/>`.
    skipProperty: (attributes) =>
      attributes['name'] === 'skip' || attributes['name'] === 'todo'
        ? `${attributes['name']}: ${attributes['value'] ?? ''}`
        : undefined,
  },
  'go-junit-report': { failureMessage: goFailureMessage },
  gotestsum: { failureMessage: goFailureMessage },
  libtest: { failureMessage: rustFailureMessage },
  nextest: { failureMessage: rustFailureMessage },
  phpunit: {
    // One class per file (PSR-4): the class adds nothing to the file in an id.
    classWithinFile: () => undefined,
    // PHPUnit's failure text starts with "Class::method" (or "... with data set #0"), then the message.
    failureMessage(attribute, body, fields) {
      if (attribute) return attribute;
      const lines = body.split('\n');
      const first = lines[0]?.trim() ?? '';
      const start = first.includes(`::${fields.name}`) ? 1 : 0;
      return lines
        .slice(start)
        .find((l) => l.trim() !== '')
        ?.trim();
    },
  },
  catch2: {
    // An unexpected exception is <error type="TEST_CASE"> without a message; its text starts "FAILED:".
    failureMessage(attribute, body) {
      if (attribute) return attribute;
      return body
        .split('\n')
        .find((line) => line.trim() !== '' && line.trim() !== 'FAILED:')
        ?.trim();
    },
  },
};

/**
 * The name under which a case is known within its file. Ids prefer the file (`testId`), but a file
 * can hold same-named tests in different classes or describe blocks (pytest classes, node:test
 * suites): when the classname says more than the file and the name, it is kept in the id
 * (`file::Class::name`, which is pytest's own node id). Producers whose classname is the file
 * (vitest, Playwright) or repeats the name (jest-junit, mocha-junit-reporter) add nothing.
 */
export function scopedName(
  quirks: DialectQuirks,
  fields: { classname: string | undefined; file: string },
  name: string,
): string {
  const classname = fields.classname;
  if (classname === undefined || classname === fields.file || name.startsWith(classname) || name.endsWith(classname))
    return name;
  const within = quirks.classWithinFile ? quirks.classWithinFile(classname, fields.file) : classname;
  return within ? `${within}::${name}` : name;
}

export function quirksOf(dialect: JUnitDialect | undefined): DialectQuirks {
  return (dialect && QUIRKS[dialect]) || {};
}

/**
 * A case that says in an attribute that it did not run, with no result element inside: the C++
 * runner tst writes `status="disabled"`, GoogleTest `status="notrun" result="suppressed"` for a
 * DISABLED_ test (and `result="skipped"`); others write `notrun`, `skipped` or `ignored`. Such a case
 * is skipped, not passed. The value is compared without case; `status="run"` (Catch2, GoogleTest)
 * says nothing.
 */
function notRunAttribute(name: string, value: string): boolean {
  const key = value.trim().toLowerCase();
  if (name === 'status') return NOT_RUN_STATUS.has(key);
  if (name === 'result') return key === 'skipped' || key === 'suppressed';
  return false;
}

const NOT_RUN_STATUS = new Set(['disabled', 'notrun', 'not_run', 'not run', 'skipped', 'skip', 'ignored']);

/** Whether a case's attributes say it did not run (see `notRunAttribute`). */
export function saysNotRun(attributes: Attributes): boolean {
  const status = attributes['status'];
  const result = attributes['result'];
  return (
    (status !== undefined && notRunAttribute('status', status)) ||
    (result !== undefined && notRunAttribute('result', result))
  );
}

/**
 * Catch2 marks a case tagged [!mayfail] or [!shouldfail] with <skipped message="TEST_CASE tagged
 * with !mayfail"/> next to its <failure>: the failure is allowed and does not fail the run.
 */
export function skipAllowsFailure(skipMessage: string | undefined): boolean {
  return skipMessage !== undefined && /tagged with !(?:mayfail|shouldfail)/.test(skipMessage);
}

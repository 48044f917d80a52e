/**
 * The neutral model every report parser produces (one parser per format, one model out).
 * Renderers and the loop derive counts from this model; nothing recounts raw XML.
 */
export type TestStatus = 'passed' | 'failed' | 'errored' | 'skipped';

export interface TestFailure {
  /** `type` attribute of <failure>/<error>, or the exception class a log names. */
  type?: string;
  /** `message` attribute, or the first line of the failure text. */
  message?: string;
  /** Element body: usually the stack trace / assertion report. Bounded by the parser. */
  body?: string;
}

export interface TestCase {
  /** Stable id: `<file or classname>::<name>` (see `testId`). Unique within a run. */
  id: string;
  /** Name of the innermost enclosing <testsuite>. */
  suite: string;
  name: string;
  classname?: string;
  /** Source file as the producer wrote it (raw, may be absolute); frames make it repo-relative. */
  file?: string;
  line?: number;
  status: TestStatus;
  durationMs?: number;
  failure?: TestFailure;
  /** Bounded captured output, when the report carries it. */
  systemOut?: string;
  systemErr?: string;
  /** Surefire `flakyFailure`/`rerunFailure`, or a case reported both failing and passing. */
  flaky?: boolean;
  /** Which report (path) and dialect produced this case. */
  source?: { report: string; dialect?: string };
}

/** A report that could not be read completely: the others are still used. */
export interface ReportError {
  file: string;
  line?: number;
  column?: number;
  message: string;
}

export interface TestRunSummary {
  total: number;
  passed: number;
  failed: number;
  errored: number;
  skipped: number;
}

export interface TestRun {
  cases: TestCase[];
  errors: ReportError[];
  /** The report files that were read. */
  reports: string[];
}

export function summarize(cases: Iterable<Pick<TestCase, 'status'>>): TestRunSummary {
  const s: TestRunSummary = { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0 };
  for (const c of cases) {
    s.total++;
    s[c.status]++;
  }
  return s;
}

/** The stable id of a test case: file (or classname) and name, which survive reruns and reorderings. */
export function testId(parts: { file?: string; classname?: string; suite?: string; name: string }): string {
  const scope = parts.file ?? parts.classname ?? parts.suite ?? '';
  return scope ? `${scope}::${parts.name}` : parts.name;
}

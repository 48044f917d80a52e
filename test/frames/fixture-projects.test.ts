/**
 * End to end over the real fixture projects (test/fixtures/projects/<runner>/: real runners' JUnit
 * reports and logs, `expected.json` written from the projects' sources): JUnit + log, JUnit alone,
 * and log alone must all give the frames `expected.json` describes, and no others.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FailureFrame } from '../../src/contracts/failure-frame.js';
import { collectEvidence, type CollectedEvidence } from '../../src/frames/collect-evidence.js';

const PROJECTS = path.join(import.meta.dirname, '..', 'fixtures', 'projects');

interface Expected {
  name: string;
  id?: string;
  junitName?: string;
  junitClassname?: string;
  testFile: string | null;
  testLine: number | null;
  testLineNeedsBacktrace?: boolean;
  file: string | null;
  line: number | null;
  column?: number;
  function?: string;
  exceptionType: string | null;
  message: string;
  locals?: Record<string, string>;
}

interface ExpectedFile {
  failures: Expected[];
  logs?: Record<string, string>;
  collectionErrors?: { logs: string[]; junit: string; failures: Expected[] };
}

const projects = readdirSync(PROJECTS)
  .filter((p) => existsSync(path.join(PROJECTS, p, 'expected.json')))
  .sort();

function load(project: string): ExpectedFile {
  return JSON.parse(readFileSync(path.join(PROJECTS, project, 'expected.json'), 'utf8')) as ExpectedFile;
}

/** The JUnit reports of the main run: every `junit*.xml` (cargo writes one per test binary). */
function junitGlobs(project: string): string[] {
  return readdirSync(path.join(PROJECTS, project)).some((f) => /^junit.*\.xml$/.test(f)) ? ['junit*.xml'] : [];
}

/** The frame for an expected failure: by the JUnit name when reports were read, else by the log's name. */
function find(collected: CollectedEvidence, e: Expected): FailureFrame | undefined {
  const canonical = (s: string) => s.replace(/\s+(›|>)\s+/g, ' ');
  return (
    collected.frames.find(
      (f) =>
        e.junitName !== undefined &&
        f.name === e.junitName &&
        (e.junitClassname === undefined || (f.classname ?? '') === e.junitClassname),
    ) ??
    collected.frames.find(
      (f) =>
        (e.id !== undefined && f.id === e.id) ||
        canonical(f.name) === canonical(e.name) ||
        f.name === e.name.split('::').pop(),
    )
  );
}

function check(frame: FailureFrame | undefined, e: Expected, options: { testLine: boolean; locals: boolean }) {
  expect(frame, `a frame for ${e.name}`).toBeDefined();
  const f = FailureFrame.parse(frame);
  if (e.file === null) {
    // No frame of the project's own in the output (a timeout): none is invented; the test's own
    // location may stand in as the triggering one.
    expect(f.stack).toEqual([]);
    if (f.triggering) expect(f.triggering).toMatchObject({ file: f.test?.file, line: f.test?.line });
  } else {
    expect(f.triggering, `triggering frame of ${e.name}`).toMatchObject({ file: e.file, line: e.line });
    if (e.column !== undefined) expect(f.triggering!.column, `column at ${e.file}:${e.line}`).toBe(e.column);
    // Functions are only printed by some outputs (Rust: with RUST_BACKTRACE=1): checked where present.
    if (e.function !== undefined && f.triggering!.function !== undefined)
      expect(f.triggering!.function).toBe(e.function);
    // The expression comes from the syntax tree of that very line: it is never empty.
    expect(f.triggering!.expression, `expression at ${e.file}:${e.line}`).toBeTruthy();
    expect(f.triggering!.snippet!.lines.length).toBeGreaterThan(0);
  }
  if (options.testLine && e.testLine !== null && e.testFile !== null) {
    expect(f.test, `test location of ${e.name}`).toMatchObject({ file: e.testFile, line: e.testLine });
  }
  expect(f.exceptionType).toBe(e.exceptionType);
  expect(f.message).toContain(e.message);
  if (options.locals && e.locals) {
    const locals = Object.fromEntries((f.locals ?? []).map((l) => [l.name, l.value]));
    expect(locals).toMatchObject(e.locals);
  }
}

describe.each(projects)('fixture project %s', (project) => {
  const root = path.join(PROJECTS, project);
  const expected = load(project);
  const junit = junitGlobs(project);
  const logs = Object.keys(expected.logs ?? { 'output.log': '' });
  const backtrace = (log: string | undefined) => !!log && /backtrace/.test(log);
  const showsLocals = (log: string | undefined) => !!log && /showlocals/.test(log);

  it.each(logs)('JUnit + %s: the expected frames, merged, and no others', async (log) => {
    const collected = await collectEvidence({ root, junit, log });
    expect(collected.errors).toEqual([]);
    expect(collected.readAnything).toBe(true);
    for (const e of expected.failures) {
      check(find(collected, e), e, { testLine: !e.testLineNeedsBacktrace || backtrace(log), locals: showsLocals(log) });
    }
    expect(collected.frames).toHaveLength(expected.failures.length);
    // Every frame has the report's evidence, and the log's too when the log parser found the failure.
    expect(collected.frames.every((f) => f.evidence.includes('junit'))).toBe(true);
    if (log === 'output.log')
      expect(collected.frames.filter((f) => f.evidence.includes('log')).length).toBeGreaterThan(0);
  });

  it('JUnit alone', async () => {
    const collected = await collectEvidence({ root, junit });
    for (const e of expected.failures)
      check(find(collected, e), e, { testLine: !e.testLineNeedsBacktrace, locals: false });
    expect(collected.frames).toHaveLength(expected.failures.length);
    expect(collected.summary.failed + collected.summary.errored).toBeGreaterThanOrEqual(expected.failures.length);
  });

  // pytest --tb=line prints the crash location only: no test frame, no chain to choose from.
  const alone = logs.filter((l) => !/tb-line/.test(l));
  it.each(alone)('%s alone', async (log) => {
    const collected = await collectEvidence({ root, junit: [], log });
    for (const e of expected.failures) {
      check(find(collected, e), e, { testLine: !e.testLineNeedsBacktrace || backtrace(log), locals: showsLocals(log) });
    }
    expect(collected.frames).toHaveLength(expected.failures.length);
    expect(collected.frames.every((f) => f.evidence.length === 1 && f.evidence[0] === 'log')).toBe(true);
  });

  if (expected.collectionErrors) {
    const ce = expected.collectionErrors;
    it.each([
      ['JUnit + log', [ce.junit], ce.logs[0]],
      ['JUnit alone', [ce.junit], undefined],
      ...ce.logs.map((l) => [`${l} alone`, [], l] as const),
    ] as const)('collection errors: %s', async (_mode, reports, log) => {
      const collected = await collectEvidence({ root, junit: [...reports], log });
      for (const e of ce.failures) {
        const f = find(collected, e);
        check(f, e, { testLine: true, locals: false });
        expect(f!.kind).toBe('error');
      }
      expect(collected.frames).toHaveLength(ce.failures.length);
    });
  }
});

describe('the tb-line pytest log', () => {
  it('still names every failing test and its crash location', async () => {
    const root = path.join(PROJECTS, 'pytest');
    const collected = await collectEvidence({ root, junit: [], log: 'output.tb-line.log' });
    expect(collected.frames).toHaveLength(load('pytest').failures.length);
    for (const f of collected.frames) expect(f.triggering?.file).toMatch(/^(tests|inventory)\//);
  });
});

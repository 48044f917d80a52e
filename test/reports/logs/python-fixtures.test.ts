/**
 * The Python parser against real pytest and unittest output (test/fixtures/projects/{pytest,unittest}):
 * every log variant and every JUnit failure body must give the frames `expected.json` names.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJUnitFile } from '../../../src/reports/junit/parse-junit.js';
import { pythonLogParser } from '../../../src/reports/logs/python.js';
import type { LogFailure } from '../../../src/reports/logs/log-parser.js';
import {
  failureNamed,
  loadExpected,
  localsObject,
  projectFiles,
  PROJECTS,
  readFixture,
  resolveInProject,
  testFrame,
  triggeringFrame,
  type ExpectedFailure,
} from './traceback-fixtures.js';

function checkFrames(project: string, f: LogFailure, e: ExpectedFailure): void {
  const files = projectFiles(project);
  const resolve = (p: string) => resolveInProject(files, p);
  const trig = triggeringFrame(f.frames, resolve);
  expect(trig, `${e.name}: triggering frame`).toMatchObject({ file: e.file, line: e.line });
  if (e.function !== undefined) expect(trig?.function).toBe(e.function);
  expect(testFrame(f.frames, e.testFile, e.name, resolve)?.line, `${e.name}: the test's own line`).toBe(e.testLine);
}

function checkException(f: LogFailure, e: ExpectedFailure): void {
  expect(f.exceptionType).toBe(e.exceptionType);
  expect(f.message).toContain(e.message);
  if (e.chain) {
    expect(f.chain?.map((c) => ({ relation: c.relation, exceptionType: c.exceptionType }))).toEqual(e.chain);
  } else {
    expect(f.chain).toBeUndefined();
  }
}

describe('pytest fixture logs', () => {
  const expected = loadExpected('pytest');
  const styles = Object.keys(expected.logs);

  it.each(styles)('%s: one failure per failing test, tied to its node id', (log) => {
    const failures = pythonLogParser.parse(readFixture('pytest', log));
    expect(failures.map((f) => f.test?.id)).toEqual(expected.failures.map((e) => e.id));
    for (const e of expected.failures) {
      const f = failureNamed(failures, e.id!);
      expect(f.kind).toBe('failure');
      expect(f.test).toEqual({ name: e.name, classname: e.junitClassname, file: e.testFile, id: e.id });
      checkException(f, e);
      expect(f.logLines!.start).toBeLessThanOrEqual(f.logLines!.end);
    }
  });

  it.each(styles.filter((s) => s !== 'output.tb-line.log'))('%s: triggering frame and the test own line', (log) => {
    const failures = pythonLogParser.parse(readFixture('pytest', log));
    for (const e of expected.failures) checkFrames('pytest', failureNamed(failures, e.id!), e);
  });

  it('--tb=line: the one printed frame is where the last exception was raised', () => {
    const files = projectFiles('pytest');
    const failures = pythonLogParser.parse(readFixture('pytest', 'output.tb-line.log'));
    for (const e of expected.failures) {
      const f = failureNamed(failures, e.id!);
      expect(f.frames).toHaveLength(1);
      const crash = e.crash ?? { file: e.file, line: e.line };
      expect({ file: resolveInProject(files, f.frames[0]!.file), line: f.frames[0]!.line }).toEqual(crash);
    }
  });

  it.each(['output.showlocals.log', 'output.tb-short.showlocals.log'])('%s: the failing frame’s locals', (log) => {
    const failures = pythonLogParser.parse(readFixture('pytest', log));
    for (const e of expected.failures) {
      expect(localsObject(failureNamed(failures, e.id!).locals), e.name).toMatchObject(e.locals!);
    }
  });

  it('without --showlocals, long entries still carry the function arguments pytest prints', () => {
    const failures = pythonLogParser.parse(readFixture('pytest', 'output.log'));
    expect(failureNamed(failures, 'tests/test_pricing.py::test_parse_quantity_rejects_words').locals).toEqual([
      { name: 'text', value: "' x '" },
    ]);
    // The chained failure's arguments come from the cause's frame, where the user's code is deepest.
    expect(failureNamed(failures, 'tests/test_pricing.py::test_load_order_invalid_json').locals).toEqual([
      { name: 'raw', value: "'{not json'" },
    ]);
  });

  it('--tb=native keeps pytest’s and pluggy’s own frames raw, outermost first', () => {
    const failures = pythonLogParser.parse(readFixture('pytest', 'output.tb-native.log'));
    const f = failureNamed(failures, 'tests/test_pricing.py::test_checkout_empty_cart');
    expect(f.frames[0]!.file).toMatch(/site-packages\/_pytest\/runner\.py$/);
    expect(f.frames.at(-1)).toMatchObject({
      line: 24,
      function: 'average_price',
      sourceLine: 'return total / len(prices)',
    });
  });

  it('junit.xml: every failure body gives the same frames', async () => {
    const run = await parseJUnitFile(path.join(PROJECTS, 'pytest', 'junit.xml'));
    for (const e of expected.failures) {
      const c = run.cases.find((k) => k.classname === e.junitClassname && k.name === e.junitName);
      expect(c?.status, e.name).toBe('failed');
      const found = pythonLogParser.parse(c!.failure!.body!);
      expect(found).toHaveLength(1);
      checkFrames('pytest', found[0]!, e);
      checkException(found[0]!, e);
    }
  });
});

describe('pytest collection errors', () => {
  const { collectionErrors } = loadExpected('pytest');

  it.each(collectionErrors!.logs)('%s: an error per module that could not be imported', (log) => {
    const failures = pythonLogParser.parse(readFixture('pytest', log));
    expect(failures.map((f) => f.test?.id)).toEqual(collectionErrors!.failures.map((e) => e.id));
    for (const e of collectionErrors!.failures) {
      const f = failureNamed(failures, e.id!);
      expect(f.kind).toBe('error');
      expect(f.test).toEqual({ file: e.testFile, id: e.id, name: e.junitName });
      checkException(f, e);
      checkFrames('pytest', f, e);
    }
  });

  it('the native style keeps `<frozen importlib._bootstrap>` frames raw', () => {
    const failures = pythonLogParser.parse(readFixture('pytest', 'collection-error.tb-native.log'));
    const frozen = failureNamed(failures, 'broken/test_bad_config.py').frames.filter(
      (f) => f.file === '<frozen importlib._bootstrap>',
    );
    expect(frozen.map((f) => f.function)).toEqual([
      '_gcd_import',
      '_find_and_load',
      '_find_and_load_unlocked',
      '_load_unlocked',
    ]);
    expect(frozen.every((f) => f.sourceLine === undefined)).toBe(true);
  });

  it('collection-error.junit.xml: the error bodies', async () => {
    const run = await parseJUnitFile(path.join(PROJECTS, 'pytest', collectionErrors!.junit));
    for (const e of collectionErrors!.failures) {
      const c = run.cases.find((k) => k.name === e.junitName);
      const found = pythonLogParser.parse(c!.failure!.body!);
      expect(found).toHaveLength(1);
      checkFrames('pytest', found[0]!, e);
      checkException(found[0]!, e);
    }
  });
});

describe('unittest fixture logs', () => {
  const expected = loadExpected('unittest');

  it.each(Object.keys(expected.logs))('%s: every FAIL/ERROR block, with its frames', (log) => {
    const failures = pythonLogParser.parse(readFixture('unittest', log));
    expect(failures).toHaveLength(expected.failures.length);
    for (const e of expected.failures) {
      const f = failureNamed(failures, e.name);
      expect(f.kind).toBe('failure');
      expect(f.test).toEqual({ name: e.name, classname: e.classname, id: `${e.classname}.${e.name}` });
      checkException(f, e);
      checkFrames('unittest', f, e);
    }
  });

  it('a multi-line assertion message keeps its blank lines, up to the end of the block', () => {
    const failures = pythonLogParser.parse(readFixture('unittest', 'output.log'));
    expect(failureNamed(failures, 'test_ignores_repeated_spaces').message).toBe(
      "{'to': 1, '': 1, 'be': 1} != {'to': 1, 'be': 1}\n- {'': 1, 'be': 1, 'to': 1}\n?  -------\n\n+ {'be': 1, 'to': 1}",
    );
  });

  it('junit.xml (pytest running the unittest tests): the failure bodies', async () => {
    const run = await parseJUnitFile(path.join(PROJECTS, 'unittest', 'junit.xml'));
    for (const e of expected.failures) {
      const c = run.cases.find((k) => k.classname === e.junitClassname && k.name === e.junitName);
      const found = pythonLogParser.parse(c!.failure!.body!);
      expect(found, e.name).toHaveLength(1);
      checkFrames('unittest', found[0]!, e);
      checkException(found[0]!, e);
    }
  });
});

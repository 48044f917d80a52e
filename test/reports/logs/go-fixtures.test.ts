/**
 * The Go parser against real `go test` output and gotestsum's JUnit (test/fixtures/projects/go).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJUnitFile } from '../../../src/reports/junit/parse-junit.js';
import { goLogParser } from '../../../src/reports/logs/go.js';
import type { LogFailure } from '../../../src/reports/logs/log-parser.js';
import {
  failureNamed,
  loadExpected,
  projectFiles,
  PROJECTS,
  readFixture,
  resolveInProject,
  testFrame,
  triggeringFrame,
  type ExpectedFailure,
} from './traceback-fixtures.js';

const expected = loadExpected('go');
const files = projectFiles('go');

/** A message's `cart_test.go` is relative to the package directory, which the import path names. */
function packageDir(importPath: string): string {
  return importPath.slice(expected.module!.length + 1);
}

function check(f: LogFailure, e: ExpectedFailure, importPath: string): void {
  const resolve = (p: string) => resolveInProject(files, p, packageDir(importPath));
  const trig = triggeringFrame(f.frames, resolve);
  // Alone, the parser cannot tell a t.Log line from a t.Errorf line and gives the last message
  // (`parserLine`); every printed location goes along for frames/ to read in the source.
  const line = e.parserLine ?? e.line;
  expect(trig, `${e.name}: triggering frame`).toMatchObject({ file: e.file, line });
  if (e.parserLine !== undefined) {
    expect(
      f.messageLocations?.map((m) => resolve(m.file) === e.file && m.line),
      `${e.name}: printed locations`,
    ).toContain(e.line);
  }
  if (e.function !== undefined) expect(trig?.function).toBe(e.function);
  expect(testFrame(f.frames, e.testFile, e.name, resolve)?.line ?? null, `${e.name}: the test's own line`).toBe(
    e.parserLine ?? e.testLine,
  );
  expect(f.exceptionType ?? null).toBe(e.exceptionType);
  expect(f.message).toContain(e.message);
}

describe('go test fixture logs', () => {
  it.each(Object.keys(expected.logs))('%s: each failing test once, with its package and frames', (log) => {
    const failures = goLogParser.parse(readFixture('go', log));
    // TestTotal failed only through its subtest: it is not a failure of its own.
    expect(failures.map((f) => f.test?.name)).toEqual(expected.failures.map((e) => e.name));
    for (const e of expected.failures) {
      const f = failureNamed(failures, e.name);
      expect(f.kind).toBe('failure');
      expect(f.test).toEqual({ name: e.name, classname: e.junitClassname });
      check(f, e, f.test!.classname!);
    }
  });

  it('a panic keeps the goroutine trace raw, GOROOT frames included, outermost first', () => {
    const f = failureNamed(goLogParser.parse(readFixture('go', 'output.log')), 'TestAddToNewCart');
    expect(f.frames.map((fr) => fr.function)).toEqual([
      'testing.tRunner',
      'example.com/shop/cart.TestAddToNewCart',
      'example.com/shop/cart.fill',
      'example.com/shop/cart.(*Cart).Add',
      'panic',
      'testing.tRunner.func1',
      'testing.tRunner.func1.2',
    ]);
    expect(f.frames[0]!.file).toMatch(/\/src\/testing\/testing\.go$/);
  });

  it('junit.xml (gotestsum): the failure bodies of the failing tests', async () => {
    const run = await parseJUnitFile(path.join(PROJECTS, 'go', 'junit.xml'));
    for (const e of expected.failures) {
      const c = run.cases.find((k) => k.classname === e.junitClassname && k.name === e.junitName);
      const found = goLogParser.parse(c!.failure!.body!);
      expect(found, e.name).toHaveLength(1);
      expect(found[0]!.test?.name).toBe(e.name);
      check(found[0]!, e, e.junitClassname);
    }
    // gotestsum also fails the parent of a failing subtest; alone, its body says only that it failed.
    const parent = run.cases.find((k) => k.name === 'TestTotal');
    expect(parent?.status).toBe('failed');
    expect(goLogParser.parse(parent!.failure!.body!)).toMatchObject([
      { test: { name: 'TestTotal' }, message: '', frames: [] },
    ]);
  });
});

/**
 * The Java parser against real Maven Surefire output and reports (test/fixtures/projects/maven).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJUnitFile } from '../../../src/reports/junit/parse-junit.js';
import { javaLogParser } from '../../../src/reports/logs/java.js';
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

const expected = loadExpected('maven');
const files = projectFiles('maven');
const resolve = (p: string) => resolveInProject(files, p);

function check(f: LogFailure, e: ExpectedFailure): void {
  const trig = triggeringFrame(f.frames, resolve);
  expect(trig, `${e.name}: triggering frame`).toMatchObject({ file: e.file, line: e.line, function: e.function });
  expect(testFrame(f.frames, e.testFile, e.name, resolve)?.line, `${e.name}: the test's own line`).toBe(e.testLine);
  expect(f.exceptionType).toBe(e.exceptionType);
  expect(f.message).toContain(e.message);
  if (e.chain) expect(f.chain?.map((c) => ({ relation: c.relation, exceptionType: c.exceptionType }))).toEqual(e.chain);
  else expect(f.chain).toBeUndefined();
}

describe('Maven Surefire fixture logs', () => {
  it.each(Object.keys(expected.logs))('%s: one failure per traced test, named by the Surefire header', (log) => {
    const failures = javaLogParser.parse(readFixture('maven', log));
    // The `[ERROR] Failures:` summary repeats each traced failure: it adds none.
    expect(failures.map((f) => f.test?.name).sort()).toEqual(expected.failures.map((e) => e.name).sort());
    for (const e of expected.failures) {
      const f = failureNamed(failures, e.name);
      expect(f.kind).toBe('failure');
      expect(f.test).toEqual({ classname: e.junitClassname, name: e.name, id: `${e.junitClassname}#${e.name}` });
      check(f, e);
    }
  });

  it('frames name package-path guesses that end a tracked file’s path', () => {
    const f = failureNamed(javaLogParser.parse(readFixture('maven', 'output.log')), 'reserveMoreThanInStock');
    expect(f.frames.slice(-4)).toEqual([
      {
        file: 'com/example/inventory/StockTest.java',
        line: 34,
        function: 'com.example.inventory.StockTest.reserveMoreThanInStock',
      },
      {
        file: 'com/example/inventory/StockTest.java',
        line: 13,
        function: 'com.example.inventory.StockTest.reservedStock',
      },
      { file: 'com/example/inventory/Stock.java', line: 30, function: 'com.example.inventory.Stock.reserve' },
      { file: 'com/example/inventory/Stock.java', line: 37, function: 'com.example.inventory.Stock.checkAvailable' },
    ]);
    // JDK frames lose their module prefix (`java.base/`) and keep their package path.
    const jdk = failureNamed(
      javaLogParser.parse(readFixture('maven', 'output.log')),
      'parseQuantityTrimsUnits',
    ).frames.at(-1);
    expect(jdk).toEqual({
      file: 'java/lang/NumberFormatException.java',
      line: 67,
      function: 'java.lang.NumberFormatException.forInputString',
    });
  });

  it('Caused by: the root cause’s frames, completed with the `... 4 more` it shares', () => {
    const f = failureNamed(javaLogParser.parse(readFixture('maven', 'output.log')), 'importLineWithBadQuantity');
    const lines = f.frames.map((fr) => `${fr.function}:${fr.line}`);
    // The 4 shared frames (outermost: forEach, forEach, invoke, the test) come from the wrapper's trace.
    expect(lines.slice(0, 5)).toEqual([
      'java.util.ArrayList.forEach:1511',
      'java.util.ArrayList.forEach:1511',
      'java.lang.reflect.Method.invoke:569',
      'com.example.inventory.StockTest.importLineWithBadQuantity:46',
      'com.example.inventory.Stock.importLine:45',
    ]);
    expect(f.chain).toHaveLength(1);
    expect(f.chain![0]!.message).toBe('For input string: "lots"');
    expect(f.chain![0]!.frames).toEqual(f.frames);
  });

  it('junit.xml (Surefire): the failure and error bodies', async () => {
    const run = await parseJUnitFile(path.join(PROJECTS, 'maven', 'junit.xml'));
    for (const e of expected.failures) {
      const c = run.cases.find((k) => k.classname === e.junitClassname && k.name === e.junitName);
      const found = javaLogParser.parse(c!.failure!.body!);
      expect(found, e.name).toHaveLength(1);
      check(found[0]!, e);
    }
  });
});

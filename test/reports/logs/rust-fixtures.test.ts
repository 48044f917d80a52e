/**
 * The Rust parser against real `cargo test` output and libtest's JUnit (test/fixtures/projects/cargo).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJUnitFile } from '../../../src/reports/junit/parse-junit.js';
import type { LogFailure } from '../../../src/reports/logs/log-parser.js';
import { rustLogParser } from '../../../src/reports/logs/rust.js';
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

const expected = loadExpected('cargo');
const files = projectFiles('cargo');
const resolve = (p: string) => resolveInProject(files, p);

function check(f: LogFailure, e: ExpectedFailure, backtrace: boolean): void {
  const trig = triggeringFrame(f.frames, resolve);
  expect(trig, `${e.name}: triggering frame`).toMatchObject({ file: e.file, line: e.line, column: e.column });
  if (backtrace) expect(trig?.function).toBe(e.function);
  const own = testFrame(f.frames, e.testFile, e.name, resolve);
  if (backtrace || !e.testLineNeedsBacktrace) expect(own?.line, `${e.name}: the test's own line`).toBe(e.testLine);
  expect(f.exceptionType).toBe(e.exceptionType);
  expect(f.message).toContain(e.message);
}

describe('cargo test fixture logs', () => {
  it.each(Object.keys(expected.logs))('%s: one failure per `---- name stdout ----` section', (log) => {
    const failures = rustLogParser.parse(readFixture('cargo', log));
    // libtest runs tests in parallel: sections come in the order the tests finished.
    expect(failures.map((f) => f.test?.id).sort()).toEqual(expected.failures.map((e) => e.name).sort());
    for (const e of expected.failures) {
      const f = failureNamed(failures, e.name);
      expect(f.kind).toBe('failure');
      // libtest's JUnit names the case by its last segment inside the module path.
      expect(f.test?.name).toBe(e.junitName);
      if (e.junitClassname !== 'integration') expect(f.test?.classname).toBe(e.junitClassname);
      check(f, e, log === 'output.backtrace.log');
    }
  });

  it('without a backtrace the panic location is the one frame', () => {
    const failures = rustLogParser.parse(readFixture('cargo', 'output.log'));
    expect(failureNamed(failures, 'tests::owners_of_known_and_unknown_accounts').frames).toEqual([
      { file: 'src/lib.rs', line: 24, column: 46 },
    ]);
  });

  it('with RUST_BACKTRACE=1 the standard library frames stay raw, outermost first', () => {
    const f = failureNamed(
      rustLogParser.parse(readFixture('cargo', 'output.backtrace.log')),
      'tests::parses_decimal_amounts',
    );
    expect(f.frames.at(-1)?.function).toBe('__rustc::rust_begin_unwind');
    expect(f.frames.at(-1)?.file).toMatch(/^\/rustc\/[0-9a-f]+\/library\/std\/src\/panicking\.rs$/);
    expect(f.frames.map((fr) => fr.function).filter((fn) => fn?.startsWith('ledger::'))).toEqual([
      'ledger::tests::parses_decimal_amounts::{{closure}}',
      'ledger::tests::parses_decimal_amounts',
      'ledger::parse_cents',
    ]);
  });

  it('JUnit (libtest --format junit): the panic is in each case’s system-out', async () => {
    for (const e of expected.failures) {
      const run = await parseJUnitFile(path.join(PROJECTS, 'cargo', e.junitReport!));
      const c = run.cases.find((k) => k.classname === e.junitClassname && k.name === e.junitName);
      expect(c?.status, e.name).toBe('failed');
      const found = rustLogParser.parse(c!.systemOut!);
      expect(found, e.name).toHaveLength(1);
      expect(found[0]!.test?.id).toBe(e.name);
      check(found[0]!, e, false);
    }
  });
});

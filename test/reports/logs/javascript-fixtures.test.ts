/**
 * The JS parser against real runner output: each fixture project's console log (and its variants)
 * and the failure bodies of its JUnit report, checked against the project's expected.json.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { javascriptLogParser } from '../../../src/reports/logs/javascript.js';
import type { LogFailure, RawFrame } from '../../../src/reports/logs/log-parser.js';
import { stripAnsi } from '../../../src/text/untrusted-text.js';

const PROJECTS = fileURLToPath(new URL('../../fixtures/projects/', import.meta.url));

interface Expected {
  name: string;
  junitName: string;
  testFile: string;
  testLine: number | null;
  file: string | null;
  line: number | null;
  exceptionType: string;
  message: string;
  definedLine?: number;
}

function readExpected(project: string): Expected[] {
  return (JSON.parse(readFileSync(path.join(PROJECTS, project, 'expected.json'), 'utf8')) as { failures: Expected[] })
    .failures;
}

function read(project: string, file: string): string {
  return readFileSync(path.join(PROJECTS, project, file), 'utf8');
}

/**
 * The project-relative path of a printed frame file, when it is one of the project's own files:
 * relative paths as they are, absolute ones (a foreign temp dir) by their longest suffix that
 * exists in the project. Dependencies and runtime frames are not the project's.
 */
function projectFile(project: string, file: string): string | undefined {
  if (file.includes('node_modules') || file.startsWith('node:')) return undefined;
  const parts = file.replace(/\\/g, '/').split('/').filter(Boolean);
  for (let i = 0; i < parts.length; i++) {
    const candidate = parts.slice(i).join('/');
    const full = path.join(PROJECTS, project, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return undefined;
}

/** Deepest first: frames come outermost first, so the triggering frame is the last of the project's. */
function deepestProjectFrame(
  project: string,
  frames: RawFrame[],
  inFile?: string,
): { file: string; line: number } | undefined {
  for (let i = frames.length - 1; i >= 0; i--) {
    const rel = projectFile(project, frames[i]!.file);
    if (rel && (!inFile || rel === inFile)) return { file: rel, line: frames[i]!.line };
  }
  return undefined;
}

function checkFailure(project: string, failure: LogFailure, want: Expected): void {
  expect(failure.language).toBe('javascript');
  expect(failure.exceptionType).toBe(want.exceptionType);
  expect(failure.message).toContain(want.message);
  const trigger = deepestProjectFrame(project, failure.frames);
  expect(trigger ?? null).toEqual(want.file === null ? null : { file: want.file, line: want.line });
  const own = deepestProjectFrame(project, failure.frames, want.testFile);
  expect(own?.line ?? null).toBe(want.testLine);
  // Bounded, and free of the code frames and ANSI codes runners print around the message.
  expect(failure.message.length).toBeLessThanOrEqual(4000);
  expect(failure.message).not.toMatch(/\u001b|^\s*>?\s*\d+\s?\|/m);
}

function checkLog(project: string, file: string, options: { testFileHint: boolean }): void {
  const log = read(project, file);
  expect(javascriptLogParser.detect(log)).toBe(true);
  const failures = javascriptLogParser.parse(log);
  const expected = readExpected(project);
  expect(failures.map((f) => f.test?.name)).toEqual(expected.map((e) => e.name).sort(byOrderIn(failures)));
  for (const want of expected) {
    const failure = failures.find((f) => f.test?.name === want.name)!;
    checkFailure(project, failure, want);
    if (options.testFileHint) expect(projectFile(project, failure.test!.file!)).toBe(want.testFile);
    if (want.definedLine !== undefined) expect(failure.test?.line).toBe(want.definedLine);
    expect(failure.kind).toBe('failure');
    // The log lines start at the failure's own header (mocha's begins with the outermost suite,
    // node:test's names the leaf only) and cover the frames.
    const lines = stripAnsi(log).split(/\r?\n/);
    const header = lines[failure.logLines!.start - 1]!;
    const parts = want.name.split(' > ');
    expect([parts[0]!, parts[parts.length - 1]!].some((p) => header.includes(p))).toBe(true);
    if (want.line !== null) {
      const covered = lines.slice(failure.logLines!.start - 1, failure.logLines!.end).join('\n');
      expect(covered).toContain(`${path.basename(want.file!).replace(/ /g, '%20')}:${want.line}:`);
    }
  }
}

/** Keep the expected names in the order the parser found them (log order), to compare as lists. */
function byOrderIn(failures: LogFailure[]) {
  const order = failures.map((f) => f.test?.name);
  return (a: string, b: string) => order.indexOf(a) - order.indexOf(b);
}

/** The failure bodies of a JUnit report by test name (read with a regex: these files are known). */
function junitFailureBodies(xml: string): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const m of xml.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const failure = /<failure\b[^>]*>([\s\S]*?)<\/failure>/.exec(m[2] ?? '');
    if (!failure) continue;
    const name = decodeXml(/\bname="([^"]*)"/.exec(m[1]!)![1]!);
    const cdata = /^\s*<!\[CDATA\[([\s\S]*)\]\]>\s*$/.exec(failure[1]!);
    bodies.set(name, cdata ? cdata[1]! : decodeXml(failure[1]!));
  }
  return bodies;
}

function decodeXml(text: string): string {
  const entities: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
  return text.replace(/&(lt|gt|quot|apos|amp|#(\d+));/g, (_, name: string, code?: string) =>
    code ? String.fromCharCode(Number(code)) : entities[name]!,
  );
}

function checkJunit(project: string): void {
  const bodies = junitFailureBodies(read(project, 'junit.xml'));
  const expected = readExpected(project);
  expect([...bodies.keys()].sort()).toEqual(expected.map((e) => e.junitName).sort());
  for (const want of expected) {
    const failures = javascriptLogParser.parse(bodies.get(want.junitName)!);
    expect(failures).toHaveLength(1);
    checkFailure(project, failures[0]!, want);
  }
}

describe('vitest fixture (TypeScript, `❯` frames, coloured as in CI)', () => {
  it('parses the console log', () => {
    expect(read('vitest', 'output.log')).toContain('\u001b['); // the real colours are there to strip
    checkLog('vitest', 'output.log', { testFileHint: true });
  });
  it('parses the JUnit failure bodies', () => checkJunit('vitest'));
});

describe('jest fixture (CommonJS, relative frames in the log, absolute in JUnit)', () => {
  it('parses the console log', () => checkLog('jest', 'output.log', { testFileHint: true }));
  it('parses the FORCE_COLOR log the same way', () => {
    expect(read('jest', 'output.color.log')).toContain('\u001b[');
    checkLog('jest', 'output.color.log', { testFileHint: true });
  });
  it('parses the JUnit failure bodies', () => checkJunit('jest'));
});

describe('mocha fixture (ESM, file:// frames with percent-encoding)', () => {
  it('parses the console log', () => checkLog('mocha', 'output.log', { testFileHint: false }));
  it('parses the JUnit failure bodies', () => checkJunit('mocha'));
  it('decodes file:// URLs, spaces included', () => {
    const failures = javascriptLogParser.parse(read('mocha', 'output.log'));
    const files = failures.flatMap((f) => f.frames.map((fr) => fr.file));
    expect(files.some((f) => f.endsWith('/src/price rules/discounts.mjs'))).toBe(true);
    expect(files.some((f) => f.startsWith('file:') || f.includes('%20'))).toBe(false);
  });
  it('takes the test file of a timeout from its message', () => {
    const timeout = javascriptLogParser
      .parse(read('mocha', 'output.log'))
      .find((f) => f.message.startsWith('Timeout'))!;
    expect(projectFile('mocha', timeout.test!.file!)).toBe('test/cart.spec.mjs');
    expect(timeout.frames.every((f) => f.file.startsWith('node:'))).toBe(true);
  });
});

describe('node:test fixture (TypeScript by type stripping, spec and TAP reporters)', () => {
  it('parses the spec console log, with suite paths from the tree and `test at` locations', () =>
    checkLog('node-test', 'output.log', { testFileHint: true }));
  it('parses the TAP log', () => {
    const log = read('node-test', 'output.tap.log');
    expect(javascriptLogParser.detect(log)).toBe(true);
    const failures = javascriptLogParser.parse(log);
    const expected = readExpected('node-test');
    expect(failures.map((f) => f.test?.name).sort()).toEqual(expected.map((e) => e.name).sort());
    for (const want of expected) {
      const failure = failures.find((f) => f.test?.name === want.name)!;
      checkFailure('node-test', failure, want);
      expect(projectFile('node-test', failure.test!.file!)).toBe(want.testFile);
      expect(failure.test?.line).toBe(want.definedLine);
    }
  });
  it('parses the JUnit failure bodies (the real error is the cause of ERR_TEST_FAILURE)', () =>
    checkJunit('node-test'));
});

/**
 * node:test's JUnit reporter, on the two things that made its ids and names wrong: absolute test
 * files in every case (the id carried the temp dir or the runner's workspace) and `"` escaped twice
 * (the name read held `&quot;`). Fixtures: test/fixtures/junit/node-test-names/ (real Node 24 and
 * Node 20 reports of test/names.test.js beside them, with Node 24's spec log, `regenerate.sh
 * node-test-names`), and real
 * runs of that project in temp dirs.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPathResolver } from '../../../src/workspace/repo-paths.js';
import { collectEvidence } from '../../../src/frames/collect-evidence.js';
import {
  parseJUnitFile,
  parseJUnitReports,
  parseJUnitString,
  type JUnitParseResult,
} from '../../../src/reports/junit/parse-junit.js';
import { fixture } from './fixture-path.js';

const PROJECT = fixture('node-test-names');
/** Where regenerate.sh ran the project: the path the reports hold. */
const RECORDED_DIR = '/tmp/self-heal-junit-fixtures/node-test-names';
const SUITE = 'quotes "here" & <there>';
/** The names as test/names.test.js writes them, in the order the reports list them. */
const NAMES = [
  `adds "two" & <three> (it's $1.50+)`,
  `adds "two" & <three> (it's $1x50+)`,
  `adds "two" & <three> (it's $1.50+) again`,
  `top "level" & 'single' <b>|[x]`,
  `top "level" & 'single' <b>`,
];
/** The ids those tests must have wherever the report was written, once the repository is known. */
const REPO_IDS = [
  `test/names.test.js::${SUITE}::${NAMES[0]}`,
  `test/names.test.js::${SUITE}::${NAMES[1]}`,
  `test/names.test.js::${SUITE}::${NAMES[2]}`,
  `test/names.test.js::${NAMES[3]}`,
  `test/names.test.js::${NAMES[4]}`,
];
const TRACKED = ['package.json', 'test/names.test.js'];

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

function ids(result: { cases: readonly { id: string }[] }): string[] {
  return result.cases.map((c) => c.id);
}

function byName(result: JUnitParseResult, name: string) {
  const found = result.cases.find((c) => c.name === name);
  expect(found, `a case named ${name}`).toBeDefined();
  return found!;
}

describe('node:test names with quotes (the reporter escapes " twice)', () => {
  it('Node 24: names, describe names and failure messages read as the test code wrote them', async () => {
    const result = await parseJUnitFile(path.join(PROJECT, 'junit.xml'));
    expect(result.errors).toEqual([]);
    expect(result.dialect).toBe('node-test');
    expect(result.cases.map((c) => c.name)).toEqual(NAMES);
    expect(result.summary).toEqual({ total: 5, passed: 3, failed: 2, errored: 0, skipped: 0 });
    const first = byName(result, NAMES[0]!);
    expect(first).toMatchObject({ suite: SUITE, classname: SUITE, status: 'failed' });
    expect(first.failure?.message).toBe('says "no" & <stops>\n\n2 !== 3');
    // The body is element text, escaped once: it was right before and stays as it is.
    expect(first.failure?.body).toContain('AssertionError [ERR_ASSERTION]: says "no" & <stops>');
    const top = byName(result, NAMES[3]!);
    // "test", the classname of a top-level test, says nothing: it is left out (and of the id).
    expect(top).toMatchObject({ suite: '', status: 'failed' });
    expect(top.classname).toBeUndefined();
    expect(top.failure?.message).toContain(`+   said: '"hi"'`);
    // Without the repository, the file stays as the report wrote it (parseJUnitFile is given none).
    expect(first.file).toBe(`${RECORDED_DIR}/test/names.test.js`);
    expect(first.id).toBe(`${RECORDED_DIR}/test/names.test.js::${SUITE}::${NAMES[0]}`);
  });

  it('Node 20: the same names (Node 20 writes no file, and "test" as every classname, left out)', async () => {
    const result = await parseJUnitFile(path.join(PROJECT, 'junit-node20.xml'));
    expect(result.errors).toEqual([]);
    expect(result.dialect).toBe('node-test');
    expect(result.cases.map((c) => c.name)).toEqual(NAMES);
    expect(result.cases.map((c) => c.file)).toEqual(NAMES.map(() => undefined));
    // No file: the id is the describe and the name (it was `test::…`).
    expect(byName(result, NAMES[0]!)).toMatchObject({ suite: SUITE, id: `${SUITE}::${NAMES[0]}` });
    expect(byName(result, NAMES[0]!).failure?.message).toBe('says "no" & <stops>2 !== 3');
  });

  it('only `&quot;` is put back: a name holding `&amp;` or `&lt;` as text keeps it', () => {
    // As Node 24 writes a test named `say &amp; <b> "x"` (its `&` escaped once, `"` twice).
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<testsuites>
	<testcase name="say &amp;amp; &lt;b> &amp;quot;x&amp;quot;" time="0.1" classname="test" file="/w/test/a.test.js"><failure message="m">b</failure></testcase>
</testsuites>`;
    const result = parseJUnitString(xml, 'junit.xml');
    expect(result.dialect).toBe('node-test');
    expect(result.cases[0]!.name).toBe('say &amp; <b> "x"');
  });

  it('other producers keep `&quot;` in names: they escape once, so it is what the test was called', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="jest tests"><testsuite name="s"><testcase classname="c" name="renders &amp;quot;x&amp;quot;"><failure>b</failure></testcase></testsuite></testsuites>`;
    const result = parseJUnitString(xml, 'junit.xml');
    expect(result.dialect).toBe('jest-junit');
    expect(result.cases[0]!.name).toBe('renders &quot;x&quot;');
  });
});

describe('node:test case files: repo-relative once the repository is known', () => {
  const recorded = readFileSync(path.join(PROJECT, 'junit.xml'), 'utf8');
  /** The fixture's report as if the project had been run in `dir`. */
  const writtenIn = (dir: string) => recorded.replaceAll(`${RECORDED_DIR}/`, `${dir}/`);

  it.each([
    ['written under the root and read there', '/tmp/a', '/tmp/a', TRACKED],
    ['written on a GitHub runner, read in another checkout', '/home/runner/work/app/app', '/work/checkout', TRACKED],
    [
      'written in a temp copy, read in the repository (suffix of a repository file)',
      RECORDED_DIR,
      '/work/checkout',
      TRACKED,
    ],
    ['written under the root, the test file not tracked yet', '/tmp/a', '/tmp/a', ['package.json']],
  ])('%s', (_what, writtenAt, root, tracked) => {
    const repo = createPathResolver(root, tracked);
    const result = parseJUnitString(writtenIn(writtenAt), 'junit.xml', { repo });
    expect(result.errors).toEqual([]);
    expect(ids(result)).toEqual(REPO_IDS);
    expect(result.cases.every((c) => c.file === 'test/names.test.js')).toBe(true);
  });

  it('a file outside the repository stays as it is', () => {
    const repo = createPathResolver('/work/checkout', ['package.json', 'spec/names.test.js']);
    const result = parseJUnitString(writtenIn('/opt/other'), 'junit.xml', { repo });
    expect(result.cases[0]!.file).toBe('/opt/other/test/names.test.js');
    expect(result.cases[0]!.id).toBe(`/opt/other/test/names.test.js::${SUITE}::${NAMES[0]}`);
  });

  it("mocha-junit-reporter's absolute suite file becomes repo-relative too; without a repository it stays", async () => {
    const report = fixture('mocha/junit.xml');
    const repo = createPathResolver('/tmp/self-heal-junit-fixtures/mocha', ['test/cart.test.js', 'lib/cart.js']);
    const without = await parseJUnitFile(report);
    const withRepo = await parseJUnitFile(report, { repo });
    expect(withRepo.dialect).toBe('mocha-junit-reporter');
    expect(without.cases.some((c) => c.file === '/tmp/self-heal-junit-fixtures/mocha/test/cart.test.js')).toBe(true);
    expect(withRepo.cases.length).toBe(without.cases.length);
    expect(withRepo.cases.every((c) => c.file === undefined || c.file === 'test/cart.test.js')).toBe(true);
    expect(ids(withRepo)).toEqual(ids(without).map((id) => id.replace('/tmp/self-heal-junit-fixtures/mocha/', '')));
  });

  it('case files are relative to the directory the tests ran in, like the files other producers write', async () => {
    // The tests ran in mocha/ of the repository (`self-heal run --cwd mocha`): vitest or pytest would
    // write `test/cart.test.js` there, so the absolute file is given the same base.
    const report = fixture('mocha/junit.xml');
    const repo = createPathResolver('/tmp/self-heal-junit-fixtures', ['mocha/test/cart.test.js', 'mocha/lib/cart.js']);
    const fromRoot = await parseJUnitFile(report, { repo });
    const fromCwd = await parseJUnitFile(report, { repo, caseBase: '/tmp/self-heal-junit-fixtures/mocha' });
    expect(new Set(fromRoot.cases.map((c) => c.file).filter(Boolean))).toEqual(new Set(['mocha/test/cart.test.js']));
    expect(new Set(fromCwd.cases.map((c) => c.file).filter(Boolean))).toEqual(new Set(['test/cart.test.js']));
  });

  it('real runs in two directories give the same ids, through parseJUnitReports and collectEvidence', async () => {
    const runIn = () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'self-heal-node-names-'));
      scratch.push(dir);
      cpSync(path.join(PROJECT, 'package.json'), path.join(dir, 'package.json'));
      cpSync(path.join(PROJECT, 'test'), path.join(dir, 'test'), { recursive: true });
      // The Node that runs vitest (the repo's Node 24): the tests fail on purpose, so node exits 1.
      try {
        execFileSync(process.execPath, ['--test', '--test-reporter=junit', '--test-reporter-destination=junit.xml'], {
          cwd: dir,
          stdio: 'ignore',
        });
      } catch {
        // exit status 1: two tests fail
      }
      return dir;
    };
    const a = runIn();
    const b = runIn();
    for (const dir of [a, b]) {
      // The report holds this run's own absolute path...
      expect(readFileSync(path.join(dir, 'junit.xml'), 'utf8')).toContain(`file="${dir}/test/names.test.js"`);
      // ...and the ids do not.
      const parsed = await parseJUnitReports(['junit.xml'], dir);
      expect(parsed.errors).toEqual([]);
      expect(ids(parsed)).toEqual(REPO_IDS);
      const collected = await collectEvidence({ root: dir, junit: ['junit.xml'] });
      expect(collected.errors).toEqual([]);
      expect(ids(collected.run)).toEqual(REPO_IDS);
      expect(collected.frames.map((f) => f.id)).toEqual([REPO_IDS[0], REPO_IDS[3]]);
    }
    // And the checked-in fixture, written elsewhere, read in its project directory in this repository.
    const fromFixture = await collectEvidence({ root: PROJECT, junit: ['junit.xml'] });
    expect(ids(fromFixture.run)).toEqual(REPO_IDS);
  });

  it("the report's failures and the spec log's are one frame each: the log prints the names as written", async () => {
    // output.log is the spec reporter's output of the run that wrote junit.xml.
    const collected = await collectEvidence({ root: PROJECT, junit: ['junit.xml'], log: 'output.log' });
    expect(collected.errors).toEqual([]);
    expect(collected.frames.map((f) => [f.id, f.name, f.evidence])).toEqual([
      [REPO_IDS[0], NAMES[0], ['junit', 'log']],
      [REPO_IDS[3], NAMES[3], ['junit', 'log']],
    ]);
    expect(collected.frames[0]!.test?.file).toBe('test/names.test.js');
  });
});

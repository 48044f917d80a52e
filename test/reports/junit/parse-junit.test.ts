/**
 * The public API: which cases are kept, how repeated ids merge (reruns, shards, flaky tests),
 * and how report patterns are expanded.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseCollector, KEPT_TEXT_BUDGET, mergeCases } from '../../../src/reports/junit/merge-cases.js';
import { parseJUnitFile, parseJUnitReports, parseJUnitString } from '../../../src/reports/junit/parse-junit.js';
import type { TestCase } from '../../../src/reports/test-run.js';
import { fixture, JUNIT_FIXTURES } from './fixture-path.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'self-heal-junit-api-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function suite(...cases: string[]): string {
  return `<?xml version="1.0"?>\n<testsuites><testsuite name="s">${cases.join('')}</testsuite></testsuites>\n`;
}
const pass = (name: string) => `<testcase classname="pkg.T" name="${name}"/>`;
const fail = (name: string, message = 'boom') =>
  `<testcase classname="pkg.T" name="${name}"><failure message="${message}">trace of ${name}</failure></testcase>`;

async function write(name: string, xml: string): Promise<string> {
  const file = path.join(dir, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, xml);
  return file;
}

describe('keepCases', () => {
  it("'all' keeps every case, passing ones without any text", async () => {
    const result = await parseJUnitFile(fixture('pytest/junit-xunit1.xml'));
    expect(result.cases).toHaveLength(10);
    const passing = result.cases.filter((c) => c.status === 'passed');
    expect(passing.map((c) => c.id)).toEqual([
      'tests/test_cart.py::test_adds',
      'tests/test_cart.py::TestNested::test_param[1]',
    ]);
    for (const c of passing) {
      // pytest wrote captured output for them: the pass-to-pass set does not need it.
      expect(c.systemOut).toBeUndefined();
      expect(c.systemErr).toBeUndefined();
      expect(c.failure).toBeUndefined();
      expect(Object.keys(c).sort()).toEqual([
        'classname',
        'durationMs',
        'file',
        'id',
        'line',
        'name',
        'source',
        'status',
        'suite',
      ]);
    }
  });

  it("'non-passing' keeps failed, errored, skipped and flaky cases and still counts all", async () => {
    const all = await parseJUnitFile(fixture('surefire/TEST-cart.CartTest$WhenEmpty.xml'));
    const some = await parseJUnitFile(fixture('surefire/TEST-cart.CartTest$WhenEmpty.xml'), {
      keepCases: 'non-passing',
    });
    expect(some.summary).toEqual(all.summary);
    expect(some.cases.map((c) => c.id)).toEqual([
      'cart.CartTest::totalsWrongOnPurpose',
      'cart.CartTest::flakyOnce',
      'cart.CartTest::throwsOnBadPercent',
      'cart.CartTest::skippedForNow',
      'cart.CartTest$WhenEmpty::totalIsZero',
    ]);
    expect(some.cases).toEqual(all.cases.filter((c) => c.status !== 'passed' || c.flaky));
  });

  it("'none' keeps nothing but counts, and onCase sees every case as it is read", async () => {
    const seen: TestCase[] = [];
    const result = await parseJUnitFile(fixture('pytest/junit.xml'), {
      keepCases: 'none',
      onCase: (c) => seen.push(c),
    });
    expect(result.cases).toEqual([]);
    expect(result.summary).toEqual({ total: 10, passed: 2, failed: 5, errored: 1, skipped: 2 });
    expect(seen).toHaveLength(10);
    expect(seen.find((c) => c.name === 'test_adds_wrong')?.failure?.message).toBe(
      'assert 4 == 5\n +  where 4 = add(2, 2)',
    );
  });

  it('gives every case its report and dialect', async () => {
    const file = fixture('vitest/junit.xml');
    const result = await parseJUnitFile(file);
    for (const c of result.cases) expect(c.source).toEqual({ report: file, dialect: 'vitest' });
  });
});

describe('the same test id more than once', () => {
  it('in two reports is two runs: a pass after a failure is flaky, a failure after a pass stays failed', async () => {
    await write('runs/1-fail.xml', suite(fail('t'), pass('u')));
    await write('runs/2-pass.xml', suite(pass('t'), pass('u')));
    await write('regress/1-pass.xml', suite(pass('t'), pass('u')));
    await write('regress/2-fail.xml', suite(fail('t'), pass('u')));
    for (const keepCases of ['all', 'non-passing'] as const) {
      const healed = await parseJUnitReports(['runs/*.xml'], dir, { keepCases });
      expect(healed.summary).toEqual({ total: 2, passed: 2, failed: 0, errored: 0, skipped: 0 });
      expect(healed.cases.find((c) => c.id === 'pkg.T::t')).toMatchObject({
        status: 'passed',
        flaky: true,
        failure: { message: 'boom', body: 'trace of t' },
      });
      // In 'non-passing' mode the pass came first and was only hashed: the reports are read again.
      const regressed = await parseJUnitReports(['regress/*.xml'], dir, { keepCases });
      expect(regressed.summary).toEqual({ total: 2, passed: 1, failed: 1, errored: 0, skipped: 0 });
      expect(regressed.cases.find((c) => c.id === 'pkg.T::t')).toMatchObject({ status: 'failed', flaky: true });
    }
  });

  it('in one report is two tests that share a name (jest and mocha allow it): each counted and listed apart', () => {
    for (const keepCases of ['all', 'non-passing'] as const) {
      for (const [xml, failedId] of [
        [suite(fail('t'), pass('t'), pass('u')), 'pkg.T::t'],
        [suite(pass('u'), pass('t'), fail('t')), 'pkg.T::t #2'],
      ] as const) {
        const result = parseJUnitString(xml, 'twice.xml', { keepCases });
        expect(result.summary).toEqual({ total: 3, passed: 2, failed: 1, errored: 0, skipped: 0 });
        const t = result.cases.find((c) => c.status === 'failed')!;
        // 'non-passing' counts passes without reading them: a failure after a same-named pass keeps
        // the plain id there (docs/junit.md); every other reading numbers it.
        expect(t.id).toBe(keepCases === 'all' ? failedId : 'pkg.T::t');
        expect(t).toMatchObject({ name: 't', status: 'failed', failure: { message: 'boom', body: 'trace of t' } });
        expect(t.flaky).toBeUndefined();
        if (keepCases === 'all')
          expect(result.cases.map((c) => c.id)).toContain(failedId === 'pkg.T::t' ? 'pkg.T::t #2' : 'pkg.T::t');
      }
    }
  });

  it('in one report is listed once per element, numbered in reading order, and counted as often as it is there', () => {
    for (const keepCases of ['all', 'non-passing'] as const) {
      const result = parseJUnitString(
        suite(fail('t', 'first'), fail('t', 'second'), pass('u'), pass('u')),
        'twice.xml',
        {
          keepCases,
        },
      );
      expect(result.summary).toEqual({ total: 4, passed: 2, failed: 2, errored: 0, skipped: 0 });
      const failed = result.cases.filter((c) => c.status === 'failed');
      expect(failed.map((c) => [c.id, c.name, c.failure?.message])).toEqual([
        ['pkg.T::t', 't', 'first'],
        ['pkg.T::t #2', 't', 'second'],
      ]);
    }
    const counted = parseJUnitString(suite(pass('u'), pass('u'), pass('v')), 'twice.xml', { keepCases: 'non-passing' });
    expect(counted.summary).toEqual({ total: 3, passed: 3, failed: 0, errored: 0, skipped: 0 });
  });

  it('merges reruns written to separate files (pytest run twice: fail, then pass)', async () => {
    for (const keepCases of ['all', 'non-passing'] as const) {
      const run = await parseJUnitReports(['pytest/flaky-run*.xml'], JUNIT_FIXTURES, { keepCases });
      expect(run.reports).toEqual(['pytest/flaky-run1.xml', 'pytest/flaky-run2.xml']);
      expect(run.errors).toEqual([]);
      expect(run.summary).toEqual({ total: 2, passed: 2, failed: 0, errored: 0, skipped: 0 });
      expect(run.cases.find((c) => c.id === 'flaky.test_flaky::test_flaky_once')).toMatchObject({
        status: 'passed',
        flaky: true,
        failure: { message: 'AssertionError: first run fails\nassert False' },
      });
    }
  });

  it('re-reads the reports to confirm a pass seen before the failure when passing cases are not kept', async () => {
    await write('order/a-pass.xml', suite(pass('t'), pass('only-here')));
    await write('order/b-fail.xml', suite(fail('t'), fail('real')));
    const run = await parseJUnitReports(['order/a-pass.xml', 'order/b-fail.xml'], dir, { keepCases: 'non-passing' });
    expect(run.summary).toEqual({ total: 3, passed: 1, failed: 2, errored: 0, skipped: 0 });
    expect(run.cases.map((c) => [c.id, c.status, c.flaky ?? false])).toEqual([
      ['pkg.T::t', 'failed', true],
      ['pkg.T::real', 'failed', false],
    ]);
    const all = await parseJUnitReports(['order/a-pass.xml', 'order/b-fail.xml'], dir);
    expect(all.summary).toEqual(run.summary);
  });

  it('never turns a failure into a pass on a hash match the rescan does not confirm', () => {
    // Two reports: passing ids are logged (one report only counts its passes).
    const collector = new CaseCollector('non-passing', undefined, KEPT_TEXT_BUDGET, 2);
    collector.addPassingId('pkg.T::t');
    collector.addCase({ id: 'pkg.T::t', suite: 's', name: 't', status: 'failed' });
    expect([...collector.findSuspects()]).toEqual(['pkg.T::t']);
    // The rescan saw no pass with exactly this id (the earlier hash belonged to another test).
    collector.settleSuspects();
    expect(collector.result()).toEqual({
      cases: [{ id: 'pkg.T::t', suite: 's', name: 't', status: 'failed' }],
      summary: { total: 2, passed: 1, failed: 1, errored: 0, skipped: 0 },
    });
  });

  it('follows the merge rules: a skip loses to a run, two failures keep the first', () => {
    const base = { suite: 's', name: 't', id: 'x::t' };
    const failed: TestCase = { ...base, status: 'failed', failure: { message: 'f' } };
    const errored: TestCase = { ...base, status: 'errored', failure: { message: 'e' } };
    const passed: TestCase = { ...base, status: 'passed', durationMs: 5 };
    const skipped: TestCase = { ...base, status: 'skipped' };
    expect(mergeCases(skipped, failed)).toBe(failed);
    expect(mergeCases(passed, skipped)).toBe(passed);
    expect(mergeCases(failed, errored)).toBe(failed);
    expect(mergeCases(errored, failed)).toBe(errored);
    expect(mergeCases(errored, passed)).toEqual({ ...errored, status: 'passed', flaky: true, durationMs: 5 });
    expect(mergeCases(passed, failed)).toEqual({ ...failed, flaky: true });
    // Not two runs of one test (two same-named tests of one report): no flake, the failure wins.
    expect(mergeCases(failed, passed, false)).toBe(failed);
    expect(mergeCases(passed, failed, false)).toBe(failed);
    const flakyPass: TestCase = { ...base, status: 'passed', flaky: true, failure: { message: 'once' } };
    expect(mergeCases(passed, flakyPass)).toEqual({ ...passed, flaky: true, failure: { message: 'once' } });
    expect(mergeCases(failed, flakyPass)).toEqual({ ...failed, status: 'passed', flaky: true, durationMs: undefined });
  });

  it('keeps the text of failures only up to a budget, so thousands of failures stay bounded', () => {
    const collector = new CaseCollector('all', undefined, 100);
    const big = (id: string): TestCase => ({
      id,
      suite: 's',
      name: id,
      status: 'failed',
      failure: { message: id, body: 'x'.repeat(60) },
      systemOut: 'o',
    });
    collector.addCase(big('a'));
    collector.addCase(big('b'));
    const [a, b] = collector.result().cases;
    expect(a).toEqual(big('a'));
    expect(b).toEqual({
      id: 'b',
      suite: 's',
      name: 'b',
      status: 'failed',
      failure: { message: 'b', body: '[text not kept: the text budget of this parse was used by earlier failures]' },
    });
  });
});

describe('parseJUnitReports', () => {
  it('reads every file a glob matches, in order, and names patterns that matched nothing', async () => {
    const run = await parseJUnitReports(['surefire/TEST-*.xml', 'nothing/**/*.xml', 'gradle/*.xml'], JUNIT_FIXTURES, {
      keepCases: 'non-passing',
    });
    expect(run.reports).toEqual([
      'surefire/TEST-cart.CartTest$WhenEmpty.xml',
      'surefire/TEST-cart.CartTest.xml',
      'gradle/TEST-com.example.cart.CartTest.xml',
      'gradle/TEST-com.example.cart.FlakyTest.xml',
    ]);
    expect(run.errors).toEqual([
      { file: 'nothing/**/*.xml', message: `nothing/**/*.xml: no files matched in ${JUNIT_FIXTURES}` },
    ]);
    expect(run.summary).toEqual({ total: 14, passed: 6, failed: 5, errored: 1, skipped: 2 });
  });

  it('keeps going past reports that cannot be read, naming each', async () => {
    const run = await parseJUnitReports(
      ['edge/empty.xml', 'edge/malformed.xml', 'edge/html.xml', 'pytest/junit.xml'],
      JUNIT_FIXTURES,
    );
    expect(run.errors.map((e) => e.file)).toEqual(['edge/empty.xml', 'edge/malformed.xml', 'edge/html.xml']);
    expect(run.errors[1]!.message).toBe(
      'edge/malformed.xml:9:43: a closing tag that does not match the open element <failure> (expected </failure>)',
    );
    expect(run.summary.total).toBe(2 + 10);
  });

  it('takes a pattern that names a file literally, a directory as every .xml under it, and matches once', async () => {
    await write('literal/[weird] name.xml', suite(pass('literal')));
    await write('tree/a/one.xml', suite(pass('one')));
    await write('tree/b/two.xml', suite(fail('two')));
    await write('tree/b/notes.txt', 'not a report');
    const run = await parseJUnitReports(
      ['literal/[weird] name.xml', 'tree', 'tree/**/*.xml', path.join(dir, 'tree/a/one.xml')],
      dir,
    );
    expect(run.reports).toEqual(['literal/[weird] name.xml', 'tree/a/one.xml', 'tree/b/two.xml']);
    expect(run.errors).toEqual([]);
    expect(run.summary).toEqual({ total: 3, passed: 2, failed: 1, errored: 0, skipped: 0 });
  });

  it('does not descend into node_modules or .git unless the pattern says so', async () => {
    await write('repo/reports/junit.xml', suite(pass('mine')));
    await write('repo/node_modules/pkg/junit.xml', suite(fail('theirs')));
    await write('repo/.git/junit.xml', suite(fail('git')));
    const run = await parseJUnitReports(['**/junit.xml'], path.join(dir, 'repo'));
    expect(run.reports).toEqual(['reports/junit.xml']);
    const explicit = await parseJUnitReports(['node_modules/**/junit.xml'], path.join(dir, 'repo'));
    expect(explicit.reports).toEqual(['node_modules/pkg/junit.xml']);
  });

  it('gives paths outside the working directory as absolute paths', async () => {
    const file = await write('outside/report.xml', suite(fail('far')));
    const run = await parseJUnitReports([file], path.join(dir, 'repo'));
    expect(run.reports).toEqual([file]);
    expect(run.cases[0]!.source?.report).toBe(file);
  });
});

/**
 * How results with one test id are counted and merged when passing cases are not kept: a single
 * report only counts its passes (their ids are never read), several reports (or Gradle's retries)
 * log passing ids as hashes and re-read the reports to confirm a pass read before its failure.
 * Every scenario is checked against keepCases 'all', which keeps every case and needs none of that.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUnitReader, type CaseSink } from '../../../src/reports/junit/junit-reader.js';
import { CaseCollector } from '../../../src/reports/junit/merge-cases.js';
import { parseJUnitReports, parseJUnitString, type JUnitParseResult } from '../../../src/reports/junit/parse-junit.js';
import type { TestCase, TestRunSummary } from '../../../src/reports/test-run.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'self-heal-junit-runs-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Result = 'pass' | 'fail' | 'error' | 'skip' | 'flaky' | 'rerun';

function testcase(name: string, result: Result): string {
  const open = `<testcase classname="pkg.T" name="${name}" time="0.5">`;
  switch (result) {
    case 'pass':
      return `<testcase classname="pkg.T" name="${name}" time="0.5"/>`;
    case 'fail':
      return `${open}<failure message="${name} failed">trace of ${name}</failure></testcase>`;
    case 'error':
      return `${open}<error message="${name} errored">trace of ${name}</error></testcase>`;
    case 'skip':
      return `${open}<skipped/></testcase>`;
    case 'flaky':
      // Surefire/Gradle mergeReruns: failed once, then passed.
      return `${open}<flakyFailure message="${name} flaked"><stackTrace>trace</stackTrace></flakyFailure></testcase>`;
    case 'rerun':
      return `${open}<rerunFailure message="${name} failed again"><stackTrace>trace</stackTrace></rerunFailure></testcase>`;
  }
}

/** A report: Gradle's bare <testsuite> (hostname and timestamp), or a generic one. */
function report(cases: Array<[string, Result]>, gradle = false): string {
  const body = cases.map(([name, result]) => testcase(name, result)).join('\n');
  if (gradle)
    return `<?xml version="1.0"?>\n<testsuite name="pkg.T" tests="${cases.length}" timestamp="2026-11-20T09:14:03" hostname="runner">\n${body}\n</testsuite>\n`;
  return `<?xml version="1.0"?>\n<testsuites><testsuite name="s">\n${body}\n</testsuite></testsuites>\n`;
}

async function writeReports(
  folder: string,
  reports: Array<{ cases: Array<[string, Result]>; gradle?: boolean }>,
): Promise<string[]> {
  await mkdir(path.join(dir, folder), { recursive: true });
  const names: string[] = [];
  for (const [i, r] of reports.entries()) {
    const name = `${folder}/${String(i).padStart(2, '0')}.xml`;
    await writeFile(path.join(dir, name), report(r.cases, r.gradle));
    names.push(name);
  }
  return names;
}

/** What the two modes must agree on: the counts, and each listed case's id, status and flakiness. */
function outcome(result: { cases: TestCase[]; summary: TestRunSummary }): unknown {
  return {
    summary: result.summary,
    cases: result.cases
      .filter((c) => c.status !== 'passed' || c.flaky)
      .map((c) => [c.id, c.status, c.flaky ?? false, c.failure?.message])
      .sort(),
  };
}

async function bothModes(
  names: string[],
): Promise<{ all: unknown; some: unknown; someRun: Awaited<ReturnType<typeof parseJUnitReports>> }> {
  const all = await parseJUnitReports(names, dir);
  const someRun = await parseJUnitReports(names, dir, { keepCases: 'non-passing' });
  expect(all.errors).toEqual([]);
  expect(someRun.errors).toEqual([]);
  return { all: outcome(all), some: outcome(someRun), someRun };
}

const id = (name: string) => `pkg.T::${name}`;

describe('several reports', () => {
  it('a pass after a failure in a later report is flaky; a failure after a pass stays failed (both directions)', async () => {
    const rerun = await bothModes(
      await writeReports('dir-fail-pass', [
        {
          cases: [
            ['t', 'fail'],
            ['u', 'pass'],
          ],
        },
        {
          cases: [
            ['t', 'pass'],
            ['u', 'pass'],
          ],
        },
      ]),
    );
    expect(rerun.some).toEqual(rerun.all);
    expect(rerun.someRun.summary).toEqual({ total: 2, passed: 2, failed: 0, errored: 0, skipped: 0 });
    expect(rerun.someRun.cases).toMatchObject([
      { id: id('t'), status: 'passed', flaky: true, failure: { message: 't failed' } },
    ]);

    const regress = await bothModes(
      await writeReports('dir-pass-fail', [
        {
          cases: [
            ['t', 'pass'],
            ['u', 'pass'],
          ],
        },
        {
          cases: [
            ['t', 'fail'],
            ['u', 'pass'],
          ],
        },
      ]),
    );
    expect(regress.some).toEqual(regress.all);
    expect(regress.someRun.summary).toEqual({ total: 2, passed: 1, failed: 1, errored: 0, skipped: 0 });
    expect(regress.someRun.cases).toMatchObject([{ id: id('t'), status: 'failed', flaky: true }]);
  });

  it('shards that do not overlap add up, and one that overlaps counts its repeated tests once', async () => {
    const shards = await bothModes(
      await writeReports('shards', [
        {
          cases: [
            ['a', 'pass'],
            ['b', 'fail'],
            ['c', 'pass'],
          ],
        },
        {
          cases: [
            ['d', 'pass'],
            ['e', 'skip'],
          ],
        },
        {
          cases: [
            ['f', 'error'],
            ['a', 'pass'],
            ['g', 'pass'],
          ],
        },
      ]),
    );
    expect(shards.some).toEqual(shards.all);
    expect(shards.someRun.summary).toEqual({ total: 7, passed: 4, failed: 1, errored: 1, skipped: 1 });
  });

  it('a whole suite run twice counts every test once, same-named tests apart by their number', async () => {
    const run: Array<[string, Result]> = [
      ['a', 'pass'],
      ['a', 'pass'],
      ['b', 'pass'],
      ['c', 'fail'],
    ];
    const again: Array<[string, Result]> = [
      ['a', 'pass'],
      ['a', 'pass'],
      ['a', 'pass'],
      ['b', 'pass'],
      ['c', 'pass'],
    ];
    const twice = await bothModes(await writeReports('suite-twice', [{ cases: run }, { cases: again }]));
    expect(twice.some).toEqual(twice.all);
    // a, a #2, a #3 (as many as the report that has the most), b, c (flaky: failed, then passed).
    expect(twice.someRun.summary).toEqual({ total: 5, passed: 5, failed: 0, errored: 0, skipped: 0 });
  });

  it('an id an earlier report had is run again by the first same-named case of a later one, found by the rescan', async () => {
    const names = await writeReports('earlier-pass', [
      { cases: [['t', 'pass']] },
      {
        cases: [
          ['t', 'fail'],
          ['t', 'pass'],
          ['u', 'pass'],
        ],
      },
    ]);
    const runs = await bothModes(names);
    expect(runs.some).toEqual(runs.all);
    // t passed, then failed (flaky, failed); t #2 is a test of the later report's own.
    expect(runs.someRun.summary).toEqual({ total: 3, passed: 2, failed: 1, errored: 0, skipped: 0 });
    expect(runs.someRun.cases).toMatchObject([{ id: id('t'), status: 'failed', flaky: true }]);
  });

  it('a skip and a pass of one test is a pass, not listed among the non-passing cases', async () => {
    for (const [folder, order] of [
      ['skip-pass', ['skip', 'pass']],
      ['pass-skip', ['pass', 'skip']],
    ] as const) {
      const result = await bothModes(
        await writeReports(folder, [
          { cases: [['t', order[0]]] },
          { cases: [['t', order[1]]] },
          { cases: [['t', 'pass']] },
        ]),
      );
      expect(result.some).toEqual(result.all);
      expect(result.someRun.summary).toEqual({ total: 1, passed: 1, failed: 0, errored: 0, skipped: 0 });
      expect(result.someRun.cases).toEqual([]);
    }
  });
});

describe('Gradle, which writes a retry as another <testcase>', () => {
  it('merges a retry that passed into a flaky pass, also when other tests ran in between', async () => {
    for (const keepCases of ['all', 'non-passing'] as const) {
      const xml = report(
        [
          ['retried', 'fail'],
          ['other', 'pass'],
          ['second', 'fail'],
          ['retried', 'pass'],
          ['second', 'fail'],
          ['second', 'pass'],
        ],
        true,
      );
      const result = parseJUnitString(xml, 'TEST-pkg.T.xml', { keepCases });
      expect(result.dialect).toBe('gradle');
      expect(result.summary).toEqual({ total: 3, passed: 3, failed: 0, errored: 0, skipped: 0 });
      expect(result.cases.filter((c) => c.flaky).map((c) => [c.id, c.status, c.failure?.message])).toEqual([
        [id('retried'), 'passed', 'retried failed'],
        [id('second'), 'passed', 'second failed'],
      ]);
    }
  });

  it('retries only after a failure: a second pass, or a failure after a pass, is another test', async () => {
    for (const keepCases of ['all', 'non-passing'] as const) {
      const result = parseJUnitString(
        report(
          [
            ['twice', 'pass'],
            ['twice', 'pass'],
            ['late', 'pass'],
            ['late', 'fail'],
          ],
          true,
        ),
        'TEST-pkg.T.xml',
        { keepCases },
      );
      // As Gradle groups executions for mergeReruns: a group stays open only while they fail.
      expect(result.summary).toEqual({ total: 4, passed: 3, failed: 1, errored: 0, skipped: 0 });
      expect(result.cases.filter((c) => c.status === 'failed').map((c) => [c.id, c.flaky])).toEqual([
        [`${id('late')} #2`, undefined],
      ]);
    }
  });

  it('is told apart from a generic report with the same cases, where repeats are tests of their own', () => {
    const cases: Array<[string, Result]> = [
      ['retried', 'fail'],
      ['retried', 'pass'],
    ];
    expect(parseJUnitString(report(cases, true), 'gradle.xml', { keepCases: 'non-passing' }).summary.total).toBe(1);
    expect(parseJUnitString(report(cases), 'generic.xml', { keepCases: 'non-passing' }).summary.total).toBe(2);
  });
});

describe('a single report', () => {
  /** A sink that fails the test if a passing case is handed over by anything but a count. */
  function countingSink(): CaseSink & { passes: number; kept: TestCase[] } {
    return {
      wantsPassingCases: false,
      passes: 0,
      kept: [],
      passIdsNeeded: () => false,
      countPass() {
        this.passes++;
      },
      addPassing: () => {
        throw new Error('a passing id was built for a single report');
      },
      addCase(testCase) {
        this.kept.push(testCase);
      },
    };
  }

  it('only counts its passing cases: their attributes are never read', () => {
    const sink = countingSink();
    const reader = new JUnitReader('one.xml', sink);
    const cases: Array<[string, Result]> = Array.from({ length: 500 }, (_, i) => [
      `t${i}`,
      i % 100 === 7 ? 'fail' : 'pass',
    ]);
    reader.write(report(cases));
    reader.end();
    expect(reader.errors).toEqual([]);
    expect(sink.passes).toBe(495);
    expect(sink.kept.map((c) => c.id)).toEqual([7, 107, 207, 307, 407].map((i) => id(`t${i}`)));
  });

  it('asks for passing ids when the producer writes retries as repeated cases', () => {
    const collector = new CaseCollector('non-passing');
    expect(collector.passIdsNeeded({ report: 'r.xml', dialect: 'pytest' })).toBe(false);
    expect(collector.passIdsNeeded({ report: 'r.xml' })).toBe(false);
    expect(collector.passIdsNeeded({ report: 'r.xml', dialect: 'gradle' })).toBe(true);
    expect(
      new CaseCollector('non-passing', undefined, undefined, 2).passIdsNeeded({ report: 'r.xml', dialect: 'pytest' }),
    ).toBe(true);
  });
});

describe('every mode agrees on random runs', () => {
  /** A small deterministic PRNG (mulberry32), so a failure names a scenario that can be replayed. */
  function random(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /**
   * Tests by the counting rule: within a report every case is a test, except that in a Gradle
   * report a case after a failure of the same name is its retry; across reports an id (with its
   * number) is one test, so a name counts as often as the report that has it most often.
   */
  function expectedTotal(reports: Array<{ cases: Array<[string, Result]>; gradle: boolean }>): number {
    const most = new Map<string, number>();
    for (const r of reports) {
      const here = new Map<string, number>();
      const latestFailed = new Map<string, boolean>();
      for (const [name, result] of r.cases) {
        const failing = result === 'fail' || result === 'error' || result === 'rerun';
        if (!(r.gradle && latestFailed.get(name))) here.set(name, (here.get(name) ?? 0) + 1);
        latestFailed.set(name, failing);
      }
      for (const [name, n] of here) most.set(name, Math.max(most.get(name) ?? 0, n));
    }
    return [...most.values()].reduce((a, b) => a + b, 0);
  }

  /** A single report read on its own counts its passes without reading them (see merge-cases.ts). */
  const withoutNumbers = (outcome: unknown) => JSON.parse(JSON.stringify(outcome).replace(/ #\d+"/g, '"')) as unknown;

  it('keepCases all and non-passing give the same counts and the same non-passing cases, by the counting rule', async () => {
    const results: Result[] = ['pass', 'pass', 'pass', 'fail', 'error', 'skip', 'flaky', 'rerun'];
    for (let seed = 1; seed <= 150; seed++) {
      const next = random(seed);
      const reports = Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({
        gradle: next() < 0.25,
        cases: Array.from({ length: Math.floor(next() * 7) }, (): [string, Result] => [
          'abcd'[Math.floor(next() * 4)]!,
          results[Math.floor(next() * results.length)]!,
        ]),
      }));
      const names = await writeReports(`random-${seed}`, reports);
      const { all, some, someRun } = await bothModes(names);
      expect({ seed, total: someRun.summary.total }).toEqual({ seed, total: expectedTotal(reports) });
      if (reports.length > 1 || reports[0]!.gradle) {
        expect({ seed, some }).toEqual({ seed, some: all });
      } else {
        // One report whose passes are only counted: the same, but a non-passing case after a
        // same-named pass keeps its plain id (see merge-cases.ts); read on its own, likewise.
        expect({ seed, some: withoutNumbers(some) }).toEqual({ seed, some: withoutNumbers(all) });
        const xml = report(reports[0]!.cases, reports[0]!.gradle);
        const one: JUnitParseResult = parseJUnitString(xml, names[0]!, { keepCases: 'non-passing' });
        expect({ seed, one: outcome(one) }).toEqual({ seed, one: some });
      }
    }
  });
});

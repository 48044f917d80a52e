/**
 * What one <testcase> counts as, as its producer wrote it: a `status` attribute that says it did
 * not run, an <error> beside a <failure>. Each is read every way a report can be read (every case
 * kept or not), which must agree.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseJUnitFile, parseJUnitString, type JUnitParseResult } from '../../../src/reports/junit/parse-junit.js';
import { fixture } from './fixture-path.js';

const statuses = (result: JUnitParseResult) => Object.fromEntries(result.cases.map((c) => [c.name, c.status]));

/** The report read with every case kept, and without: the summaries agree. */
function readEveryWay(xml: string, name = 'report.xml'): JUnitParseResult {
  const all = parseJUnitString(xml, name, { keepCases: 'all' });
  const some = parseJUnitString(xml, name, { keepCases: 'non-passing' });
  expect(some.summary).toEqual(all.summary);
  expect(some.cases).toEqual(all.cases.filter((c) => c.status !== 'passed' || c.flaky));
  return all;
}

describe('a status attribute that says the case did not run', () => {
  it('is a skip when no result element says otherwise (tst, GoogleTest and others)', async () => {
    const result = readEveryWay(await readFile(fixture('edge/status-not-run.xml'), 'utf8'));
    expect(result.summary).toEqual({ total: 8, passed: 2, failed: 2, errored: 0, skipped: 4 });
    expect(statuses(result)).toEqual({
      'totals items': 'passed',
      'applies a discount': 'skipped',
      'rounds to cents': 'skipped',
      refunds: 'skipped',
      'ships abroad': 'skipped',
      'charges tax': 'passed',
      'rejects bad percent': 'failed',
      // A failure the runner recorded wins over what the attribute says.
      'was disabled but ran and failed': 'failed',
    });
  });

  it('is seen past the first 64 KB too, in runs of passing cases, in every element shape', () => {
    // Past the first 64 KB, runs of passing cases: same-shaped ones with a status, then elements of other shapes that say they did not run, on one line or several.
    const lead = Array.from({ length: 1400 }, (_, i) => `<testcase classname="c" name="lead_${i}" status="run"/>`);
    const notRun = [
      '<testcase classname="c" name="same_shape" status="disabled"/>',
      '<testcase classname="c" name="other_order" time="0" status="notrun"/>',
      '<testcase name="result_attribute" classname="c" status="notrun" result="suppressed"/>',
      '<testcase classname="c"\n  name="across_lines"\n  status="ignored"\n/>',
      '<testcase classname="c" name="open_close" status="skipped"></testcase>',
    ];
    const body = [...lead, ...notRun.flatMap((e, i) => [e, `<testcase classname="c" name="between_${i}"/>`])];
    const xml = `<?xml version="1.0"?>\n<testsuites><testsuite name="s">\n${body.join('\n')}\n</testsuite></testsuites>\n`;
    expect(xml.length).toBeGreaterThan(64 * 1024);
    const result = readEveryWay(xml);
    expect(result.summary).toEqual({ total: 1410, passed: 1405, failed: 0, errored: 0, skipped: 5 });
  });
});

describe('a case with both an <error> and a <failure>', () => {
  // Catch2's shape (one <failure> per failed CHECK, <error type="TEST_CASE"> for an exception the
  // test case threw); any producer that records both writes them side by side like this.
  const report = (...results: string[]) =>
    `<?xml version="1.0"?>\n<testsuites><testsuite name="cart_tests">\n` +
    `<testcase classname="cart_tests.global" name="passes" time="0.001"/>\n` +
    `<testcase classname="cart_tests.global" name="discounts" time="0.001">${results.join('')}</testcase>\n` +
    `</testsuite></testsuites>\n`;
  const failure =
    '<failure message="discount(100, 10) == 80" type="CHECK">FAILED:\n  CHECK( discount(100, 10) == 80 )</failure>';
  const error =
    '<error message="percent out of range: 150" type="TEST_CASE">FAILED:\n  percent out of range: 150</error>';

  it.each([
    ['the failure first', [failure, error]],
    ['the error first', [error, failure]],
  ])('is errored, with the error as its message (%s), and both texts', (_label, results) => {
    const result = readEveryWay(report(...results));
    expect(result.summary).toEqual({ total: 2, passed: 1, failed: 0, errored: 1, skipped: 0 });
    const discounts = result.cases.find((c) => c.name === 'discounts')!;
    expect(discounts.status).toBe('errored');
    expect(discounts.failure).toMatchObject({ type: 'TEST_CASE', message: 'percent out of range: 150' });
    expect(discounts.failure?.body).toContain('CHECK( discount(100, 10) == 80 )');
    expect(discounts.failure?.body).toContain('percent out of range: 150');
  });

  it('stays failed with failures alone, and errored with errors alone', () => {
    expect(readEveryWay(report(failure, failure)).summary).toMatchObject({ failed: 1, errored: 0 });
    expect(readEveryWay(report(error)).summary).toMatchObject({ failed: 0, errored: 1 });
  });
});

describe('characters XML does not allow', () => {
  it('node:test writes a NUL raw: the report is read, the NUL read as U+FFFD, and said once', async () => {
    const file = fixture('node-test-nul/junit.xml');
    expect((await readFile(file)).includes(0)).toBe(true);
    const result = await parseJUnitFile(file);
    expect(result.summary).toEqual({ total: 3, passed: 2, failed: 1, errored: 0, skipped: 0 });
    const failed = result.cases.find((c) => c.status === 'failed')!;
    expect(failed.name).toBe('reads a record terminated by NUL');
    expect(failed.failure?.message).toBe('unexpected terminator in name=cart\uFFFD\n\n2 !== 1');
    expect(failed.failure?.body).toContain('name=cart\uFFFD');
    expect(failed.failure?.body).not.toContain('\u0000');
    expect(result.errors).toEqual([
      expect.objectContaining({
        file,
        line: 4,
        message: expect.stringMatching(
          /: 4 characters XML does not allow, the first here; read as U\+FFFD: U\+0000 ×4$/,
        ),
      }),
    ]);
  });

  it('anywhere: in the first bytes, in an attribute, in text past the first chunk, in CDATA', () => {
    const passes = Array.from({ length: 1500 }, (_, i) => `<testcase classname="c" name="p${i}"/>`).join('\n');
    const xml =
      `<?xml version="1.0"?>\n<testsuites><testsuite name="s\u0000uite">\n` +
      `<testcase classname="c" name="early\u0001"><failure message="m\u0000">a\u0000b</failure></testcase>\n` +
      `${passes}\n` +
      `<testcase classname="c" name="late"><failure><![CDATA[x\u0000y\u0008]]></failure><system-out>o\u0000</system-out></testcase>\n` +
      `</testsuite></testsuites>\n`;
    const result = readEveryWay(xml);
    expect(result.summary).toEqual({ total: 1502, passed: 1500, failed: 2, errored: 0, skipped: 0 });
    const failed = result.cases.filter((c) => c.status === 'failed');
    expect(failed.map((c) => [c.suite, c.name, c.failure?.message, c.failure?.body, c.systemOut])).toEqual([
      ['s\uFFFDuite', 'early\uFFFD', 'm\uFFFD', 'a\uFFFDb', undefined],
      ['s\uFFFDuite', 'late', 'x\uFFFDy\uFFFD', 'x\uFFFDy\uFFFD', 'o\uFFFD'],
    ]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.message).toMatch(/7 characters XML does not allow.*U\+0000 ×5, U\+0001 ×1, U\+0008 ×1$/);
  });
});

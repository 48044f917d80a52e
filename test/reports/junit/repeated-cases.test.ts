/**
 * One report that names a test more than once, as real producers write it: Surefire's same-named
 * invocations (each a test of its own, numbered), pytest-rerunfailures' attempts and pytest's
 * teardown error (one test each). Every reading must agree: every case kept, or only the
 * non-passing ones (which reads the report again when it meets an id twice).
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseJUnitFile, parseJUnitString, type JUnitParseResult } from '../../../src/reports/junit/parse-junit.js';
import { fixture } from './fixture-path.js';

const listed = (result: JUnitParseResult) =>
  result.cases.map((c) => [c.id, c.status, c.flaky ?? false, c.failure?.message ?? null]);

async function readBothWays(file: string) {
  const all = await parseJUnitFile(file, { keepCases: 'all' });
  const some = await parseJUnitFile(file, { keepCases: 'non-passing' });
  expect(all.errors).toEqual([]);
  expect(some.summary).toEqual(all.summary);
  expect(listed(some)).toEqual(listed(all).filter(([, status, flaky]) => status !== 'passed' || flaky));
  return all;
}

const PRICE = 'cart.PriceTest::totals(int, int, int) totals(int, int, int)';

describe('Surefire: same-named cases are tests of their own', () => {
  it('counts each element, as the suite’s tests= does, and numbers them in reading order', async () => {
    const file = fixture('surefire-names/TEST-cart.PriceTest.xml');
    expect(await readFile(file, 'utf8')).toMatch(/ tests="3" /);
    const result = await readBothWays(file);
    expect(result.summary).toEqual({ total: 3, passed: 1, failed: 1, errored: 0, skipped: 1 });
    expect(listed(result)).toEqual([
      [PRICE, 'passed', false, null],
      [`${PRICE} #2`, 'skipped', false, null],
      [`${PRICE} #3`, 'failed', false, 'expected: <5> but was: <4>'],
    ]);
    // The number is in the id only: the name is the test's, for reruns that select it by name.
    expect(new Set(result.cases.map((c) => c.name))).toEqual(new Set(['totals(int, int, int) totals(int, int, int)']));
  });

  it('hands each case to onCase once, also when the report is read again keeping every case', async () => {
    const seen: string[] = [];
    const file = fixture('surefire-names/TEST-cart.PriceTest.xml');
    const result = await parseJUnitFile(file, { keepCases: 'non-passing', onCase: (c) => seen.push(c.id) });
    expect(result.summary.total).toBe(3);
    expect(seen).toEqual([PRICE, `${PRICE} #2`, `${PRICE} #3`]);
  });

  it('gives the same ids to the same elements of the next run, so a fix is matched case by case', async () => {
    const xml = await readFile(fixture('surefire-names/TEST-cart.PriceTest.xml'), 'utf8');
    const before = parseJUnitString(xml, 'before.xml');
    // The failing invocation fixed: its <failure> gone, everything else as it was.
    const fixed = xml.replace(/<failure[^]*?<\/failure>/, '');
    const after = parseJUnitString(fixed, 'after.xml');
    const statusOf = (result: JUnitParseResult) => Object.fromEntries(result.cases.map((c) => [c.id, c.status]));
    expect(statusOf(before)).toEqual({ [PRICE]: 'passed', [`${PRICE} #2`]: 'skipped', [`${PRICE} #3`]: 'failed' });
    expect(statusOf(after)).toEqual({ [PRICE]: 'passed', [`${PRICE} #2`]: 'skipped', [`${PRICE} #3`]: 'passed' });
  });
});

describe('pytest: one test written as several elements', () => {
  it('pytest-rerunfailures: each rerun attempt is an empty element before the last; tests= counts the test once', async () => {
    const file = fixture('pytest-rerunfailures/junit.xml');
    expect(await readFile(file, 'utf8')).toMatch(/ tests="4" /);
    const result = await readBothWays(file);
    expect(result.summary).toEqual({ total: 4, passed: 2, failed: 1, errored: 0, skipped: 1 });
    expect(listed(result)).toEqual([
      // Failed on every attempt: failed, not flaky.
      ['test_cart_reruns::test_always_fails', 'failed', false, 'assert (1 + 1) == 3'],
      // Passed on its rerun: a pass that needed one.
      ['test_cart_reruns::test_flaky', 'passed', true, null],
      ['test_cart_reruns::test_passes', 'passed', false, null],
      ['test_cart_reruns::test_skipped', 'skipped', false, null],
    ]);
  });

  it('a failure, then an error in teardown (two elements): one test, errored', async () => {
    const result = await readBothWays(fixture('pytest/teardown-error.xml'));
    expect(result.summary).toEqual({ total: 2, passed: 1, failed: 0, errored: 1, skipped: 0 });
    expect(listed(result)).toEqual([
      [
        'teardown.test_session::test_checkout',
        'errored',
        false,
        'failed on teardown with "RuntimeError: connection already closed"',
      ],
      ['teardown.test_session::test_browse', 'passed', false, null],
    ]);
  });
});

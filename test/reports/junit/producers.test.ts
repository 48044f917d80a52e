/**
 * One block per producer: the exact cases, statuses, messages, files and lines read from the
 * producer's own output (test/fixtures/junit/<producer>/, see its README for where each came from).
 */
import { describe, expect, it } from 'vitest';
import { parseJUnitFile, type JUnitParseResult } from '../../../src/reports/junit/parse-junit.js';
import type { TestCase } from '../../../src/reports/test-run.js';
import { fixture } from './fixture-path.js';

function byId(result: JUnitParseResult, id: string): TestCase {
  const found = result.cases.find((c) => c.id === id);
  if (!found) throw new Error(`no case ${id} in ${result.cases.map((c) => c.id).join(', ')}`);
  return found;
}

function statuses(result: JUnitParseResult): Record<string, string> {
  return Object.fromEntries(result.cases.map((c) => [c.id, c.flaky ? `${c.status} (flaky)` : c.status]));
}

describe('pytest', () => {
  it('reads the default xunit2 report: classname ids, failures apart from errors, skips and xfails', async () => {
    const result = await parseJUnitFile(fixture('pytest/junit.xml'));
    expect(result.errors).toEqual([]);
    expect(result.dialect).toBe('pytest');
    expect(result.summary).toEqual({ total: 10, passed: 2, failed: 5, errored: 1, skipped: 2 });
    expect(statuses(result)).toEqual({
      'tests.test_cart::test_adds': 'passed',
      'tests.test_cart::test_adds_wrong': 'failed',
      'tests.test_cart::test_raises_error': 'failed',
      'tests.test_cart::test_uses_broken_fixture': 'errored',
      'tests.test_cart::test_skipped': 'skipped',
      'tests.test_cart::test_expected_failure': 'skipped',
      'tests.test_cart::test_prints_output': 'failed',
      'tests.test_cart.TestNested::test_param[1]': 'passed',
      'tests.test_cart.TestNested::test_param[2]': 'failed',
      'tests.test_cart::test_hostile_name[<b>bold</b> & ::error::owned @here]': 'failed',
    });
    const wrong = byId(result, 'tests.test_cart::test_adds_wrong');
    expect(wrong).toMatchObject({ suite: 'cart', name: 'test_adds_wrong', classname: 'tests.test_cart' });
    expect(wrong.failure?.message).toBe('assert 4 == 5\n +  where 4 = add(2, 2)');
    expect(wrong.failure?.body).toMatch(/^def test_adds_wrong\(\):\n/);
    expect(wrong.failure?.body).toMatch(/tests\/test_cart\.py:16: AssertionError$/);
    expect(wrong.file).toBeUndefined();
    const setup = byId(result, 'tests.test_cart::test_uses_broken_fixture');
    expect(setup.failure?.message).toBe('failed on setup with "RuntimeError: fixture exploded"');
    // Entities in attributes and text are decoded, not left escaped.
    const hostile = byId(result, 'tests.test_cart::test_hostile_name[<b>bold</b> & ::error::owned @here]');
    expect(hostile.failure?.body).toContain(`text = '<b>bold</b> & ::error::owned @here'`);
  });

  it('reads xunit1: file ids with the class in them, 0-based lines made 1-based, empty capture sections dropped', async () => {
    const result = await parseJUnitFile(fixture('pytest/junit-xunit1.xml'));
    expect(result.errors).toEqual([]);
    expect(result.summary).toEqual({ total: 10, passed: 2, failed: 5, errored: 1, skipped: 2 });
    // pytest's own node ids: file::Class::name.
    const param = byId(result, 'tests/test_cart.py::TestNested::test_param[2]');
    expect(param).toMatchObject({
      file: 'tests/test_cart.py',
      line: 51,
      classname: 'tests.test_cart.TestNested',
      status: 'failed',
    });
    expect(byId(result, 'tests/test_cart.py::TestNested::test_param[1]').status).toBe('passed');
    // `def test_adds_wrong():` is on line 14 of tests/test_cart.py; pytest writes line="13".
    expect(byId(result, 'tests/test_cart.py::test_adds_wrong').line).toBe(14);
    const printed = byId(result, 'tests/test_cart.py::test_prints_output');
    expect(printed.systemOut).toMatch(/Captured Out -+\nto stdout$/);
    expect(printed.systemErr).toMatch(/Captured Err -+\nto stderr$/);
    // Only the "Captured" headers: no output.
    const wrong = byId(result, 'tests/test_cart.py::test_adds_wrong');
    expect(wrong.systemOut).toBeUndefined();
    expect(wrong.systemErr).toBeUndefined();
  });

  it('reads a collection error as an errored case named after the module', async () => {
    const result = await parseJUnitFile(fixture('pytest/collection-error.xml'));
    expect(result.summary).toEqual({ total: 1, passed: 0, failed: 0, errored: 1, skipped: 0 });
    const [broken] = result.cases;
    // No file and an empty classname: the suite scopes the id (testId).
    expect(broken).toMatchObject({
      id: 'pytest::collection.test_broken_import',
      status: 'errored',
      failure: { message: 'collection failure' },
    });
    expect(broken!.classname).toBeUndefined();
    expect(broken!.failure?.body).toContain("E   ModuleNotFoundError: No module named 'module_that_does_not_exist'");
  });
});

describe('jest-junit', () => {
  it('reads the default templates: trimmed names, no file, the failure text as body and first line as message', async () => {
    const result = await parseJUnitFile(fixture('jest/junit.xml'));
    expect(result.errors).toEqual([]);
    expect(result.dialect).toBe('jest-junit');
    expect(result.summary).toEqual({ total: 6, passed: 2, failed: 3, errored: 0, skipped: 1 });
    const hostile = byId(result, '<b>hostile</b> & ::error::name @here::<b>hostile</b> & ::error::name @here');
    expect(hostile.name).toBe('<b>hostile</b> & ::error::name @here');
    const wrong = byId(result, 'cart totals wrong on purpose::cart totals wrong on purpose');
    expect(wrong.failure?.message).toBe('Error: expect(received).toBe(expected) // Object.is equality');
    expect(wrong.failure?.type).toBeUndefined();
    expect(wrong.failure?.body).toContain('at Object.toBe (/tmp/self-heal-junit-fixtures/jest/test/cart.test.js:9:43)');
    // jest-junit reports test.todo as a plain (passing) case: there is nothing else to go on.
    expect(byId(result, 'cart discount handles coupons::cart discount handles coupons').status).toBe('passed');
  });

  it('merges the two cases jest-junit writes for a suite that fails to load, keeping the readable one', async () => {
    const result = await parseJUnitFile(fixture('jest/junit-file-attr.xml'));
    expect(result.errors).toEqual([]);
    expect(result.summary).toEqual({ total: 7, passed: 2, failed: 3, errored: 1, skipped: 1 });
    const broken = byId(result, 'test/broken.test.js::Test suite failed to run::test/broken.test.js');
    expect(broken.status).toBe('errored');
    expect(broken.failure?.message).toBe("Cannot find module '../lib/does-not-exist' from 'test/broken.test.js'");
    expect(broken.failure?.body).not.toContain('"code":"MODULE_NOT_FOUND"');
    expect(byId(result, 'test/cart.test.js::cart totals wrong on purpose')).toMatchObject({
      file: 'test/cart.test.js',
      status: 'failed',
    });
  });
});

describe('vitest', () => {
  it('takes the file from the classname and keeps per-case output', async () => {
    const result = await parseJUnitFile(fixture('vitest/junit.xml'));
    expect(result.errors).toEqual([]);
    expect(result.dialect).toBe('vitest');
    expect(result.summary).toEqual({ total: 7, passed: 1, failed: 4, errored: 0, skipped: 2 });
    const threw = byId(result, 'test/cart.test.js::cart > discount > throws on a bad percent');
    expect(threw).toMatchObject({
      file: 'test/cart.test.js',
      suite: 'test/cart.test.js',
      status: 'failed',
      systemOut: 'computing discount',
      systemErr: 'about to throw',
      failure: {
        type: 'RangeError',
        message: 'percent out of range: 150',
        body: 'RangeError: percent out of range: 150\n ❯ test/cart.test.js:17:7',
      },
    });
    const broken = byId(result, 'test/broken.test.js::test/broken.test.js');
    expect(broken.failure?.type).toBe('Error');
    expect(broken.failure?.message).toMatch(/^Cannot find module '\.\.\/src\/does-not-exist\.js' imported from /);
  });
});

describe('mocha-junit-reporter', () => {
  it('gives cases the file of their suite and reads multi-line messages as XML normalises them', async () => {
    const result = await parseJUnitFile(fixture('mocha/junit.xml'));
    expect(result.errors).toEqual([]);
    expect(result.dialect).toBe('mocha-junit-reporter');
    expect(result.summary).toEqual({ total: 6, passed: 1, failed: 4, errored: 0, skipped: 1 });
    const file = '/tmp/self-heal-junit-fixtures/mocha/test/cart.test.js';
    const wrong = byId(result, `${file}::cart totals wrong on purpose`);
    expect(wrong).toMatchObject({ file, suite: 'cart', classname: 'totals wrong on purpose' });
    // Literal newlines in an attribute value become spaces (XML attribute normalisation).
    expect(wrong.failure?.message).toBe('Expected values to be strictly equal:  6 !== 7 ');
    expect(wrong.failure?.body).toMatch(
      /^AssertionError \[ERR_ASSERTION\]: Expected values to be strictly equal:\n\n6 !== 7\n/,
    );
    const hook = byId(result, `${file}::cart with a failing hook "before all" hook for "never runs"`);
    expect(hook.failure).toMatchObject({ type: 'Error', message: 'hook exploded' });
    // A root-level test has no suite file to inherit.
    expect(
      byId(result, '<b>hostile</b> & ::error::name @here::<b>hostile</b> & ::error::name @here').file,
    ).toBeUndefined();
  });
});

describe('node:test', () => {
  it('reads nested describe suites, top-level cases under the root, and todo as skipped', async () => {
    const result = await parseJUnitFile(fixture('node-test/junit.xml'));
    expect(result.errors).toEqual([]);
    expect(result.dialect).toBe('node-test');
    expect(result.summary).toEqual({ total: 8, passed: 2, failed: 4, errored: 0, skipped: 2 });
    const file = '/tmp/self-heal-junit-fixtures/node-test/test/cart.test.js';
    const threw = byId(result, `${file}::cart.discount::throws on a bad percent`);
    expect(threw).toMatchObject({ suite: 'discount', classname: 'cart.discount', file, status: 'failed' });
    expect(threw.failure).toMatchObject({ type: 'testCodeFailure', message: 'percent out of range: 150' });
    expect(threw.failure?.body).toContain(`at discount (/tmp/self-heal-junit-fixtures/node-test/lib/cart.js:6:28)`);
    expect(byId(result, `${file}::cart.discount::handles coupons`).status).toBe('skipped');
    const top = byId(result, `${file}::<b>hostile</b> & ::error::name @here`);
    expect(top.suite).toBe('');
    expect(top.failure?.message).toBe(
      'Expected values to be strictly deep-equal:\n+ actual - expected\n\n  {\n+   a: 1\n-   a: 2\n  }',
    );
  });
});

describe('libtest (cargo test --format junit)', () => {
  it('reads every document of a multi-binary stdout and finds the panic in the output', async () => {
    const result = await parseJUnitFile(fixture('cargo/junit.xml'));
    expect(result.errors).toEqual([]);
    expect(result.dialect).toBe('libtest');
    expect(result.summary).toEqual({ total: 5, passed: 2, failed: 3, errored: 0, skipped: 0 });
    const panics = byId(result, 'tests::panics_on_bad_percent');
    expect(panics.failure?.type).toBe('assert');
    expect(panics.failure?.message).toBe('percent out of range: 150');
    expect(panics.failure?.body).toMatch(
      /thread 'tests::panics_on_bad_percent' \(\d+\) panicked at src\/lib\.rs:7:9:\npercent out of range: 150/,
    );
    expect(panics.systemOut).toMatch(/^computing discount\n/);
    expect(byId(result, 'tests::totals_wrong_on_purpose').failure?.message).toBe('assertion `left == right` failed');
    // The second document (tests/integration.rs).
    expect(byId(result, 'integration::integration_fails').failure?.message).toBe('discount was 90');
    expect(byId(result, 'integration::integration_passes').status).toBe('passed');
  });
});

describe('Maven Surefire and Failsafe', () => {
  it('reads flakyFailure as passed-but-flaky and rerunFailure/rerunError as still failing', async () => {
    const result = await parseJUnitFile(fixture('surefire/TEST-cart.CartTest$WhenEmpty.xml'));
    expect(result.errors).toEqual([]);
    expect(result.dialect).toBe('surefire');
    expect(result.summary).toEqual({ total: 6, passed: 2, failed: 2, errored: 1, skipped: 1 });
    expect(statuses(result)).toEqual({
      'cart.CartTest::totalsWrongOnPurpose': 'failed',
      'cart.CartTest::flakyOnce': 'passed (flaky)',
      'cart.CartTest::throwsOnBadPercent': 'errored',
      'cart.CartTest::totalsItems': 'passed',
      'cart.CartTest::skippedForNow': 'skipped',
      'cart.CartTest$WhenEmpty::totalIsZero': 'failed',
    });
    const flaky = byId(result, 'cart.CartTest::flakyOnce');
    expect(flaky.failure).toMatchObject({
      type: 'org.opentest4j.AssertionFailedError',
      message: 'first run fails ==> expected: <1> but was: <2>',
    });
    expect(flaky.failure?.body).toMatch(/^org\.opentest4j\.AssertionFailedError: first run fails/);
    const error = byId(result, 'cart.CartTest::throwsOnBadPercent');
    expect(error.failure?.type).toBe('java.lang.IllegalArgumentException');
    expect(error.failure?.body).toContain('at cart.Cart.discount(Cart.java:13)');
    // The case's own output, not the copies inside <rerunError>.
    expect(error.systemOut).toBe('computing discount');
  });

  it('reads the empty report Surefire writes for the outer class of a @Nested test', async () => {
    const result = await parseJUnitFile(fixture('surefire/TEST-cart.CartTest.xml'));
    expect(result).toMatchObject({ cases: [], errors: [], summary: { total: 0 } });
  });

  it('reads Failsafe flakyError, keeping the stack trace but not the nested output', async () => {
    const result = await parseJUnitFile(fixture('failsafe/TEST-com.example.cart.CheckoutIT.xml'));
    expect(result.errors).toEqual([]);
    expect(statuses(result)).toEqual({
      'com.example.cart.CheckoutIT::checksOut': 'passed (flaky)',
      'com.example.cart.CheckoutIT::refundsAnOrder': 'failed',
      'com.example.cart.CheckoutIT::listsOrders': 'passed',
    });
    const flaky = byId(result, 'com.example.cart.CheckoutIT::checksOut');
    expect(flaky.failure?.body).toBe(
      'java.net.ConnectException: Connection refused\n\tat java.base/sun.nio.ch.Net.pollConnect(Native Method)\n\tat com.example.cart.CheckoutIT.checksOut(CheckoutIT.java:22)',
    );
    expect(flaky.systemOut).toBeUndefined();
  });
});

describe('Gradle', () => {
  it('merges a retried test written twice into one flaky case and gives failures the suite output', async () => {
    const result = await parseJUnitFile(fixture('gradle/TEST-com.example.cart.CartTest.xml'));
    expect(result.errors).toEqual([]);
    expect(result.dialect).toBe('gradle');
    expect(result.summary).toEqual({ total: 6, passed: 3, failed: 2, errored: 0, skipped: 1 });
    const retried = byId(result, 'com.example.cart.CartTest::retriedOnce()');
    expect(retried).toMatchObject({
      status: 'passed',
      flaky: true,
      failure: { type: 'java.net.SocketTimeoutException' },
    });
    const wrong = byId(result, 'com.example.cart.CartTest::totalsWrong()');
    expect(wrong.systemOut).toBe('computing discount for 150%\nprice service at http://localhost:8089');
    expect(wrong.systemErr).toBe('WARN: slow price service');
    expect(byId(result, 'com.example.cart.CartTest::skippedForNow()').systemOut).toBeUndefined();
    expect(byId(result, 'com.example.cart.CartTest::[1] percent=150').failure?.message).toBe(
      'java.lang.IllegalArgumentException: percent out of range: 150',
    );
  });

  it('reads mergeReruns output', async () => {
    const result = await parseJUnitFile(fixture('gradle/TEST-com.example.cart.FlakyTest.xml'));
    expect(statuses(result)).toEqual({
      'com.example.cart.FlakyTest::eventuallyPasses()': 'passed (flaky)',
      'com.example.cart.FlakyTest::alwaysFails()': 'failed',
    });
    // The suite counts every failed execution; the elements are all there, so no warning.
    expect(result.errors).toEqual([]);
    expect(byId(result, 'com.example.cart.FlakyTest::eventuallyPasses()').systemOut).toBe('attempt 2: 200');
  });
});

describe('Go: gotestsum and go-junit-report', () => {
  it('replaces the boilerplate "Failed" message with the test output line and warns about a build failure with no case', async () => {
    const result = await parseJUnitFile(fixture('gotestsum/junit.xml'));
    expect(result.dialect).toBe('gotestsum');
    expect(result.summary).toEqual({ total: 7, passed: 2, failed: 4, errored: 0, skipped: 1 });
    expect(byId(result, 'example.com/shop/cart::TestTotalWrong').failure?.message).toBe(
      'cart_test.go:14: Total(2, 4) = 6, want 7',
    );
    expect(byId(result, 'example.com/shop/cart::TestDiscount/wrong').failure?.message).toBe(
      'cart_test.go:26: Discount(100, 10) = 90, want 80',
    );
    expect(byId(result, 'example.com/shop/panics::TestPanics').failure?.message).toBe(
      'panic: assignment to entry in nil map [recovered]',
    );
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ line: 2 });
    expect(result.errors[0]!.message).toMatch(
      /gotestsum\/junit\.xml:2:\d+: the report counts 5 failures and errors but holds 4 <failure>\/<error> elements/,
    );
  });

  it('reads go-junit-report build failures as errored cases and suite output', async () => {
    const result = await parseJUnitFile(fixture('go-junit-report/report.xml'));
    expect(result.errors).toEqual([]);
    expect(result.dialect).toBe('go-junit-report');
    expect(result.summary).toEqual({ total: 5, passed: 1, failed: 2, errored: 1, skipped: 1 });
    const build = byId(result, 'example.com/shop/broken::[build failed]');
    expect(build).toMatchObject({ status: 'errored', failure: { message: 'Build error' } });
    expect(build.failure?.body).toMatch(/^broken\/broken_test\.go:7:17: cannot use Value\(\)/);
    expect(byId(result, 'example.com/shop/cart::TestTotalWrong')).toMatchObject({
      systemOut: 'exit status 1',
      failure: { message: 'cart_test.go:14: Total(2, 4) = 6, want 7' },
    });
  });
});

describe('cargo-nextest', () => {
  it('reads the panic message, flaky retries and reruns with the output on the case', async () => {
    const result = await parseJUnitFile(fixture('nextest/junit.xml'));
    expect(result.errors).toEqual([]);
    expect(result.dialect).toBe('nextest');
    expect(statuses(result)).toEqual({
      'cart::tests::totals_items': 'passed',
      'cart::tests::totals_wrong_on_purpose': 'failed',
      'cart::tests::flaky_clock': 'passed (flaky)',
      'cart::integration::integration_passes': 'passed',
      'cart::integration::integration_fails': 'failed',
    });
    expect(byId(result, 'cart::tests::totals_wrong_on_purpose').failure).toMatchObject({
      type: 'test failure with exit code 101',
      message: 'assertion `left == right` failed',
    });
    const flaky = byId(result, 'cart::tests::flaky_clock');
    expect(flaky.failure?.message).toBe('elapsed 0ms, expected at least 1ms');
    expect(flaky.failure?.body).toBe(
      "thread 'tests::flaky_clock' panicked at src/lib.rs:41:9:\nelapsed 0ms, expected at least 1ms",
    );
    // An empty <failure/>: the text comes from the case's output.
    const fails = byId(result, 'cart::integration::integration_fails');
    expect(fails.failure?.message).toBe('discount was 90');
    expect(fails.failure?.body).toContain("thread 'integration_fails' panicked at tests/integration.rs:9:5:");
  });
});

describe('PHPUnit', () => {
  it('reads nested suites, file and line per case, and the message after the Class::method line', async () => {
    const result = await parseJUnitFile(fixture('phpunit/junit.xml'));
    expect(result.errors).toEqual([]);
    expect(result.dialect).toBe('phpunit');
    expect(result.summary).toEqual({ total: 6, passed: 2, failed: 2, errored: 1, skipped: 1 });
    const file = '/home/runner/work/shop/shop/tests/Unit/CartTest.php';
    expect(byId(result, `${file}::testTotalsWrong`)).toMatchObject({
      line: 17,
      suite: 'Tests\\Unit\\CartTest',
      failure: {
        type: 'PHPUnit\\Framework\\ExpectationFailedException',
        message: 'Failed asserting that 6 is identical to 7.',
      },
    });
    expect(byId(result, `${file}::testThrowsOnBadPercent`).failure?.message).toBe(
      'InvalidArgumentException: percent out of range: 150',
    );
    const dataSet = byId(result, `${file}::testDiscount with data set #1`);
    expect(dataSet).toMatchObject({ suite: 'Tests\\Unit\\CartTest::testDiscount', line: 38, status: 'failed' });
    expect(dataSet.failure?.message).toBe('Failed asserting that 90 matches expected 80.');
  });
});

describe('Catch2', () => {
  it('keeps every failed CHECK of a case, reads TEST_CASE errors, and lets [!mayfail] failures not count', async () => {
    const result = await parseJUnitFile(fixture('catch2/junit.xml'));
    expect(result.errors).toEqual([]);
    expect(result.dialect).toBe('catch2');
    expect(result.summary).toEqual({ total: 7, passed: 3, failed: 2, errored: 1, skipped: 1 });
    const several = byId(result, 'cart_tests.global::discounts/several checks');
    expect(several.failure?.message).toBe('discount(100, 10) == 80');
    expect(several.failure?.body).toContain('CHECK( discount(100, 10) == 80 )');
    expect(several.failure?.body).toContain('CHECK( discount(100, 50) == 40 )');
    expect(byId(result, 'cart_tests.global::throws on bad percent')).toMatchObject({
      status: 'errored',
      systemOut: 'computing discount',
      failure: { type: 'TEST_CASE', message: 'percent out of range: 150' },
    });
    expect(byId(result, 'cart_tests.global::known bug').status).toBe('skipped');
  });
});

describe('Playwright', () => {
  it('keeps the project in the id, takes the file from the classname and the line from the message', async () => {
    const result = await parseJUnitFile(fixture('playwright/junit.xml'));
    expect(result.errors).toEqual([]);
    expect(result.dialect).toBe('playwright');
    expect(statuses(result)).toEqual({
      'cart.spec.ts::[chromium] cart › shows the total': 'failed',
      'cart.spec.ts::[chromium] cart › adds an item': 'passed',
      'cart.spec.ts::[firefox] cart › shows the total': 'passed',
      'cart.spec.ts::[firefox] cart › adds an item': 'skipped',
    });
    const failed = byId(result, 'cart.spec.ts::[chromium] cart › shows the total');
    expect(failed).toMatchObject({ name: 'cart › shows the total', file: 'cart.spec.ts', line: 12 });
    expect(failed.failure).toMatchObject({ type: 'FAILURE', message: 'cart.spec.ts:12:7 shows the total' });
    expect(failed.failure?.body).toContain('Expected string: "$6.00"');
    expect(failed.systemOut).toBe('[[ATTACHMENT|test-results/cart-cart-shows-the-total-chromium/test-failed-1.png]]');
  });

  it('reads includeRetries output', async () => {
    const result = await parseJUnitFile(fixture('playwright/junit-retries.xml'));
    expect(statuses(result)).toEqual({
      'checkout/pay.spec.ts::[chromium] pay › accepts a card': 'passed (flaky)',
      'checkout/pay.spec.ts::[chromium] pay › rejects an expired card': 'failed',
    });
    expect(byId(result, 'checkout/pay.spec.ts::[chromium] pay › accepts a card').failure?.body).toMatch(
      /^Error: expect\(received\)\.toBe\(expected\)[^]*pay\.spec\.ts:21:30$/,
    );
  });
});

describe('GoogleTest', () => {
  it('counts a DISABLED_ test (status="notrun", no result element) as skipped, not passed', async () => {
    const result = await parseJUnitFile(fixture('googletest/junit.xml'));
    expect(result.errors).toEqual([]);
    expect(result.summary).toEqual({ total: 4, passed: 1, failed: 1, errored: 0, skipped: 2 });
    expect(statuses(result)).toEqual({
      'cart_test.cc::CartTest::Totals': 'passed',
      'cart_test.cc::CartTest::TotalsWrongOnPurpose': 'failed',
      'cart_test.cc::CartTest::DISABLED_Discount': 'skipped',
      'cart_test.cc::CartTest::SkippedForNow': 'skipped',
    });
    expect(byId(result, 'cart_test.cc::CartTest::TotalsWrongOnPurpose')).toMatchObject({
      classname: 'CartTest',
      line: 6,
    });
  });
});

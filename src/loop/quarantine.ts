/**
 * What a flaky verdict suggests: the user's own runner's way to quarantine a flaky test (retry it,
 * mark it, skip it) until its cause is found. self-heal never applies it: a flaky test gets no edit.
 */
import type { Runner } from './rerun.js';

/** One sentence per runner, naming its mechanism as its documentation does. */
export const QUARANTINE: Readonly<Record<Runner, string>> = {
  pytest:
    'retry it with pytest-rerunfailures (`@pytest.mark.flaky(reruns=2)`), or mark it `@pytest.mark.xfail(strict=False)` until its cause is found; if pytest-randomly reorders the suite, `-p no:randomly` tells an order dependency from a flake',
  unittest: 'mark it `@unittest.skip("flaky: …")` or `@unittest.expectedFailure` until its cause is found',
  vitest:
    "retry it (`test('…', { retry: 2 }, …)`, or `retry` in vitest's config), or `test.skip` it until its cause is found",
  jest: 'retry it with `jest.retryTimes(2)` (jest-circus), or `test.skip` it until its cause is found',
  mocha: 'retry it with `this.retries(2)`, or `it.skip` it until its cause is found',
  'node-test': "skip it with `test('…', { skip: 'flaky' }, …)` (or `{ todo: 'flaky' }`) until its cause is found",
  tap: "skip it with `t.test('…', { skip: 'flaky' }, …)` (or `{ todo: true }`) until its cause is found",
  go: 'skip it with `t.Skip("flaky: …")`, or rerun failures with `gotestsum --rerun-fails`; `go test -count=20 -run …` shows how often it fails',
  cargo: 'mark it `#[ignore]` until its cause is found (`cargo test -- --ignored` still runs it)',
  maven: 'rerun failures with `-Dsurefire.rerunFailingTestsCount=2`, or `@Disabled` it until its cause is found',
  gradle: 'retry it with the `org.gradle.test-retry` plugin, or `@Disabled` it until its cause is found',
};

/** The suggestion for the runner the test command uses, or a general one. */
export function quarantineAdvice(runner: Runner | null): string {
  return runner
    ? QUARANTINE[runner]
    : "retry it or skip it with your test runner's own mechanism until its cause is found";
}

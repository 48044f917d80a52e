/**
 * What only a test run has: environment variables the runners set, their module names, and the
 * runtime objects that know the current test. Code under test that reads one of these in a patch
 * behaves differently under the tests than in production: that is special-casing, whatever the
 * literal values.
 */

/** Set by the runner for the tests only (pytest, pytest-xdist, Vitest, Jest, node:test, Mocha). */
export const TEST_ENV_VARIABLES: ReadonlySet<string> = new Set([
  'PYTEST_CURRENT_TEST',
  'PYTEST_VERSION',
  'PYTEST_XDIST_WORKER',
  'PYTEST_XDIST_WORKER_COUNT',
  'PYTEST_XDIST_TESTRUNUID',
  'VITEST',
  'VITEST_WORKER_ID',
  'VITEST_POOL_ID',
  'VITEST_MODE',
  'JEST_WORKER_ID',
  'NODE_TEST_CONTEXT',
  'MOCHA_WORKER_ID',
]);

/** Runtime handles on the current test: `expect.getState().currentTestName`, Vitest's worker state. */
export const TEST_RUNTIME_NAMES: ReadonlySet<string> = new Set([
  'currentTestName',
  '__vitest_worker__',
  '__vitest_environment__',
  '__vitest_index__',
  'currentSpec',
]);

/** Module and runner names: `'pytest' in sys.modules`, `process.argv.some((a) => a.includes('jest'))`. */
export const TEST_RUNNER_NAMES: ReadonlySet<string> = new Set([
  'pytest',
  '_pytest',
  'py.test',
  'unittest',
  'nose',
  'nose2',
  'jest',
  'vitest',
  'mocha',
  'jasmine',
  'ava',
  'node:test',
  '--test',
]);

/** The value an environment switch has under the tests (`NODE_ENV === 'test'`, `APP_ENV == "testing"`). */
export const TEST_ENVIRONMENT_VALUE = /^(test|tests|testing)$/i;

/** Reading the environment, in both languages. */
export const ENVIRONMENT_ACCESS =
  /\bprocess\.env\b|\bos\.environ\b|\bgetenv\s*\(|\benviron\.get\b|\bimport\.meta\.env\b|\bDeno\.env\b/;

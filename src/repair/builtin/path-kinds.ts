/**
 * Which files are tests, and which are vendored or generated, for localisation: the engine never
 * suspects (or edits) a test, and does not spend its budget on code the user does not own. The
 * loop's guardrails remain the authority on what may be written.
 */
const TEST_DIR = /(^|\/)(tests?|__tests__|__mocks__|spec|specs|testing|e2e)\//i;
const TEST_FILE = [
  /(^|\/)test_[^/]*\.py$/,
  /(^|\/)[^/]*_test\.py$/,
  /(^|\/)conftest\.py$/,
  /\.(test|spec)\.[cm]?[jt]sx?$/,
  /(^|\/)test\.[cm]?[jt]s$/,
];
const VENDORED_DIR =
  /(^|\/)(node_modules|vendor|third_party|dist|build|out|coverage|\.venv|venv|site-packages|__pycache__)\//;

export function isTestPath(file: string): boolean {
  const normalised = file.replace(/\\/g, '/');
  return TEST_DIR.test(normalised) || TEST_FILE.some((p) => p.test(normalised));
}

export function isVendoredPath(file: string): boolean {
  const normalised = file.replace(/\\/g, '/');
  return VENDORED_DIR.test(normalised) || /\.min\.[cm]?js$/.test(normalised) || /\.d\.[cm]?ts$/.test(normalised);
}

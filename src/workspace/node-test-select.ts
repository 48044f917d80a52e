/**
 * Selecting node:test tests by name when the test command reaches `node --test` through a package
 * script (`npm test`), where no argument can follow `--test`: Node 20 refuses
 * `--test-name-pattern` in `NODE_OPTIONS` (exit 9), Node 22 and 24 take it. `--require` is allowed
 * there on every version, so a targeted rerun loads this preload and names the pattern in
 * `SELF_HEAL_TEST_NAME_PATTERN`; in the `node --test` process only (not npm's, not the per-file
 * children, which node:test marks with `NODE_TEST_CONTEXT`), it runs the same command again with
 * `--test-name-pattern` on its command line, where every version reads it, and exits as that run
 * did. Anywhere else it does nothing; a run it cannot start goes on unselected (the rerun's report
 * then shows every test, never fewer).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const NODE_TEST_SELECT_FILE = 'self-heal-node-test-select.cjs';

/** The variable that carries the pattern to the preload. */
export const TEST_NAME_PATTERN_VARIABLE = 'SELF_HEAL_TEST_NAME_PATTERN';

export const NODE_TEST_SELECT = String.raw`'use strict';
// self-heal's node:test selection (see self-heal's src/workspace/node-test-select.ts).
(function () {
  const pattern = process.env.${TEST_NAME_PATTERN_VARIABLE};
  if (!pattern || process.env.NODE_TEST_CONTEXT) return;
  const argv = process.execArgv;
  if (!argv.includes('--test') || argv.some((a) => a.startsWith('--test-name-pattern'))) return;
  const env = Object.assign({}, process.env);
  delete env.${TEST_NAME_PATTERN_VARIABLE};
  const args = argv.concat(['--test-name-pattern=' + pattern], process.argv.slice(1));
  const run = require('child_process').spawnSync(process.execPath, args, { stdio: 'inherit', env: env });
  if (run.error) return;
  if (run.signal) process.kill(process.pid, run.signal);
  process.exit(run.status === null ? 128 + (require('os').constants.signals[run.signal] || 0) : run.status);
})();
`;

/** Writes the preload into `dir` (self-heal's own, outside the work tree); returns its path. */
export function writeNodeTestSelect(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, NODE_TEST_SELECT_FILE);
  writeFileSync(file, NODE_TEST_SELECT);
  return file;
}

/**
 * Issue 24, point 1: the repository's files the test command runs are protected like the runner's
 * configuration. Read from the shell line and, behind npm/yarn/pnpm, from the package's scripts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runnerFiles } from '../../src/loop/runner-files.js';
import { createGuard } from '../../src/loop/edits/guardrails.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'self-heal-runner-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
for (const file of [
  'scripts/test.sh',
  'scripts/junit.mjs',
  'scripts/pre.js',
  'scripts/post.js',
  'runtests.py',
  'ci/run.sh',
  'src/app.js',
]) {
  mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
  writeFileSync(path.join(root, file), 'x\n');
}
writeFileSync(
  path.join(root, 'package.json'),
  JSON.stringify({
    scripts: {
      pretest: 'node scripts/pre.js',
      test: 'vitest run && npm run report',
      posttest: 'node ./scripts/post.js',
      report: 'node scripts/junit.mjs',
      start: 'node src/app.js',
    },
  }),
);

describe('runnerFiles', () => {
  it.each([
    ['./scripts/test.sh', ['scripts/test.sh']],
    ['CI=1 bash scripts/test.sh --fast', ['scripts/test.sh']],
    ['python3 runtests.py -v', ['runtests.py']],
    ["sh -c 'ci/run.sh && echo ok'", ['ci/run.sh']],
    ['poetry run python runtests.py', ['runtests.py']],
    ['npx tsx scripts/junit.mjs', ['scripts/junit.mjs']],
    // Behind npm test: pre/post scripts and the scripts the test script calls, not the others.
    ['mkdir -p reports && npm test', ['scripts/junit.mjs', 'scripts/post.js', 'scripts/pre.js']],
    ['python3 -m pytest --junitxml=reports/junit.xml', []],
    ['node -e \'require("./src/app.js")\'', []],
    ['go test ./...', []],
    ['make test', []],
  ])('%s → %j', (command, files) => {
    expect(runnerFiles(command, root, root)).toEqual(files);
  });

  it('what it finds is refused like runner configuration, with its reason', () => {
    const guard = createGuard({ root, runner: runnerFiles('npm test', root, root) });
    const check = guard.checkWrite('scripts/junit.mjs');
    expect(check).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/is run by the test command, which is protected/),
    });
    expect(guard.checkWrite('src/app.js').ok).toBe(true);
  });
});

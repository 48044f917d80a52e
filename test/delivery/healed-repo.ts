/**
 * A small Python project in a temp git repo with a bare remote, whose work tree is in the state the
 * loop leaves after healing: the fix applied to `calc.py`, plus the untracked reports and caches a
 * test run leaves behind (which must never be committed).
 */
import { HealReport, type HealFix } from '../../src/contracts/heal-report.js';
import { FailureFrame } from '../../src/contracts/failure-frame.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';

export const BROKEN = 'def add(a, b):\n    return a - b\n';
export const FIXED = 'def add(a, b):\n    return a + b\n';
const TEST = 'from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n';

export interface HealedRepo extends TempRepo {
  remoteGit(...args: string[]): string;
  remotePath: string;
}

export function createHealedRepo(options: { branch?: string } = {}): HealedRepo {
  const repo = createTempRepo({
    files: { 'calc.py': BROKEN, 'tests/test_calc.py': TEST, '.gitignore': '__pycache__/\n' },
    remote: true,
  });
  const remotePath = repo.git('remote', 'get-url', 'origin').trim();
  if (options.branch && options.branch !== 'main') {
    repo.git('checkout', '-q', '-b', options.branch);
    repo.write('README.md', 'feature work\n');
    repo.commitAll('feature work');
    repo.git('push', '-q', 'origin', options.branch);
  }
  return Object.assign(repo, {
    remotePath,
    remoteGit: (...args: string[]) => repo.git(`--git-dir=${remotePath}`, ...args),
  });
}

/** Put the work tree in the healed state: the fix plus test-run leftovers. */
export function applyFix(repo: TempRepo, content = FIXED): void {
  repo.write('calc.py', content);
  repo.write('reports/junit.xml', '<testsuites/>\n');
  repo.write('__pycache__/calc.cpython-311.pyc', 'bytecode');
}

/** A healed report as heal() returns it to the action (`commit: false`): the fix as state. */
export function healedReport(overrides: Partial<HealReport> = {}): HealReport & { fix: HealFix } {
  const failure = FailureFrame.parse({
    id: 'tests/test_calc.py::test_add',
    suite: 'pytest',
    name: 'test_add',
    kind: 'failure',
    exceptionType: 'AssertionError',
    message: 'assert -1 == 5',
    triggering: { file: 'calc.py', line: 2, expression: 'a - b' },
    test: { file: 'tests/test_calc.py', line: 5 },
    stack: [],
    droppedFrames: 0,
    locals: null,
    language: 'python',
    evidence: ['junit'],
  });
  const report = HealReport.parse({
    schemaVersion: 1,
    result: 'healed',
    reason: 'test_add passes and no passing test broke.',
    provider: { name: 'openai', model: 'scripted' },
    testCommand: 'python -m pytest --junitxml=reports/junit.xml',
    summary: { total: 1, passed: 0, failed: 1, errored: 0, skipped: 0 },
    failures: [failure],
    attempts: [
      {
        n: 1,
        diff: '--- a/calc.py\n+++ b/calc.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n-    return a - b\n+    return a + b\n',
        files: ['calc.py'],
        verdict: 'accepted',
        feedback: '',
        tokens: { input: 100, output: 20 },
        durationMs: 1000,
        failToPass: { passed: 1, total: 1 },
        passToPass: { passed: 0, total: 0, broken: [] },
      },
    ],
    flaky: [],
    diff: '--- a/calc.py\n+++ b/calc.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n-    return a - b\n+    return a + b\n',
    fix: { attempt: 1, files: ['calc.py'], uncommitted: 'commit-disabled' },
    tokens: { input: 100, output: 20 },
    durationMs: 2000,
    ...overrides,
  });
  // Typed with its fix for buildCommitMessage; an override may still remove it.
  return report as HealReport & { fix: HealFix };
}

/** Test files, as the loop's default protection would see them (a stand-in list for these tests). */
export function isTestPath(p: string): boolean {
  return /(^|\/)tests?\//.test(p) || /(^|\/)test_[^/]*\.py$/.test(p) || p.startsWith('.github/');
}

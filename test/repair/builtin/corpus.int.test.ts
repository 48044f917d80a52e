/**
 * The bench's bug corpus is well-formed: every bug's project fails its tests as committed and passes
 * them with the fixed line from bug.json, and the buggy line is a real change in a non-test file.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTestPath } from '../../../src/repair/builtin/path-kinds.js';
import { runCommand } from '../../../src/workspace/run-tests.js';
import {
  fixedText,
  loadCorpus,
  materialiseBug,
  testCommand,
  type Bug,
} from '../../../scripts/bench/_builtin-corpus.js';

const corpus = loadCorpus();

/**
 * How long a run may take. The fixed project must pass within a generous bound. The buggy one only
 * has to not pass: a run still going after 20 s counts as failing (status -1), as it would at any
 * bound. That is how js-count-spaces fails: its loop never ends, so no test timeout can stop it.
 * The other projects finish in seconds, so 20 s leaves room on a loaded machine.
 */
const TIMEOUT_MS = { buggy: 20_000, fixed: 120_000 } as const;
/** The machine's pytest plugins (pytest-benchmark, …) take no part here and double a run's CPU. */
const RUN_ENV = { ...process.env, PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1' };

async function runTests(bug: Bug, variant: 'buggy' | 'fixed'): Promise<{ status: number | null; output: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), `corpus-${bug.id}-`));
  try {
    materialiseBug(bug, dir, variant);
    // runCommand, not execFile's timeout: that kills only `sh`, and a hanging bug's runner (the
    // js-count-spaces node --test) kept spinning after the suite had finished.
    const run = await runCommand({ command: testCommand(bug), cwd: dir, timeoutMs: TIMEOUT_MS[variant], env: RUN_ENV });
    return { status: run.timedOut ? -1 : run.exitCode, output: run.output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('bug corpus', () => {
  it('has at least 15 bugs in each language', () => {
    expect(corpus.filter((b) => b.language === 'python').length).toBeGreaterThanOrEqual(15);
    expect(corpus.filter((b) => b.language === 'javascript').length).toBeGreaterThanOrEqual(15);
  });

  it.each(corpus.map((b) => [b.id, b] as const))('%s: names a real one-line change outside the tests', (_id, bug) => {
    expect(isTestPath(bug.file)).toBe(false);
    const buggy = readFileSync(path.join(bug.dir, bug.file), 'utf8');
    const line = buggy.split('\n')[bug.line - 1];
    expect(line).toBeDefined();
    expect(line!.trim()).not.toBe('');
    expect(bug.fixed_line).not.toBe(line);
    expect(fixedText(bug, buggy)).not.toBe(buggy);
  });

  // Real runs of pytest and node:test, a few at a time; generous timeout for a loaded 2-core machine.
  it.concurrent.each(corpus.map((b) => [b.id, b] as const))(
    '%s: fails as committed, passes when fixed',
    async (_id, bug) => {
      const [buggy, fixed] = await Promise.all([runTests(bug, 'buggy'), runTests(bug, 'fixed')]);
      expect(buggy.status, buggy.output).not.toBe(0);
      expect(fixed.status, fixed.output).toBe(0);
    },
    300_000,
  );
});

/**
 * `self-heal run`'s printed diff, round-tripped through a real git repository: what the summary
 * prints applies with `git apply`.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSummary } from '../../src/cli/commands/run.js';
import { HealReport } from '../../src/contracts/heal-report.js';
import { createTempRepo } from '../helpers/git-repo.js';

function healed(diff: string): HealReport {
  return HealReport.parse({
    schemaVersion: 1,
    result: 'healed',
    reason: 'attempt 1 made 1 failing test pass without breaking any of the 2 passing tests',
    provider: { name: 'builtin' },
    testCommand: 'go test ./...',
    summary: { total: 3, passed: 2, failed: 1, errored: 0, skipped: 0 },
    failures: [],
    attempts: [],
    flaky: [],
    diff,
    fix: { attempt: 1, files: ['cart.go'] },
    tokens: { input: 0, output: 0 },
    durationMs: 1,
  });
}

describe('self-heal run: the printed diff', () => {
  it('applies as a patch: tabs and a blank last context line are kept', () => {
    const before =
      'package cart\n\nfunc Total(xs []int) int {\n\tsum := 1\n\tfor _, x := range xs {\n\t\tsum += x\n\t}\n\treturn sum\n}\n\n';
    const repo = createTempRepo({ files: { 'cart.go': before } });
    try {
      const after = before.replace('sum := 1', 'sum := 0').replace('return sum', 'return sum + 0');
      repo.write('cart.go', after);
      const diff = repo.git('diff');
      expect(diff).toContain('\t');
      expect(diff.endsWith('\n }\n \n')).toBe(true);
      repo.git('checkout', '--', 'cart.go');
      const printed = renderSummary(healed(diff));
      const patch = printed.slice(printed.indexOf('diff --git'));
      writeFileSync(path.join(repo.root, 'fix.patch'), patch);
      execFileSync('git', ['apply', 'fix.patch'], { cwd: repo.root, env: repo.env, stdio: 'pipe' });
      expect(repo.read('cart.go')).toBe(after);
    } finally {
      repo.cleanup();
    }
  });
});

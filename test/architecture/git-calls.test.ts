/**
 * Every git process self-heal starts goes through `src/workspace/git.ts`, whose overrides keep
 * repository configuration from running programs (issue 10, rule 3). A direct `execFile('git', …)`
 * anywhere else would run without them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.join(import.meta.dirname, '..', '..', 'src');
/** The wrapper, and the guard that lists configuration for it (`git config --list` runs nothing). */
const ALLOWED = new Set(['workspace/git.ts', 'workspace/git-config-guard.ts']);
const DIRECT_GIT = /\b(?:execFile|execFileSync|spawn|spawnSync|exec|execSync)\s*\(\s*['"`]git\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

describe('git calls', () => {
  it('go through the workspace wrapper only', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files
      .map((f) => path.relative(SRC, f).split(path.sep).join('/'))
      .filter((rel) => !ALLOWED.has(rel) && DIRECT_GIT.test(readFileSync(path.join(SRC, rel), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

/**
 * The unit tier stays fast: a unit test file (`*.test.ts`, not `*.int.test.ts`) may not spawn a
 * process, open a socket, or use the helpers that make git repositories, loopback servers or bundles.
 * Those belong in `*.int.test.ts`, which `npm test` runs too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const TEST = path.join(import.meta.dirname, '..');

const INTEGRATION_ONLY = [
  /['"]node:(child_process|http|https|net|worker_threads)['"]/,
  /helpers\/(git-repo|openai-server|anthropic-server|github-server|scripted-http-server)\.js['"]/,
  /(e2e-setup|heal-fixture|action\/bundle|runner-env|healed-repo)\.js['"]/,
];

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : testFiles(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('test tiers', () => {
  it('unit test files do not reach for processes, sockets or real repositories', () => {
    const files = testFiles(TEST);
    const unit = files.filter((f) => !f.endsWith('.int.test.ts'));
    expect(unit.length).toBeGreaterThan(30);
    expect(files.length - unit.length).toBeGreaterThan(30);
    const offenders = unit.flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      const hit = INTEGRATION_ONLY.find((re) => re.test(text));
      return hit ? [`${path.relative(TEST, f)} matches ${hit}: rename it to *.int.test.ts`] : [];
    });
    expect(offenders).toEqual([]);
  });
});

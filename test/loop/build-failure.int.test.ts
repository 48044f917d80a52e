/**
 * A build that fails before its tests (issue 27): `npm test` is `tsc -p . && node --test test/`
 * and a commit broke the type check. The real tsc runs on the fixture project; self-heal reads
 * its output into diagnostic frames and says the build failed before the tests ran, with the
 * diagnostics in the report and its job summary, instead of asking for a JUnit report.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { heal } from '../../src/heal.js';
import { createProvider } from '../../src/repair/create-provider.js';
import { renderJobSummary } from '../../src/render/job-summary.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';
import { capturingLogger } from './heal-fixture.js';

const FIXTURE = path.join(import.meta.dirname, '..', 'fixtures', 'diagnostics', 'tsc');
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

describe('a type error before the tests', () => {
  it('is read into diagnostic frames, and the reason and summary say the build failed', async () => {
    repo = createTempRepo({ fixture: FIXTURE });
    const testCommand = `${JSON.stringify(process.execPath)} ${JSON.stringify(TSC)} -p . && node --test --test-reporter=junit --test-reporter-destination=reports/junit.xml test/`;
    // The built-in engine: nothing is attempted on a build that fails before its tests.
    const report = await heal(
      { cwd: repo.root, testCommand, junit: ['reports/*.xml'], provider: 'builtin' },
      { logger: capturingLogger(), createProvider: (o) => createProvider(o, {}) },
    );
    expect(report.result).toBe('config-error');
    expect(report.reason).toBe(
      'the build failed before the tests ran (exit 2): 5 type errors (tsc). self-heal repairs failing tests; it does not repair a build that fails before them',
    );
    expect(report.reason).not.toMatch(/JUnit/);
    const ts2339 = report.diagnostics?.find((d) => d.code === 'TS2339');
    expect(ts2339).toMatchObject({ tool: 'tsc', file: 'src/price.ts', line: 3, column: 68, fails: true });
    expect(ts2339!.definitions.map((d) => `${d.name} ${d.file}:${d.snippet.startLine}`)).toEqual([
      'Item src/item.ts:2',
    ]);

    const summary = renderJobSummary(report);
    expect(summary).toContain('**The build failed before the tests ran:** 5 type errors \\(tsc\\).');
    expect(summary).toContain('### What failed the build');
    expect(summary).toContain(
      '| src/price\\.ts\\:3 | tsc | `TS2339` | Property &#39;qty&#39; does not exist on type &#39;Item&#39;\\. |',
    );
  });
});

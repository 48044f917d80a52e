/**
 * mocha's targeted rerun, run for real (test/fixtures/rerun/mocha, mocha-junit-reporter): `--grep`
 * matches the full title (describe titles and the title joined by spaces), anchored so that
 * namesakes and `… too` do not run. A failed hook has no test to select: the rerun greps its
 * describe (a file on the command line would be added to `.mocharc`'s spec, not replace it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failingCase, startRerunProject, type RerunProject } from '../../helpers/rerun-project.js';

let project: RerunProject;
beforeAll(async () => {
  project = await startRerunProject({
    fixture: 'mocha',
    testCommand: 'npx mocha --reporter mocha-junit-reporter --reporter-options mochaFile=reports/junit.xml',
    junit: ['reports/*.xml'],
    nodeModules: true,
  });
}, 240_000);
afterAll(() => project?.cleanup());

describe('mocha targeted reruns', () => {
  it('a nested test and a parametrized one: exactly them', async () => {
    const nested = failingCase(project, 'module.fn with "x" option should work (1+1) [ünï]');
    const adds = failingCase(project, 'adds 2 → 3');
    const one = await project.rerun([nested]);
    expect(one.plan.scope).toBe('tests');
    expect(one.ran).toEqual([nested.id]);
    const both = await project.rerun([nested, adds]);
    expect(both.ran).toEqual([adds.id, nested.id].sort());
  });

  it('a failed before hook: its describe reruns, and the hook fails again', async () => {
    const hook = failingCase(project, 'hooked "before all" hook for "needs the hook"');
    const { plan, ran } = await project.rerun([hook]);
    expect(plan.scope).toBe('files');
    expect(plan.command).toContain("--grep '^hooked '");
    expect(ran).toEqual([hook.id]);
  });
});

/**
 * node-tap's targeted rerun, run for real (test/fixtures/rerun/tap, @tapjs/reporter's junit): the
 * files and one `--grep` per level of subtests. tap's report writes each assertion as a case and a
 * failing subtest's parents as failing too; a test its filter left out has a `skip` property
 * (read as skipped, not passed). Failing tests under different parents cannot be selected exactly
 * by per-level greps: their files are rerun.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRerunProject, type RerunProject } from '../../helpers/rerun-project.js';

let project: RerunProject;
beforeAll(async () => {
  project = await startRerunProject({
    fixture: 'tap',
    testCommand: 'npx tap --disable-coverage --reporter=junit --reporter-file=junit.xml',
    junit: ['junit.xml'],
    nodeModules: true,
  });
}, 240_000);
afterAll(() => project?.cleanup());

const NESTED = 'test/names.test.mjs::module.fn > with "x" option > should work (1+1) [ünï]';

describe('tap targeted reruns', () => {
  it('reads the report: ids name the file and the subtest path; the failing parents fail too', () => {
    expect(project.failing.map((c) => c.id).sort()).toEqual(
      [
        'test/names.test.mjs::adds 2 → 3',
        'test/names.test.mjs::adds 2 → 3 > should be equal',
        'test/names.test.mjs::module.fn',
        'test/names.test.mjs::module.fn > with "x" option',
        NESTED,
        `${NESTED} > should be equal`,
      ].sort(),
    );
  });

  it('a nested subtest with its parents: exactly them', async () => {
    const nested = project.failing.filter((c) => !c.id.includes('adds'));
    const { plan, ran, all } = await project.rerun(nested);
    expect(plan.scope).toBe('tests');
    expect(plan.command).toContain(`'--grep=^module\\.fn$' '--grep=^with "x" option$'`);
    expect(ran).toEqual(nested.map((c) => c.id).sort());
    // The others were left out by the filter, and are read as skipped.
    expect(all.some((c) => c.status === 'skipped' && c.name === 'should work (1+1) [ünï] too')).toBe(true);
  });

  it('failing tests under different parents: their file', async () => {
    const { plan, ran } = await project.rerun(project.failing);
    expect(plan.scope).toBe('files');
    expect(ran.length).toBeGreaterThan(project.failing.length);
    expect(ran.every((id) => id.startsWith('test/names.test.mjs::'))).toBe(true);
  });
});

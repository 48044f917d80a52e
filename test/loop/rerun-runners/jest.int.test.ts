/**
 * jest's targeted rerun, run for real (test/fixtures/rerun/jest, jest-circus and jest-jasmine2
 * projects, jest-junit without its `file` attribute): the failing test's file comes from its frame
 * (otherwise every suite loads), and `-t` must select exactly the failing tests. jest-jasmine2 names
 * an error thrown in a describe body `<describe> encountered a declaration exception`, which no
 * `-t` selects: its file is rerun.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failingCase, startRerunProject, type RerunProject } from '../../helpers/rerun-project.js';

let project: RerunProject;
beforeAll(async () => {
  project = await startRerunProject({
    fixture: 'jest',
    testCommand: 'npx jest --ci --reporters=default --reporters=jest-junit',
    junit: ['reports/*.xml'],
    nodeModules: true,
  });
}, 240_000);
afterAll(() => project?.cleanup());

describe('jest targeted reruns', () => {
  it('a nested test: its file and exactly it, not its namesakes in this file or another', async () => {
    const nested = failingCase(project, 'module.fn with "x" option should work (1+1) [ünï]');
    const { plan, ran } = await project.rerun([nested]);
    expect(plan.scope).toBe('tests');
    expect(plan.command).toMatch(/ -t '.*' -- test\/circus\/names\.test\.js$/);
    expect(ran).toEqual([nested.id]);
  });

  it('a parametrized case and the nested test together', async () => {
    const nested = failingCase(project, 'module.fn with "x" option should work (1+1) [ünï]');
    const adds = failingCase(project, 'adds 2 → 3');
    const { ran } = await project.rerun([nested, adds]);
    expect(ran).toEqual([adds.id, nested.id].sort());
  });

  it('a declaration exception has no test to select: its file is rerun', async () => {
    const declaration = failingCase(project, 'parser encountered a declaration exception');
    const { plan, ran, all } = await project.rerun([declaration]);
    expect(plan.scope).toBe('files');
    expect(plan.command).toMatch(/ -- test\/jasmine\/declaration\.test\.js$/);
    expect(plan.command).not.toContain(' -t ');
    expect(all.every((c) => c.suite === 'parser')).toBe(true);
    expect(ran).toContain(declaration.id);
  });
});

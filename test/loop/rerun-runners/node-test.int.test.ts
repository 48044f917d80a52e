/**
 * node:test's targeted rerun, run for real (test/fixtures/rerun/node-test) on the repo's Node 24 and
 * on Node 20 when one is installed. Node 22+ matches `--test-name-pattern` against a test's name
 * and against its describe names and name joined by spaces (the report's classname is the describe
 * path, dotted): exact. Node 20 matches names only, so a namesake in another describe runs too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failingCase, hasCommand, startRerunProject, type RerunProject } from '../../helpers/rerun-project.js';

const JUNIT = '--test-reporter=junit --test-reporter-destination=junit.xml';
const NODE20 = '/usr/bin/node';
const hasNode20 = hasCommand(NODE20);

let project: RerunProject;
beforeAll(async () => {
  project = await startRerunProject({
    fixture: 'node-test',
    testCommand: `node --test ${JUNIT}`,
    junit: ['junit.xml'],
  });
}, 240_000);
afterAll(() => project?.cleanup());

describe('node:test targeted reruns (Node 24)', () => {
  it('a nested test: exactly it, not its namesake in the outer describe nor `… too`', async () => {
    const nested = failingCase(project, 'should work (1+1) [ünï]');
    expect(nested.classname).toBe('module.fn.with "x" option');
    const { plan, ran } = await project.rerun([nested]);
    expect(plan.command).toContain('--test-name-pattern=^module[. ]fn[. ]with "x" option should work');
    expect(ran).toEqual([nested.id]);
  });

  it('a top-level parametrized test and the nested one together', async () => {
    const nested = failingCase(project, 'should work (1+1) [ünï]');
    const adds = failingCase(project, 'adds 2 → 3');
    const { ran } = await project.rerun([nested, adds]);
    expect(ran).toEqual([adds.id, nested.id].sort());
  });
});

describe.runIf(hasNode20)('node:test targeted reruns (Node 20 semantics)', () => {
  let node20: RerunProject;
  beforeAll(async () => {
    node20 = await startRerunProject({
      fixture: 'node-test',
      testCommand: `${NODE20} --test ${JUNIT}`,
      junit: ['junit.xml'],
    });
  }, 240_000);
  afterAll(() => node20?.cleanup());

  it('names only: the nested test runs, with its namesake in the outer describe (nothing else)', async () => {
    const nested = node20.failing.find((c) => c.name === 'should work (1+1) [ünï]')!;
    expect(nested.classname).toBeUndefined();
    const { plan, ran, all } = await node20.rerun([nested]);
    expect(plan.command).toContain("'--test-name-pattern=^should work \\(1\\+1\\) \\[ünï\\]$'");
    const names = all.filter((c) => c.status !== 'skipped').map((c) => c.name);
    expect(names.sort()).toEqual(['should work (1+1) [ünï]', 'should work (1+1) [ünï]']);
    expect(ran).toContain(nested.id);
  });
});

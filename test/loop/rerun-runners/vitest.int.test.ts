/**
 * vitest's targeted rerun, run for real (test/fixtures/rerun/vitest): `-t` must select exactly the
 * failing tests. vitest matches `-t` against the describe names and the title joined by spaces,
 * while its JUnit report joins them with ` > `: the report's name passed as is selects nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failingCase, startRerunProject, type RerunProject } from '../../helpers/rerun-project.js';

let project: RerunProject;
beforeAll(async () => {
  project = await startRerunProject({
    fixture: 'vitest',
    testCommand: 'npx vitest run --reporter=junit --outputFile=reports/junit.xml',
    junit: ['reports/*.xml'],
    nodeModules: true,
  });
}, 240_000);
afterAll(() => project?.cleanup());

describe('vitest targeted reruns', () => {
  it('a nested test with quotes, brackets and unicode: exactly it, not its namesakes', async () => {
    const nested = failingCase(project, 'module.fn > with "x" option > should work (1+1) [ünï]');
    const { plan, ran } = await project.rerun([nested]);
    expect(plan.scope).toBe('tests');
    expect(plan.command).toContain(' -t ');
    expect(ran).toEqual([nested.id]);
  });

  it('a parametrized case: exactly that case', async () => {
    const adds = failingCase(project, 'adds 2 → 3');
    const { ran } = await project.rerun([adds]);
    expect(ran).toEqual([adds.id]);
  });

  it('a beforeAll that throws fails its describe, which no -t selects: its file is rerun', async () => {
    const hooked = failingCase(project, 'test/hook.test.ts::hooked');
    const { plan, ran } = await project.rerun([hooked]);
    expect(plan.scope).toBe('files');
    expect(ran).toEqual([hooked.id]);
  });

  it('a file that fails to load has no test to select: its file is rerun', async () => {
    const broken = failingCase(project, 'test/broken.test.ts');
    const { plan, ran } = await project.rerun([broken]);
    expect(plan.scope).toBe('files');
    expect(plan.command).not.toContain(' -t ');
    expect(ran).toEqual([broken.id]);
  });

  it('several at once, the file-level form of a test: only its files', async () => {
    const nested = failingCase(project, 'module.fn > with "x" option > should work (1+1) [ünï]');
    const adds = failingCase(project, 'adds 2 → 3');
    const both = await project.rerun([nested, adds]);
    expect(both.ran).toEqual([adds.id, nested.id].sort());
    const files = await project.rerun([nested], 'files');
    expect(files.plan.scope).toBe('files');
    expect(files.ran.every((id) => id.startsWith('test/names.test.ts::'))).toBe(true);
    expect(files.ran.length).toBe(5);
  });
});

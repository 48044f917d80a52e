/**
 * pytest's targeted rerun, run for real (test/fixtures/rerun/pytest): node ids for nested classes
 * and parametrized ids with quotes, brackets and unicode, and a module that fails to import (a
 * collection error, no test to select) reruns its file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasCommand, startRerunProject, type RerunProject } from '../../helpers/rerun-project.js';

const hasPytest = hasCommand('python3', ['-m', 'pytest', '--version']);
if (!hasPytest) console.warn('skipping the pytest rerun tests: python3 -m pytest is not installed');

describe.runIf(hasPytest)('pytest targeted reruns', () => {
  let project: RerunProject;
  beforeAll(async () => {
    project = await startRerunProject({
      fixture: 'pytest',
      testCommand: 'python3 -m pytest -q --continue-on-collection-errors --junitxml=reports/junit.xml',
      junit: ['reports/*.xml'],
    });
  }, 240_000);
  afterAll(() => project?.cleanup());

  const byName = (name: string) => project.failing.find((c) => c.name === name)!;

  it('a test of a nested class and a parametrized one: exactly them', async () => {
    const nested = project.failing.find((c) => c.classname?.endsWith('TestWithXOption'))!;
    // pytest writes a non-ASCII parametrized id escaped, and its node id is that escaped form.
    const two = byName('test_adds[two "q" [\\xfc]]');
    // Ids are pytest's node ids (the reader finds the module's file), in the baseline and the rerun.
    expect(nested.id).toBe('tests/test_names.py::TestModuleFn::TestWithXOption::test_should_work');
    expect(two.id).toBe('tests/test_names.py::test_adds[two "q" [\\xfc]]');
    const { plan, ran } = await project.rerun([nested, two]);
    expect(plan.command).toContain(
      `tests/test_names.py::TestModuleFn::TestWithXOption::test_should_work 'tests/test_names.py::test_adds[two "q" [\\xfc]]'`,
    );
    expect(ran).toEqual([nested.id, two.id].sort());
  });

  it('a collection error: its file is rerun', async () => {
    const broken = byName('tests.test_broken');
    const { plan, ran } = await project.rerun([broken]);
    expect(plan.scope).toBe('files');
    expect(plan.command).toMatch(/ tests\/test_broken\.py$/);
    expect(ran).toEqual([broken.id]);
  });
});

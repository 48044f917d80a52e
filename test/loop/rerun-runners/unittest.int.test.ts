/**
 * unittest's targeted rerun, run for real (test/fixtures/rerun/unittest) through xmlrunner
 * (Debian's python3-xmlrunner, a unittest main that writes JUnit): dotted ids replace `discover`;
 * a failing subTest reruns its method.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasCommand, startRerunProject, type RerunProject } from '../../helpers/rerun-project.js';

// Debian's interpreter: python3-xmlrunner installs for it (/usr/bin/python3), not for another python3.
const PYTHON = '/usr/bin/python3';
const hasXmlrunner = hasCommand(PYTHON, ['-c', 'import xmlrunner']);
if (!hasXmlrunner) console.warn('skipping the unittest rerun tests: apt-get install python3-xmlrunner');

describe.runIf(hasXmlrunner)('unittest targeted reruns', () => {
  let project: RerunProject;
  beforeAll(async () => {
    project = await startRerunProject({
      fixture: 'unittest',
      testCommand: `${PYTHON} -m xmlrunner --output-file junit.xml discover -p 'test_*.py'`,
      junit: ['junit.xml'],
    });
  }, 240_000);
  afterAll(() => project?.cleanup());

  it('a test method: exactly it, not its namesake in another class nor `…_too`', async () => {
    const target = project.failing.find((c) => c.name === 'test_should_work')!;
    const { plan, ran } = await project.rerun([target]);
    expect(plan.command).toBe(
      `${PYTHON} -m xmlrunner --output-file junit.xml tests.test_names.ModuleFnTests.test_should_work`,
    );
    expect(ran).toEqual([target.id]);
  });

  it('a failing subTest reruns its method', async () => {
    const sub = project.failing.find((c) => c.name.startsWith('test_adds'))!;
    const { plan, ran } = await project.rerun([sub]);
    expect(plan.command).toMatch(/ tests\.test_names\.OtherTests\.test_adds$/);
    expect(ran).toEqual([sub.id]);
  });
});

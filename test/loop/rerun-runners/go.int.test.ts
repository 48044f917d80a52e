/**
 * go test's targeted rerun, run for real (test/fixtures/rerun/go) through gotestsum (Debian's
 * `gotestsum`, which writes the JUnit report): `-run '^Parent$/^sub$'` selects one subtest, not its
 * siblings nor a namesake under another parent; top-level tests by anchored names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasCommand, startRerunProject, type RerunProject } from '../../helpers/rerun-project.js';

const hasGo = hasCommand('go', ['version']) && hasCommand('gotestsum', ['--version']);
if (!hasGo) console.warn('skipping the go rerun tests: apt-get install golang-go gotestsum');

describe.runIf(hasGo)('go targeted reruns', () => {
  let project: RerunProject;
  beforeAll(async () => {
    project = await startRerunProject({
      fixture: 'go',
      testCommand: 'gotestsum --junitfile junit.xml -- ./...',
      junit: ['junit.xml'],
      env: { GOFLAGS: '-mod=mod', GOCACHE: '/tmp/self-heal-go-cache', GOPATH: '/tmp/self-heal-go-path' },
    });
  }, 240_000);
  afterAll(() => project?.cleanup());

  it('a failing subtest and its parent: exactly them', async () => {
    const targets = project.failing.filter((c) => c.name.startsWith('TestTotal/') || c.name === 'TestTotal');
    expect(targets.map((c) => c.name).sort()).toEqual(['TestTotal', 'TestTotal/two_pens_(1+1)']);
    const { plan, ran } = await project.rerun(targets);
    expect(plan.command).toContain(`-run '^TestTotal$/^two_pens_\\(1\\+1\\)$'`);
    expect(ran).toEqual(targets.map((c) => c.id).sort());
  });

  it('a top-level test: exactly it, not `…Too`', async () => {
    const flat = project.failing.find((c) => c.name === 'TestTotalFlat')!;
    const { ran } = await project.rerun([flat]);
    expect(ran).toEqual([flat.id]);
  });
});

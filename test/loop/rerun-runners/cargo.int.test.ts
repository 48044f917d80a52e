/**
 * cargo test's targeted rerun, run for real (test/fixtures/rerun/cargo, libtest's JUnit formatter):
 * `--exact` with the module path, which libtest's report splits into classname and name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasCommand, startRerunProject, type RerunProject } from '../../helpers/rerun-project.js';

const hasCargo = hasCommand('cargo', ['--version']);
if (!hasCargo) console.warn('skipping the cargo rerun tests: cargo is not installed');

describe.runIf(hasCargo)('cargo targeted reruns', () => {
  let project: RerunProject;
  beforeAll(async () => {
    project = await startRerunProject({
      fixture: 'cargo',
      testCommand: 'cargo test -q -- -Z unstable-options --format junit > junit.xml',
      junit: ['junit.xml'],
      env: { RUSTC_BOOTSTRAP: '1', CARGO_TARGET_DIR: '/tmp/self-heal-rerun-cargo-target' },
    });
  }, 240_000);
  afterAll(() => project?.cleanup());

  it('a test by its path: exactly it, not `…_too` nor its namesake in a nested module', async () => {
    const adds = project.failing.find((c) => c.name === 'adds')!;
    const { plan, ran } = await project.rerun([adds]);
    expect(plan.command).toContain(' --exact tests::adds');
    expect(ran).toEqual([adds.id]);
  });
});

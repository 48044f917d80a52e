/**
 * Maven Surefire's targeted rerun, run for real and offline (test/fixtures/rerun/maven, `mvn -o`
 * from ~/.m2): `-Dtest=Class#method` selects one method, not its namesake in another class; a
 * parametrized method reruns all its invocations. Skipped when Surefire is not in ~/.m2.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasCommand, startRerunProject, type RerunProject } from '../../helpers/rerun-project.js';

const SUREFIRE = path.join(os.homedir(), '.m2/repository/org/apache/maven/plugins/maven-surefire-plugin/3.5.2');
const hasMaven = hasCommand('mvn', ['-v']) && existsSync(SUREFIRE);
if (!hasMaven) console.warn('skipping the maven rerun tests: mvn or Surefire 3.5.2 in ~/.m2 is missing');

describe.runIf(hasMaven)('maven targeted reruns', () => {
  let project: RerunProject;
  beforeAll(async () => {
    project = await startRerunProject({
      fixture: 'maven',
      testCommand: 'mvn -o -q -B test',
      junit: ['target/surefire-reports/*.xml'],
      // Maven's own JVM: a short-lived build gains nothing from the optimising JIT or a parallel GC.
      env: { MAVEN_OPTS: '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC' },
    });
  }, 300_000);
  afterAll(() => project?.cleanup());

  it('a method and a parametrized one: exactly them', async () => {
    const adds = project.failing.find((c) => c.name === 'adds')!;
    const one = project.failing.find((c) => c.name.startsWith('addsOne'))!;
    const { plan, ran, all } = await project.rerun([adds, one]);
    expect(plan.command).toContain("'-Dtest=CartTest#adds+addsOne'");
    expect(ran).toContain(adds.id);
    expect(ran).toContain(one.id);
    expect(all.every((c) => c.classname === 'com.example.CartTest')).toBe(true);
    expect(all.map((c) => c.name)).not.toContain('addsToo');
  });
});

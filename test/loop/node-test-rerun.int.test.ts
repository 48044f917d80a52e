/**
 * Targeted reruns of node:test tests whose names hold `"`, `&`, `<`, `'` and regex characters, run
 * for real: the project of test/fixtures/junit/node-test-names/ in a temp git repository, the
 * baseline and the reruns run by `createTestRuns` with the repo's Node 24 and read by the real
 * evidence collector. A rerun must run exactly the tests it targets, and their ids must be the
 * baseline's (the loop compares them), also when the baseline report was written on another machine.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RerunTarget } from '../../src/loop/rerun.js';
import { createTestRuns } from '../../src/loop/test-runs.js';
import { collectEvidence } from '../../src/frames/collect-evidence.js';
import type { TestCase } from '../../src/reports/test-run.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';
import { nodeBinaries } from '../helpers/node-versions.js';

const PROJECT = path.join(import.meta.dirname, '..', 'fixtures', 'junit', 'node-test-names');
const TEST_FILE = readFileSync(path.join(PROJECT, 'test', 'names.test.js'), 'utf8');
/** The two failing tests, as test/names.test.js names them. */
const ADDS = `adds "two" & <three> (it's $1.50+)`;
const TOP = `top "level" & 'single' <b>|[x]`;
const ADDS_ID = `test/names.test.js::quotes "here" & <there>::${ADDS}`;
const TOP_ID = `test/names.test.js::${TOP}`;
const JUNIT = '--test-reporter=junit --test-reporter-destination=junit.xml';

const hasNpm = (() => {
  try {
    execFileSync('npm', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

/** What the loop's baseline hands the rerun planner for a case (see baseline.ts). */
function target(c: TestCase): RerunTarget {
  return { id: c.id, name: c.name, classname: c.classname, file: c.file, dialect: c.source?.dialect };
}

/**
 * `node`: the Node that runs the project's tests, first on PATH for the command npm runs too;
 * `tests`: the project's test files (test/names.test.js by default).
 */
function setup(
  testCommand: string,
  node = process.execPath,
  tests: Record<string, string> = { 'test/names.test.js': TEST_FILE },
) {
  repo = createTempRepo({
    files: {
      'package.json': JSON.stringify({ name: 'names', private: true, scripts: { test: `node --test ${JUNIT}` } }),
      ...tests,
    },
  });
  const env: NodeJS.ProcessEnv = {
    ...repo.env,
    PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`,
    npm_config_update_notifier: 'false',
  };
  delete env.NODE_OPTIONS;
  return createTestRuns({
    testCommand,
    junit: ['junit.xml'],
    root: repo.root,
    cwd: repo.root,
    outputDir: path.join(repo.root, '.git', 'self-heal', 'runs'),
    timeoutMs: 120_000,
    env,
    git: { cwd: repo.root, env: repo.env },
    collect: collectEvidence,
  });
}

const failing = (cases: readonly TestCase[]) => cases.filter((c) => c.status === 'failed' || c.status === 'errored');
const ran = (cases: readonly TestCase[]) => cases.map((c) => [c.id, c.status]);

describe('node:test targeted reruns of names with quotes and regex characters', () => {
  it('node --test: the rerun selects exactly the targeted test, under the id the baseline gave it', async () => {
    const runs = setup(`node --test ${JUNIT}`);
    const baseline = await runs.full('baseline');
    expect(baseline.reportErrors).toEqual([]);
    expect(baseline.cases).toHaveLength(5);
    expect(failing(baseline.cases).map((c) => c.id)).toEqual([ADDS_ID, TOP_ID]);
    const [adds, top] = failing(baseline.cases);

    const one = await runs.targeted([target(adds!)], 'rerun-adds');
    // Shell-quoted (the `'` closed, escaped, reopened) and regex-escaped (`(`, `$`, `.`, `+`, `)`),
    // anchored so the sibling "... again" is not selected; right after --test, before the reporters.
    // Node 24 matches the describe's name and the test's joined by a space.
    expect(one.plan.command).toBe(
      `node --test '--test-name-pattern=^quotes "here" & <there> adds "two" & <three> \\(it'\\''s \\$1\\.50\\+\\)$' ${JUNIT}`,
    );
    expect(ran(one.cases)).toEqual([[ADDS_ID, 'failed']]);

    const other = await runs.targeted([target(top!)], 'rerun-top');
    expect(ran(other.cases)).toEqual([[TOP_ID, 'failed']]);

    const both = await runs.targeted([target(adds!), target(top!)], 'rerun-both');
    expect(ran(both.cases)).toEqual([
      [ADDS_ID, 'failed'],
      [TOP_ID, 'failed'],
    ]);
  });

  // Node 20 refuses `--test-name-pattern` in NODE_OPTIONS (exit 9): every rerun became the full command.
  it.runIf(hasNpm).each(nodeBinaries().filter((n) => n.major >= 20))(
    'npm test on Node $major: a preload selects exactly the test',
    async ({ bin, version }) => {
      const runs = setup('npm test', bin, {
        'test/sums.test.js': [
          "const { test, describe } = require('node:test');",
          "const assert = require('node:assert');",
          "test('sum (a|b) [1]', () => assert.equal(1 + 1, 3));",
          "test('sum (a|b) [1] again', () => assert.equal(1 + 1, 2));",
          "test('sum', () => assert.equal(1 + 1, 2));",
          "describe('group', () => { test('inner', () => assert.equal(1, 2)); });",
          '',
        ].join('\n'),
      });
      const baseline = await runs.full('baseline');
      const sum = failing(baseline.cases).find((c) => c.name === 'sum (a|b) [1]');
      expect(sum, `${version}: ${baseline.output}`).toBeDefined();
      const rerun = await runs.targeted([target(sum!)], 'rerun-sum');
      expect(rerun.plan.command).toBe('npm test');
      expect(rerun.plan.env.NODE_OPTIONS).toMatch(/^--require "[^"]+self-heal-node-test-select\.cjs"$/);
      expect(rerun.plan.env.SELF_HEAL_TEST_NAME_PATTERN).toBe('^sum \\(a\\|b\\) \\[1\\]$');
      expect(rerun.exitCode, rerun.output).toBe(1);
      // Node 20 reports the tests it filtered out as skipped.
      expect(ran(rerun.cases.filter((c) => c.status !== 'skipped'))).toEqual([[sum!.id, 'failed']]);
    },
  );

  it('a baseline report written on another machine gives the ids the local rerun gives', async () => {
    const runs = setup(`node --test ${JUNIT}`);
    // The checked-in report was written in /tmp/self-heal-junit-fixtures/node-test-names.
    repo!.write('ci/junit.xml', readFileSync(path.join(PROJECT, 'junit.xml'), 'utf8'));
    const fromCi = await collectEvidence({ root: repo!.root, junit: ['ci/junit.xml'] });
    expect(fromCi.errors).toEqual([]);
    const [adds] = failing(fromCi.run.cases);
    expect(adds?.id).toBe(ADDS_ID);
    const rerun = await runs.targeted([target(adds!)], 'rerun-adds');
    expect(ran(rerun.cases)).toEqual([[ADDS_ID, 'failed']]);
  });
});

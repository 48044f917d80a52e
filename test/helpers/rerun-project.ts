/**
 * A fixture project of test/fixtures/rerun/ in a temp git repository, run by its real runner through
 * self-heal's own code path: `createTestRuns` (the real command, the real report, the real evidence
 * collector) and `planRerun`. `rerun` runs the plan self-heal makes for some failing tests and
 * returns what ran, so a test can assert that exactly those tests ran and nothing else.
 */
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { collectEvidence } from '../../src/frames/collect-evidence.js';
import type { RerunPlan, RerunScope, RerunTarget } from '../../src/loop/rerun.js';
import { createTestRuns, type TestRunResult, type TestRuns } from '../../src/loop/test-runs.js';
import type { TestCase } from '../../src/reports/test-run.js';
import { fileLevelIds } from '../../src/loop/file-level-failures.js';
import { createTempRepo, type TempRepo } from './git-repo.js';

export const RERUN_FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'rerun');
const REPO_ROOT = path.join(import.meta.dirname, '..', '..');

export interface RerunProject {
  repo: TempRepo;
  runs: TestRuns;
  baseline: TestRunResult;
  /** The baseline's failing cases as the loop's baseline makes them targets. */
  failing: TestCase[];
  /** Runs self-heal's plan for `targets`: the plan and every case that ran (not skipped). */
  rerun(
    targets: readonly TestCase[],
    scope?: RerunScope,
  ): Promise<{ plan: RerunPlan; ran: string[]; all: readonly TestCase[] }>;
  cleanup(): void;
}

export interface RerunProjectOptions {
  fixture: string;
  testCommand: string;
  junit: string[];
  /** Link the repository's node_modules into the project (the JS runners are its devDependencies). */
  nodeModules?: boolean;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/** Whether a command runs here (`go version`, `mvn -v`). */
export function hasCommand(command: string, args: string[] = ['--version']): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}

/** A failing case as the baseline makes it a target (see src/loop/baseline.ts `toTarget`). */
export function asTarget(c: TestCase, root: string, frameFile?: string, wholeFile = false): RerunTarget {
  return {
    ...(wholeFile ? { wholeFile } : {}),
    id: c.id,
    name: c.name,
    classname: c.classname,
    file: c.file ?? (frameFile === undefined ? undefined : path.resolve(root, frameFile)),
    dialect: c.source?.dialect,
    suite: c.suite,
  };
}

const isFailing = (c: TestCase) => c.status === 'failed' || c.status === 'errored';

export async function startRerunProject(options: RerunProjectOptions): Promise<RerunProject> {
  const repo = createTempRepo({ fixture: path.join(RERUN_FIXTURES, options.fixture) });
  if (options.nodeModules) symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(repo.root, 'node_modules'));
  const env: NodeJS.ProcessEnv = {
    ...repo.env,
    // `node` is the Node running these tests (the repo's Node 24), also for what npm and npx start.
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
    npm_config_update_notifier: 'false',
    ...options.env,
  };
  delete env.NODE_OPTIONS;
  const runs = createTestRuns({
    testCommand: options.testCommand,
    junit: options.junit,
    root: repo.root,
    cwd: repo.root,
    outputDir: path.join(repo.root, '.git', 'self-heal', 'runs'),
    timeoutMs: options.timeoutMs ?? 240_000,
    env,
    git: { cwd: repo.root, env: repo.env },
    collect: (input) => collectEvidence({ ...input, testCwd: repo.root }),
  });
  const baseline = await runs.full('baseline');
  const frames = baseline.evidence.frames;
  const fileOf = (c: TestCase) => frames.find((f) => f.id === c.id && f.test?.file)?.test?.file;
  const failing = baseline.cases.filter(isFailing);
  const fileLevel = fileLevelIds(baseline.cases);
  let n = 0;
  return {
    repo,
    runs,
    baseline,
    failing,
    async rerun(targets, scope) {
      const plan = runs.plan(
        targets.map((c) => asTarget(c, repo.root, fileOf(c), fileLevel.has(c.id))),
        scope,
      );
      const result = await runs.run(plan, `rerun-${++n}`);
      const ran = result.cases.filter((c) => c.status !== 'skipped').map((c) => c.id);
      return { plan, ran: ran.sort(), all: result.cases };
    },
    cleanup: () => repo.cleanup(),
  };
}

/** The failing case whose id ends with `suffix` (ids name the file first). */
export function failingCase(project: RerunProject, suffix: string): TestCase {
  const found = project.failing.filter((c) => c.id.endsWith(suffix));
  if (found.length !== 1) {
    throw new Error(
      `expected one failing case ending ${suffix}, got ${JSON.stringify(project.failing.map((c) => c.id))}`,
    );
  }
  return found[0]!;
}

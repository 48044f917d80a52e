/**
 * The test runs of a heal: the full test command and targeted reruns, each one
 * - after deleting the reports its globs match (stale reports must never be read as fresh; tracked
 *   files are never deleted, and a report older than the run is ignored instead),
 * - with a timeout that kills the whole process tree, output captured to a bounded file under
 *   `.git/self-heal/runs/` (outside the work tree), which is also read as the run's log,
 * - with the user's Python bytecode caches, less the cached bytecode of each source that changed
 *   since the previous run (`workspace/python-bytecode.ts`): Python trusts a `.pyc` whose recorded
 *   size and mtime match, so an edit or a rollback of the same size within the second would run
 *   the code from before it,
 * - followed by putting git's metadata back: a run that wrote into `.git` (a hook, the config) is
 *   marked, unless the first run (the baseline's) did too: then the suite does it, not a patch,
 * - read into cases and frames by the evidence collector.
 */
import { lstatSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { escapePath, glob } from 'tinyglobby';
import type { FailureFrame } from '../contracts/failure-frame.js';
import type { TestRun, TestRunSummary } from '../reports/test-run.js';
import { runCommand } from '../workspace/run-tests.js';
import { testRunEnvironment } from '../workspace/child-env.js';
import { trackedFiles, type GitContext } from '../workspace/git.js';
import { createBytecodeGuard } from '../workspace/python-bytecode.js';
import { planRerun, type RerunPlan, type RerunScope, type RerunTarget } from './rerun.js';
import type { RunOutcome } from './verdict.js';

/** What the evidence collector (`frames/collect-evidence.ts`) returns, as far as the loop reads it. */
export interface Evidence {
  run: TestRun;
  summary: TestRunSummary;
  frames: FailureFrame[];
  errors: ReadonlyArray<{ file: string; message: string; line?: number; column?: number }>;
}

export type CollectEvidence = (input: { root: string; junit: string[]; log?: string }) => Promise<Evidence>;

export interface TestRunsOptions {
  testCommand: string;
  rerunTemplate?: string;
  /** Report globs, relative to `cwd`. */
  junit: readonly string[];
  /** Repository root (where the collector resolves paths). */
  root: string;
  /** Where the test command runs. */
  cwd: string;
  /** Where run outputs are written (inside `.git/self-heal/`). */
  outputDir: string;
  timeoutMs: number;
  /** self-heal's environment: each run gets it without self-heal's own credentials. */
  env: NodeJS.ProcessEnv;
  /** Secret values self-heal holds: no variable carrying one reaches a run. */
  secrets?: readonly string[];
  /** Variables the user keeps anyway (`--pass-env`). */
  passEnv?: readonly string[];
  git: GitContext;
  collect: CollectEvidence;
  signal?: AbortSignal;
  /** Bytes of each run's output kept in memory (the file keeps more). */
  maxOutputBytes?: number;
  /**
   * Puts git's metadata back as the snapshot had it and says what had changed (`restoreGitMetadata`):
   * called after every run, since the code under test can write into `.git` as well as any agent.
   */
  guardGitDir?: () => string[];
  /**
   * Repo-relative paths that differ from the snapshot now (`changedPaths`): every edit, agent
   * change and rollback between two runs shows here, so the bytecode of exactly those sources goes.
   */
  changedPaths?: () => readonly string[];
}

export interface TestRunResult extends RunOutcome {
  evidence: Evidence;
  command: string;
  label: string;
}

export interface RunExtras {
  env?: Record<string, string>;
  timeoutMs?: number;
}

export interface TestRuns {
  /** The rerun plan for these tests (targeted, or the full command with the reason why not). */
  plan(targets: readonly RerunTarget[], scope?: RerunScope): RerunPlan;
  full(label: string): Promise<TestRunResult>;
  /**
   * Runs a plan made by `plan`; `extra`: more variables (the execution recorders') and a timeout of
   * its own, for a run that is evidence only.
   */
  run(plan: RerunPlan, label: string, extra?: RunExtras): Promise<TestRunResult>;
  targeted(targets: readonly RerunTarget[], label: string): Promise<TestRunResult & { plan: RerunPlan }>;
  /** Report files that exist now (used to decide whether the step's reports are fresh). */
  existingReports(): Promise<string[]>;
  /**
   * After the last run and the final restore: the bytecode of the sources that changed since that
   * run goes, so the user's next run cannot load a rolled-back attempt's.
   */
  settleBytecode(): void;
}

function toRootRelative(root: string, cwd: string, pattern: string): string {
  const rel = path.relative(root, cwd).split(path.sep).join('/');
  return rel ? `${escapePath(rel)}/${pattern}` : pattern;
}

export function createTestRuns(options: TestRunsOptions): TestRuns {
  let counter = 0;
  let tracked: Promise<Set<string>> | undefined;
  let suiteWritesGitDir = false;
  const runEnv = testRunEnvironment(options.env, { secrets: options.secrets, pass: options.passEnv });
  const bytecode = createBytecodeGuard(options.root, options.cwd);
  // The outputs of the previous heal are not this one's.
  rmSync(options.outputDir, { recursive: true, force: true });
  mkdirSync(options.outputDir, { recursive: true });

  const matchReports = async (): Promise<string[]> => {
    if (options.junit.length === 0) return [];
    const found = await glob([...options.junit], {
      cwd: options.cwd,
      absolute: true,
      onlyFiles: true,
      dot: true,
      followSymbolicLinks: false,
    });
    // Only files inside the repository: a glob must never reach (or delete) anything outside it.
    return found.filter((f) => !path.relative(options.root, f).startsWith('..')).sort();
  };

  const deleteStaleReports = async (): Promise<void> => {
    tracked ??= trackedFiles(options.git).then((files) => new Set(files));
    const keep = await tracked;
    for (const file of await matchReports()) {
      const rel = path.relative(options.root, file).split(path.sep).join('/');
      // A tracked file that matches a report glob (`**/*.xml` matching pom.xml) is never deleted.
      if (!keep.has(rel)) rmSync(file, { force: true });
    }
  };

  const execute = async (
    command: string,
    env: Record<string, string>,
    label: string,
    timeoutMs = options.timeoutMs,
  ): Promise<TestRunResult> => {
    await deleteStaleReports();
    const outputFile = path.join(options.outputDir, `${String(++counter).padStart(2, '0')}-${label}.log`);
    const runEnvironment = { ...runEnv, ...env };
    bytecode.beforeRun(options.changedPaths?.() ?? [], runEnvironment);
    // File systems with 1 s (HFS+) or 2 s (FAT) timestamps: compare at whole seconds.
    const startedAt = Math.floor(Date.now() / 1000) * 1000;
    const result = await runCommand({
      command,
      cwd: options.cwd,
      timeoutMs,
      env: runEnvironment,
      outputFile,
      maxOutputBytes: options.maxOutputBytes,
      signal: options.signal,
    });
    const gitDirWrites = options.guardGitDir?.() ?? [];
    const wroteGitDir = gitDirWrites.length > 0 && !suiteWritesGitDir;
    if (gitDirWrites.length > 0 && counter === 1) suiteWritesGitDir = true;
    const fresh = (await matchReports()).filter((f) => {
      try {
        return lstatSync(f).mtimeMs >= startedAt;
      } catch {
        return false;
      }
    });
    const junit = fresh.map((f) => escapePath(path.relative(options.root, f).split(path.sep).join('/')));
    const evidence = await options.collect({ root: options.root, junit, log: outputFile });
    const reportErrors = evidence.errors.map((e) => `${e.file}: ${e.message}`);
    if (fresh.length === 0 && options.junit.length > 0)
      reportErrors.unshift(`no report matching ${options.junit.join(', ')} was written`);
    return {
      label,
      command,
      evidence,
      cases: evidence.run.cases,
      frames: evidence.frames,
      exitCode: result.exitCode,
      timedOut: result.timedOut,
      output: result.output,
      durationMs: result.durationMs,
      reportErrors,
      ...(wroteGitDir ? { gitDirWrites } : {}),
    };
  };

  const plan = (targets: readonly RerunTarget[], scope?: RerunScope) =>
    planRerun({
      testCommand: options.testCommand,
      template: options.rerunTemplate,
      targets,
      cwd: options.cwd,
      nodeOptions: options.env.NODE_OPTIONS,
      scope,
    });

  return {
    plan,
    full: (label) => execute(options.testCommand, {}, label),
    run: (p, label, extra) => execute(p.command, { ...p.env, ...extra?.env }, label, extra?.timeoutMs),
    async targeted(targets, label) {
      const p = plan(targets);
      return { ...(await execute(p.command, p.env, label)), plan: p };
    },
    existingReports: matchReports,
    settleBytecode: () => void bytecode.beforeRun(options.changedPaths?.() ?? [], runEnv),
  };
}

/** Junit globs as root-relative patterns (for the tree state's output filter). */
export function reportPatternsFromRoot(root: string, cwd: string, junit: readonly string[]): string[] {
  return junit.map((p) => toRootRelative(root, cwd, p));
}

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
 * - followed by the check of the verdict's own files (`verdict-files.ts`): a candidate's run that
 *   changed a test, a helper, its data or the runner's configuration is marked, unless a run of the
 *   baseline changed the same file,
 * - and its reports fingerprinted (`report-trust.ts`): the baseline's runs of the test command teach
 *   what its runner writes; a candidate's report that differs is not trusted,
 * - read into cases and frames by the evidence collector.
 */
import { lstatSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { escapePath, glob } from 'tinyglobby';
import type { FailureFrame } from '../contracts/failure-frame.js';
import type { TestRun, TestRunSummary } from '../reports/test-run.js';
import { runCommand, type CommandResult } from '../workspace/run-tests.js';
import { createRunContainment, type OutsideWrites, type RunContainment } from '../workspace/run-containment.js';
import { testRunEnvironment } from '../workspace/child-env.js';
import { trackedFiles, type GitContext } from '../workspace/git.js';
import { createBytecodeGuard } from '../workspace/python-bytecode.js';
import { planRerun, type RerunPlan, type RerunScope, type RerunTarget } from './rerun.js';
import type { RunOutcome } from './verdict.js';
import type { VerdictFilesWatch } from './verdict-files.js';
import { createReportTrust, fingerprintReports, type ReportTrust } from './report-trust.js';

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
  /** The verdict's own files, compared before and after every run (`verdict-files.ts`). */
  verdictFiles?: VerdictFilesWatch;
  /**
   * How runs are contained once `contain()` is called: `scan` forces the fallback; `passThrough`
   * names directories outside the work tree a run must write for real (a coverage recorder's).
   */
  containment?: { mode?: 'auto' | 'scan'; passThrough?: readonly string[] };
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
  /**
   * The rerun plan for these tests (targeted, or the full command with the reason why not);
   * `failFast`: stopping at the first failing test.
   */
  plan(targets: readonly RerunTarget[], scope?: RerunScope, failFast?: boolean): RerunPlan;
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
  /**
   * From now on the runs execute a candidate's code: contained (`workspace/run-containment.ts`),
   * each result saying what it wrote outside the work tree. Says how (and why not the sandbox).
   */
  contain(): { mode: 'sandbox' | 'scan'; reason?: string };
  /**
   * From now on the runs judge candidates: what one changes in the verdict's files is marked on its
   * result (`verdictWrites`); before, what the baseline's runs change is learned as the suite's own.
   */
  judgeCandidates(): void;
}

function toRootRelative(root: string, cwd: string, pattern: string): string {
  const rel = path.relative(root, cwd).split(path.sep).join('/');
  return rel ? `${escapePath(rel)}/${pattern}` : pattern;
}

/** What the runs of one heal share. */
interface RunsState {
  options: TestRunsOptions;
  counter: number;
  tracked?: Promise<Set<string>>;
  suiteWritesGitDir: boolean;
  /** Set by `judgeCandidates()`. */
  judging: boolean;
  /** The verdict's files the baseline's own runs changed: the suite's doing, never a candidate's. */
  suiteVerdictWrites: Set<string>;
  /** What the test command's runner writes (learned from the baseline's runs). */
  trust: ReportTrust;
  runEnv: NodeJS.ProcessEnv;
  bytecode: ReturnType<typeof createBytecodeGuard>;
  /** Set by `contain()`: the runs from then on execute a candidate's code. */
  containment?: RunContainment;
}

export function createTestRuns(options: TestRunsOptions): TestRuns {
  const state: RunsState = {
    options,
    counter: 0,
    suiteWritesGitDir: false,
    judging: false,
    suiteVerdictWrites: new Set(),
    trust: createReportTrust(),
    runEnv: testRunEnvironment(options.env, { secrets: options.secrets, pass: options.passEnv }),
    bytecode: createBytecodeGuard(options.root, options.cwd),
  };
  // The outputs of the previous heal are not this one's.
  rmSync(options.outputDir, { recursive: true, force: true });
  mkdirSync(options.outputDir, { recursive: true });
  // Reports are judged for runs of the test command (full or targeted), not another command's (verify-subset).
  const execute = (command: string, env: Record<string, string>, label: string, timeoutMs?: number, own = true) =>
    executeRun(state, command, env, label, timeoutMs, own);
  const plan = (targets: readonly RerunTarget[], scope?: RerunScope, failFast?: boolean) =>
    planRerun({
      failFast,
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
    run: (p, label, extra) =>
      execute(
        p.command,
        { ...p.env, ...extra?.env },
        label,
        extra?.timeoutMs,
        p.targeted || p.command === options.testCommand,
      ),
    async targeted(targets, label) {
      const p = plan(targets);
      return { ...(await execute(p.command, p.env, label)), plan: p };
    },
    existingReports: () => matchReports(options),
    settleBytecode: () => void state.bytecode.beforeRun(options.changedPaths?.() ?? [], state.runEnv),
    contain() {
      state.containment ??= createRunContainment({
        root: options.root,
        env: state.runEnv,
        passThrough: options.containment?.passThrough,
        mode: options.containment?.mode,
      });
      return { mode: state.containment.mode, reason: state.containment.reason };
    },
    judgeCandidates: () => void (state.judging = true),
  };
}

/** A baseline run's reports teach what the runner writes; a candidate's are checked against it. */
function judgeReports(state: RunsState, evidence: Evidence, command: string): string | null {
  const prints = fingerprintReports(evidence.run.reports, evidence.run.cases, state.options.root);
  const kind = command === state.options.testCommand ? 'full' : 'targeted';
  if (!state.judging) {
    state.trust.learn(prints, kind);
    return null;
  }
  return state.trust.check(prints, kind);
}

/** The verdict's files this run changed that a baseline run did not (those are learned, not marked). */
function verdictWrites(state: RunsState, changed: readonly string[]): string[] {
  if (!state.judging) {
    for (const p of changed) state.suiteVerdictWrites.add(p);
    return [];
  }
  return changed.filter((p) => !state.suiteVerdictWrites.has(p));
}

async function matchReports(options: TestRunsOptions): Promise<string[]> {
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
}

async function deleteStaleReports(state: RunsState): Promise<void> {
  const { options } = state;
  state.tracked ??= trackedFiles(options.git).then((files) => new Set(files));
  const keep = await state.tracked;
  for (const file of await matchReports(options)) {
    const rel = path.relative(options.root, file).split(path.sep).join('/');
    // A tracked file that matches a report glob (`**/*.xml` matching pom.xml) is never deleted.
    if (!keep.has(rel)) rmSync(file, { force: true });
  }
}

/** The reports written by this run (no older than its start), as root-relative globs. */
async function freshReports(options: TestRunsOptions, startedAt: number): Promise<string[]> {
  const fresh = (await matchReports(options)).filter((f) => {
    try {
      return lstatSync(f).mtimeMs >= startedAt;
    } catch {
      return false;
    }
  });
  return fresh.map((f) => escapePath(path.relative(options.root, f).split(path.sep).join('/')));
}

/**
 * The command itself, contained once `contain()` was called. A sandbox that could not be set up
 * (the command did not run) falls back to the scan for this run and the rest: never no run.
 */
async function runContained(
  state: RunsState,
  command: string,
  env: NodeJS.ProcessEnv,
  outputFile: string,
  timeoutMs = state.options.timeoutMs,
): Promise<{ result: CommandResult; writtenOutside?: OutsideWrites }> {
  const { options } = state;
  const run = (line: string) =>
    runCommand({
      command: line,
      cwd: options.cwd,
      timeoutMs,
      env,
      outputFile,
      maxOutputBytes: options.maxOutputBytes,
      signal: options.signal,
    });
  if (!state.containment) return { result: await run(command) };
  const prepared = state.containment.prepare(command, options.cwd);
  const result = await run(prepared.command);
  const writes = prepared.finish();
  if (writes) return { result, writtenOutside: writes };
  const failure = result.output.trim().split('\n').slice(-1)[0] ?? '';
  state.containment = createRunContainment({
    root: options.root,
    env: state.runEnv,
    passThrough: options.containment?.passThrough,
    mode: 'scan',
  });
  state.containment.reason = `the run sandbox could not be set up (${failure.slice(0, 200)})`;
  const again = state.containment.prepare(command, options.cwd);
  const retried = await run(again.command);
  return { result: retried, writtenOutside: again.finish() ?? undefined };
}

/** More than the kernel's coarse-clock lag (one tick, at most 10 ms). */
const CLOCK_SLACK_MS = 50;

async function executeRun(
  state: RunsState,
  command: string,
  env: Record<string, string>,
  label: string,
  timeoutMs?: number,
  ownReports = true,
): Promise<TestRunResult> {
  const { options } = state;
  await deleteStaleReports(state);
  const outputFile = path.join(options.outputDir, `${String(++state.counter).padStart(2, '0')}-${label}.log`);
  const runEnvironment = { ...state.runEnv, ...env };
  state.bytecode.beforeRun(options.changedPaths?.() ?? [], runEnvironment);
  options.verdictFiles?.before();
  // File systems with 1 s (HFS+) or 2 s (FAT) timestamps: compare at whole seconds. A file's mtime
  // comes from the kernel's coarse clock, which can lag Date.now() by a tick: a report written just
  // after a whole second may carry the second before, so the start is taken a little early.
  const startedAt = Math.floor((Date.now() - CLOCK_SLACK_MS) / 1000) * 1000;
  const { result, writtenOutside } = await runContained(state, command, runEnvironment, outputFile, timeoutMs);
  const gitDirWrites = options.guardGitDir?.() ?? [];
  const wroteGitDir = gitDirWrites.length > 0 && !state.suiteWritesGitDir;
  if (gitDirWrites.length > 0 && state.counter === 1) state.suiteWritesGitDir = true;
  const verdictFilesWritten = verdictWrites(state, (await options.verdictFiles?.after()) ?? []);
  const junit = await freshReports(options, startedAt);
  const evidence = await options.collect({ root: options.root, junit, log: outputFile });
  const reportErrors = evidence.errors.map((e) => `${e.file}: ${e.message}`);
  if (junit.length === 0 && options.junit.length > 0)
    reportErrors.unshift(`no report matching ${options.junit.join(', ')} was written`);
  const untrustedReport = ownReports ? judgeReports(state, evidence, command) : null;
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
    ...(verdictFilesWritten.length > 0 ? { verdictWrites: verdictFilesWritten } : {}),
    ...(untrustedReport ? { untrustedReport } : {}),
    ...(writtenOutside ? { writtenOutside } : {}),
  };
}

/** Junit globs as root-relative patterns (for the tree state's output filter). */
export function reportPatternsFromRoot(root: string, cwd: string, junit: readonly string[]): string[] {
  return junit.map((p) => toRootRelative(root, cwd, p));
}

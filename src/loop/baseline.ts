/**
 * The baseline: which tests fail (the fail-to-pass targets), which pass (pass-to-pass), and do the
 * failures reproduce here?
 *
 * Rule for reusing the step's reports (the usual `if: failure()` step runs right after the failed
 * test step): with `baseline: 'auto'`, reports matching the `junit` globs are reused when there is at
 * least one and every one of them is newer than HEAD's commit time, and they show a failing test.
 * `'reuse'` skips the time check; `'run'` always runs the full command. Reused failures are
 * confirmed with a targeted rerun of just the failing tests. A failure that passes on that rerun
 * is flaky: listed, and not a target. When nothing reproduces, the run stops with `not-reproduced`
 * and nothing is edited.
 *
 * The confirmation counts only the tests that ran (`targeted-run.ts`): a target its rerun skipped or
 * did not run is not reproduced; the rerun falls back to the targets' files, then to the full
 * command, and a target that does not run even then is dropped (said in the log). When the full
 * command confirms reused reports, its run replaces them as the baseline.
 */
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { escapePath } from 'tinyglobby';
import type { DiagnosticFrame, FailureFrame } from '../contracts/failure-frame.js';
import type { Logger } from '../contracts/logger.js';
import type { TestCase, TestRunSummary } from '../reports/test-run.js';
import { describeBuildFailure } from '../reports/tool-diagnostic.js';
import type { HealResult, RerunFallback } from '../contracts/heal-report.js';
import type { RerunTarget } from './rerun.js';
import type { CollectEvidence, Evidence, TestRuns } from './test-runs.js';
import { createTargetedRuns, type TargetedRuns } from './targeted-run.js';
import { fileLevelIds } from './file-level-failures.js';
import { CaseIndex, outputTail, type Expectations } from './verdict.js';
import type { RunEvidence } from './run-tally.js';
import { plural } from '../text/format.js';
import { describeUnfinished } from '../reports/logs/unfinished-test.js';
import { shellQuote } from '../workspace/shell-quote.js';
import { countFailingTests } from '../frames/build-frames.js';

export type BaselineMode = 'auto' | 'reuse' | 'run';

export interface BaselineInput {
  runs: TestRuns;
  collect: CollectEvidence;
  root: string;
  /** Where the test command runs, when not at `root` (a package of a monorepo). */
  cwd?: string;
  testCommand: string;
  junit: readonly string[];
  /** Absolute path of the failed run's log, when the step has one. */
  log?: string;
  mode: BaselineMode;
  /** HEAD's commit time (ms), for the freshness rule. */
  headTime: number | null;
  logger: Logger;
}

interface Common {
  summary: TestRunSummary;
  frames: FailureFrame[];
  /** What compilers, type checkers, linters and formatters reported at baseline, when they did. */
  diagnostics?: DiagnosticFrame[];
  flaky: string[];
  reproduce?: string;
  /** Why reruns do not select the failing tests by name, when they do not (see targeted-run.ts). */
  rerunFallback?: RerunFallback;
  /** The failing tests' evidence in the CI run (or the full run) and in the confirmation, when one ran. */
  runs?: RunEvidence[];
  /** The failing tests the confirmation was of. */
  tried?: RerunTarget[];
}

export type Baseline =
  | (Common & {
      kind: 'ready';
      targets: RerunTarget[];
      expectations: Expectations;
      /** Reruns of the targets, at the level the confirmation found to run them. */
      rerun: TargetedRuns;
      fullRunMs: number;
      targetedRunMs?: number;
      source: 'reports' | 'run';
    })
  | (Common & { kind: 'stop'; result: HealResult; reason: string });

const failing = (cases: readonly TestCase[]) => cases.filter((c) => c.status === 'failed' || c.status === 'errored');

/** A failing case as a rerun target; its file from its frame when the report names none (jest-junit). */
function toTarget(c: TestCase, frames: readonly FailureFrame[], root: string, fileLevel: Set<string>): RerunTarget {
  const file = c.file ?? frames.find((f) => f.id === c.id && f.test?.file)?.test?.file;
  return {
    ...(fileLevel.has(c.id) ? { wholeFile: true } : {}),
    id: c.id,
    name: c.name,
    classname: c.classname,
    // Frames name files from the root; targets are read from the test command's directory.
    file: c.file ?? (file === undefined ? undefined : path.resolve(root, file)),
    dialect: c.source?.dialect,
    suite: c.suite,
  };
}

function emptySummary(): TestRunSummary {
  return { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0 };
}

function framesFor(evidence: Evidence, ids: ReadonlySet<string>): FailureFrame[] {
  const own = evidence.frames.filter((f) => ids.has(f.id));
  // Frames keyed differently (log-only failures) are still the best context there is.
  return own.length > 0 ? own : evidence.frames;
}

async function freshReports(input: BaselineInput): Promise<string[] | null> {
  if (input.mode === 'run') return null;
  const reports = await input.runs.existingReports();
  if (reports.length === 0) return null;
  if (input.mode === 'reuse') return reports;
  if (input.headTime === null) return null;
  const fresh = reports.every((f) => {
    try {
      return lstatSync(f).mtimeMs > input.headTime!;
    } catch {
      return false;
    }
  });
  return fresh ? reports : null;
}

function describeJUnitHelp(junit: readonly string[]): string {
  const where = junit.length ? `matching ${junit.join(', ')}` : '(no --junit glob was given)';
  return `no JUnit report ${where} was written. self-heal needs JUnit XML to know which tests fail: configure the runner to write it (pytest --junitxml=reports/junit.xml, node --test --test-reporter=junit --test-reporter-destination=reports/junit.xml, vitest --reporter=junit --outputFile=reports/junit.xml, …) and pass its path with --junit`;
}

/** The failing tests' evidence, and where it came from. */
interface Observed {
  evidence: Evidence;
  source: 'reports' | 'run';
  fullRunMs: number;
}

/** What the targeted rerun of the failing tests confirmed. */
interface Confirmation {
  /** What the targets are judged against: the observation, or the full run that replaced it. */
  observed: Observed;
  /** The tests that still fail: the fail-to-pass targets. */
  targets: RerunTarget[];
  /** The tests that passed when rerun. */
  flaky: string[];
  /** The failing tests that did not run when rerun, even with the full command. */
  notRun: string[];
  /** The failing tests the rerun was of. */
  tried: RerunTarget[];
  targetedRunMs?: number;
  /** The observation's evidence and the confirmation's, for `reproduction.ts`. */
  runs: RunEvidence[];
}

/** Fresh reports, or else a full run; then a rerun of its failures (see the file comment). */
export async function establishBaseline(input: BaselineInput): Promise<Baseline> {
  const rerun = createTargetedRuns({ runs: input.runs, logger: input.logger, testCommand: input.testCommand });
  const observed = (await reuseReports(input)) ?? (await runFullBaseline(input));
  if ('kind' in observed) return observed;
  const confirmation = await confirmFailures(input, observed, rerun);
  const settled = settleBaseline(input, confirmation, rerun);
  return rerun.fallback ? { ...settled, rerunFallback: rerun.fallback } : settled;
}

/** The step's own reports, when they are fresh (see the file comment) and show a failing test. */
async function reuseReports(input: BaselineInput): Promise<Observed | undefined> {
  const { logger } = input;
  const reports = await freshReports(input);
  if (!reports) return undefined;
  const junit = reports.map((f) => escapePath(path.relative(input.root, f).split(path.sep).join('/')));
  const evidence = await input.collect({ root: input.root, junit, log: input.log });
  if (failing(evidence.run.cases).length === 0) {
    logger.info(`no failing test in the step's ${plural(reports.length, 'report')}; running the test command`);
    return undefined;
  }
  logger.info(
    `reusing the step's ${plural(reports.length, 'fresh report')}: ${plural(countFailingTests(evidence.run.cases, evidence.frames), 'failing test')}`,
  );
  const fullRunMs = evidence.run.cases.reduce((n, c) => n + (c.durationMs ?? 0), 0);
  return { evidence, source: 'reports', fullRunMs };
}

/** A command as typed at the repository root: into the test command's directory first, when that is another. */
export function fromRoot(input: Pick<BaselineInput, 'root' | 'cwd'>, command: string): string {
  const rel = input.cwd === undefined ? '' : path.relative(input.root, input.cwd).split(path.sep).join('/');
  return rel === '' || rel.startsWith('..') ? command : `cd ${shellQuote(rel)} && ${command}`;
}

function stop(result: HealResult, reason: string, summary: TestRunSummary, frames: FailureFrame[]): Baseline {
  return { kind: 'stop', result, reason, summary, frames, flaky: [] };
}

/**
 * The command failed and wrote no test report. When compilers, type checkers, linters or
 * formatters said why, the build failed before the tests ran, and the reason says so (with the
 * diagnostics in the report); otherwise the report is missing, and the reason says how to write it.
 */
function noTestRan(
  input: BaselineInput,
  run: { exitCode: number | null; output: string },
  evidence: Evidence,
): Baseline {
  const exit = `exit ${run.exitCode ?? 'killed'}`;
  const build = describeBuildFailure(evidence.diagnostics ?? []);
  if (!build) {
    return stop(
      'config-error',
      `the test command failed (${exit}), but ${describeJUnitHelp(input.junit)}. Output (last lines):\n${outputTail(run.output)}`,
      emptySummary(),
      evidence.frames,
    );
  }
  const stopped = stop(
    'config-error',
    `the build failed before the tests ran (${exit}): ${build}. self-heal repairs failing tests; it does not repair a build that fails before them`,
    emptySummary(),
    evidence.frames,
  );
  return { ...stopped, diagnostics: evidence.diagnostics };
}

/** The full test command; it stops the run when it times out, writes no report, or shows no failing test. */
async function runFullBaseline(input: BaselineInput): Promise<Observed | Baseline> {
  const { logger } = input;
  logger.info(`running the test command: ${input.testCommand}`);
  const run = await input.runs.full('baseline');
  const evidence = run.evidence;
  logger.info(
    `baseline: exit ${run.exitCode ?? 'killed'} in ${(run.durationMs / 1000).toFixed(1)}s, ${plural(evidence.summary.total, 'test')}, ${countFailingTests(evidence.run.cases, evidence.frames)} failing`,
  );
  if (run.timedOut) {
    const seconds = Math.round(run.durationMs / 1000);
    const [result, what] = run.budgetCut
      ? (['budget-exhausted', `the time budget (--max-seconds) ran out after ${seconds}s`] as const)
      : (['unhealed', `the test command timed out after ${seconds}s (--timeout)`] as const);
    return stop(result, `${what} at baseline: ${describeUnfinished(run.output)}`, evidence.summary, evidence.frames);
  }
  if (evidence.run.cases.length === 0) {
    if (run.exitCode === 0)
      return stop('nothing-to-heal', 'the test command passed (and wrote no test report)', emptySummary(), []);
    return noTestRan(input, run, evidence);
  }
  if (failing(evidence.run.cases).length === 0) {
    if (run.exitCode === 0)
      return stop(
        'nothing-to-heal',
        `${plural(evidence.summary.total, 'test')} ran and none failed`,
        evidence.summary,
        [],
      );
    return stop(
      'unhealed',
      `the test command exited with ${run.exitCode ?? 'a signal'}, but its reports show no failing test; self-heal repairs failing tests only. Output (last lines):\n${outputTail(run.output)}`,
      evidence.summary,
      evidence.frames,
    );
  }
  return { evidence, source: 'run', fullRunMs: run.durationMs };
}

/**
 * A rerun of the failing tests: a failure that passes on it is flaky, and not a target; one that
 * did not run is not reproduced. A full run with no targeted form of its failures is its own
 * confirmation (the same command is not run twice).
 */
async function confirmFailures(input: BaselineInput, observed: Observed, rerun: TargetedRuns): Promise<Confirmation> {
  const { runs, logger } = input;
  const { frames } = observed.evidence;
  const fileLevel = fileLevelIds(observed.evidence.run.cases);
  const targets = failing(observed.evidence.run.cases).map((c) => toTarget(c, frames, input.root, fileLevel));
  const plan = runs.plan(targets);
  const first = observedRun(observed);
  if (!plan.targeted && !runs.plan(targets, 'files').targeted && observed.source === 'run') {
    rerun.useFull(plan.reason ?? 'no targeted form');
    return { observed, targets, flaky: [], notRun: [], tried: targets, runs: [first] };
  }
  const how = plan.targeted ? `a targeted rerun: ${plan.display}` : `the full test command (${plan.reason})`;
  logger.info(`confirming ${plural(targets.length, 'failure')} with ${how}`);
  const baseline = new Map(observed.evidence.run.cases.map((c) => [c.id, c]));
  const confirm = await rerun.run(targets, 'confirm', baseline);
  const targetedRunMs = confirm.level === 'full' ? undefined : confirm.durationMs;
  if (confirm.timedOut)
    return { observed, targets, flaky: [], notRun: [], tried: targets, targetedRunMs, runs: [first] };
  // The full command confirmed reused reports: its run is the baseline (this machine's, every test).
  const replaced = confirm.level === 'full' && observed.source === 'reports';
  const now: Observed = replaced
    ? { evidence: confirm.evidence, source: 'run', fullRunMs: confirm.durationMs }
    : observed;
  const notRun = new Set(confirm.notRun);
  if (notRun.size > 0) {
    logger.warn(
      `${plural(notRun.size, 'failing test')} did not run when rerun, even with the full test command, and ${notRun.size === 1 ? 'is' : 'are'} not reproduced: ${[...notRun].slice(0, 5).join(', ')}`,
    );
  }
  const index = new CaseIndex(confirm.cases);
  const flaky: string[] = [];
  const still: RerunTarget[] = [];
  for (const t of targets) {
    if (notRun.has(t.id)) continue;
    if (index.outcome(t.id, baseline.get(t.id)).outcome === 'passed') flaky.push(t.id);
    else still.push(t);
  }
  if (replaced) {
    // Failures of the full run the reports did not show are targets too (they fail here).
    const known = new Set(targets.map((t) => t.id));
    const more = fileLevelIds(confirm.cases);
    for (const c of failing(confirm.cases))
      if (!known.has(c.id)) still.push(toTarget(c, confirm.frames, input.root, more));
  }
  const confirmed: RunEvidence = { label: 'the confirmation', cases: confirm.cases, frames: confirm.frames };
  return {
    observed: now,
    targets: still,
    flaky,
    notRun: [...notRun],
    tried: targets,
    targetedRunMs,
    runs: [first, confirmed],
  };
}

/** The observation as evidence: the CI run's reports, or the baseline's own full run. */
function observedRun(observed: Observed): RunEvidence {
  const label = observed.source === 'reports' ? 'CI' : 'the baseline run';
  return { label, cases: observed.evidence.run.cases, frames: observed.evidence.frames };
}

/** Nothing reproduced: stop with `not-reproduced`; otherwise the targets and what verifies them. */
function settleBaseline(input: BaselineInput, confirmation: Confirmation, rerun: TargetedRuns): Baseline {
  const { evidence } = confirmation.observed;
  const { targets, flaky, notRun } = confirmation;
  const baselineCases = evidence.run.cases;
  if (targets.length === 0) {
    const passed = flaky.length > 0 ? `${plural(flaky.length, 'failing test')} passed when rerun` : '';
    const ran = notRun.length > 0 ? `${plural(notRun.length, 'failing test')} did not run when rerun` : '';
    return {
      kind: 'stop',
      result: 'not-reproduced',
      reason: `${[passed, ran].filter(Boolean).join(' and ')}: the failure is flaky or depends on the environment, so nothing was edited`,
      summary: evidence.summary,
      frames: evidence.frames,
      flaky,
      reproduce: fromRoot(input, rerun.display(confirmation.tried)),
      runs: confirmation.runs,
      tried: confirmation.tried,
    };
  }
  if (flaky.length > 0)
    input.logger.info(
      `${plural(flaky.length, 'test')} passed on rerun and ${flaky.length === 1 ? 'is' : 'are'} treated as flaky: ${flaky.slice(0, 5).join(', ')}`,
    );
  const flakySet = new Set(flaky);
  return {
    kind: 'ready',
    summary: evidence.summary,
    frames: framesFor(evidence, new Set(targets.map((t) => t.id))),
    ...(evidence.diagnostics?.length ? { diagnostics: evidence.diagnostics } : {}),
    flaky,
    targets,
    expectations: {
      failToPass: targets.map((t) => t.id),
      passToPass: baselineCases.filter((c) => c.status === 'passed' && !flakySet.has(c.id)).map((c) => c.id),
      baseline: new Map(baselineCases.map((c) => [c.id, c])),
      flaky,
      fileLevel: new Set(targets.filter((t) => t.wholeFile).map((t) => t.id)),
    },
    rerun,
    fullRunMs: confirmation.observed.fullRunMs,
    targetedRunMs: confirmation.targetedRunMs,
    source: confirmation.observed.source,
    reproduce: fromRoot(input, rerun.display(targets)),
    runs: confirmation.runs,
    tried: confirmation.tried,
  };
}

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
 * When the targeted rerun cannot find the tests (an unusual runner wrapper), the loop verifies with
 * the full command instead and says so.
 */
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { escapePath } from 'tinyglobby';
import type { FailureFrame } from '../contracts/failure-frame.js';
import type { Logger } from '../contracts/logger.js';
import type { TestCase, TestRunSummary } from '../reports/test-run.js';
import type { HealResult } from '../contracts/heal-report.js';
import type { RerunPlan, RerunTarget } from './rerun.js';
import type { CollectEvidence, Evidence, TestRuns } from './test-runs.js';
import { outputTail, type Expectations } from './verdict.js';
import { plural } from '../text/format.js';

export type BaselineMode = 'auto' | 'reuse' | 'run';

export interface BaselineInput {
  runs: TestRuns;
  collect: CollectEvidence;
  root: string;
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
  flaky: string[];
  reproduce?: string;
}

export type Baseline =
  | (Common & {
      kind: 'ready';
      targets: RerunTarget[];
      expectations: Expectations;
      /** False when verification must use the full command (targeted reruns did not find the tests). */
      targetedWorks: boolean;
      fullRunMs: number;
      targetedRunMs?: number;
      source: 'reports' | 'run';
    })
  | (Common & { kind: 'stop'; result: HealResult; reason: string });

const failing = (cases: readonly TestCase[]) => cases.filter((c) => c.status === 'failed' || c.status === 'errored');

function toTarget(c: TestCase): RerunTarget {
  return { id: c.id, name: c.name, classname: c.classname, file: c.file, dialect: c.source?.dialect };
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
  /** The tests that still fail: the fail-to-pass targets. */
  targets: RerunTarget[];
  /** The tests that passed when rerun. */
  flaky: string[];
  plan: RerunPlan;
  targetedWorks: boolean;
  targetedRunMs?: number;
  /** Reused reports only (a run is its own confirmation): they must be confirmed by the full command. */
  needsFullRun: boolean;
}

/**
 * Fresh reports → confirm their failures, or else (no fresh report showing a failure, or one the
 * targeted rerun cannot confirm) a full run → confirm its failures.
 */
export async function establishBaseline(input: BaselineInput): Promise<Baseline> {
  const reused = await reuseReports(input);
  let foundNothing: RerunPlan | undefined;
  if (reused) {
    const confirmation = await confirmFailures(input, reused);
    if (!confirmation.needsFullRun) return settleBaseline(input, reused, confirmation);
    // The reports cannot be confirmed by a targeted rerun: the baseline starts again from a full run.
    if (confirmation.plan.targeted) foundNothing = confirmation.plan;
  }
  const ran = await runFullBaseline(input);
  if ('kind' in ran) return ran;
  return settleBaseline(input, ran, await confirmFailures(input, ran, foundNothing));
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
    `reusing the step's ${plural(reports.length, 'fresh report')}: ${plural(failing(evidence.run.cases).length, 'failing test')}`,
  );
  const fullRunMs = evidence.run.cases.reduce((n, c) => n + (c.durationMs ?? 0), 0);
  return { evidence, source: 'reports', fullRunMs };
}

function stop(result: HealResult, reason: string, summary: TestRunSummary, frames: FailureFrame[]): Baseline {
  return { kind: 'stop', result, reason, summary, frames, flaky: [] };
}

/** The full test command; it stops the run when it times out, writes no report, or shows no failing test. */
async function runFullBaseline(input: BaselineInput): Promise<Observed | Baseline> {
  const { logger } = input;
  logger.info(`running the test command: ${input.testCommand}`);
  const run = await input.runs.full('baseline');
  const evidence = run.evidence;
  logger.info(
    `baseline: exit ${run.exitCode ?? 'killed'} in ${(run.durationMs / 1000).toFixed(1)}s, ${plural(evidence.summary.total, 'test')}, ${failing(evidence.run.cases).length} failing`,
  );
  if (run.timedOut) {
    return stop(
      'unhealed',
      `the test command timed out after ${Math.round(run.durationMs / 1000)}s at baseline; raise --timeout`,
      evidence.summary,
      evidence.frames,
    );
  }
  if (evidence.run.cases.length === 0) {
    if (run.exitCode === 0)
      return stop('nothing-to-heal', 'the test command passed (and wrote no test report)', emptySummary(), []);
    return stop(
      'config-error',
      `the test command failed (exit ${run.exitCode ?? 'killed'}), but ${describeJUnitHelp(input.junit)}. Output (last lines):\n${outputTail(run.output)}`,
      emptySummary(),
      evidence.frames,
    );
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
 * A targeted rerun of the failing tests: a failure that passes on it is flaky, and not a target.
 * `foundNothing`: a rerun of the reused reports' failures that ran no test; the very same command is
 * not run again (the full run is then the confirmation, as when there is no targeted form).
 */
async function confirmFailures(
  input: BaselineInput,
  observed: Observed,
  foundNothing?: RerunPlan,
): Promise<Confirmation> {
  const { runs, logger } = input;
  const baselineCases = observed.evidence.run.cases;
  const targets = failing(baselineCases).map(toTarget);
  const plan = runs.plan(targets);
  const fromReports = observed.source === 'reports';
  if (foundNothing && plan.targeted && plan.display === foundNothing.display) {
    return { targets, flaky: [], plan, targetedWorks: false, needsFullRun: false };
  }
  if (!plan.targeted) {
    // No targeted form: the full command is the confirmation.
    if (fromReports) logger.info(`no targeted rerun (${plan.reason}); confirming with the full test command`);
    return { targets, flaky: [], plan, targetedWorks: false, needsFullRun: fromReports };
  }
  logger.info(`confirming ${plural(targets.length, 'failure')} with a targeted rerun: ${plan.display}`);
  const confirm = await runs.targeted(targets, 'confirm');
  const confirmed = { plan, targetedRunMs: confirm.durationMs };
  const byId = new Map(confirm.cases.map((c) => [c.id, c]));
  const byName = new Map(confirm.cases.map((c) => [`${c.classname ?? c.suite}\u0000${c.name}`, c]));
  const found = targets.map(
    (t) =>
      byId.get(t.id) ?? byName.get(`${t.classname ?? baselineCases.find((c) => c.id === t.id)?.suite}\u0000${t.name}`),
  );
  if (confirm.timedOut) return { ...confirmed, targets, flaky: [], targetedWorks: true, needsFullRun: false };
  if (found.every((c) => c === undefined)) {
    logger.warn(
      `the targeted rerun did not run the failing tests (${plan.display}); verifying with the full test command instead${input.junit.length ? '' : ' (no --junit glob)'}`,
    );
    return { ...confirmed, targets, flaky: [], targetedWorks: false, needsFullRun: fromReports };
  }
  const flaky: string[] = [];
  const still: RerunTarget[] = [];
  targets.forEach((t, i) => {
    const c = found[i];
    if (c && c.status === 'passed') flaky.push(t.id);
    else still.push(t);
  });
  return { ...confirmed, targets: still, flaky, targetedWorks: true, needsFullRun: false };
}

/** Nothing reproduced: stop with `not-reproduced`; otherwise the targets and what verifies them. */
function settleBaseline(input: BaselineInput, observed: Observed, confirmation: Confirmation): Baseline {
  const { evidence } = observed;
  const { targets, flaky, plan, targetedWorks } = confirmation;
  const baselineCases = evidence.run.cases;
  if (targets.length === 0) {
    return {
      kind: 'stop',
      result: 'not-reproduced',
      reason: `${plural(flaky.length, 'failing test')} passed when rerun: the failure is flaky or depends on the environment, so nothing was edited`,
      summary: evidence.summary,
      frames: evidence.frames,
      flaky,
      reproduce: plan.display,
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
    flaky,
    targets,
    expectations: {
      failToPass: targets.map((t) => t.id),
      passToPass: baselineCases.filter((c) => c.status === 'passed' && !flakySet.has(c.id)).map((c) => c.id),
      baseline: new Map(baselineCases.map((c) => [c.id, c])),
      flaky,
    },
    targetedWorks,
    fullRunMs: observed.fullRunMs,
    targetedRunMs: confirmation.targetedRunMs,
    source: observed.source,
    reproduce: targetedWorks ? input.runs.plan(targets).display : input.testCommand,
  };
}

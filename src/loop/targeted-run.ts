/**
 * A targeted rerun that counts only the tests that ran. After each rerun every target is looked up
 * in its report: one that is missing, or skipped, did not run (a name filter that selected nothing,
 * a wrapper that dropped the arguments). Then the rerun is made again with the runner's file-level
 * form (the targets' files, no name filter), then with the full test command, until every target
 * ran. The level that ran them is kept for every later rerun, and why targeting fell back is said
 * once, in the log and in the report (`rerunFallback`). When even the full command does not run a
 * target, the outcome says which did not run; the level stays (the change, not the targeting, is
 * then the likely cause).
 */
import type { Logger } from '../contracts/logger.js';
import type { RerunFallback } from '../contracts/heal-report.js';
import type { TestCase } from '../reports/test-run.js';
import { plural } from '../text/format.js';
import { oneLine } from '../text/untrusted-text.js';
import type { RerunPlan, RerunTarget } from './rerun.js';
import type { TestRunResult, TestRuns } from './test-runs.js';
import { CaseIndex } from './verdict.js';

export type RerunLevel = 'tests' | 'files' | 'full';

const LEVELS: readonly RerunLevel[] = ['tests', 'files', 'full'];

export interface TargetedOutcome extends TestRunResult {
  /** The level of the run this outcome is. */
  level: RerunLevel;
  /** Ids of the targets that did not run even at that level. */
  notRun: string[];
}

export interface TargetedRuns {
  /**
   * Rerun `targets`, falling back as far as it takes for every one of them to run; `baseline`: the
   * cases they were read from (their class and name when an id drifted, their files).
   */
  run(
    targets: readonly RerunTarget[],
    label: string,
    baseline: ReadonlyMap<string, TestCase>,
    options?: TargetedRunOptions,
  ): Promise<TargetedOutcome>;
  /** No targeted form at all: every rerun is the full command, for this reason. */
  useFull(reason: string): void;
  /** The level reruns start at now. */
  readonly level: RerunLevel;
  /** Why reruns no longer start at the tests, once they fell back (or never could target). */
  readonly fallback: RerunFallback | undefined;
  /** What the next rerun of these targets runs, for "reproduce with". */
  display(targets: readonly RerunTarget[]): string;
}

export interface TargetedRunOptions {
  /** Stop at the first failing test. */
  failFast?: boolean;
  /** A timeout of the targeted levels' own (the full command keeps the heal's). */
  timeoutMs?: number;
}

export interface TargetedRunsInput {
  runs: TestRuns;
  logger: Logger;
  testCommand: string;
}

/** The targets that did not run: missing from the run's report, or skipped. */
export function targetsNotRun(
  targets: readonly RerunTarget[],
  cases: readonly TestCase[],
  baseline: ReadonlyMap<string, TestCase>,
): string[] {
  const index = new CaseIndex(cases);
  return targets
    .filter((t) => {
      const { outcome } = index.outcome(t.id, baseline.get(t.id) ?? asCase(t), t.wholeFile);
      return outcome === 'missing' || outcome === 'skipped';
    })
    .map((t) => t.id);
}

/** Whether a target failed in the run. */
function someFailed(
  targets: readonly RerunTarget[],
  cases: readonly TestCase[],
  baseline: ReadonlyMap<string, TestCase>,
): boolean {
  const index = new CaseIndex(cases);
  return targets.some((t) => index.outcome(t.id, baseline.get(t.id) ?? asCase(t), t.wholeFile).outcome === 'failed');
}

function asCase(t: RerunTarget): TestCase {
  return {
    id: t.id,
    name: t.name,
    suite: t.suite ?? '',
    status: 'failed',
    ...(t.classname !== undefined ? { classname: t.classname } : {}),
    ...(t.file !== undefined ? { file: t.file } : {}),
    ...(t.dialect !== undefined ? { source: { report: '', dialect: t.dialect } } : {}),
  };
}

/** The plan of each level from `start` down (undefined: none, or the same as the level before). */
function levelPlans(
  start: RerunLevel,
  planAt: (at: RerunLevel, previous?: RerunPlan) => RerunPlan | undefined,
): Map<RerunLevel, RerunPlan | undefined> {
  const plans = new Map<RerunLevel, RerunPlan | undefined>();
  let previous: RerunPlan | undefined;
  for (const at of LEVELS.slice(LEVELS.indexOf(start))) {
    const plan = planAt(at, previous);
    plans.set(at, plan);
    if (plan) previous = plan;
  }
  return plans;
}

export function createTargetedRuns(input: TargetedRunsInput): TargetedRuns {
  const { runs, logger } = input;
  let level: RerunLevel = 'tests';
  let fallback: RerunFallback | undefined;

  /** The plan of a level below full; undefined when it has none or it is the one before it. */
  const planAt = (
    targets: readonly RerunTarget[],
    at: RerunLevel,
    previous?: RerunPlan,
    failFast?: boolean,
  ): RerunPlan | undefined => {
    if (at === 'full') return undefined;
    const plan = runs.plan(targets, at, failFast);
    if (!plan.targeted || (at === 'files' && plan.scope !== 'files')) return undefined;
    return previous && previous.display === plan.display ? undefined : plan;
  };

  const fellBack = (to: Exclude<RerunLevel, 'tests'>, reason: string): void => {
    level = to;
    if (fallback) return;
    fallback = { level: to, reason };
    logger.warn(`targeted reruns fall back to ${describeLevel(to, input.testCommand)}: ${reason}`);
  };

  const run = async (
    targets: readonly RerunTarget[],
    label: string,
    baseline: ReadonlyMap<string, TestCase>,
    options: TargetedRunOptions = {},
  ): Promise<TargetedOutcome> => {
    const start = level;
    const plans = levelPlans(start, (at, previous) => planAt(targets, at, previous, options.failFast));
    // Why a level was passed over or did not run every target: the first reason is the one told.
    let why: string | undefined =
      start === 'tests' && !plans.get('tests') ? (runs.plan(targets, 'tests').reason ?? 'no targeted form') : undefined;
    let outcome: TargetedOutcome | undefined;
    // The outcome's duration is that of every run it took, so timings and budgets see the fallbacks.
    let spentMs = 0;
    for (const [at, plan] of plans) {
      if (at !== 'full' && !plan) continue;
      const name = at === start ? label : `${label}-${at}`;
      const extra = options.timeoutMs === undefined ? undefined : { timeoutMs: options.timeoutMs };
      const result = plan ? await runs.run(plan, name, extra) : await runs.full(name);
      spentMs += result.durationMs;
      // A run that timed out or touched what judges it is a verdict, not a targeting problem.
      const judged =
        result.timedOut ||
        (result.gitDirWrites?.length ?? 0) > 0 ||
        (result.verdictWrites?.length ?? 0) > 0 ||
        result.untrustedReport !== undefined;
      const notRun = judged ? [] : targetsNotRun(targets, result.cases, baseline);
      outcome = { ...result, durationMs: spentMs, level: at, notRun, ...(at === 'full' ? { fullRun: true } : {}) };
      // A run that stops at its first failure leaves the rest unrun, as asked: a failure decides.
      if (notRun.length === 0 || (options.failFast && someFailed(targets, result.cases, baseline))) {
        if (at !== 'tests' && at !== start) fellBack(at, why!);
        return outcome;
      }
      why ??= describeNotRun(notRun, targets.length, plan?.display ?? input.testCommand);
    }
    // Only the full command could run them, and it did not: the change, not the targeting, is to blame.
    if (start === 'tests' && [...plans.values()].every((p) => p === undefined)) fellBack('full', why!);
    return outcome!;
  };

  return {
    run,
    useFull: (reason) => fellBack('full', reason),
    get level() {
      return level;
    },
    get fallback() {
      return fallback;
    },
    display: (targets) => {
      const plan = level === 'full' ? undefined : planAt(targets, level);
      return plan?.display ?? input.testCommand;
    },
  };
}

function describeLevel(level: RerunLevel, testCommand: string): string {
  return level === 'files' ? "the targets' test files" : `the full test command (${oneLine(testCommand, 120)})`;
}

function describeNotRun(notRun: readonly string[], total: number, command: string): string {
  const shown = notRun.slice(0, 3).map((id) => oneLine(id, 120));
  const more = notRun.length > shown.length ? `, … (${notRun.length - shown.length} more)` : '';
  return `${notRun.length} of ${plural(total, 'target')} did not run (missing from the report or skipped) with \`${oneLine(command, 200)}\`: ${shown.join(', ')}${more}`;
}

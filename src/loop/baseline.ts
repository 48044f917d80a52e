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
import type { RerunTarget } from './rerun.js';
import type { CollectEvidence, Evidence, TestRuns } from './test-runs.js';
import { outputTail, type Expectations } from './verdict.js';

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

export async function establishBaseline(input: BaselineInput): Promise<Baseline> {
  const { runs, logger } = input;
  let evidence: Evidence | undefined;
  let source: 'reports' | 'run' = 'reports';
  let fullRunMs = 0;
  let forceFull = false;

  const reports = await freshReports(input);
  if (reports) {
    const junit = reports.map((f) => escapePath(path.relative(input.root, f).split(path.sep).join('/')));
    evidence = await input.collect({ root: input.root, junit, log: input.log });
    if (failing(evidence.run.cases).length === 0) {
      logger.info(`the step's ${reports.length} report(s) show no failing test; running the test command`);
      evidence = undefined;
    } else {
      logger.info(
        `reusing the step's ${reports.length} fresh report(s): ${failing(evidence.run.cases).length} failing test(s)`,
      );
      fullRunMs = evidence.run.cases.reduce((n, c) => n + (c.durationMs ?? 0), 0);
    }
  }

  for (;;) {
    if (!evidence || forceFull) {
      source = 'run';
      logger.info(`running the test command: ${input.testCommand}`);
      const run = await runs.full('baseline');
      evidence = run.evidence;
      fullRunMs = run.durationMs;
      logger.info(
        `baseline: exit ${run.exitCode ?? 'killed'} in ${(run.durationMs / 1000).toFixed(1)}s, ${evidence.summary.total} test(s), ${failing(evidence.run.cases).length} failing`,
      );
      if (run.timedOut) {
        return {
          kind: 'stop',
          result: 'unhealed',
          reason: `the test command timed out after ${Math.round(run.durationMs / 1000)}s at baseline; raise --timeout`,
          summary: evidence.summary,
          frames: evidence.frames,
          flaky: [],
        };
      }
      if (evidence.run.cases.length === 0) {
        if (run.exitCode === 0)
          return {
            kind: 'stop',
            result: 'nothing-to-heal',
            reason: 'the test command passed (and wrote no test report)',
            summary: emptySummary(),
            frames: [],
            flaky: [],
          };
        return {
          kind: 'stop',
          result: 'config-error',
          reason: `the test command failed (exit ${run.exitCode ?? 'killed'}), but ${describeJUnitHelp(input.junit)}. Output (last lines):\n${outputTail(run.output)}`,
          summary: emptySummary(),
          frames: evidence.frames,
          flaky: [],
        };
      }
      if (failing(evidence.run.cases).length === 0) {
        if (run.exitCode === 0)
          return {
            kind: 'stop',
            result: 'nothing-to-heal',
            reason: `all ${evidence.summary.total} test(s) pass`,
            summary: evidence.summary,
            frames: [],
            flaky: [],
          };
        return {
          kind: 'stop',
          result: 'unhealed',
          reason: `the test command exited with ${run.exitCode ?? 'a signal'}, but its reports show no failing test; self-heal repairs failing tests only. Output (last lines):\n${outputTail(run.output)}`,
          summary: evidence.summary,
          frames: evidence.frames,
          flaky: [],
        };
      }
    }

    const baselineCases = evidence.run.cases;
    let targets = failing(baselineCases).map(toTarget);
    const plan = runs.plan(targets);
    let targetedWorks = plan.targeted;
    let targetedRunMs: number | undefined;
    const flaky: string[] = [];

    if (plan.targeted) {
      logger.info(`confirming ${targets.length} failure(s) with a targeted rerun: ${plan.display}`);
      const confirm = await runs.targeted(targets, 'confirm');
      targetedRunMs = confirm.durationMs;
      const byId = new Map(confirm.cases.map((c) => [c.id, c]));
      const byName = new Map(confirm.cases.map((c) => [`${c.classname ?? c.suite}\u0000${c.name}`, c]));
      const found = targets.map(
        (t) =>
          byId.get(t.id) ??
          byName.get(`${t.classname ?? baselineCases.find((c) => c.id === t.id)?.suite}\u0000${t.name}`),
      );
      if (!confirm.timedOut && found.every((c) => c === undefined)) {
        targetedWorks = false;
        logger.warn(
          `the targeted rerun did not run the failing tests (${plan.display}); verifying with the full test command instead${input.junit.length ? '' : ' (no --junit glob)'}`,
        );
        if (source === 'reports') {
          forceFull = true;
          continue;
        }
      } else if (!confirm.timedOut) {
        const still: RerunTarget[] = [];
        targets.forEach((t, i) => {
          const c = found[i];
          if (c && c.status === 'passed') flaky.push(t.id);
          else still.push(t);
        });
        targets = still;
      }
    } else if (source === 'reports') {
      // No targeted form: the full command is the confirmation.
      logger.info(`no targeted rerun (${plan.reason}); confirming with the full test command`);
      forceFull = true;
      continue;
    }

    const ids = new Set(targets.map((t) => t.id));
    const frames = framesFor(evidence, ids);
    if (targets.length === 0) {
      return {
        kind: 'stop',
        result: 'not-reproduced',
        reason: `${flaky.length} failing test(s) passed when rerun: the failure is flaky or depends on the environment, so nothing was edited`,
        summary: evidence.summary,
        frames: evidence.frames,
        flaky,
        reproduce: plan.display,
      };
    }
    if (flaky.length > 0)
      logger.info(`${flaky.length} test(s) passed on rerun and are treated as flaky: ${flaky.slice(0, 5).join(', ')}`);
    const flakySet = new Set(flaky);
    return {
      kind: 'ready',
      summary: evidence.summary,
      frames,
      flaky,
      targets,
      expectations: {
        failToPass: targets.map((t) => t.id),
        passToPass: baselineCases.filter((c) => c.status === 'passed' && !flakySet.has(c.id)).map((c) => c.id),
        baseline: new Map(baselineCases.map((c) => [c.id, c])),
        flaky,
      },
      targetedWorks,
      fullRunMs,
      targetedRunMs,
      source,
      reproduce: targetedWorks ? runs.plan(targets).display : input.testCommand,
    };
  }
}

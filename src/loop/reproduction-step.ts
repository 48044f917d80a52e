/**
 * The step between the baseline (and the recorded run) and the first attempt: whether the failures
 * reproduce as themselves, reliably (`reproduction.ts`), and which of them point at the environment
 * (`environment-causes.ts`), said in the log before any attempt. It narrows the baseline to the tests
 * left to heal, or stops the run with `not-reproduced` when none is left, and hands the loop what it
 * learnt about flakiness (`flake-watch.ts`). A baseline that already stopped because the failures
 * passed when rerun gets the same account (counts, the quarantine advice), with no further run.
 *
 * Whether to attempt after an environment cause: yes. The cause is read from one line and one
 * message, and a code change can be the honest fix (a default the commit dropped, a host or port it
 * changed, a variable it renamed); the tests judge every attempt as always, and a candidate that
 * makes such a test pass by substituting data for the environment is a special case. Stopping on a
 * wrong reading would leave a correct fix untried; the summary says the cause first either way.
 */
import type { Logger } from '../contracts/logger.js';
import type { Reproduction } from '../contracts/heal-report.js';
import { plural } from '../text/format.js';
import { oneLine } from '../text/untrusted-text.js';
import { fromRoot, type Baseline } from './baseline.js';
import { findEnvironmentCauses } from './environment-causes.js';
import { FlakeWatch } from './flake-watch.js';
import { quarantineAdvice } from './quarantine.js';
import {
  assessReproduction,
  describeStop,
  narrowBaseline,
  reproductionReport,
  type Reproduced,
  type ReproductionInput,
} from './reproduction.js';
import type { RerunTarget } from './rerun.js';
import type { RunEvidence } from './run-tally.js';
import type { TestRuns } from './test-runs.js';

type ReadyBaseline = Extract<Baseline, { kind: 'ready' }>;
type StoppedBaseline = Extract<Baseline, { kind: 'stop' }>;

export interface ReproductionStepInput {
  runs: TestRuns;
  /** What the failing tests did in the recorded run, when it ran. */
  recorded?: RunEvidence;
  /** The test runs' environment: a variable the failing line reads that is missing here is a cause. */
  env: NodeJS.ProcessEnv;
  root: string;
  /** Where the test command runs, when not at `root`: the narrowed `reproduce` goes there first. */
  cwd?: string;
  logger: Logger;
  /** Puts the tree back after the extra reruns. */
  restore: () => void;
  /** The extra reruns' own timeout. */
  rerunTimeoutMs?: number;
}

export interface SettledReproduction {
  baseline: ReadyBaseline;
  flakes: FlakeWatch;
  reproduction: Reproduction;
  /** No test left to heal: the run stops here. */
  stop?: { result: 'not-reproduced'; reason: string };
  /** The extra reruns' time, when there were any. */
  extraMs?: number;
}

/** The tests the confirmation ran that are still in question: the targets and the ones that passed. */
function triedTests(baseline: Baseline, targets: readonly RerunTarget[]): RerunTarget[] {
  const keep = new Set([...targets.map((t) => t.id), ...baseline.flaky]);
  return (baseline.tried ?? [...targets]).filter((t) => keep.has(t.id));
}

function extraRerun(input: ReproductionStepInput, baseline: ReadyBaseline): ReproductionInput['rerun'] {
  const { rerun, expectations } = baseline;
  if (rerun.level === 'full') return undefined;
  const options = input.rerunTimeoutMs === undefined ? {} : { timeoutMs: input.rerunTimeoutMs };
  return async (targets, n) => {
    const outcome = await rerun.run(targets, `reproduce-${n}`, expectations.baseline, options);
    const { cases, frames, timedOut, durationMs } = outcome;
    return {
      label: `rerun ${n}`,
      cases,
      frames,
      timedOut: timedOut || (outcome.gitDirWrites?.length ?? 0) > 0,
      durationMs,
    };
  };
}

/** Environment causes of the tests' failures in any run so far, logged before any attempt. */
function environmentOf(input: ReproductionStepInput, evidence: readonly RunEvidence[], ids: Set<string>) {
  const frames = evidence.flatMap((run) => run.frames.filter((f) => ids.has(f.id)));
  const causes = findEnvironmentCauses(frames, { env: input.env, root: input.root });
  for (const c of causes)
    input.logger.warn(
      `${oneLine(c.test, 200)}: the failure points at the environment: ${c.detail}${c.at ? ` (at ${c.at})` : ''}`,
    );
  return causes;
}

export async function settleReproduction(
  input: ReproductionStepInput,
  baseline: ReadyBaseline,
): Promise<SettledReproduction> {
  const evidence = [...(baseline.runs ?? []), ...(input.recorded ? [input.recorded] : [])];
  const tried = triedTests(baseline, baseline.targets);
  const assessed = await assessReproduction({
    tried,
    targets: baseline.targets,
    baseline: baseline.expectations.baseline,
    runs: evidence,
    rerun: extraRerun(input, baseline),
    logger: input.logger,
  });
  if (assessed.extraRuns > 0) input.restore();
  const environment = environmentOf(input, evidence, new Set(tried.map((t) => t.id)));
  const advice = quarantineAdvice(input.runs.plan(tried).runner);
  const stopped = assessed.targets.length === 0;
  const verdict = !stopped ? 'reproduced' : assessed.differs.length > 0 ? 'fails-differently' : 'flaky';
  const reproduction = reproductionReport(assessed, {
    verdict,
    environment,
    ...(assessed.flaky.length > 0 ? { quarantine: advice } : {}),
  });
  const narrowed = narrowBaseline(baseline, assessed, (t) => fromRoot(input, baseline.rerun.display(t)));
  const flakes = new FlakeWatch({
    targets: assessed.targets,
    baseline: baseline.expectations.baseline,
    unchanged: assessed.tally,
    signs: assessed.signs,
    advice,
  });
  return {
    baseline: narrowed,
    flakes,
    reproduction,
    ...(stopped ? { stop: { result: 'not-reproduced' as const, reason: describeStop(assessed, advice) } } : {}),
    ...(assessed.extraRuns > 0 ? { extraMs: assessed.extraMs } : {}),
  };
}

/**
 * A baseline that stopped because every failing test that ran passed when rerun: its reason with
 * the counts and the quarantine advice, and the report's `reproduction`; undefined for other stops.
 */
export async function reproductionAtStop(
  input: ReproductionStepInput,
  baseline: StoppedBaseline,
): Promise<{ reason: string; reproduction: Reproduction } | undefined> {
  if (baseline.result !== 'not-reproduced' || !baseline.runs || baseline.flaky.length === 0) return undefined;
  const tried = triedTests(baseline, []);
  const cases = new Map(baseline.runs[0]!.cases.map((c) => [c.id, c]));
  const assessed: Reproduced = await assessReproduction({
    tried,
    targets: [],
    baseline: cases,
    runs: baseline.runs,
    logger: input.logger,
  });
  const environment = environmentOf(input, baseline.runs, new Set(tried.map((t) => t.id)));
  const advice = quarantineAdvice(input.runs.plan(tried).runner);
  const notRun = (baseline.tried ?? []).length - tried.length;
  const reason = `${describeStop(assessed, advice)}${notRun > 0 ? `. ${plural(notRun, 'other failing test')} did not run when rerun` : ''}`;
  return { reason, reproduction: reproductionReport(assessed, { verdict: 'flaky', environment, quarantine: advice }) };
}

/**
 * Before the first attempt: do the failures reproduce as themselves, and reliably? Over every run of
 * the unchanged code so far (the CI run, the confirmation, the recorded run: whichever runs supply
 * the evidence, `RunEvidence`), each failing test is
 * - flaky when it passed in any of them: not a target, and nothing is edited for it;
 * - failing differently when a rerun here fails with another exception type or at another
 *   triggering frame than the CI run (`failure-signature.ts`): the environment here differs from
 *   CI's, so a change cannot be judged here; not a target either;
 * - reproduced otherwise.
 * When the runs disagree in any way (a pass, failure messages that differ between runs) and tests
 * are left to heal, they are rerun up to `EXTRA_RERUNS` more times, targeted, before a model call
 * is spent: a pass there makes a test flaky too. Each disagreement is a sign of flakiness the loop
 * keeps (`flake-watch.ts`).
 */
import type { Logger } from '../contracts/logger.js';
import type { ReproducedTest, Reproduction, ReproductionVerdict } from '../contracts/heal-report.js';
import type { TestCase } from '../reports/test-run.js';
import { plural } from '../text/format.js';
import { oneLine } from '../text/untrusted-text.js';
import type { Baseline } from './baseline.js';
import { compareFailures, describeSignature } from './failure-signature.js';
import type { RerunTarget } from './rerun.js';
import { RunTally, type Counts, type RunEvidence } from './run-tally.js';

/** Reruns of the targets when the runs disagree, before the first attempt. */
export const EXTRA_RERUNS = 3;
/** Tests listed in the report's `reproduction`, and signs kept. */
const MAX_REPORTED_TESTS = 50;
const MAX_SIGNS = 10;

export interface ReproductionInput {
  /** Every failing test the confirmation was of: the targets and the ones that passed on it. */
  tried: readonly RerunTarget[];
  /** The targets the baseline kept. */
  targets: readonly RerunTarget[];
  baseline: ReadonlyMap<string, TestCase>;
  /** The unchanged code's runs so far, the CI run's (or the baseline's full run's) first. */
  runs: readonly RunEvidence[];
  /** The `n`th rerun of the targets; absent when only the full test command reruns them (not cheap). */
  rerun?: (targets: readonly RerunTarget[], n: number) => Promise<RunEvidence & { durationMs: number }>;
  logger: Logger;
}

/** A test whose failure here is not the CI run's. */
export interface Difference {
  id: string;
  ci: string;
  here: string;
  /** The run it failed differently in, and the run it is compared with (`CI`, or the baseline's full run). */
  run: string;
  first: string;
}

export interface Reproduced {
  /** The tests left to heal. */
  targets: RerunTarget[];
  /** Tests that passed in some run. */
  flaky: string[];
  differs: Difference[];
  /** Every tried test over the unchanged code's runs. */
  tally: RunTally;
  signs: string[];
  extraRuns: number;
  extraMs: number;
}

interface Classified {
  flaky: Set<string>;
  differs: Map<string, Difference>;
  signs: string[];
}

/** Sorts each test by its runs (see the file comment); `ciLabel` names the run the others are compared with. */
export function classify(tally: RunTally, ids: readonly string[], ciLabel: string): Classified {
  const out: Classified = { flaky: new Set(), differs: new Map(), signs: [] };
  for (const id of ids) {
    const history = tally.history(id);
    const passes = history.filter((o) => o.passed).map((o) => o.run);
    if (passes.length > 0) {
      out.flaky.add(id);
      out.signs.push(`${id} passed without a change (${passes.slice(0, 3).join(', ')})`);
      continue;
    }
    const ci = history.find((o) => o.run === ciLabel)?.failure;
    if (!ci) continue;
    let messageChanged = false;
    for (const o of history) {
      if (o.run === ciLabel || !o.failure) continue;
      const how = compareFailures(ci, o.failure);
      if (how === 'type' || how === 'frame') {
        out.differs.set(id, {
          id,
          ci: describeSignature(ci),
          here: describeSignature(o.failure),
          run: o.run,
          first: ciLabel,
        });
        break;
      }
      if (how === 'message') messageChanged = true;
    }
    if (messageChanged && !out.differs.has(id)) out.signs.push(`${id} failed with a message that changed between runs`);
  }
  return out;
}

/** The runs so far, then the extra reruns when they disagree (see the file comment). */
export async function assessReproduction(input: ReproductionInput): Promise<Reproduced> {
  const tally = new RunTally(input.tried, input.baseline);
  for (const run of input.runs) tally.observe(run);
  const ciLabel = input.runs[0]?.label ?? 'CI';
  const ids = input.targets.map((t) => t.id);
  const triedIds = input.tried.map((t) => t.id);
  let sorted = classify(tally, triedIds, ciLabel);
  const left = () => input.targets.filter((t) => !sorted.flaky.has(t.id) && !sorted.differs.has(t.id));
  let extraRuns = 0;
  let extraMs = 0;
  const disagree = () => sorted.flaky.size > 0 || sorted.signs.length > 0;
  if (input.rerun && left().length > 0 && disagree()) {
    input.logger.info(
      `the runs so far disagree (${oneLine(sorted.signs[0]!, 200)}): rerunning ${plural(left().length, 'failing test')} up to ${EXTRA_RERUNS} more times before any attempt`,
    );
    for (let i = 1; i <= EXTRA_RERUNS && left().length > 0; i++) {
      const run = await input.rerun(left(), i);
      extraRuns++;
      extraMs += run.durationMs;
      tally.observe(run);
      sorted = classify(tally, triedIds, ciLabel);
    }
  }
  logVerdicts(input.logger, tally, sorted, ids);
  return {
    targets: left(),
    flaky: triedIds.filter((id) => sorted.flaky.has(id)),
    differs: [...sorted.differs.values()],
    tally,
    signs: sorted.signs,
    extraRuns,
    extraMs,
  };
}

function logVerdicts(logger: Logger, tally: RunTally, sorted: Classified, ids: readonly string[]): void {
  for (const id of ids) {
    if (sorted.flaky.has(id))
      logger.info(`${oneLine(id, 200)} is flaky: it ${describeCounts(tally.counts(id))} without a change`);
  }
  for (const d of sorted.differs.values()) logger.warn(describeDifference(d));
}

/** "failed 2 of 5 runs". */
export function describeCounts(c: Counts): string {
  return `failed ${c.failed} of ${plural(c.runs, 'run')}`;
}

/** "`KeyError` at a.py:3 in the confirmation, `AssertionError` at t.py:9 in CI". */
function howItDiffers(d: Difference): string {
  return `${d.here} in ${d.run}, ${d.ci} in ${d.first}`;
}

/** Why a different failure is not healed: another environment, or another order of the tests. */
function whyItDiffers(first: string): string {
  return first === 'CI'
    ? "the environment here differs from CI's (the code may not)"
    : 'rerun on its own, it does not fail as in the full run (an order dependency, or the environment)';
}

export function describeDifference(d: Difference): string {
  return `${oneLine(d.id, 200)} fails differently here: ${howItDiffers(d)}. ${capitalise(whyItDiffers(d.first))}, so nothing is edited for it`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The first few of a list, and how many more. */
function some<T>(items: readonly T[], show: (t: T) => string, n = 3): string {
  const shown = items.slice(0, n).map(show);
  return items.length > n ? `${shown.join('; ')}; and ${items.length - n} more` : shown.join('; ');
}

/** The reason of a run that stops because nothing reproduced as itself, reliably. */
export function describeStop(reproduced: Pick<Reproduced, 'flaky' | 'differs' | 'tally'>, advice: string): string {
  const parts: string[] = [];
  if (reproduced.flaky.length > 0) {
    const each = some(reproduced.flaky, (id) => `${oneLine(id, 200)} ${describeCounts(reproduced.tally.counts(id))}`);
    parts.push(
      `flaky: ${each} without a change, so nothing was edited (a change that passes could pass by luck). To quarantine it, ${advice}`,
    );
  }
  const { differs } = reproduced;
  if (differs.length > 0)
    parts.push(
      `${some(differs, (d) => `${oneLine(d.id, 200)} fails differently here: ${howItDiffers(d)}`)}. ${capitalise(whyItDiffers(differs[0]!.first))}, so nothing was edited`,
    );
  return parts.join('. ');
}

/** The report's `reproduction` (bounded). */
export function reproductionReport(
  reproduced: Pick<Reproduced, 'flaky' | 'differs' | 'tally' | 'signs' | 'extraRuns'>,
  extra: Pick<Reproduction, 'environment' | 'quarantine'> & { verdict: ReproductionVerdict },
): Reproduction {
  const differs = new Map(reproduced.differs.map((d) => [d.id, d]));
  const flaky = new Set(reproduced.flaky);
  const tests: ReproducedTest[] = reproduced.tally.targets.slice(0, MAX_REPORTED_TESTS).map(({ id }) => {
    const d = differs.get(id);
    const verdict: ReproductionVerdict = flaky.has(id) ? 'flaky' : d ? 'fails-differently' : 'reproduced';
    return {
      id,
      verdict,
      ...reproduced.tally.counts(id),
      ...(d ? { ci: d.ci, here: d.here, run: d.run, first: d.first } : {}),
    };
  });
  return {
    verdict: extra.verdict,
    tests,
    signs: reproduced.signs.slice(0, MAX_SIGNS),
    extraRuns: reproduced.extraRuns,
    environment: extra.environment,
    ...(extra.quarantine ? { quarantine: extra.quarantine } : {}),
  };
}

type ReadyBaseline = Extract<Baseline, { kind: 'ready' }>;

/** The baseline with only the tests left to heal as targets; the others are neither targets nor regressions. */
export function narrowBaseline(
  baseline: ReadyBaseline,
  reproduced: Reproduced,
  display: (targets: readonly RerunTarget[]) => string,
): ReadyBaseline {
  const keep = new Set(reproduced.targets.map((t) => t.id));
  if (keep.size === baseline.targets.length) return baseline;
  const dropped = baseline.targets.filter((t) => !keep.has(t.id)).map((t) => t.id);
  const own = baseline.frames.filter((f) => keep.has(f.id));
  const flaky = [...new Set([...baseline.flaky, ...reproduced.flaky])];
  return {
    ...baseline,
    targets: reproduced.targets,
    frames: own.length > 0 ? own : baseline.frames,
    flaky,
    expectations: {
      ...baseline.expectations,
      failToPass: reproduced.targets.map((t) => t.id),
      flaky: [...(baseline.expectations.flaky ?? []), ...dropped],
      fileLevel: new Set(reproduced.targets.filter((t) => t.wholeFile).map((t) => t.id)),
    },
    reproduce: display(reproduced.targets),
  };
}

/**
 * What the failing tests did in each run of one code: passed or failed, and how they failed. The
 * runs of the unchanged code (the CI run, the confirmation, the recorded run, the reruns that tell
 * a flake from a failure) make one tally; each candidate's runs make its own. A test that did not
 * run (missing from the report, skipped, a run that timed out or wrote no report) is not counted:
 * it neither passed nor failed.
 *
 * A case the runner itself retried (a report that holds a pass and a later failure of it, merged
 * as failing and `flaky`) counts as two runs, one passed: the CI run's own retries are runs too.
 */
import type { FailureFrame } from '../contracts/failure-frame.js';
import type { TestCase } from '../reports/test-run.js';
import { failureSignature, type FailureSignature } from './failure-signature.js';
import type { RerunTarget } from './rerun.js';
import { CaseIndex } from './verdict.js';

/** One run's evidence about the failing tests: whichever run supplies it. */
export interface RunEvidence {
  /** How the run is named to the user: `CI`, `the confirmation`, `the recorded run`, `rerun 2`. */
  label: string;
  cases: readonly TestCase[];
  frames: readonly FailureFrame[];
  /** A run that timed out or wrote a hook into `.git` says nothing about the tests. */
  timedOut?: boolean;
}

export interface Observation {
  run: string;
  passed: boolean;
  /** How it failed, when it did. */
  failure?: FailureSignature;
}

export interface Counts {
  runs: number;
  failed: number;
}

export type TallyTarget = Pick<RerunTarget, 'id' | 'wholeFile'>;

export class RunTally {
  private readonly seen = new Map<string, Observation[]>();
  private runCount = 0;

  constructor(
    readonly targets: readonly TallyTarget[],
    private readonly baseline: ReadonlyMap<string, TestCase>,
  ) {
    for (const t of targets) this.seen.set(t.id, []);
  }

  /** The runs observed so far. */
  get runs(): number {
    return this.runCount;
  }

  /** Adds a run; returns the targets' observations it made (a target that did not run has none). */
  observe(run: RunEvidence): Map<string, Observation> {
    this.runCount++;
    const made = new Map<string, Observation>();
    if (run.timedOut) return made;
    const index = new CaseIndex(run.cases);
    const frames = new Map(run.frames.map((f) => [f.id, f]));
    for (const t of this.targets) {
      const { outcome, found } = index.outcome(t.id, this.baseline.get(t.id), t.wholeFile);
      if (outcome !== 'passed' && outcome !== 'failed') continue;
      const list = this.seen.get(t.id)!;
      if (outcome === 'failed' && found?.flaky)
        list.push({ run: `${run.label} (a retry by the runner)`, passed: true });
      const observation: Observation =
        outcome === 'passed'
          ? { run: run.label, passed: true }
          : {
              run: run.label,
              passed: false,
              failure: failureSignature(frames.get(found?.id ?? t.id) ?? frames.get(t.id), found),
            };
      list.push(observation);
      made.set(t.id, observation);
    }
    return made;
  }

  history(id: string): readonly Observation[] {
    return this.seen.get(id) ?? [];
  }

  counts(id: string): Counts {
    const list = this.history(id);
    return { runs: list.length, failed: list.filter((o) => !o.passed).length };
  }

  /** The targets that passed in some run and failed in another. */
  passedAndFailed(): string[] {
    return this.targets
      .map((t) => t.id)
      .filter((id) => {
        const list = this.history(id);
        return list.some((o) => o.passed) && list.some((o) => !o.passed);
      });
  }

  /** The targets that passed in some run. */
  passedSomewhere(): string[] {
    return this.targets.map((t) => t.id).filter((id) => this.history(id).some((o) => o.passed));
  }
}

/**
 * Flakiness during the attempts: a flaky test never produces a fix.
 * - A candidate is accepted only when the failing tests passed in every run that judged it (the
 *   provider's own tries of the same edits, the targeted rerun, the full run) and in at least one
 *   more targeted rerun. Once any sign of flakiness was seen (before the attempts: `reproduction.ts`;
 *   during them: a change that both passed and failed), in as many runs in a row as it takes for a
 *   change that does nothing to pass them all by luck with at most 1% chance, given the unchanged
 *   code's runs (`flake-odds.ts`), at most `MAX_JUDGING_RUNS`: past it, the candidate is not accepted.
 * - A change whose runs both passed and failed a failing test is not a fix (verdict `flaky`). The
 *   unchanged code is then rerun until it passes, at most as many times as rule out its passing at
 *   the rate the change did: a pass, and the test is flaky: the loop stops and nothing is edited.
 */
import { createHash } from 'node:crypto';
import type { Edit } from '../contracts/edit.js';
import type { Reproduction } from '../contracts/heal-report.js';
import type { TestCase } from '../reports/test-run.js';
import { plural } from '../text/format.js';
import { oneLine } from '../text/untrusted-text.js';
import { failuresNeeded, MAX_JUDGING_RUNS, passesNeeded, type RunsNeeded } from './flake-odds.js';
import { describeCounts } from './reproduction.js';
import type { RerunTarget } from './rerun.js';
import { RunTally, type RunEvidence } from './run-tally.js';
import type { RunOutcome } from './verdict.js';

/** Candidates whose provider runs are remembered (the built-in engine tries up to 150 an attempt). */
const MAX_REMEMBERED_CANDIDATES = 1_000;
/** Signs kept in the report. */
const MAX_SIGNS = 10;

export interface FlakeWatchInput {
  /** The tests left to heal. */
  targets: readonly RerunTarget[];
  baseline: ReadonlyMap<string, TestCase>;
  /** The unchanged code's runs before the attempts (every tried test's). */
  unchanged: RunTally;
  /** Signs of flakiness seen before the attempts. */
  signs: readonly string[];
  /** How the user's runner quarantines a flaky test. */
  advice: string;
}

/** The key of a provider's edits: the same edits tried by the provider and proposed are one candidate. */
export function editsKey(edits: readonly Edit[]): string {
  const text = JSON.stringify(edits.map((e) => [e.path, e.oldText, e.newText]));
  return createHash('sha256').update(text).digest('hex');
}

/** A run as evidence about the failing tests. */
export function runEvidence(label: string, run: RunOutcome): RunEvidence {
  const timedOut = run.timedOut || (run.gitDirWrites?.length ?? 0) > 0;
  return { label, cases: run.cases, frames: run.frames, timedOut };
}

/** What the attempts learn about flakiness; heal() reads it for the report. */
export class FlakeWatch {
  readonly unchanged: RunTally;
  readonly signs: string[];
  /** Reruns of the unchanged code and of candidates made to tell a flake from a fix. */
  extraRuns = 0;
  /** Tests found flaky during the attempts (the loop stopped). */
  concluded: string[] = [];
  private readonly providerRuns = new Map<string, RunTally>();

  constructor(readonly input: FlakeWatchInput) {
    this.unchanged = input.unchanged;
    this.signs = [...input.signs];
  }

  /** A provider's own run of a candidate (the built-in engine's `tryCandidate`). */
  recordProviderRun(edits: readonly Edit[], run: RunOutcome): void {
    const key = editsKey(edits);
    let tally = this.providerRuns.get(key);
    if (!tally) {
      if (this.providerRuns.size >= MAX_REMEMBERED_CANDIDATES) this.providerRuns.clear();
      tally = this.newTally();
      this.providerRuns.set(key, tally);
    }
    tally.observe(runEvidence('the provider’s run', run));
  }

  /** The runs of one attempt's change, starting with the provider's own runs of the same edits. */
  candidate(key: string | undefined): RunTally {
    return (key && this.providerRuns.get(key)) || this.newTally();
  }

  private newTally(): RunTally {
    return new RunTally(this.input.targets, this.input.baseline);
  }

  /**
   * More targeted reruns a candidate needs after every run so far passed: 1 when no sign of
   * flakiness was seen, else what brings the chance of luck under 1% (`reached` false past the cap).
   */
  needed(candidate: RunTally): { extra: number; total: number; reached: boolean } {
    const ids = this.input.targets.map((t) => t.id);
    const passed = ids.length > 0 ? Math.min(...ids.map((id) => candidate.counts(id).runs)) : 0;
    if (this.signs.length === 0) return { extra: 1, total: passed + 1, reached: true };
    const needs: RunsNeeded[] = ids.map((id) => {
      const { runs, failed } = this.unchanged.counts(id);
      return passesNeeded(runs - failed, runs);
    });
    const total = Math.max(...needs.map((n) => n.runs));
    if (needs.some((n) => !n.reached)) return { extra: 0, total, reached: false };
    return { extra: Math.max(1, total - passed), total: Math.max(total, passed + 1), reached: true };
  }

  /** How many runs of the unchanged code rule out its passing at the rate `candidate` passed `ids`. */
  probeRuns(candidate: RunTally, ids: readonly string[]): number {
    const rates = ids.map((id) => {
      const { runs, failed } = candidate.counts(id);
      return runs > 0 ? (runs - failed) / runs : 0;
    });
    return failuresNeeded(Math.min(...rates)).runs;
  }

  /** The candidate's runs, "passed 2 of 3 runs with attempt 2's change" for each of `ids`. */
  describeCandidate(candidate: RunTally, ids: readonly string[], n: number): string {
    return ids
      .slice(0, 3)
      .map((id) => {
        const { runs, failed } = candidate.counts(id);
        return `${oneLine(id, 200)} passed ${runs - failed} of ${plural(runs, 'run')} with attempt ${n}'s change`;
      })
      .join('; ');
  }

  /** The reason of a loop that stopped on a flaky test. */
  describeFlaky(ids: readonly string[], candidate: RunTally, n: number): string {
    const unchanged = ids
      .slice(0, 3)
      .map((id) => `${oneLine(id, 200)} ${describeCounts(this.unchanged.counts(id))} without a change`)
      .join('; ');
    return `flaky: ${unchanged}, and ${this.describeCandidate(candidate, ids, n)}; nothing was edited (a change that passes could pass by luck). To quarantine it, ${this.input.advice}`;
  }

  /** The report's `reproduction` after the attempts: the counts with their reruns, the signs, the verdict. */
  report(initial: Reproduction): Reproduction {
    const concluded = new Set(this.concluded);
    if (this.extraRuns === 0 && concluded.size === 0 && this.signs.length === initial.signs.length) return initial;
    const tests = initial.tests.map((t) => ({
      ...t,
      ...this.unchanged.counts(t.id),
      ...(concluded.has(t.id) ? { verdict: 'flaky' as const } : {}),
    }));
    return {
      ...initial,
      verdict: concluded.size > 0 ? 'flaky' : initial.verdict,
      tests,
      signs: this.signs.slice(0, MAX_SIGNS),
      extraRuns: initial.extraRuns + this.extraRuns,
      ...(concluded.size > 0 ? { quarantine: this.input.advice } : {}),
    };
  }

  /**
   * What a run that ended unhealed adds once flakiness was suspected but not shown: the signs, and
   * the failing tests' counts without a change; undefined when there was no sign.
   */
  describeSigns(): string | undefined {
    if (this.signs.length === 0) return undefined;
    const counts = this.input.targets
      .slice(0, 3)
      .map((t) => `${oneLine(t.id, 200)} ${describeCounts(this.unchanged.counts(t.id))} without a change`)
      .join('; ');
    return `signs of flakiness were seen (${oneLine(this.signs[0]!, 300)}${this.signs.length > 1 ? `, and ${plural(this.signs.length - 1, 'more')}` : ''}), though ${counts}`;
  }

  /** Why a candidate cannot be accepted when 99% cannot be reached within the cap. */
  describeUnreachable(total: number): string {
    return `Signs of flakiness were seen (${oneLine(this.signs[0] ?? '', 200)}), and ruling out a flake with 99% confidence at the rate the failing tests failed without a change would take ${total >= MAX_JUDGING_RUNS ? `more than ${MAX_JUDGING_RUNS}` : total} passing runs in a row: the change is not accepted.`;
  }
}

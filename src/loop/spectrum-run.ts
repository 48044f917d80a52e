/**
 * The one extra targeted run that records which lines of the repository's own code the failing
 * tests ran (`workspace/recorders/`). It runs after the failures are confirmed, at the targets'
 * test files when they are Python (the tracer tells pytest's tests apart, so the files' passing
 * tests give the passing spectrum), else the targets alone (Node and Go record whole runs, which
 * then hold only failing tests). It is evidence, never a verdict: a run that timed out, or in which
 * a target did not fail, or that recorded nothing, is dropped and the static ranking stays. What the
 * failing tests did in it is evidence of whether they reproduce (`run`, read by `reproduction.ts`).
 */
import path from 'node:path';
import type { ExecutionSpectrum } from '../contracts/spectrum.js';
import type { Logger } from '../contracts/logger.js';
import type { TestCase } from '../reports/test-run.js';
import { formatDuration, plural } from '../text/format.js';
import { startRecording } from '../workspace/recorders/recorders.js';
import { describeUnfinished } from '../reports/logs/unfinished-test.js';
import type { ObservedRead } from '../workspace/recorders/test-reads.js';
import type { RerunPlan, RerunTarget } from './rerun.js';
import type { RerunLevel } from './targeted-run.js';
import type { TestRuns } from './test-runs.js';
import { CaseIndex } from './verdict.js';
import type { RunEvidence } from './run-tally.js';

/** The recorded run may take this many times the confirmation (the tracer's cost), at least a minute. */
const TIMEOUT_FACTOR = 4;
const MIN_TIMEOUT_MS = 60_000;

export interface SpectrumRunInput {
  runs: TestRuns;
  targets: readonly RerunTarget[];
  baseline: ReadonlyMap<string, TestCase>;
  /** The level the confirmation found to run the targets. */
  level: RerunLevel;
  root: string;
  cwd: string;
  logger: Logger;
  /** The confirmation's duration, for the recorded run's timeout. */
  confirmationMs?: number;
  /** The test runs' own timeout. */
  timeoutMs: number;
  /** The runs' environment (the recorders extend its PYTHONPATH, PYTEST_PLUGINS and GOFLAGS). */
  env: NodeJS.ProcessEnv;
}

export interface SpectrumRun {
  spectrum?: ExecutionSpectrum;
  /** What happened, in words (why there is no spectrum, or what it holds). */
  note: string;
  /** The recorded run's duration (0 when none ran). */
  durationMs: number;
  /** The repository files the run's tests read, but those only tests that passed read (none: no run). */
  reads?: ObservedRead[];
  /** The failing tests' outcomes in the recorded run, when it ran and did not time out. */
  run?: RunEvidence;
}

/** More tests than this in the targets' files, and the recorded run is of the targets alone. */
export const MAX_FILE_LEVEL_TESTS = 300;

/** The baseline's tests in the targets' files (by file, or by pytest's module-path classname). */
export function testsInTargetFiles(input: Pick<SpectrumRunInput, 'targets' | 'baseline' | 'cwd'>): number {
  const files = new Set(input.targets.flatMap((t) => (t.file ? [path.resolve(input.cwd, t.file)] : [])));
  const modules = [...files].map((f) => path.relative(input.cwd, f).replace(/\.py$/, '').split(path.sep).join('.'));
  let n = 0;
  for (const c of input.baseline.values()) {
    const byFile = c.file !== undefined && files.has(path.resolve(input.cwd, c.file));
    const cls = c.classname ?? '';
    if (byFile || modules.some((m) => cls === m || cls.startsWith(`${m}.`))) n++;
  }
  return n;
}

/**
 * The plan of the recorded run: the targets' files for Python (unless they hold more than
 * `MAX_FILE_LEVEL_TESTS` tests: the tracer's cost grows with them), else the targets; none at full level.
 */
function recordedPlan(input: SpectrumRunInput): RerunPlan | undefined {
  if (input.level === 'full') return undefined;
  const python =
    input.targets.length > 0 &&
    input.targets.every((t) => /\.py$/.test(t.file ?? '')) &&
    testsInTargetFiles(input) <= MAX_FILE_LEVEL_TESTS;
  const levels: Array<'tests' | 'files'> = python
    ? ['files', 'tests']
    : input.level === 'files'
      ? ['files']
      : ['tests'];
  for (const level of levels) {
    const plan = input.runs.plan(input.targets, level);
    if (plan.targeted) return plan;
  }
  return undefined;
}

/** Every target failed in the recorded run (a recorder that changed a result is no evidence). */
function targetsStillFail(input: SpectrumRunInput, cases: readonly TestCase[]): boolean {
  const index = new CaseIndex(cases);
  return input.targets.every((t) => {
    const { outcome } = index.outcome(t.id, input.baseline.get(t.id), t.wholeFile);
    return outcome === 'failed';
  });
}

/**
 * A test that passed in the CI run but failed under the recorders (a timing test slowed by the
 * tracer) is no evidence either way: its unit is left out, and the note says how many.
 */
export function leaveOutChangedOutcomes(
  spectrum: ExecutionSpectrum,
  baseline: ReadonlyMap<string, TestCase>,
  recorded: readonly TestCase[],
): ExecutionSpectrum | undefined {
  if (!spectrum.perTest) return spectrum;
  const changed = new Set(
    recorded
      .filter((c) => c.status === 'failed' || c.status === 'errored')
      .flatMap((c) => {
        const before = baseline.get(c.id);
        return before?.status === 'passed' ? [c.id] : [];
      }),
  );
  if (changed.size === 0) return spectrum;
  const units = spectrum.units.filter((u) => !(u.test && changed.has(u.test)));
  if (units.length === 0) return undefined;
  const note = `${plural(changed.size, 'test')} that passed in the CI run failed under the recorders: left out`;
  return { ...spectrum, units, notes: [...spectrum.notes, note] };
}

/**
 * What the run's tests read, whatever built the paths: the failing tests' data for the
 * special-casing check. A file only a test that passed read is no failing test's data. Evidence
 * like the spectrum: a read the recorders saw is kept even when the spectrum is dropped.
 */
export function failingReads(reads: readonly ObservedRead[], cases: readonly TestCase[]): ObservedRead[] {
  const passed = new Set(cases.filter((c) => c.status === 'passed').map((c) => c.id));
  return reads.filter((r) => !r.test || !passed.has(r.test));
}

export async function recordSpectrum(input: SpectrumRunInput): Promise<SpectrumRun> {
  const plan = recordedPlan(input);
  if (!plan) return { note: 'no targeted rerun to record: the static ranking is used', durationMs: 0 };
  let recording;
  try {
    recording = startRecording({ root: input.root, cwd: input.cwd });
  } catch (error) {
    return { note: `the recorders could not start (${String(error)}): the static ranking is used`, durationMs: 0 };
  }
  try {
    const timeoutMs = Math.min(
      input.timeoutMs,
      Math.max(MIN_TIMEOUT_MS, TIMEOUT_FACTOR * (input.confirmationMs ?? input.timeoutMs)),
    );
    input.logger.info(`recording which lines the failing tests run: ${plan.display}`);
    // The plan's own variables (NODE_OPTIONS carrying a node:test pattern) are kept under the recorders'.
    const result = await input.runs.run(plan, 'spectrum', {
      env: recording.env({ ...input.env, ...plan.env }),
      timeoutMs,
    });
    const took = formatDuration(result.durationMs);
    const reads = failingReads(recording.reads().reads, result.cases);
    if (result.timedOut)
      return {
        note: `the recorded run was dropped (it timed out after ${took}; ${describeUnfinished(result.output)}): the static ranking is used`,
        durationMs: result.durationMs,
        reads,
      };
    const run: RunEvidence = { label: 'the recorded run', cases: result.cases, frames: result.frames };
    const dropped = (why: string): SpectrumRun => ({
      note: `the recorded run was dropped (${why}): the static ranking is used`,
      durationMs: result.durationMs,
      reads,
      run,
    });
    if (!targetsStillFail(input, result.cases)) return dropped('a failing test did not fail in it');
    const read = recording.read(result.durationMs);
    const spectrum = read && leaveOutChangedOutcomes(read, input.baseline, result.cases);
    if (!spectrum) return dropped('no recorder wrote anything about the repository’s code');
    const failed = spectrum.units.filter((u) => u.outcome === 'failed').length;
    const passed = spectrum.units.length - failed;
    const what = spectrum.perTest ? `${failed} failing and ${passed} passing tests` : 'the failing tests as one run';
    return {
      spectrum,
      note: `recorded by ${spectrum.recorders.join(', ')} in ${took}: ${what}${spectrum.notes.length ? `; ${spectrum.notes.join('; ')}` : ''}`,
      durationMs: result.durationMs,
      reads,
      run,
    };
  } finally {
    recording.dispose();
  }
}

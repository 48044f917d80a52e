/**
 * The search: walk the ranked seeds, turn each into an edit, dry-run it through the loop's
 * guardrails (`checkEdits`), then validate it with a targeted rerun of the failing tests
 * (`tryCandidate`); the first candidate that makes every target pass is the answer. Capped by a
 * candidate count and the attempt's deadline. The state outlives an attempt, so when the full suite
 * rejects an answer the next attempt resumes after it instead of starting over.
 *
 * Partial credit: candidates that make some (not all) targets pass are remembered across attempts.
 * A new partial fix is tried at once together with each earlier one at a different place that
 * left different tests failing (two independent one-line bugs behind different tests), within a
 * small per-attempt budget of combinations.
 */
import type { RepairHost, RunLimit } from '../provider.js';
import { materialise, type Candidate, type CandidateSeed } from './candidates.js';
import type { CandidateScreen } from './special-case-screen.js';
import type { SourceStore } from './source-store.js';
import { formatDuration, plural } from '../../text/format.js';

export interface SearchLimits {
  /** Targeted reruns per attempt. */
  maxCandidatesPerAttempt: number;
  /** Of those, how many may go to combined partial fixes. */
  maxCombinations: number;
  /** Seeds looked at per attempt (turned into edits, checked), validated or not: bounds the time spent on rejects. */
  maxSeedsPerAttempt: number;
}

export const DEFAULT_LIMITS: SearchLimits = {
  maxCandidatesPerAttempt: 150,
  maxCombinations: 10,
  maxSeedsPerAttempt: 2_000,
};

interface PartialFix {
  candidate: Candidate;
  passed: number;
  total: number;
  /** What still failed: two partials with the same feedback most likely fix the same test. */
  feedback: string;
}

/** What one provider instance remembers between attempts. */
export class SearchState {
  /** Keys of candidates already validated or refused: never tried twice. */
  readonly seen = new Set<string>();
  readonly partials: PartialFix[] = [];
  /** Mean duration of a targeted rerun, for the deadline check. */
  meanTryMs = 0;
  tries = 0;

  recordTry(ms: number): void {
    this.tries++;
    this.meanTryMs += (ms - this.meanTryMs) / this.tries;
  }
}

export type StopReason = 'found' | 'candidate-cap' | 'deadline' | 'exhausted' | 'seed-cap';

export interface SearchReport {
  found?: Candidate;
  stoppedBy: StopReason;
  /** Targeted reruns per template. */
  templates: Record<string, number>;
  validated: number;
  /** Refused by the guardrails or not matching. */
  rejected: number;
  /** Overlapping, unchanged or unparseable results. */
  invalid: number;
  /** Same resulting text as a candidate already tried. */
  duplicates: number;
  /** Made every failing test pass but special-cased them: skipped. */
  specialCased: number;
  /** Made every failing test pass but broke other tests of their files: skipped. */
  brokeNeighbours: number;
  combinations: number;
  /** Time spent inside the host's targeted reruns (the rest of the search is the engine's own overhead). */
  testMs: number;
  best?: { description: string; passed: number; total: number };
  /** Last refusal the guardrails gave, for the report. */
  lastRejection?: string;
}

export interface SearchInput {
  seeds: readonly CandidateSeed[];
  store: SourceStore;
  host: RepairHost;
  state: SearchState;
  limits: SearchLimits;
  /** When the search must stop: read before each candidate, so it may move as the pace is learnt. */
  deadline: () => number;
  now: () => number;
  /** Refuses a candidate that passes by special-casing the tests (absent: `--allow-special-cases`). */
  screen?: CandidateScreen;
}

export function describeCandidate(c: Candidate): string {
  return c.seeds.map((s) => `${s.template} at ${s.file}:${s.line}: ${s.mutation.description}`).join(' + ');
}

/** One search's running state: its input, the report it builds, and what it found. */
interface Search {
  input: SearchInput;
  report: SearchReport;
  found?: Candidate;
}

export async function searchRepairs(input: SearchInput): Promise<SearchReport> {
  const search: Search = {
    input,
    report: {
      stoppedBy: 'exhausted',
      templates: {},
      validated: 0,
      rejected: 0,
      invalid: 0,
      duplicates: 0,
      specialCased: 0,
      brokeNeighbours: 0,
      combinations: 0,
      testMs: 0,
    },
  };
  const { report } = search;
  let looked = 0;
  for (const seed of input.seeds) {
    const stop = seedStop(search, looked);
    if (stop) {
      report.stoppedBy = stop;
      break;
    }
    looked++;
    const candidate = await materialise([seed], input.store);
    if (!candidate) {
      report.invalid++;
      continue;
    }
    if (input.state.seen.has(candidate.key)) {
      report.duplicates++;
      continue;
    }
    if (await attempt(search, candidate)) return { ...report, found: search.found ?? candidate, stoppedBy: 'found' };
  }
  return report;
}

/** Why the search takes no further seed, if it does not. */
function seedStop(search: Search, looked: number): StopReason | undefined {
  const { report, input } = search;
  if (report.validated >= input.limits.maxCandidatesPerAttempt) return 'candidate-cap';
  if (looked >= input.limits.maxSeedsPerAttempt) return 'seed-cap';
  if (outOfTime(search)) return 'deadline';
  return undefined;
}

function outOfTime({ input }: Search): boolean {
  return input.now() + Math.max(2 * input.state.meanTryMs, 250) > input.deadline();
}

/** A test run the search starts ends at its deadline too: the run in flight counts in the search's time. */
function runLimit({ input }: Search): RunLimit {
  return { timeoutMs: Math.max(1, input.deadline() - input.now()) };
}

function combinationsLeft({ input, report }: Search): number {
  const { limits } = input;
  return Math.min(limits.maxCombinations - report.combinations, limits.maxCandidatesPerAttempt - report.validated);
}

/** Check and validate one candidate; true when it makes every target pass. */
async function attempt(search: Search, candidate: Candidate): Promise<boolean> {
  const { input, report } = search;
  const { host, state } = input;
  state.seen.add(candidate.key);
  const check = await host.checkEdits(candidate.edits);
  if (!check.ok) {
    report.rejected++;
    report.lastRejection = check.problems
      .map((p) => `${p.path}: ${p.message}`)
      .join('; ')
      .slice(0, 300);
    return false;
  }
  const { passed, total, feedback, tookMs } = await validate(search, candidate);
  const description = describeCandidate(candidate);
  host.log(
    `builtin: [${report.validated}] ${description} → ${passed} of ${plural(total, 'failing test')} ${passed === 1 ? 'passes' : 'pass'} (${formatDuration(tookMs)})`,
  );
  if (total > 0 && passed === total) {
    const special = await input.screen?.(candidate, input.store);
    if (special) {
      report.specialCased++;
      host.log(`builtin: [${report.validated}] skipped: it special-cases the failing tests (${special})`);
      return false;
    }
    return keepsNeighbours(search, candidate);
  }
  if (passed > 0) {
    if (!report.best || passed > report.best.passed) report.best = { description, passed, total };
    const earlier = [...state.partials];
    const partial = { candidate, passed, total, feedback };
    state.partials.push(partial);
    // A partial fix at a new place may be the other half of an earlier one: try the pair at once.
    if (candidate.seeds.length === 1) return combineWith(search, partial, earlier);
  }
  return false;
}

/**
 * A candidate that makes every failing test pass, checked against the other tests of their files
 * before it becomes the answer: one that breaks them would only cost an attempt in the full run.
 */
async function keepsNeighbours(search: Search, candidate: Candidate): Promise<boolean> {
  const { input, report } = search;
  if (!input.host.checkNeighbours) return true;
  const started = input.now();
  const limit = runLimit(search);
  const checked = await input.host.checkNeighbours(candidate.edits, limit);
  report.testMs += input.now() - started;
  if (checked?.timedOutMs !== undefined && checked.timedOutMs >= limit.timeoutMs) {
    // Cut at the search's own end, not its own timeout: the full run decides, as if unchecked.
    input.host.log(`builtin: [${report.validated}] the check of the same files' tests was cut at the search's end`);
    return true;
  }
  if (checked?.timedOutMs !== undefined) {
    report.brokeNeighbours++;
    input.host.log(
      `builtin: [${report.validated}] skipped: the tests of the same files did not end within ${formatDuration(checked.timedOutMs)}`,
    );
    return false;
  }
  if (!checked || checked.broken.length === 0) return true;
  report.brokeNeighbours++;
  const shown = checked.broken.slice(0, 3).join(', ');
  input.host.log(
    `builtin: [${report.validated}] skipped: it breaks ${plural(checked.broken.length, 'passing test')} of the same files (${shown}${checked.broken.length > 3 ? ', …' : ''})`,
  );
  return false;
}

/** The host's targeted rerun of a checked candidate, timed and counted. */
async function validate(
  search: Search,
  candidate: Candidate,
): Promise<{ passed: number; total: number; feedback: string; tookMs: number }> {
  const { input, report } = search;
  const { host, state, now } = input;
  const started = now();
  let result = { passed: 0, total: 0, feedback: '' };
  try {
    const verdict = await host.tryCandidate(candidate.edits, runLimit(search));
    result = { passed: verdict.targetsPassed, total: verdict.targetsTotal, feedback: verdict.feedback };
  } catch (error) {
    host.log(`builtin: candidate failed to run: ${error instanceof Error ? error.message : String(error)}`);
  }
  const tookMs = now() - started;
  state.recordTry(tookMs);
  report.testMs += tookMs;
  report.validated++;
  for (const s of candidate.seeds) report.templates[s.template] = (report.templates[s.template] ?? 0) + 1;
  return { ...result, tookMs };
}

function samePlace(a: Candidate, b: Candidate): boolean {
  return a.seeds.some((x) => b.seeds.some((y) => x.file === y.file && x.line === y.line));
}

/** Try `partial` together with each earlier partial at another place, best first. */
async function combineWith(search: Search, partial: PartialFix, earlier: readonly PartialFix[]): Promise<boolean> {
  const ranked = earlier
    .filter((p) => p.candidate.seeds.length === 1 && !samePlace(p.candidate, partial.candidate))
    .filter((p) => p.passed + partial.passed >= partial.total && (p.feedback !== partial.feedback || !p.feedback))
    .sort(
      (a, b) =>
        b.passed - a.passed || b.candidate.score - a.candidate.score || (a.candidate.key < b.candidate.key ? -1 : 1),
    );
  for (const other of ranked) {
    if (combinationsLeft(search) <= 0 || outOfTime(search)) return false;
    const combined = await materialise([...other.candidate.seeds, ...partial.candidate.seeds], search.input.store);
    if (!combined || search.input.state.seen.has(combined.key)) continue;
    search.report.combinations++;
    if (await attempt(search, combined)) {
      search.found = combined;
      return true;
    }
  }
  return false;
}

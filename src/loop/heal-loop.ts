/**
 * The attempts: one driver, one cap. Each attempt
 * 1. checks the budget (never starts what it cannot finish),
 * 2. builds the prompt (frames, source windows, the commit's diff, the history of earlier attempts;
 *    everything scrubbed of secrets) and asks the provider,
 * 3. applies the answer (all edits or none), or, for an in-place agent, diffs the tree and puts
 *    every changed path, and what it now holds, through the same guardrails (refused paths are
 *    rolled back),
 * 4. restores the failing tests' own files (a test can never be changed to pass),
 * 5. checks the final diff again, hashes it, and skips a diff that was already tried,
 * 6. reruns the failing tests, then, only when they all pass, the full suite (a run that changed the
 *    verdict's own files, or whose report is not the runner's, rejects the attempt: `verdict.ts`),
 * 7. is accepted unless it special-cases the failing tests (`repair/special-cases/`), and once the
 *    failing tests passed in more targeted reruns (one, or as many as rule out a flake once one was
 *    suspected: `flake-watch.ts`), or restored exactly with its verdict and feedback recorded for
 *    the next one. A change that both passed and failed a failing test is `flaky`, never a fix.
 * The loop stops on success, the cap, the budget, or a provider error retrying cannot fix.
 */
import { lstatSync, readFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { DiagnosticFrame, FailureFrame } from '../contracts/failure-frame.js';
import type { HealOptions } from '../contracts/heal-options.js';
import type { Logger } from '../contracts/logger.js';
import {
  describeProviderError,
  ProviderError,
  providerErrorResult,
  type RepairAnswer,
  type RepairProvider,
} from '../repair/provider.js';
import {
  changedPaths,
  diffSinceSnapshot,
  restoreSnapshot,
  snapshotText,
  type Snapshot,
} from '../workspace/tree-state.js';
import type { GitContext } from '../workspace/git.js';
import { attemptAllowance, checkBudget, type BudgetCheck, type LoopCap, type Spent } from './budget.js';
import type { SourceWindow } from './context.js';
import { hashDiff } from './diff-hash.js';
import { applyEdits, describeProblems, type EditContext } from './edits/apply-edits.js';
import type {
  Attempt,
  AttemptTimings,
  AttemptVerdict,
  HealResult,
  TokenUsage,
  WrittenOutside,
} from '../contracts/heal-report.js';
import { describeWrittenOutside, mergeWrittenOutside } from './written-outside.js';
import { buildPrompt, DEFAULT_PROMPT_TOKENS } from '../repair/prompt.js';
import type { FaultRanking } from '../repair/ranking/ranking.js';
import { createRepairHost } from './repair-host.js';
import { createSpecialCaseGate, type SpecialCaseGate } from './special-case-gate.js';
import type { ObservedRead } from '../workspace/recorders/test-reads.js';
import { specialCaseFeedback } from '../repair/special-cases/special-case-feedback.js';
import { judgeFull, judgeSubset, judgeTargets, type Expectations, type Judgement, type RunOutcome } from './verdict.js';
import { editsKey, runEvidence, type FlakeWatch } from './flake-watch.js';
import type { RunTally } from './run-tally.js';
import { formatDuration, plural } from '../text/format.js';
import { feedbackHeadline, namedList, noneAccepted } from './outcome-text.js';
import { countFailingTests } from '../frames/build-frames.js';
import type { TestCase } from '../reports/test-run.js';

/** Bytes of an attempt's whole diff; larger changes are refused (a fix is small). */
export const MAX_ATTEMPT_DIFF_BYTES = 512 * 1024;
/** Bytes of an attempt's diff kept in the report and in the history. */
export const MAX_RECORDED_DIFF_CHARS = 20_000;
const MAX_NOTES_CHARS = 2_000;

export interface LoopInput {
  options: HealOptions;
  root: string;
  git: GitContext;
  snapshot: Snapshot;
  edits: EditContext;
  provider: RepairProvider;
  logger: Logger;
  scrub: (text: string) => string;
  cap: LoopCap;
  spent: Spent;
  now: () => number;
  signal?: AbortSignal;
  frames: FailureFrame[];
  /** The baseline's diagnostics (a build error beside the failing tests): in the prompt and the request. */
  diagnostics?: DiagnosticFrame[];
  sources: SourceWindow[];
  /** Where the fault is (`repair/ranking/`): the prompt packs its top functions, the built-in engine mutates in its order. */
  ranking?: FaultRanking;
  /** The files the failing tests read in the recorded run: their data, for the special-casing check. */
  testReads?: readonly ObservedRead[];
  commitDiff?: string;
  expectations: Expectations;
  /** The failing tests' own files (repo-relative): restored before every verification. */
  testFiles: ReadonlySet<string>;
  /** Rerun just the failing tests; null when only the full command can verify. */
  rerunTargets: ((label: string) => Promise<RunOutcome>) | null;
  /** Run the failing tests' files (a candidate's neighbours); absent when there is no such level. */
  rerunTargetFiles?: (label: string, timeoutMs?: number) => Promise<RunOutcome>;
  /**
   * A search provider's candidate rerun, when it differs from `rerunTargets` (stopping at the first
   * failure); `timeoutMs`: the provider's shorter bound (its own search time).
   */
  rerunCandidate?: (label: string, timeoutMs?: number) => Promise<RunOutcome>;
  /** The whole suite on the candidate: in the runner, or a CI round (`files`: the candidate's). */
  runFull: (label: string, files: readonly string[]) => Promise<RunOutcome>;
  /** verify: ci — the special-casing check runs before the full run, which is a CI round. */
  fullOnCi?: boolean;
  /** verify: ci — the `verifySubset` command, run in the runner before the CI round. */
  runSubset?: (label: string) => Promise<RunOutcome>;
  /** What is known of flakiness: the unchanged code's runs, the signs seen (`flake-watch.ts`). */
  flakes: FlakeWatch;
}

export interface LoopOutcome {
  attempts: Attempt[];
  /** Where each attempt's time went, in the order of `attempts`. */
  timings: AttemptTimings[];
  result: HealResult;
  reason: string;
  /** The accepted change, still in the work tree. */
  accepted?: { attempt: number; diff: string; files: string[] };
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters)` : text;
}

/**
 * One attempt's ignore lookups, remembered: providers dry-run the same paths they then send, and
 * ignore rules cannot change inside an attempt (`.gitignore` files are protected).
 */
export function rememberIgnored(ignored: EditContext['ignored']): EditContext['ignored'] {
  const known = new Map<string, boolean>();
  return async (paths) => {
    const unknown = paths.filter((p) => !known.has(p));
    if (unknown.length > 0) {
      const found = await ignored(unknown);
      for (const p of unknown) known.set(p, found.has(p));
    }
    return new Set(paths.filter((p) => known.get(p)));
  };
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

interface AppliedAnswer {
  /** Paths changed since the snapshot that passed every guardrail. */
  files: string[];
  /** Refusals and non-matches, for the feedback. */
  problems: string;
}

/** What the attempts of one loop share: the history, and the diffs already tried. */
interface LoopState {
  attempts: Attempt[];
  timings: AttemptTimings[];
  /** Diff hash → the attempt that tried it. */
  tried: Map<string, number>;
  /** The same hashes, for the repair host's dry runs. */
  triedHashes: Set<string>;
  /** Rejects a verified attempt that passes by recognising the failing tests. */
  specialCases: SpecialCaseGate;
}

/** One attempt in progress. */
interface AttemptContext {
  input: LoopInput;
  state: LoopState;
  n: number;
  started: number;
  budget: Extract<BudgetCheck, { ok: true }>;
  /** The loop's edit context with this attempt's ignore lookups remembered. */
  edits: EditContext;
  /** The phases timed so far (ms); the rest of the attempt is self-heal's own. */
  clock: { providerMs: number; targetedRerunMs?: number; fullRunMs?: number; ciWaitMs?: number };
  /** What its test runs wrote outside the work tree, merged over its runs. */
  outside?: WrittenOutside;
  /** The failing tests' outcomes in every run of its change (the provider's own runs of the same edits first). */
  candidate?: RunTally;
}

/** How an attempt ends: the next one starts, the loop stops, or the fix is accepted. */
type AttemptEnd =
  | { kind: 'next' }
  | { kind: 'stop'; result: HealResult; reason: string }
  | { kind: 'accepted'; accepted: NonNullable<LoopOutcome['accepted']> };

const NEXT: AttemptEnd = { kind: 'next' };

/** The provider's answer, with what the attempt's record carries of it. */
interface Asked {
  kind: 'asked';
  answer: RepairAnswer;
  base: Pick<Attempt, 'tokens' | 'detail'>;
}

/** A change that passed the guardrails and was not tried before, waiting for the tests. */
interface Applied {
  kind: 'applied';
  files: string[];
  diff: string;
  recorded: Pick<Attempt, 'tokens' | 'detail' | 'diff' | 'files'>;
  /** What was refused and rolled back, for the feedback. */
  refusedNote: string;
  /** The key of the provider's edits (`editsKey`), when the change is exactly them. */
  key?: string;
}

/** The driver: attempt `n` runs while the cap and the budget allow it. */
export async function runHealLoop(input: LoopInput): Promise<LoopOutcome> {
  const state: LoopState = {
    attempts: [],
    timings: [],
    tried: new Map(),
    triedHashes: new Set(),
    specialCases: createSpecialCaseGate({
      root: input.root,
      frames: input.frames,
      reads: input.testReads,
      scrub: input.scrub,
      logger: input.logger,
    }),
  };
  for (let n = 1; ; n++) {
    throwIfAborted(input.signal);
    const budget = checkBudget(input.cap, input.spent, input.now());
    if (!budget.ok) return outOfBudget(input, state, n, budget.reason);
    const started = input.now();
    input.spent.attempts = n;
    const edits: EditContext = { ...input.edits, ignored: rememberIgnored(input.edits.ignored) };
    const attempt: AttemptContext = { input, state, n, started, budget, edits, clock: { providerMs: 0 } };
    const end = await input.logger.group(`attempt ${n} of ${input.cap.attempts}`, () => runAttempt(attempt));
    const { attempts, timings } = state;
    if (end.kind === 'stop') return { attempts, timings, result: end.result, reason: end.reason };
    if (end.kind === 'accepted') {
      return {
        attempts,
        timings,
        result: 'healed',
        reason: healedReason(n, fixedCount(input), input.expectations.passToPass.length),
        accepted: end.accepted,
      };
    }
  }
}

/** The targets counted as the failures list shows them (a Go parent failing through its subtest is not one more). */
function fixedCount(input: LoopInput): number {
  const { failToPass, baseline } = input.expectations;
  const cases = failToPass.map((id) => baseline.get(id)).filter((c): c is TestCase => c !== undefined);
  // A target the baseline cases do not hold (a log-only failure) counts as itself.
  return countFailingTests(cases, input.frames) + (failToPass.length - cases.length);
}

/** "attempt 2 made 3 failing tests pass without breaking any of the 40 passing tests", read right for 0 and 1. */
export function healedReason(n: number, fixed: number, kept: number): string {
  const made = `attempt ${n} made ${plural(fixed, 'failing test')} pass`;
  if (kept === 0) return `${made}; no other test passed before to keep passing`;
  if (kept === 1) return `${made} without breaking the 1 test that passed before`;
  return `${made} without breaking any of the ${plural(kept, 'passing test')}`;
}

function outOfBudget(input: LoopInput, state: LoopState, n: number, reason: string): LoopOutcome {
  const capReached = input.spent.attempts >= input.cap.attempts;
  return {
    attempts: state.attempts,
    timings: state.timings,
    result: capReached ? 'unhealed' : 'budget-exhausted',
    reason: capReached ? `${noneAccepted(state.attempts)}; ${reason}` : `stopped before attempt ${n}: ${reason}`,
  };
}

/** Steps 2–7 of one attempt: ask → apply → verify. */
async function runAttempt(a: AttemptContext): Promise<AttemptEnd> {
  const asked = await askProvider(a);
  if (asked.kind !== 'asked') return asked;
  const applied = await applyProposal(a, asked);
  if (applied.kind !== 'applied') return applied;
  return verifyAttempt(a, applied);
}

/** The attempt's record: scrubbed, added to the history and the spending, logged. */
function recordAttempt(a: AttemptContext, verdict: AttemptVerdict, fields: Partial<Attempt>): Attempt {
  const { input, n } = a;
  const attempt: Attempt = {
    n,
    diff: '',
    files: [],
    verdict,
    feedback: '',
    tokens: { input: 0, output: 0 },
    durationMs: Math.max(0, input.now() - a.started),
    ...(a.outside ? { writtenOutside: { ...a.outside, paths: a.outside.paths.map((p) => input.scrub(p)) } } : {}),
    ...fields,
  };
  attempt.feedback = input.scrub(attempt.feedback);
  attempt.diff = input.scrub(attempt.diff);
  a.state.attempts.push(attempt);
  a.state.timings.push(attemptTimings(a, attempt.durationMs));
  input.spent.attemptMs.push(attempt.durationMs);
  input.spent.attemptTokens.push(attempt.tokens.input + attempt.tokens.output);
  const headline = feedbackHeadline(attempt);
  input.logger.info(`attempt ${n}: ${verdict}${headline ? ` — ${headline}` : ''}`);
  input.logger.info(`attempt ${n} took ${describeTimings(a.state.timings.at(-1)!, attempt.durationMs)}`);
  const outside = attempt.writtenOutside;
  if (outside && (outside.total > 0 || outside.truncated))
    input.logger.warn(`attempt ${n}: ${describeWrittenOutside(outside)}`);
  return attempt;
}

/** The attempt's split: the timed phases, and the rest of its duration as self-heal's own. */
function attemptTimings(a: AttemptContext, durationMs: number): AttemptTimings {
  const { providerMs, targetedRerunMs, fullRunMs, ciWaitMs } = a.clock;
  const timed = providerMs + (targetedRerunMs ?? 0) + (fullRunMs ?? 0);
  return {
    n: a.n,
    providerMs,
    ...(targetedRerunMs !== undefined ? { targetedRerunMs } : {}),
    ...(fullRunMs !== undefined ? { fullRunMs } : {}),
    ...(ciWaitMs !== undefined ? { ciWaitMs } : {}),
    selfHealMs: Math.max(0, durationMs - timed),
  };
}

/** "12.3 s: provider 9.1 s, targeted rerun 1.0 s, full run 2.0 s, self-heal 0.2 s". */
function describeTimings(t: AttemptTimings, durationMs: number): string {
  const parts = [`provider ${formatDuration(t.providerMs)}`];
  if (t.targetedRerunMs !== undefined) parts.push(`targeted rerun ${formatDuration(t.targetedRerunMs)}`);
  if (t.ciWaitMs !== undefined) parts.push(`CI round ${formatDuration(t.ciWaitMs)}`);
  else if (t.fullRunMs !== undefined) parts.push(`full run ${formatDuration(t.fullRunMs)}`);
  parts.push(`self-heal ${formatDuration(t.selfHealMs)}`);
  return `${formatDuration(durationMs)}: ${parts.join(', ')}`;
}

/** A test run of the attempt, timed into its clock and logged with its exit and duration. */
async function timedRun(
  a: AttemptContext,
  phase: 'targeted rerun' | 'subset run' | 'full run',
  run: () => Promise<RunOutcome>,
): Promise<RunOutcome> {
  const outcome = await run();
  const key = phase === 'full run' ? 'fullRunMs' : 'targetedRerunMs';
  a.clock[key] = (a.clock[key] ?? 0) + outcome.durationMs;
  if (outcome.ci) a.clock.ciWaitMs = (a.clock.ciWaitMs ?? 0) + outcome.ci.waitMs;
  if (outcome.writtenOutside) a.outside = mergeWrittenOutside(a.outside, outcome.writtenOutside);
  const exit = outcome.timedOut ? 'timed out' : `exit ${outcome.exitCode ?? 'killed'}`;
  a.input.logger.info(`${phase}: ${exit} in ${formatDuration(outcome.durationMs)}`);
  return outcome;
}

/** 2. The prompt, packed into what is left of the token budget, and the provider's answer. */
async function askProvider(a: AttemptContext): Promise<Asked | AttemptEnd> {
  const { input, n } = a;
  const { provider, scrub } = input;
  let prompt;
  try {
    prompt = buildPrompt(
      {
        attempt: n,
        maxAttempts: input.cap.attempts,
        testCommand: input.options.testCommand,
        failures: input.frames,
        ...(input.diagnostics?.length ? { diagnostics: input.diagnostics } : {}),
        sources: input.sources,
        ranking: input.ranking,
        commitDiff: input.commitDiff,
        history: a.state.attempts,
      },
      {
        maxInputTokens: Math.min(provider.maxPromptTokens ?? DEFAULT_PROMPT_TOKENS, a.budget.remainingTokens),
        scrub,
      },
    );
  } catch (error) {
    // The prompt cannot be packed into what is left of the token budget.
    if (error instanceof RangeError) return { kind: 'stop', result: 'budget-exhausted', reason: error.message };
    throw error;
  }
  const host = createRepairHost({
    root: input.root,
    git: input.git,
    edits: a.edits,
    snapshot: input.snapshot,
    scrub,
    logger: input.logger,
    triedDiffs: a.state.triedHashes,
    expectations: input.expectations,
    rerunTargets: againRunner(input),
    ...(input.rerunTargetFiles ? { rerunTargetFiles: input.rerunTargetFiles } : {}),
    ...(input.rerunCandidate ? { rerunCandidate: input.rerunCandidate } : {}),
    named: namedFiles(input),
    onCandidateRun: (edits, run) => input.flakes.recordProviderRun(edits, run),
  });
  let answer: RepairAnswer;
  const asked = input.now();
  try {
    answer = await provider.propose(
      {
        attempt: n,
        maxAttempts: input.cap.attempts,
        failures: input.frames,
        ...(input.diagnostics?.length ? { diagnostics: input.diagnostics } : {}),
        prompt,
        history: a.state.attempts.slice(),
        budget: attemptAllowance(a.budget, input.spent, input.now()),
        commitDiff: input.commitDiff,
        ...(input.ranking ? { ranking: input.ranking } : {}),
      },
      host,
    );
  } catch (error) {
    a.clock.providerMs = Math.max(0, input.now() - asked);
    input.logger.info(`provider: failed after ${formatDuration(a.clock.providerMs)}`);
    return providerFailed(a, error);
  }
  a.clock.providerMs = Math.max(0, input.now() - asked);
  input.logger.info(`provider: answered in ${formatDuration(a.clock.providerMs)}`);
  return { kind: 'asked', answer, base: accountAnswer(input, answer) };
}

/** The files the failure names: its frames' locations and the source windows the prompt shows. */
function namedFiles(input: LoopInput): Set<string> {
  const named = new Set<string>(input.sources.map((s) => s.file));
  for (const f of input.frames) for (const at of [f.test, f.triggering, ...f.stack]) if (at?.file) named.add(at.file);
  return named;
}

/** A retryable provider error costs the attempt; anything else stops the loop with what was tried. */
function providerFailed(a: AttemptContext, error: unknown): AttemptEnd {
  const { input } = a;
  restoreSnapshot(input.snapshot);
  throwIfAborted(input.signal);
  if (error instanceof ProviderError) {
    recordAttempt(a, 'provider-error', { feedback: `${error.message}${error.hint ? ` (${error.hint})` : ''}` });
    // A retired service or an unknown model needs the configuration changed, not a retry.
    if (!error.retryable)
      return { kind: 'stop', result: providerErrorResult(error), reason: describeProviderError(error) };
    return NEXT;
  }
  // Anything else is a bug at the provider boundary: stop, but keep the report of what was tried.
  const message = error instanceof Error ? error.message : String(error);
  recordAttempt(a, 'provider-error', { feedback: `the provider failed unexpectedly: ${message}` });
  return {
    kind: 'stop',
    result: 'provider-error',
    reason: `the ${input.provider.name} provider failed unexpectedly: ${message}`,
  };
}

/** The answer's tokens go to the spending; its notes (scrubbed, bounded) and detail to the record. */
function accountAnswer(input: LoopInput, answer: RepairAnswer): Asked['base'] {
  const tokens: TokenUsage = { input: answer.usage?.input ?? 0, output: answer.usage?.output ?? 0 };
  input.spent.tokens.input += tokens.input;
  input.spent.tokens.output += tokens.output;
  const detail: Record<string, unknown> = { ...(answer.detail ?? {}) };
  if (answer.notes) detail.notes = clip(input.scrub(answer.notes), MAX_NOTES_CHARS);
  return { tokens, detail: Object.keys(detail).length ? detail : undefined };
}

/** The provider has nothing left to try: the run ends unhealed now, saying so. */
function providerExhausted(a: AttemptContext, base: Asked['base']): AttemptEnd {
  const why =
    typeof base.detail?.notes === 'string' ? base.detail.notes : `${a.input.provider.name} has nothing left to try`;
  return { kind: 'stop', result: 'unhealed', reason: `${noneAccepted(a.state.attempts)}; ${why}` };
}

/** 3. Apply, 4. restore the tests' own files, 5. the final guardrail pass, the size cap and the duplicate check. */
async function applyProposal(a: AttemptContext, asked: Asked): Promise<Applied | AttemptEnd> {
  const { input, state, n } = a;
  const { snapshot } = input;
  const { answer, base } = asked;
  const applied = await applyAnswer(input, a.edits, answer);
  if (applied.files.length === 0) {
    restoreSnapshot(snapshot);
    if (applied.problems)
      recordAttempt(a, 'rejected-edits', {
        ...base,
        feedback: `Every proposed change was refused or did not apply:\n${applied.problems}`,
      });
    // The provider's own account says why (the built-in engine: how many candidates it ran).
    else
      recordAttempt(a, 'no-edits', {
        ...base,
        feedback:
          typeof base.detail?.notes === 'string'
            ? `No change was proposed: ${base.detail.notes}`
            : 'No change was proposed.',
      });
    if (answer.exhausted && !applied.problems) return providerExhausted(a, base);
    return NEXT;
  }
  const { diff, truncated } = await diffSinceSnapshot(snapshot, applied.files, MAX_ATTEMPT_DIFF_BYTES);
  if (truncated) {
    restoreSnapshot(snapshot);
    recordAttempt(a, 'rejected-edits', {
      ...base,
      files: applied.files,
      feedback: `The change is larger than ${MAX_ATTEMPT_DIFF_BYTES} bytes; a fix must be small and focused.`,
    });
    return NEXT;
  }
  const recorded = { ...base, diff: clip(diff, MAX_RECORDED_DIFF_CHARS), files: applied.files };
  const hash = hashDiff(diff);
  const earlier = state.tried.get(hash);
  if (earlier !== undefined) {
    restoreSnapshot(snapshot);
    const previous = state.attempts.find((p) => p.n === earlier);
    // Its headline, as a clause: the punctuation it ended with ("…environment.") goes.
    const why = previous && feedbackHeadline(previous).replace(/[\s.:;]+$/, '');
    recordAttempt(a, 'duplicate', {
      ...recorded,
      feedback: `This is the same change as attempt ${earlier}, which was not accepted${why ? `: ${why}` : ''}. It was not run again; propose a different fix.`,
    });
    return NEXT;
  }
  state.tried.set(hash, n);
  state.triedHashes.add(hash);
  const refusedNote = applied.problems ? `\nRefused and rolled back:\n${applied.problems}` : '';
  const key = !answer.editedInPlace && answer.edits.length > 0 ? editsKey(answer.edits) : undefined;
  return { kind: 'applied', files: applied.files, diff, recorded, refusedNote, ...(key ? { key } : {}) };
}

/** 6. The failing tests first, then the whole suite; 7. accepted, or restored with its verdict. */
async function verifyAttempt(a: AttemptContext, applied: Applied): Promise<AttemptEnd> {
  const { input, n } = a;
  const { snapshot } = input;
  const { recorded, refusedNote } = applied;
  throwIfAborted(input.signal);
  const { rerunTargets } = input;
  a.candidate = input.flakes.candidate(applied.key);
  let full: RunOutcome | undefined;
  let targeted: Judgement | undefined;
  if (rerunTargets) {
    const run = await timedRun(a, 'targeted rerun', () => rerunTargets(`attempt-${n}-targeted`));
    a.candidate.observe(runEvidence('the targeted rerun', run));
    targeted = judgeTargets(input.expectations, run);
    if (targeted.verdict !== 'accepted')
      return (await flakyChange(a, applied, targeted)) ?? rejectVerified(a, applied, targeted);
    // A rerun that fell back to the full command is the full run.
    if (run.fullRun) full = run;
  }
  throwIfAborted(input.signal);
  // On CI, a candidate that special-cases the tests is refused before it costs a round.
  if (input.fullOnCi && !full && (await specialCased(a, applied, targeted ?? judgeTargets(input.expectations, NO_RUN))))
    return NEXT;
  const { runSubset } = input;
  if (runSubset && !full) {
    // Counted with the targeted rerun: both are the runner's part of verifying before CI.
    const subset = judgeSubset(
      input.expectations,
      await timedRun(a, 'subset run', () => runSubset(`attempt-${n}-subset`)),
    );
    if (subset.verdict !== 'accepted') return rejectVerified(a, applied, subset);
  }
  if (!full) {
    full = await timedRun(a, 'full run', () => input.runFull(`attempt-${n}-full`, applied.files));
    a.candidate.observe(runEvidence(full.ci ? 'its CI round' : 'the full run', full));
  }
  if (full.unverified) return unverifiedRound(a, applied, full);
  const judged = judgeFull(input.expectations, full);
  const ci = full.ci ? { ci: full.ci } : {};
  // Tests that broke may have needed a variable the candidate's runs did not get: the record says which.
  const withheld =
    judged.verdict === 'broke-passing' && full.withheldEnv?.length ? { withheldEnv: [...full.withheldEnv] } : {};
  if (judged.verdict !== 'accepted')
    return (await flakyChange(a, applied, judged, ci)) ?? rejectVerified(a, applied, judged, { ...ci, ...withheld });
  if (!input.fullOnCi && (await specialCased(a, applied, judged))) return NEXT;
  const unconfirmed = await confirmChange(a, applied, judged);
  if (unconfirmed) return unconfirmed;
  // 7. Accepted. What the test runs left behind (not part of the fix) goes back to the snapshot.
  const fix = new Set(applied.files);
  const leftovers = changedPaths(snapshot).filter((p) => !fix.has(p));
  if (leftovers.length > 0) restoreSnapshot(snapshot, leftovers);
  recordAttempt(a, 'accepted', {
    ...recorded,
    ...ci,
    feedback: refusedNote.trim(),
    failToPass: judged.failToPass,
    passToPass: judged.passToPass,
  });
  return { kind: 'accepted', accepted: { attempt: n, diff: applied.diff, files: applied.files } };
}

/** The failing tests' rerun once a change passed: targeted, else the full test command here. */
function againRunner(input: LoopInput): (label: string) => Promise<RunOutcome> {
  return input.rerunTargets ?? ((label) => input.runFull(label, []));
}

/**
 * After every run of the change passed: one more targeted rerun, or as many as rule out a flake
 * once one was suspected (`flake-watch.ts`); undefined when they all passed.
 */
async function confirmChange(a: AttemptContext, applied: Applied, judged: Judgement): Promise<AttemptEnd | undefined> {
  const { input, n } = a;
  const { flakes } = input;
  const candidate = a.candidate!;
  // A provider's own run of the same edits that failed: the change both passed and failed.
  const early = await flakyChange(a, applied, judged);
  if (early) return early;
  const need = flakes.needed(candidate);
  if (!need.reached) return unreachableConfidence(a, applied, judged, need.total);
  if (need.extra > 1)
    input.logger.info(
      `attempt ${n}: flakiness was seen (${flakes.signs[0]}), so the failing tests must pass ${need.total} runs in a row: ${plural(need.extra, 'more targeted rerun')}`,
    );
  const again = againRunner(input);
  for (let i = 1; i <= need.extra; i++) {
    const run = await timedRun(a, 'targeted rerun', () => again(`attempt-${n}-again-${i}`));
    flakes.extraRuns++;
    candidate.observe(runEvidence(`rerun ${i} of the change`, run));
    const judgedAgain = judgeTargets(input.expectations, run);
    if (judgedAgain.verdict !== 'accepted')
      return (await flakyChange(a, applied, judgedAgain)) ?? rejectVerified(a, applied, judgedAgain);
  }
  return undefined;
}

/**
 * A change whose runs both passed and failed a failing test is not a fix (`flaky`): the tree goes
 * back, and the unchanged code is rerun until it passes (the test is flaky: the loop stops) or its
 * passing at the change's rate is ruled out. Undefined when no run of the change passed and failed.
 */
async function flakyChange(
  a: AttemptContext,
  applied: Applied,
  judged: Judgement,
  extra: Partial<Attempt> = {},
): Promise<AttemptEnd | undefined> {
  const { input, n } = a;
  const { flakes } = input;
  const candidate = a.candidate!;
  const ids = candidate.passedAndFailed();
  if (ids.length === 0) return undefined;
  restoreSnapshot(input.snapshot);
  const said = flakes.describeCandidate(candidate, ids, n);
  flakes.signs.push(said);
  const probe = await probeUnchanged(a, candidate, ids);
  const found = probe.flaky.length > 0;
  recordAttempt(a, 'flaky', {
    ...applied.recorded,
    ...extra,
    feedback: `The failing tests passed and failed with this same change (${said}): that is a flaky test, not a fix. ${found ? `Without the change, ${namedList(probe.flaky)} passed too.` : `Without the change, they failed ${plural(probe.runs, 'more run')} in a row.`}`,
    failToPass: judged.failToPass,
    ...(judged.passToPass ? { passToPass: judged.passToPass } : {}),
  });
  if (!found) return NEXT;
  flakes.concluded = probe.flaky;
  return { kind: 'stop', result: 'not-reproduced', reason: flakes.describeFlaky(probe.flaky, candidate, n) };
}

/** Reruns the unchanged code, stopping at the first pass of a failing test. */
async function probeUnchanged(
  a: AttemptContext,
  candidate: RunTally,
  ids: readonly string[],
): Promise<{ flaky: string[]; runs: number }> {
  const { input, n } = a;
  const { flakes } = input;
  const most = flakes.probeRuns(candidate, ids);
  input.logger.info(`attempt ${n}: rerunning the failing tests without the change, up to ${plural(most, 'time')}`);
  const again = againRunner(input);
  const targets = input.expectations.failToPass;
  for (let i = 1; i <= most; i++) {
    const run = await timedRun(a, 'targeted rerun', () => again(`attempt-${n}-unchanged-${i}`));
    flakes.extraRuns++;
    const seen = flakes.unchanged.observe(runEvidence(`rerun ${flakes.unchanged.runs + 1} without a change`, run));
    const passed = targets.filter((id) => seen.get(id)?.passed);
    if (passed.length > 0) return { flaky: passed, runs: i };
  }
  return { flaky: [], runs: most };
}

/** Signs of flakiness, and the cap cannot reach 99%: not accepted, and no later change could be. */
function unreachableConfidence(a: AttemptContext, applied: Applied, judged: Judgement, total: number): AttemptEnd {
  restoreSnapshot(a.input.snapshot);
  const feedback = a.input.flakes.describeUnreachable(total);
  recordAttempt(a, 'flaky', {
    ...applied.recorded,
    feedback,
    failToPass: judged.failToPass,
    ...(judged.passToPass ? { passToPass: judged.passToPass } : {}),
  });
  return { kind: 'stop', result: 'unhealed', reason: `attempt ${a.n} passed every run, but ${feedback}` };
}

/** A run that did not accept the attempt: the tree goes back, and the record keeps the run's counts. */
function rejectVerified(
  a: AttemptContext,
  applied: Applied,
  judged: Judgement,
  extra: Partial<Attempt> = {},
): AttemptEnd {
  restoreSnapshot(a.input.snapshot);
  recordAttempt(a, judged.verdict, {
    ...applied.recorded,
    ...extra,
    feedback: judged.feedback + applied.refusedNote,
    failToPass: judged.failToPass,
    ...(judged.passToPass ? { passToPass: judged.passToPass } : {}),
  });
  return NEXT;
}

/** The counts of an attempt with no targeted rerun, refused before its CI round: nothing ran yet. */
const NO_RUN: RunOutcome = { cases: [], frames: [], exitCode: null, timedOut: false, output: '', durationMs: 0 };

/**
 * A CI round with no verdict (cancelled, timed out, never started, a shard without a report): never
 * healed, and the loop stops — the next candidate's round would meet the same CI.
 */
function unverifiedRound(a: AttemptContext, applied: Applied, full: RunOutcome): AttemptEnd {
  const { reason, config } = full.unverified!;
  restoreSnapshot(a.input.snapshot);
  recordAttempt(a, 'unverified', { ...applied.recorded, feedback: reason, ...(full.ci ? { ci: full.ci } : {}) });
  return {
    kind: 'stop',
    result: config ? 'config-error' : 'unverified',
    reason: `attempt ${a.n} passed in the runner, but its CI round gave no verdict: ${reason}`,
  };
}

/** Step 7's gate: an attempt that passes by recognising the tests is rolled back like any rejected one. */
async function specialCased(a: AttemptContext, applied: Applied, judged: Judgement): Promise<boolean> {
  const { input } = a;
  if (input.options.allowSpecialCases) return false;
  const special = await a.state.specialCases.check(applied.diff, applied.files);
  if (special.length === 0) return false;
  restoreSnapshot(input.snapshot);
  recordAttempt(a, 'special-cased', {
    ...applied.recorded,
    feedback: specialCaseFeedback(special),
    specialCases: special,
    failToPass: judged.failToPass,
    passToPass: judged.passToPass,
  });
  return true;
}

/**
 * Steps 3–5: the answer's edits (all or none), or the tree an in-place agent changed, through the
 * guardrails; then the failing tests' own files back; then the whole change checked once more.
 */
async function applyAnswer(input: LoopInput, editCtx: EditContext, answer: RepairAnswer): Promise<AppliedAnswer> {
  const { snapshot, logger } = input;
  const problems: string[] = [];
  if (answer.edits.length > 0) {
    const applied = await applyEdits(editCtx, answer.edits);
    if (!applied.check.ok) problems.push(describeProblems(applied.check.problems));
    if (applied.tolerantMatches > 0)
      logger.info(`${plural(applied.tolerantMatches, 'edit')} matched with whitespace tolerance`);
  }
  if (!answer.editedInPlace && answer.edits.length === 0) return { files: [], problems: '' };

  // The tests' own files come back first, whatever was allowed: a test cannot be changed to pass.
  let changed = changedPaths(snapshot);
  const testTouched = changed.filter((p) => input.testFiles.has(p));
  if (testTouched.length > 0) {
    restoreSnapshot(snapshot, testTouched);
    problems.push(
      testTouched
        .map((p) => `- \`${p}\` is the failing test's own file; it was restored (a test is never changed to pass)`)
        .join('\n'),
    );
    logger.warn(`restored ${plural(testTouched.length, 'file')} of the failing tests: ${testTouched.join(', ')}`);
    changed = changedPaths(snapshot);
  }
  const refused: string[] = [];
  const candidates = changed.filter((p) => {
    const check = editCtx.guard.checkWrite(p);
    if (!check.ok) {
      refused.push(p);
      problems.push(`- \`${p}\`: ${check.reason}`);
    }
    return check.ok;
  });
  // git status never lists ignored files, so every changed path here is one git would commit.
  // A model's edits had their content judged before they were written (`apply-edits.ts`).
  const unfit = answer.editedInPlace ? await refuseContent(input, editCtx, candidates) : [];
  for (const { path: p, reason } of unfit) {
    refused.push(p);
    problems.push(`- ${reason}`);
  }
  const files = candidates.filter((p) => !unfit.some((u) => u.path === p));
  if (refused.length > 0) {
    restoreSnapshot(snapshot, refused);
    logger.warn(`refused and rolled back: ${refused.slice(0, 10).join(', ')}${refused.length > 10 ? ', …' : ''}`);
  }
  return { files, problems: problems.join('\n') };
}

/** Files larger than this are not read for the content guardrails (the edit limit is 2 MiB). */
const MAX_CONTENT_CHECK_BYTES = 2 * 1024 * 1024;

/** What an in-place agent wrote, judged by content (`edits/content-guard.ts`): the paths refused and why. */
async function refuseContent(
  input: LoopInput,
  editCtx: EditContext,
  paths: readonly string[],
): Promise<Array<{ path: string; reason: string }>> {
  const unfit: Array<{ path: string; reason: string }> = [];
  for (const p of paths) {
    const st = lstatOrNull(path.join(input.root, p));
    if (st && (!st.isFile() || st.size > MAX_CONTENT_CHECK_BYTES)) continue;
    const after = st ? readFileSync(path.join(input.root, p), 'utf8') : null;
    const change = {
      path: p,
      before: snapshotText(input.snapshot, p),
      after,
      executable: !!st && (st.mode & 0o111) !== 0,
    };
    const reason = await editCtx.guard.checkContent(change);
    if (reason) unfit.push({ path: p, reason });
  }
  return unfit;
}

function lstatOrNull(p: string): Stats | null {
  try {
    return lstatSync(p);
  } catch {
    return null;
  }
}

/**
 * The attempts: one driver, one cap. Each attempt
 * 1. checks the budget (never starts what it cannot finish),
 * 2. builds the prompt (frames, source windows, the commit's diff, the history of earlier attempts;
 *    everything scrubbed of secrets) and asks the provider,
 * 3. applies the answer (all edits or none), or, for an in-place agent, diffs the tree and puts
 *    every changed path through the same guardrails (refused paths are rolled back),
 * 4. restores the failing tests' own files (a test can never be changed to pass),
 * 5. checks the final diff again, hashes it, and skips a diff that was already tried,
 * 6. reruns the failing tests, then, only when they all pass, the full suite,
 * 7. is accepted, or restored exactly with its verdict and feedback recorded for the next one.
 * The loop stops on success, the cap, the budget, or a provider error retrying cannot fix.
 */
import type { FailureFrame } from '../contracts/failure-frame.js';
import type { HealOptions } from '../contracts/heal-options.js';
import type { Logger } from '../contracts/logger.js';
import { ProviderError, type RepairAnswer, type RepairProvider } from '../repair/provider.js';
import { changedPaths, diffSinceSnapshot, restoreSnapshot, type Snapshot } from '../workspace/tree-state.js';
import type { GitContext } from '../workspace/git.js';
import { attemptAllowance, checkBudget, type LoopCap, type Spent } from './budget.js';
import type { SourceWindow } from './context.js';
import { hashDiff } from './diff-hash.js';
import { applyEdits, describeProblems, type EditContext } from './edits/apply-edits.js';
import type { Attempt, AttemptVerdict, HealResult, TokenUsage } from '../contracts/heal-report.js';
import { buildPrompt, DEFAULT_PROMPT_TOKENS } from '../repair/prompt.js';
import { createRepairHost } from './repair-host.js';
import { judgeFull, judgeTargets, type Expectations, type Judgement, type RunOutcome } from './verdict.js';

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
  sources: SourceWindow[];
  commitDiff?: string;
  expectations: Expectations;
  /** The failing tests' own files (repo-relative): restored before every verification. */
  testFiles: ReadonlySet<string>;
  /** Rerun just the failing tests; null when only the full command can verify. */
  rerunTargets: ((label: string) => Promise<RunOutcome>) | null;
  runFull: (label: string) => Promise<RunOutcome>;
}

export interface LoopOutcome {
  attempts: Attempt[];
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

interface Applied {
  /** Paths changed since the snapshot that passed every guardrail. */
  files: string[];
  /** Refusals and non-matches, for the feedback. */
  problems: string;
}

export async function runHealLoop(input: LoopInput): Promise<LoopOutcome> {
  const { options, logger, scrub, snapshot, provider } = input;
  const attempts: Attempt[] = [];
  const tried = new Map<string, number>();
  const triedHashes = new Set<string>();
  const rerun = input.rerunTargets ?? input.runFull;

  for (let n = 1; ; n++) {
    throwIfAborted(input.signal);
    const budget = checkBudget(input.cap, input.spent, input.now());
    if (!budget.ok) {
      const capReached = input.spent.attempts >= input.cap.attempts;
      return {
        attempts,
        result: capReached ? 'unhealed' : 'budget-exhausted',
        reason: capReached
          ? `no attempt made every failing test pass; ${budget.reason}`
          : `stopped before attempt ${n}: ${budget.reason}`,
      };
    }
    const started = input.now();
    input.spent.attempts = n;
    const record = (verdict: AttemptVerdict, fields: Partial<Attempt>): Attempt => {
      const attempt: Attempt = {
        n,
        diff: '',
        files: [],
        verdict,
        feedback: '',
        tokens: { input: 0, output: 0 },
        durationMs: Math.max(0, input.now() - started),
        ...fields,
      };
      attempt.feedback = scrub(attempt.feedback);
      attempt.diff = scrub(attempt.diff);
      attempts.push(attempt);
      input.spent.attemptMs.push(attempt.durationMs);
      input.spent.attemptTokens.push(attempt.tokens.input + attempt.tokens.output);
      logger.info(`attempt ${n}: ${verdict}${attempt.feedback ? ` — ${attempt.feedback.split('\n')[0]}` : ''}`);
      return attempt;
    };

    type Step = { stop: HealResult; reason: string } | { accepted: NonNullable<LoopOutcome['accepted']> } | null;
    const edits: EditContext = { ...input.edits, ignored: rememberIgnored(input.edits.ignored) };
    const outcome = await logger.group(`attempt ${n} of ${input.cap.attempts}`, async (): Promise<Step> => {
      // 2. Ask the provider.
      let prompt;
      try {
        prompt = buildPrompt(
          {
            attempt: n,
            maxAttempts: input.cap.attempts,
            testCommand: options.testCommand,
            failures: input.frames,
            sources: input.sources,
            commitDiff: input.commitDiff,
            history: attempts,
          },
          {
            maxInputTokens: Math.min(provider.maxPromptTokens ?? DEFAULT_PROMPT_TOKENS, budget.remainingTokens),
            scrub,
          },
        );
      } catch (error) {
        // The prompt cannot be packed into what is left of the token budget.
        if (error instanceof RangeError) return { stop: 'budget-exhausted', reason: error.message };
        throw error;
      }
      const host = createRepairHost({
        root: input.root,
        git: input.git,
        edits,
        snapshot,
        scrub,
        logger,
        triedDiffs: triedHashes,
        expectations: input.expectations,
        rerunTargets: rerun,
      });
      let answer: RepairAnswer;
      try {
        answer = await provider.propose(
          {
            attempt: n,
            maxAttempts: input.cap.attempts,
            failures: input.frames,
            prompt,
            history: attempts.slice(),
            budget: attemptAllowance(budget, input.spent, input.now()),
            commitDiff: input.commitDiff,
          },
          host,
        );
      } catch (error) {
        restoreSnapshot(snapshot);
        throwIfAborted(input.signal);
        if (error instanceof ProviderError) {
          record('provider-error', { feedback: `${error.message}${error.hint ? ` (${error.hint})` : ''}` });
          if (!error.retryable) {
            // A retired service or an unknown model needs the configuration changed, not a retry.
            const stop = error.kind === 'config' || error.kind === 'model' ? 'config-error' : 'provider-error';
            return { stop, reason: `${error.message}${error.hint ? `. ${error.hint}` : ''}` };
          }
          return null;
        }
        // Anything else is a bug at the provider boundary: stop, but keep the report of what was tried.
        const message = error instanceof Error ? error.message : String(error);
        record('provider-error', { feedback: `the provider failed unexpectedly: ${message}` });
        return { stop: 'provider-error', reason: `the ${provider.name} provider failed unexpectedly: ${message}` };
      }
      const tokens: TokenUsage = { input: answer.usage?.input ?? 0, output: answer.usage?.output ?? 0 };
      input.spent.tokens.input += tokens.input;
      input.spent.tokens.output += tokens.output;
      const detail: Record<string, unknown> = { ...(answer.detail ?? {}) };
      if (answer.notes) detail.notes = clip(scrub(answer.notes), MAX_NOTES_CHARS);
      const base = { tokens, detail: Object.keys(detail).length ? detail : undefined };

      // 3. Apply, 4. restore the tests' own files, 5. the final guardrail pass.
      const applied = await applyAnswer(input, edits, answer);
      if (applied.files.length === 0) {
        restoreSnapshot(snapshot);
        if (applied.problems)
          record('rejected-edits', {
            ...base,
            feedback: `Every proposed change was refused or did not apply:\n${applied.problems}`,
          });
        // The provider's own account says why (the built-in engine: how many candidates it ran).
        else
          record('no-edits', {
            ...base,
            feedback:
              typeof detail.notes === 'string' ? `No change was proposed: ${detail.notes}` : 'No change was proposed.',
          });
        return null;
      }
      const { diff, truncated } = await diffSinceSnapshot(snapshot, applied.files, MAX_ATTEMPT_DIFF_BYTES);
      if (truncated) {
        restoreSnapshot(snapshot);
        record('rejected-edits', {
          ...base,
          files: applied.files,
          feedback: `The change is larger than ${MAX_ATTEMPT_DIFF_BYTES} bytes; a fix must be small and focused.`,
        });
        return null;
      }
      const recorded = { ...base, diff: clip(diff, MAX_RECORDED_DIFF_CHARS), files: applied.files };
      const hash = hashDiff(diff);
      const earlier = tried.get(hash);
      if (earlier !== undefined) {
        restoreSnapshot(snapshot);
        const previous = attempts.find((a) => a.n === earlier);
        record('duplicate', {
          ...recorded,
          feedback: `This is the same change as attempt ${earlier}, which was not accepted${previous?.feedback ? `: ${previous.feedback.split('\n')[0]}` : ''}. It was not run again; propose a different fix.`,
        });
        return null;
      }
      tried.set(hash, n);
      triedHashes.add(hash);
      const refusedNote = applied.problems ? `\nRefused and rolled back:\n${applied.problems}` : '';

      // 6. Verify: the failing tests first, then the whole suite.
      throwIfAborted(input.signal);
      let judged: Judgement;
      if (input.rerunTargets) {
        const targeted = await input.rerunTargets(`attempt-${n}-targeted`);
        judged = judgeTargets(input.expectations, targeted);
        if (judged.verdict !== 'accepted') {
          restoreSnapshot(snapshot);
          record(judged.verdict, {
            ...recorded,
            feedback: judged.feedback + refusedNote,
            failToPass: judged.failToPass,
          });
          return null;
        }
      }
      throwIfAborted(input.signal);
      const full = await input.runFull(`attempt-${n}-full`);
      judged = judgeFull(input.expectations, full);
      if (judged.verdict !== 'accepted') {
        restoreSnapshot(snapshot);
        record(judged.verdict, {
          ...recorded,
          feedback: judged.feedback + refusedNote,
          failToPass: judged.failToPass,
          passToPass: judged.passToPass,
        });
        return null;
      }
      // 7. Accepted. What the test runs left behind (not part of the fix) goes back to the snapshot.
      const fix = new Set(applied.files);
      const leftovers = changedPaths(snapshot).filter((p) => !fix.has(p));
      if (leftovers.length > 0) restoreSnapshot(snapshot, leftovers);
      record('accepted', {
        ...recorded,
        feedback: refusedNote.trim(),
        failToPass: judged.failToPass,
        passToPass: judged.passToPass,
      });
      return { accepted: { attempt: n, diff, files: applied.files } };
    });

    if (outcome && 'stop' in outcome) return { attempts, result: outcome.stop, reason: outcome.reason };
    if (outcome && 'accepted' in outcome) {
      return {
        attempts,
        result: 'healed',
        reason: `attempt ${n} made ${input.expectations.failToPass.length} failing test(s) pass without breaking any of the ${input.expectations.passToPass.length} passing test(s)`,
        accepted: outcome.accepted,
      };
    }
  }
}

/**
 * Steps 3–5: the answer's edits (all or none), or the tree an in-place agent changed, through the
 * guardrails; then the failing tests' own files back; then the whole change checked once more.
 */
async function applyAnswer(input: LoopInput, editCtx: EditContext, answer: RepairAnswer): Promise<Applied> {
  const { snapshot, logger } = input;
  const problems: string[] = [];
  if (answer.edits.length > 0) {
    const applied = await applyEdits(editCtx, answer.edits);
    if (!applied.check.ok) problems.push(describeProblems(applied.check.problems));
    if (applied.tolerantMatches > 0)
      logger.info(`${applied.tolerantMatches} edit(s) matched with whitespace tolerance`);
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
    logger.warn(`restored the failing tests' own file(s): ${testTouched.join(', ')}`);
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
  const files = candidates;
  if (refused.length > 0) {
    restoreSnapshot(snapshot, refused);
    logger.warn(`refused and rolled back: ${refused.slice(0, 10).join(', ')}${refused.length > 10 ? ', …' : ''}`);
  }
  return { files, problems: problems.join('\n') };
}

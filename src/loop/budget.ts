/**
 * The loop's one cap: attempts (default 3, never more than 5), tokens over all attempts, and wall
 * time for the whole run. An attempt is only started when what is left can cover it, estimated
 * from what the run has measured so far: the slowest earlier attempt, or, before the first, the
 * verification it will need (a targeted rerun plus the full suite, as long as the baseline took).
 * Stopping early with `budget-exhausted` beats being killed mid-attempt by the job's timeout.
 */
import { MAX_ATTEMPTS_HARD_CAP } from '../contracts/heal-options.js';
import type { TokenUsage } from '../contracts/heal-report.js';
import { plural } from '../text/format.js';

export interface LoopCap {
  attempts: number;
  tokens: number;
  wallMs: number;
}

export function createCap(options: { maxAttempts: number; maxTokens: number; maxSeconds: number }): LoopCap {
  return {
    attempts: Math.max(1, Math.min(options.maxAttempts, MAX_ATTEMPTS_HARD_CAP)),
    tokens: options.maxTokens,
    wallMs: options.maxSeconds * 1000,
  };
}

export interface Spent {
  startedAt: number;
  attempts: number;
  tokens: TokenUsage;
  /** Duration of each finished attempt. */
  attemptMs: number[];
  /** Token usage of each finished attempt (input + output). */
  attemptTokens: number[];
  /** The baseline's full run, the best guess of a verification run before any attempt. */
  fullRunMs: number;
  /** The targeted confirmation rerun, when there was one. */
  targetedRunMs?: number;
}

export type BudgetCheck =
  { ok: true; remainingMs: number; remainingTokens: number; estimateMs: number } | { ok: false; reason: string };

/** What the next attempt is expected to take, in milliseconds. */
export function estimateAttemptMs(spent: Spent): number {
  if (spent.attemptMs.length > 0) return Math.max(...spent.attemptMs);
  return spent.fullRunMs + (spent.targetedRunMs ?? spent.fullRunMs);
}

/** May attempt `spent.attempts + 1` start? */
export function checkBudget(cap: LoopCap, spent: Spent, now: number): BudgetCheck {
  if (spent.attempts >= cap.attempts)
    return { ok: false, reason: `the limit of ${plural(cap.attempts, 'attempt')} was reached` };
  const remainingMs = spent.startedAt + cap.wallMs - now;
  const estimateMs = estimateAttemptMs(spent);
  if (remainingMs < estimateMs) {
    return {
      ok: false,
      reason: `the time budget (${Math.round(cap.wallMs / 1000)}s) has ${Math.max(0, Math.round(remainingMs / 1000))}s left, and an attempt is expected to take ${Math.round(estimateMs / 1000)}s`,
    };
  }
  const used = spent.tokens.input + spent.tokens.output;
  const remainingTokens = cap.tokens - used;
  const tokenEstimate = spent.attemptTokens.length > 0 ? Math.max(...spent.attemptTokens) : 1;
  if (remainingTokens < tokenEstimate) {
    return {
      ok: false,
      reason: `the token budget (${cap.tokens}) has ${Math.max(0, remainingTokens)} left, and an attempt used up to ${tokenEstimate}`,
    };
  }
  return { ok: true, remainingMs, remainingTokens, estimateMs };
}

/** The slice of the budget handed to a provider for one attempt (it must leave time to verify). */
export function attemptAllowance(check: Extract<BudgetCheck, { ok: true }>, spent: Spent, now: number) {
  const verifyMs = spent.fullRunMs + (spent.targetedRunMs ?? spent.fullRunMs);
  const outputTokens = Math.max(1, Math.min(4_000, Math.floor(check.remainingTokens / 4)));
  return {
    inputTokens: Math.max(1, check.remainingTokens - outputTokens),
    outputTokens,
    deadline: now + Math.max(0, check.remainingMs - verifyMs),
  };
}

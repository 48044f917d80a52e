import { z } from 'zod';
import { FailureFrame, ParseSummary } from './failure-frame.js';

/** Every run ends with one of these (closed set). */
export const HealResult = z.enum([
  'healed',
  'unhealed',
  'not-reproduced',
  'nothing-to-heal',
  'budget-exhausted',
  'provider-error',
  'unsafe',
  'config-error',
]);
export type HealResult = z.infer<typeof HealResult>;

export const AttemptVerdict = z.enum([
  /** Every fail-to-pass test passes and every pass-to-pass test still passes. */
  'accepted',
  /** At least one target test still fails. */
  'targets-failed',
  /** The targets pass but a test that passed before now fails, vanished or became skipped. */
  'broke-passing',
  /** The same normalised diff was tried before; not run again. */
  'duplicate',
  /** Every proposed edit was refused by the guardrails or did not match. */
  'rejected-edits',
  /** The provider proposed no change. */
  'no-edits',
  /** The provider failed (after retries). */
  'provider-error',
  /** A test run hit its timeout. */
  'timeout',
]);
export type AttemptVerdict = z.infer<typeof AttemptVerdict>;

export const TokenUsage = z.object({
  input: z.number().int().nonnegative(),
  output: z.number().int().nonnegative(),
});
export type TokenUsage = z.infer<typeof TokenUsage>;

export const Attempt = z.object({
  n: z.number().int().positive(),
  /** Unified diff of the attempt (bounded), empty when nothing was applied. */
  diff: z.string(),
  files: z.array(z.string()),
  verdict: AttemptVerdict,
  /** What went wrong, pruned: the text the next attempt is told. */
  feedback: z.string(),
  tokens: TokenUsage,
  durationMs: z.number().nonnegative(),
  failToPass: z.object({ passed: z.number().int(), total: z.number().int() }).optional(),
  passToPass: z.object({ passed: z.number().int(), total: z.number().int(), broken: z.array(z.string()) }).optional(),
  /** Provider-specific detail (for example, the built-in engine's templates and candidates). */
  detail: z.record(z.string(), z.unknown()).optional(),
});
export type Attempt = z.infer<typeof Attempt>;

export const HealReport = z.object({
  schemaVersion: z.literal(1),
  result: HealResult,
  reason: z.string(),
  /**
   * The provider that made the attempts and the model that answered. When `auto` fell back, `name` is
   * the one used (`builtin`), `fallbackFrom` the one it meant to use and `reason` why not.
   */
  provider: z.object({
    name: z.string(),
    model: z.string().optional(),
    fallbackFrom: z.string().optional(),
    reason: z.string().optional(),
  }),
  testCommand: z.string(),
  /** Baseline counts of the run under test. */
  summary: ParseSummary,
  failures: z.array(FailureFrame),
  attempts: z.array(Attempt),
  /** Ids of tests that failed in the report but passed on rerun. */
  flaky: z.array(z.string()),
  /** The accepted diff, when healed. */
  diff: z.string().optional(),
  commit: z.object({ sha: z.string(), message: z.string() }).optional(),
  tokens: TokenUsage,
  durationMs: z.number().nonnegative(),
  /** How to reproduce the failure locally (a shell command). */
  reproduce: z.string().optional(),
});
export type HealReport = z.infer<typeof HealReport>;

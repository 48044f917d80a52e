import { z } from 'zod';
import { DiagnosticFrame, FailureFrame, ParseSummary } from './failure-frame.js';

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
  /** A candidate passed in the runner, but its CI run gave no verdict (cancelled, timed out, a shard without a report). */
  'unverified',
]);
export type HealResult = z.infer<typeof HealResult>;

export const AttemptVerdict = z.enum([
  /** Every fail-to-pass test passes and every pass-to-pass test still passes. */
  'accepted',
  /** At least one target test still fails. */
  'targets-failed',
  /** No target test failed, but one did not run (missing from the report, or skipped), even with the full command. */
  'not-run',
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
  /** The tests pass, but the change special-cases them (hard-coded inputs, the test's name or environment): rolled back. */
  'special-cased',
  /** The CI run of the candidate gave no verdict: cancelled, timed out, never started, or a shard without a report. */
  'unverified',
  /** The failing tests passed and failed with this same change, or it could not pass enough runs to rule out a flake: not a fix. */
  'flaky',
]);
export type AttemptVerdict = z.infer<typeof AttemptVerdict>;

/** One CI run of a candidate (verify: ci): where it ran, how it ended, and what its shards said. */
export const CiRound = z.object({
  /** The candidate commit pushed to `branch`. */
  sha: z.string(),
  branch: z.string(),
  runId: z.number().int().optional(),
  url: z.string().optional(),
  /** `success`, `failure`, `cancelled`, `timed_out`, … or `not-started` when no run appeared in time. */
  conclusion: z.string(),
  /** Each job (shard): its name and conclusion. */
  shards: z.array(z.object({ name: z.string(), conclusion: z.string() })),
  /** The artifacts that carried JUnit reports. */
  reports: z.array(z.string()).optional(),
  /** Ids of the tests that failed or broke in this run (bounded). */
  broke: z.array(z.string()),
  /** Why the run gave no verdict, when it did not. */
  unverified: z.string().optional(),
  /** Time spent waiting on CI (push to verdict), ms. */
  waitMs: z.number().nonnegative(),
});
export type CiRound = z.infer<typeof CiRound>;

/** A line of code cited as evidence: repo-relative file, 1-based line, its text (trimmed, bounded). */
export const CodeSite = z.object({
  file: z.string(),
  line: z.number().int().positive(),
  text: z.string(),
});
export type CodeSite = z.infer<typeof CodeSite>;

/** Why an attempt was found to special-case the failing tests: one literal, where the patch wrote it, where the tests have it. */
export const SpecialCaseEvidence = z.object({
  /**
   * `input-condition`: a condition the patch added compares with a literal of a failing test's inputs;
   * `expected-value`: the patch returns or assigns a literal equal to a value a failing test expects;
   * `test-identity`: the patch branches on the test's name or file or on a test-only environment variable;
   * `encoded-cases`: a JSON or CSV string the patch adds holds a failing test's input and expected value;
   * `table-rebind`: the patch rebinds an existing function to a wrapper that answers from a table first;
   * `environment-data`: the patch answers with a failing test's expected value when the environment lacks
   * what the test needs (a variable unset, a service not configured).
   */
  rule: z.enum([
    'input-condition',
    'expected-value',
    'test-identity',
    'encoded-cases',
    'table-rebind',
    'environment-data',
  ]),
  /** The literal or name as the patch writes it. */
  literal: z.string(),
  patch: CodeSite,
  /** The test line the literal came from (absent for a test-only environment variable and a rebind). */
  test: CodeSite.optional(),
  /** When `test` is a line of test data (a fixture, a snapshot, a helper's table): the test file that reads it. */
  dataReadBy: z.string().optional(),
});
export type SpecialCaseEvidence = z.infer<typeof SpecialCaseEvidence>;

export const TokenUsage = z.object({
  input: z.number().int().nonnegative(),
  output: z.number().int().nonnegative(),
});
export type TokenUsage = z.infer<typeof TokenUsage>;

/**
 * What an attempt's test runs wrote outside the work tree: `sandbox`, contained in layers that were
 * discarded; `scan`, not contained: what changed in `$HOME`, the tool cache and the temporary
 * directories while they ran (another process's writes included). Paths bounded, `total` all.
 */
export const WrittenOutside = z.object({
  mode: z.enum(['sandbox', 'scan']),
  paths: z.array(z.string()),
  total: z.number().int().nonnegative(),
  truncated: z.boolean(),
});
export type WrittenOutside = z.infer<typeof WrittenOutside>;

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
  failToPass: z
    .object({
      passed: z.number().int(),
      total: z.number().int(),
      /** Targets that did not run (missing from the report, or skipped): neither passed nor failed. */
      notRun: z.number().int().optional(),
    })
    .optional(),
  passToPass: z.object({ passed: z.number().int(), total: z.number().int(), broken: z.array(z.string()) }).optional(),
  /** Provider-specific detail (for example, the built-in engine's templates and candidates). */
  detail: z.record(z.string(), z.unknown()).optional(),
  /** Why the attempt was found to special-case the failing tests (verdict `special-cased`). */
  specialCases: z.array(SpecialCaseEvidence).optional(),
  /** The attempt's CI run (verify: ci). */
  ci: CiRound.optional(),
  /** What its test runs wrote outside the work tree (absent when they were not contained or watched). */
  writtenOutside: WrittenOutside.optional(),
  /**
   * Variables that look like credentials, withheld from its test runs, when tests that passed broke
   * (they may need one: `pass-env`).
   */
  withheldEnv: z.array(z.string()).optional(),
});
export type Attempt = z.infer<typeof Attempt>;

/**
 * Where an attempt's time went (ms). The runs are the test command's own wall time; reading their
 * reports is self-heal's. A phase that did not happen is absent.
 */
export const AttemptTimings = z.object({
  /** The attempt (`attempts[].n`). */
  n: z.number().int().positive(),
  /** The provider's answer: the model's turns, an agent's run, the built-in engine's search (its candidate runs included). */
  providerMs: z.number().nonnegative(),
  /** The targeted rerun of the failing tests. */
  targetedRerunMs: z.number().nonnegative().optional(),
  /** The full test run. */
  fullRunMs: z.number().nonnegative().optional(),
  /** Waiting on the CI run that verified the candidate (verify: ci); counted in `fullRunMs` too. */
  ciWaitMs: z.number().nonnegative().optional(),
  /**
   * self-heal's own share: the attempt's `durationMs` less the provider and the runs (the prompt,
   * edits and guardrails, the diff, reading the reports, the special-casing check, the rollback).
   */
  selfHealMs: z.number().nonnegative(),
});
export type AttemptTimings = z.infer<typeof AttemptTimings>;

/** Where the run's time went (ms), phase by phase; the whole is `durationMs`. */
export const HealTimings = z.object({
  /** The baseline's full test runs; absent when the step's fresh reports were reused instead. */
  baselineMs: z.number().nonnegative().optional(),
  /** The targeted reruns that confirmed the failures; absent when there was none. */
  confirmationMs: z.number().nonnegative().optional(),
  /** One entry per attempt, in order. */
  attempts: z.array(AttemptTimings),
  /** heal()'s local commit of the fix; absent when it made none. */
  commitMs: z.number().nonnegative().optional(),
  /** The one extra targeted run that recorded the failing tests' execution; absent when none ran. */
  spectrumMs: z.number().nonnegative().optional(),
  /** The reruns that told a flake from a failure before the first attempt; absent when none ran. */
  reproductionMs: z.number().nonnegative().optional(),
});
export type HealTimings = z.infer<typeof HealTimings>;

/** Where the fault was localised before the first attempt (`repair/ranking/`). */
export const Localisation = z.object({
  /** `spectrum`: from the failing tests' recorded execution; `static`: from the failure frames alone. */
  source: z.enum(['spectrum', 'static']),
  /** What was recorded, or why nothing was. */
  note: z.string(),
  /** The top functions, most suspicious first. */
  functions: z.array(
    z.object({
      file: z.string(),
      name: z.string().optional(),
      startLine: z.number().int(),
      endLine: z.number().int(),
      score: z.number(),
      why: z.string(),
    }),
  ),
});
export type Localisation = z.infer<typeof Localisation>;

/** A failure whose evidence points at the environment, not the code (`loop/environment-causes.ts`). */
export const EnvironmentCause = z.object({
  /** The failing test. */
  test: z.string(),
  kind: z.enum(['variable', 'service', 'host', 'file', 'credentials']),
  /** The variable, the address, the host, the path, or the SDK's words. */
  subject: z.string(),
  /** Where it was read: `file:line` of the triggering frame (else the test's line). */
  at: z.string().optional(),
  /** The sentence the log and the summary show. */
  detail: z.string(),
});
export type EnvironmentCause = z.infer<typeof EnvironmentCause>;

/** How the failures reproduced before any change: as themselves, not reliably, or not as themselves. */
export const ReproductionVerdict = z.enum(['reproduced', 'flaky', 'fails-differently']);
export type ReproductionVerdict = z.infer<typeof ReproductionVerdict>;

/** One failing test over the runs of the unchanged code (`loop/reproduction.ts`). */
export const ReproducedTest = z.object({
  id: z.string(),
  verdict: ReproductionVerdict,
  /** Runs in which it ran, and of those, in how many it failed. */
  runs: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** `fails-differently`: how it failed in CI (`first`: or in the baseline's own full run), how here, and in which run. */
  ci: z.string().optional(),
  here: z.string().optional(),
  run: z.string().optional(),
  first: z.string().optional(),
});
export type ReproducedTest = z.infer<typeof ReproducedTest>;

export const Reproduction = z.object({
  /** `flaky` or `fails-differently` when that is why nothing was healed; `reproduced` otherwise. */
  verdict: ReproductionVerdict,
  /** The failing tests (bounded), each with its counts over the unchanged code's runs. */
  tests: z.array(ReproducedTest),
  /** Signs of flakiness seen (a pass without a change, messages that changed, a change that passed and failed). */
  signs: z.array(z.string()),
  /** Reruns made to tell a flake from a failure (before the attempts and during them). */
  extraRuns: z.number().int().nonnegative(),
  /** Failures whose evidence points at the environment, said before any attempt. */
  environment: z.array(EnvironmentCause),
  /** How the user's runner quarantines a flaky test, when one was found. */
  quarantine: z.string().optional(),
});
export type Reproduction = z.infer<typeof Reproduction>;

/** Why heal() left an accepted fix uncommitted in the work tree. */
export const UncommittedReason = z.enum([
  /** The caller asked for no commit (`--no-commit`; the action, whose delivery makes the commit). */
  'commit-disabled',
  /** The work tree had tracked changes of its own at the start (`allowDirty`): a commit could take them along. */
  'dirty-tree',
  /** The commit was tried and failed (`commitError`); the fix is in the work tree. */
  'commit-failed',
]);
export type UncommittedReason = z.infer<typeof UncommittedReason>;

/** The accepted fix, as state: what an adapter commits or delivers, without reading the reason. */
export const HealFix = z.object({
  /** The accepted attempt's number (its entry in `attempts`). */
  attempt: z.number().int().positive(),
  /** Repo-relative paths the fix changed; its diff is the report's `diff`. */
  files: z.array(z.string()),
  /** Why heal() did not commit it; absent when it did (`commit`). */
  uncommitted: UncommittedReason.optional(),
  /** The commit's error, when `uncommitted` is `commit-failed`. */
  commitError: z.string().optional(),
});
export type HealFix = z.infer<typeof HealFix>;

/** Why targeted reruns fell back to the targets' files or to the full command (said once). */
export const RerunFallback = z.object({
  /** Where reruns start since: the targets' test files, or the full test command. */
  level: z.enum(['files', 'full']),
  reason: z.string(),
});
export type RerunFallback = z.infer<typeof RerunFallback>;

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
  /** What compilers, type checkers, linters and formatters reported at baseline; absent when nothing. */
  diagnostics: z.array(DiagnosticFrame).optional(),
  attempts: z.array(Attempt),
  /** Ids of tests that failed in the report but passed on rerun. */
  flaky: z.array(z.string()),
  /** The accepted diff, when healed. */
  diff: z.string().optional(),
  /** The accepted fix, when healed. */
  fix: HealFix.optional(),
  /** The commit heal() made of the fix on HEAD (the CLI; the action's delivery commits itself). */
  commit: z.object({ sha: z.string(), message: z.string() }).optional(),
  tokens: TokenUsage,
  durationMs: z.number().nonnegative(),
  /** Where the time went: the baseline's runs and each attempt's split (absent before a baseline ran). */
  timings: HealTimings.optional(),
  /** How to reproduce the failure locally (a shell command). */
  reproduce: z.string().optional(),
  /** Why reruns of the failing tests did not select them by name; absent when they did. */
  rerunFallback: RerunFallback.optional(),
  /** Where the full verification ran (`runner`, or the user's CI) and why. */
  verify: z.object({ mode: z.enum(['runner', 'ci']), reason: z.string() }).optional(),
  /** Where the fault was localised; absent when no attempt was prepared. */
  localisation: Localisation.optional(),
  /** Whether the failures reproduced as themselves, and reliably; absent when nothing was rerun. */
  reproduction: Reproduction.optional(),
});
export type HealReport = z.infer<typeof HealReport>;

import { z } from 'zod';

/**
 * The options of one heal run: what `self-heal run` flags and the action's inputs both become.
 * Defaults and caps live here, once.
 */
export const ProviderName = z.enum(['auto', 'copilot', 'builtin', 'openai', 'anthropic', 'command', 'github-models']);

/** Accepted so that naming them gets the reason they are gone, never listed as a choice. */
export const RETIRED_PROVIDERS: readonly string[] = ['github-models'];
/** The providers a user may choose, as listed in help and error messages. */
export const PROVIDER_CHOICES = ProviderName.options.filter((name) => !RETIRED_PROVIDERS.includes(name));

export const MAX_ATTEMPTS_HARD_CAP = 5;

export const HealOptions = z.object({
  /** Repository root (the work tree the loop may edit). */
  cwd: z.string(),
  testCommand: z.string().min(1),
  /** Globs (relative to cwd) of the JUnit reports the test command writes. */
  junit: z.array(z.string()).default([]),
  /** A log file of the failed run, when the step got one. */
  log: z.string().optional(),
  maxAttempts: z.number().int().min(1).max(MAX_ATTEMPTS_HARD_CAP).default(3),
  /** `auto`: Copilot when it is available, else the built-in engine (repair/providers/auto.ts). */
  provider: ProviderName.default('auto'),
  model: z.string().optional(),
  baseUrl: z.string().url().optional(),
  agentCommand: z.string().optional(),
  /** Template for targeted reruns: `{tests}` (the runner's test ids), `{files}` and `{pattern}` (a regex of the names), each substituted shell-quoted; written bare, not in quotes. */
  rerunCommand: z.string().optional(),
  protect: z.array(z.string()).default([]),
  allow: z.array(z.string()).default([]),
  /** Per test run. */
  timeoutSeconds: z.number().positive().default(600),
  /** Total tokens (input + output) over all attempts. */
  maxTokens: z.number().int().positive().default(200_000),
  /** Wall-clock budget of the whole run. */
  maxSeconds: z.number().positive().default(1800),
  reportPath: z.string().optional(),
  commit: z.boolean().default(true),
  allowDirty: z.boolean().default(false),
  /** Unsafe: accept an attempt that special-cases the failing tests (the check is off). */
  allowSpecialCases: z.boolean().default(false),
  /** API key for the provider; masked and scrubbed from everything sent to a model. */
  apiKey: z.string().optional(),
  /**
   * GitHub token for Copilot (the action's github-token). Without it, the copilot provider reads
   * COPILOT_GITHUB_TOKEN, GH_TOKEN, GITHUB_TOKEN, then a logged-in Copilot CLI.
   */
  githubToken: z.string().optional(),
  /** The Copilot runtime to use (the copilot CLI or the runtime wrapper) instead of finding or installing it. */
  copilotPath: z.string().optional(),
  /** Further secret values to scrub (the step's own credentials). */
  secrets: z.array(z.string()).default([]),
  /**
   * Variables the test runs and agent commands keep although self-heal would withhold them as its
   * own credentials (`workspace/child-env.ts`).
   */
  /**
   * Keep an agent's changes under dependency folders git ignores (`node_modules`, virtual envs): they
   * are not in the commit, so by default they are refused like any ignored file.
   */
  allowDependencyChanges: z.boolean().default(false),
  passEnv: z.array(z.string().regex(/^[^=\0]+$/, 'expected a variable name')).default([]),
  /**
   * Where the whole suite verifies a candidate: this runner, the user's CI (a round per attempt on
   * `self-heal/<branch>`), or `auto` (CI when the suite is sharded or too slow for the budget).
   */
  verify: z.enum(['runner', 'ci', 'auto']).default('auto'),
  /**
   * verify: ci — a test command for a subset of the suite, run in the runner on each candidate after
   * the targeted rerun and before its CI round: whatever it runs must pass.
   */
  verifySubset: z.string().min(1).optional(),
  /**
   * `record` (default): one extra targeted run records which lines the failing tests run, and the
   * first request packs the functions it ranks (docs/localisation.md); `static`: no recorded run, the
   * ranking from the frames and the commit alone (saves that run, about 2 s a heal on real projects).
   */
  localise: z.enum(['record', 'static']).default('record'),
});
export type HealOptions = z.infer<typeof HealOptions>;
export type HealOptionsInput = z.input<typeof HealOptions>;

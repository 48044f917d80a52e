import type { DiagnosticFrame, FailureFrame } from '../contracts/failure-frame.js';
import type { Attempt, HealResult, TokenUsage } from '../contracts/heal-report.js';
import type { Edit, EditCheck } from '../contracts/edit.js';
import type { FaultRanking } from './ranking/ranking.js';

export type ProviderName = 'builtin' | 'openai' | 'anthropic' | 'command' | 'copilot';

/** The packed, secret-scrubbed prompt for one attempt (built by `repair/prompt.ts`). */
export interface PromptParts {
  system: string;
  user: string;
  /** Estimated input tokens of system + user. */
  estimatedTokens: number;
}

export interface RepairRequest {
  attempt: number;
  maxAttempts: number;
  failures: FailureFrame[];
  /** What compilers, type checkers, linters and formatters reported at baseline, when they did. */
  diagnostics?: DiagnosticFrame[];
  prompt: PromptParts;
  /** Earlier attempts of this run, oldest first. */
  history: Attempt[];
  /** What this attempt may spend. */
  budget: { inputTokens: number; outputTokens: number; deadline: number };
  /**
   * Unified diff of the commit under test, when the loop has it (the built-in engine boosts the
   * lines it changed; without it, the engine reads `git show HEAD` itself).
   */
  commitDiff?: string;
  /**
   * Where the fault is, ranked once per run (`ranking/`): from the failing tests' recorded execution
   * when there was one, else from the frames. The prompt already packs it; the built-in engine
   * mutates in its order.
   */
  ranking?: FaultRanking;
}

/** Result of trying a candidate: applied, targeted rerun of the failing tests, restored. */
export interface CandidateVerdict {
  targetsPassed: number;
  targetsTotal: number;
  /** Pruned description of what still fails. */
  feedback: string;
}

/** A provider's bound on one of the host's test runs: it ends at the run's own timeout or this, the sooner. */
export interface RunLimit {
  timeoutMs: number;
}

/** What the loop offers a provider during one attempt. Everything here goes through the guardrails. */
export interface RepairHost {
  root: string;
  /** Dry-run the edits: guardrails and matching, nothing written. */
  checkEdits(edits: Edit[]): Promise<EditCheck>;
  /** Read a repo file (guarded, scrubbed, bounded); throws a message for the model on refusal. */
  readFile(path: string, range?: { start: number; end: number }): Promise<string>;
  /** Search tracked files for a literal string (bounded results). */
  search(query: string): Promise<string>;
  /**
   * Apply edits, rerun just the failing tests, restore the tree. For search-based providers;
   * `limit`: a shorter timeout for the run (what is left of the provider's own search time).
   */
  tryCandidate(edits: Edit[], limit?: RunLimit): Promise<CandidateVerdict>;
  /**
   * Apply edits, run the failing tests' files, restore the tree: which tests of those files that
   * passed before fail now (checked before a candidate becomes an answer, so one that breaks its
   * neighbours does not cost an attempt). Undefined when the reruns have no file-level form.
   * `timedOutMs`: the run did not end within its timeout (a mutant that makes a neighbour loop).
   */
  checkNeighbours?(edits: Edit[], limit?: RunLimit): Promise<{ broken: string[]; timedOutMs?: number } | undefined>;
  /** Diff hashes already tried in this run, so a provider can skip them. */
  triedDiffs: ReadonlySet<string>;
  log(message: string): void;
}

export interface RepairAnswer {
  /** Validated edits to apply. Empty when the provider edited the tree itself (`command`). */
  edits: Edit[];
  /** True when the provider changed files in place and the loop must diff the tree. */
  editedInPlace?: boolean;
  usage: TokenUsage;
  /** The provider's explanation (untrusted, bounded). */
  notes?: string;
  detail?: Record<string, unknown>;
  /**
   * With no edits: the provider has nothing left to try (the built-in engine's candidates or its
   * search time are used up), so the loop ends the run now instead of asking again.
   */
  exhausted?: boolean;
}

export interface RepairProvider {
  readonly name: ProviderName;
  readonly model?: string;
  /**
   * Chat-model providers: the tokens to pack the prompt into (`buildPrompt`'s `maxInputTokens`), the
   * per-request limit minus room for tool schemas and the conversation (`promptBudgetFor`).
   */
  readonly maxPromptTokens?: number;
  /** Set when `auto` fell back to another provider: the one it meant to use and why not. */
  readonly fallback?: { from: ProviderName; reason: string };
  /**
   * Optional: get ready before the first attempt (the Copilot runtime: find or install it, start it,
   * check access and read the model's limits). A `ProviderError` here ends the run before any
   * attempt; `auto` falls back instead.
   */
  prepare?(context: PrepareContext): Promise<void>;
  propose(request: RepairRequest, host: RepairHost): Promise<RepairAnswer>;
}

export interface PrepareContext {
  log(message: string): void;
  warn(message: string): void;
}

/**
 * A provider failure, sorted: retryable ones (429, 5xx, network) were already retried with
 * backoff by the client; what reaches the loop ends it with `provider-error` and the hint.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind:
      | 'auth'
      | 'forbidden'
      | 'model'
      | 'rate-limit'
      | 'server'
      | 'network'
      | 'bad-response'
      | 'config'
      /** The server refused the request itself (too large for the context, an unsupported parameter). */
      | 'bad-request',
    readonly retryable: boolean,
    readonly hint?: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/**
 * The sentence a provider error ends a run with: what happened, then what to change. The message
 * often ends with the service's own text, full stop included; the two are joined with one.
 */
export function describeProviderError(error: ProviderError): string {
  if (!error.hint) return error.message;
  return `${error.message.replace(/[\s.]+$/, '')}. ${error.hint}`;
}

/** A provider error that ends the run: `config-error` when the configuration must change. */
export function providerErrorResult(error: ProviderError): Extract<HealResult, 'config-error' | 'provider-error'> {
  return error.kind === 'config' || error.kind === 'model' ? 'config-error' : 'provider-error';
}

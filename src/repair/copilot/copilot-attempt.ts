/**
 * One repair attempt's state in a Copilot session: what was spent, proposed and said so far, and why
 * it stops. The session's events (copilot-events.ts) and the tool answers (copilot-tools.ts) update
 * it; `answerOf` turns it into the attempt's answer.
 */
import type { Edit, EditProblem } from '../../contracts/edit.js';
import type { TokenUsage } from '../../contracts/heal-report.js';
import type { ConversationLimits } from '../chat/repair-conversation.js';
import type { RepairAnswer, RepairHost, RepairRequest } from '../provider.js';
import type { CopilotErrorContext } from './copilot-errors.js';
import type { StopReason } from './copilot-limits.js';
import { plural } from '../../text/format.js';
import type { ProviderError } from '../provider.js';

export const MAX_NOTES_CHARS = 4_000;

/** How a turn (one prompt sent, up to the session going idle) ended. */
export type TurnOutcome = { kind: 'idle' } | { kind: 'stopped' } | { kind: 'error'; error: ProviderError };

/** What the provider learns across attempts: the model that answered and the prompt limit. */
export interface CopilotModelState {
  requestedModel?: string;
  answeredModel?: string;
  /** The model's prompt limit: Copilot's model list, then what the runtime reports per session. */
  promptLimit?: number;
}

export interface Attempt {
  request: RepairRequest;
  host: RepairHost;
  limits: ConversationLimits;
  scrub: (text: string) => string;
  /** `GitHub Copilot` or `Copilot (BYOK <kind>)`. */
  label: string;
  errorContext: CopilotErrorContext;
  model: CopilotModelState;
  usage: TokenUsage;
  /** Edits checked and kept. */
  held: Edit[];
  /** The latest full set checked, returned when corrections run out so the loop records the refusal. */
  lastProposed: Edit[];
  lastProblems: EditProblem[];
  /** The model call whose answer was last corrected: several refused calls of one answer are one round. */
  correctedAt: number;
  toolCalls: number;
  corrections: number;
  modelCalls: number;
  /** Model turns begun; a turn's usage event may reach us after the tool calls it asked for. */
  turnsStarted: number;
  /** Called on each usage event: tool answers waiting for their call's usage. */
  usageWaiters: Set<() => void>;
  /** The assistant's text of the current turn. */
  notes: string;
  models: Set<string>;
  stopReason?: StopReason;
  /** Set while a turn runs: aborts the session and settles the turn. */
  stopSession?: (reason: StopReason) => void;
  /** Set while a turn runs: settles it with an outcome. */
  settleTurn?: (outcome: TurnOutcome) => void;
}

export type AttemptSetup = Pick<Attempt, 'request' | 'host' | 'limits' | 'scrub' | 'label' | 'errorContext' | 'model'>;

export function newAttempt(setup: AttemptSetup): Attempt {
  return {
    ...setup,
    usage: { input: 0, output: 0 },
    held: [],
    lastProposed: [],
    lastProblems: [],
    correctedAt: -1,
    toolCalls: 0,
    corrections: 0,
    modelCalls: 0,
    turnsStarted: 0,
    usageWaiters: new Set(),
    notes: '',
    models: new Set(),
  };
}

/** Decide to stop (the first reason counts) and stop the turn that runs, if one does. */
export function requestStop(attempt: Attempt, reason: StopReason): void {
  attempt.stopReason ??= reason;
  attempt.stopSession?.(reason);
}

/** The attempt's answer, logged in one line. */
export function answerOf(attempt: Attempt, reason: StopReason): RepairAnswer {
  const { model, label, modelCalls, toolCalls, corrections, lastProposed, lastProblems, notes } = attempt;
  attempt.host.log(
    `${label} ${model.answeredModel ?? model.requestedModel ?? ''}: ${plural(modelCalls, 'model call')}, ${plural(toolCalls, 'read/search call')}, ${plural(corrections, 'correction')}; ${reason}`,
  );
  return {
    // Edits kept when the budget stopped the session are verified like any other; after the last
    // correction, the refused set goes back so the loop records why.
    edits: reason === 'accepted' || reason === 'deadline' || lastProposed.length === 0 ? attempt.held : lastProposed,
    usage: attempt.usage,
    notes: notes ? notes.slice(0, MAX_NOTES_CHARS) : undefined,
    detail: {
      provider: label,
      ...(model.answeredModel ? { model: model.answeredModel } : {}),
      ...(attempt.models.size > 1 ? { models: [...attempt.models] } : {}),
      requests: modelCalls,
      toolCalls,
      corrections,
      stop: reason,
      ...(model.promptLimit ? { promptLimit: model.promptLimit } : {}),
      ...(lastProblems.length > 0 && reason !== 'accepted'
        ? { problems: lastProblems.map((p) => ({ path: p.path, kind: p.kind, message: p.message.slice(0, 300) })) }
        : {}),
    },
  };
}

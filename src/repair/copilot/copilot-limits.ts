/**
 * The limits of a Copilot attempt: the chat conversation's limits (one meaning for both) with the
 * Copilot session's own defaults, and the budget check after each model call (the runtime's usage
 * events): the attempt's token budget first, then the request cap.
 */
import type { TokenUsage } from '../../contracts/heal-report.js';
import type { ConversationLimits } from '../chat/repair-conversation.js';
import type { RepairRequest } from '../provider.js';

export type StopReason =
  'accepted' | 'no-edits' | 'corrections-exhausted' | 'request-cap' | 'token-budget' | 'deadline';

export const DEFAULT_COPILOT_LIMITS: ConversationLimits = {
  maxToolCalls: 8,
  maxCorrections: 2,
  maxRequests: 12,
  maxToolResultTokens: 3_000,
};

/** Why the session must stop after `modelCalls` calls that spent `usage`, if it must. */
export function usageStop(
  usage: TokenUsage,
  modelCalls: number,
  budget: RepairRequest['budget'],
  limits: ConversationLimits,
): StopReason | undefined {
  if (usage.input >= budget.inputTokens || usage.output >= budget.outputTokens) return 'token-budget';
  if (modelCalls >= limits.maxRequests) return 'request-cap';
  return undefined;
}

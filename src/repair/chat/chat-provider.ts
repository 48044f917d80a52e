import type { ProviderName, RepairProvider } from '../provider.js';
import { promptBudgetFor } from '../prompt.js';
import type { ChatModel } from './chat-model.js';
import { runRepairConversation, type ConversationLimits } from './repair-conversation.js';
import type { RetryPolicy } from './post-json.js';

/** What every chat-model provider factory takes besides its own defaults. */
export interface ChatProviderOptions {
  model?: string;
  baseUrl?: string;
  /** The key given explicitly (HealOptions.apiKey); otherwise read from `env`. */
  apiKey?: string;
  env: NodeJS.ProcessEnv;
  /** Further secret values to scrub from everything sent (the step's own credentials). */
  secrets?: string[];
  retry?: RetryPolicy;
  limits?: Partial<ConversationLimits>;
}

/** A RepairProvider that runs one bounded conversation with a chat model per attempt. */
export function createChatProvider(
  name: ProviderName,
  chat: ChatModel,
  options: { scrub: (text: string) => string; limits?: Partial<ConversationLimits> },
): RepairProvider {
  return {
    name,
    model: chat.model,
    maxPromptTokens: promptBudgetFor(chat.maxInputTokens),
    propose: (request, host) =>
      runRepairConversation(chat, request, host, { scrub: options.scrub, limits: options.limits }),
  };
}

/** The first non-empty value, trimmed. */
export function firstSet(...values: Array<string | undefined>): string | undefined {
  for (const value of values) {
    const trimmed = value?.trim();
    if (trimmed) return trimmed;
  }
  return undefined;
}

/** `SELF_HEAL_MAX_REQUEST_TOKENS` overrides a provider's per-request input limit (a local model's context). */
export function requestTokenLimit(env: NodeJS.ProcessEnv, fallback: number): number {
  const raw = env.SELF_HEAL_MAX_REQUEST_TOKENS?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 2_000 ? value : fallback;
}

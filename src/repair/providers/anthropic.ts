import { ProviderError, type RepairProvider } from '../provider.js';
import { createScrubber } from '../../text/secrets.js';
import { ANTHROPIC_DEFAULT_BASE_URL, createAnthropicChat } from '../chat/anthropic-chat.js';
import { createChatProvider, firstSet, requestTokenLimit, type ChatProviderOptions } from '../chat/chat-provider.js';

/** `--provider anthropic`: the Anthropic Messages API with tool use. */

/** The current Claude Sonnet (late 2026). */
export const ANTHROPIC_DEFAULT_MODEL = 'claude-sonnet-5-5';
const KEY_ENV = 'SELF_HEAL_API_KEY or ANTHROPIC_API_KEY';

export function createAnthropicProvider(options: ChatProviderOptions): RepairProvider {
  const apiKey = firstSet(options.apiKey, options.env.SELF_HEAL_API_KEY, options.env.ANTHROPIC_API_KEY);
  if (!apiKey) {
    throw new ProviderError(
      `The anthropic provider needs an API key: set ${KEY_ENV}`,
      'config',
      false,
      `Set ${KEY_ENV} (a key from the Anthropic Console).`,
    );
  }
  const scrub = createScrubber([apiKey, ...(options.secrets ?? [])]);
  const chat = createAnthropicChat({
    baseUrl: firstSet(options.baseUrl, options.env.ANTHROPIC_BASE_URL) ?? ANTHROPIC_DEFAULT_BASE_URL,
    apiKey,
    model: firstSet(options.model) ?? ANTHROPIC_DEFAULT_MODEL,
    api: { label: 'Anthropic API', keyEnv: KEY_ENV },
    maxInputTokens: requestTokenLimit(options.env, 150_000),
    maxOutputTokens: 8_000,
    retry: options.retry,
    scrub,
  });
  return createChatProvider('anthropic', chat, { scrub, limits: options.limits });
}

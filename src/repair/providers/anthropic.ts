import { ProviderError, type RepairProvider } from '../provider.js';
import { createScrubber } from '../../text/secrets.js';
import { ANTHROPIC_DEFAULT_BASE_URL, createAnthropicChat } from '../chat/anthropic-chat.js';
import { createChatProvider, firstSet, requestTokenLimit, type ChatProviderOptions } from '../chat/chat-provider.js';

/** `--provider anthropic`: the Anthropic Messages API with tool use. */

/**
 * The current Claude Sonnet: checked 2026-12-01 on Anthropic's models overview (Sonnet 5 is legacy,
 * Sonnet 5.5 the current Sonnet) and model deprecations page (no retirement date announced for it).
 */
export const ANTHROPIC_DEFAULT_MODEL = 'claude-sonnet-5-5';

/**
 * Claude 4.6 and later take `output_config.effort` (stable, no beta header) and think adaptively by
 * default at effort high, the thinking counted against max_tokens; a focused fix needs less, so
 * these models are asked for medium. Other models (and other servers) get no effort field.
 */
function effortFor(official: boolean, model: string): 'medium' | undefined {
  return official && /^claude-[a-z]+-(?:4-[6-9]|[5-9])/.test(model) ? 'medium' : undefined;
}
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
  const baseUrl = firstSet(options.baseUrl, options.env.ANTHROPIC_BASE_URL) ?? ANTHROPIC_DEFAULT_BASE_URL;
  const model = firstSet(options.model) ?? ANTHROPIC_DEFAULT_MODEL;
  const chat = createAnthropicChat({
    baseUrl,
    apiKey,
    model,
    effort: effortFor(baseUrl === ANTHROPIC_DEFAULT_BASE_URL, model),
    api: { label: 'Anthropic API', keyEnv: KEY_ENV },
    maxInputTokens: requestTokenLimit(options.env, 150_000),
    maxOutputTokens: 8_000,
    retry: options.retry,
    scrub,
  });
  return createChatProvider('anthropic', chat, { scrub, limits: options.limits });
}

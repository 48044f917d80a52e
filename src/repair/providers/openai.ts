import { ProviderError, type RepairProvider } from '../provider.js';
import { createScrubber } from '../../text/secrets.js';
import { createOpenAIChat, OPENAI_DEFAULT_BASE_URL } from '../chat/openai-chat.js';
import { createChatProvider, firstSet, requestTokenLimit, type ChatProviderOptions } from '../chat/chat-provider.js';

/**
 * `--provider openai`: any OpenAI-compatible chat completions endpoint (OpenAI, Azure OpenAI's v1
 * endpoint, Ollama, vLLM, LM Studio, OpenRouter) through `--base-url`.
 */

/**
 * Checked 2026-12-01 on OpenAI's deprecations page: gpt-4.1-mini (the default until then) shuts down
 * on 2027-01-14 and OpenAI names gpt-6-luna as its replacement.
 */
export const OPENAI_DEFAULT_MODEL = 'gpt-6-luna';

/**
 * GPT-6 models take function calls on chat completions only with `reasoning_effort: none` (OpenAI's
 * model page for gpt-6-luna, checked 2026-12-01); older models refuse the field, so it is sent only
 * to these.
 */
function reasoningEffortFor(official: boolean, model: string): string | undefined {
  return official && /^gpt-6/.test(model) ? 'none' : undefined;
}
const KEY_ENV = 'SELF_HEAL_API_KEY or OPENAI_API_KEY';

export function createOpenAIProvider(options: ChatProviderOptions): RepairProvider {
  const baseUrl = firstSet(options.baseUrl, options.env.OPENAI_BASE_URL) ?? OPENAI_DEFAULT_BASE_URL;
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    throw new ProviderError(
      `--base-url '${baseUrl}' is not a URL`,
      'config',
      false,
      'Give the API base, e.g. https://api.openai.com/v1 or http://localhost:11434/v1.',
    );
  }
  const official = host === 'api.openai.com';
  const apiKey = firstSet(options.apiKey, options.env.SELF_HEAL_API_KEY, options.env.OPENAI_API_KEY);
  // A local server (Ollama, vLLM) usually needs no key; OpenAI itself always does.
  if (!apiKey && official) {
    throw new ProviderError(
      `The openai provider needs an API key: set ${KEY_ENV}`,
      'config',
      false,
      `Set ${KEY_ENV}, or pass --base-url for a server that needs no key.`,
    );
  }
  const model = firstSet(options.model) ?? (official ? OPENAI_DEFAULT_MODEL : undefined);
  if (!model) {
    throw new ProviderError(
      `The openai provider needs --model when --base-url points at another server (${host})`,
      'config',
      false,
      'Pass --model with a model name that server serves.',
    );
  }
  const scrub = createScrubber([...(apiKey ? [apiKey] : []), ...(options.secrets ?? [])]);
  const chat = createOpenAIChat({
    baseUrl,
    apiKey: apiKey ?? '',
    model,
    api: { label: official ? 'OpenAI' : `OpenAI-compatible API at ${host}`, keyEnv: KEY_ENV },
    // OpenAI's current models take 128K+ tokens; a local server's context is often much smaller.
    maxInputTokens: requestTokenLimit(options.env, official ? 128_000 : 16_000),
    maxOutputTokens: official ? 8_000 : 4_000,
    reasoningEffort: reasoningEffortFor(official, model),
    retry: options.retry,
    scrub,
  });
  return createChatProvider('openai', chat, { scrub, limits: options.limits });
}

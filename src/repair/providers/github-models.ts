import { ProviderError, type RepairProvider } from '../provider.js';
import { createScrubber } from '../../text/secrets.js';
import { createOpenAIChat } from '../chat/openai-chat.js';
import { createChatProvider, firstSet, requestTokenLimit, type ChatProviderOptions } from '../chat/chat-provider.js';

/**
 * `--provider github-models`: GitHub Models' OpenAI-compatible endpoint with the workflow's
 * `GITHUB_TOKEN` (needs `permissions: models: read`). The free tier takes 8,000 input and 4,000
 * output tokens a request, so the prompt is packed to 5,000 and the conversation kept under 8,000.
 */

export const GITHUB_MODELS_BASE_URL = 'https://models.github.ai/inference';
export const GITHUB_MODELS_DEFAULT_MODEL = 'openai/gpt-4.1';
const KEY_ENV = 'GITHUB_TOKEN (or SELF_HEAL_API_KEY)';

export const GITHUB_MODELS_FORBIDDEN_HINT =
  'GitHub Models refused the token. The workflow needs `permissions: models: read`, and the organisation must have GitHub Models enabled (an organisation without it answers 403 even with the permission). A personal access token needs the `models` permission.';

export function createGitHubModelsProvider(options: ChatProviderOptions): RepairProvider {
  const token = firstSet(options.apiKey, options.env.SELF_HEAL_API_KEY, options.env.GITHUB_TOKEN, options.env.GH_TOKEN);
  if (!token) {
    throw new ProviderError(
      `The github-models provider needs a token: set ${KEY_ENV}`,
      'config',
      false,
      'In a workflow: `env: GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}` with `permissions: models: read`.',
    );
  }
  const baseUrl = firstSet(options.baseUrl) ?? GITHUB_MODELS_BASE_URL;
  const scrub = createScrubber([token, ...(options.secrets ?? [])]);
  const chat = createOpenAIChat({
    baseUrl,
    apiKey: token,
    model: firstSet(options.model) ?? GITHUB_MODELS_DEFAULT_MODEL,
    api: { label: 'GitHub Models', keyEnv: KEY_ENV, forbiddenHint: GITHUB_MODELS_FORBIDDEN_HINT },
    maxInputTokens: requestTokenLimit(options.env, 8_000),
    maxOutputTokens: 4_000,
    maxTokensField: 'max_tokens',
    extraHeaders: { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' },
    retry: options.retry,
    scrub,
  });
  return createChatProvider('github-models', chat, { scrub, limits: options.limits });
}

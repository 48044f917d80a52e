/**
 * The model's prompt limit, read once in `prepare`: for GitHub's Copilot, from its model list (which
 * also says whether the model asked for is offered and allowed); for BYOK, the limit the runtime
 * assumes for a model it knows nothing of, unless SELF_HEAL_REQUEST_TOKENS says otherwise. During a
 * session the runtime reports the real limit (`session.usage_info`), which then replaces it.
 */
import type { CopilotClient, ModelInfo } from '@github/copilot-sdk';
import { requestTokenLimit } from '../chat/chat-provider.js';
import { ProviderError } from '../provider.js';
import { copilotError, failureOf, runtimeError, type CopilotErrorContext } from './copilot-errors.js';

/** The runtime's own assumption for a model it has no limits for (a BYOK model), as it reports it. */
export const BYOK_DEFAULT_PROMPT_LIMIT = 128_000;

export async function readPromptLimit(
  client: CopilotClient,
  byok: boolean,
  env: NodeJS.ProcessEnv,
  context: CopilotErrorContext,
): Promise<number | undefined> {
  if (byok) {
    await client.ping().catch((error: unknown) => {
      throw runtimeError('The Copilot runtime did not answer', error, context.scrub, false);
    });
    return requestTokenLimit(env, BYOK_DEFAULT_PROMPT_LIMIT);
  }
  let models: ModelInfo[];
  try {
    models = await client.listModels();
  } catch (error) {
    throw copilotError(failureOf(error), context);
  }
  return promptLimitFrom(models, context.model);
}

/**
 * The limit for `requested` from Copilot's model list; without a named model Copilot chooses, and the
 * smallest limit it offers is the safe one. A model not offered or disabled by policy is a clear error.
 */
export function promptLimitFrom(models: readonly ModelInfo[], requested: string | undefined): number | undefined {
  const chat = models.filter((m) => m.id !== 'auto');
  const chosen = requested ? models.find((m) => m.id === requested) : undefined;
  if (requested && !chosen) {
    const offered = chat
      .map((m) => m.id)
      .slice(0, 12)
      .join(', ');
    throw new ProviderError(
      `Copilot does not offer the model '${requested}' to this token (it offers: ${offered || 'none'})`,
      'model',
      false,
      'Set model (--model) to one of those, or leave it empty to let Copilot choose.',
    );
  }
  if (chosen?.policy?.state === 'disabled') {
    throw new ProviderError(
      `The model '${requested}' is disabled by the Copilot policy of this organisation`,
      'model',
      false,
      "Enable it in the organisation's Copilot model policies, or set model (--model) to another one.",
    );
  }
  const known = (chosen ? [chosen] : chat).map(limitOf).filter((n): n is number => typeof n === 'number' && n > 0);
  return known.length > 0 ? Math.min(...known) : undefined;
}

function limitOf(model: ModelInfo): number | undefined {
  return model.capabilities?.limits?.max_prompt_tokens ?? model.capabilities?.limits?.max_context_window_tokens;
}

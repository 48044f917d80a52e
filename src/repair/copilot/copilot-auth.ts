/**
 * Who the Copilot runtime speaks as. The token given (the action's github-token), else
 * COPILOT_GITHUB_TOKEN, GH_TOKEN, GITHUB_TOKEN; outside CI without a token, a logged-in Copilot CLI
 * (then the user's own config home is used). `base-url` + `api-key` switch to BYOK: the same runtime
 * talks to that endpoint instead of GitHub's.
 */
import { firstSet } from '../chat/chat-provider.js';
import { ProviderError } from '../provider.js';
import { PERMISSION_HINT } from './copilot-errors.js';

export type ByokType = 'openai' | 'azure' | 'anthropic';

export interface CopilotAuth {
  byok?: { type: ByokType; baseUrl: string; apiKey?: string };
  token?: string;
  loggedInUser: boolean;
}

export interface AuthOptions {
  model?: string;
  baseUrl?: string;
  apiKey?: string;
  githubToken?: string;
  env: NodeJS.ProcessEnv;
}

/**
 * The token Copilot takes from the environment when none is given. One order for this provider,
 * `auto`'s choice and the credentials kept from test runs (create-provider.ts).
 */
export function copilotTokenFrom(env: NodeJS.ProcessEnv): string | undefined {
  return firstSet(env.COPILOT_GITHUB_TOKEN, env.GH_TOKEN, env.GITHUB_TOKEN);
}

export function resolveAuth(options: AuthOptions): CopilotAuth {
  const baseUrl = firstSet(options.baseUrl);
  if (baseUrl) return byokAuth(baseUrl, options);
  const env = options.env;
  const token = firstSet(options.githubToken) ?? copilotTokenFrom(env);
  if (token) return { token, loggedInUser: false };
  if (env.GITHUB_ACTIONS === 'true' || env.CI) {
    throw new ProviderError('The copilot provider has no GitHub token', 'auth', false, PERMISSION_HINT);
  }
  return { loggedInUser: true };
}

/** The BYOK endpoint's kind, from its host: Azure OpenAI, Anthropic, else OpenAI-compatible. */
export function byokTypeOf(host: string): ByokType {
  return host.endsWith('.openai.azure.com') ? 'azure' : host === 'api.anthropic.com' ? 'anthropic' : 'openai';
}

function byokAuth(baseUrl: string, options: AuthOptions): CopilotAuth {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    throw new ProviderError(
      `base-url '${baseUrl}' is not a URL`,
      'config',
      false,
      'Give the endpoint, e.g. https://api.openai.com/v1.',
    );
  }
  if (!firstSet(options.model)) {
    throw new ProviderError(
      `The copilot provider with base-url (${host}) needs a model`,
      'config',
      false,
      'Set model (--model) to a model that endpoint serves.',
    );
  }
  return {
    byok: { type: byokTypeOf(host), baseUrl, apiKey: firstSet(options.apiKey, options.env.SELF_HEAL_API_KEY) },
    loggedInUser: false,
  };
}

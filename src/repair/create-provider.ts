import type { HealOptions } from '../contracts/heal-options.js';
import { ProviderError, type RepairProvider } from './provider.js';
import type { ChatProviderOptions } from './chat/chat-provider.js';
import { createOpenAIProvider } from './providers/openai.js';
import { createAnthropicProvider } from './providers/anthropic.js';
import { createBuiltinProvider } from './builtin/builtin-provider.js';
import { createCommandProvider } from './providers/command.js';
import { copilotTokenFrom, createCopilotProvider } from './providers/copilot.js';
import { createAutoProvider } from './providers/auto.js';
import type { RuntimeCache } from './copilot/copilot-runtime.js';
import { firstSet } from './chat/chat-provider.js';

/** What an adapter provides beyond options and environment (the action: the runner's tool cache). */
export interface ProviderServices {
  runtimeCache?: RuntimeCache;
}

/**
 * The provider factory: HealOptions + environment → one RepairProvider. Missing configuration
 * (key, model, agent command) is a `ProviderError('config')` naming the flag or variable, which the
 * CLI reports with exit status 2 and the action as a failed input.
 */
export function createProvider(
  options: HealOptions,
  env: NodeJS.ProcessEnv,
  services: ProviderServices = {},
): RepairProvider {
  const chat: ChatProviderOptions = {
    model: options.model,
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    env,
    secrets: options.secrets,
  };
  const copilot = () =>
    createCopilotProvider({
      model: options.model,
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      githubToken: options.githubToken,
      copilotPath: options.copilotPath,
      env,
      secrets: options.secrets,
      runtimeCache: services.runtimeCache,
    });
  switch (options.provider) {
    case 'auto':
      return createAutoProvider(copilot, () => createBuiltinProvider(options), hasCopilotCredentials(options, env));
    case 'copilot':
      return copilot();
    case 'openai':
      return createOpenAIProvider(chat);
    case 'github-models':
      throw githubModelsRetired();
    case 'anthropic':
      return createAnthropicProvider(chat);
    case 'builtin':
      return createBuiltinProvider(options);
    case 'command':
      return createCommandProviderFor(options, env);
  }
}

/**
 * Credentials the provider takes from the environment rather than from an option: the token Copilot
 * (and `auto`) read from COPILOT_GITHUB_TOKEN, GH_TOKEN or GITHUB_TOKEN. They are self-heal's
 * credentials for the model, so test runs and agents must not get them under any name.
 */
export function environmentCredentials(options: HealOptions, env: NodeJS.ProcessEnv): string[] {
  if (options.provider !== 'copilot' && options.provider !== 'auto') return [];
  if (firstSet(options.baseUrl) || firstSet(options.githubToken)) return [];
  const token = copilotTokenFrom(env);
  return token ? [token] : [];
}

/** A token for Copilot, or a BYOK endpoint: what `auto` needs before it tries Copilot at all. */
function hasCopilotCredentials(options: HealOptions, env: NodeJS.ProcessEnv): boolean {
  return !!(firstSet(options.baseUrl, options.githubToken) ?? copilotTokenFrom(env));
}

/**
 * GitHub Models was retired on 2026-07-30 (announced on the GitHub changelog on 2026-07-01); every
 * request gets 410 Gone since. Naming it stops the run before any test runs.
 */
export function githubModelsRetired(): ProviderError {
  return new ProviderError(
    'The github-models provider is gone: GitHub retired GitHub Models on 2026-07-30 and every request now gets 410 Gone',
    'config',
    false,
    'Use provider copilot (the workflow token with `permissions: copilot-requests: write`), or leave provider empty for auto.',
  );
}

function createCommandProviderFor(options: HealOptions, env: NodeJS.ProcessEnv): RepairProvider {
  const agentCommand = options.agentCommand?.trim();
  if (!agentCommand) {
    throw new ProviderError(
      'The command provider needs --agent-command (the action input agent-command)',
      'config',
      false,
      'Pass the shell command of your agent, e.g. --agent-command "my-agent fix".',
    );
  }
  // The agent gets the per-test-run timeout; the loop's deadline bounds the attempt as a whole.
  return createCommandProvider({
    agentCommand,
    timeoutMs: options.timeoutSeconds * 1000,
    env,
    secrets: [options.apiKey, options.githubToken, ...options.secrets].filter((s): s is string => !!s),
    passEnv: options.passEnv,
    allowDependencyChanges: options.allowDependencyChanges,
  });
}

import type { HealOptions } from '../contracts/heal-options.js';
import { ProviderError, type RepairProvider } from './provider.js';
import type { ChatProviderOptions } from './chat/chat-provider.js';
import { createOpenAIProvider } from './providers/openai.js';
import { createGitHubModelsProvider } from './providers/github-models.js';
import { createAnthropicProvider } from './providers/anthropic.js';
import { createBuiltinProvider } from './builtin/builtin-provider.js';
import { createCommandProvider } from './providers/command.js';

/**
 * The provider factory: HealOptions + environment → one RepairProvider. Missing configuration
 * (key, model, agent command) is a `ProviderError('config')` naming the flag or variable, which the
 * CLI reports with exit status 2 and the action as a failed input.
 */
export function createProvider(options: HealOptions, env: NodeJS.ProcessEnv): RepairProvider {
  const chat: ChatProviderOptions = {
    model: options.model,
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    env,
    secrets: options.secrets,
  };
  switch (options.provider) {
    case 'openai':
      return createOpenAIProvider(chat);
    case 'github-models':
      return createGitHubModelsProvider(chat);
    case 'anthropic':
      return createAnthropicProvider(chat);
    case 'builtin':
      return createBuiltinProvider(options);
    case 'command':
      return createCommandProviderFor(options, env);
  }
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
    secrets: [...(options.apiKey ? [options.apiKey] : []), ...options.secrets],
    passEnv: options.passEnv,
    allowDependencyChanges: options.allowDependencyChanges,
  });
}

import { afterEach, describe, expect, it } from 'vitest';
import { createProvider } from '../../src/repair/create-provider.js';
import { HealOptions, type HealOptionsInput } from '../../src/contracts/heal-options.js';
import { ProviderError, type RepairRequest } from '../../src/repair/provider.js';
import { openaiToolCalls, replaceInFile, startOpenAIServer } from '../helpers/openai-server.js';
import { anthropicToolUse, startAnthropicServer } from '../helpers/anthropic-server.js';
import type { ScriptedServer } from '../helpers/scripted-http-server.js';
import { MemoryHost } from './chat/memory-host.js';

const options = (input: Partial<HealOptionsInput>) =>
  HealOptions.parse({ cwd: '/repo', testCommand: 'pytest', ...input });

function configError(fn: () => unknown): ProviderError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('config');
    return error as ProviderError;
  }
  throw new Error('expected a ProviderError');
}

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function request(): RepairRequest {
  return {
    attempt: 1,
    maxAttempts: 3,
    failures: [],
    prompt: { system: 'rules', user: 'fix it', estimatedTokens: 10 },
    history: [],
    budget: { inputTokens: 50_000, outputTokens: 8_000, deadline: Date.now() + 20_000 },
  };
}

describe('createProvider: configuration', () => {
  it('openai: needs a key for api.openai.com and names the variables', () => {
    const error = configError(() => createProvider(options({ provider: 'openai' }), {}));
    expect(error.message).toContain('SELF_HEAL_API_KEY or OPENAI_API_KEY');
  });

  it('openai: defaults the model for OpenAI, requires --model for another server, takes no key for a local one', () => {
    const provider = createProvider(options({ provider: 'openai' }), { OPENAI_API_KEY: 'sk-x' });
    expect(provider).toMatchObject({ name: 'openai', model: 'gpt-6-luna' });
    expect(
      configError(() => createProvider(options({ provider: 'openai', baseUrl: 'http://localhost:11434/v1' }), {}))
        .message,
    ).toContain('--model');
    const local = createProvider(
      options({ provider: 'openai', baseUrl: 'http://localhost:11434/v1', model: 'qwen3-coder' }),
      {},
    );
    expect(local).toMatchObject({ name: 'openai', model: 'qwen3-coder' });
    // 16K assumed for a local server's context, overridable.
    expect(local.maxPromptTokens).toBe(10_000);
    expect(
      createProvider(options({ provider: 'openai', baseUrl: 'http://localhost:11434/v1', model: 'm' }), {
        SELF_HEAL_MAX_REQUEST_TOKENS: '4000',
      }).maxPromptTokens,
    ).toBe(2_500);
  });

  it('github-models: refused at once with the retirement date and what to use instead, whatever the token', () => {
    for (const env of [{}, { GITHUB_TOKEN: 'ghs_x' }]) {
      const error = configError(() => createProvider(options({ provider: 'github-models' }), env));
      expect(error.message).toMatch(/retired GitHub Models on 2026-07-30.*410 Gone/);
      expect(error.hint).toMatch(/copilot.*copilot-requests: write/);
    }
  });

  it('anthropic: needs a key and defaults to the current Sonnet', () => {
    expect(configError(() => createProvider(options({ provider: 'anthropic' }), {})).message).toContain(
      'ANTHROPIC_API_KEY',
    );
    expect(createProvider(options({ provider: 'anthropic' }), { ANTHROPIC_API_KEY: 'k' })).toMatchObject({
      name: 'anthropic',
      model: 'claude-sonnet-5-5',
    });
  });

  it('command: names --agent-command when it is missing, and runs the agent when given', () => {
    expect(configError(() => createProvider(options({ provider: 'command' }), {})).message).toContain(
      '--agent-command',
    );
    expect(createProvider(options({ provider: 'command', agentCommand: 'my-agent fix' }), {}).name).toBe('command');
  });

  it('copilot: BYOK needs a model; in CI without a token it names the permission; auto falls back at once', () => {
    expect(
      configError(() => createProvider(options({ provider: 'copilot', baseUrl: 'http://127.0.0.1:9/v1' }), {})).hint,
    ).toMatch(/Set model/);
    let error: unknown;
    try {
      createProvider(options({ provider: 'copilot' }), { CI: 'true' });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ kind: 'auth' });
    expect((error as ProviderError).hint).toMatch(/copilot-requests: write.*COPILOT_GITHUB_TOKEN/);
    const auto = createProvider(options({ provider: 'auto' }), { CI: 'true' });
    expect(auto.name).toBe('builtin');
    expect(auto.fallback).toMatchObject({ from: 'copilot', reason: expect.stringMatching(/no GitHub token/) });
    const withToken = createProvider(options({ provider: 'auto', githubToken: 'ghs_x' }), { CI: 'true' });
    expect(withToken.name).toBe('copilot');
    expect(withToken.fallback).toBeUndefined();
  });

  it('builtin: needs nothing', () => {
    expect(createProvider(options({ provider: 'builtin' }), {}).name).toBe('builtin');
  });
});

describe('createProvider: talking to the APIs', () => {
  it('openai: SELF_HEAL_API_KEY wins over OPENAI_API_KEY and a full attempt returns checked edits', async () => {
    const server = await startOpenAIServer({ apiKey: 'sk-selfheal' });
    servers.push(server);
    server.reply(
      openaiToolCalls([replaceInFile('a.py', 'x = 1\n', 'x = 2\n')], { prompt_tokens: 70, completion_tokens: 9 }),
    );
    const provider = createProvider(options({ provider: 'openai', baseUrl: server.apiBase, model: 'm' }), {
      SELF_HEAL_API_KEY: 'sk-selfheal',
      OPENAI_API_KEY: 'sk-other',
    });
    const answer = await provider.propose(request(), new MemoryHost({ 'a.py': 'x = 1\n' }));
    expect(answer.edits).toEqual([{ path: 'a.py', oldText: 'x = 1\n', newText: 'x = 2\n' }]);
    expect(answer.usage).toEqual({ input: 70, output: 9 });
  });

  it('anthropic: a full attempt over the Messages API', async () => {
    const server = await startAnthropicServer({ apiKey: 'ant-key-123456' });
    servers.push(server);
    server.reply(
      anthropicToolUse([
        { name: 'replace_in_file', input: { path: 'a.py', old_text: 'x = 1\n', new_text: 'x = 2\n' } },
      ]),
    );
    const provider = createProvider(options({ provider: 'anthropic', baseUrl: server.baseUrl }), {
      ANTHROPIC_API_KEY: 'ant-key-123456',
    });
    const answer = await provider.propose(request(), new MemoryHost({ 'a.py': 'x = 1\n' }));
    expect(answer.edits).toHaveLength(1);
    expect(server.requests[0]!.body.model).toBe('claude-sonnet-5-5');
  });
});

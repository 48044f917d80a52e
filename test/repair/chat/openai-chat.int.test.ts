import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAIChat, type OpenAIChatConfig } from '../../../src/repair/chat/openai-chat.js';
import type { ChatMessage, ToolSpec } from '../../../src/repair/chat/chat-model.js';
import { ProviderError } from '../../../src/repair/provider.js';
import { createScrubber } from '../../../src/text/secrets.js';
import {
  openaiEmpty,
  openaiError,
  openaiText,
  openaiToolCalls,
  startOpenAIServer,
  type OpenAIServer,
} from '../../helpers/openai-server.js';

const KEY = 'sk-test-0123456789abcdefghijklmnop';
const FAST_RETRY = { maxRetries: 3, baseDelayMs: 5, maxDelayMs: 20, maxTotalWaitMs: 2_000, requestTimeoutMs: 2_000 };
const TOOL: ToolSpec = {
  name: 'replace_in_file',
  description: 'Replace text',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};

let server: OpenAIServer;
beforeEach(async () => {
  server = await startOpenAIServer({ apiKey: KEY });
});
afterEach(async () => {
  await server.close();
});

function chat(overrides: Partial<OpenAIChatConfig> = {}) {
  return createOpenAIChat({
    baseUrl: server.apiBase,
    apiKey: KEY,
    model: 'gpt-test',
    api: { label: 'OpenAI-compatible API', keyEnv: 'SELF_HEAL_API_KEY or OPENAI_API_KEY' },
    maxInputTokens: 100_000,
    maxOutputTokens: 2_000,
    retry: FAST_RETRY,
    scrub: createScrubber([KEY]),
    ...overrides,
  });
}

const user: ChatMessage[] = [{ role: 'user', text: 'fix the bug' }];

describe('OpenAI chat client', () => {
  it('sends the chat completions request shape with the bearer key, tools and tool_choice', async () => {
    server.reply(openaiText('hello', { prompt_tokens: 11, completion_tokens: 3 }));
    const reply = await chat().complete({ system: 'rules', messages: user, tools: [TOOL], maxOutputTokens: 500 });
    expect(reply).toMatchObject({ text: 'hello', toolCalls: [], usage: { input: 11, output: 3 }, stopReason: 'end' });
    const [req] = server.requests;
    expect(req!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req!.body.model).toBe('gpt-test');
    expect(req!.body.messages).toEqual([
      { role: 'system', content: 'rules' },
      { role: 'user', content: 'fix the bug' },
    ]);
    expect(req!.body.tools).toEqual([
      {
        type: 'function',
        function: { name: 'replace_in_file', description: 'Replace text', parameters: TOOL.parameters },
      },
    ]);
    expect(req!.body.tool_choice).toBe('auto');
    // A loopback base URL is not OpenAI: the widely supported field name is used.
    expect(req!.body.max_tokens).toBe(500);
  });

  it('parses tool calls with JSON-string arguments and reports malformed ones instead of throwing', async () => {
    server.reply(
      openaiToolCalls(
        [
          { name: 'replace_in_file', arguments: { path: 'a.py', old_text: 'x', new_text: 'y' }, id: 'call_a' },
          { name: 'replace_in_file', arguments: '{"path": "b.py", "old_text": ', id: 'call_b' },
          { name: 'read_file', arguments: '[1,2]', id: 'call_c' },
        ],
        { prompt_tokens: 40, completion_tokens: 12 },
      ),
    );
    const reply = await chat().complete({ system: 's', messages: user, tools: [TOOL], maxOutputTokens: 100 });
    expect(reply.stopReason).toBe('tool_use');
    expect(reply.toolCalls[0]).toEqual({
      id: 'call_a',
      name: 'replace_in_file',
      arguments: { path: 'a.py', old_text: 'x', new_text: 'y' },
    });
    expect(reply.toolCalls[1]!.arguments).toBeUndefined();
    expect(reply.toolCalls[1]!.argumentsError).toMatch(/not valid JSON/);
    expect(reply.toolCalls[2]!.argumentsError).toMatch(/not an object/);
    expect(reply.usage).toEqual({ input: 40, output: 12 });
  });

  it('accepts object arguments and missing ids from compatible servers (Ollama, vLLM)', async () => {
    server.reply({
      body: {
        choices: [
          {
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [{ type: 'function', function: { name: 'search', arguments: { query: 'total' } } }],
            },
            finish_reason: 'tool_calls',
          },
        ],
      },
    });
    const reply = await chat().complete({ system: 's', messages: user, tools: [TOOL], maxOutputTokens: 100 });
    expect(reply.toolCalls).toEqual([{ id: 'call_1', name: 'search', arguments: { query: 'total' } }]);
    // No usage in the answer: estimated, never zero, so budgets still hold.
    expect(reply.usage.input).toBeGreaterThan(0);
    expect(reply.usage.output).toBeGreaterThan(0);
  });

  it('sends assistant tool calls and tool results back in the order the API requires', async () => {
    server.reply(openaiText('done'));
    const messages: ChatMessage[] = [
      ...user,
      { role: 'assistant', text: '', toolCalls: [{ id: 'call_9', name: 'read_file', arguments: { path: 'a.py' } }] },
      { role: 'tool', results: [{ toolCallId: 'call_9', content: '1: x = 1' }] },
      { role: 'user', text: 'now edit' },
    ];
    await chat().complete({ system: 's', messages, tools: [TOOL], maxOutputTokens: 100 });
    const sent = server.requests[0]!.body.messages;
    expect(sent[2]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.py"}' } }],
    });
    expect(sent[3]).toEqual({ role: 'tool', tool_call_id: 'call_9', content: '1: x = 1' });
    expect(sent[4]).toEqual({ role: 'user', content: 'now edit' });
  });

  it('uses max_completion_tokens for api.openai.com-style hosts and switches once when a server refuses the field', async () => {
    server.reply(
      openaiError(
        400,
        "Unsupported parameter: 'max_completion_tokens' is not supported with this model. Use 'max_tokens' instead.",
        'unsupported_parameter',
      ),
      openaiText('ok'),
    );
    const reply = await chat({ maxTokensField: 'max_completion_tokens' }).complete({
      system: 's',
      messages: user,
      tools: [],
      maxOutputTokens: 77,
    });
    expect(reply.text).toBe('ok');
    expect(server.requests[0]!.body.max_completion_tokens).toBe(77);
    expect(server.requests[1]!.body.max_tokens).toBe(77);
    expect(server.requests[1]!.body.max_completion_tokens).toBeUndefined();
  });

  it('replays an answer with neither text nor tool calls as empty content, which the API accepts (null is a 400)', async () => {
    server.reply(openaiEmpty('length'), openaiText('second'));
    const model = chat();
    const first = await model.complete({ system: 's', messages: user, tools: [TOOL], maxOutputTokens: 50 });
    expect(first).toMatchObject({ text: '', toolCalls: [], stopReason: 'max_tokens' });
    const messages: ChatMessage[] = [
      ...user,
      { role: 'assistant', text: first.text, toolCalls: first.toolCalls },
      { role: 'user', text: 'answer now' },
    ];
    const second = await model.complete({ system: 's', messages, tools: [TOOL], maxOutputTokens: 50 });
    expect(second.text).toBe('second');
    expect(server.requests[1]!.body.messages[2]).toEqual({ role: 'assistant', content: '' });
  });

  it('sends reasoning_effort when configured and drops it once when a server refuses the field', async () => {
    server.reply(
      openaiError(
        400,
        "Unsupported parameter: 'reasoning_effort' is not supported with this model.",
        'unsupported_parameter',
      ),
      openaiText('ok'),
      openaiText('again'),
    );
    const model = chat({ reasoningEffort: 'none' });
    const reply = await model.complete({ system: 's', messages: user, tools: [TOOL], maxOutputTokens: 20 });
    expect(reply.text).toBe('ok');
    expect(server.requests[0]!.body.reasoning_effort).toBe('none');
    expect(server.requests[1]!.body).not.toHaveProperty('reasoning_effort');
    await model.complete({ system: 's', messages: user, tools: [TOOL], maxOutputTokens: 20 });
    expect(server.requests[2]!.body).not.toHaveProperty('reasoning_effort');
  });

  it('refuses a 200 answer without choices as a bad response', async () => {
    server.reply({ body: { id: 'x', object: 'chat.completion' } });
    const error = await chat()
      .complete({ system: 's', messages: user, tools: [], maxOutputTokens: 10 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'bad-response', retryable: false });
  });

  it('turns the real 401 into an auth error naming the env var, without the key in the message', async () => {
    const error = (await chat({ apiKey: 'sk-wrong-key-000000000000000000000' })
      .complete({ system: 's', messages: user, tools: [], maxOutputTokens: 10 })
      .catch((e: unknown) => e)) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.kind).toBe('auth');
    expect(error.status).toBe(401);
    expect(error.hint).toMatch(/SELF_HEAL_API_KEY or OPENAI_API_KEY/);
    expect(error.message).not.toContain('sk-wrong-key');
    expect(server.requests).toHaveLength(1);
  });
});

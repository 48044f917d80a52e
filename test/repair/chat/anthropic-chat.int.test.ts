import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicChat, toAnthropicMessages } from '../../../src/repair/chat/anthropic-chat.js';
import type { ChatMessage } from '../../../src/repair/chat/chat-model.js';
import { ProviderError } from '../../../src/repair/provider.js';
import { createScrubber } from '../../../src/text/secrets.js';
import {
  anthropicBlocks,
  anthropicError,
  anthropicText,
  anthropicToolUse,
  startAnthropicServer,
} from '../../helpers/anthropic-server.js';
import type { ScriptedServer } from '../../helpers/scripted-http-server.js';

const KEY = 'sk-ant-api03-test0123456789abcdefghij';
let server: ScriptedServer;
beforeEach(async () => {
  server = await startAnthropicServer({ apiKey: KEY });
});
afterEach(async () => {
  await server.close();
});

function chat(apiKey = KEY, effort?: 'low' | 'medium' | 'high') {
  return createAnthropicChat({
    effort,
    baseUrl: server.baseUrl,
    apiKey,
    model: 'claude-test',
    api: { label: 'Anthropic API', keyEnv: 'SELF_HEAL_API_KEY or ANTHROPIC_API_KEY' },
    maxInputTokens: 150_000,
    maxOutputTokens: 4_000,
    retry: { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 10, maxTotalWaitMs: 1_000, requestTimeoutMs: 2_000 },
    scrub: createScrubber([apiKey]),
  });
}

const TOOLS = [{ name: 'replace_in_file', description: 'Replace', parameters: { type: 'object', properties: {} } }];

describe('Anthropic chat client', () => {
  it('sends the Messages API shape with x-api-key and anthropic-version', async () => {
    server.reply(anthropicText('hi', { input_tokens: 21, output_tokens: 4 }));
    const reply = await chat().complete({
      system: 'rules',
      messages: [{ role: 'user', text: 'go' }],
      tools: TOOLS,
      maxOutputTokens: 900,
    });
    expect(reply).toMatchObject({ text: 'hi', toolCalls: [], usage: { input: 21, output: 4 }, stopReason: 'end' });
    const req = server.requests[0]!;
    expect(req.path).toBe('/v1/messages');
    expect(req.headers['x-api-key']).toBe(KEY);
    expect(req.headers['anthropic-version']).toBe('2023-06-01');
    expect(req.headers.authorization).toBeUndefined();
    expect(req.body).toMatchObject({
      model: 'claude-test',
      max_tokens: 900,
      system: 'rules',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'go' }] }],
      tools: [{ name: 'replace_in_file', description: 'Replace', input_schema: { type: 'object', properties: {} } }],
      tool_choice: { type: 'auto' },
    });
  });

  it('reads tool_use blocks, counts cache tokens as input, and replays thinking blocks unchanged', async () => {
    server.reply(
      anthropicToolUse(
        [{ id: 'toolu_1', name: 'read_file', input: { path: 'a.py' } }],
        { input_tokens: 50, output_tokens: 9 },
        { thinking: 'look at a.py', text: 'Reading.' },
      ),
      anthropicText('done'),
    );
    const model = chat();
    const first = await model.complete({
      system: 's',
      messages: [{ role: 'user', text: 'go' }],
      tools: TOOLS,
      maxOutputTokens: 100,
    });
    expect(first.toolCalls).toEqual([{ id: 'toolu_1', name: 'read_file', arguments: { path: 'a.py' } }]);
    expect(first.text).toBe('Reading.');
    expect(first.stopReason).toBe('tool_use');
    const messages: ChatMessage[] = [
      { role: 'user', text: 'go' },
      { role: 'assistant', text: first.text, toolCalls: first.toolCalls, raw: first.raw },
      { role: 'tool', results: [{ toolCallId: 'toolu_1', content: '1: x' }] },
      { role: 'user', text: 'and now?' },
    ];
    await model.complete({ system: 's', messages, tools: TOOLS, maxOutputTokens: 100 });
    const sent = server.requests[1]!.body.messages;
    expect(sent).toHaveLength(3);
    expect(sent[1].content[0]).toEqual({ type: 'thinking', thinking: 'look at a.py', signature: 'sig-test' });
    // Tool results first, then the text, in one user turn.
    expect(sent[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_1', content: '1: x' },
        { type: 'text', text: 'and now?' },
      ],
    });
  });

  it('drops an empty answer from the history instead of replaying empty content (a 400)', async () => {
    server.reply(anthropicBlocks([], 'end_turn', { input_tokens: 40, output_tokens: 1 }), anthropicText('fixed'));
    const model = chat();
    const first = await model.complete({
      system: 's',
      messages: [{ role: 'user', text: 'go' }],
      tools: TOOLS,
      maxOutputTokens: 100,
    });
    expect(first).toMatchObject({ text: '', toolCalls: [] });
    const messages: ChatMessage[] = [
      { role: 'user', text: 'go' },
      { role: 'assistant', text: first.text, toolCalls: first.toolCalls, raw: first.raw },
      { role: 'user', text: 'answer now' },
    ];
    const second = await model.complete({ system: 's', messages, tools: TOOLS, maxOutputTokens: 100 });
    expect(second.text).toBe('fixed');
    expect(server.requests[1]!.body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'go' },
          { type: 'text', text: 'answer now' },
        ],
      },
    ]);
  });

  it('says so and asks once more with effort low when the whole output limit went into thinking', async () => {
    server.reply(
      anthropicBlocks([{ type: 'thinking', thinking: 'hmm…', signature: 'sig' }], 'max_tokens', {
        input_tokens: 500,
        output_tokens: 300,
      }),
      anthropicToolUse([{ name: 'replace_in_file', input: { path: 'a.py' } }], {
        input_tokens: 500,
        output_tokens: 80,
      }),
    );
    const logs: string[] = [];
    const reply = await chat(KEY, 'medium').complete({
      system: 's',
      messages: [{ role: 'user', text: 'go' }],
      tools: TOOLS,
      maxOutputTokens: 300,
      log: (m) => logs.push(m),
    });
    expect(reply.toolCalls.map((c) => c.name)).toEqual(['replace_in_file']);
    expect(reply.usage).toEqual({ input: 1000, output: 380 });
    expect(server.requests.map((r) => r.body.output_config)).toEqual([{ effort: 'medium' }, { effort: 'low' }]);
    expect(logs.join('\n')).toMatch(/spent all 300 output tokens thinking .*effort low/);
  });

  it('drops output_config once when a server refuses it', async () => {
    server.reply(
      anthropicError(400, 'invalid_request_error', 'output_config: Extra inputs are not permitted'),
      anthropicText('ok'),
    );
    const reply = await chat(KEY, 'medium').complete({
      system: 's',
      messages: [{ role: 'user', text: 'go' }],
      tools: [],
      maxOutputTokens: 50,
    });
    expect(reply.text).toBe('ok');
    expect(server.requests[1]!.body).not.toHaveProperty('output_config');
  });

  it('merges consecutive user turns so roles alternate', () => {
    const wire = toAnthropicMessages([
      { role: 'user', text: 'a' },
      { role: 'user', text: 'b' },
    ]);
    expect(wire).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
    ]);
  });

  it('turns the real 401 into an auth error that names ANTHROPIC_API_KEY', async () => {
    const error = (await chat('sk-ant-api03-wrongwrongwrong00000000')
      .complete({ system: 's', messages: [{ role: 'user', text: 'go' }], tools: [], maxOutputTokens: 10 })
      .catch((e: unknown) => e)) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'auth', status: 401, retryable: false });
    expect(error.hint).toContain('ANTHROPIC_API_KEY');
  });

  it('retries 529 overloaded and then succeeds', async () => {
    server.reply(anthropicError(529, 'overloaded_error', 'Overloaded'), anthropicText('ok'));
    const reply = await chat().complete({
      system: 's',
      messages: [{ role: 'user', text: 'go' }],
      tools: [],
      maxOutputTokens: 10,
    });
    expect(reply.text).toBe('ok');
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a spend-limit 429', async () => {
    server.reply(
      {
        status: 429,
        body: {
          type: 'error',
          error: {
            type: 'rate_limit_error',
            message: 'spend limit',
            details: { error_code: 'enforced_spend_limit_reached' },
          },
        },
      },
      anthropicText('never'),
    );
    const error = (await chat()
      .complete({ system: 's', messages: [{ role: 'user', text: 'go' }], tools: [], maxOutputTokens: 10 })
      .catch((e: unknown) => e)) as ProviderError;
    expect(error).toMatchObject({ kind: 'rate-limit', retryable: false });
    expect(server.requests).toHaveLength(1);
  });

  it('refuses an answer without usage as a bad response', async () => {
    server.reply({ body: { type: 'message', content: [{ type: 'text', text: 'x' }] } });
    const error = await chat()
      .complete({ system: 's', messages: [{ role: 'user', text: 'go' }], tools: [], maxOutputTokens: 10 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'bad-response' });
  });
});

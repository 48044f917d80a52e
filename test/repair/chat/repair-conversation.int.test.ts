import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runRepairConversation, type ConversationLimits } from '../../../src/repair/chat/repair-conversation.js';
import { createOpenAIChat } from '../../../src/repair/chat/openai-chat.js';
import { createAnthropicChat } from '../../../src/repair/chat/anthropic-chat.js';
import type { RepairRequest } from '../../../src/repair/provider.js';
import type { Attempt } from '../../../src/contracts/heal-report.js';
import { createScrubber } from '../../../src/text/secrets.js';
import {
  openaiError,
  openaiText,
  openaiToolCalls,
  replaceInFile,
  startOpenAIServer,
  type OpenAIServer,
} from '../../helpers/openai-server.js';
import { anthropicText, anthropicToolUse, startAnthropicServer } from '../../helpers/anthropic-server.js';
import { MemoryHost } from './memory-host.js';

const CART =
  'def total(items, discount):\n    subtotal = sum(i.price for i in items)\n    return subtotal * discount\n';
const FIXED = '    return subtotal * (1 - discount)\n';
const SECRET = 'prod-db-password-778899';
const scrub = createScrubber([SECRET]);

let server: OpenAIServer;
let host: MemoryHost;
beforeEach(async () => {
  server = await startOpenAIServer();
  host = new MemoryHost({
    'src/cart.py': CART,
    'tests/test_cart.py': 'def test_total():\n    assert total([], 0.1) == 0\n',
  });
});
afterEach(async () => {
  await server.close();
});

function chat(maxInputTokens = 8_000) {
  return createOpenAIChat({
    baseUrl: server.apiBase,
    apiKey: 'k',
    model: 'scripted',
    api: { label: 'Test API', keyEnv: 'TEST_KEY' },
    maxInputTokens,
    maxOutputTokens: 1_000,
    retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1, maxTotalWaitMs: 1, requestTimeoutMs: 5_000 },
    scrub,
  });
}

function request(overrides: Partial<RepairRequest> = {}): RepairRequest {
  return {
    attempt: 1,
    maxAttempts: 3,
    failures: [],
    prompt: { system: 'rules', user: 'tests/test_cart.py::test_total fails: assert 10.0 == 90.0', estimatedTokens: 30 },
    history: [],
    budget: { inputTokens: 100_000, outputTokens: 10_000, deadline: Date.now() + 30_000 },
    ...overrides,
  };
}

const run = (limits: Partial<ConversationLimits> = {}, req = request(), model = chat()) =>
  runRepairConversation(model, req, host, { scrub, limits });

/** The tool messages answering the last assistant turn of the nth request (0-based). */
function toolMessages(n: number) {
  const messages = server.requests[n]!.body.messages as Array<{ role: string; content: string; tool_call_id?: string }>;
  const lastAssistant = messages.map((m) => m.role).lastIndexOf('assistant');
  return messages.slice(lastAssistant + 1).filter((m) => m.role === 'tool');
}

describe('runRepairConversation', () => {
  it('accepts a matching edit on the first answer and reports its usage', async () => {
    server.reply(
      openaiToolCalls([replaceInFile('src/cart.py', '    return subtotal * discount\n', FIXED)], {
        prompt_tokens: 300,
        completion_tokens: 40,
      }),
    );
    const answer = await run();
    expect(answer.edits).toEqual([
      { path: 'src/cart.py', oldText: '    return subtotal * discount\n', newText: FIXED },
    ]);
    expect(answer.usage).toEqual({ input: 300, output: 40 });
    expect(answer.detail).toMatchObject({ requests: 1, corrections: 0, stop: 'accepted' });
    expect(host.logs).toContain(
      'Test API scripted: 1 request, 0 read/search calls, 0 corrections; edits checked and accepted',
    );
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual([
      'replace_in_file',
      'read_file',
      'search',
    ]);
  });

  it('sends a no-match back with the nearest real lines, then accepts the corrected edit', async () => {
    server.reply(
      openaiToolCalls([{ ...replaceInFile('src/cart.py', '  return subtotal*discount\n', FIXED), id: 'call_bad' }], {
        prompt_tokens: 300,
        completion_tokens: 40,
      }),
      openaiToolCalls([replaceInFile('src/cart.py', '    return subtotal * discount\n', FIXED)], {
        prompt_tokens: 500,
        completion_tokens: 30,
      }),
    );
    const answer = await run();
    expect(answer.edits).toHaveLength(1);
    expect(answer.usage).toEqual({ input: 800, output: 70 });
    const [feedback] = toolMessages(1);
    expect(feedback!.tool_call_id).toBe('call_bad');
    expect(feedback!.content).toMatch(/^NOT APPLIED: old_text does not match src\/cart.py exactly once/);
    expect(feedback!.content).toContain('The closest lines in src/cart.py (from line 3) are:');
    expect(feedback!.content).toContain('    return subtotal * discount');
    expect(feedback!.content).toMatch(/without line numbers/);
    expect(answer.detail).toMatchObject({ corrections: 1, stop: 'accepted' });
    expect(host.logs).toContain(
      'Test API scripted: 2 requests, 0 read/search calls, 1 correction; edits checked and accepted',
    );
  });

  it('holds the fine edits of a partly wrong answer and tells the model not to re-send them', async () => {
    host.files['src/util.py'] = 'def rate():\n    return 0.1\n';
    server.reply(
      openaiToolCalls([
        { ...replaceInFile('src/util.py', '    return 0.1\n', '    return 0.2\n'), id: 'call_ok' },
        { ...replaceInFile('src/cart.py', 'nope\n', FIXED), id: 'call_miss' },
      ]),
      openaiToolCalls([replaceInFile('src/cart.py', '    return subtotal * discount\n', FIXED)]),
    );
    const answer = await run();
    expect(answer.edits.map((e) => e.path)).toEqual(['src/util.py', 'src/cart.py']);
    const results = toolMessages(1);
    expect(results.find((m) => m.tool_call_id === 'call_ok')!.content).toMatch(
      /^NOT APPLIED YET: this edit is fine.*Do not send it again/s,
    );
    expect(results.find((m) => m.tool_call_id === 'call_miss')!.content).toMatch(
      /^NOT APPLIED: old_text does not match/,
    );
    // The final check covered both edits together.
    expect(host.checks.at(-1)).toHaveLength(2);
  });

  it('explains a guardrail refusal and accepts the source fix that follows', async () => {
    server.reply(
      openaiToolCalls([replaceInFile('tests/test_cart.py', '== 0', '== 0 or True')]),
      openaiToolCalls([replaceInFile('src/cart.py', '    return subtotal * discount\n', FIXED)]),
    );
    const answer = await run();
    expect(answer.edits.map((e) => e.path)).toEqual(['src/cart.py']);
    const [refusal] = toolMessages(1);
    expect(refusal!.content).toMatch(/^REFUSED: tests\/test_cart.py is a protected test or CI file\./);
    expect(refusal!.content).toMatch(/fix the source code under test instead/);
  });

  it('reads SEARCH/REPLACE blocks from a text answer as a fallback', async () => {
    server.reply(
      openaiText(
        'The discount is applied backwards.\n\nsrc/cart.py\n```python\n<<<<<<< SEARCH\n    return subtotal * discount\n=======\n    return subtotal * (1 - discount)\n>>>>>>> REPLACE\n```\n',
      ),
    );
    const answer = await run();
    expect(answer.edits).toEqual([
      { path: 'src/cart.py', oldText: '    return subtotal * discount\n', newText: FIXED },
    ]);
    expect(answer.notes).toContain('The discount is applied backwards.');
  });

  it('keeps the readable SEARCH/REPLACE blocks while a broken one is re-sent', async () => {
    host.files['src/util.py'] = 'def rate():\n    return 0.1\n';
    server.reply(
      openaiText(
        'src/util.py\n<<<<<<< SEARCH\n    return 0.1\n=======\n    return 0.2\n>>>>>>> REPLACE\n\nsrc/cart.py\n<<<<<<< SEARCH\n    return subtotal * discount\n',
      ),
      openaiText(
        'src/cart.py\n<<<<<<< SEARCH\n    return subtotal * discount\n=======\n    return subtotal * (1 - discount)\n>>>>>>> REPLACE\n',
      ),
    );
    const answer = await run();
    expect(answer.edits.map((e) => e.path)).toEqual(['src/util.py', 'src/cart.py']);
    const feedback = server.requests[1]!.body.messages.at(-1).content as string;
    expect(feedback).toMatch(/src\/util\.py: OK: this edit of src\/util\.py matches and will be applied/);
    expect(feedback).toMatch(/has no ======= divider/);
  });

  it('caps read_file/search calls per attempt and then asks for the fix', async () => {
    for (let i = 0; i < 4; i++) {
      server.reply(
        openaiToolCalls([
          { name: 'read_file', arguments: { path: 'src/cart.py', start_line: 1, end_line: 3 } },
          { name: 'search', arguments: { query: 'subtotal' } },
        ]),
      );
    }
    server.reply(openaiToolCalls([replaceInFile('src/cart.py', '    return subtotal * discount\n', FIXED)]));
    const answer = await run({ maxToolCalls: 5 });
    expect(answer.edits).toHaveLength(1);
    expect(answer.detail).toMatchObject({ toolCalls: 5 });
    const fourth = toolMessages(4);
    expect(fourth.map((m) => m.content)).toEqual([
      'Not run: the read_file/search budget of this attempt (5 calls) is used up. Propose the fix now with replace_in_file.',
      'Not run: the read_file/search budget of this attempt (5 calls) is used up. Propose the fix now with replace_in_file.',
    ]);
    expect(toolMessages(1)[0]!.content).toBe(
      '1 | def total(items, discount):\n2 |     subtotal = sum(i.price for i in items)\n3 |     return subtotal * discount',
    );
    expect(toolMessages(1)[1]!.content).toContain('src/cart.py:2:     subtotal = sum(i.price for i in items)');
  });

  it('stops after the allowed corrections and returns the last proposal so the loop records the refusal', async () => {
    for (let i = 0; i < 4; i++) server.reply(openaiToolCalls([replaceInFile('src/cart.py', `missing ${i}\n`, FIXED)]));
    const answer = await run({ maxCorrections: 2 });
    expect(server.requests).toHaveLength(3);
    expect(answer.edits).toEqual([{ path: 'src/cart.py', oldText: 'missing 2\n', newText: FIXED }]);
    expect(answer.detail).toMatchObject({ stop: 'corrections-exhausted', corrections: 3 });
    expect((answer.detail as { problems: unknown[] }).problems).toEqual([
      { path: 'src/cart.py', kind: 'no-match', message: 'old_text was not found' },
    ]);
  });

  it('tells the model a proposal repeats a failed attempt, with why it failed', async () => {
    const tried: Attempt = {
      n: 1,
      diff: '--- a/src/cart.py\n+++ b/src/cart.py\n@@ -3 +3 @@\n-    return subtotal * discount\n+    return subtotal - discount\n',
      files: ['src/cart.py'],
      verdict: 'targets-failed',
      feedback: 'test_total: assert 99.9 == 90.0',
      tokens: { input: 0, output: 0 },
      durationMs: 1,
    };
    server.reply(
      openaiToolCalls([
        replaceInFile('src/cart.py', '    return subtotal * discount\n', '    return subtotal - discount\n'),
      ]),
      openaiToolCalls([replaceInFile('src/cart.py', '    return subtotal * discount\n', FIXED)]),
    );
    const answer = await run({}, request({ history: [tried] }));
    expect(answer.edits[0]!.newText).toBe(FIXED);
    const [told] = toolMessages(1);
    expect(told!.content).toBe(
      'ALREADY TRIED: these changes are the same as attempt 1, which failed: test_total: assert 99.9 == 90.0\nPropose a different fix.',
    );
  });

  it('answers malformed tool arguments with the format rule and accepts the retry', async () => {
    server.reply(
      openaiToolCalls([
        { name: 'replace_in_file', arguments: '{"path": "src/cart.py", "old_text": "    return', id: 'call_cut' },
      ]),
      openaiToolCalls([replaceInFile('src/cart.py', '    return subtotal * discount\n', FIXED)]),
    );
    const answer = await run();
    expect(answer.edits).toHaveLength(1);
    expect(toolMessages(1)[0]!.content).toMatch(
      /^NOT APPLIED: the arguments were not valid JSON .* replace_in_file takes \{"path"/,
    );
  });

  it('nudges once when the model answers without an edit, and gives up with no edits after the cap', async () => {
    server.reply(
      openaiText('I am not sure what to change.'),
      openaiText('Still unsure.'),
      openaiText('Really unsure.'),
    );
    const answer = await run({ maxCorrections: 2 });
    expect(answer.edits).toEqual([]);
    expect(answer.detail).toMatchObject({ stop: 'no-edits', requests: 3 });
    const second = server.requests[1]!.body.messages.at(-1);
    expect(second).toEqual({
      role: 'user',
      content: expect.stringMatching(/^No change was proposed\. Propose the fix now: call replace_in_file/),
    });
  });

  it('falls back to SEARCH/REPLACE blocks when the server refuses tool calling (Ollama)', async () => {
    server.reply(
      openaiError(400, 'registry.ollama.ai/library/gemma3:4b does not support tools'),
      openaiText(
        'src/cart.py\n<<<<<<< SEARCH\n    return subtotal * discount\n=======\n    return subtotal * (1 - discount)\n>>>>>>> REPLACE\n',
      ),
    );
    const answer = await run();
    expect(answer.edits).toEqual([
      { path: 'src/cart.py', oldText: '    return subtotal * discount\n', newText: FIXED },
    ]);
    const second = server.requests[1]!.body;
    expect(second.tools).toBeUndefined();
    expect(second.messages.at(-1).content).toMatch(
      /^Tools are not available on this server\. Answer with SEARCH\/REPLACE blocks/,
    );
    expect(host.logs.some((l) => l.includes('refused tool calling'))).toBe(true);
  });

  it('strips the line-number gutter a model copied from the excerpts', async () => {
    server.reply(
      openaiToolCalls([
        replaceInFile(
          'src/cart.py',
          '3 |     return subtotal * discount\n',
          '3 |     return subtotal * (1 - discount)\n',
        ),
      ]),
    );
    const answer = await run();
    expect(answer.edits).toEqual([
      { path: 'src/cart.py', oldText: '    return subtotal * discount\n', newText: FIXED },
    ]);
  });

  it('never sends a secret read from a file to the model', async () => {
    host.files['src/config.py'] =
      `DB_PASSWORD = "${SECRET}"\nTOKEN = "ghp_${'Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2'}"\n`;
    server.reply(
      openaiToolCalls([
        { name: 'read_file', arguments: { path: 'src/config.py' } },
        { name: 'search', arguments: { query: 'PASSWORD' } },
      ]),
      openaiToolCalls([replaceInFile('src/cart.py', '    return subtotal * discount\n', FIXED)]),
    );
    await run();
    for (const req of server.requests) {
      expect(req.raw).not.toContain(SECRET);
      expect(req.raw).not.toContain('ghp_Ab1Cd2');
    }
    expect(toolMessages(1)[0]!.content).toContain('DB_PASSWORD = "[REDACTED]"');
  });

  it('stops before a request that would exceed the attempt’s input token budget', async () => {
    server.reply(
      openaiToolCalls([{ name: 'read_file', arguments: { path: 'src/cart.py' } }], {
        prompt_tokens: 900,
        completion_tokens: 10,
      }),
      openaiToolCalls([replaceInFile('src/cart.py', '    return subtotal * discount\n', FIXED)]),
    );
    const answer = await run(
      {},
      request({ budget: { inputTokens: 1_000, outputTokens: 10_000, deadline: Date.now() + 30_000 } }),
    );
    expect(server.requests).toHaveLength(1);
    expect(answer.edits).toEqual([]);
    expect(answer.detail).toMatchObject({ stop: 'token-budget' });
    expect(answer.usage.input).toBe(900);
  });

  it('cuts a read_file result to the room left under the per-request limit', async () => {
    host.files['src/big.py'] = Array.from({ length: 3000 }, (_, i) => `value_${i} = compute(${i}, "text")`).join('\n');
    server.reply(
      openaiToolCalls([{ name: 'read_file', arguments: { path: 'src/big.py' } }]),
      openaiToolCalls([replaceInFile('src/cart.py', '    return subtotal * discount\n', FIXED)]),
    );
    await run({}, request(), chat(2_500));
    const content = toolMessages(1)[0]!.content;
    expect(content).toMatch(/cut to fit the request size/);
    expect(content.length).toBeLessThan(6_000);
  });
});

describe('runRepairConversation over the Anthropic Messages API', () => {
  it('sends the no-match feedback as a tool_result and accepts the correction', async () => {
    const anthropic = await startAnthropicServer();
    try {
      const model = createAnthropicChat({
        baseUrl: anthropic.baseUrl,
        apiKey: 'k',
        model: 'claude-test',
        api: { label: 'Anthropic API', keyEnv: 'ANTHROPIC_API_KEY' },
        maxInputTokens: 100_000,
        maxOutputTokens: 2_000,
        retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1, maxTotalWaitMs: 1, requestTimeoutMs: 5_000 },
        scrub,
      });
      anthropic.reply(
        anthropicToolUse(
          [
            {
              id: 'toolu_a',
              name: 'replace_in_file',
              input: { path: 'src/cart.py', old_text: 'return subtotal*discount', new_text: 'x' },
            },
          ],
          undefined,
          { thinking: 'hmm' },
        ),
        anthropicToolUse(
          [
            {
              name: 'replace_in_file',
              input: { path: 'src/cart.py', old_text: '    return subtotal * discount\n', new_text: FIXED },
            },
          ],
          { input_tokens: 400, output_tokens: 50 },
        ),
        anthropicText('unused'),
      );
      const answer = await runRepairConversation(model, request(), host, { scrub });
      expect(answer.edits).toEqual([
        { path: 'src/cart.py', oldText: '    return subtotal * discount\n', newText: FIXED },
      ]);
      expect(answer.usage).toEqual({ input: 520, output: 80 });
      const second = anthropic.requests[1]!.body.messages;
      expect(second[1].content[0].type).toBe('thinking');
      expect(second[2].content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_a' });
      expect(second[2].content[0].content).toMatch(/^NOT APPLIED: old_text does not match/);
    } finally {
      await anthropic.close();
    }
  });
});

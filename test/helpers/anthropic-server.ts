import {
  startScriptedServer,
  type RecordedRequest,
  type ScriptedReply,
  type ScriptedServer,
} from './scripted-http-server.js';

/**
 * A loopback server speaking the Anthropic Messages API: it checks what the real API checks
 * (`x-api-key`, `anthropic-version`, `max_tokens`, roles alternating from `user`, every `tool_use`
 * answered by a `tool_result` at the start of the next user turn) and answers from the scripted queue.
 */

export interface AnthropicServerOptions {
  /** When set, another `x-api-key` gets the real 401. */
  apiKey?: string;
}

export async function startAnthropicServer(options: AnthropicServerOptions = {}): Promise<ScriptedServer> {
  return startScriptedServer((request) => validateAnthropicRequest(request, options.apiKey));
}

function invalid(message: string, status = 400, type = 'invalid_request_error'): ScriptedReply {
  return { status, body: { type: 'error', error: { type, message }, request_id: 'req_test' } };
}

export function validateAnthropicRequest(request: RecordedRequest, apiKey?: string): ScriptedReply | undefined {
  if (request.method !== 'POST' || request.path !== '/v1/messages')
    return invalid(`Not found: ${request.path}`, 404, 'not_found_error');
  const key = request.headers['x-api-key'];
  if (!key) return invalid('x-api-key header is required', 401, 'authentication_error');
  if (apiKey !== undefined && key !== apiKey) return invalid('invalid x-api-key', 401, 'authentication_error');
  if (!request.headers['anthropic-version']) return invalid('anthropic-version: header is required');
  const body = request.body;
  if (!body || typeof body !== 'object') return invalid('There was an issue with the JSON body of your request.');
  if (typeof body.model !== 'string') return invalid('model: Field required');
  if (typeof body.max_tokens !== 'number') return invalid('max_tokens: Field required');
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return invalid('messages: at least one message is required');
  let expectedRole = 'user';
  let openToolUses: string[] = [];
  for (const [i, m] of body.messages.entries()) {
    if (m.role !== expectedRole)
      return invalid(`messages: roles must alternate between "user" and "assistant" (messages.${i})`);
    const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
    const last = i === body.messages.length - 1;
    if (!Array.isArray(blocks) || (blocks.length === 0 && !(last && m.role === 'assistant')))
      return invalid(
        `messages.${i}: all messages must have non-empty content except for the optional final assistant message`,
      );
    if (m.role === 'user' && openToolUses.length > 0) {
      const leading: string[] = [];
      for (const b of blocks) {
        if (b.type !== 'tool_result') break;
        leading.push(b.tool_use_id);
      }
      const missing = openToolUses.filter((id) => !leading.includes(id));
      if (missing.length > 0) {
        return invalid(
          `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
        );
      }
      openToolUses = [];
    }
    if (m.role === 'assistant')
      openToolUses = blocks.filter((b: { type: string }) => b.type === 'tool_use').map((b: { id: string }) => b.id);
    expectedRole = expectedRole === 'user' ? 'assistant' : 'user';
  }
  if (body.tools !== undefined) {
    for (const tool of body.tools) {
      if (typeof tool.name !== 'string' || typeof tool.input_schema !== 'object')
        return invalid('tools: each tool needs name and input_schema');
    }
  }
  return undefined;
}

let useCounter = 0;

export interface ScriptedToolUse {
  name: string;
  input: Record<string, unknown>;
  id?: string;
}

/** A 200 answer with `tool_use` blocks (`stop_reason: tool_use`), optionally after text and a thinking block. */
export function anthropicToolUse(
  uses: ScriptedToolUse[],
  usage = { input_tokens: 120, output_tokens: 30 },
  options: { text?: string; thinking?: string } = {},
): ScriptedReply {
  const content: unknown[] = [];
  if (options.thinking) content.push({ type: 'thinking', thinking: options.thinking, signature: 'sig-test' });
  if (options.text) content.push({ type: 'text', text: options.text });
  for (const use of uses)
    content.push({ type: 'tool_use', id: use.id ?? `toolu_${++useCounter}`, name: use.name, input: use.input });
  return anthropicBlocks(content, 'tool_use', usage);
}

/** A 200 answer with text only (`stop_reason: end_turn`). */
export function anthropicText(text: string, usage = { input_tokens: 120, output_tokens: 30 }): ScriptedReply {
  return anthropicBlocks([{ type: 'text', text }], 'end_turn', usage);
}

/** A 200 answer with the given content blocks and stop reason (an empty `[]`, thinking only, …). */
export function anthropicBlocks(
  content: unknown[],
  stopReason: string,
  usage = { input_tokens: 120, output_tokens: 30 },
): ScriptedReply {
  return {
    body: {
      id: 'msg_test',
      type: 'message',
      role: 'assistant',
      model: 'scripted',
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage,
    },
  };
}

/** An error in Anthropic's shape. */
export function anthropicError(
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): ScriptedReply {
  return { status, headers, body: { type: 'error', error: { type, message }, request_id: 'req_test' } };
}

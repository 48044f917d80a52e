import { ProviderError } from '../provider.js';
import { badResponse, chatModelFor, postChatRequest, type ChatEndpointConfig } from './chat-endpoint.js';
import { TOOL_ARGUMENT_BOUNDS, valueProblem } from '../../text/bounded-json.js';
import type { ChatMessage, ChatModel, ChatReply, ChatRequest, ToolCall } from './chat-model.js';

/**
 * The Anthropic Messages API (`POST {baseUrl}/v1/messages`) over plain fetch: `x-api-key`,
 * `anthropic-version: 2023-06-01`, tools as `{name, description, input_schema}`, `tool_use` blocks in
 * the answer and `tool_result` blocks in the next user turn.
 */

export interface AnthropicChatConfig extends ChatEndpointConfig {
  /** Up to and excluding `/v1/messages`, e.g. `https://api.anthropic.com`. */
  baseUrl: string;
  /**
   * `output_config.effort` when set. Current Claude models think adaptively by default and the
   * thinking counts against `max_tokens`; a lower effort leaves room for the answer. A server that
   * refuses the field (a 400 naming it) gets the request again without it.
   */
  effort?: 'low' | 'medium' | 'high';
}

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
export const ANTHROPIC_VERSION = '2023-06-01';

export function createAnthropicChat(config: AnthropicChatConfig): ChatModel {
  // Accept a base URL given with or without the `/v1` suffix.
  const base = config.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  const url = `${base}/v1/messages`;
  let effort = config.effort;
  const send = async (request: ChatRequest, effortNow: typeof effort): Promise<ChatReply> => {
    const body: Record<string, unknown> = {
      model: config.model,
      max_tokens: request.maxOutputTokens,
      system: request.system,
      messages: toAnthropicMessages(request.messages),
      ...(effortNow ? { output_config: { effort: effortNow } } : {}),
    };
    if (request.tools.length > 0) {
      body.tools = request.tools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: tool.parameters,
      }));
      // `auto`, never a forced tool: current Claude models refuse forced tool use with thinking on.
      body.tool_choice = { type: 'auto' };
    }
    const result = await postChatRequest(config, request, {
      url,
      headers: { 'x-api-key': config.apiKey, 'anthropic-version': ANTHROPIC_VERSION },
      body,
    });
    return parseAnthropicReply(result.json, config);
  };
  const sendOnce = async (request: ChatRequest, effortNow: typeof effort): Promise<ChatReply> => {
    try {
      return await send(request, effortNow);
    } catch (error) {
      if (!effortNow || !(error instanceof ProviderError) || error.kind !== 'bad-request') throw error;
      if (!/output_config|effort/.test(error.message)) throw error;
      (request.log ?? config.log)?.(
        `${config.api.label}: the server does not take 'output_config.effort'; sending none`,
      );
      effort = undefined;
      return send(request, undefined);
    }
  };
  return chatModelFor(config, async (request: ChatRequest): Promise<ChatReply> => {
    const reply = await sendOnce(request, effort);
    if (!spentOnThinking(reply)) return reply;
    // The whole output limit went into thinking: no text, no tool call. Said once in the log, then
    // asked once more with the lowest effort (when the model takes one), the usage of both counted.
    const log = request.log ?? config.log;
    log?.(
      `${config.api.label} ${config.model}: the answer spent all ${request.maxOutputTokens} output tokens thinking and gave no text or tool call${effort ? '; asking once more with effort low' : ''}`,
    );
    if (!effort) return reply;
    const again = await sendOnce(request, 'low');
    return {
      ...again,
      usage: { input: reply.usage.input + again.usage.input, output: reply.usage.output + again.usage.output },
    };
  });
}

/** Stopped at max_tokens with nothing but thinking blocks. */
function spentOnThinking(reply: ChatReply): boolean {
  return reply.stopReason === 'max_tokens' && !reply.text.trim() && reply.toolCalls.length === 0;
}

type Block = Record<string, unknown>;

/** Content blocks read from one answer; the tool calls beyond are dropped, and the log and the model are told. */
const MAX_BLOCKS = 64;

/**
 * One tool_use block: its input is refused when over the bounds, and emptied in the block itself,
 * which goes back to the API as the assistant's turn.
 */
function readToolUse(block: Block, index: number): ToolCall {
  const id = typeof block.id === 'string' ? block.id : `toolu_${index + 1}`;
  const name = typeof block.name === 'string' ? block.name : '';
  const input = block.input;
  if (!input || typeof input !== 'object' || Array.isArray(input))
    return { id, name, arguments: undefined, argumentsError: 'the input was not a JSON object' };
  const problem = valueProblem(input, TOOL_ARGUMENT_BOUNDS);
  if (!problem) return { id, name, arguments: input as Record<string, unknown> };
  block.input = {};
  return { id, name, arguments: undefined, argumentsError: `the input was refused: ${problem}` };
}

/**
 * Neutral messages → Anthropic messages. Tool results and the text that follows them share one user
 * turn (tool_result blocks first, as the API requires), and consecutive user turns are merged.
 */
export function toAnthropicMessages(messages: ChatMessage[]): Array<{ role: 'user' | 'assistant'; content: Block[] }> {
  const out: Array<{ role: 'user' | 'assistant'; content: Block[] }> = [];
  const pushUser = (blocks: Block[]) => {
    const last = out[out.length - 1];
    if (last && last.role === 'user') last.content.push(...blocks);
    else out.push({ role: 'user', content: blocks });
  };
  for (const message of messages) {
    if (message.role === 'user') pushUser([{ type: 'text', text: message.text }]);
    else if (message.role === 'tool') {
      pushUser(
        message.results.map((r) => ({
          type: 'tool_result',
          tool_use_id: r.toolCallId,
          content: r.content,
          ...(r.isError ? { is_error: true } : {}),
        })),
      );
    } else {
      const blocks: Block[] = Array.isArray(message.raw) ? (message.raw as Block[]) : [];
      if (!Array.isArray(message.raw)) {
        if (message.text) blocks.push({ type: 'text', text: message.text });
        for (const call of message.toolCalls)
          blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments ?? {} });
      }
      // Every message but a final assistant one needs non-empty content: an empty answer (`[]`, or
      // thinking only) is dropped, and the user turns around it merge into one.
      if (blocks.some(saysSomething)) out.push({ role: 'assistant', content: blocks });
    }
  }
  return out;
}

function saysSomething(block: Block): boolean {
  return block.type === 'tool_use' || (block.type === 'text' && typeof block.text === 'string' && block.text !== '');
}

export function parseAnthropicReply(json: unknown, config: Pick<AnthropicChatConfig, 'api' | 'model'>): ChatReply {
  const bad = (what: string) =>
    badResponse(config, what, 'Check that --base-url points at the Anthropic Messages API.');
  if (!json || typeof json !== 'object') throw bad('a JSON object');
  const root = json as Record<string, unknown>;
  if (!Array.isArray(root.content)) throw bad('a content array');
  const content = root.content as Block[];
  let text = '';
  const toolCalls: ToolCall[] = [];
  for (const block of content.slice(0, MAX_BLOCKS)) {
    if (!block || typeof block !== 'object') continue;
    if (block.type === 'text' && typeof block.text === 'string') text += block.text;
    else if (block.type === 'tool_use') toolCalls.push(readToolUse(block, toolCalls.length));
    // thinking / redacted_thinking blocks carry no edits; they travel back in `raw`.
  }
  const droppedCalls = content.slice(MAX_BLOCKS).filter((b) => b && typeof b === 'object' && b.type === 'tool_use');
  const usage = root.usage as Record<string, unknown> | undefined;
  if (!usage || typeof usage.input_tokens !== 'number' || typeof usage.output_tokens !== 'number')
    throw bad('usage.input_tokens / output_tokens');
  const cacheRead = typeof usage.cache_read_input_tokens === 'number' ? usage.cache_read_input_tokens : 0;
  const cacheWrite = typeof usage.cache_creation_input_tokens === 'number' ? usage.cache_creation_input_tokens : 0;
  const stop = typeof root.stop_reason === 'string' ? root.stop_reason : 'unknown';
  return {
    text,
    toolCalls,
    usage: { input: usage.input_tokens + cacheRead + cacheWrite, output: usage.output_tokens },
    stopReason: stop === 'end_turn' || stop === 'stop_sequence' ? 'end' : stop,
    // The blocks beyond the bound go with the calls read: a tool_use sent back needs its result.
    raw: content.slice(0, MAX_BLOCKS),
    ...(droppedCalls.length > 0
      ? {
          dropped: {
            toolCalls: droppedCalls.length,
            of: toolCalls.length + droppedCalls.length,
            why: `self-heal reads at most ${MAX_BLOCKS} content blocks an answer`,
          },
        }
      : {}),
  };
}

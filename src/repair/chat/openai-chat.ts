import { ProviderError } from '../provider.js';
import { badResponse, chatModelFor, postChatRequest, type ChatEndpointConfig } from './chat-endpoint.js';
import type { ChatMessage, ChatModel, ChatReply, ChatRequest, ToolCall } from './chat-model.js';
import { parseJsonBounded, TOOL_ARGUMENT_BOUNDS, valueProblem } from '../../text/bounded-json.js';
import { estimateTokens } from '../../text/token-estimate.js';

/**
 * OpenAI chat completions (`POST {baseUrl}/chat/completions`) over plain fetch. Works with OpenAI,
 * Azure OpenAI's v1 endpoint, Ollama, vLLM, LM Studio and OpenRouter; the quirks of compatible
 * servers are handled where they are read (arguments as an object, missing ids, missing usage).
 */

export interface OpenAIChatConfig extends ChatEndpointConfig {
  /** Up to and excluding `/chat/completions`, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  /**
   * OpenAI deprecated `max_tokens` for `max_completion_tokens` (reasoning models refuse the old one),
   * while Ollama and LM Studio read only `max_tokens`. Default: the new name for OpenAI and Azure,
   * the old one elsewhere; a 400 naming the field switches once.
   */
  maxTokensField?: 'max_completion_tokens' | 'max_tokens';
  /**
   * Sent as `reasoning_effort` when set. GPT-6 models take function calls on chat completions only
   * with `none`; a server that refuses the field (a 400 naming it) gets the request again without it.
   */
  reasoningEffort?: string;
  extraHeaders?: Record<string, string>;
}

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export function createOpenAIChat(config: OpenAIChatConfig): ChatModel {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const host = safeHost(config.baseUrl);
  let tokensField =
    config.maxTokensField ??
    (host === 'api.openai.com' || host.endsWith('.openai.azure.com') ? 'max_completion_tokens' : 'max_tokens');
  let reasoningEffort = config.reasoningEffort;
  const headers: Record<string, string> = { authorization: `Bearer ${config.apiKey}`, ...config.extraHeaders };
  // Azure OpenAI takes its keys in `api-key`; sending both is harmless elsewhere but only done there.
  if (host.endsWith('.azure.com')) headers['api-key'] = config.apiKey;

  return chatModelFor(config, async (request: ChatRequest): Promise<ChatReply> => {
    const send = () =>
      postChatRequest(config, request, {
        url,
        headers,
        body: buildBody(config.model, request, tokensField, reasoningEffort),
      });
    // Each refused optional field is given up once: at most two fields, so at most three tries.
    for (let fallbacks = 0; ; fallbacks++) {
      try {
        return parseReply((await send()).json, config, request);
      } catch (error) {
        if (!(error instanceof ProviderError) || error.kind !== 'bad-request' || fallbacks >= 2) throw error;
        if (reasoningEffort !== undefined && error.message.includes('reasoning_effort')) {
          config.log?.(`${config.api.label}: the server does not take 'reasoning_effort'; sending none`);
          reasoningEffort = undefined;
        } else if (error.message.includes(tokensField)) {
          const other = tokensField === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens';
          config.log?.(`${config.api.label}: the server does not take '${tokensField}'; using '${other}'`);
          tokensField = other;
        } else throw error;
      }
    }
  });
}

function safeHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/** Neutral messages → OpenAI wire messages. */
export function toOpenAIMessages(system: string, messages: ChatMessage[]): unknown[] {
  const out: unknown[] = [{ role: 'system', content: system }];
  for (const message of messages) {
    if (message.role === 'user') out.push({ role: 'user', content: message.text });
    else if (message.role === 'assistant') {
      // `null` content is valid only beside tool calls: an answer with neither (stopped at the length
      // limit, filtered, refused) replayed as null is a 400, so it goes back as an empty string.
      const wire: Record<string, unknown> = {
        role: 'assistant',
        content: message.toolCalls.length > 0 ? message.text || null : message.text,
      };
      if (message.toolCalls.length > 0) {
        wire.tool_calls = message.toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments ? JSON.stringify(call.arguments) : '{}' },
        }));
      }
      out.push(wire);
    } else {
      for (const result of message.results)
        out.push({ role: 'tool', tool_call_id: result.toolCallId, content: result.content });
    }
  }
  return out;
}

function buildBody(
  model: string,
  request: ChatRequest,
  tokensField: string,
  reasoningEffort: string | undefined,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model,
    messages: toOpenAIMessages(request.system, request.messages),
    [tokensField]: request.maxOutputTokens,
    ...(reasoningEffort !== undefined ? { reasoning_effort: reasoningEffort } : {}),
  };
  if (request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
    body.tool_choice = 'auto';
  }
  return body;
}

function badReply(config: OpenAIChatConfig, what: string): ProviderError {
  return badResponse(
    config,
    what,
    `Check that --base-url speaks OpenAI chat completions and that model ${config.model} supports tool calling.`,
  );
}

/** Tool calls read from one answer; the rest are dropped, and the log and the model are told. */
const MAX_TOOL_CALLS = 32;

/** OpenAI wire reply → neutral reply. */
export function parseReply(json: unknown, config: OpenAIChatConfig, request: ChatRequest): ChatReply {
  if (!json || typeof json !== 'object') throw badReply(config, 'a JSON object');
  const root = json as Record<string, unknown>;
  const choices = root.choices;
  if (!Array.isArray(choices) || choices.length === 0) throw badReply(config, 'choices');
  const choice = choices[0] as Record<string, unknown>;
  const message = choice?.message as Record<string, unknown> | undefined;
  if (!message || typeof message !== 'object') throw badReply(config, 'choices[0].message');
  const text = typeof message.content === 'string' ? message.content : contentPartsText(message.content);
  const rawCalls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  const toolCalls: ToolCall[] = rawCalls.slice(0, MAX_TOOL_CALLS).map((raw, index) => parseToolCall(raw, index));

  const usage = root.usage as Record<string, unknown> | undefined;
  const input = typeof usage?.prompt_tokens === 'number' ? usage.prompt_tokens : undefined;
  const output = typeof usage?.completion_tokens === 'number' ? usage.completion_tokens : undefined;
  const finish = typeof choice.finish_reason === 'string' ? choice.finish_reason : 'unknown';
  return {
    text,
    toolCalls,
    usage: {
      // Some compatible servers omit usage: fall back to the estimate so budgets still hold.
      input: input ?? estimateTokens(JSON.stringify(toOpenAIMessages(request.system, request.messages))),
      output: output ?? estimateTokens(text + JSON.stringify(rawCalls)),
    },
    ...(rawCalls.length > MAX_TOOL_CALLS
      ? {
          dropped: {
            toolCalls: rawCalls.length - MAX_TOOL_CALLS,
            of: rawCalls.length,
            why: `self-heal reads at most ${MAX_TOOL_CALLS} an answer`,
          },
        }
      : {}),
    stopReason:
      finish === 'stop'
        ? 'end'
        : finish === 'tool_calls' || finish === 'function_call'
          ? 'tool_use'
          : finish === 'length'
            ? 'max_tokens'
            : finish,
  };
}

function contentPartsText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((part) =>
      part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string'
        ? (part as { text: string }).text
        : '',
    )
    .join('');
}

function parseToolCall(raw: unknown, index: number): ToolCall {
  const call = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const fn = (call.function && typeof call.function === 'object' ? call.function : {}) as Record<string, unknown>;
  const id = typeof call.id === 'string' && call.id ? call.id : `call_${index + 1}`;
  const name = typeof fn.name === 'string' ? fn.name : '';
  const args = fn.arguments;
  if (args && typeof args === 'object' && !Array.isArray(args)) {
    // Ollama and some vLLM parsers send an object instead of a JSON string.
    const problem = valueProblem(args, TOOL_ARGUMENT_BOUNDS);
    if (problem) return { id, name, arguments: undefined, argumentsError: `the arguments were refused: ${problem}` };
    return { id, name, arguments: args as Record<string, unknown> };
  }
  if (typeof args !== 'string' || args.trim() === '') {
    return {
      id,
      name,
      arguments: args === '' || args === undefined ? {} : undefined,
      argumentsError: args === '' || args === undefined ? undefined : 'the arguments were not a JSON object',
    };
  }
  const parsed = parseJsonBounded(args, TOOL_ARGUMENT_BOUNDS);
  if (!parsed.ok) {
    const refused = parsed.reason.startsWith('not valid JSON') ? 'were' : 'were refused:';
    return { id, name, arguments: undefined, argumentsError: `the arguments ${refused} ${parsed.reason}` };
  }
  const value = parsed.value;
  if (value && typeof value === 'object' && !Array.isArray(value))
    return { id, name, arguments: value as Record<string, unknown> };
  return { id, name, arguments: undefined, argumentsError: 'the arguments were JSON but not an object' };
}

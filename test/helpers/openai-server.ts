import {
  startScriptedServer,
  type RecordedRequest,
  type ScriptedReply,
  type ScriptedServer,
} from './scripted-http-server.js';

/**
 * A loopback server speaking OpenAI chat completions: it checks what the real API checks (the bearer
 * key when one is set, the path, `model`/`messages`, that every assistant tool call is answered by a
 * `tool` message with its id before anything else) and answers from the scripted queue.
 */

export interface OpenAIServer extends ScriptedServer {
  /** Base URL to pass as `--base-url` (ends before `/chat/completions`). */
  apiBase: string;
}

export interface OpenAIServerOptions {
  /** Path prefix before `/chat/completions`: `/v1` (OpenAI) or `/inference` (GitHub Models). */
  prefix?: string;
  /** When set, requests with another bearer key get the real 401. */
  apiKey?: string;
}

export async function startOpenAIServer(options: OpenAIServerOptions = {}): Promise<OpenAIServer> {
  const prefix = options.prefix ?? '/v1';
  const server = await startScriptedServer((request) => validateOpenAIRequest(request, prefix, options.apiKey));
  return Object.assign(server, { apiBase: `${server.baseUrl}${prefix}` });
}

function invalid(message: string, status = 400): ScriptedReply {
  return { status, body: { error: { message, type: 'invalid_request_error', param: null, code: null } } };
}

export function validateOpenAIRequest(
  request: RecordedRequest,
  prefix: string,
  apiKey?: string,
): ScriptedReply | undefined {
  if (request.method !== 'POST' || request.path !== `${prefix}/chat/completions`) {
    return invalid(`Invalid URL (${request.method} ${request.path})`, 404);
  }
  const auth = request.headers.authorization ?? '';
  if (apiKey !== undefined && auth !== `Bearer ${apiKey}`) {
    return {
      status: 401,
      body: {
        error: {
          message:
            'Incorrect API key provided: sk-wro****ong. You can find your API key at https://platform.openai.com/account/api-keys.',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      },
    };
  }
  const body = request.body;
  if (!body || typeof body !== 'object') return invalid('We could not parse the JSON body of your request.');
  if (typeof body.model !== 'string') return invalid('you must provide a model parameter');
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return invalid("'messages' must be a non-empty array");
  let open: string[] = [];
  for (const [i, m] of body.messages.entries()) {
    if (m.role === 'tool') {
      if (!open.includes(m.tool_call_id)) {
        return invalid(
          `Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls' (messages[${i}]).`,
        );
      }
      open = open.filter((id) => id !== m.tool_call_id);
      continue;
    }
    if (open.length > 0) {
      return invalid(
        `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${open.join(', ')}`,
      );
    }
    // The real API: an assistant message needs content unless it carries tool calls.
    if (m.role === 'assistant' && !Array.isArray(m.tool_calls) && typeof m.content !== 'string') {
      return invalid(`Invalid value for 'content': expected a string, got null. (messages[${i}].content)`);
    }
    if (m.role === 'assistant' && Array.isArray(m.tool_calls)) {
      for (const call of m.tool_calls) {
        if (typeof call.function?.arguments !== 'string')
          return invalid(`messages[${i}].tool_calls: arguments must be a string`);
      }
      open = m.tool_calls.map((c: { id: string }) => c.id);
    }
  }
  if (body.tools !== undefined) {
    for (const tool of body.tools) {
      if (
        tool.type !== 'function' ||
        typeof tool.function?.name !== 'string' ||
        typeof tool.function?.parameters !== 'object'
      ) {
        return invalid("Invalid 'tools': each must be {type: 'function', function: {name, description, parameters}}");
      }
    }
  }
  return undefined;
}

export interface ScriptedToolCall {
  name: string;
  /** An object is JSON-encoded as the real API does; a string is sent verbatim (to test malformed JSON). */
  arguments: Record<string, unknown> | string;
  id?: string;
}

let callCounter = 0;

/** A 200 answer carrying tool calls (`finish_reason: tool_calls`, `content: null`). */
export function openaiToolCalls(
  calls: ScriptedToolCall[],
  usage = { prompt_tokens: 100, completion_tokens: 20 },
  text: string | null = null,
): ScriptedReply {
  const toolCalls = calls.map((c) => ({
    id: c.id ?? `call_${++callCounter}`,
    type: 'function',
    function: {
      name: c.name,
      arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
    },
  }));
  return completion({ role: 'assistant', content: text, tool_calls: toolCalls }, 'tool_calls', usage);
}

/** A 200 chat completion with one choice, as the real API sends it. */
function completion(
  message: Record<string, unknown>,
  finishReason: string,
  usage: { prompt_tokens: number; completion_tokens: number },
): ScriptedReply {
  return {
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 1_767_225_600,
      model: 'scripted',
      choices: [{ index: 0, message, finish_reason: finishReason }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    },
  };
}

/** A 200 answer with no text and no tool call (`content: null`), as after the length limit or a filter. */
export function openaiEmpty(
  finishReason = 'length',
  usage = { prompt_tokens: 100, completion_tokens: 20 },
): ScriptedReply {
  return completion({ role: 'assistant', content: null }, finishReason, usage);
}

/** A 200 answer with text only (`finish_reason: stop`). */
export function openaiText(text: string, usage = { prompt_tokens: 100, completion_tokens: 20 }): ScriptedReply {
  return completion({ role: 'assistant', content: text }, 'stop', usage);
}

/** An error answer in OpenAI's shape. */
export function openaiError(
  status: number,
  message: string,
  code: string | null = null,
  headers: Record<string, string> = {},
): ScriptedReply {
  return {
    status,
    headers,
    body: { error: { message, type: status === 429 ? 'requests' : 'invalid_request_error', param: null, code } },
  };
}

/** `replace_in_file` as a scripted tool call. */
export function replaceInFile(path: string, oldText: string, newText: string): ScriptedToolCall {
  return { name: 'replace_in_file', arguments: { path, old_text: oldText, new_text: newText } };
}

import { ProviderError } from '../provider.js';
import type { ChatModel, ChatReply, ChatRequest } from './chat-model.js';
import { DEFAULT_RETRY_POLICY, postJson, type PostJsonResult, type RetryPolicy } from './post-json.js';
import type { ApiIdentity } from './provider-errors.js';

/**
 * What the chat clients share whatever their wire format (`openai-chat.ts`, `anthropic-chat.ts`):
 * the endpoint's configuration, the identity and limits a `ChatModel` reports, how one wire request
 * is posted, and the error for a reply that lacks part of its format. Each client keeps its own
 * URL, headers, body and reply parsing.
 */

export interface ChatEndpointConfig {
  /** The API's base URL; each client says what it includes. */
  baseUrl: string;
  apiKey: string;
  model: string;
  api: ApiIdentity;
  maxInputTokens: number;
  maxOutputTokens: number;
  retry?: RetryPolicy;
  scrub: (text: string) => string;
  log?: (message: string) => void;
  /** Epoch ms; no request or retry starts after it. */
  deadline?: number;
}

/** A `ChatModel` named and bounded by the endpoint's configuration, answering with `complete`. */
export function chatModelFor(
  config: ChatEndpointConfig,
  complete: (request: ChatRequest) => Promise<ChatReply>,
): ChatModel {
  return {
    provider: config.api.label,
    model: config.model,
    maxInputTokens: config.maxInputTokens,
    maxOutputTokens: config.maxOutputTokens,
    complete,
  };
}

/**
 * POST one wire request with the endpoint's retry policy and scrubbing; the request's own signal,
 * deadline and log (the attempt's) come before the client's.
 */
export function postChatRequest(
  config: ChatEndpointConfig,
  request: ChatRequest,
  wire: { url: string; headers: Record<string, string>; body: unknown },
): Promise<PostJsonResult> {
  return postJson({
    url: wire.url,
    headers: wire.headers,
    body: wire.body,
    api: config.api,
    model: config.model,
    retry: config.retry ?? DEFAULT_RETRY_POLICY,
    scrub: config.scrub,
    signal: request.signal,
    deadline: request.deadline ?? config.deadline,
    log: request.log ?? config.log,
  });
}

/** A reply without `what` the wire format requires: not retried, with a hint on what to check. */
export function badResponse(config: Pick<ChatEndpointConfig, 'api'>, what: string, hint: string): ProviderError {
  return new ProviderError(`${config.api.label} answered without ${what}`, 'bad-response', false, hint);
}

import type { TokenUsage } from '../../contracts/heal-report.js';

/**
 * The one small interface over chat-model APIs (OpenAI chat completions, Anthropic messages).
 * Messages are neutral; each client translates them to its wire format.
 */

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

export interface ToolCall {
  /** The provider's id, or one made up when an OpenAI-compatible server omits it. */
  id: string;
  name: string;
  /** Parsed arguments; undefined when they were not valid JSON (see `argumentsError`). */
  arguments: Record<string, unknown> | undefined;
  /** Why the arguments could not be read, to send back to the model. */
  argumentsError?: string;
}

export interface ToolResult {
  toolCallId: string;
  content: string;
  isError?: boolean;
}

export type ChatMessage =
  | { role: 'user'; text: string }
  | {
      role: 'assistant';
      text: string;
      toolCalls: ToolCall[];
      /**
       * The provider's own content, replayed verbatim by the same client (Anthropic thinking blocks
       * must go back unchanged with the tool_use blocks they precede).
       */
      raw?: unknown;
    }
  | { role: 'tool'; results: ToolResult[] };

export interface ChatRequest {
  system: string;
  messages: ChatMessage[];
  tools: ToolSpec[];
  maxOutputTokens: number;
  signal?: AbortSignal;
  /** Epoch ms: no retry wait may run past it. */
  deadline?: number;
  /** Where retries are reported (the attempt's log). */
  log?: (message: string) => void;
}

export interface ChatReply {
  text: string;
  toolCalls: ToolCall[];
  usage: TokenUsage;
  /** Normalised: `end`, `tool_use`, `max_tokens`, or the provider's own value when unknown. */
  stopReason: string;
  /** See `ChatMessage.raw`. */
  raw?: unknown;
  /** Tool calls beyond what one answer may hold: not read (of `of` in the answer), and `why`. */
  dropped?: { toolCalls: number; of: number; why: string };
}

export interface ChatModel {
  /** For logs and reports. */
  readonly provider: string;
  readonly model: string;
  /** The most input tokens one request may carry. */
  readonly maxInputTokens: number;
  /** The most output tokens one request may ask for. */
  readonly maxOutputTokens: number;
  complete(request: ChatRequest): Promise<ChatReply>;
}

import { ProviderError } from '../provider.js';
import { classifyHttpError, type ApiIdentity } from './provider-errors.js';
import { pruneDeep } from '../../text/bounded-json.js';

/**
 * One JSON POST to a model API with the retry policy of the official SDKs (openai-node,
 * anthropic-sdk-typescript): 408 / 409 / 429 / 5xx / network errors / timeouts are retried with
 * exponential backoff and jitter, `x-should-retry: true|false` overrides that, and the server's own
 * wait (`retry-after-ms`, `retry-after`; the rate-limit reset headers on a 429) is honoured when it is
 * under a minute, the backoff used instead when it is longer. Bounded attempts, a bounded total wait,
 * the caller's deadline respected, abortable at every step. The response body is read up to a byte
 * cap, so a misbehaving server cannot exhaust memory.
 */

export interface RetryPolicy {
  /** Retries after the first try. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** All waits of one request together; no retry starts whose wait would pass it. */
  maxTotalWaitMs: number;
  /** One HTTP exchange, headers and body. */
  requestTimeoutMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 4,
  baseDelayMs: 1_000,
  maxDelayMs: 20_000,
  maxTotalWaitMs: 90_000,
  // The SDKs' default for a non-streaming request: a long answer from a thinking model takes minutes.
  requestTimeoutMs: 600_000,
};

/** A server's wait longer than this is not taken as is: the backoff is used instead (as the SDKs do). */
export const MAX_SERVER_WAIT_MS = 60_000;

/** Chat completions are small; 4 MiB is far beyond any real answer at our output limits. */
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
/**
 * Deeper parts of an answer are cut (`pruneDeep`): a tool call's arguments nested that deep are then
 * refused as that call's (`TOOL_ARGUMENT_BOUNDS`), and nothing walks or re-sends the rest.
 */
export const MAX_RESPONSE_DEPTH = 128;

export interface PostJsonOptions {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  api: ApiIdentity;
  model: string;
  retry: RetryPolicy;
  scrub: (text: string) => string;
  signal?: AbortSignal;
  /** Epoch ms after which no new try or wait starts. */
  deadline?: number;
  log?: (message: string) => void;
  /** Injectable for tests of the jitter. */
  random?: () => number;
  maxResponseBytes?: number;
}

export interface PostJsonResult {
  json: unknown;
  status: number;
  /** How many HTTP tries were made (1 when the first succeeded). */
  tries: number;
}

export async function postJson(options: PostJsonOptions): Promise<PostJsonResult> {
  const random = options.random ?? Math.random;
  const payload = JSON.stringify(options.body);
  let waited = 0;
  let lastError: ProviderError | undefined;
  for (let attempt = 0; attempt <= options.retry.maxRetries; attempt++) {
    throwIfAborted(options.signal);
    if (options.deadline !== undefined && Date.now() >= options.deadline) {
      throw (
        lastError ??
        new ProviderError(
          `${options.api.label}: the attempt's time budget ran out before the request was sent`,
          'network',
          false,
          'Raise --max-seconds or --timeout.',
        )
      );
    }
    const outcome = await tryOnce(options, payload);
    if (outcome.ok) return { json: outcome.json, status: outcome.status, tries: attempt + 1 };
    lastError = outcome.error;
    if (!outcome.retry || attempt === options.retry.maxRetries) break;

    const backoff = Math.min(options.retry.maxDelayMs, options.retry.baseDelayMs * 2 ** attempt);
    // "Equal jitter": half fixed, half random, so synchronized clients spread out but never retry at once.
    const asked = outcome.retryAfterMs;
    const ownWait = asked === undefined || asked > MAX_SERVER_WAIT_MS;
    let delay = ownWait ? backoff / 2 + (random() * backoff) / 2 : asked;
    delay = Math.max(0, Math.round(delay));
    if (waited + delay > options.retry.maxTotalWaitMs) break;
    if (options.deadline !== undefined && Date.now() + delay >= options.deadline) break;
    options.log?.(
      `${options.api.label}: ${outcome.error.message}; retrying in ${(delay / 1000).toFixed(1)} s (retry ${attempt + 1} of ${options.retry.maxRetries})${asked !== undefined && ownWait ? `, not the ${Math.ceil(asked / 1000)} s it asked for` : ''}`,
    );
    await sleep(delay, options.signal);
    waited += delay;
  }
  throw lastError!;
}

type TryOutcome =
  | { ok: true; json: unknown; status: number }
  | { ok: false; error: ProviderError; retry: boolean; retryAfterMs?: number };

async function tryOnce(options: PostJsonOptions, payload: string): Promise<TryOutcome> {
  const timeout = AbortSignal.timeout(options.retry.requestTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
      body: payload,
      signal,
    });
  } catch (error) {
    throwIfAborted(options.signal);
    return networkFailure(options, error, timeout.aborted);
  }

  let text: string;
  try {
    text = await readBounded(response, options.maxResponseBytes ?? MAX_RESPONSE_BYTES);
  } catch (error) {
    throwIfAborted(options.signal);
    if (error instanceof ProviderError) return { ok: false, error, retry: false };
    return networkFailure(options, error, timeout.aborted);
  }

  if (!response.ok) {
    const decision = classifyHttpError(options.api, response.status, response.headers, text, {
      model: options.model,
      url: options.url,
      scrub: options.scrub,
    });
    // The server's own say wins over the status, as in both SDKs.
    const should = response.headers.get('x-should-retry');
    const retry = should === 'true' ? true : should === 'false' ? false : decision.retry;
    return { ok: false, error: decision.error, retry, retryAfterMs: decision.retryAfterMs };
  }
  try {
    return { ok: true, json: pruneDeep(JSON.parse(text) as unknown, MAX_RESPONSE_DEPTH), status: response.status };
  } catch {
    const preview = options.scrub(text.slice(0, 120).replace(/\s+/g, ' '));
    return {
      ok: false,
      error: new ProviderError(
        `${options.api.label} answered HTTP ${response.status} with a body that is not JSON (${text.length} bytes, starting: ${JSON.stringify(preview)})`,
        'bad-response',
        false,
        'Check --base-url: it should point at an OpenAI-compatible or Anthropic API, not a web page or proxy login.',
        response.status,
      ),
      retry: false,
    };
  }
}

function networkFailure(options: PostJsonOptions, error: unknown, timedOut: boolean): TryOutcome {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = cause && typeof cause === 'object' && 'code' in cause ? String((cause as { code: unknown }).code) : '';
  const what = timedOut
    ? `no answer within ${Math.round(options.retry.requestTimeoutMs / 1000)} s`
    : `${code || (cause instanceof Error ? cause.message : String(cause))}`;
  return {
    ok: false,
    error: new ProviderError(
      // The URL may carry credentials (https://user:key@host); the scrubber drops them.
      options.scrub(`${options.api.label} could not be reached at ${options.url}: ${what}`),
      'network',
      true,
      'Check the network and --base-url; the request was retried with backoff.',
    ),
    retry: true,
  };
}

async function readBounded(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(declared, maxBytes, response.status);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(size, maxBytes, response.status);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function tooLarge(size: number, maxBytes: number, status: number): ProviderError {
  return new ProviderError(
    `The API answer was larger than ${maxBytes} bytes (at least ${size}); it was not read`,
    'bad-response',
    false,
    'Check --base-url: a chat completion answer is a few kilobytes.',
    status,
  );
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new ProviderError(
      'The request to the model was cancelled',
      'network',
      false,
      'The run was interrupted or its time budget ran out.',
    );
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortError(): ProviderError {
  return new ProviderError(
    'The request to the model was cancelled',
    'network',
    false,
    'The run was interrupted or its time budget ran out.',
  );
}

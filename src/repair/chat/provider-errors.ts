import { ProviderError } from '../provider.js';

/**
 * The table of provider errors: which HTTP answers are retried, which end the run, and the hint a
 * person needs to fix each. Messages are built from the server's text after scrubbing, so an API key
 * echoed back by a server (OpenAI's 401 repeats a masked key) never reaches a log.
 */

/** Who we are talking to, for messages and hints. */
export interface ApiIdentity {
  /** Human name: `OpenAI-compatible API`, `Anthropic API`. */
  label: string;
  /** The environment variable(s) the key comes from, named in the 401 hint. */
  keyEnv: string;
  /** What a 403 means for this API, when it is more than a key without access. */
  forbiddenHint?: string;
}

/** What the error table decides about one HTTP answer. */
export interface ErrorDecision {
  error: ProviderError;
  /** Retry with backoff (429, 5xx, 408/409). */
  retry: boolean;
  /** The wait the server asked for, in ms, when it said. */
  retryAfterMs?: number;
}

const MAX_SERVER_MESSAGE = 300;

// 429s that waiting cannot fix: an exhausted balance or spend limit (OpenAI `insufficient_quota` and its
// codes, Anthropic `enforced_spend_limit_reached`).
const QUOTA_CODES =
  /insufficient_quota|credit_balance_exhausted|spend_limit_exceeded|usage_limit_exceeded|enforced_spend_limit_reached|billing/i;
const CONTEXT_LENGTH =
  /context[_ ]length|maximum context|context window|prompt is too long|too many tokens|tokens_limit_reached|request body too large|max size|input is too long|reduce the length/i;
const MODEL_NOT_FOUND =
  /model_not_found|unknown[_ ]model|unknown_model|invalid model|model .{0,80}(does not exist|not found|not exist|is not available|unavailable)|no such model|not_found_error/i;

/** Pull the server's own message out of the common error shapes (OpenAI, Anthropic, GitHub, plain). */
export function serverMessage(body: string): { message: string; code?: string; type?: string } {
  const trimmed = body.trim();
  try {
    const parsed = JSON.parse(trimmed) as unknown;
    if (parsed && typeof parsed === 'object') {
      const root = parsed as Record<string, unknown>;
      const inner = (root.error && typeof root.error === 'object' ? root.error : root) as Record<string, unknown>;
      const message =
        typeof inner.message === 'string'
          ? inner.message
          : typeof root.error === 'string'
            ? root.error
            : typeof root.message === 'string'
              ? root.message
              : typeof root.detail === 'string'
                ? root.detail
                : trimmed;
      const details =
        inner.details && typeof inner.details === 'object' ? (inner.details as Record<string, unknown>) : {};
      const code =
        typeof inner.code === 'string'
          ? inner.code
          : typeof details.error_code === 'string'
            ? details.error_code
            : undefined;
      const type = typeof inner.type === 'string' ? inner.type : undefined;
      return { message: clip(message), code, type };
    }
  } catch {
    // Not JSON: a proxy's HTML page or plain text.
  }
  return { message: clip(trimmed.replace(/<[^>]{0,200}>/g, ' ').replace(/\s+/g, ' ')) };
}

function clip(text: string): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length > MAX_SERVER_MESSAGE ? `${single.slice(0, MAX_SERVER_MESSAGE - 1)}…` : single;
}

const MAX_HEADER_WAIT_MS = 24 * 3600 * 1000;

/**
 * The wait a server asked for, in ms: `retry-after-ms` (OpenAI, Azure), `retry-after` (seconds or an
 * HTTP date), and only for a 429 (`rateLimited`) the reset times of the limits:
 * `x-ratelimit-reset-requests` / `-tokens` (OpenAI durations like `1s`, `6m0s`, `20ms`),
 * `anthropic-ratelimit-*-reset` (RFC 3339 times), `x-ratelimit-reset` (GitHub: epoch seconds). A 5xx
 * carries those too, but they say when a limit refills, not when the server is back.
 */
export function retryAfterMs(headers: Headers, now = Date.now(), rateLimited = true): number | undefined {
  const candidates: number[] = [];
  const ms = headers.get('retry-after-ms');
  if (ms && /^\d+(\.\d+)?$/.test(ms.trim())) candidates.push(Number(ms));
  const after = headers.get('retry-after');
  if (after && candidates.length === 0) {
    if (/^\d+(\.\d+)?$/.test(after.trim())) candidates.push(Number(after) * 1000);
    else {
      const date = Date.parse(after);
      if (!Number.isNaN(date)) candidates.push(date - now);
    }
  }
  if (candidates.length === 0 && rateLimited) {
    for (const name of ['x-ratelimit-reset-requests', 'x-ratelimit-reset-tokens']) {
      const value = headers.get(name);
      const parsed = value ? parseDuration(value) : undefined;
      if (parsed !== undefined) candidates.push(parsed);
    }
    for (const name of [
      'anthropic-ratelimit-requests-reset',
      'anthropic-ratelimit-tokens-reset',
      'anthropic-ratelimit-input-tokens-reset',
      'anthropic-ratelimit-output-tokens-reset',
    ]) {
      const value = headers.get(name);
      const date = value ? Date.parse(value) : Number.NaN;
      if (!Number.isNaN(date)) candidates.push(date - now);
    }
    const reset = headers.get('x-ratelimit-reset');
    if (reset && /^\d{9,11}$/.test(reset.trim())) candidates.push(Number(reset) * 1000 - now);
  }
  if (candidates.length === 0) return undefined;
  // When several limits reset, the request can go once the latest of them has.
  return Math.min(MAX_HEADER_WAIT_MS, Math.max(0, ...candidates));
}

/** `1h2m3.5s`, `6m0s`, `20ms`, `1.5s` → ms. */
export function parseDuration(text: string): number | undefined {
  const value = text.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let total = 0;
  let consumed = 0;
  for (const m of value.matchAll(re)) {
    const n = Number(m[1]);
    total += m[2] === 'h' ? n * 3_600_000 : m[2] === 'm' ? n * 60_000 : m[2] === 's' ? n * 1000 : n;
    consumed += m[0].length;
  }
  return consumed === value.length && consumed > 0 ? total : undefined;
}

/** One non-2xx answer, read: what the server said and the wait it asked for. */
interface HttpAnswer {
  api: ApiIdentity;
  status: number;
  /** The server's message, scrubbed. */
  said: string;
  /** Code, type and message together, for the pattern tests. */
  codeText: string;
  wait: number | undefined;
  context: { model: string; url: string; scrub: (text: string) => string };
}

/** Sort one non-2xx answer. */
export function classifyHttpError(
  api: ApiIdentity,
  status: number,
  headers: Headers,
  body: string,
  context: { model: string; url: string; scrub: (text: string) => string },
): ErrorDecision {
  const { message: rawMessage, code, type } = serverMessage(body);
  const said = context.scrub(rawMessage);
  const answer: HttpAnswer = {
    api,
    status,
    said,
    codeText: `${code ?? ''} ${type ?? ''} ${said}`,
    wait: retryAfterMs(headers, Date.now(), status === 429),
    context,
  };
  return (
    refusedAccess(answer) ??
    unservable(answer) ??
    retried(answer) ??
    final(
      answer,
      'bad-request',
      `${api.label} refused the request. If the server is an OpenAI-compatible proxy, check that it supports tool calling for model ${context.model}.`,
    )
  );
}

/** An error that ends the run (no retry), with the server's words and a hint. */
function final(answer: HttpAnswer, kind: ProviderError['kind'], hint: string): ErrorDecision {
  return { error: errorOf(answer, kind, false, hint), retry: false };
}

function errorOf(answer: HttpAnswer, kind: ProviderError['kind'], retryable: boolean, hint: string): ProviderError {
  const { api, status, said } = answer;
  return new ProviderError(
    `${api.label} answered HTTP ${status}${said ? `: ${said}` : ''}`,
    kind,
    retryable,
    hint,
    status,
  );
}

/** 401, 402, 403 and 410: the key, the account or the service itself. */
function refusedAccess(answer: HttpAnswer): ErrorDecision | undefined {
  const { api, status, said, context } = answer;
  if (status === 401)
    return final(answer, 'auth', `The API key was refused: set ${api.keyEnv} to a valid key for ${api.label}.`);
  if (status === 402)
    return final(answer, 'forbidden', `${api.label} says the account cannot pay for requests: check its billing.`);
  if (status === 403) {
    return final(
      answer,
      'forbidden',
      api.forbiddenHint ??
        `The key is valid but may not use this model or endpoint: check its permissions for --model ${context.model}.`,
    );
  }
  if (status === 410) {
    // GitHub Models answers every request so since its retirement (2026-07-30), with a message that
    // still says "temporarily unavailable": it is permanent, and no retry or other model helps.
    return {
      error: new ProviderError(
        `${api.label} answered HTTP 410 Gone: this service has been retired${said ? ` (it said: ${said})` : ''}`,
        'config',
        false,
        'Choose another provider: copilot (the workflow token with `permissions: copilot-requests: write`), openai, anthropic, or builtin.',
        status,
      ),
      retry: false,
    };
  }
  return undefined;
}

/** A request this endpoint cannot serve: too large for the model, an unknown model, or no endpoint there. */
function unservable(answer: HttpAnswer): ErrorDecision | undefined {
  const { status, codeText, context } = answer;
  const invalid = status === 400 || status === 422;
  if (status === 413 || (invalid && CONTEXT_LENGTH.test(codeText))) {
    return final(
      answer,
      'bad-request',
      `The request was too large for model ${context.model}: its input limit is smaller than the prompt. Choose a model with a larger context, or report this (the prompt should have been packed to fit).`,
    );
  }
  if (status === 404 && !/model/i.test(codeText)) {
    return final(
      answer,
      'config',
      `Nothing answers at ${context.scrub(context.url)}: check --base-url (it should end before /chat/completions or /v1/messages).`,
    );
  }
  if (status === 404 || (invalid && MODEL_NOT_FOUND.test(codeText))) {
    return final(
      answer,
      'model',
      `The model '${context.model}' is unknown or retired here: set model (--model) to one this endpoint serves.`,
    );
  }
  return undefined;
}

/** 429 (unless the quota is gone), 408, 409 and 5xx: retried with backoff, after the wait asked for. */
function retried(answer: HttpAnswer): ErrorDecision | undefined {
  const { api, status, codeText, wait } = answer;
  if (status === 429) {
    if (QUOTA_CODES.test(codeText)) {
      return final(
        answer,
        'rate-limit',
        `${api.label} says the account's quota or spend limit is used up; waiting will not help. Check its billing and limits.`,
      );
    }
    const asked = wait !== undefined ? ` (it asked to wait ${Math.ceil(wait / 1000)} s)` : '';
    const hint = `${api.label} rate-limited the requests${asked}. Try again later, lower --max-attempts, or use a key with a higher limit.`;
    return { error: errorOf(answer, 'rate-limit', true, hint), retry: true, retryAfterMs: wait };
  }
  if (status === 408 || status === 409 || status >= 500) {
    const hint = `${api.label} failed on its side; it was retried with backoff. Try again later.`;
    return { error: errorOf(answer, 'server', true, hint), retry: true, retryAfterMs: wait };
  }
  return undefined;
}

import { describe, expect, it } from 'vitest';
import {
  classifyHttpError,
  parseDuration,
  retryAfterMs,
  serverMessage,
} from '../../../src/repair/chat/provider-errors.js';
import { createScrubber } from '../../../src/text/secrets.js';

const api = {
  label: 'Example API',
  keyEnv: 'EXAMPLE_API_KEY',
  forbiddenHint: 'the workflow needs `permissions: example: read`',
};
const context = {
  model: 'example-model',
  url: 'https://api.example.com/v1/chat/completions',
  scrub: (t: string) => t,
};
const NOW = Date.parse('2026-11-02T10:00:00Z');

describe('retryAfterMs', () => {
  it('reads retry-after-ms first, then retry-after in seconds or as an HTTP date', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), NOW)).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': '7' }), NOW)).toBe(7_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Mon, 02 Nov 2026 10:00:30 GMT' }), NOW)).toBe(30_000);
  });

  it('reads the OpenAI and Anthropic reset headers and waits for the latest', () => {
    expect(
      retryAfterMs(new Headers({ 'x-ratelimit-reset-requests': '1s', 'x-ratelimit-reset-tokens': '6m0s' }), NOW),
    ).toBe(360_000);
    expect(retryAfterMs(new Headers({ 'anthropic-ratelimit-tokens-reset': '2026-11-02T10:00:05Z' }), NOW)).toBe(5_000);
    expect(retryAfterMs(new Headers({ 'x-ratelimit-reset': String(NOW / 1000 + 12) }), NOW)).toBe(12_000);
  });

  it('reads the reset headers only for a rate limit: they say when a limit refills, not when a 5xx ends', () => {
    const headers = new Headers({ 'x-ratelimit-reset-requests': '30s', 'retry-after': '2' });
    expect(retryAfterMs(new Headers({ 'x-ratelimit-reset-requests': '30s' }), NOW, false)).toBeUndefined();
    expect(retryAfterMs(headers, NOW, false)).toBe(2_000);
    const d = classifyHttpError(api, 503, new Headers({ 'x-ratelimit-reset-tokens': '45s' }), 'overloaded', context);
    expect(d).toMatchObject({ retry: true, retryAfterMs: undefined });
  });

  it('never returns a negative wait and ignores what it cannot read', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': 'Mon, 02 Nov 2026 09:00:00 GMT' }), NOW)).toBe(0);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), NOW)).toBeUndefined();
    expect(retryAfterMs(new Headers({}), NOW)).toBeUndefined();
  });
});

describe('parseDuration', () => {
  it('reads Go-style durations', () => {
    expect(parseDuration('20ms')).toBe(20);
    expect(parseDuration('1h2m3.5s')).toBe(3_723_500);
    expect(parseDuration('1.5')).toBe(1_500);
    expect(parseDuration('later')).toBeUndefined();
  });
});

describe('serverMessage', () => {
  it('reads OpenAI, Anthropic and plain error shapes', () => {
    expect(serverMessage('{"error":{"message":"bad key","code":"invalid_api_key"}}')).toEqual({
      message: 'bad key',
      code: 'invalid_api_key',
      type: undefined,
    });
    expect(serverMessage('{"type":"error","error":{"type":"not_found_error","message":"model: x"}}')).toMatchObject({
      message: 'model: x',
      type: 'not_found_error',
    });
    expect(serverMessage('<html><h1>502 Bad Gateway</h1></html>').message).toBe('502 Bad Gateway');
    expect(serverMessage('x'.repeat(1000)).message.length).toBeLessThanOrEqual(300);
  });
});

describe('classifyHttpError', () => {
  it('explains a 403 with the hint of the API and does not retry it', () => {
    const d = classifyHttpError(
      api,
      403,
      new Headers(),
      '{"error":{"code":"no_access","message":"No access to model: example-model"}}',
      context,
    );
    expect(d.retry).toBe(false);
    expect(d.error.kind).toBe('forbidden');
    expect(d.error.hint).toContain('permissions: example: read');
    expect(d.error.message).toContain('No access to model');
  });

  it('reports a 410 as a retired service, a configuration error, not the tool-calling hint', () => {
    // GitHub Models' answer since 2026-07-30: permanent, whatever the message says.
    const d = classifyHttpError(
      api,
      410,
      new Headers(),
      '{"error":{"code":"github_models_retirement_brownout","message":"GitHub Models is temporarily unavailable."}}',
      context,
    );
    expect(d.retry).toBe(false);
    expect(d.error.kind).toBe('config');
    expect(d.error.message).toMatch(
      /HTTP 410 Gone: this service has been retired \(it said: GitHub Models is temporarily unavailable\.\)/,
    );
    expect(d.error.hint).toMatch(/copilot-requests: write/);
    expect(d.error.hint).not.toMatch(/tool calling/);
  });

  it('sorts a too-large request (413 tokens_limit_reached) as a bad request with a hint', () => {
    const d = classifyHttpError(
      api,
      413,
      new Headers(),
      '{"error":{"code":"tokens_limit_reached","message":"Request body too large for example-model. Max size: 8000 tokens."}}',
      context,
    );
    expect(d.error.kind).toBe('bad-request');
    expect(d.error.hint).toMatch(/input limit/);
  });

  it('sorts an unknown model (400 or 404) as a model error naming the flag', () => {
    const d = classifyHttpError(
      api,
      400,
      new Headers(),
      '{"error":{"code":"unknown_model","message":"Unknown model: example-9"}}',
      context,
    );
    expect(d.error.kind).toBe('model');
    expect(d.error.hint).toMatch(/unknown or retired.*model \(--model\)/);
    const notFound = classifyHttpError(api, 404, new Headers(), '404 page not found', context);
    expect(notFound.error.kind).toBe('config');
    expect(notFound.error.hint).toContain('--base-url');
  });

  it('retries 429 and 5xx with the wait the server asked for', () => {
    const d = classifyHttpError(
      api,
      429,
      new Headers({ 'retry-after': '2' }),
      '{"error":{"message":"Too many requests"}}',
      context,
    );
    expect(d).toMatchObject({ retry: true, retryAfterMs: 2000 });
    expect(
      classifyHttpError(
        api,
        529,
        new Headers(),
        '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
        context,
      ).retry,
    ).toBe(true);
  });

  it('scrubs a key the server echoes back', () => {
    const key = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    const d = classifyHttpError(
      api,
      401,
      new Headers(),
      JSON.stringify({ error: { message: `Bad credentials for ${key}` } }),
      { ...context, scrub: createScrubber([key]) },
    );
    expect(d.error.message).not.toContain(key);
    expect(d.error.hint).toContain('EXAMPLE_API_KEY');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, postJson, type PostJsonOptions } from '../../../src/repair/chat/post-json.js';
import { ProviderError } from '../../../src/repair/provider.js';
import { createScrubber } from '../../../src/text/secrets.js';
import { openaiError, openaiText, startOpenAIServer, type OpenAIServer } from '../../helpers/openai-server.js';

let server: OpenAIServer;
beforeEach(async () => {
  server = await startOpenAIServer();
});
afterEach(async () => {
  await server.close();
});

function options(overrides: Partial<PostJsonOptions> = {}): PostJsonOptions {
  return {
    url: `${server.apiBase}/chat/completions`,
    headers: { authorization: 'Bearer k' },
    body: { model: 'm', messages: [{ role: 'user', content: 'hi' }] },
    api: { label: 'Test API', keyEnv: 'TEST_KEY' },
    model: 'm',
    retry: { maxRetries: 3, baseDelayMs: 10, maxDelayMs: 40, maxTotalWaitMs: 5_000, requestTimeoutMs: 1_000 },
    scrub: (t) => t,
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('postJson retry policy', () => {
  it('retries a 500 and returns the 200 that follows', async () => {
    server.reply(openaiError(500, 'The server had an error'), openaiError(503, 'overloaded'), openaiText('ok'));
    const logs: string[] = [];
    const result = await postJson(options({ log: (m) => logs.push(m) }));
    expect(result.tries).toBe(3);
    expect(server.requests).toHaveLength(3);
    expect(logs[0]).toMatch(/HTTP 500.*retrying in/);
  });

  it('honours retry-after-ms on a 429 instead of its own backoff', async () => {
    server.reply(
      openaiError(429, 'Rate limit reached for requests', 'rate_limit_exceeded', { 'retry-after-ms': '150' }),
      openaiText('ok'),
    );
    const logs: string[] = [];
    const result = await postJson(options({ log: (m) => logs.push(m), random: () => 0 }));
    expect(result.tries).toBe(2);
    expect(logs[0]).toMatch(/retrying in 0\.1 s|retrying in 0\.2 s/);
  });

  it('takes its own backoff instead of a wait over a minute (a daily limit), as the SDKs do', async () => {
    server.reply(
      openaiError(429, 'Rate limit of 50 per 86400s exceeded for UserByModelByDay', 'RateLimitReached', {
        'retry-after': '40000',
      }),
      openaiText('ok'),
    );
    const logs: string[] = [];
    const result = await postJson(options({ log: (m) => logs.push(m) }));
    expect(result.tries).toBe(2);
    expect(logs[0]).toMatch(/retrying in 0\.0 s .*not the 40000 s it asked for/);
  });

  it('follows x-should-retry over the status: false stops a 503, true retries a 400', async () => {
    server.reply(openaiError(503, 'unavailable', null, { 'x-should-retry': 'false' }));
    const error = await failure(postJson(options()));
    expect(error.status).toBe(503);
    expect(server.requests).toHaveLength(1);
    server.reply(openaiError(400, 'try again', null, { 'x-should-retry': 'true' }), openaiText('ok'));
    expect((await postJson(options())).tries).toBe(2);
  });

  it('reads the rate-limit reset headers for a 429 only, not for a 5xx', async () => {
    server.reply(openaiError(503, 'overloaded', null, { 'x-ratelimit-reset-requests': '30s' }), openaiText('ok'));
    const logs: string[] = [];
    const started = Date.now();
    await postJson(options({ log: (m) => logs.push(m) }));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(logs[0]).toMatch(/retrying in 0\.0 s/);
  });

  it('waits up to 10 minutes for one answer by default, as the SDKs do', () => {
    expect(DEFAULT_RETRY_POLICY.requestTimeoutMs).toBe(600_000);
  });

  it('does not retry a 429 that says the quota is used up', async () => {
    server.reply(
      openaiError(
        429,
        'You exceeded your current quota, please check your plan and billing details.',
        'insufficient_quota',
      ),
      openaiText('never'),
    );
    const error = await failure(postJson(options()));
    expect(error).toMatchObject({ kind: 'rate-limit', retryable: false, status: 429 });
    expect(error.hint).toMatch(/quota or spend limit/);
    expect(server.requests).toHaveLength(1);
  });

  it('stops after the bounded number of retries with the last error', async () => {
    server.reply(...Array.from({ length: 6 }, () => openaiError(502, 'bad gateway')));
    const error = await failure(postJson(options()));
    expect(error).toMatchObject({ kind: 'server', status: 502 });
    expect(server.requests).toHaveLength(4);
  });

  it('retries after the connection is reset', async () => {
    server.reply({ reset: true }, openaiText('ok'));
    const result = await postJson(options());
    expect(result.tries).toBe(2);
  });

  it('times out a slow answer and retries it', async () => {
    server.reply({ ...openaiText('late'), delayMs: 600 }, openaiText('ok'));
    const result = await postJson(
      options({
        retry: { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 5, maxTotalWaitMs: 1_000, requestTimeoutMs: 200 },
      }),
    );
    expect(result.tries).toBe(2);
    expect((result.json as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toBe(
      'ok',
    );
  });

  it('reports a network error with the URL when nothing listens', async () => {
    const url = `${server.apiBase}/chat/completions`;
    await server.close();
    const error = await failure(
      postJson(
        options({
          url,
          retry: { maxRetries: 1, baseDelayMs: 5, maxDelayMs: 5, maxTotalWaitMs: 100, requestTimeoutMs: 500 },
        }),
      ),
    );
    expect(error.kind).toBe('network');
    expect(error.message).toContain(url);
    expect(error.message).toMatch(/ECONNREFUSED/);
    server = await startOpenAIServer();
  });

  it('keeps credentials in the base URL out of the network error', async () => {
    const url = `http://user:s3cret-password-value@127.0.0.1:9/v1/chat/completions`;
    const error = await failure(
      postJson(
        options({
          url,
          scrub: createScrubber([]),
          retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1, maxTotalWaitMs: 1, requestTimeoutMs: 500 },
        }),
      ),
    );
    expect(error.kind).toBe('network');
    expect(error.message).not.toContain('s3cret-password-value');
    expect(error.message).toContain('http://user:[REDACTED]@127.0.0.1:9');
  });

  it('can be aborted while it waits to retry', async () => {
    server.reply(openaiError(429, 'slow down', null, { 'retry-after': '3' }), openaiText('never'));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(postJson(options({ signal: controller.signal })));
    expect(error.message).toMatch(/cancelled/);
    expect(server.requests).toHaveLength(1);
  });

  it('does not start a retry whose wait passes the deadline', async () => {
    server.reply(openaiError(500, 'boom'), openaiText('never'));
    const error = await failure(
      postJson(
        options({
          deadline: Date.now() + 5,
          retry: { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 500, maxTotalWaitMs: 5_000, requestTimeoutMs: 1_000 },
        }),
      ),
    );
    expect(error.kind).toBe('server');
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    [403, 'forbidden'],
    [404, 'model'],
    [400, 'bad-request'],
  ] as const)('does not retry HTTP %i (%s)', async (status, kind) => {
    server.reply(
      openaiError(status, status === 404 ? 'The model `gpt-nope` does not exist' : 'nope'),
      openaiText('never'),
    );
    const error = await failure(postJson(options()));
    expect(error.kind).toBe(kind);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses an answer larger than the byte cap without reading it all', async () => {
    server.reply({ body: { blob: 'x'.repeat(50_000) } });
    const error = await failure(postJson(options({ maxResponseBytes: 10_000 })));
    expect(error.kind).toBe('bad-response');
    expect(error.message).toMatch(/larger than 10000 bytes/);
  });

  it('refuses a 200 that is not JSON and quotes its start', async () => {
    server.reply({ body: '<html><body>Sign in to the proxy</body></html>' });
    const error = await failure(postJson(options()));
    expect(error.kind).toBe('bad-response');
    expect(error.message).toContain('<html>');
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copilotError, failureOf, runtimeError } from '../../../src/repair/copilot/copilot-errors.js';
import {
  COPILOT_RUNTIME_VERSION,
  runtimePackageName,
  runtimePlatform,
} from '../../../src/repair/copilot/copilot-runtime.js';
import { createScrubber } from '../../../src/text/secrets.js';

const TOKEN = 'ghs_unitTestToken0123456789abcdefghij';
const context = { model: 'gpt-6-luna', byok: false, scrub: createScrubber([TOKEN]) };

/** The runtime's text for a failed models.list, as the SDK throws it. */
const listFailure = (status: number, body: unknown) =>
  new Error(
    `Request models.list failed with message: GenericFailure, ${JSON.stringify({ kind: 'http', status, statusText: 'x', body: JSON.stringify(body) })}`,
  );

describe('the runtime pin', () => {
  it('is the version of the bundled @github/copilot-sdk, in one place', () => {
    const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies['@github/copilot-sdk']).toBe(COPILOT_RUNTIME_VERSION);
  });

  it('names the platform package as the SDK publishes it', () => {
    expect(runtimePackageName('linux-x64')).toBe('@github/copilot-sdk-linux-x64');
    expect(runtimePlatform('darwin', 'arm64')).toBe('darwin-arm64');
    expect(runtimePlatform('win32', 'x64')).toBe('win32-x64');
    expect(runtimePlatform('linux', 'x64')).toMatch(/^linux(musl)?-x64$/);
  });
});

describe('copilotError: one sentence naming what to change', () => {
  it('401: the permission line and COPILOT_GITHUB_TOKEN, without the token', () => {
    const error = copilotError(failureOf(listFailure(401, { message: `Bad credentials ${TOKEN}` })), context);
    expect(error).toMatchObject({ kind: 'auth', retryable: false, status: 401 });
    expect(error.message).toBe('Copilot refused the token (HTTP 401): Bad credentials [REDACTED]');
    expect(error.hint).toMatch(/copilot-requests: write.*COPILOT_GITHUB_TOKEN/);
  });

  it('a runtime that says it is not authenticated (no status): the token, not copilot-path', () => {
    // What the real runtime throws for models.list when the token cannot be exchanged.
    const error = copilotError(
      failureOf(new Error('Request models.list failed with message: Not authenticated. Please authenticate first.')),
      context,
    );
    expect(error).toMatchObject({ kind: 'auth', retryable: false });
    expect(error.message).toMatch(/^Copilot refused the token: /);
    expect(error.hint).toMatch(/copilot-requests: write.*COPILOT_GITHUB_TOKEN/);
    expect(error.hint).not.toMatch(/copilot-path/);
  });

  it('403 with the policy message: the organisation policy; a bare 403: the permission and the policy', () => {
    const policy = copilotError(
      failureOf(
        listFailure(403, {
          error: {
            message: 'requires an enterprise or organization policy to be enabled.',
            code: 'feature_not_enabled',
          },
        }),
      ),
      context,
    );
    expect(policy.message).toMatch(/^Copilot is not enabled for this token \(HTTP 403\)/);
    expect(policy.hint).toMatch(/Allow use of Copilot CLI billed to the organization/);
    const bare = copilotError({ status: 403, message: 'Forbidden' }, context);
    expect(bare.hint).toMatch(/copilot-requests: write.*Allow use of Copilot CLI/);
  });

  it('an unknown model names model; quota, rate limit, network and 5xx are sorted', () => {
    expect(copilotError({ status: 404, message: 'model not found' }, context)).toMatchObject({ kind: 'model' });
    expect(copilotError({ status: 404, message: 'x' }, context).hint).toMatch(/Set model/);
    expect(copilotError({ type: 'quota', message: 'quota_exceeded' }, context)).toMatchObject({ kind: 'forbidden' });
    expect(copilotError({ type: 'rate_limit', message: 'slow down' }, context)).toMatchObject({ retryable: true });
    expect(
      copilotError(
        failureOf(new Error('Request failed: {"kind":"network","message":"dns error: ENOTFOUND"}')),
        context,
      ),
    ).toMatchObject({ kind: 'network', retryable: true });
    expect(copilotError({ status: 502, message: 'bad gateway' }, context)).toMatchObject({ kind: 'server' });
    expect(copilotError({ status: 410, message: 'gone' }, context).message).toMatch(/retired/);
  });

  it('BYOK failures name base-url and api-key instead of the GitHub token', () => {
    const error = copilotError({ status: 401, message: 'Incorrect API key' }, { ...context, byok: true });
    expect(error.message).toMatch(/^The endpoint behind Copilot \(base-url\) refused the API key/);
    expect(error.hint).toMatch(/api-key/);
  });
});

describe('runtimeError: the runtime itself failed', () => {
  it('keeps no part of a token that straddles the clip', () => {
    // The token starts 20 characters before the 300-character clip: clipping first would keep its head.
    const said = `${'x'.repeat(280)} ${TOKEN} trailing words`;
    const error = runtimeError('The Copilot runtime stopped during the attempt', new Error(said), context.scrub, true);
    expect(error).toMatchObject({ kind: 'server', retryable: true });
    expect(error.message).toMatch(/^The Copilot runtime stopped during the attempt: x+ \[REDACTED\] trail/);
    expect(error.message).not.toContain(TOKEN.slice(0, 8));
    expect(error.hint).toMatch(/copilot-path/);
  });

  it('is bounded, and a start failure is a configuration error', () => {
    const error = runtimeError(
      'The Copilot runtime at /bin/x did not start',
      'spawn EACCES\n'.repeat(500),
      context.scrub,
      false,
    );
    expect(error).toMatchObject({ kind: 'config', retryable: false });
    expect(error.message.length).toBeLessThan(400);
    expect(error.message).not.toContain('\n');
  });
});

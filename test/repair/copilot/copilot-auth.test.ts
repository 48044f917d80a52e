import { describe, expect, it } from 'vitest';
import { byokTypeOf, copilotTokenFrom, resolveAuth } from '../../../src/repair/copilot/copilot-auth.js';
import { runtimeEnvironment } from '../../../src/repair/copilot/copilot-client.js';
import { ProviderError } from '../../../src/repair/provider.js';

function thrown(run: () => unknown): ProviderError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error('expected a ProviderError');
}

describe('resolveAuth', () => {
  it('takes the given token first, then COPILOT_GITHUB_TOKEN, GH_TOKEN, GITHUB_TOKEN', () => {
    const env = { COPILOT_GITHUB_TOKEN: 'c', GH_TOKEN: 'g', GITHUB_TOKEN: 't' };
    expect(resolveAuth({ githubToken: 'given', env })).toEqual({ token: 'given', loggedInUser: false });
    expect(resolveAuth({ env })).toEqual({ token: 'c', loggedInUser: false });
    expect(copilotTokenFrom({ GH_TOKEN: 'g', GITHUB_TOKEN: 't' })).toBe('g');
    expect(copilotTokenFrom({ GITHUB_TOKEN: 't' })).toBe('t');
    expect(copilotTokenFrom({ GH_TOKEN: '' })).toBeUndefined();
  });

  it('in CI without a token: an auth error with the permission hint; outside CI: the logged-in user', () => {
    for (const env of [{ GITHUB_ACTIONS: 'true' }, { CI: '1' }]) {
      const error = thrown(() => resolveAuth({ env }));
      expect(error.kind).toBe('auth');
      expect(error.hint).toMatch(/copilot-requests: write/);
    }
    expect(resolveAuth({ env: {} })).toEqual({ loggedInUser: true });
  });

  it('base-url switches to BYOK, with its kind from the host and the key from SELF_HEAL_API_KEY', () => {
    const env = { SELF_HEAL_API_KEY: 'sk-env', GITHUB_TOKEN: 't' };
    expect(resolveAuth({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', env })).toEqual({
      byok: { type: 'openai', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-env' },
      loggedInUser: false,
    });
    expect(resolveAuth({ baseUrl: 'https://x.openai.azure.com/', model: 'm', apiKey: 'k', env }).byok).toMatchObject({
      type: 'azure',
      apiKey: 'k',
    });
    expect(byokTypeOf('api.anthropic.com')).toBe('anthropic');
    expect(byokTypeOf('anthropic.example.com')).toBe('openai');
  });

  it('a base-url that is no URL, or one without a model, is a config error that says what to set', () => {
    const notUrl = thrown(() => resolveAuth({ baseUrl: 'api example', model: 'm', env: {} }));
    expect(notUrl).toMatchObject({ kind: 'config', message: "base-url 'api example' is not a URL" });
    const noModel = thrown(() => resolveAuth({ baseUrl: 'https://LLM.example.com/v1', env: {} }));
    expect(noModel.message).toBe('The copilot provider with base-url (llm.example.com) needs a model');
    expect(noModel.hint).toMatch(/--model/);
  });
});

describe('runtimeEnvironment', () => {
  it('keeps only what the runtime needs, never a credential, and points the homes at its own', () => {
    const env = {
      PATH: '/bin',
      LANG: 'C.UTF-8',
      HTTPS_PROXY: 'http://proxy:3128',
      NODE_EXTRA_CA_CERTS: '/ca.pem',
      GITHUB_TOKEN: 'ghs_secret',
      OPENAI_API_KEY: 'sk-secret',
      HOME: '/home/user',
      NPM_CONFIG_USERCONFIG: '/home/user/.npmrc',
    };
    expect(runtimeEnvironment(env, '/tmp/h')).toEqual({
      PATH: '/bin',
      LANG: 'C.UTF-8',
      HTTPS_PROXY: 'http://proxy:3128',
      NODE_EXTRA_CA_CERTS: '/ca.pem',
      HOME: '/tmp/h',
      USERPROFILE: '/tmp/h',
      XDG_CONFIG_HOME: '/tmp/h/config',
      XDG_CACHE_HOME: '/tmp/h/cache',
    });
    // The logged-in user keeps the user's own home (where the CLI keeps its login).
    expect(runtimeEnvironment(env, undefined)).toEqual({
      PATH: '/bin',
      LANG: 'C.UTF-8',
      HTTPS_PROXY: 'http://proxy:3128',
      NODE_EXTRA_CA_CERTS: '/ca.pem',
      HOME: '/home/user',
    });
  });
});

/**
 * The sentence a provider error ends a run with (the reason, the log, `auto`'s fallback reason):
 * what happened, then what to change, as one sentence each, and which result it ends with.
 */
import { describe, expect, it } from 'vitest';
import {
  describeProviderError,
  ProviderError,
  providerErrorResult,
  type RepairProvider,
} from '../../src/repair/provider.js';
import { createAutoProvider } from '../../src/repair/providers/auto.js';

describe('describeProviderError', () => {
  it('joins the message and the hint with one full stop, also when the service ended its text with one', () => {
    const said = new ProviderError('The Copilot session failed: Not authenticated.', 'auth', false, 'Set X.');
    expect(describeProviderError(said)).toBe('The Copilot session failed: Not authenticated. Set X.');
    const plain = new ProviderError('Copilot refused the token (HTTP 401)', 'auth', false, 'Add Y.');
    expect(describeProviderError(plain)).toBe('Copilot refused the token (HTTP 401). Add Y.');
    expect(describeProviderError(new ProviderError('No hint here.', 'server', true))).toBe('No hint here.');
  });

  it('ends a run with config-error when the configuration must change, else provider-error', () => {
    expect(providerErrorResult(new ProviderError('m', 'config', false))).toBe('config-error');
    expect(providerErrorResult(new ProviderError('m', 'model', false))).toBe('config-error');
    expect(providerErrorResult(new ProviderError('m', 'auth', false))).toBe('provider-error');
    expect(providerErrorResult(new ProviderError('m', 'forbidden', false))).toBe('provider-error');
  });
});

describe('auto: the fallback reason', () => {
  it('is the same sentence, without a doubled full stop', async () => {
    const copilot: RepairProvider = {
      name: 'copilot',
      async prepare() {
        throw new ProviderError(
          'The Copilot session failed: Not authenticated. Please authenticate first.',
          'auth',
          false,
          'Set COPILOT_GITHUB_TOKEN.',
        );
      },
      propose: () => Promise.reject(new Error('not called')),
    };
    const builtin: RepairProvider = { name: 'builtin', propose: () => Promise.reject(new Error('not called')) };
    const warnings: string[] = [];
    const auto = createAutoProvider(
      () => copilot,
      () => builtin,
      true,
    );
    await auto.prepare!({ log: () => {}, warn: (m) => warnings.push(m) });
    expect(auto.name).toBe('builtin');
    expect(auto.fallback?.reason).toBe(
      'The Copilot session failed: Not authenticated. Please authenticate first. Set COPILOT_GITHUB_TOKEN.',
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).not.toContain('..');
  });
  it('quotes an unexpected error on one line, without control characters', async () => {
    const copilot: RepairProvider = {
      name: 'copilot',
      async prepare() {
        throw new Error('npm failed\n::error::forged\u001b[31m red\u0007');
      },
      propose: () => Promise.reject(new Error('not called')),
    };
    const builtin: RepairProvider = { name: 'builtin', propose: () => Promise.reject(new Error('not called')) };
    const warnings: string[] = [];
    const auto = createAutoProvider(
      () => copilot,
      () => builtin,
      true,
    );
    await auto.prepare!({ log: () => {}, warn: (m) => warnings.push(m) });
    expect(auto.fallback?.reason).toBe('the copilot provider failed: npm failed ::error::forged red');
    expect(warnings[0]).not.toMatch(/[\n\u0007\u001b]/);
  });
});

import type { ModelInfo } from '@github/copilot-sdk';
import { describe, expect, it } from 'vitest';
import { promptLimitFrom } from '../../../src/repair/copilot/copilot-models.js';

/** A model as Copilot's model list describes it (the fields the provider reads). */
const model = (id: string, limits: Record<string, number>, policy?: 'enabled' | 'disabled') =>
  ({
    id,
    name: id,
    capabilities: { supports: {}, limits },
    ...(policy ? { policy: { state: policy, terms: '' } } : {}),
  }) as unknown as ModelInfo;

const LIST = [
  model('auto', { max_prompt_tokens: 1_000 }),
  model('gpt-6', { max_prompt_tokens: 128_000, max_context_window_tokens: 200_000 }),
  model('claude-9', { max_context_window_tokens: 90_000 }),
  model('locked', { max_prompt_tokens: 64_000 }, 'disabled'),
];

describe('promptLimitFrom', () => {
  it("a named model's prompt limit, else its context window", () => {
    expect(promptLimitFrom(LIST, 'gpt-6')).toBe(128_000);
    expect(promptLimitFrom(LIST, 'claude-9')).toBe(90_000);
  });

  it('without a named model: the smallest limit Copilot offers, ignoring auto; none known is undefined', () => {
    expect(promptLimitFrom(LIST.slice(0, 3), undefined)).toBe(90_000);
    expect(promptLimitFrom([model('x', {})], undefined)).toBeUndefined();
    expect(promptLimitFrom([], undefined)).toBeUndefined();
  });

  it('a model not offered is a model error listing what is offered', () => {
    expect(() => promptLimitFrom(LIST, 'gpt-7')).toThrow(
      "Copilot does not offer the model 'gpt-7' to this token (it offers: gpt-6, claude-9, locked)",
    );
    expect(() => promptLimitFrom([], 'gpt-7')).toThrow(/\(it offers: none\)/);
  });

  it('a model disabled by policy is a model error naming the policy', () => {
    expect(() => promptLimitFrom(LIST, 'locked')).toThrow(
      "The model 'locked' is disabled by the Copilot policy of this organisation",
    );
  });
});

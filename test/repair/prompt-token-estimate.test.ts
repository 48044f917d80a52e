import { describe, expect, it } from 'vitest';
import { estimateTokens, truncateToTokens } from '../../src/text/token-estimate.js';

describe('estimateTokens', () => {
  it('counts nothing for empty text and about one token per short word of prose', () => {
    expect(estimateTokens('')).toBe(0);
    // 10 short words + a period: 11 raw tokens, x1.1.
    expect(estimateTokens('The cat sat on the mat and ate a fish.')).toBe(Math.ceil(11 * 1.1));
    // Long identifiers split: 14 letters = 3 pieces.
    expect(estimateTokens('estimateTokens')).toBe(Math.ceil(3 * 1.1));
  });

  it('charges code and stack traces more per character than prose', () => {
    const prose = 'the quick brown fox jumps over the lazy dog again and again';
    const code = 'a[i]=f(x,y);b.c(d)->e{g:h};';
    expect(estimateTokens(prose) / prose.length).toBeLessThan(0.25);
    expect(estimateTokens(code) / code.length).toBeGreaterThan(0.5);
  });

  it('charges numbers per 3 digits, separators and indentation cheaply, ANSI and rare characters dearly', () => {
    expect(estimateTokens('123456789')).toBe(Math.ceil(3 * 1.1));
    expect(estimateTokens('\n                x')).toBe(Math.ceil((1 + 2 + 1) * 1.1));
    expect(estimateTokens('='.repeat(40))).toBe(Math.ceil(10 * 1.1));
    // ESC (3) + '[' (1) + '31' (1) + 'm' (1)
    expect(estimateTokens('\u001b[31m')).toBe(Math.ceil(6 * 1.1));
    expect(estimateTokens('日本語')).toBe(Math.ceil(6 * 1.1));
    expect(estimateTokens('😀😀')).toBe(Math.ceil(6 * 1.1));
  });

  it('is monotone in the prefix length, so truncation can binary-search it', () => {
    const text = 'def total(items):\n    return sum(i.price * i.qty for i in items)  # 42\n'.repeat(5);
    let previous = 0;
    for (let i = 0; i <= text.length; i++) {
      const value = estimateTokens(text.slice(0, i));
      expect(value).toBeGreaterThanOrEqual(previous);
      previous = value;
    }
  });
});

describe('truncateToTokens', () => {
  it('returns text that fits, cut at a line end when one is near', () => {
    const text = Array.from({ length: 200 }, (_, i) => `line ${i} with some words`).join('\n');
    const cut = truncateToTokens(text, 100);
    expect(estimateTokens(cut)).toBeLessThanOrEqual(100);
    expect(cut.endsWith('\n')).toBe(true);
    expect(text.startsWith(cut)).toBe(true);
    expect(truncateToTokens('short', 100)).toBe('short');
    expect(truncateToTokens('anything', 0)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { stripEscapeCodes } from '../../src/text/untrusted-text.js';

describe('stripEscapeCodes', () => {
  it('removes ANSI sequences written raw', () => {
    expect(stripEscapeCodes('\u001b[1m\u001b[31mE  assert 1 == 2\u001b[0m')).toBe('E  assert 1 == 2');
  });

  it('removes them as JUnit writers escape them (pytest: #x1B, either case)', () => {
    expect(stripEscapeCodes("#x1B[0m{#x1B[33m'#x1B[39;49;00mtotal#x1b[94m': 5.4}#x1B[90m")).toBe("{'total': 5.4}");
    expect(stripEscapeCodes('#x9B31mred')).toBe('red');
  });

  it('leaves other text alone', () => {
    expect(stripEscapeCodes('issue #x12 and #1B and colour: [33m')).toBe('issue #x12 and #1B and colour: [33m');
  });
});

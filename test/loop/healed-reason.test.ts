import { describe, expect, it } from 'vitest';
import { healedReason } from '../../src/loop/heal-loop.js';

describe('healedReason', () => {
  it('reads right for none, one and many tests that passed before', () => {
    expect(healedReason(1, 1, 0)).toBe(
      'attempt 1 made 1 failing test pass; no other test passed before to keep passing',
    );
    expect(healedReason(2, 6, 1)).toBe(
      'attempt 2 made 6 failing tests pass without breaking the 1 test that passed before',
    );
    expect(healedReason(3, 2, 40)).toBe(
      'attempt 3 made 2 failing tests pass without breaking any of the 40 passing tests',
    );
  });
});

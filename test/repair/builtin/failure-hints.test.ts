import { describe, expect, it } from 'vitest';
import { readFailureHints, hintFactor } from '../../../src/repair/builtin/failure-hints.js';
import { frame, loc } from './helpers/frames.js';

describe('failure hints', () => {
  it('reads the bug class hints from exception types and messages, in proportion', () => {
    const hints = readFailureHints([
      frame('a', {
        test: loc('t.py', 1),
        exceptionType: 'TypeError',
        message: "'NoneType' object is not subscriptable",
      }),
      frame('b', { test: loc('t.py', 2), exceptionType: 'IndexError', message: 'list index out of range' }),
    ]);
    expect(hints.get('none-value')).toBe(0.5);
    expect(hints.get('index')).toBe(0.5);
    expect(hints.has('non-termination')).toBe(false);
    expect(hintFactor(['index'], hints)).toBe(1.5);
    expect(hintFactor(['arithmetic'], hints)).toBe(1);
  });
});

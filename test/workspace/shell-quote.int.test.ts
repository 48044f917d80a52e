import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote, shellQuoteAll } from '../../src/workspace/shell-quote.js';

/** What `sh` reads back for a quoted word: printf each argument on its own NUL-terminated record. */
function roundTrip(words: string[]): string[] {
  const out = execFileSync('sh', ['-c', `printf '%s\\0' ${shellQuoteAll(words)}`], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

describe('shellQuote', () => {
  const hostile = [
    '$(rm -rf /)',
    '`touch pwned`',
    "it's a 'test'",
    'a"b\\"c',
    'line one\nline two',
    'x; echo pwned | cat && false || true &',
    '${HOME}',
    '*',
    '~',
    '',
    '-n',
    '\\',
    "'",
    "''",
    'tab\there',
    'ünïcödé ✓',
  ];

  it('reads back every hostile word byte for byte and executes nothing', () => {
    expect(roundTrip(hostile)).toEqual(hostile);
  });

  it('leaves plain words readable', () => {
    expect(shellQuote('tests/test_calc.py::test_add')).toBe('tests/test_calc.py::test_add');
    expect(shellQuote('a b')).toBe("'a b'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote('')).toBe("''");
  });

  it('refuses NUL, which no shell word can carry', () => {
    expect(() => shellQuote('a\0b')).toThrow(/NUL/);
  });
});

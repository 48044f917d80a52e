import { describe, expect, it } from 'vitest';
import { firstLine, pruneMessage } from '../../src/frames/prune-message.js';

describe('pruning failure messages', () => {
  it('strips ANSI colours and terminal controls', () => {
    expect(pruneMessage('\u001b[31mexpected\u001b[39m \u001b[1m3\u001b[22m to be 4\u0007')).toBe('expected 3 to be 4');
    expect(pruneMessage('safe\u202etxt.exe')).toBe('safetxt.exe');
  });

  it('keeps the first lines of an assertion diff with their relative indentation', () => {
    const vitest = [
      '    AssertionError: expected { a: 1 } to deeply equal { a: 2 }',
      '',
      '',
      '    - Expected',
      '    + Received',
      '',
      '      {',
      '    -   "a": 2,',
      '    +   "a": 1,',
      '      }',
      '',
    ].join('\n');
    expect(pruneMessage(vitest)).toBe(
      [
        'AssertionError: expected { a: 1 } to deeply equal { a: 2 }',
        '',
        '- Expected',
        '+ Received',
        '',
        '  {',
        '-   "a": 2,',
        '+   "a": 1,',
        '  }',
      ].join('\n'),
    );
  });

  it('normalises line endings and trailing whitespace', () => {
    expect(pruneMessage('assert 16.2 == 18.0   \r\n +  where 16.2 = line_total(3.0, 6)\r\n')).toBe(
      'assert 16.2 == 18.0\n +  where 16.2 = line_total(3.0, 6)',
    );
  });

  it('bounds lines, line length and total size, and says what it left out', () => {
    const many = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    const pruned = pruneMessage(many, { maxLines: 5 });
    expect(pruned.split('\n')).toEqual(['line 0', 'line 1', 'line 2', 'line 3', 'line 4', '… (95 more lines)']);
    expect(pruneMessage('x'.repeat(10_000), { maxLineLength: 20 })).toBe(`${'x'.repeat(19)}…`);
    const huge = pruneMessage(`${'y'.repeat(50)}\n`.repeat(1_000_000), { maxChars: 500 });
    expect(huge.length).toBeLessThanOrEqual(500);
    expect(huge.startsWith('y'.repeat(50))).toBe(true);
  });

  it('is empty for nothing', () => {
    expect(pruneMessage(undefined)).toBe('');
    expect(pruneMessage('\n \n\u001b[0m\n')).toBe('');
  });

  it('names the first non-empty line', () => {
    expect(firstLine('\n  \nZeroDivisionError: division by zero\nmore')).toBe('ZeroDivisionError: division by zero');
  });
});

import { describe, expect, it } from 'vitest';
import { extractSnippet } from '../../src/frames/source-snippet.js';

const TEXT = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'].join('\n') + '\n';

describe('source snippets', () => {
  it('shows the line with three lines of context on each side', () => {
    expect(extractSnippet(TEXT, 5)).toEqual({
      startLine: 2,
      lines: ['two', 'three', 'four', 'five', 'six', 'seven', 'eight'],
    });
  });

  it('is cut at the start and end of the file', () => {
    expect(extractSnippet(TEXT, 1, { context: 2 })).toEqual({ startLine: 1, lines: ['one', 'two', 'three'] });
    expect(extractSnippet(TEXT, 9, { context: 2 })).toEqual({ startLine: 7, lines: ['seven', 'eight', 'nine'] });
  });

  it('has no window for a line the file does not have (a stale report)', () => {
    expect(extractSnippet(TEXT, 10)).toBeUndefined();
    expect(extractSnippet(TEXT, 0)).toBeUndefined();
    expect(extractSnippet('', 1)).toBeUndefined();
  });

  it('clips long lines (minified code) and keeps CRLF files line-accurate', () => {
    const long = `a = "${'x'.repeat(10_000)}"`;
    const window = extractSnippet(`first\r\n${long}\r\nlast\r\n`, 2, { context: 1, maxLineLength: 50 })!;
    expect(window.startLine).toBe(1);
    expect(window.lines[0]).toBe('first');
    expect(window.lines[1]).toHaveLength(50);
    expect(window.lines[1]!.endsWith('…')).toBe(true);
    expect(window.lines[2]).toBe('last');
  });

  it('never splits a surrogate pair when clipping', () => {
    const line = `${'a'.repeat(8)}${'😀'.repeat(10)}`;
    const clipped = extractSnippet(line, 1, { maxLineLength: 10 })!.lines[0]!;
    expect(clipped.endsWith('…')).toBe(true);
    expect(clipped.slice(0, -1)).toBe(Array.from(clipped.slice(0, -1)).join(''));
    expect(/[\ud800-\udbff]$/.test(clipped.slice(0, -1))).toBe(false);
  });
});

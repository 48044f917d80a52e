import { describe, expect, it } from 'vitest';
import { stripAnsi } from '../../../src/text/untrusted-text.js';
import { clip, splitLines, stripLogPrefix } from '../../../src/reports/logs/log-text.js';

describe('stripAnsi', () => {
  it('removes SGR colours, cursor moves and 8-bit CSI', () => {
    expect(stripAnsi('\u001b[31m\u001b[1mFAIL\u001b[22m\u001b[39m a.test.ts')).toBe('FAIL a.test.ts');
    expect(stripAnsi('x\u001b[2K\u001b[1Gy')).toBe('xy');
    expect(stripAnsi('\u009b32mok\u009b0m')).toBe('ok');
  });

  it('removes OSC 8 hyperlinks but keeps their text', () => {
    const link = '\u001b]8;;file:///tmp/a.ts\u001b\\src/a.ts:3:1\u001b]8;;\u001b\\';
    expect(stripAnsi(`at ${link}`)).toBe('at src/a.ts:3:1');
    expect(stripAnsi('\u001b]0;title\u0007text')).toBe('text');
  });

  it('drops an unterminated OSC introducer without swallowing the text after it', () => {
    expect(stripAnsi('a\u001b]8;;no terminator here')).toBe('a8;;no terminator here');
  });

  it('does not let an OSC swallow lines or more than a bounded run of text', () => {
    expect(stripAnsi('a\u001b]8;;x\nline 2\u0007b')).toBe('a8;;x\nline 2\u0007b');
    const long = `\u001b]${'x'.repeat(10_000)}\u0007`;
    expect(stripAnsi(long)).toBe(`${'x'.repeat(10_000)}\u0007`);
  });

  it('returns text without escapes unchanged', () => {
    const s = 'plain [31m text';
    expect(stripAnsi(s)).toBe(s);
  });

  it('is linear on pathological input', () => {
    const evil = '\u001b['.repeat(200_000) + '0'.repeat(1_000_000);
    const out = stripAnsi(evil);
    // Each `ESC [` is followed by another ESC (not a final byte), so only the ESCs themselves go.
    expect(out.length).toBe(200_000 + 1_000_000);
    expect(out.includes('\u001b')).toBe(false);
  });
});

describe('splitLines', () => {
  it('splits on CRLF, LF and lone CR without a trailing empty line', () => {
    expect(splitLines('a\r\nb\nc\rd\n')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitLines('')).toEqual([]);
    expect(splitLines('\n')).toEqual(['']);
    expect(splitLines('a\n\nb')).toEqual(['a', '', 'b']);
  });
});

describe('stripLogPrefix', () => {
  it('removes the GitHub Actions timestamp prefix only at the start', () => {
    expect(stripLogPrefix('2026-11-29T10:12:07.1234567Z     at f (/a.js:1:2)')).toBe('    at f (/a.js:1:2)');
    expect(stripLogPrefix('x 2026-11-29T10:12:07.1234567Z y')).toBe('x 2026-11-29T10:12:07.1234567Z y');
  });
});

describe('clip', () => {
  it('leaves short strings alone', () => {
    expect(clip('abc', 3)).toBe('abc');
  });

  it('keeps head and tail within the bound and says how much was omitted', () => {
    const s = `HEAD${'x'.repeat(10_000)}TAIL`;
    const out = clip(s, 200);
    expect(out.length).toBeLessThanOrEqual(200);
    expect(out.startsWith('HEAD')).toBe(true);
    expect(out.endsWith('TAIL')).toBe(true);
    const omitted = Number(/\[(\d+) characters omitted\]/.exec(out)?.[1]);
    const marker = /\n… \[\d+ characters omitted\] …\n/.exec(out)![0];
    expect(omitted).toBe(s.length - (out.length - marker.length));
  });

  it('hard-cuts when the bound is too small for the marker', () => {
    expect(clip('abcdefghij', 4)).toBe('abcd');
    expect(clip('abc', 0)).toBe('');
  });

  it('never splits a surrogate pair', () => {
    const s = '😀'.repeat(1000);
    const out = clip(s, 101);
    expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    expect(clip('a😀', 2)).toBe('a');
  });
});

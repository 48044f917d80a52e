import { describe, expect, it } from 'vitest';
import { codeBlock, escapeHtml, escapeMarkdown, inlineCode, tableCell } from '../../src/text/markdown.js';

describe('markdown escaping', () => {
  it('neutralises HTML, Markdown syntax, mentions and newlines in inline text', () => {
    const hostile = '<img src=x onerror=alert(1)> **bold** [link](http://x) @octocat | a\nb';
    const escaped = escapeMarkdown(hostile);
    expect(escaped).not.toMatch(/<img/);
    expect(escaped).toContain('&lt;img');
    expect(escaped).toContain('\\*\\*bold\\*\\*');
    expect(escaped).toContain('\\[link\\]\\(http\\:');
    expect(escaped).toContain('@\u200boctocat');
    // A backslash does not stop GitHub linking an issue reference; a zero-width space does.
    expect(escapeMarkdown('fixes #12 and a #heading')).toBe('fixes #\u200b12 and a \\#heading');
    expect(escaped).toContain('\\|');
    expect(escaped).not.toContain('\n');
  });

  it('escapes HTML attribute breakers', () => {
    expect(escapeHtml(`"'><script>`)).toBe('&quot;&#39;&gt;&lt;script&gt;');
  });

  it('bounds table cells', () => {
    expect(tableCell('x'.repeat(500), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('wraps code containing fences in a longer fence', () => {
    const block = codeBlock('a\n```\nb\n````\n', 'diff');
    expect(block.startsWith('`````diff\n')).toBe(true);
    expect(block.endsWith('\n`````\n')).toBe(true);
  });

  it('makes inline code that survives backticks', () => {
    expect(inlineCode('a`b')).toBe('``a`b``');
    expect(inlineCode('`x`')).toBe('`` `x` ``');
  });
});

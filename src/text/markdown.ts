/**
 * Escaping for everything untrusted that reaches Markdown or HTML (test names, messages, logs,
 * model text). GitHub renders job summaries and PR bodies as Markdown with inline HTML, so text
 * is escaped for both; code is wrapped in a fence longer than any backtick run inside it.
 */

const MARKDOWN_SPECIAL = /[\\`*_{}[\]()#+\-.!|~<>&"'@:]/g;
const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Untrusted text where GitHub links references (commit messages, pull request titles, Markdown):
 * `@name` would mention a user and `#123` link an issue, or close it after "fix" in a commit
 * subject. A zero-width space after the sign keeps the text readable and inert.
 */
export function breakReferences(text: string): string {
  return text.replace(/([@#])(?=[\w])/g, '$1\u200b');
}

/** HTML-escape (for text inside HTML elements such as <summary> or table cells). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
}

/**
 * Escape inline text for Markdown: HTML entities for `&<>"'`, backslash for Markdown syntax, and
 * `@name` and `#123` broken (see `breakReferences`; a backslash does not stop GitHub linking them)
 * so a hostile test name cannot mention users or link issues. Newlines become spaces (inline context).
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/\r?\n|\r/g, ' ').replace(MARKDOWN_SPECIAL, (c, offset: number, all: string) => {
    if (c in HTML_ENTITIES) return HTML_ENTITIES[c]!;
    if (c === '@') return '@\u200b';
    if (c === '#' && /\d/.test(all[offset + 1] ?? '')) return '#\u200b';
    return `\\${c}`;
  });
}

/** Escape for a Markdown table cell: inline escaping (which already escapes `|`), bounded length. */
export function tableCell(text: string, max = 200): string {
  const clipped = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return escapeMarkdown(clipped);
}

/** Inline code span that survives backticks in the text. */
export function inlineCode(text: string): string {
  const single = text.replace(/\r?\n|\r/g, ' ');
  const longest = Math.max(0, ...Array.from(single.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = single.startsWith('`') || single.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${single}${pad}${fence}`;
}

/** Fenced code block whose fence is longer than any backtick run in the code, so it cannot be closed early. */
export function codeBlock(code: string, language = ''): string {
  const longest = Math.max(0, ...Array.from(code.matchAll(/`{3,}/g), (m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const body = code.endsWith('\n') ? code : `${code}\n`;
  return `${fence}${language}\n${body}${fence}\n`;
}

/**
 * Small formatting pieces shared by the job summary and the pull-request body: links into the
 * repository, durations and token counts, and untrusted text placed inside HTML or table cells.
 * Escaping itself lives in `markdown.ts`; these compose it for the places it does not cover.
 */
import { breakReferences, escapeHtml, inlineCode } from './markdown.js';

/**
 * Untrusted text inside a raw HTML element (`<summary>`), where Markdown backslash escapes would
 * show literally: HTML-escape, fold newlines, and break `@` so it cannot mention anyone.
 */
export function htmlText(text: string, max = 200): string {
  const single = text.replace(/\s+/g, ' ').trim();
  const clipped = single.length > max ? `${single.slice(0, max - 1)}…` : single;
  return escapeHtml(breakReferences(clipped));
}

/**
 * Untrusted code in a table cell: a code span (no Markdown, HTML or mentions inside), bounded, with
 * `|` escaped, which GFM requires even inside code spans so the row is not split.
 */
export function tableCode(text: string, max = 120): string {
  if (!text) return '';
  const single = text.replace(/\s+/g, ' ').trim();
  const clipped = single.length > max ? `${single.slice(0, max - 1)}…` : single;
  return inlineCode(clipped).replace(/\|/g, '\\|');
}

/** Encode a repo-relative path for a URL, segment by segment (`(`, `)` too: they end a Markdown link). */
export function encodePath(file: string): string {
  return file
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

/** `<repoUrl>/blob/<sha>/<file>#L<line>`, or undefined when the repo or commit is unknown. */
export function blobUrl(
  repoUrl: string | undefined,
  sha: string | undefined,
  file: string,
  line?: number,
): string | undefined {
  if (!repoUrl || !sha || !/^[0-9a-f]{7,64}$/i.test(sha)) return undefined;
  return `${repoUrl.replace(/\/+$/, '')}/blob/${sha}/${encodePath(file)}${line ? `#L${line}` : ''}`;
}

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  const s = ms / 1_000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - m * 60)} s`;
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

export function formatTokens(tokens: { input: number; output: number }): string {
  if (tokens.input === 0 && tokens.output === 0) return '–';
  return `${formatCount(tokens.input)} in / ${formatCount(tokens.output)} out`;
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${formatCount(n)} ${n === 1 ? word : many}`;
}

/**
 * A bounded window of source lines around a location: what a reader (or a model) needs to see the
 * failing line in context, and never a whole minified file.
 */
import { clipLine } from '../text/untrusted-text.js';

export interface SnippetOptions {
  /** Lines shown before and after the target line. */
  context?: number;
  /** Longer lines are clipped (minified code has megabyte-long lines). */
  maxLineLength?: number;
}

export interface SourceSnippet {
  startLine: number;
  lines: string[];
}

const DEFAULT_CONTEXT = 3;
const DEFAULT_MAX_LINE_LENGTH = 240;

/** Split source text into lines; `\r\n`, `\n` and a lone `\r` all end a line. */
export function sourceLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}

/** A file's lines as a runner counts them: a trailing newline does not make an extra line. */
export function countedLines(text: string): string[] {
  if (text === '') return [];
  const all = sourceLines(text);
  if (all.length > 1 && all[all.length - 1] === '') all.pop();
  return all;
}

/**
 * The window around 1-based `line`, or undefined when the file has no such line. Takes the text,
 * or its `countedLines` when the caller shows several windows of one file.
 */
export function extractSnippet(
  text: string | readonly string[],
  line: number,
  options: SnippetOptions = {},
): SourceSnippet | undefined {
  const context = Math.max(0, options.context ?? DEFAULT_CONTEXT);
  const maxLength = Math.max(8, options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH);
  const all = typeof text === 'string' ? countedLines(text) : text;
  if (!Number.isInteger(line) || line < 1 || line > all.length) return undefined;
  const start = Math.max(1, line - context);
  const end = Math.min(all.length, line + context);
  const lines = all.slice(start - 1, end).map((l) => clipLine(l.replace(/\s+$/, ''), maxLength));
  return { startLine: start, lines };
}

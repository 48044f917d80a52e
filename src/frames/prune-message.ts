/**
 * Failure messages are untrusted and unbounded (a 5 MB `repr`, colour codes, a progress bar's
 * carriage returns). Pruning keeps what a reader needs, the first lines, where assertion diffs
 * put `expected`/`actual`, with their indentation intact, and bounds the rest.
 */
import { clipLine, stripControls } from '../text/untrusted-text.js';

export interface PruneOptions {
  maxLines?: number;
  maxLineLength?: number;
  maxChars?: number;
}

const DEFAULTS = { maxLines: 24, maxLineLength: 300, maxChars: 2000 };

export function pruneMessage(raw: string | undefined, options: PruneOptions = {}): string {
  if (!raw) return '';
  const { maxLines, maxLineLength, maxChars } = { ...DEFAULTS, ...options };
  // Look at a bounded head only: the message's first lines are what is kept anyway.
  const head = raw.length > maxChars * 8 ? raw.slice(0, maxChars * 8) : raw;
  // No escape sequences, control or bidi characters: they reorder or hide text on a terminal.
  const lines = stripControls(head, true)
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''));
  while (lines.length && lines[0] === '') lines.shift();
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  // Runs of blank lines become one; indentation common to every line goes (runners indent whole
  // blocks), relative indentation stays (diffs align on it).
  const kept: string[] = [];
  for (const line of lines) if (line !== '' || kept[kept.length - 1] !== '') kept.push(line);
  const indents = kept.filter((l) => l !== '').map((l) => /^[ \t]*/.exec(l)![0].length);
  const common = indents.length ? Math.min(...indents) : 0;
  const dedented = kept.map((l) => clipLine(l.slice(common), maxLineLength));
  let shown = dedented.slice(0, maxLines);
  const more = dedented.length - shown.length + (head.length < raw.length ? 1 : 0);
  if (more > 0) shown = [...shown, `… (${head.length < raw.length ? 'message truncated' : `${more} more lines`})`];
  let text = shown.join('\n');
  if (text.length > maxChars) text = `${clipLine(text, maxChars - 1)}`;
  return text;
}

/** The first non-empty line of a pruned message (for tables and one-line summaries). */
export function firstLine(message: string): string {
  return (
    message
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? ''
  );
}

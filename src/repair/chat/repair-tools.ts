import type { Edit } from '../../contracts/edit.js';
import type { ToolCall, ToolSpec } from './chat-model.js';
import { truncateToTokens } from '../../text/token-estimate.js';
import { fillTemplate } from '../prompt.js';
import type { RepairHost } from '../provider.js';
import { TOOL_ERROR } from '../prompts/repair-feedback.js';
import { READ_FILE_DESCRIPTION, REPLACE_IN_FILE_DESCRIPTION, SEARCH_DESCRIPTION } from '../prompts/repair-tools.js';

/**
 * The tools offered to models in a repair attempt (the chat conversation and the Copilot session),
 * the reading of their arguments, and the answer to a read.
 */

export const REPLACE_IN_FILE = 'replace_in_file';
export const READ_FILE = 'read_file';
export const SEARCH = 'search';

/** Bounds on what a model may send in one edit (the host bounds bytes per attempt again). */
const MAX_EDIT_TEXT = 64 * 1024;
const MAX_PATH = 512;
const MAX_QUERY = 200;

export const REPAIR_TOOLS: ToolSpec[] = [
  {
    name: REPLACE_IN_FILE,
    description: REPLACE_IN_FILE_DESCRIPTION,
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'File path relative to the repository root.' },
        old_text: { type: 'string', description: 'Exact text to replace, copied from the file; must match once.' },
        new_text: { type: 'string', description: 'The replacement text.' },
      },
      required: ['path', 'old_text', 'new_text'],
      additionalProperties: false,
    },
  },
  {
    name: READ_FILE,
    description: READ_FILE_DESCRIPTION,
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'File path relative to the repository root.' },
        start_line: { type: 'integer', minimum: 1, description: 'First line (1-based), optional.' },
        end_line: { type: 'integer', minimum: 1, description: 'Last line, optional.' },
      },
      required: ['path'],
      additionalProperties: false,
    },
  },
  {
    name: SEARCH,
    description: SEARCH_DESCRIPTION,
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'A literal string to find.' } },
      required: ['query'],
      additionalProperties: false,
    },
  },
];

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

// Models copy the line-number gutter of the prompt's excerpts (`  12 | code`) into old_text.
const GUTTER = /^\s*\d+ \| ?/;

/** Strip the excerpt gutter when every line of old_text carries it (then new_text's gutters go too). */
export function stripGutter(edit: Edit): Edit {
  const oldLines = edit.oldText.split('\n').filter((l, i, all) => !(i === all.length - 1 && l === ''));
  if (oldLines.length === 0 || !oldLines.every((l) => GUTTER.test(l))) return edit;
  const strip = (text: string) =>
    text
      .split('\n')
      .map((l) => l.replace(GUTTER, ''))
      .join('\n');
  return { path: edit.path, oldText: strip(edit.oldText), newText: strip(edit.newText) };
}

/** Normalise a path a model wrote: quotes, backticks, a leading `./`. Guardrails are the host's. */
export function cleanPath(raw: string): string {
  return raw
    .trim()
    .replace(/^[`'"]+|[`'"]+$/g, '')
    .replace(/^\.\/+/, '');
}

export function parseReplaceCall(call: ToolCall): Parsed<Edit> {
  if (!call.arguments) return { ok: false, reason: `${call.argumentsError ?? 'the arguments could not be read'}.` };
  const { path, old_text: oldText, new_text: newText } = call.arguments;
  if (typeof path !== 'string' || !path.trim()) return { ok: false, reason: 'path is missing.' };
  if (typeof oldText !== 'string')
    return { ok: false, reason: 'old_text is missing (use an empty string only to create a new file).' };
  if (typeof newText !== 'string') return { ok: false, reason: 'new_text is missing.' };
  if (path.length > MAX_PATH) return { ok: false, reason: `path is longer than ${MAX_PATH} characters.` };
  if (oldText.length > MAX_EDIT_TEXT || newText.length > MAX_EDIT_TEXT) {
    return {
      ok: false,
      reason: `old_text and new_text must each be under ${MAX_EDIT_TEXT / 1024} KiB: make smaller, targeted edits.`,
    };
  }
  if (oldText === newText) return { ok: false, reason: 'old_text and new_text are the same: nothing would change.' };
  return { ok: true, value: stripGutter({ path: cleanPath(path), oldText, newText }) };
}

export function parseReadCall(call: ToolCall): Parsed<{ path: string; range?: { start: number; end: number } }> {
  if (!call.arguments) return { ok: false, reason: `${call.argumentsError ?? 'the arguments could not be read'}.` };
  const { path, start_line: start, end_line: end } = call.arguments;
  if (typeof path !== 'string' || !path.trim() || path.length > MAX_PATH)
    return { ok: false, reason: 'path is missing or too long.' };
  const toLine = (v: unknown) =>
    typeof v === 'number' && Number.isFinite(v)
      ? Math.max(1, Math.floor(v))
      : typeof v === 'string' && /^\d+$/.test(v)
        ? Math.max(1, Number(v))
        : undefined;
  const s = toLine(start);
  const e = toLine(end);
  if (s === undefined && e === undefined) return { ok: true, value: { path: cleanPath(path) } };
  const first = s ?? 1;
  const last = Math.max(first, e ?? first + 199);
  return { ok: true, value: { path: cleanPath(path), range: { start: first, end: last } } };
}

export function parseSearchCall(call: ToolCall): Parsed<string> {
  if (!call.arguments) return { ok: false, reason: `${call.argumentsError ?? 'the arguments could not be read'}.` };
  const query = call.arguments.query;
  if (typeof query !== 'string' || !query.trim()) return { ok: false, reason: 'query is missing.' };
  if (query.length > MAX_QUERY) return { ok: false, reason: `query is longer than ${MAX_QUERY} characters.` };
  return { ok: true, value: query };
}

/**
 * A read_file or search call answered through the host: scrubbed, then cut to `maxTokens` (in that
 * order, so no cut keeps part of a secret) with `cutNote` after the cut; a bad call or a host error
 * comes back as the tool's error text.
 */
export async function answerReadCall(
  host: RepairHost,
  call: ToolCall,
  bounds: { scrub: (text: string) => string; maxTokens: number; cutNote: string },
): Promise<string> {
  const { scrub } = bounds;
  try {
    let text: string;
    if (call.name === READ_FILE) {
      const parsed = parseReadCall(call);
      if (!parsed.ok) return fillTemplate(TOOL_ERROR, { tool: READ_FILE, reason: parsed.reason });
      text = await host.readFile(parsed.value.path, parsed.value.range);
    } else {
      const parsed = parseSearchCall(call);
      if (!parsed.ok) return fillTemplate(TOOL_ERROR, { tool: SEARCH, reason: parsed.reason });
      text = await host.search(parsed.value);
    }
    const scrubbed = scrub(text);
    const cut = truncateToTokens(scrubbed, bounds.maxTokens);
    return cut.length < scrubbed.length ? `${cut}\n… (${bounds.cutNote})` : scrubbed || '(empty)';
  } catch (error) {
    return fillTemplate(TOOL_ERROR, {
      tool: call.name,
      reason: scrub(error instanceof Error ? error.message : String(error)).slice(0, 500),
    });
  }
}

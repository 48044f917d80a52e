/**
 * Turns text mutations of one file into one `Edit` the loop can apply: the whole lines around the
 * change as `oldText` (widened line by line until they occur exactly once in the file), the same
 * lines after the change as `newText`.
 */
import type { Edit } from '../../contracts/edit.js';
import type { Mutation } from './template.js';

function occursOnce(text: string, needle: string): boolean {
  const first = text.indexOf(needle);
  return first !== -1 && text.indexOf(needle, first + 1) === -1;
}

/** Apply non-overlapping mutations; undefined when two overlap. */
export function applyMutations(text: string, mutations: readonly Mutation[]): string | undefined {
  const sorted = [...mutations].sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const cur = sorted[i]!;
    if (cur.start < prev.end || (cur.start === prev.start && cur.end === prev.end)) return undefined;
  }
  let out = '';
  let at = 0;
  for (const m of sorted) {
    out += text.slice(at, m.start) + m.text;
    at = m.end;
  }
  return out + text.slice(at);
}

export function buildEdit(
  file: string,
  text: string,
  mutations: readonly Mutation[],
): { edit: Edit; result: string } | undefined {
  if (!mutations.length) return undefined;
  const result = applyMutations(text, mutations);
  if (result === undefined || result === text) return undefined;
  const from = Math.min(...mutations.map((m) => m.start));
  const to = Math.max(...mutations.map((m) => m.end));
  let start = text.lastIndexOf('\n', from - 1) + 1;
  let end = text.indexOf('\n', to);
  if (end === -1) end = text.length;
  // An insertion at a line start (a guard) belongs to that line.
  if (end < to) end = to;
  for (;;) {
    const oldText = text.slice(start, end);
    if (oldText.trim() && occursOnce(text, oldText)) break;
    if (start === 0 && end === text.length) break;
    if (start > 0) start = text.lastIndexOf('\n', start - 2) + 1;
    else end = text.indexOf('\n', end + 1) === -1 ? text.length : text.indexOf('\n', end + 1);
  }
  const delta = result.length - text.length;
  const oldText = text.slice(start, end);
  const newText = result.slice(start, end + delta);
  return { edit: { path: file, oldText, newText }, result };
}

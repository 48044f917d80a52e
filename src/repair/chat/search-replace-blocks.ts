import type { Edit } from '../../contracts/edit.js';
import { cleanPath, stripGutter } from './repair-tools.js';

/**
 * The fallback edit format for models or servers without tool calling: aider's SEARCH/REPLACE
 * blocks in the answer text.
 *
 *     path/to/file.py
 *     ```python
 *     <<<<<<< SEARCH
 *     exact lines
 *     =======
 *     replacement
 *     >>>>>>> REPLACE
 *     ```
 *
 * The path is the nearest non-empty line before the block that is not a fence; a block without one
 * reuses the previous block's path (aider does the same).
 */

/** Blocks read from one answer; the rest are counted (`dropped`), and the log and the model are told. */
export const MAX_BLOCKS = 20;
const MAX_BLOCK_CHARS = 64 * 1024;

const SEARCH_LINE = /^\s*<{5,9} ?SEARCH\s*$/;
const DIVIDER_LINE = /^\s*={5,9}\s*$/;
const REPLACE_LINE = /^\s*>{5,9} ?REPLACE\s*$/;
const FENCE_LINE = /^\s*(`{3,}|~{3,})/;

export interface ParsedBlocks {
  edits: Edit[];
  /** Blocks that could not be read (no path, no divider, unterminated), in words for the model. */
  errors: string[];
  /** Blocks after the first `MAX_BLOCKS`, not read. */
  dropped: number;
}

export function parseSearchReplaceBlocks(text: string): ParsedBlocks {
  const lines = text.split(/\r?\n/);
  const edits: Edit[] = [];
  const errors: string[] = [];
  let lastPath: string | undefined;
  let i = 0;
  for (; i < lines.length && edits.length + errors.length < MAX_BLOCKS; i++) {
    if (!SEARCH_LINE.test(lines[i]!)) continue;
    const path = findPath(lines, i) ?? lastPath;
    let j = i + 1;
    const search: string[] = [];
    while (j < lines.length && !DIVIDER_LINE.test(lines[j]!) && !SEARCH_LINE.test(lines[j]!)) search.push(lines[j++]!);
    if (j >= lines.length || !DIVIDER_LINE.test(lines[j]!)) {
      errors.push(`A SEARCH block at line ${i + 1} of your answer has no ======= divider.`);
      i = j - 1;
      continue;
    }
    j++;
    const replace: string[] = [];
    while (j < lines.length && !REPLACE_LINE.test(lines[j]!) && !SEARCH_LINE.test(lines[j]!)) replace.push(lines[j++]!);
    if (j >= lines.length || !REPLACE_LINE.test(lines[j]!)) {
      errors.push(`A SEARCH block at line ${i + 1} of your answer has no >>>>>>> REPLACE end.`);
      i = j - 1;
      continue;
    }
    i = j;
    if (!path) {
      errors.push(`A SEARCH block at line ${i + 1} of your answer has no file path on the line before it.`);
      continue;
    }
    const oldText = search.length > 0 ? `${search.join('\n')}\n` : '';
    const newText = replace.length > 0 ? `${replace.join('\n')}\n` : '';
    if (oldText.length > MAX_BLOCK_CHARS || newText.length > MAX_BLOCK_CHARS) {
      errors.push(`The SEARCH block for ${path} is larger than 64 KiB: make smaller, targeted edits.`);
      continue;
    }
    lastPath = path;
    edits.push(stripGutter({ path, oldText, newText }));
  }
  const dropped = lines.slice(i).filter((l) => SEARCH_LINE.test(l)).length;
  return { edits, errors, dropped };
}

function findPath(lines: string[], searchLine: number): string | undefined {
  for (let k = searchLine - 1; k >= 0 && k >= searchLine - 3; k--) {
    const line = lines[k]!.trim();
    if (!line) continue;
    if (FENCE_LINE.test(line)) {
      // ```python is a fence; the path sits above it.
      continue;
    }
    if (REPLACE_LINE.test(line) || DIVIDER_LINE.test(line)) return undefined;
    // Models decorate the path: `path`, **path**, path:, "File: path".
    const cleaned = cleanPath(
      line
        .replace(/^#+\s*/, '')
        .replace(/^(file|path)\s*:\s*/i, '')
        .replace(/^\*+|\*+$/g, '')
        .replace(/:$/, ''),
    );
    if (/\s/.test(cleaned) || cleaned.length === 0 || cleaned.length > 512) return undefined;
    return cleaned;
  }
  return undefined;
}

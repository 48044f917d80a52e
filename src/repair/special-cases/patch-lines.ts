/**
 * An attempt's patch as the special-casing check reads it: per changed file, the text after the
 * patch, the text before (rebuilt from the diff), and per hunk the lines it added and removed.
 * From a unified diff as `git diff` writes it (the loop's attempt diff), or from two texts (the
 * built-in engine's candidates, which change one contiguous region per file).
 */
import { parseUnifiedDiff, type DiffHunk } from '../../text/unified-diff.js';

export interface PatchHunk {
  /** 1-based lines of the patched file that the hunk added. */
  added: number[];
  /** 1-based lines of the original file that the hunk removed. */
  removed: number[];
}

export interface PatchedFile {
  /** Repo-relative path. */
  path: string;
  after: string;
  /** The original text, when the diff's context lines agree with `after` (else only `after` is read). */
  before?: string;
  hunks: PatchHunk[];
}

interface RawHunk extends PatchHunk {
  newStart: number;
  /** The hunk's lines on each side (context included), to rebuild the original text. */
  oldSide: string[];
  newSide: string[];
}

/** The path a `+++` line names: `b/src/x.py`, or `src/x.py` under `diff.noprefix`; the one that exists wins. */
function resolvePath(named: string, exists: (path: string) => boolean): string | undefined {
  const stripped = named.replace(/^[a-z]\//, '');
  if (exists(stripped)) return stripped;
  if (exists(named)) return named;
  return undefined;
}

function rebuildBefore(after: string, hunks: readonly RawHunk[]): string | undefined {
  const lines = after.split('\n');
  const out: string[] = [];
  let at = 0; // 0-based index into `lines`
  for (const h of hunks) {
    // A pure insertion at the top has newStart 0 (`+0,0` is a deletion of everything).
    const start = Math.max(0, h.newStart - 1 + (h.newSide.length === 0 ? 1 : 0));
    if (start < at || start + h.newSide.length > lines.length) return undefined;
    for (let i = 0; i < h.newSide.length; i++) if (lines[start + i] !== h.newSide[i]) return undefined;
    out.push(...lines.slice(at, start), ...h.oldSide);
    at = start + h.newSide.length;
  }
  out.push(...lines.slice(at));
  return out.join('\n');
}

/** The hunk as the check reads it: its added and removed line numbers and each side's text. */
function rawHunk(h: DiffHunk): RawHunk {
  const raw: RawHunk = { added: [], removed: [], newStart: h.newStart, oldSide: [], newSide: [] };
  for (const l of h.lines) {
    if (l.kind === '+') raw.added.push(l.newLine!);
    if (l.kind === '-') raw.removed.push(l.oldLine!);
    if (l.kind !== '+') raw.oldSide.push(l.text);
    if (l.kind !== '-') raw.newSide.push(l.text);
  }
  return raw;
}

/**
 * The files of a unified diff. `afterText` gives a changed file's current text (undefined: not
 * readable, the file is skipped); deleted files are skipped, as nothing of them remains to read.
 */
export function readUnifiedDiff(diff: string, afterText: (path: string) => string | undefined): PatchedFile[] {
  const texts = new Map<string, string | undefined>();
  const text = (p: string) => {
    if (!texts.has(p)) texts.set(p, afterText(p));
    return texts.get(p);
  };
  const files: PatchedFile[] = [];
  for (const file of parseUnifiedDiff(diff)) {
    if (file.newPath === undefined || file.hunks.length === 0) continue;
    const path = resolvePath(file.newPath, (p) => text(p) !== undefined);
    if (path === undefined) continue;
    const after = text(path)!;
    const hunks = file.hunks.map(rawHunk);
    const before = rebuildBefore(after, hunks);
    files.push({
      path,
      after,
      ...(before === undefined ? {} : { before }),
      hunks: hunks.map(({ added, removed }) => ({ added, removed })),
    });
  }
  return files;
}

/** One file's change between two texts: the lines between their common head and tail. */
export function patchFromTexts(path: string, before: string, after: string): PatchedFile {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i + 1);
  const added = range(head, b.length - tail);
  const removed = range(head, a.length - tail);
  return { path, after, before, hunks: added.length || removed.length ? [{ added, removed }] : [] };
}

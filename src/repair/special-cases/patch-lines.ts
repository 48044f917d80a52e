/**
 * An attempt's patch as the special-casing check reads it: per changed file, the text after the
 * patch, the text before (rebuilt from the diff), and per hunk the lines it added and removed.
 * From a unified diff as `git diff` writes it (the loop's attempt diff), or from two texts (the
 * built-in engine's candidates, which change one contiguous region per file).
 */

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

/** git's C-style quoting of unusual paths: `"a/caf\303\251.py"`. */
function unquote(raw: string): string {
  if (!raw.startsWith('"') || !raw.endsWith('"') || raw.length < 2) return raw;
  const bytes: number[] = [];
  const body = raw.slice(1, -1);
  const named: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '"': 34, '\\': 92 };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'utf8'));
      continue;
    }
    const next = body[i + 1] ?? '';
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(body.slice(i + 1, i + 4), 8));
      i += 3;
    } else {
      bytes.push(named[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function headerPath(line: string): string | undefined {
  const raw = line.slice(4).replace(/\t.*$/, '').trimEnd();
  if (raw === '/dev/null') return undefined;
  return unquote(raw);
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

/**
 * The files of a unified diff. `afterText` gives a changed file's current text (undefined: not
 * readable, the file is skipped); deleted files are skipped, as nothing of them remains to read.
 */
export function readUnifiedDiff(diff: string, afterText: (path: string) => string | undefined): PatchedFile[] {
  const files: PatchedFile[] = [];
  const texts = new Map<string, string | undefined>();
  const text = (p: string) => {
    if (!texts.has(p)) texts.set(p, afterText(p));
    return texts.get(p);
  };
  let current: { path: string; after: string; hunks: RawHunk[] } | undefined;
  let hunk: RawHunk | undefined;
  let oldLine = 0;
  let newLine = 0;
  // Lines the hunk header announced and not yet seen: a plain diff has no `diff --git` line to
  // say where the next file starts, only the counts do.
  let oldLeft = 0;
  let newLeft = 0;
  const finish = () => {
    if (current && current.hunks.length > 0) {
      const before = rebuildBefore(current.after, current.hunks);
      files.push({
        path: current.path,
        after: current.after,
        ...(before === undefined ? {} : { before }),
        hunks: current.hunks.map(({ added, removed }) => ({ added, removed })),
      });
    }
    current = undefined;
    hunk = undefined;
  };
  for (const line of diff.split('\n')) {
    if (line.startsWith('diff --git ')) {
      finish();
      continue;
    }
    if (line.startsWith('+++ ') && !hunk) {
      finish();
      const named = headerPath(line);
      const resolved = named === undefined ? undefined : resolvePath(named, (p) => text(p) !== undefined);
      current = resolved === undefined ? undefined : { path: resolved, after: text(resolved)!, hunks: [] };
      continue;
    }
    const header = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (header) {
      if (!current) continue;
      oldLine = Number(header[1]);
      newLine = Number(header[3]);
      // An empty side starts one line earlier than it says (`-0,0`, `+4,0`).
      if (header[2] === '0') oldLine++;
      if (header[4] === '0') newLine++;
      oldLeft = header[2] === undefined ? 1 : Number(header[2]);
      newLeft = header[4] === undefined ? 1 : Number(header[4]);
      hunk = { added: [], removed: [], newStart: Number(header[3]), oldSide: [], newSide: [] };
      current.hunks.push(hunk);
      continue;
    }
    if (!hunk || !current || line.startsWith('\\')) continue;
    if (line.startsWith('+') && newLeft > 0) {
      hunk.added.push(newLine++);
      hunk.newSide.push(line.slice(1));
      newLeft--;
    } else if (line.startsWith('-') && oldLeft > 0) {
      hunk.removed.push(oldLine++);
      hunk.oldSide.push(line.slice(1));
      oldLeft--;
    } else if ((line.startsWith(' ') || line === '') && oldLeft > 0 && newLeft > 0) {
      // An empty line is a context line whose leading space an editor or a mail client dropped.
      hunk.oldSide.push(line.slice(1));
      hunk.newSide.push(line.slice(1));
      oldLine++;
      newLine++;
      oldLeft--;
      newLeft--;
    } else {
      hunk = undefined;
    }
    if (hunk && oldLeft === 0 && newLeft === 0) hunk = undefined;
  }
  finish();
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

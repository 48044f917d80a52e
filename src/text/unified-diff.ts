/**
 * The one reader of unified diffs (as `git diff`/`git show` write them, or a plain `diff -u`): per
 * file, the paths its headers name and its hunks, each line with its number on the side it belongs
 * to. Hunk bodies are read by the counts of their `@@` header, so a `+++`/`---` line inside a hunk
 * is content, and a line that fits no count ends the hunk (a truncated or hostile diff yields only
 * what it holds). Callers decide what a path means (prefixes, files that exist).
 */

export interface DiffLine {
  kind: '+' | '-' | ' ';
  /** The line without its leading marker. */
  text: string;
  /** 1-based line number in the original (for `-` and context lines). */
  oldLine?: number;
  /** 1-based line number in the new version (for `+` and context lines). */
  newLine?: number;
}

export interface DiffHunk {
  /** The numbers of the `@@ -a,b +c,d @@` header as written. */
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  lines: DiffLine[];
}

export interface DiffFile {
  /** The `---` path, unquoted, as named (with its `a/` prefix); undefined for `/dev/null` or none. */
  oldPath?: string;
  /** The `+++` path, unquoted, as named; undefined for `/dev/null` (a deleted file) or none. */
  newPath?: string;
  /** `rename from` / `rename to` of a git header (repo-relative, no prefixes). */
  renamedFrom?: string;
  renamedTo?: string;
  hunks: DiffHunk[];
}

const NAMED_ESCAPES: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '"': 34, '\\': 92 };

/** git's C-style quoting of unusual paths: `"a/caf\303\251.py"` → `a/café.py`. Unquoted input is returned as is. */
export function unquoteGitPath(raw: string): string {
  if (raw.length < 2 || !raw.startsWith('"') || !raw.endsWith('"')) return raw;
  const bytes: number[] = [];
  const body = raw.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'utf8'));
      continue;
    }
    const octal = /^[0-7]{1,3}/.exec(body.slice(i + 1, i + 4));
    if (octal) {
      bytes.push(parseInt(octal[0], 8) & 0xff);
      i += octal[0].length;
    } else {
      const next = body[i + 1] ?? '\\';
      bytes.push(...(NAMED_ESCAPES[next] !== undefined ? [NAMED_ESCAPES[next]] : Buffer.from(next, 'utf8')));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The path of a `--- `/`+++ ` line: a tab and what follows it (a timestamp) dropped; `/dev/null` is none. */
function headerPath(line: string): string | undefined {
  const raw = line.slice(4).replace(/\t.*$/, '').trimEnd();
  return raw === '/dev/null' ? undefined : unquoteGitPath(raw);
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

interface Cursor {
  hunk: DiffHunk;
  oldLine: number;
  newLine: number;
  oldLeft: number;
  newLeft: number;
}

function openHunk(m: RegExpExecArray): Cursor {
  const oldCount = m[2] === undefined ? 1 : Number(m[2]);
  const newCount = m[4] === undefined ? 1 : Number(m[4]);
  const hunk: DiffHunk = { oldStart: Number(m[1]), oldCount, newStart: Number(m[3]), newCount, lines: [] };
  // An empty side names the line before the gap (`-0,0`, `+4,0`).
  const oldLine = hunk.oldStart + (oldCount === 0 ? 1 : 0);
  const newLine = hunk.newStart + (newCount === 0 ? 1 : 0);
  return { hunk, oldLine, newLine, oldLeft: oldCount, newLeft: newCount };
}

/** Adds one body line to the open hunk; false when the line fits none of its counts (the hunk ends). */
function readHunkLine(c: Cursor, line: string): boolean {
  const text = line.slice(1);
  if (line.startsWith('+') && c.newLeft > 0) {
    c.hunk.lines.push({ kind: '+', text, newLine: c.newLine++ });
    c.newLeft--;
  } else if (line.startsWith('-') && c.oldLeft > 0) {
    c.hunk.lines.push({ kind: '-', text, oldLine: c.oldLine++ });
    c.oldLeft--;
  } else if ((line.startsWith(' ') || line === '') && c.oldLeft > 0 && c.newLeft > 0) {
    // An empty line is a context line whose leading space an editor or a mail client dropped.
    c.hunk.lines.push({ kind: ' ', text, oldLine: c.oldLine++, newLine: c.newLine++ });
    c.oldLeft--;
    c.newLeft--;
  } else {
    return false;
  }
  return true;
}

/** A git extended header line (`rename from x`, `rename to y`) of the current file. */
function readGitHeader(file: DiffFile, line: string): void {
  if (line.startsWith('rename from ')) file.renamedFrom = unquoteGitPath(line.slice('rename from '.length));
  else if (line.startsWith('rename to ')) file.renamedTo = unquoteGitPath(line.slice('rename to '.length));
}

/** The files of a unified diff, in order. Files without hunks (pure renames, binaries, mode changes) are kept. */
export function parseUnifiedDiff(diff: string): DiffFile[] {
  const files: DiffFile[] = [];
  let file: DiffFile | undefined;
  let cursor: Cursor | undefined;
  const startFile = (): DiffFile => {
    file = { hunks: [] };
    files.push(file);
    return file;
  };
  for (const line of diff.split('\n')) {
    if (cursor) {
      // `\ No newline at end of file` belongs to the line before it and counts for neither side.
      if (line.startsWith('\\')) continue;
      if (readHunkLine(cursor, line)) {
        if (cursor.oldLeft === 0 && cursor.newLeft === 0) cursor = undefined;
        continue;
      }
      cursor = undefined;
    }
    if (line.startsWith('diff --git ')) {
      startFile();
    } else if (line.startsWith('--- ')) {
      // A plain diff has no `diff --git` line: a `---` after hunks starts the next file.
      const f = !file || file.hunks.length > 0 || file.oldPath !== undefined ? startFile() : file;
      const named = headerPath(line);
      if (named !== undefined) f.oldPath = named;
    } else if (line.startsWith('+++ ')) {
      const f = !file || file.hunks.length > 0 ? startFile() : file;
      const named = headerPath(line);
      if (named === undefined) delete f.newPath;
      else f.newPath = named;
    } else if (file && HUNK_HEADER.test(line)) {
      cursor = openHunk(HUNK_HEADER.exec(line)!);
      file.hunks.push(cursor.hunk);
    } else if (file && file.hunks.length === 0) {
      readGitHeader(file, line);
    }
  }
  return files;
}

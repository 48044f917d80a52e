/**
 * What a run wrote into the work tree, kept beside the crash journal (`tree-state.ts`) so that the
 * recovery of a run that died puts back only what that run left, never what the user did since.
 *
 * Per path, the states the run may have left there: `absent` for a deletion, a symlink's target, a
 * file's content hash. Written ahead: a writer notes what it is about to write before it writes
 * (`applyEdits`, an agent's changes), and every check of the tree (`changedPaths`: after each apply,
 * before each test run) notes what it finds changed, which covers what a test run wrote. Each note is
 * one appended JSON line, flushed to disk before the write it announces; a torn last line is ignored.
 */
import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, lstatSync, openSync, readFileSync, readlinkSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** `absent`, `dir`, `link:<target>`, `file:<sha256>`, or `other` (a socket, a fifo). */
export type PathState = string;

export const ABSENT: PathState = 'absent';

export function stateOfContent(content: string | Buffer): PathState {
  return `file:${createHash('sha256').update(content).digest('hex')}`;
}

/** The state of `abs` now (not following a symlink). */
export function stateOfPath(abs: string): PathState {
  const st = lstatSync(abs, { throwIfNoEntry: false });
  if (!st) return ABSENT;
  if (st.isSymbolicLink()) return `link:${readlinkSync(abs)}`;
  if (st.isDirectory()) return 'dir';
  if (!st.isFile()) return 'other';
  try {
    return stateOfContent(readFileSync(abs));
  } catch {
    return 'other';
  }
}

interface OpenLog {
  file: string;
  root: string;
  noted: Map<string, Set<PathState>>;
  /** Stat key of each path when it was last hashed: an unchanged file is not read again. */
  seen: Map<string, string>;
}

/** The open logs, by repository root (one per live snapshot). */
const logs = new Map<string, OpenLog>();

/** Start the log of this run's writes under `root` in `file` (emptied). */
export function openWriteLog(file: string, root: string): void {
  closeSync(openSync(file, 'w'));
  logs.set(path.resolve(root), { file, root: path.resolve(root), noted: new Map(), seen: new Map() });
}

/** Stop logging the writes under `root`; the log file is deleted. */
export function closeWriteLog(root: string): void {
  const log = logs.get(path.resolve(root));
  if (!log) return;
  logs.delete(log.root);
  rmSync(log.file, { force: true });
}

function append(log: OpenLog, entries: ReadonlyArray<{ path: string; state: PathState }>): void {
  if (entries.length === 0) return;
  const fd = openSync(log.file, 'a');
  try {
    writeSync(fd, entries.map((e) => `${JSON.stringify([e.path, e.state])}\n`).join(''));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Note, before writing them, the states a writer is about to leave at these repo-relative paths of
 * `root`. A no-op when no run keeps a log there (a unit test, a dry run).
 */
export function noteWrites(root: string, writes: ReadonlyArray<{ path: string; state: PathState }>): void {
  const log = logs.get(path.resolve(root));
  if (!log) return;
  const fresh: Array<{ path: string; state: PathState }> = [];
  for (const w of writes) {
    const states = log.noted.get(w.path) ?? new Set<PathState>();
    if (states.has(w.state)) continue;
    states.add(w.state);
    log.noted.set(w.path, states);
    fresh.push(w);
  }
  append(log, fresh);
}

function statKey(abs: string): string {
  const st = lstatSync(abs, { throwIfNoEntry: false, bigint: true });
  return st ? `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}:${st.mode}` : ABSENT;
}

/** Note the states these repo-relative paths of `root` hold now (files already hashed unchanged are skipped). */
export function noteCurrent(root: string, paths: readonly string[]): void {
  const log = logs.get(path.resolve(root));
  if (!log) return;
  const writes: Array<{ path: string; state: PathState }> = [];
  for (const p of paths) {
    const abs = path.join(log.root, p);
    const key = statKey(abs);
    if (log.seen.get(p) === key) continue;
    log.seen.set(p, key);
    writes.push({ path: p, state: stateOfPath(abs) });
  }
  noteWrites(root, writes);
}

/** The states a dead run noted, per path (an unreadable or missing log: none). */
export function readWriteLog(file: string): Map<string, Set<PathState>> {
  const noted = new Map<string, Set<PathState>>();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return noted;
  }
  for (const line of text.split('\n')) {
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'string') continue;
    const states = noted.get(entry[0]) ?? new Set<PathState>();
    states.add(entry[1]);
    noted.set(entry[0], states);
  }
  return noted;
}

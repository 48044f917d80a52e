/**
 * Stat-level views of a directory tree, for finding what a process changed without trusting it:
 * - `takeCensus` / `compareCensus`: every entry (type, mode, size, mtime, ctime, inode) before and
 *   after; a rewrite that restores the size and mtime still changes the ctime, which nobody can set;
 * - `scanChangedSince`: one walk, no census before: what was created, written, renamed, chmodded or
 *   had an entry removed (its directory's ctime moves) after a moment. Used where a census before
 *   would cost as much as the walk after (the whole work tree, `$HOME`).
 * Symlinks are never followed. Both are bounded (`maxEntries`): a walk that stops says so.
 */
import { lstatSync, readdirSync, type BigIntStats } from 'node:fs';
import path from 'node:path';

export interface WalkOptions {
  /** Relative paths (posix) not to enter or list. */
  skip?: (rel: string) => boolean;
  maxEntries?: number;
}

export interface Census {
  root: string;
  entries: Map<string, string>;
  /** True when `maxEntries` stopped the walk. */
  truncated: boolean;
}

const DEFAULT_MAX = 500_000;

function signature(st: BigIntStats): string {
  const kind = st.isDirectory() ? 'd' : st.isSymbolicLink() ? 'l' : st.isFile() ? 'f' : 'o';
  // A directory's size and times change when entries come and go, which its children already say.
  if (kind === 'd') return `d:${st.mode}`;
  return `${kind}:${st.mode}:${st.size}:${st.mtimeNs}:${st.ctimeNs}:${st.ino}`;
}

function walk(root: string, options: WalkOptions, visit: (rel: string, st: BigIntStats) => void): boolean {
  const max = options.maxEntries ?? DEFAULT_MAX;
  let seen = 0;
  const stack: string[] = [''];
  while (stack.length > 0) {
    const rel = stack.pop()!;
    let names: string[];
    try {
      names = readdirSync(rel ? path.join(root, rel) : root);
    } catch {
      continue;
    }
    for (const name of names) {
      const child = rel ? `${rel}/${name}` : name;
      if (options.skip?.(child)) continue;
      if (++seen > max) return true;
      let st: BigIntStats;
      try {
        st = lstatSync(path.join(root, child), { bigint: true });
      } catch {
        continue;
      }
      visit(child, st);
      if (st.isDirectory()) stack.push(child);
    }
  }
  return false;
}

export function takeCensus(root: string, options: WalkOptions = {}): Census {
  const entries = new Map<string, string>();
  const truncated = walk(root, options, (rel, st) => entries.set(rel, signature(st)));
  return { root, entries, truncated };
}

export interface CensusChange {
  path: string;
  change: 'added' | 'changed' | 'removed';
}

/** What differs between two censuses of the same root, sorted by path. */
export function compareCensus(before: Census, after: Census): CensusChange[] {
  const out: CensusChange[] = [];
  for (const [rel, sig] of after.entries) {
    const old = before.entries.get(rel);
    if (old === undefined) out.push({ path: rel, change: 'added' });
    else if (old !== sig) out.push({ path: rel, change: 'changed' });
  }
  for (const rel of before.entries.keys()) if (!after.entries.has(rel)) out.push({ path: rel, change: 'removed' });
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export interface ChangedSince {
  /** Entries whose ctime or mtime is after the moment; `created` when their birth time is too. */
  changed: Array<{ path: string; created: boolean; directory: boolean }>;
  truncated: boolean;
}

/**
 * Entries of `root` changed after `sinceMs` (wall clock, ms). The caller leaves a margin around the
 * moment: file times come from a coarse clock that can lag the wall clock by a tick.
 */
export function scanChangedSince(root: string, sinceMs: number, options: WalkOptions = {}): ChangedSince {
  const since = BigInt(Math.floor(sinceMs)) * 1_000_000n;
  const changed: ChangedSince['changed'] = [];
  const truncated = walk(root, options, (rel, st) => {
    if (st.ctimeNs <= since && st.mtimeNs <= since) return;
    // Birth time is 0 where the file system does not record it: then nothing counts as created.
    changed.push({ path: rel, created: st.birthtimeNs > since, directory: st.isDirectory() });
  });
  changed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { changed, truncated };
}

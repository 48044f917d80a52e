/**
 * Git's metadata as it was when the snapshot was taken, and put back exactly: the config (aliases,
 * `core.hooksPath`, `core.fsmonitor`, filter drivers), `hooks/`, `info/` (`exclude`, `attributes`),
 * `HEAD`, `refs/`, `packed-refs`, `shallow`, everything else but what git or self-heal rewrite on their
 * own. Whatever code under repair writes there (an agent that reached the real `.git`, a patch
 * whose test run writes a hook) is gone after the attempt and can never run later, for self-heal or
 * for the user's next `git commit`.
 *
 * Not covered: `objects/` (content-addressed: a new object changes nothing, and a replaced one fails
 * git's own checks), `logs/` (reflogs run nothing), `lfs/` (large), `index` (the snapshot restores it),
 * `modules/` (submodules' own git dirs; self-heal runs no git in them), lock files, and self-heal's
 * own state directory.
 */
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  type BigIntStats,
} from 'node:fs';
import path from 'node:path';

type Entry =
  | { kind: 'dir'; mode: number }
  | { kind: 'file'; mode: number; size: number; mtimeNs: string; ino: string; copy: string }
  | { kind: 'symlink'; target: string };

export interface GitDirCopy {
  /** The directory guarded: the common git dir (for a linked worktree, the main repository's). */
  root: string;
  /** Where the copies are kept. */
  store: string;
  entries: Map<string, Entry>;
}

const SKIPPED_TOP = new Set(['objects', 'logs', 'lfs', 'modules', 'self-heal']);

/** The common git dir of `gitDir` (itself, unless it is a linked worktree's). */
export function commonGitDir(gitDir: string): string {
  try {
    return path.resolve(gitDir, readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim());
  } catch {
    return gitDir;
  }
}

function skipped(rel: string, isDir: boolean): boolean {
  const parts = rel.split('/');
  if (SKIPPED_TOP.has(parts[0]!)) return true;
  // A linked worktree's own directory has its index and (for self-heal run there) state too.
  if (parts[0] === 'worktrees' && parts.length === 3 && ['index', 'self-heal', 'logs'].includes(parts[2]!)) return true;
  if (!isDir && (rel === 'index' || rel.endsWith('.lock'))) return true;
  return false;
}

function walk(root: string, visit: (rel: string, st: BigIntStats) => void): void {
  const inner = (rel: string) => {
    let names: string[];
    try {
      names = readdirSync(path.join(root, rel));
    } catch {
      return;
    }
    for (const name of names.sort()) {
      const child = rel ? `${rel}/${name}` : name;
      let st: BigIntStats;
      try {
        st = lstatSync(path.join(root, child), { bigint: true });
      } catch {
        continue;
      }
      if (skipped(child, st.isDirectory())) continue;
      visit(child, st);
      if (st.isDirectory()) inner(child);
    }
  };
  inner('');
}

/** Copy the guarded metadata of `gitDir` into `store` (emptied first). */
export function saveGitDir(gitDir: string, store: string): GitDirCopy {
  const root = commonGitDir(gitDir);
  rmSync(store, { recursive: true, force: true });
  mkdirSync(store, { recursive: true });
  const entries = new Map<string, Entry>();
  let n = 0;
  walk(root, (rel, st) => {
    if (st.isDirectory()) entries.set(rel, { kind: 'dir', mode: Number(st.mode & 0o7777n) });
    else if (st.isSymbolicLink()) entries.set(rel, { kind: 'symlink', target: readlinkSync(path.join(root, rel)) });
    else if (st.isFile()) {
      const copy = String(n++);
      copyFileSync(path.join(root, rel), path.join(store, copy));
      entries.set(rel, {
        kind: 'file',
        mode: Number(st.mode & 0o7777n),
        size: Number(st.size),
        mtimeNs: String(st.mtimeNs),
        ino: String(st.ino),
        copy,
      });
    }
  });
  const saved: GitDirCopy = { root, store, entries };
  writeFileSync(path.join(store, 'manifest.json'), JSON.stringify({ root, entries: [...entries] }));
  return saved;
}

/** The copy saved in `store` by an earlier (crashed) run, or null. */
export function loadGitDirCopy(store: string): GitDirCopy | null {
  try {
    const manifest = JSON.parse(readFileSync(path.join(store, 'manifest.json'), 'utf8')) as {
      root: string;
      entries: Array<[string, Entry]>;
    };
    return { root: manifest.root, store, entries: new Map(manifest.entries) };
  } catch {
    return null;
  }
}

function same(abs: string, saved: Entry, st: BigIntStats, store: string): boolean {
  if (saved.kind === 'dir') return st.isDirectory();
  if (saved.kind === 'symlink') return st.isSymbolicLink() && readlinkSync(abs) === saved.target;
  if (!st.isFile() || Number(st.mode & 0o7777n) !== saved.mode || Number(st.size) !== saved.size) return false;
  if (String(st.mtimeNs) === saved.mtimeNs && String(st.ino) === saved.ino) return true;
  return readFileSync(abs).equals(readFileSync(path.join(store, saved.copy)));
}

/**
 * What a recovery does with metadata that changed after the run died (the user's since): each
 * version it replaces or removes is copied under `dir` first; a new ref (`keepNew`) stays.
 */
export interface KeepAside {
  dir: string;
  keepNew?: (rel: string) => boolean;
}

/**
 * Put the guarded metadata back as saved. Returns what differed (paths relative to the git dir),
 * empty when nothing did: the check is a walk of a few hundred entries and no git process.
 */
export function restoreGitDir(copy: GitDirCopy, aside?: KeepAside): string[] {
  const changed: string[] = [];
  const extra: string[] = [];
  walk(copy.root, (rel, st) => {
    const saved = copy.entries.get(rel);
    if (!saved) {
      if (!aside?.keepNew?.(rel)) extra.push(rel);
    } else if (!same(path.join(copy.root, rel), saved, st, copy.store)) changed.push(rel);
  });
  const gone = [...copy.entries.keys()].filter(
    (rel) => !existsSync(path.join(copy.root, rel)) && !changed.includes(rel),
  );
  if (aside) {
    for (const rel of [...extra, ...changed].filter((r) => copy.entries.get(r)?.kind !== 'dir')) {
      if (extra.some((other) => rel.startsWith(`${other}/`))) continue;
      mkdirSync(path.dirname(path.join(aside.dir, rel)), { recursive: true });
      cpSync(path.join(copy.root, rel), path.join(aside.dir, rel), { recursive: true, verbatimSymlinks: true });
    }
  }
  // Extras first, deepest last removed by their top: a directory that was not there goes whole.
  for (const rel of extra) {
    if (extra.some((other) => rel.startsWith(`${other}/`))) continue;
    rmSync(path.join(copy.root, rel), { recursive: true, force: true });
  }
  for (const rel of [...changed, ...gone].sort()) {
    const saved = copy.entries.get(rel)!;
    const abs = path.join(copy.root, rel);
    if (saved.kind === 'dir') {
      const st = lstatOrNull(abs);
      if (st && !st.isDirectory()) rmSync(abs, { force: true });
      mkdirSync(abs, { recursive: true });
      chmodSync(abs, saved.mode);
      continue;
    }
    rmSync(abs, { recursive: true, force: true });
    mkdirSync(path.dirname(abs), { recursive: true });
    if (saved.kind === 'symlink') symlinkSync(saved.target, abs);
    else {
      copyFileSync(path.join(copy.store, saved.copy), abs);
      chmodSync(abs, saved.mode);
      // The next check can trust the stat again instead of comparing bytes.
      const st = lstatSync(abs, { bigint: true });
      copy.entries.set(rel, { ...saved, mtimeNs: String(st.mtimeNs), ino: String(st.ino) });
    }
  }
  return [...extra, ...changed, ...gone].sort();
}

function lstatOrNull(p: string) {
  try {
    return lstatSync(p);
  } catch {
    return null;
  }
}

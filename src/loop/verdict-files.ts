/**
 * The verdict's own files, checked after every test run: the tests, their helpers and data, what
 * configures or runs them (`edits/protection.ts`'s paths marked `judges`, the shared files with
 * protected sections, `--protect`, the files the test command runs) must be after a run as they were
 * before it. A candidate whose code rewrites `tests/helpers.py` when imported is rejected, rolled
 * back, and told.
 *
 * Cheap by design, with no process per run: the verdict's files the snapshot has (tracked, or the
 * user's untracked files) are hashed once, on the first run; before and after every run each is
 * `lstat`ed, and only one whose inode, size, mode, mtime or ctime moved is read and hashed again
 * (nobody can set a ctime back). New files are found the same way: a directory that holds tracked
 * files and whose entry list changed is listed again, and a new name that is a test, a helper or
 * runner configuration counts (asked of git, once, whether it ignores it).
 *
 * New data under a test folder (a snapshot a runner records outside CI, a test's output file) is
 * the suite's output, not a change to the verdict. What the baseline's own runs change is the
 * suite's doing (`test-runs.ts` learns it) and never counted against a candidate.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { PROTECTED_PATHS, PROTECTED_SECTIONS, TEST_FILES, TEST_SNAPSHOTS } from './edits/protection.js';

export interface VerdictFilesWatch {
  /** Before a run: what the verdict's files are now. */
  before(): void;
  /** After it: the verdict's files the run changed, created or deleted, sorted. */
  after(): Promise<string[]>;
}

export interface VerdictFilesOptions {
  root: string;
  /** The files the snapshot has: tracked, and the user's untracked files (`tree-state.ts`). */
  files: () => readonly string[];
  /** Which of these new paths git ignores (ignored files are neither committed nor restored). */
  ignored: (paths: string[]) => Promise<Set<string>>;
  /** `--protect` globs. */
  protect?: readonly string[];
  /** Files the test command runs (`runner-files.ts`). */
  runnerFiles?: readonly string[];
}

/** Extensions of code: a new one under a test folder is a new test or helper, not data. */
const CODE = /\.(py|pyi|[cm]?[jt]sx?|go|rs|java|kt|rb|php|cs|swift|sh)$/i;
/** Files larger than this are compared by their stat alone (a suite's huge fixture). */
const MAX_HASHED_BYTES = 64 * 1024 * 1024;
/** New directories a run creates are walked this far for new verdict files. */
const MAX_NEW_ENTRIES = 2_000;

interface Known {
  sig: string;
  hash: string | null;
}

interface WatchState {
  /** The verdict's files, as they were before the current run. */
  files: Map<string, Known>;
  /** Directories that hold the snapshot's files: their stat and entry names before the run. */
  dirs: Map<string, { sig: string; names: Set<string> }>;
}

export function watchVerdictFiles(options: VerdictFilesOptions): VerdictFilesWatch {
  const match = verdictMatchers(options);
  let state: WatchState | undefined;
  return {
    before() {
      state ??= initialState(options.root, options.files(), match.isVerdictFile);
      refresh(options.root, state, match);
    },
    async after() {
      if (!state) return [];
      const changed = [...changedFiles(options.root, state)];
      const fresh = newFiles(options.root, state).filter(
        (p) => match.isVerdictFile(p) && !match.isData(p) && !state!.files.has(p),
      );
      const ignored = fresh.length > 0 ? await options.ignored(fresh) : new Set<string>();
      changed.push(...fresh.filter((p) => !ignored.has(p)));
      return [...new Set(changed)].sort();
    },
  };
}

function signature(st: BigIntStats): string {
  return `${st.ino}:${st.size}:${st.mode}:${st.mtimeNs}:${st.ctimeNs}`;
}

function statOf(abs: string): BigIntStats | null {
  try {
    return lstatSync(abs, { bigint: true });
  } catch {
    return null;
  }
}

function contentHash(abs: string, st: BigIntStats): string | null {
  try {
    if (st.isSymbolicLink()) return `link:${readlinkSync(abs)}`;
    if (!st.isFile() || st.size > MAX_HASHED_BYTES) return null;
    return createHash('sha256').update(readFileSync(abs)).digest('hex');
  } catch {
    return null;
  }
}

function known(abs: string): Known | null {
  const st = statOf(abs);
  return st ? { sig: signature(st), hash: contentHash(abs, st) } : null;
}

function listNames(abs: string): Set<string> {
  try {
    return new Set(readdirSync(abs));
  } catch {
    return new Set();
  }
}

function initialState(root: string, all: readonly string[], isVerdictFile: (rel: string) => boolean): WatchState {
  const files = new Map<string, Known>();
  const dirs = new Map<string, { sig: string; names: Set<string> }>();
  for (const rel of all) {
    if (isVerdictFile(rel)) {
      const k = known(path.join(root, rel));
      if (k) files.set(rel, k);
    }
    for (let d = path.posix.dirname(rel); ; d = path.posix.dirname(d)) {
      const dir = d === '.' ? '' : d;
      if (dirs.has(dir)) break;
      const st = statOf(path.join(root, dir));
      dirs.set(dir, { sig: st ? signature(st) : '-', names: listNames(path.join(root, dir)) });
      if (dir === '') break;
    }
  }
  return { files, dirs };
}

/** Before a run: what changed since the last one (an edit, a rollback) becomes the state compared with. */
function refresh(root: string, state: WatchState, match: ReturnType<typeof verdictMatchers>): void {
  for (const [rel, k] of state.files) {
    const st = statOf(path.join(root, rel));
    if (st && signature(st) === k.sig) continue;
    state.files.set(
      rel,
      st ? { sig: signature(st), hash: contentHash(path.join(root, rel), st) } : { sig: '-', hash: null },
    );
  }
  for (const rel of newFiles(root, state)) {
    if (!match.isVerdictFile(rel) || match.isData(rel)) continue;
    const k = known(path.join(root, rel));
    if (k) state.files.set(rel, k);
  }
}

/** The watched files whose content (or existence) is not what it was before the run. */
function* changedFiles(root: string, state: WatchState): Generator<string> {
  for (const [rel, k] of state.files) {
    const abs = path.join(root, rel);
    const st = statOf(abs);
    if (!st) {
      if (k.sig !== '-') yield rel;
      continue;
    }
    if (signature(st) === k.sig) continue;
    if (k.sig === '-' || contentHash(abs, st) !== k.hash || k.hash === null) yield rel;
  }
}

/**
 * Entries that appeared in the watched directories since their last listing (and everything under a
 * new directory, bounded); the listings are brought up to date.
 */
function newFiles(root: string, state: WatchState): string[] {
  const found: string[] = [];
  for (const [dir, seen] of state.dirs) {
    const abs = path.join(root, dir);
    const st = statOf(abs);
    const sig = st ? signature(st) : '-';
    if (sig === seen.sig) continue;
    const names = listNames(abs);
    for (const name of names) if (!seen.names.has(name)) found.push(...walkNew(root, dir ? `${dir}/${name}` : name));
    state.dirs.set(dir, { sig, names });
  }
  return found;
}

function walkNew(root: string, rel: string): string[] {
  const out: string[] = [];
  const stack = [rel];
  while (stack.length > 0 && out.length < MAX_NEW_ENTRIES) {
    const next = stack.pop()!;
    const st = statOf(path.join(root, next));
    if (!st) continue;
    if (!st.isDirectory()) out.push(next);
    else for (const name of listNames(path.join(root, next))) stack.push(`${next}/${name}`);
  }
  return out;
}

function verdictMatchers(options: Pick<VerdictFilesOptions, 'protect' | 'runnerFiles'>): {
  isVerdictFile: (rel: string) => boolean;
  isData: (rel: string) => boolean;
} {
  // Lockfiles, CI, hooks and editor files are not read by the verdict; the snapshot restores them.
  const globs = [
    ...PROTECTED_PATHS.filter((g) => g.judges).flatMap((g) => g.patterns),
    ...PROTECTED_SECTIONS.flatMap((r) => r.files),
    ...(options.protect ?? []),
  ];
  const all = picomatch(globs, { dot: true, nocase: true });
  const runner = new Set(options.runnerFiles ?? []);
  // Test folders and snapshots hold data the suite writes (a new snapshot recorded outside CI, a
  // test's output file); names that are tests or configuration do not.
  const folders = [...TEST_FILES.patterns.filter((p) => p.endsWith('/**')), ...TEST_SNAPSHOTS.patterns];
  const inDataFolder = picomatch(folders, { dot: true, nocase: true });
  const named = picomatch(
    globs.filter((p) => !folders.includes(p)),
    { dot: true, nocase: true },
  );
  return {
    isVerdictFile: (rel) => runner.has(rel) || all(rel),
    isData: (rel) => inDataFolder(rel) && !named(rel) && !CODE.test(rel) && !runner.has(rel),
  };
}

/**
 * Containment of a candidate's test runs: the code under test is a patch a model or an agent wrote,
 * and it runs with the job's environment on a runner that may persist between jobs.
 *
 * - `sandbox` (where `probeRunSandbox` says the platform allows it, as for agents: `sandbox.ts`):
 *   `$HOME`, the runner's tool cache and the temporary directories (`$TMPDIR`, `/tmp`) are each
 *   covered by an overlay whose upper layer lives in a private tmpfs that dies with the run. The
 *   tests read everything as it is and may write anywhere there; the writes are listed and
 *   discarded. The work tree (and its git directory, and any directory a caller passes through) is
 *   bound back over the overlays, so writes there are real, as without containment. The run is
 *   pid 1's child in a pid namespace: what it leaves running dies with it.
 * - `scan` (no sandbox, or asked for): the run is not contained; after it, one walk of the same
 *   directories lists what changed while it ran (ctime/mtime after its start, bounded, package
 *   caches skipped). It cannot tell the tests' writes from another process's, and undoes nothing.
 *
 * Not contained either way: other directories the user can write (`/var/tmp`, `/dev/shm`, other
 * checkouts), the network, and anything else the account can reach.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { overlayablePath, removeTree } from './sandbox.js';
import { shellQuoteAll } from './shell-quote.js';
import { HOME_CACHES } from './home-caches.js';

export type ContainmentMode = 'sandbox' | 'scan';

/** What a run wrote outside the work tree. */
export interface OutsideWrites {
  mode: ContainmentMode;
  /** Absolute paths, sorted, at most `MAX_LISTED`; a deletion ends in ` (deleted)`. */
  paths: string[];
  /** How many there were in all (a lower bound when `truncated`). */
  total: number;
  /** A listing or a walk stopped at its bound, or a killed run was not listed to the end. */
  truncated: boolean;
}

export interface PreparedRun {
  /** The shell command line to hand to `runCommand`. */
  command: string;
  /**
   * After the run: what it wrote outside the tree (the private layers are removed); null when the
   * sandbox could not be set up, so the command did not run (the caller runs it again uncontained).
   */
  finish(): OutsideWrites | null;
}

export interface RunContainment {
  mode: ContainmentMode;
  /** Why the sandbox is not used (scan mode). */
  reason?: string;
  prepare(command: string, cwd: string): PreparedRun;
}

export const MAX_LISTED = 50;
/** Entries each overlay's listing reads at most. */
const MAX_ENTRIES = 20_000;
/** Directories bound through to their real selves at most (file descriptors 3 to 6). */
const MAX_PASS = 4;
/** Entries the scan looks at per directory at most (its cost is one lstat each, on every run). */
const SCAN_BUDGET = 5_000;
/** File times come from a coarse clock: the scan's moment is taken a little before the run. */
const CLOCK_MARGIN_MS = 50;

/**
 * Run as root of a first user namespace: open the directories bound through, the private layer
 * directory and the two output files (the overlays hide their paths), mount a tmpfs for the layers,
 * an overlay on each covered directory, bind the pass-through directories back, then run the command
 * in a second user namespace as the calling user (the mounts locked, the descriptors closed), kill
 * what it left, and list the upper layers. Positional parameters only: no path is part of the text.
 */
const SETUP = `set -e
uid=$1 gid=$2 cmd=$3 cwd=$4 layers=$5 ready=$6 manifest=$7 npass=$8
shift 8
i=0
while [ "$i" -lt "$npass" ]; do
  eval "exec $((i + 3))<\\"\\$1\\""
  eval "pass$i=\\$1"
  i=$((i + 1)); shift
done
exec 7>"$ready" 8>"$manifest"
mount -t tmpfs -o mode=0700 tmpfs "$layers"
exec 9<"$layers"
j=0
for lower in "$@"; do
  mkdir "$layers/$j-u" "$layers/$j-w"
  j=$((j + 1))
done
j=0
for lower in "$@"; do
  mount -t overlay overlay -o "lowerdir=$lower,upperdir=/proc/self/fd/9/$j-u,workdir=/proc/self/fd/9/$j-w,userxattr" "$lower"
  j=$((j + 1))
done
i=0
while [ "$i" -lt "$npass" ]; do
  eval "target=\\$pass$i"
  mount --no-canonicalize --bind "/proc/self/fd/$((i + 3))" "$target"
  i=$((i + 1))
done
cd "$cwd"
echo ready >&7
set +e
unshare --user --map-user="$uid" --map-group="$gid" --mount -- sh -c "$cmd" 3<&- 4<&- 5<&- 6<&- 7>&- 8>&- 9<&-
status=$?
kill -KILL -1 2>/dev/null
j=0
for lower in "$@"; do
  find "/proc/self/fd/9/$j-u/" -mindepth 1 \\( ! -type d -o -type d -empty \\) -printf "$j %y %P\\0" 2>/dev/null | head -z -n ${MAX_ENTRIES + 1} >&8
  j=$((j + 1))
done
printf 'end\\0' >&8
exit $status`;

function isInside(parent: string, child: string): boolean {
  const r = path.relative(parent, child);
  return r === '' || (!r.startsWith('..') && !path.isAbsolute(r));
}

function real(p: string): string | null {
  try {
    return realpathSync(p);
  } catch {
    return null;
  }
}

/** The directories a run may write outside the tree that are watched: each once, none inside another. */
export function watchedDirectories(env: NodeJS.ProcessEnv, root: string): string[] {
  const candidates = [env.HOME, env.RUNNER_TOOL_CACHE, env.TMPDIR, os.tmpdir(), '/tmp'];
  const dirs = new Set<string>();
  for (const d of candidates) {
    if (!d || !path.isAbsolute(d)) continue;
    const r = real(d);
    if (r && r !== '/' && !isInside(root, r)) dirs.add(r);
  }
  const list = [...dirs];
  return list.filter((d) => !list.some((o) => o !== d && isInside(o, d))).sort();
}

let probed: { available: true } | { available: false; reason: string } | undefined;

/** Can a test run be contained here? Tried once per process with the real setup on a tiny tree. */
export function probeRunSandbox(): { available: true } | { available: false; reason: string } {
  if (probed) return probed;
  if (process.platform !== 'linux')
    return (probed = { available: false, reason: `${process.platform} has no Linux namespaces` });
  const base = mkdtempSync(path.join(os.tmpdir(), 'self-heal-run-probe-'));
  try {
    const lower = path.join(base, 'lower');
    const kept = path.join(lower, 'kept');
    mkdirSync(kept, { recursive: true });
    writeFileSync(path.join(lower, 'old'), 'old\n');
    const run = sandboxRun({
      command: 'echo new > ../new && rm ../old && echo real > file && cat ../new',
      cwd: kept,
      lowers: [lower],
      pass: [kept],
    });
    const result = spawnSync('sh', ['-c', run.command], { encoding: 'utf8', timeout: 20_000 });
    const writes = run.finish();
    const ok =
      writes !== null &&
      result.status === 0 &&
      result.stdout === 'new\n' &&
      existsSync(path.join(lower, 'old')) &&
      !existsSync(path.join(lower, 'new')) &&
      readFileSync(path.join(kept, 'file'), 'utf8') === 'real\n' &&
      writes.paths.includes(path.join(lower, 'new')) &&
      writes.paths.includes(`${path.join(lower, 'old')} (deleted)`);
    if (ok) return (probed = { available: true });
    const why = (result.stderr || result.error?.message || `exit ${result.status}`).trim().split('\n')[0];
    return (probed = { available: false, reason: `test runs cannot be contained here (${why})` });
  } catch (error) {
    return (probed = { available: false, reason: `the run sandbox could not be tried: ${(error as Error).message}` });
  } finally {
    removeTree(base);
  }
}

/** One sandboxed run: `lowers` covered by discarded overlays, `pass` (real paths) bound back. */
function sandboxRun(input: {
  command: string;
  cwd: string;
  lowers: readonly string[];
  pass: readonly string[];
}): PreparedRun {
  const base = mkdtempSync(path.join(os.tmpdir(), 'self-heal-run-'));
  const layers = path.join(base, 'layers');
  const ready = path.join(base, 'ready');
  const manifest = path.join(base, 'manifest');
  mkdirSync(layers);
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  const gid = typeof process.getgid === 'function' ? process.getgid() : 0;
  const args = [String(uid), String(gid), input.command, input.cwd, layers, ready, manifest];
  args.push(String(input.pass.length), ...input.pass, ...input.lowers);
  const command = `exec unshare --user --map-root-user --mount --pid --fork --kill-child --mount-proc sh -c ${shellQuoteAll([SETUP, 'sh', ...args])}`;
  return {
    command,
    finish() {
      try {
        if (readOrEmpty(ready) !== 'ready\n') return null;
        // Killed (a timeout) before the listing: what it wrote is unknown, and discarded anyway.
        return parseManifest(readOrEmpty(manifest), input.lowers);
      } finally {
        removeTree(base);
      }
    },
  };
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** `index type relative-path` entries, NUL-separated, as the setup's `find` prints them. */
export function parseManifest(text: string, lowers: readonly string[]): OutsideWrites {
  const all: string[] = [];
  const perLayer = new Map<number, number>();
  // The listing ends with `end`: without it the run was killed before (or while) it was listed.
  let truncated = !text.endsWith('end\0');
  for (const entry of text.split('\0')) {
    const m = /^(\d+) (\w) ([^]*)$/.exec(entry);
    if (!m) continue;
    const i = Number(m[1]);
    const lower = lowers[i];
    if (lower === undefined || !m[3]) continue;
    const n = (perLayer.get(i) ?? 0) + 1;
    perLayer.set(i, n);
    if (n > MAX_ENTRIES) {
      truncated = true;
      continue;
    }
    // A character device in an upper layer is a whiteout: the entry was deleted.
    all.push(`${path.join(lower, m[3])}${m[2] === 'c' ? ' (deleted)' : ''}`);
  }
  all.sort();
  return { mode: 'sandbox', paths: all.slice(0, MAX_LISTED), total: all.length, truncated };
}

/**
 * Entries of `dir` changed (ctime or mtime) after `since`, breadth first so a bound stops in the
 * deepest levels (where a run's new files rarely are: a new entry also changes its directory),
 * at most `budget` entries looked at. A directory whose entries changed is said by those entries.
 */
function changedSince(
  dir: string,
  since: number,
  skip: (abs: string) => boolean,
  budget: number,
): { paths: string[]; truncated: boolean } {
  const paths: string[] = [];
  let level = [dir];
  let seen = 0;
  while (level.length > 0) {
    const next: string[] = [];
    for (const d of level) {
      let names: string[];
      try {
        names = readdirSync(d);
      } catch {
        continue;
      }
      let childChanged = false;
      for (const name of names) {
        const abs = path.join(d, name);
        if (skip(abs)) continue;
        if (++seen > budget) return { paths, truncated: true };
        const st = lstatSync(abs, { throwIfNoEntry: false });
        if (!st) continue;
        if (st.isDirectory()) next.push(abs);
        if (st.ctimeMs > since || st.mtimeMs > since) {
          paths.push(abs);
          childChanged = true;
        }
      }
      // Said by its entries: drop the directory itself when one of them is listed.
      if (childChanged && d !== dir) {
        const i = paths.indexOf(d);
        if (i >= 0) paths.splice(i, 1);
      }
    }
    level = next;
  }
  return { paths, truncated: false };
}

function scanRun(
  command: string,
  dirs: readonly string[],
  skipped: ReadonlySet<string>,
  passDirs: readonly string[],
): PreparedRun {
  const since = Date.now() - CLOCK_MARGIN_MS;
  const skip = (abs: string) => skipped.has(abs) || passDirs.some((p) => isInside(p, abs));
  return {
    command,
    finish() {
      const all: string[] = [];
      let truncated = false;
      for (const dir of dirs) {
        const scan = changedSince(dir, since, skip, SCAN_BUDGET);
        truncated ||= scan.truncated;
        all.push(...scan.paths);
      }
      all.sort();
      return { mode: 'scan', paths: all.slice(0, MAX_LISTED), total: all.length, truncated };
    },
  };
}

export interface ContainmentOptions {
  /** The work tree's top level. */
  root: string;
  /** The run's environment (where `$HOME`, `$TMPDIR` and the tool cache are read). */
  env: NodeJS.ProcessEnv;
  /** Directories the run must write for real besides the work tree (the git directory, a recorder's). */
  passThrough?: readonly string[];
  /** `scan` never uses the sandbox (tests force the fallback with it). */
  mode?: 'auto' | 'scan';
}

/** How this heal's candidate runs are contained: the sandbox where it works, the scan otherwise. */
export function createRunContainment(options: ContainmentOptions): RunContainment {
  const root = real(options.root) ?? options.root;
  const pass = [root, ...(options.passThrough ?? []).map((p) => real(p)).filter((p): p is string => !!p)];
  const passDirs = [...new Set(pass)].filter((p) => p === root || !isInside(root, p));
  const dirs = watchedDirectories(options.env, root);
  const home = options.env.HOME ? real(options.env.HOME) : null;
  const skipped = new Set(home ? [...HOME_CACHES].map((name) => path.join(home, name)) : []);
  const scan = (reason: string): RunContainment => ({
    mode: 'scan',
    reason,
    prepare: (command) => scanRun(command, dirs, skipped, passDirs),
  });
  if (options.mode === 'scan') return scan('the scan was asked for');
  const support = probeRunSandbox();
  if (!support.available) return scan(support.reason);
  if (passDirs.length > MAX_PASS) return scan(`more than ${MAX_PASS} directories must be written for real`);
  const unsafe = [...dirs, ...passDirs].find((d) => !overlayablePath(d));
  if (unsafe) return scan(`\`${unsafe}\` cannot be mounted as an overlay`);
  return {
    mode: 'sandbox',
    prepare: (command, cwd) => sandboxRun({ command, cwd: real(cwd) ?? cwd, lowers: dirs, pass: passDirs }),
  };
}

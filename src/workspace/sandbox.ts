/**
 * The agent sandbox, where the platform offers one without privileges: Linux user, mount and pid
 * namespaces (`unshare`, util-linux) and overlayfs mounted in them (kernel 5.11 or later).
 *
 * The work tree (its `.git`, ignored and dependency folders included), `$HOME` and the runner's tool
 * cache are each covered by an overlay at their own path: the agent reads everything as it is and
 * works in place, but every write lands in an upper directory self-heal reads afterwards and
 * discards; the real directories are never written. The overlays are mounted as root of a first user
 * namespace; the agent then runs in a second one, as the calling user, where those mounts are
 * locked (it can neither unmount nor remount them). It is pid 1's child in a pid namespace: when it
 * exits, or self-heal dies (`--kill-child`), every process it left behind dies with the namespace.
 *
 * Not contained: other directories the user can write (`/tmp` outside the agent's `TMPDIR`, other
 * checkouts), the network, and anything else the user's account can reach.
 *
 * Unavailable (macOS, Windows, no `unshare`, a kernel or policy that refuses unprivileged user
 * namespaces, as Ubuntu 24.04's AppArmor default does): `probeSandbox` says why, and the agent runs
 * on a copy of the tree instead (`agent-workspace.ts`).
 */
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shellQuoteAll } from './shell-quote.js';

export type SandboxSupport = { available: true } | { available: false; reason: string };

export interface Overlay {
  /** The directory covered (the overlay is mounted on it). */
  lower: string;
  upper: string;
  work: string;
}

let probed: SandboxSupport | undefined;

/** Paths that cannot go into an overlay mount option (its separators) or a safe listing. */
const UNSAFE_PATH = /[,:\\\n\r\0]/;

/**
 * The setup, run as root of the first user namespace: mount the overlays (parents first), enter the
 * work tree through its overlay, run the agent in a second user namespace as the calling user, then
 * kill whatever it left (pid 1 may), list the merged view of the directories the agent wrote to
 * (how deletions are told from untouched entries, see `readUpper`), and exit with the agent's status.
 * Positional parameters only: no path or command is ever part of the script's text.
 */
const SETUP = `set -e
uid=$1 gid=$2 cmd=$3 node=$4 inspect=$5 manifest=$6 ready=$7 repo=$8 upper=$9
shift 9
while [ $# -ge 3 ]; do
  mount -t overlay overlay -o "lowerdir=$1,upperdir=$2,workdir=$3,userxattr" "$1"
  shift 3
done
cd "$repo"
: > "$ready"
set +e
unshare --user --map-user="$uid" --map-group="$gid" --mount -- sh -c "$cmd"
status=$?
kill -KILL -1 2>/dev/null
"$node" -e "$inspect" "$upper" "$repo" "$manifest"
exit $status`;

/** For every directory in the upper layer, the names its merged view holds (`readUpper` needs them). */
const INSPECT = `const fs = require('fs'), path = require('path');
const [upper, merged, out] = process.argv.slice(1);
const dirs = {};
const walk = (rel) => {
  for (const name of fs.readdirSync(path.join(upper, rel))) {
    const child = rel ? rel + '/' + name : name;
    if (fs.lstatSync(path.join(upper, child)).isDirectory()) {
      try { dirs[child] = fs.readdirSync(path.join(merged, child)); } catch { dirs[child] = []; }
      walk(child);
    }
  }
};
walk('');
fs.writeFileSync(out, JSON.stringify(dirs));`;

export interface SandboxCommand {
  /** The shell command line to hand to `runCommand`. */
  command: string;
  /** Exists once the overlays are mounted (absent after the run: the setup failed). */
  ready: string;
  manifest: string;
}

/**
 * The command that runs `agentCommand` in the sandbox. `overlays` must hold the work tree's
 * (`repo`), parents before children; `base` is a private directory for the listing.
 */
export function sandboxCommand(input: {
  agentCommand: string;
  repo: Overlay;
  overlays: readonly Overlay[];
  base: string;
}): SandboxCommand {
  const ready = path.join(input.base, 'sandbox-ready');
  const manifest = path.join(input.base, 'sandbox-manifest.json');
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  const gid = typeof process.getgid === 'function' ? process.getgid() : 0;
  const args = [
    String(uid),
    String(gid),
    input.agentCommand,
    process.execPath,
    INSPECT,
    manifest,
    ready,
    input.repo.lower,
    input.repo.upper,
    ...input.overlays.flatMap((o) => [o.lower, o.upper, o.work]),
  ];
  const command = `exec unshare --user --map-root-user --mount --pid --fork --kill-child --mount-proc sh -c ${shellQuoteAll([SETUP, 'sh', ...args])}`;
  return { command, ready, manifest };
}

/** Can the sandbox run here? Checked once per process with a real overlay and a real nested namespace. */
export function probeSandbox(): SandboxSupport {
  if (probed) return probed;
  if (process.platform !== 'linux')
    return (probed = { available: false, reason: `${process.platform} has no Linux namespaces` });
  const base = mkdtempSync(path.join(os.tmpdir(), 'self-heal-probe-'));
  try {
    const overlay: Overlay = {
      lower: path.join(base, 'lower'),
      upper: path.join(base, 'upper'),
      work: path.join(base, 'work'),
    };
    for (const dir of [overlay.lower, overlay.upper, overlay.work]) mkdirSync(dir);
    writeFileSync(path.join(overlay.lower, 'file'), 'lower\n');
    const { command, ready } = sandboxCommand({
      agentCommand: 'echo upper > file',
      repo: overlay,
      overlays: [overlay],
      base,
    });
    const result = spawnSync('sh', ['-c', command], { encoding: 'utf8', timeout: 20_000 });
    const ok =
      result.status === 0 &&
      lstatSafe(ready) &&
      readFileSync(path.join(overlay.lower, 'file'), 'utf8') === 'lower\n' &&
      readFileSync(path.join(overlay.upper, 'file'), 'utf8') === 'upper\n';
    if (ok) return (probed = { available: true });
    const why = (result.stderr || result.error?.message || `exit ${result.status}`).trim().split('\n')[0];
    return (probed = {
      available: false,
      reason: `unprivileged user namespaces with overlayfs are not available (${why})`,
    });
  } catch (error) {
    return (probed = { available: false, reason: `the sandbox could not be tried: ${(error as Error).message}` });
  } finally {
    removeTree(base);
  }
}

function lstatSafe(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/** Whether a directory can be covered by an overlay (its path fits the mount options). */
export function overlayablePath(p: string): boolean {
  return !UNSAFE_PATH.test(p);
}

export interface UpperChange {
  path: string;
  /** `write`: the upper layer holds the new entry (file, symlink or directory); `delete`: it is gone. */
  change: 'write' | 'delete';
}

/**
 * What the agent changed under one overlay, from its upper layer: a whiteout (a 0/0 character
 * device) is a deletion; an entry is a write; a directory whose merged view lacks names the lower one
 * has was emptied and re-made (an opaque directory), so those names are deletions too.
 */
export function readUpper(upper: string, lower: string, merged: Record<string, string[]> | null): UpperChange[] {
  const out: UpperChange[] = [];
  const walk = (rel: string) => {
    let names: string[];
    try {
      names = readdirSync(rel ? path.join(upper, rel) : upper);
    } catch {
      return;
    }
    for (const name of names.sort()) {
      const child = rel ? `${rel}/${name}` : name;
      const st = lstatSync(path.join(upper, child));
      if (st.isCharacterDevice() && st.rdev === 0) {
        out.push({ path: child, change: 'delete' });
        continue;
      }
      if (!st.isDirectory()) {
        out.push({ path: child, change: 'write' });
        continue;
      }
      let lowerNames: string[] | null;
      try {
        lowerNames = lstatSync(path.join(lower, child)).isDirectory() ? readdirSync(path.join(lower, child)) : null;
      } catch {
        lowerNames = null;
      }
      if (lowerNames === null) out.push({ path: child, change: 'write' });
      const kept = merged?.[child];
      if (lowerNames && kept) {
        const keep = new Set(kept);
        for (const gone of lowerNames) if (!keep.has(gone)) out.push({ path: `${child}/${gone}`, change: 'delete' });
      }
      walk(child);
    }
  };
  walk('');
  // A deletion inside a directory that was deleted as a whole is said once.
  return dedupe(out);
}

function dedupe(changes: UpperChange[]): UpperChange[] {
  const seen = new Set<string>();
  return changes
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .filter((c) => {
      const key = `${c.change}:${c.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Remove a tree that may hold an overlay's work directory (created with mode 0). */
export function removeTree(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    spawnSync('chmod', ['-R', 'u+rwx', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
}

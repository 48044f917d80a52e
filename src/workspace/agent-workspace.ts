/**
 * Where an agent command runs: never on the real work tree. It gets a view of the tree, and only
 * the part of what it changed that git would deliver is written into the real tree afterwards.
 *
 * - With the sandbox (`sandbox.ts`): the view is the work tree itself under an overlay, at its own
 *   path; the upper layer says exactly what the agent wrote, deleted or chmodded, and the real tree,
 *   its `.git`, its ignored and dependency folders, `$HOME` and the tool cache are never written.
 * - Without it: a copy in a private directory: tracked and untracked files, ignored files up to a
 *   budget, and dependency folders (and larger ignored folders) linked rather than copied; a private
 *   `.git` whose objects come from the real one (alternates) and whose HEAD and index match. What the
 *   agent changed is a census of the copy before and after. Writes that reach outside the copy (by an
 *   absolute path, or through a linked dependency folder) are found by a scan of the real work tree,
 *   `$HOME` and the tool cache for anything changed while the agent ran; that ends the run
 *   (`escaped`), after undoing what can be undone.
 *
 * Then every change is sorted against the real repository: inside a `.git` → refused (never
 * applied); ignored by git (or hidden in `info/exclude`: the agent cannot have changed the real
 * one) → refused, it would not be in the commit; under an ignored dependency folder → applied only
 * with `allowDependencyChanges`, and listed; the deletion of a file git does not track (the user's
 * own) → refused; anything else → written into the real tree, where the loop's guardrails, diff and
 * verdict take it from there. The agent's own processes are dead by then (`runCommand`).
 */
import {
  chmodSync,
  copyFileSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkIgnore, configValue, git, gitDir, headStateSync, splitNul, type GitContext } from './git.js';
import { runCommand, type CommandResult } from './run-tests.js';
import {
  overlayablePath,
  probeSandbox,
  readUpper,
  removeTree,
  sandboxCommand,
  type Overlay,
  type UpperChange,
} from './sandbox.js';
import { commonGitDir } from './git-dir-guard.js';
import { compareCensus, scanChangedSince, takeCensus, type Census } from './tree-census.js';
import { HOME_CACHES } from './home-caches.js';
import { ABSENT, noteWrites, stateOfPath } from './write-journal.js';

/** Folders of installed dependencies (when git ignores them): never copied, changed only if allowed. */
export const DEPENDENCY_FOLDERS: ReadonlySet<string> = new Set([
  'node_modules',
  'bower_components',
  'jspm_packages',
  '.venv',
  'venv',
  '.tox',
  '.nox',
  '__pypackages__',
  '.bundle',
  'vendor',
  '.pnpm-store',
  '.yarn',
]);

/** Ignored files copied into the fallback copy at most; beyond, ignored folders are linked. */
const COPY_BUDGET = { files: 10_000, bytes: 64 * 1024 * 1024 };
/** Bytes of SELF_HEAL_RESULT read at most. */
const MAX_RESULT_BYTES = 64 * 1024;
/** Entries listed per kind in a report. */
const MAX_LISTED = 50;
/** File times come from a coarse clock; the scan's moment sits between self-heal's writes and the agent's. */
const CLOCK_MARGIN_MS = 60;

export type Isolation = 'auto' | 'copy';

export interface AgentRunInput {
  /** The repository's top level (real path). */
  root: string;
  command: string;
  timeoutMs: number;
  /** The agent's environment (already without credentials: `child-env.ts`). */
  env: NodeJS.ProcessEnv;
  /** Written as JSON to SELF_HEAL_CONTEXT, with `root` set to where the agent works. */
  context: Record<string, unknown>;
  /** Environment for self-heal's own git calls. */
  gitEnv?: NodeJS.ProcessEnv;
  maxOutputBytes?: number;
  allowDependencyChanges?: boolean;
  /** `copy` skips the sandbox even where it is available. */
  isolation?: Isolation;
}

export interface AgentRun {
  result: CommandResult;
  isolation: 'sandbox' | 'copy';
  /** Why the agent did not run in the sandbox. */
  noSandbox?: string;
  /** Changes written into the real tree (the loop's guardrails still check each). */
  applied: string[];
  /** Changes not written, with why. */
  refused: Array<{ path: string; reason: string }>;
  /** Changes under dependency folders that were kept (`allowDependencyChanges`). */
  dependencies: string[];
  /** Writes outside the work tree that were contained and discarded, or found in the agent's TMPDIR. */
  outside: string[];
  /** Copy mode: writes that reached the real tree or a watched directory. */
  escaped: { undone: string[]; notUndone: string[] };
  /** The content of SELF_HEAL_RESULT, when the agent wrote one (bounded). */
  agentResult: string | null;
  agentResultTooLarge?: number;
  /**
   * Wall time of each phase (ms): preparing the view, the agent's command (in the sandbox, its
   * namespaces and overlays included), finding and applying the changes.
   */
  phases: { prepareMs: number; agentMs: number; collectMs: number };
}

interface Change {
  path: string;
  change: 'write' | 'delete';
  /** Where the new entry is read from (for writes). */
  source?: string;
}

function listed(items: readonly string[], max = 3): string {
  return `${items.slice(0, max).join(', ')}${items.length > max ? `, and ${items.length - max} more` : ''}`;
}

function rel(root: string, abs: string): string {
  return path.relative(root, abs).split(path.sep).join('/');
}

function isInside(parent: string, child: string): boolean {
  const r = path.relative(parent, child);
  return r === '' || (!r.startsWith('..') && !path.isAbsolute(r));
}

function lstatOrNull(p: string): Stats | null {
  try {
    return lstatSync(p);
  } catch {
    return null;
  }
}

function hasGitComponent(p: string): boolean {
  return p.split('/').some((part) => part.toLowerCase() === '.git');
}

/** Whether a parent folder of `p` is one of `folders` (a set: checked per parent, not per folder). */
function underAny(folders: ReadonlySet<string>, p: string): boolean {
  for (let i = p.lastIndexOf('/'); i > 0; i = p.lastIndexOf('/', i - 1)) if (folders.has(p.slice(0, i))) return true;
  return false;
}

function dependencyFolder(p: string): boolean {
  return p.split('/').some((part) => DEPENDENCY_FOLDERS.has(part));
}

/** Directories outside the work tree that can change what the tests do. */
function watchedOutside(env: NodeJS.ProcessEnv): string[] {
  const dirs = [env.HOME ?? os.homedir(), env.RUNNER_TOOL_CACHE ?? ''].filter(
    (d) => d && path.isAbsolute(d) && d !== '/' && existsSync(d),
  );
  return [...new Set(dirs.map((d) => path.resolve(d)))];
}

/** Private directories of agent runs in progress: removed on exit too (an interrupt exits at once). */
const live = new Set<string>();
let exitHook = false;

/**
 * Remove a private directory in the background: removing a copy of thousands of files takes as long
 * as making it, and nothing waits for it (an exit before it finishes removes what is left synchronously).
 */
function removeInBackground(dir: string): void {
  void rm(dir, { recursive: true, force: true })
    .catch(() => {
      try {
        removeTree(dir);
      } catch {
        // Left in the temporary directory: nothing of the user's is in it.
      }
    })
    .then(() => live.delete(dir));
}

export async function runAgentIsolated(input: AgentRunInput): Promise<AgentRun> {
  const base = mkdtempSync(path.join(os.tmpdir(), 'self-heal-agent-'));
  live.add(base);
  if (!exitHook) {
    exitHook = true;
    process.on('exit', () => {
      for (const dir of live) {
        try {
          removeTree(dir);
        } catch {
          // Left in the temporary directory: nothing of the user's is in it.
        }
      }
    });
  }
  try {
    const support = input.isolation === 'copy' ? null : probeSandbox();
    const outsideDirs = watchedOutside(input.env);
    if (support?.available) {
      const overlays = planOverlays(input.root, outsideDirs, base);
      if (overlays) return await runInSandbox(input, base, overlays);
    }
    const reason =
      input.isolation === 'copy'
        ? 'the copy was asked for'
        : support && !support.available
          ? support.reason
          : 'a path cannot be mounted as an overlay';
    return await runInCopy(input, base, outsideDirs, reason);
  } finally {
    removeInBackground(base);
  }
}

function prepareCommon(input: AgentRunInput, base: string, root: string) {
  const tmp = path.join(base, 'tmp');
  mkdirSync(tmp);
  const contextFile = path.join(base, 'context.json');
  const resultFile = path.join(base, 'result.json');
  writeFileSync(contextFile, JSON.stringify({ ...input.context, root }, null, 2));
  const env: NodeJS.ProcessEnv = {
    ...input.env,
    SELF_HEAL_CONTEXT: contextFile,
    SELF_HEAL_RESULT: resultFile,
    TMPDIR: tmp,
    // The agent's own test runs write no bytecode into the tree, the venv or site-packages.
    PYTHONPYCACHEPREFIX: path.join(base, 'pycache'),
  };
  return { tmp, resultFile, env };
}

function readAgentResult(file: string): { text: string | null; tooLarge?: number } {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return { text: null };
  }
  if (size > MAX_RESULT_BYTES) return { text: null, tooLarge: size };
  return { text: readFileSync(file, 'utf8') };
}

function listTmp(tmp: string): string[] {
  const census = takeCensus(tmp, { maxEntries: MAX_LISTED + 1 });
  return [...census.entries.keys()].sort().map((p) => `TMPDIR/${p}`);
}

// ---------------------------------------------------------------------------------------------
// Sandbox

function planOverlays(root: string, outside: readonly string[], base: string): Overlay[] | null {
  if (!overlayablePath(root) || !overlayablePath(base)) return null;
  const lowers = [root, ...outside.filter((d) => overlayablePath(d) && !isInside(d, base) && !isInside(root, d))];
  // Parents first: the work tree is often inside $HOME (a runner's /home/runner/work/…).
  lowers.sort((a, b) => a.length - b.length);
  return lowers.map((lower, i) => {
    const upper = path.join(base, 'layers', `${i}-upper`);
    const work = path.join(base, 'layers', `${i}-work`);
    mkdirSync(upper, { recursive: true });
    mkdirSync(work, { recursive: true });
    return { lower, upper, work };
  });
}

async function runInSandbox(input: AgentRunInput, base: string, overlays: Overlay[]): Promise<AgentRun> {
  const started = performance.now();
  const { tmp, resultFile, env } = prepareCommon(input, base, input.root);
  const repo = overlays.find((o) => o.lower === input.root)!;
  const sandbox = sandboxCommand({ agentCommand: input.command, repo, overlays, base });
  const result = await runCommand({
    command: sandbox.command,
    cwd: input.root,
    timeoutMs: input.timeoutMs,
    env,
    maxOutputBytes: input.maxOutputBytes,
  });
  const run = emptyRun(result, 'sandbox');
  const ran = performance.now();
  if (!existsSync(sandbox.ready) && !result.timedOut) {
    throw new Error(`the agent sandbox could not be set up: ${result.output.trim().split('\n').slice(-3).join(' ')}`);
  }
  let merged: Record<string, string[]> | null;
  try {
    merged = JSON.parse(readFileSync(sandbox.manifest, 'utf8')) as Record<string, string[]>;
  } catch {
    merged = null; // timed out or killed: nothing of this attempt is applied anyway
  }
  for (const overlay of overlays) {
    if (overlay === repo) continue;
    for (const c of readUpper(overlay.upper, overlay.lower, null).slice(0, MAX_LISTED))
      run.outside.push(`${path.join(overlay.lower, c.path)}${c.change === 'delete' ? ' (deleted)' : ''}`);
  }
  run.outside.push(...listTmp(tmp));
  const r = readAgentResult(resultFile);
  run.agentResult = r.text;
  run.agentResultTooLarge = r.tooLarge;
  // Only a run that succeeded proposes anything.
  if (result.timedOut || result.exitCode !== 0 || !merged) return run;
  const changes: Change[] = readUpper(repo.upper, repo.lower, merged).map((c: UpperChange) => ({
    ...c,
    source: c.change === 'write' ? path.join(repo.upper, c.path) : undefined,
  }));
  await settle(input, changes, run);
  run.phases.prepareMs = Math.round(ran - started - result.durationMs);
  run.phases.collectMs = Math.round(performance.now() - ran);
  return run;
}

// ---------------------------------------------------------------------------------------------
// Copy

/**
 * A copy kept for the next attempt of the same run: made once (the expensive part), then put back
 * to how it was made from what the census after the last agent run shows it changed.
 */
interface KeptCopy {
  root: string;
  copy: string;
  /** The copy as made. */
  fresh: Census;
  /** The copy as the last agent left it. */
  last: Census;
  /** Entries that are links to the real tree rather than copies. */
  links: Set<string>;
}

const kept = new Map<string, KeptCopy>();
const skipGit = (p: string) => p === '.git';

/** Remove the kept copies (in the background): the run that made them is over. */
export function disposeAgentCopies(): void {
  for (const [root, state] of kept) {
    kept.delete(root);
    removeInBackground(state.copy);
  }
}

async function obtainCopy(ctx: GitContext, root: string): Promise<KeptCopy> {
  const known = kept.get(root);
  if (known && existsSync(known.copy)) {
    resetCopy(known);
    rmSync(path.join(known.copy, '.git'), { recursive: true, force: true });
    await makePrivateGitDir(ctx, known.copy);
    return known;
  }
  // One copy at a time: a new work tree (another run in this process) retires the others.
  disposeAgentCopies();
  const copy = mkdtempSync(path.join(os.tmpdir(), 'self-heal-agent-copy-'));
  live.add(copy);
  const links = await populateCopy(ctx, root, copy);
  await makePrivateGitDir(ctx, copy);
  const fresh = takeCensus(copy, { skip: skipGit });
  const state: KeptCopy = { root, copy, fresh, last: fresh, links };
  kept.set(root, state);
  return state;
}

/** Put the copy back as it was made: what was added goes, what was changed or removed comes again. */
function resetCopy(state: KeptCopy): void {
  const diff = compareCensus(state.fresh, state.last);
  const gone = new Set<string>();
  for (const c of diff) {
    if (c.change === 'removed') continue;
    if (underAny(gone, c.path)) continue;
    const sig = state.fresh.entries.get(c.path);
    if (c.change === 'changed' && sig?.startsWith('d:') && lstatOrNull(path.join(state.copy, c.path))?.isDirectory()) {
      chmodSync(path.join(state.copy, c.path), Number(sig.split(':')[1]) & 0o7777);
      continue;
    }
    rmSync(path.join(state.copy, c.path), { recursive: true, force: true });
    gone.add(c.path);
  }
  // What is gone now and was there when the copy was made, parents first.
  const back = [...state.fresh.entries.keys()].filter((p) => !lstatOrNull(path.join(state.copy, p))).sort();
  for (const p of back) {
    const dst = path.join(state.copy, p);
    const src = path.join(state.root, p);
    const sig = state.fresh.entries.get(p)!;
    if (state.links.has(p)) symlinkSync(src, dst);
    else if (sig.startsWith('d:')) mkdirSync(dst, { recursive: true, mode: Number(sig.split(':')[1]) & 0o7777 });
    else {
      const st = lstatOrNull(src);
      if (st?.isSymbolicLink()) symlinkSync(readlinkSync(src), dst);
      else if (st?.isFile()) {
        copyFileSync(src, dst, constants.COPYFILE_FICLONE);
        chmodSync(dst, st.mode & 0o7777);
      }
    }
    const now = lstatOrNull(dst);
    if (!now) state.fresh.entries.delete(p);
  }
  // Re-made entries have new inodes and times: what "as made" means is measured again, for them only.
  const remade = takeCensus(state.copy, { skip: skipGit });
  state.fresh = remade;
  state.last = remade;
}

async function runInCopy(
  input: AgentRunInput,
  base: string,
  outsideDirs: readonly string[],
  noSandbox: string,
): Promise<AgentRun> {
  const started = performance.now();
  const ctx: GitContext = { cwd: input.root, env: input.gitEnv };
  const state = await obtainCopy(ctx, input.root);
  const copy = state.copy;
  const before = state.fresh;
  const { tmp, resultFile, env } = prepareCommon(input, base, copy);

  // The scan's moment: after self-heal's own writes, before the agent's (see CLOCK_MARGIN_MS).
  const since = Date.now() + CLOCK_MARGIN_MS / 2;
  await new Promise((resolve) => setTimeout(resolve, CLOCK_MARGIN_MS));
  const result = await runCommand({
    command: input.command,
    cwd: copy,
    timeoutMs: input.timeoutMs,
    env,
    maxOutputBytes: input.maxOutputBytes,
  });
  const ran = performance.now();
  const run = emptyRun(result, 'copy');
  run.phases.prepareMs = Math.round(ran - started - result.durationMs);
  run.noSandbox = noSandbox;
  run.outside.push(...listTmp(tmp));
  const r = readAgentResult(resultFile);
  run.agentResult = r.text;
  run.agentResultTooLarge = r.tooLarge;

  await findEscapes(input, since, base, outsideDirs, run, copy);
  const after = takeCensus(copy, { skip: skipGit });
  state.last = after;
  if (result.timedOut || result.exitCode !== 0) return run;
  const changes: Change[] = [];
  const removedDirs = new Set<string>();
  for (const c of compareCensus(before, after)) {
    if (underAny(removedDirs, c.path)) continue;
    if (c.change === 'removed') {
      changes.push({ path: c.path, change: 'delete' });
      if (before.entries.get(c.path)?.startsWith('d:')) removedDirs.add(c.path);
    } else changes.push({ path: c.path, change: 'write', source: path.join(copy, c.path) });
  }
  await settle(input, changes, run);
  run.phases.collectMs = Math.round(performance.now() - ran);
  return run;
}

/**
 * The copy: what git lists (tracked and untracked, not ignored), then the ignored entries: a
 * dependency folder becomes a real folder of links to its entries (its dot-entries, tools' caches
 * such as `.vite`, are copied: the agent's own test runs write there), other ignored entries are
 * copied while the budget lasts and linked beyond it.
 */
async function populateCopy(ctx: GitContext, root: string, copy: string): Promise<Set<string>> {
  const links = new Set<string>();
  const listed = splitNul(
    (await git(ctx, ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { maxBuffer: 1 << 28 })).stdout,
  );
  const made = new Set<string>(['']);
  const ensureDir = (dir: string) => {
    if (made.has(dir)) return;
    mkdirSync(path.join(copy, dir), { recursive: true });
    for (let d = dir; d && d !== '.'; d = path.posix.dirname(d)) made.add(d);
  };
  const copyEntry = (p: string): number => {
    const src = path.join(root, p);
    const st = lstatOrNull(src);
    if (!st) return 0;
    ensureDir(path.posix.dirname(p) === '.' ? '' : path.posix.dirname(p));
    const dst = path.join(copy, p);
    if (st.isSymbolicLink()) symlinkSync(readlinkSync(src), dst);
    else if (st.isFile()) {
      copyFileSync(src, dst, constants.COPYFILE_FICLONE);
      chmodSync(dst, st.mode & 0o7777);
      return st.size;
    } else if (st.isDirectory()) mkdirSync(dst, { recursive: true });
    return 0;
  };
  for (const p of new Set(listed)) if (p !== '.git' && !p.startsWith('.git/')) copyEntry(p);

  const ignored = splitNul(
    (
      await git(ctx, ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--directory'], {
        maxBuffer: 1 << 28,
      })
    ).stdout,
  );
  let files = 0;
  let bytes = 0;
  const link = (p: string) => {
    ensureDir(path.posix.dirname(p) === '.' ? '' : path.posix.dirname(p));
    symlinkSync(path.join(root, p), path.join(copy, p));
    links.add(p);
  };
  const copyTree = (p: string): boolean => {
    // Sized first: a folder is copied whole or linked whole.
    const census = takeCensus(path.join(root, p), { maxEntries: COPY_BUDGET.files - files + 1 });
    let size = 0;
    for (const sig of census.entries.values()) if (sig.startsWith('f:')) size += Number(sig.split(':')[2]);
    if (census.truncated || files + census.entries.size > COPY_BUDGET.files || bytes + size > COPY_BUDGET.bytes)
      return false;
    ensureDir(p);
    for (const entry of [...census.entries.keys()].sort()) copyEntry(`${p}/${entry}`);
    files += census.entries.size;
    bytes += size;
    return true;
  };
  for (const raw of ignored) {
    const p = raw.replace(/\/$/, '');
    if (!p || hasGitComponent(p)) continue;
    const st = lstatOrNull(path.join(root, p));
    if (!st) continue;
    if (st.isDirectory() && DEPENDENCY_FOLDERS.has(path.posix.basename(p))) {
      ensureDir(p);
      for (const name of readdirSync(path.join(root, p))) {
        const child = `${p}/${name}`;
        if (name.startsWith('.') && lstatOrNull(path.join(root, child))?.isDirectory() && copyTree(child)) continue;
        if (name.startsWith('.') && lstatOrNull(path.join(root, child))?.isFile()) copyEntry(child);
        else link(child);
      }
    } else if (st.isDirectory()) {
      if (!copyTree(p)) link(p);
    } else if (files < COPY_BUDGET.files && bytes + st.size <= COPY_BUDGET.bytes) {
      bytes += copyEntry(p);
      files++;
    } else link(p);
  }
  return links;
}

/** A `.git` of the copy's own: the real objects (read only, through alternates), HEAD, the index of HEAD. */
async function makePrivateGitDir(ctx: GitContext, copy: string): Promise<void> {
  const own: GitContext = { cwd: copy, env: ctx.env };
  await git(own, ['init', '-q']);
  const realGitDir = await gitDir(ctx);
  writeFileSync(
    path.join(copy, '.git', 'objects', 'info', 'alternates'),
    `${path.join(commonGitDir(realGitDir), 'objects')}\n`,
  );
  const head = headStateSync(ctx);
  if (head) {
    if (head.ref) {
      await git(own, ['update-ref', head.ref, head.sha]);
      await git(own, ['symbolic-ref', 'HEAD', head.ref]);
    } else await git(own, ['update-ref', '--no-deref', 'HEAD', head.sha]);
    await git(own, ['read-tree', 'HEAD']);
  }
  // An agent that commits needs an identity; nothing else of the real configuration is carried over.
  for (const key of ['user.name', 'user.email']) {
    const value = await configValue(ctx, key);
    if (value) await git(own, ['config', key, value]);
  }
}

/**
 * Anything changed while the agent ran in the real work tree (beyond self-heal's state) or in a
 * watched directory outside it. New entries are deleted (that undoes them exactly); changes git sees
 * and changes in `.git` are undone by the loop's restore of the snapshot; the rest cannot be undone.
 */
async function findEscapes(
  input: AgentRunInput,
  since: number,
  base: string,
  outsideDirs: readonly string[],
  run: AgentRun,
  copy: string,
): Promise<void> {
  const inRepo = scanChangedSince(input.root, since, {
    skip: (p) => p === '.git/self-heal',
  });
  const created = inRepo.changed.filter((c) => c.created);
  const createdPaths = new Set(created.map((c) => c.path));
  const explained = new Set(inRepo.changed.map((c) => path.posix.dirname(c.path)));
  const kept = inRepo.changed.filter((c) => !c.created && !(c.directory && explained.has(c.path)));
  const ignored = await checkIgnore(
    { cwd: input.root, env: input.gitEnv },
    kept.map((c) => c.path),
  );
  for (const c of created) {
    if (underAny(createdPaths, c.path)) continue;
    if (input.allowDependencyChanges && dependencyFolder(c.path)) {
      run.dependencies.push(c.path);
      continue;
    }
    rmSync(path.join(input.root, c.path), { recursive: true, force: true });
    run.escaped.undone.push(c.path);
  }
  for (const c of kept) {
    if (input.allowDependencyChanges && dependencyFolder(c.path) && ignored.has(c.path)) run.dependencies.push(c.path);
    else if (hasGitComponent(c.path) || !ignored.has(c.path)) run.escaped.undone.push(c.path);
    else run.escaped.notUndone.push(c.path);
  }
  for (const dir of outsideDirs) {
    const scan = scanChangedSince(dir, since, {
      skip: (p) =>
        HOME_CACHES.has(p) ||
        isInside(path.join(dir, p), input.root) ||
        isInside(path.join(dir, p), base) ||
        isInside(path.join(dir, p), copy),
      maxEntries: 200_000,
    });
    const explainedOut = new Set(scan.changed.map((c) => path.posix.dirname(c.path)));
    for (const c of scan.changed) {
      if (c.directory && explainedOut.has(c.path)) continue;
      run.escaped.notUndone.push(path.join(dir, c.path));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Sorting and applying

function emptyRun(result: CommandResult, isolation: 'sandbox' | 'copy'): AgentRun {
  return {
    result,
    isolation,
    phases: { prepareMs: 0, agentMs: result.durationMs, collectMs: 0 },
    applied: [],
    refused: [],
    dependencies: [],
    outside: [],
    escaped: { undone: [], notUndone: [] },
    agentResult: null,
  };
}

async function settle(input: AgentRunInput, raw: Change[], run: AgentRun): Promise<void> {
  const ctx: GitContext = { cwd: input.root, env: input.gitEnv };
  const changes = raw.filter((c) => changeMatters(input.root, c));
  const paths = changes.map((c) => c.path).filter((p) => !hasGitComponent(p));
  const ignored = await checkIgnore(ctx, paths);
  // All of them at once (no argument list to overflow): a deletion is refused for what git does not track.
  const tracked = new Set(
    paths.length ? splitNul((await git(ctx, ['ls-files', '-z', '--cached'], { maxBuffer: 1 << 28 })).stdout) : [],
  );
  const sorting: Sorting = { input, ctx, run, ignored, tracked };
  const apply: Change[] = [];
  for (const c of changes) for (const a of await sortChange(sorting, c)) apply.push(a);
  applyChanges(input.root, apply, run);
}

/** Directories are written as their entries are; one only matters where it replaces a file. */
function changeMatters(root: string, c: Change): boolean {
  if (c.change === 'delete' || !c.source) return true;
  const st = lstatOrNull(c.source);
  if (!st?.isDirectory()) return true;
  const real = lstatOrNull(path.join(root, c.path));
  return real !== null && !real.isDirectory();
}

/** What `settle` sorts each change against. */
interface Sorting {
  input: AgentRunInput;
  ctx: GitContext;
  run: AgentRun;
  ignored: ReadonlySet<string>;
  tracked: ReadonlySet<string>;
}

/** The changes to apply for `c` (none, itself, or the tracked files of a deleted folder); refusals go to the run. */
async function sortChange(s: Sorting, c: Change): Promise<Change[]> {
  const { input, run } = s;
  const inTheWay = await refusalInTheWay(s, c);
  if (inTheWay) {
    run.refused.push(inTheWay);
    return [];
  }
  if (hasGitComponent(c.path)) {
    run.refused.push({ path: c.path, reason: 'git metadata: an agent never changes the repository’s .git' });
    return [];
  }
  if (s.ignored.has(c.path)) {
    if (!dependencyFolder(c.path)) {
      run.refused.push({ path: c.path, reason: 'ignored by git: it would not be in the commit' });
      return [];
    }
    if (input.allowDependencyChanges) {
      run.dependencies.push(c.path);
      return [c];
    }
    run.refused.push({
      path: c.path,
      reason: 'a dependency folder: not in the commit, so not part of a fix (--allow-dependency-changes keeps it)',
    });
    return [];
  }
  if (c.change === 'delete') return sortDeletion(s, c);
  return [c];
}

/** A write that would remove something of the user's git does not track: an untracked file, or a folder holding some. */
async function refusalInTheWay(s: Sorting, c: Change): Promise<{ path: string; reason: string } | undefined> {
  if (c.change !== 'write') return undefined;
  const root = s.input.root;
  const folder = !!lstatOrNull(c.source!)?.isDirectory();
  const replaced = untrackedInTheWay(root, c.path, folder, s.tracked);
  if (replaced) {
    return {
      path: c.path,
      reason: `it would replace \`${replaced}\`, an untracked file of yours: a fix never deletes it`,
    };
  }
  if (!folder && lstatOrNull(path.join(root, c.path))?.isDirectory()) {
    // A file in a folder's place removes the folder: what git does not track in it (ignored too) is the user's.
    const others = splitNul(
      (await git(s.ctx, ['ls-files', '-z', '--others', '--', `:(literal)${c.path}/`], { maxBuffer: 1 << 28 })).stdout,
    );
    if (others.length > 0) {
      return {
        path: c.path,
        reason: `it would replace a folder that holds files of yours git does not track (${listed(others)}): a fix never deletes them`,
      };
    }
  }
  return undefined;
}

/** A deletion: of a folder, its tracked files (the user's untracked and ignored files stay); never an untracked file. */
async function sortDeletion(s: Sorting, c: Change): Promise<Change[]> {
  const real = lstatOrNull(path.join(s.input.root, c.path));
  if (real?.isDirectory()) {
    const inside = splitNul(
      (await git(s.ctx, ['ls-files', '-z', '--', `:(literal)${c.path}/`], { maxBuffer: 1 << 28 })).stdout,
    );
    const others = splitNul(
      (
        await git(s.ctx, ['ls-files', '-z', '--others', '--exclude-standard', '--', `:(literal)${c.path}/`], {
          maxBuffer: 1 << 28,
        })
      ).stdout,
    );
    for (const p of others)
      s.run.refused.push({ path: p, reason: 'an untracked file of yours: a fix never deletes it' });
    return inside.map((p) => ({ path: p, change: 'delete' }));
  }
  if (real && !s.tracked.has(c.path)) {
    s.run.refused.push({ path: c.path, reason: 'an untracked file of yours: a fix never deletes it' });
    return [];
  }
  return [c];
}

/** Writes the sorted changes into the real tree, journaled first; a change that cannot be written is refused. */
function applyChanges(root: string, apply: Change[], run: AgentRun): void {
  // Deletions first (a file may be replaced by a folder of the same name), then writes, parents first.
  apply.sort((a, b) => (a.change !== b.change ? (a.change === 'delete' ? -1 : 1) : a.path < b.path ? -1 : 1));
  // Written ahead into the crash journal: a recovery puts back only what this run left.
  noteWrites(
    root,
    apply.map((c) => ({ path: c.path, state: c.change === 'delete' ? ABSENT : stateOfPath(c.source!) })),
  );
  for (const c of apply) {
    const problem = writeChange(root, c);
    if (problem) run.refused.push({ path: c.path, reason: problem });
    else if (!run.dependencies.includes(c.path)) run.applied.push(c.path);
  }
}

/**
 * The untracked file (or link) of the user's that writing `p` would remove: `p` itself when a
 * folder is to take its place, or a parent of `p` that is not a folder. Null when there is none.
 */
function untrackedInTheWay(root: string, p: string, folder: boolean, tracked: ReadonlySet<string>): string | null {
  const parts = p.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join('/');
    const st = lstatOrNull(path.join(root, prefix));
    if (!st) return null;
    if (st.isDirectory()) continue;
    // `p` itself written as a file over a file is an ordinary write; a folder in its place removes it.
    if (i === parts.length && !folder) return null;
    return tracked.has(prefix) ? null : prefix;
  }
  return null;
}

/** Every existing parent of `p` in the real tree must be a real folder: a link would lead the write elsewhere. */
function parentProblem(root: string, p: string): string | null {
  const parts = p.split('/').slice(0, -1);
  let current = root;
  for (const part of parts) {
    current = path.join(current, part);
    const st = lstatOrNull(current);
    if (!st) return null;
    if (st.isSymbolicLink())
      return `\`${rel(root, current)}\` is a symlink in the real tree; nothing is written through it`;
    if (!st.isDirectory()) unlinkSync(current);
  }
  return null;
}

function writeChange(root: string, c: Change): string | null {
  const dst = path.join(root, c.path);
  const problem = parentProblem(root, c.path);
  if (problem) return problem;
  if (c.change === 'delete') {
    rmSync(dst, { recursive: true, force: true });
    return null;
  }
  const src = lstatOrNull(c.source!);
  if (!src) return 'it vanished before it could be read';
  const real = lstatOrNull(dst);
  if (src.isDirectory()) {
    if (real && !real.isDirectory()) rmSync(dst, { force: true });
    mkdirSync(dst, { recursive: true });
    return null;
  }
  mkdirSync(path.dirname(dst), { recursive: true });
  if (real?.isDirectory()) rmSync(dst, { recursive: true, force: true });
  else if (real) unlinkSync(dst);
  if (src.isSymbolicLink()) symlinkSync(readlinkSync(c.source!), dst);
  else if (src.isFile()) {
    copyFileSync(c.source!, dst);
    chmodSync(dst, src.mode & 0o7777);
  } else return 'not a regular file, symlink or folder';
  return null;
}

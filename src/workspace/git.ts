/**
 * Every git call of self-heal goes through this wrapper: `execFile` (never a shell), paths printed
 * raw (`core.quotepath=off`), no pager, no prompts, and an error that names the git command.
 *
 * `GIT_OPTIONAL_LOCKS=0` keeps read-only commands such as `status` from rewriting the index (and
 * from racing a user's own git for `index.lock`).
 *
 * Security: repository configuration never makes self-heal run a program. Code under repair (an
 * agent, a test run of a model's patch) can write `.git/config`, an included config file or the
 * global config, and every git call self-heal makes afterwards would run what it names with
 * self-heal's environment and credentials. So every call overrides, on its command line (which beats
 * every config file and include): fsmonitor, hooks, pager, editor, credential helpers, askpass, ssh
 * and proxy commands, external diff, signing and signature checks, auto gc (a detached process that outlives the run),
 * and, for every filter, diff and merge driver and every remote the configuration names, their
 * commands (`filterOverrides`). Only git-lfs's standard filter commands are kept: without them every
 * LFS file would read as modified. Hooks also matter for verification: a pre-commit hook that
 * reformats or refuses would make the verified tree and the committed tree differ, so self-heal
 * writes history only through `commit-tree` (delivery/fix-commit.ts), which runs no hook.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { lstatSync, readlinkSync, type Stats } from 'node:fs';
import path from 'node:path';
import { gitConfigOverrides } from './git-config-guard.js';

export interface GitContext {
  /** Directory git runs in (the repository root, usually). */
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

export class GitError extends Error {
  constructor(
    message: string,
    readonly args: readonly string[],
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'GitError';
  }
}

interface GitCallOptions {
  input?: string | Buffer;
  /** Exit codes that are answers, not failures (`check-ignore` exits 1 when nothing is ignored). */
  okCodes?: readonly number[];
  env?: NodeJS.ProcessEnv;
  maxBuffer?: number;
}

export interface GitOutput {
  stdout: string;
  exitCode: number;
}

const MAX_BUFFER = 256 * 1024 * 1024;

function gitEnv(ctx: GitContext, extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...(ctx.env ?? process.env),
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_PAGER: 'cat',
    // Variables beat configuration: these name no program (or a no-op) instead of the config's.
    GIT_EDITOR: ':',
    GIT_SEQUENCE_EDITOR: ':',
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
    // trace2 targets come from the global config (which a test run can write) and record the
    // variables it names, self-heal's credentials among them; the variables turn every target off.
    GIT_TRACE2: '0',
    GIT_TRACE2_EVENT: '0',
    GIT_TRACE2_PERF: '0',
    LC_ALL: 'C',
    ...extra,
  };
}

/**
 * The whole argument list: no pager, raw paths, the overrides (see the header), then the command.
 * A remote's `receivepack`/`uploadpack` is a list whose first value wins, so `-c` cannot replace it;
 * the command-line option can.
 */
function fullArgs(ctx: GitContext, env: NodeJS.ProcessEnv, args: readonly string[]): string[] {
  const [command, ...rest] = args;
  const transport =
    command === 'push'
      ? ['--receive-pack=git-receive-pack']
      : command === 'fetch' || command === 'ls-remote'
        ? ['--upload-pack=git-upload-pack']
        : [];
  return [
    '--no-pager',
    '-c',
    'core.quotepath=off',
    ...gitConfigOverrides(ctx.cwd, env),
    ...args.slice(0, 1),
    ...transport,
    ...rest,
  ];
}

function describe(args: readonly string[]): string {
  const shown = args.slice(0, 6).join(' ');
  return `git ${shown}${args.length > 6 ? ' …' : ''}`;
}

function gitFailure(args: readonly string[], code: number | null, stderr: string, cause?: string): GitError {
  const detail = (stderr.trim() || cause || '').split('\n').slice(0, 6).join('\n');
  return new GitError(
    `${describe(args)} failed${code !== null ? ` (exit ${code})` : ''}: ${detail}`,
    args,
    code,
    stderr,
  );
}

/** Run git asynchronously; resolves with stdout, rejects with a `GitError` naming the command. */
export function git(ctx: GitContext, args: readonly string[], options: GitCallOptions = {}): Promise<GitOutput> {
  return new Promise((resolve, reject) => {
    const env = gitEnv(ctx, options.env);
    const child = execFile(
      'git',
      fullArgs(ctx, env, args),
      { cwd: ctx.cwd, env, maxBuffer: options.maxBuffer ?? MAX_BUFFER, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        if (!error || (code !== null && options.okCodes?.includes(code))) {
          resolve({ stdout, exitCode: code ?? 0 });
          return;
        }
        reject(gitFailure(args, code, stderr, error.message));
      },
    );
    if (options.input !== undefined) child.stdin!.end(options.input);
    else child.stdin!.end();
  });
}

/** Run git synchronously: for the restore paths that must finish inside a signal handler. */
export function gitSync(ctx: GitContext, args: readonly string[], options: GitCallOptions = {}): GitOutput {
  try {
    const env = gitEnv(ctx, options.env);
    const stdout = execFileSync('git', fullArgs(ctx, env, args), {
      cwd: ctx.cwd,
      env,
      maxBuffer: options.maxBuffer ?? MAX_BUFFER,
      encoding: 'utf8',
      input: options.input,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return { stdout, exitCode: 0 };
  } catch (error) {
    const e = error as { status?: number | null; stdout?: string; stderr?: string; message: string };
    const code = typeof e.status === 'number' ? e.status : null;
    if (code !== null && options.okCodes?.includes(code)) return { stdout: e.stdout ?? '', exitCode: code };
    throw gitFailure(args, code, e.stderr ?? '', e.message);
  }
}

/** Run git and keep at most `maxBytes` of stdout (the process is stopped once the cap is reached). */
export function gitBounded(
  ctx: GitContext,
  args: readonly string[],
  maxBytes: number,
): Promise<{ stdout: string; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const env = gitEnv(ctx);
    const child = spawn('git', fullArgs(ctx, env, args), {
      cwd: ctx.cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let bytes = 0;
    let truncated = false;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (truncated) return;
      const room = maxBytes - bytes;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        bytes = maxBytes;
        truncated = true;
        child.kill('SIGKILL');
        return;
      }
      chunks.push(chunk);
      bytes += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 8192) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => reject(gitFailure(args, null, stderr, error.message)));
    child.on('close', (code) => {
      if (!truncated && code !== 0) {
        reject(gitFailure(args, code, stderr));
        return;
      }
      let text = Buffer.concat(chunks).toString('utf8');
      // A cut inside a multi-byte character decodes to U+FFFD; drop it rather than show garbage.
      if (truncated) text = text.replace(/\uFFFD$/, '');
      resolve({ stdout: text, truncated });
    });
  });
}

/** Split NUL-terminated output (`-z`) into its records. */
export function splitNul(text: string): string[] {
  const parts = text.split('\0');
  if (parts.at(-1) === '') parts.pop();
  return parts;
}

export async function isRepo(ctx: GitContext): Promise<boolean> {
  try {
    const { stdout } = await git(ctx, ['rev-parse', '--is-inside-work-tree']);
    return stdout.trim() === 'true';
  } catch {
    return false;
  }
}

export async function topLevel(ctx: GitContext): Promise<string> {
  return (await git(ctx, ['rev-parse', '--show-toplevel'])).stdout.trim();
}

/** The `.git` directory (absolute), also for worktrees where `.git` is a file. */
export async function gitDir(ctx: GitContext): Promise<string> {
  return (await git(ctx, ['rev-parse', '--absolute-git-dir'])).stdout.trim();
}

/** HEAD's commit sha, or null in a repository without commits. */
export async function headSha(ctx: GitContext): Promise<string | null> {
  const { stdout, exitCode } = await git(ctx, ['rev-parse', '--verify', '-q', 'HEAD^{commit}'], { okCodes: [1] });
  return exitCode === 0 ? stdout.trim() : null;
}

export function headShaSync(ctx: GitContext): string | null {
  const { stdout, exitCode } = gitSync(ctx, ['rev-parse', '--verify', '-q', 'HEAD^{commit}'], { okCodes: [1] });
  return exitCode === 0 ? stdout.trim() : null;
}

/**
 * HEAD's commit and the branch it points at (null when detached), in one git call; null in a
 * repository without commits.
 */
export function headStateSync(ctx: GitContext): { sha: string; ref: string | null } | null {
  const { stdout, exitCode } = gitSync(ctx, ['rev-parse', 'HEAD', '--symbolic-full-name', 'HEAD'], { okCodes: [128] });
  if (exitCode !== 0) return null;
  const [sha, ref] = stdout.trim().split('\n');
  if (!sha || !/^[0-9a-f]{40,64}$/.test(sha)) return null;
  return { sha, ref: ref && ref !== 'HEAD' ? ref : null };
}

/** The branch HEAD points at (`refs/heads/x`), or null when detached. */
export function symbolicHeadSync(ctx: GitContext): string | null {
  const { stdout, exitCode } = gitSync(ctx, ['symbolic-ref', '-q', 'HEAD'], { okCodes: [1] });
  return exitCode === 0 ? stdout.trim() : null;
}

export async function hasParent(ctx: GitContext): Promise<boolean> {
  const { exitCode } = await git(ctx, ['rev-parse', '--verify', '-q', 'HEAD^1^{commit}'], { okCodes: [1, 128] });
  return exitCode === 0;
}

/** HEAD's committer time in milliseconds since the epoch. */
export async function headCommitTime(ctx: GitContext): Promise<number | null> {
  const { stdout, exitCode } = await git(ctx, ['log', '-1', '--format=%ct', 'HEAD'], { okCodes: [128] });
  if (exitCode !== 0) return null;
  const seconds = Number(stdout.trim());
  return Number.isFinite(seconds) ? seconds * 1000 : null;
}

export interface StatusEntry {
  /** Index status letter (`?` for untracked). */
  x: string;
  /** Work-tree status letter. */
  y: string;
  path: string;
}

const STATUS_ARGS = [
  'status',
  '--porcelain=v1',
  '-z',
  '--no-renames',
  '--untracked-files=all',
  '--ignore-submodules=all',
];

function parseStatus(stdout: string): StatusEntry[] {
  return splitNul(stdout).map((record) => ({ x: record[0]!, y: record[1]!, path: record.slice(3) }));
}

/** Changed tracked files and untracked, non-ignored files (each untracked file listed, not its folder). */
export async function status(ctx: GitContext): Promise<StatusEntry[]> {
  return parseStatus((await git(ctx, STATUS_ARGS)).stdout);
}

export function statusSync(ctx: GitContext): StatusEntry[] {
  return parseStatus(gitSync(ctx, STATUS_ARGS).stdout);
}

/** Tracked files, repo-relative. */
export async function trackedFiles(ctx: GitContext): Promise<string[]> {
  return splitNul((await git(ctx, ['ls-files', '-z'])).stdout);
}

/** Which of `paths` are ignored by .gitignore & co (tracked files are never reported). */
export async function checkIgnore(ctx: GitContext, paths: readonly string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const { stdout } = await git(ctx, ['check-ignore', '-z', '--stdin'], {
    input: paths.join('\0') + '\0',
    okCodes: [1],
  });
  return new Set(splitNul(stdout));
}

/** `git show` of HEAD without the header (the commit under test), bounded. Null when HEAD has no parent. */
export async function showHeadDiff(
  ctx: GitContext,
  maxBytes: number,
): Promise<{ diff: string; truncated: boolean } | null> {
  if (!(await hasParent(ctx))) return null;
  const { stdout, truncated } = await gitBounded(
    ctx,
    ['show', '--format=', '--no-color', '--no-ext-diff', '--no-textconv', '--find-renames', '-U3', 'HEAD'],
    maxBytes,
  );
  return { diff: stdout, truncated };
}

export interface CommitIdentity {
  name: string;
  email: string;
}

/** Read one config value, or null when it is not set. */
export async function configValue(ctx: GitContext, key: string): Promise<string | null> {
  const { stdout, exitCode } = await git(ctx, ['config', '--get', key], { okCodes: [1] });
  return exitCode === 0 ? stdout.trim() : null;
}

/**
 * Stage exactly `paths` (repo-relative, relative to `ctx.cwd`, the top level) as the work tree has
 * them: content, executable bit and symlinks; a path that is gone (or is a directory now) leaves the
 * index. Names, not pathspecs: a fixed `[ab].py` must not also stage `a.py`, nor `*` everything.
 * Unlike `git add`, neither a missing path (an untracked file that was deleted: "pathspec did not
 * match") nor the index's assume-unchanged and skip-worktree flags (which `git add` trusts, so the
 * change would not be staged) get in the way. `env` may name a private index (`GIT_INDEX_FILE`).
 */
export async function stageExactly(ctx: GitContext, paths: readonly string[], env?: NodeJS.ProcessEnv): Promise<void> {
  const gone: string[] = [];
  const files: Array<{ path: string; mode: string }> = [];
  const links: Array<{ path: string; target: string }> = [];
  for (const rel of paths) {
    let st: Stats | undefined;
    try {
      st = lstatSync(path.join(ctx.cwd, rel));
    } catch {
      st = undefined;
    }
    if (st?.isSymbolicLink()) links.push({ path: rel, target: readlinkSync(path.join(ctx.cwd, rel)) });
    else if (st?.isFile()) files.push({ path: rel, mode: st.mode & 0o111 ? '100755' : '100644' });
    else gone.push(rel);
  }
  if (gone.length > 0)
    await git(ctx, ['update-index', '--force-remove', '-z', '--stdin'], { env, input: gone.join('\0') + '\0' });
  const entries: string[] = [];
  // One process for the files whose names fit on a line; filters apply by path, as for `git add`.
  const batch = files.filter((f) => !f.path.includes('\n'));
  if (batch.length > 0) {
    const { stdout } = await git(ctx, ['hash-object', '-w', '--stdin-paths'], {
      env,
      input: batch.map((f) => f.path).join('\n') + '\n',
    });
    const shas = stdout.trim().split('\n');
    batch.forEach((f, i) => entries.push(`${f.mode} ${shas[i]}\t${f.path}`));
  }
  for (const f of files.filter((f) => f.path.includes('\n'))) {
    const { stdout } = await git(ctx, ['hash-object', '-w', `--path=${f.path}`, '--', f.path], { env });
    entries.push(`${f.mode} ${stdout.trim()}\t${f.path}`);
  }
  for (const link of links) {
    const { stdout } = await git(ctx, ['hash-object', '-w', '--stdin'], { env, input: link.target });
    entries.push(`120000 ${stdout.trim()}\t${link.path}`);
  }
  if (entries.length > 0)
    await git(ctx, ['update-index', '-z', '--index-info'], { env, input: entries.join('\0') + '\0' });
}

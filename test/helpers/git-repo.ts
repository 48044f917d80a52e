/**
 * Temporary git repositories for tests: isolated from the machine's git config (no global or
 * system config, no hooks, no signing), fixed identities and dates, and an optional bare remote.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  lstatSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The environment every git call of a test uses (also handed to the code under test). */
export function isolatedGitEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  // When the tests run in a GitHub Actions job, its event is not the event of the code under test
  // (the CLI reads it for verify: ci's fork refusal); a test that wants one sets its own.
  const { GITHUB_EVENT_NAME: _name, GITHUB_EVENT_PATH: _path, ...inherited } = process.env;
  return {
    ...inherited,
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_DATE: '2026-01-02T03:04:05Z',
    GIT_COMMITTER_DATE: '2026-01-02T03:04:05Z',
    GIT_TERMINAL_PROMPT: '0',
    ...extra,
  };
}

export interface TempRepo {
  root: string;
  env: NodeJS.ProcessEnv;
  git(...args: string[]): string;
  write(rel: string, content: string): void;
  read(rel: string): string;
  commitAll(message: string): string;
  /** Every file under the work tree except `.git`, path → content (symlinks as `-> target`). */
  tree(): Record<string, string>;
  cleanup(): void;
}

export interface TempRepoOptions {
  /** Files to create before the first commit. */
  files?: Record<string, string>;
  /** A fixture directory copied into the work tree before the first commit. */
  fixture?: string;
  /** Make a bare remote `origin` and push the first commit to it. */
  remote?: boolean;
  /** Extra environment for git (and for the code under test). */
  env?: NodeJS.ProcessEnv;
}

export function createTempRepo(options: TempRepoOptions = {}): TempRepo {
  const base = mkdtempSync(path.join(os.tmpdir(), 'self-heal-test-'));
  const root = path.join(base, 'repo');
  mkdirSync(root);
  const env = isolatedGitEnv(options.env);
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=Test User', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args],
      {
        cwd: root,
        env,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  git('init', '-q', '-b', 'main');
  git('config', 'user.name', 'Test User');
  git('config', 'user.email', 'test@example.com');
  if (options.fixture) cpSync(options.fixture, root, { recursive: true });
  const write = (rel: string, content: string) => {
    const abs = path.join(root, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  };
  for (const [rel, content] of Object.entries(options.files ?? {})) write(rel, content);
  const commitAll = (message: string) => {
    git('add', '-A');
    git('commit', '-q', '--allow-empty', '-m', message);
    return git('rev-parse', 'HEAD').trim();
  };
  commitAll('initial');
  if (options.remote) {
    const remote = path.join(base, 'remote.git');
    execFileSync('git', ['init', '-q', '--bare', remote], { env });
    git('remote', 'add', 'origin', remote);
    git('push', '-q', 'origin', 'main');
  }
  return {
    root,
    env,
    git,
    write,
    read: (rel) => readFileSync(path.join(root, rel), 'utf8'),
    commitAll,
    tree: () => snapshotFiles(root),
    cleanup: () => rmSync(base, { recursive: true, force: true }),
  };
}

/** Every file under `root` except `.git`: path → content; symlinks as `-> target`; empty dirs as `<dir>`. */
export function snapshotFiles(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    const entries = readdirSync(path.join(root, rel)).sort();
    if (entries.length === 0 && rel) out[`${rel}/`] = '<dir>';
    for (const name of entries) {
      if (!rel && name === '.git') continue;
      const childRel = rel ? `${rel}/${name}` : name;
      const st = lstatSync(path.join(root, childRel));
      if (st.isSymbolicLink()) out[childRel] = `-> ${readlinkSync(path.join(root, childRel))}`;
      else if (st.isDirectory()) walk(childRel);
      else out[childRel] = `${(st.mode & 0o111) !== 0 ? '[x] ' : ''}${readFileSync(path.join(root, childRel), 'utf8')}`;
    }
  };
  walk('');
  return out;
}

/**
 * Puts the bundled example project into a directory as a git repository with one commit, the way a
 * user's project looks when its tests fail. Git runs with the user's global and system config shut
 * out (`GIT_CONFIG_GLOBAL`/`GIT_CONFIG_NOSYSTEM`), so signing, hooks or templates of the machine
 * cannot break the demo, and with a fixed identity and date, so the example commit is the same
 * everywhere.
 */
import { cpSync, existsSync } from 'node:fs';
import { devNull } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { git as runGit, GitError } from '../workspace/git.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The example project: a small shop's pricing module with node:test tests (nothing to install on
 * a fresh machine); the bulk discount applies from ten items, but the code says `> 10`, so one test
 * fails. Bundled layout first (dist/cli/index.js → dist/demo-example, copied there by
 * scripts/build.mjs, as the grammars are), then the sources (src/demo/example).
 */
export function exampleProjectDir(): string {
  const candidates = [path.join(here, '..', 'demo-example'), path.join(here, 'example')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'package.json')));
  if (!found) throw new Error(`the demo's example project is missing (looked in ${candidates.join(', ')})`);
  return found;
}

export const DEMO_IDENTITY = { name: 'self-heal demo', email: 'demo@self-heal.invalid' };
const FIXED_DATE = '2026-01-01T12:00:00Z';

/** The environment every git call of the demo (and of the heal run inside it) uses. */
export function isolatedGitEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, GIT_CONFIG_GLOBAL: devNull, GIT_CONFIG_NOSYSTEM: '1' };
}

/** git is missing or unusable: the demo cannot run (self-heal needs git to restore trees exactly). */
export class GitUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GitUnavailableError';
  }
}

async function git(cwd: string, env: NodeJS.ProcessEnv, args: string[]): Promise<void> {
  try {
    await runGit({ cwd, env }, args);
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    // No exit code: git could not be started at all.
    if (error.exitCode === null && /ENOENT/.test(error.message))
      throw new GitUnavailableError(
        'git was not found on PATH; self-heal needs git (it restores the work tree exactly and commits the fix)',
      );
    throw new GitUnavailableError(`git ${args[0]} failed in ${cwd}: ${error.stderr.trim() || error.message}`);
  }
}

/** Write the example into `dir` (which must exist and be empty) and commit it. */
export async function prepareExampleRepo(dir: string, env: NodeJS.ProcessEnv): Promise<void> {
  cpSync(exampleProjectDir(), dir, { recursive: true });
  const gitEnv = {
    ...isolatedGitEnv(env),
    GIT_AUTHOR_NAME: DEMO_IDENTITY.name,
    GIT_AUTHOR_EMAIL: DEMO_IDENTITY.email,
    GIT_COMMITTER_NAME: DEMO_IDENTITY.name,
    GIT_COMMITTER_EMAIL: DEMO_IDENTITY.email,
    GIT_AUTHOR_DATE: FIXED_DATE,
    GIT_COMMITTER_DATE: FIXED_DATE,
  };
  await git(dir, gitEnv, ['init', '-q']);
  // The fix commit that heal() makes reads the committer from the repository's own config.
  await git(dir, gitEnv, ['config', 'user.name', DEMO_IDENTITY.name]);
  await git(dir, gitEnv, ['config', 'user.email', DEMO_IDENTITY.email]);
  await git(dir, gitEnv, ['config', 'commit.gpgsign', 'false']);
  await git(dir, gitEnv, ['add', '-A']);
  await git(dir, gitEnv, ['commit', '-q', '-m', 'Shop pricing: bulk discount, shipping, order total']);
}

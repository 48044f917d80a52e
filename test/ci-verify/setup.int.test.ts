/**
 * Where the CLI's CI rounds go (`checkoutWhere`), read from a real checkout and, in a GitHub Actions
 * job, from its event payload: a fork's pull request is a fork's, as the action reads it.
 */
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkoutWhere } from '../../src/ci-verify/setup.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';

let repo: TempRepo | undefined;
let dir: string | undefined;

afterEach(() => {
  repo?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
  repo = dir = undefined;
});

function pullRequestEvent(headRepo: string, headSha: string): string {
  dir = mkdtempSync(path.join(tmpdir(), 'event-'));
  const file = path.join(dir, 'event.json');
  const pull_request = {
    number: 8,
    head: { ref: 'feature', sha: headSha, repo: { full_name: headRepo } },
    base: { ref: 'main', repo: { full_name: 'octo/shop' } },
  };
  writeFileSync(file, JSON.stringify({ pull_request, repository: { full_name: 'octo/shop' } }));
  return file;
}

function setUp(): { sha: string; env: NodeJS.ProcessEnv } {
  repo = createTempRepo({ files: { 'a.txt': 'a\n' } });
  repo.git('checkout', '-q', '-b', 'feature');
  const env = { ...repo.env, GITHUB_TOKEN: 'ghs_test_token', GITHUB_REPOSITORY: 'octo/shop' };
  return { sha: repo.git('rev-parse', 'HEAD').trim(), env };
}

describe('checkoutWhere', () => {
  it('outside a GitHub Actions job: the branch HEAD is on, not a fork’s', async () => {
    const { sha, env } = setUp();
    const where = await checkoutWhere(path.join(repo!.root), env);
    expect(where.branch).toEqual({ name: 'feature', sha, isFork: false });
    expect(realpathSync(where.root)).toBe(realpathSync(repo!.root));
    expect('missing' in where.api).toBe(false);
  });

  it('in the job of a pull request from the same repository: not a fork’s', async () => {
    const { sha, env } = setUp();
    const event = pullRequestEvent('octo/shop', sha);
    const where = await checkoutWhere(repo!.root, {
      ...env,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event,
    });
    expect(where.branch).toEqual({ name: 'feature', sha, isFork: false });
  });

  it('in the job of a fork’s pull request: a fork’s', async () => {
    const { sha, env } = setUp();
    const event = pullRequestEvent('mallory/shop', sha);
    const where = await checkoutWhere(repo!.root, {
      ...env,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event,
    });
    expect(where.branch).toEqual({ name: 'feature', sha, isFork: true });
  });

  it('an event that cannot be read: whether it is a fork’s is unknown, so no branch', async () => {
    const { env } = setUp();
    const where = await checkoutWhere(repo!.root, {
      ...env,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: path.join(repo!.root, 'no-such-event.json'),
    });
    expect(where.branch).toEqual({
      missing: expect.stringMatching(
        /^whether the branch under test is a fork's is unknown: cannot read the event payload/,
      ),
    });
  });

  it('a detached HEAD, no token, no repository: each says what is missing', async () => {
    const { env } = setUp();
    repo!.git('checkout', '-q', '--detach');
    const where = await checkoutWhere(repo!.root, { ...env, GITHUB_TOKEN: '', GH_TOKEN: '' });
    expect(where.branch).toEqual({ missing: 'HEAD is not on a branch with a commit' });
    expect(where.api).toEqual({ missing: 'there is no GITHUB_TOKEN or GH_TOKEN for the GitHub API' });
    const noRepository = await checkoutWhere(repo!.root, { ...env, GITHUB_REPOSITORY: '' });
    expect(noRepository.api).toEqual({
      missing: 'the repository is unknown (GITHUB_REPOSITORY or --repository owner/name)',
    });
    expect('missing' in (await checkoutWhere(repo!.root, { ...env, GITHUB_REPOSITORY: '' }, 'octo/shop')).api).toBe(
      false,
    );
  });
});

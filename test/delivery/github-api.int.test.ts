import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitHubApi, GitHubApiError, type GitHubApi } from '../../src/delivery/github-api.js';
import { startGitHubServer, type GitHubServer } from '../helpers/github-server.js';

let server: GitHubServer;
let api: GitHubApi;

beforeEach(async () => {
  server = await startGitHubServer({
    branches: {
      main: { sha: 'a'.repeat(40), protected: true },
      'feature/x': { sha: 'b'.repeat(40) },
      ruled: { sha: 'c'.repeat(40) },
    },
    rules: { ruled: ['pull_request'], 'feature/x': ['non_fast_forward'] },
  });
  api = createGitHubApi('ghs_test_token', { owner: 'octo', repo: 'shop' }, { baseUrl: server.url });
});
afterEach(() => server.close());

describe('createGitHubApi against the loopback API', () => {
  it('reads the default branch with the token', async () => {
    expect(await api.getDefaultBranch()).toBe('main');
    expect(server.requests[0]).toMatchObject({
      method: 'GET',
      path: '/repos/octo/shop',
      authorization: 'token ghs_test_token',
    });
  });

  it('reads branch protection from the branch and its rulesets', async () => {
    expect(await api.getBranch('main')).toEqual({ sha: 'a'.repeat(40), protected: true });
    // A slash in the branch name travels encoded.
    expect(await api.getBranch('feature/x')).toEqual({ sha: 'b'.repeat(40), protected: false });
    expect(await api.getBranch('ruled')).toEqual({ sha: 'c'.repeat(40), protected: true });
    expect(await api.getBranch('gone')).toBeUndefined();
  });

  it('treats unreadable rulesets as blocking', async () => {
    server.override('GET', /\/rules\/branches\//, 403);
    expect(await api.getBranch('feature/x')).toEqual({ sha: 'b'.repeat(40), protected: true });
  });

  it('creates a draft pull request, lists it by head, updates it', async () => {
    server.state.branches['self-heal/main'] = { sha: 'd'.repeat(40) };
    const created = await api.createPullRequest({
      title: 't',
      body: 'b',
      head: 'self-heal/main',
      base: 'main',
      draft: true,
    });
    expect(created).toEqual({
      number: 1,
      url: 'https://github.com/octo/shop/pull/1',
      body: 'b',
      headRef: 'self-heal/main',
      baseRef: 'main',
      draft: true,
    });
    const open = await api.listOpenPullRequests('octo', 'self-heal/main', 'main');
    expect(open.map((p) => p.number)).toEqual([1]);
    expect(server.requests.at(-1)!.query).toMatchObject({ state: 'open', head: 'octo:self-heal/main', base: 'main' });
    const updated = await api.updatePullRequest(1, { title: 't2', body: 'b2' });
    expect(updated.body).toBe('b2');
    expect(server.state.pulls[0]).toMatchObject({ title: 't2', body: 'b2', draft: true });
  });

  it('dispatches a workflow by file name on a ref', async () => {
    await api.dispatchWorkflow('ci.yml', 'self-heal/main');
    expect(server.state.dispatches).toEqual([{ workflow: 'ci.yml', ref: 'self-heal/main' }]);
  });

  it('lists every artifact of a run across pages and follows the download redirect without leaking the token', async () => {
    server.state.artifacts[77] = Array.from({ length: 130 }, (_, i) => ({
      id: 1000 + i,
      name: `reports-${i}`,
      zip: Buffer.from(`zip ${i}`),
    }));
    const list = await api.listRunArtifacts(77);
    expect(list).toHaveLength(130);
    expect(list[129]).toEqual({ id: 1129, name: 'reports-129', sizeInBytes: 7, expired: false });
    const zip = await api.downloadArtifact(1005, 1024);
    expect(zip.toString()).toBe('zip 5');
    expect(server.blobRequests).toEqual([{ path: '/blob/1005' }]);
  });

  it('refuses a download beyond the size cap', async () => {
    server.state.artifacts[1] = [{ id: 5, name: 'big', zip: Buffer.alloc(64 * 1024) }];
    await expect(api.downloadArtifact(5, 1000)).rejects.toThrow(/larger than 1000 bytes/);
  });

  it('says what a 403 means in plain words', async () => {
    server.override('POST', /\/pulls$/, 403);
    const error = await api
      .createPullRequest({ title: 't', body: 'b', head: 'x', base: 'main', draft: true })
      .catch((e) => e);
    expect(error).toBeInstanceOf(GitHubApiError);
    expect(error.status).toBe(403);
    expect(error.message).toBe(
      'POST /repos/{owner}/{repo}/pulls failed (403): Resource not accessible by integration - https://docs.github.com/rest; the token may not do this (the workflow needs `permissions: pull-requests: write`; fork and Dependabot pull requests get a read-only token)',
    );
  });

  it('a wrong token is a 401 with a hint', async () => {
    const bad = createGitHubApi('nope', { owner: 'octo', repo: 'shop' }, { baseUrl: server.url });
    await expect(bad.getDefaultBranch()).rejects.toThrow(/\(401\): Bad credentials.*the token is invalid or expired/);
  });
});

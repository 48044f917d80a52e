/**
 * One CI round against the loopback GitHub API, with a real git repository and bare remote: the
 * runs are scripted here (status and conclusion moving per poll) to pin the rules the end-to-end
 * scenarios do not reach — backoff inside the deadline, another workflow's run of the same commit,
 * a shard cancelled by fail-fast.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCiVerifier, type CiVerifyRequest, type DownloadedArtifacts } from '../../src/ci-verify/ci-run.js';
import { createGitHubApi } from '../../src/delivery/github-api.js';
import type { TestCase } from '../../src/reports/test-run.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';
import { startGitHubServer, type FakeRun, type GitHubServer } from '../helpers/github-server.js';

let repo: TempRepo | undefined;
let github: GitHubServer | undefined;

afterEach(async () => {
  repo?.cleanup();
  await github?.close();
  repo = github = undefined;
});

function makeRun(id: number, sha: string, over: Partial<FakeRun> = {}): FakeRun {
  return {
    id,
    name: 'ci',
    path: '.github/workflows/ci.yml',
    head_sha: sha,
    head_branch: 'self-heal/feature',
    event: 'workflow_dispatch',
    status: 'queued',
    conclusion: null,
    jobs: [],
    created_at: '2026-12-02T17:00:00Z',
    ...over,
  };
}

/** A repo on `feature` with a candidate change in the work tree, a clock that sleeps instantly. */
async function setUp(download: (runId: number, dir: string) => Promise<DownloadedArtifacts>) {
  repo = createTempRepo({ files: { 'src/a.js': 'export const a = 1;\n' }, remote: true });
  repo.git('checkout', '-q', '-b', 'feature');
  const parent = repo.git('rev-parse', 'HEAD').trim();
  repo.write('src/a.js', 'export const a = 2;\n');
  github = await startGitHubServer({ branches: { feature: { sha: parent } } });
  let clock = 1_000_000;
  const waits: number[] = [];
  const verifier = createCiVerifier({
    api: createGitHubApi('ghs_test_token', { owner: 'octo', repo: 'shop' }, { baseUrl: github.url }),
    git: { cwd: repo.root, env: repo.env },
    branch: 'feature',
    parent,
    workflow: 'ci.yml',
    download,
    pollMs: 1_000,
    maxPollMs: 4_000,
    log: () => {},
    now: () => clock,
    sleep: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
  });
  const cases: TestCase[] = [{ id: 't::a', suite: 's', name: 'a', classname: 'c', status: 'passed' }];
  const request = (deadlineIn: number): CiVerifyRequest => ({
    attempt: 1,
    files: ['src/a.js'],
    deadline: clock + deadlineIn,
    collect: async () => ({ cases, frames: [], errors: [] }),
  });
  return { verifier, waits, request, parent };
}

const oneReport = async (_: number, dir: string): Promise<DownloadedArtifacts> => {
  mkdirSync(path.join(dir, 'junit-1'), { recursive: true });
  writeFileSync(path.join(dir, 'junit-1', 'junit.xml'), '<testsuite/>');
  return { artifacts: [{ name: 'junit-1', folder: 'junit-1', files: ['junit.xml'] }], skipped: [] };
};

describe('a CI round', () => {
  it('polls with growing waits, capped, and reads the run once it completes', async () => {
    const { verifier, waits, request, parent } = await setUp(oneReport);
    github!.onDispatch(() => {
      const sha = pushedSha();
      // Another workflow's run of the same commit comes first; it must not be taken for ours.
      github!.state.runs.push(
        makeRun(1, sha, { path: '.github/workflows/lint.yml', status: 'completed', conclusion: 'success' }),
      );
      const run = makeRun(2, sha, { jobs: [{ id: 21, name: 'test (1)', status: 'queued', conclusion: null }] });
      github!.state.runs.push(run);
      // The run completes on the 6th read of it.
      const timer = setInterval(() => {
        if (github!.requests.filter((r) => r.path.endsWith('/actions/runs/2')).length >= 6) {
          Object.assign(run, { status: 'completed', conclusion: 'success' });
          run.jobs[0]!.status = 'completed';
          run.jobs[0]!.conclusion = 'success';
          clearInterval(timer);
        }
      }, 5);
    });
    const outcome = await verifier.verify(request(600_000));
    expect(outcome.unverified).toBeUndefined();
    expect(outcome.ci).toMatchObject({
      runId: 2,
      conclusion: 'success',
      branch: 'self-heal/feature',
      reports: ['junit-1'],
    });
    expect(outcome.exitCode).toBe(0);
    expect(outcome.cases.map((c) => c.id)).toEqual(['t::a']);
    // The candidate sits on the tested commit and holds the work tree's change.
    expect(repo!.git('log', '-1', '--format=%P', outcome.ci.sha).trim()).toBe(parent);
    expect(repo!.git('show', `${outcome.ci.sha}:src/a.js`)).toBe('export const a = 2;\n');
    // 1 s, then half again each poll, never above 4 s.
    expect(waits.slice(0, 4)).toEqual([1000, 1500, 2250, 3375]);
    expect(Math.max(...waits)).toBe(4000);
  });

  it('a shard cancelled by fail-fast makes the round unverified', async () => {
    const { verifier, request } = await setUp(oneReport);
    github!.onDispatch(() => {
      github!.state.runs.push(
        makeRun(3, pushedSha(), {
          status: 'completed',
          conclusion: 'failure',
          jobs: [
            { id: 31, name: 'test (1)', status: 'completed', conclusion: 'failure' },
            { id: 32, name: 'test (2)', status: 'completed', conclusion: 'cancelled' },
          ],
        }),
      );
    });
    const outcome = await verifier.verify(request(600_000));
    expect(outcome.unverified?.config).toBe(false);
    expect(outcome.unverified?.reason).toBe('CI run 3: "test (2)" cancelled (set fail-fast: false on the matrix)');
  });

  it('a run still in progress at the deadline is unverified, and the wait never passes the deadline', async () => {
    const { verifier, waits, request } = await setUp(oneReport);
    github!.onDispatch(() => github!.state.runs.push(makeRun(4, pushedSha(), { status: 'in_progress' })));
    const outcome = await verifier.verify(request(10_000));
    expect(outcome.unverified?.reason).toBe('CI run 4 had not finished (in_progress) when the budget ran out');
    expect(waits.reduce((n, w) => n + w, 0)).toBeLessThanOrEqual(10_000);
    expect(outcome.ci.conclusion).toBe('in_progress');
  });
});

describe('restore', () => {
  it('puts self-heal/<branch> back where it was before the rounds, with a lease', async () => {
    const { verifier, request, parent } = await setUp(oneReport);
    // An earlier self-heal run left its fix there (a pull request's head).
    repo!.git('push', '-q', 'origin', `${parent}:refs/heads/self-heal/feature`);
    github!.onDispatch(() =>
      github!.state.runs.push(makeRun(5, pushedSha(), { status: 'completed', conclusion: 'cancelled' })),
    );
    expect(await verifier.restore()).toBe('self-heal/feature: no candidate was pushed');
    const outcome = await verifier.verify(request(600_000));
    expect(outcome.unverified).toBeDefined();
    expect(pushedSha()).toBe(outcome.ci.sha);
    expect(await verifier.restore()).toBe(
      `self-heal/feature is back at ${parent.slice(0, 12)}, as before the CI rounds`,
    );
    expect(pushedSha()).toBe(parent);
  });
});

function pushedSha(): string {
  const remote = repo!.git('remote', 'get-url', 'origin').trim();
  return repo!.git(`--git-dir=${remote}`, 'rev-parse', 'refs/heads/self-heal/feature').trim();
}

import { describe, expect, it } from 'vitest';
import { createGitHubApi } from '../../src/delivery/github-api.js';
import { releaseCiBranch, setUpCiVerify, type CiAsked, type CiWhere } from '../../src/ci-verify/setup.js';

// A real client; no test here makes a round, so it never sends a request.
const api = createGitHubApi('ghs_test_token', { owner: 'octo', repo: 'shop' }, { baseUrl: 'http://127.0.0.1:9' });
const asked: CiAsked = {
  verify: 'ci',
  workflow: 'ci.yml',
  workflowSetting: 'ci-workflow',
  pollSeconds: 10,
  dryRun: false,
  shards: ['junit-shard-1', 'junit-shard-2'],
};
const where: CiWhere = { api, branch: { name: 'feature', sha: 'a'.repeat(40), isFork: false }, root: '/repo' };
const runtime = { env: {}, log: () => {} };

describe('setUpCiVerify', () => {
  it('makes the rounds on self-heal/<branch> when everything is there', async () => {
    const ci = await setUpCiVerify(asked, () => where, runtime);
    expect(ci.unavailable).toBeUndefined();
    expect(ci.verifier?.head).toBe('self-heal/feature');
    expect(ci.shards).toBe(2);
  });

  it('verify runner: no rounds, and where they would go is not even looked up', async () => {
    const ci = await setUpCiVerify(
      { ...asked, verify: 'runner' },
      () => {
        throw new Error('where must not be asked for verify: runner');
      },
      runtime,
    );
    expect(ci).toEqual({ shards: 2 });
  });

  it('refuses a fork’s branch, whichever adapter asks, before the dry run and the workflow', async () => {
    const fork = { ...where, branch: { name: 'feature', sha: 'a'.repeat(40), isFork: true } };
    for (const verify of ['ci', 'auto'] as const) {
      const ci = await setUpCiVerify({ ...asked, verify, dryRun: true, workflow: undefined }, () => fork, runtime);
      expect(ci).toEqual({ unavailable: 'the branch under test is in a fork', shards: 2 });
    }
  });

  it('says why there are no rounds, first reason first, in the adapter’s words', async () => {
    const cases: [Partial<CiAsked>, Partial<CiWhere>, string][] = [
      [{ dryRun: true }, { api: { missing: 'there is no github-token' } }, 'there is no github-token'],
      [{}, { branch: { missing: 'HEAD is not on a branch with a commit' } }, 'HEAD is not on a branch with a commit'],
      [{ dryRun: true, workflow: undefined, verify: 'auto' }, {}, 'dry-run pushes nothing'],
      [
        { workflow: undefined, verify: 'auto', workflowSetting: '--ci-workflow' },
        {},
        'there is no --ci-workflow to dispatch on the candidate',
      ],
    ];
    for (const [a, w, reason] of cases) {
      const ci = await setUpCiVerify({ ...asked, ...a }, () => ({ ...where, ...w }), runtime);
      expect(ci).toEqual({ unavailable: reason, shards: 2 });
    }
  });

  it('verify ci without a workflow waits for the run the push starts', async () => {
    const ci = await setUpCiVerify({ ...asked, workflow: undefined }, () => where, runtime);
    expect(ci.verifier).toBeDefined();
  });
});

describe('releaseCiBranch', () => {
  it('leaves the branch alone when the run healed or made no rounds', async () => {
    const ci = await setUpCiVerify(asked, () => where, runtime);
    expect(await releaseCiBranch(ci, 'healed')).toBeUndefined();
    expect(await releaseCiBranch({ shards: 0 }, 'unhealed')).toBeUndefined();
    // Not healed, nothing pushed yet: the verifier says so, without a git call.
    expect(await releaseCiBranch(ci, 'unhealed')).toBe('self-heal/feature: no candidate was pushed');
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deliver, type DeliverInput } from '../../src/delivery/deliver.js';
import { createGitHubApi } from '../../src/delivery/github-api.js';
import type { DeliveryTarget } from '../../src/delivery/target.js';
import { pullRequestMarker } from '../../src/delivery/pull-request.js';
import { startGitHubServer, type GitHubServer } from '../helpers/github-server.js';
import { applyFix, createHealedRepo, FIXED, healedReport, isTestPath, type HealedRepo } from './healed-repo.js';

let repo: HealedRepo;
let server: GitHubServer;
let out: string;

beforeEach(async () => {
  server = await startGitHubServer();
  out = mkdtempSync(path.join(tmpdir(), 'deliver-out-'));
});
afterEach(async () => {
  await server.close();
  repo?.cleanup();
  rmSync(out, { recursive: true, force: true });
});

function target(overrides: Partial<DeliveryTarget> = {}): DeliveryTarget {
  return {
    branch: 'feature',
    sha: repo.git('rev-parse', 'HEAD').trim(),
    source: 'test',
    isPullRequest: false,
    isFork: false,
    isDependabot: false,
    ...overrides,
  };
}

function input(overrides: Partial<DeliverInput> = {}): DeliverInput {
  return {
    report: healedReport(),
    mode: 'commit',
    dryRun: false,
    target: target(),
    owner: 'octo',
    repoUrl: 'https://github.com/octo/shop',
    runUrl: 'https://github.com/octo/shop/actions/runs/42',
    cwd: repo.root,
    root: repo.root,
    outDir: out,
    isProtectedPath: isTestPath,
    date: '2026-01-02T03:04:05Z',
    ...overrides,
  };
}

function deps(log: string[] = []) {
  return {
    api: createGitHubApi('ghs_test_token', { owner: 'octo', repo: 'shop' }, { baseUrl: server.url }),
    log: (m: string) => log.push(m),
    gitEnv: repo.env,
  };
}

/** Register the remote's branches with the API server, as GitHub would know them. */
function syncBranches(protectedBranches: string[] = []): void {
  for (const line of repo
    .remoteGit('for-each-ref', '--format=%(refname:short) %(objectname)', 'refs/heads')
    .trim()
    .split('\n')) {
    const [name, sha] = line.split(' ');
    server.state.branches[name!] = { sha: sha!, protected: protectedBranches.includes(name!) };
  }
}

describe('deliver: commit', () => {
  it('pushes a bot-authored commit with trailers to the branch under test, only the fixed file', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    const tested = repo.git('rev-parse', 'HEAD').trim();
    applyFix(repo);
    const result = await deliver(input(), deps());

    expect(result).toMatchObject({ mode: 'commit', status: 'delivered', branch: 'feature' });
    const pushed = repo.remoteGit('rev-parse', 'refs/heads/feature').trim();
    expect(pushed).toBe(result.commitSha);
    expect(repo.remoteGit('log', '-1', '--format=%P%n%an <%ae>%n%B', pushed)).toBe(
      `${tested}\ngithub-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>\n` +
        'fix: make test_add pass (self-heal)\n\nVerified with `python -m pytest --junitxml=reports/junit.xml`: fail-to-pass 1/1, pass-to-pass 0/0.\n' +
        'No test file was changed.\n\nFixed tests:\n- tests/test_calc.py::test_add\n\n' +
        'Self-Heal-Attempts: 1\nSelf-Heal-Run: https://github.com/octo/shop/actions/runs/42\n\n',
    );
    expect(repo.remoteGit('diff-tree', '-r', '--name-only', '--no-commit-id', pushed).trim()).toBe('calc.py');
    expect(repo.remoteGit('show', `${pushed}:calc.py`)).toBe(FIXED);
    // The local branch, index and work tree are untouched.
    expect(repo.git('rev-parse', 'HEAD').trim()).toBe(tested);
    expect(repo.git('status', '--porcelain', '--untracked-files=all')).toBe(' M calc.py\n?? reports/junit.xml\n');
    // The patch and report are written too.
    expect(readFileSync(result.patchPath!, 'utf8')).toMatch(/^From [0-9a-f]{40} /);
    expect(JSON.parse(readFileSync(result.reportPath!, 'utf8')).result).toBe('healed');
    expect(result.ciRerun).toMatch(/start no workflow run/);
  });

  it('pushes from a detached HEAD to refs/heads/<branch>', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    repo.git('checkout', '-q', '--detach');
    applyFix(repo);
    const result = await deliver(input(), deps());
    expect(result.status).toBe('delivered');
    expect(repo.remoteGit('rev-parse', 'refs/heads/feature').trim()).toBe(result.commitSha);
    expect(repo.git('rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('HEAD');
  });

  it('puts the fix on the pull request head, not on the merge commit a pull_request checkout has', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    const head = repo.git('rev-parse', 'HEAD').trim();
    // main moves on; GitHub's refs/pull/N/merge merges it into the head: that is what gets checked out.
    repo.git('checkout', '-q', 'main');
    repo.write('other.txt', 'main moved\n');
    const mainSha = repo.commitAll('main moves on');
    repo.git('push', '-q', 'origin', 'main');
    repo.git('checkout', '-q', '--detach', head);
    repo.git('merge', '-q', '--no-ff', '-m', 'Merge main into feature', mainSha);
    applyFix(repo);
    const result = await deliver(input({ target: target({ sha: head, isPullRequest: true }) }), deps());
    expect(result.status).toBe('delivered');
    const pushed = repo.remoteGit('rev-parse', 'refs/heads/feature').trim();
    expect(repo.remoteGit('log', '-1', '--format=%P', pushed).trim()).toBe(head);
    expect(repo.remoteGit('ls-tree', '--name-only', pushed)).not.toContain('other.txt');
    expect(repo.remoteGit('show', `${pushed}:calc.py`)).toBe(FIXED);
  });

  it('fetches the pull request head into a shallow merge-commit checkout, as actions/checkout leaves it', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    const head = repo.git('rev-parse', 'HEAD').trim();
    repo.git('checkout', '-q', 'main');
    repo.write('other.txt', 'main moved\n');
    const mainSha = repo.commitAll('main moves on');
    repo.git('push', '-q', 'origin', 'main');
    repo.git('checkout', '-q', '--detach', head);
    repo.git('merge', '-q', '--no-ff', '-m', 'Merge main into feature', mainSha);
    repo.git('push', '-q', 'origin', 'HEAD:refs/pull/7/merge');
    // A fresh depth-1 checkout of refs/pull/7/merge: the head commit is not in it.
    const clone = path.join(out, 'checkout');
    execFileSync('git', ['init', '-q', clone], { env: repo.env });
    const cl = (...args: string[]) => execFileSync('git', args, { cwd: clone, env: repo.env, encoding: 'utf8' });
    cl('remote', 'add', 'origin', repo.remotePath);
    cl('fetch', '-q', '--depth=1', 'origin', '+refs/pull/7/merge:refs/remotes/pull/7/merge');
    cl('checkout', '-q', '--detach', 'refs/remotes/pull/7/merge');
    expect(() => cl('cat-file', '-e', `${head}^{commit}`)).toThrow();
    writeFileSync(path.join(clone, 'calc.py'), FIXED);
    const result = await deliver(
      input({ root: clone, cwd: clone, target: target({ sha: head, isPullRequest: true }) }),
      deps(),
    );
    expect(result.status, result.reason).toBe('delivered');
    const pushed = repo.remoteGit('rev-parse', 'refs/heads/feature').trim();
    expect(repo.remoteGit('log', '-1', '--format=%P', pushed).trim()).toBe(head);
    expect(repo.remoteGit('ls-tree', '--name-only', pushed)).not.toContain('other.txt');
  });

  it('skips, with the reason, when the branch moved past the tested commit', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    const tested = repo.git('rev-parse', 'HEAD').trim();
    repo.write('late.txt', 'someone pushed\n');
    const moved = repo.commitAll('someone else pushed');
    repo.git('push', '-q', 'origin', 'feature');
    repo.git('reset', '-q', '--hard', tested);
    applyFix(repo);
    const result = await deliver(input({ target: target({ sha: tested }) }), deps());
    expect(result.status).toBe('skipped');
    expect(result.reason).toBe(
      `feature moved on (now ${moved.slice(0, 12)}, the failed run tested ${tested.slice(0, 12)}): not fixing code that is no longer the branch's.`,
    );
    expect(repo.remoteGit('rev-parse', 'refs/heads/feature').trim()).toBe(moved);
  });

  it("a rejected push fails delivery with git's reason and loses nothing", async () => {
    repo = createHealedRepo({ branch: 'feature' });
    const before = repo.remoteGit('rev-parse', 'refs/heads/feature').trim();
    writeFileSync(
      path.join(repo.remotePath, 'hooks', 'pre-receive'),
      '#!/bin/sh\necho "feature is frozen by policy" >&2\nexit 1\n',
      { mode: 0o755 },
    );
    applyFix(repo);
    const result = await deliver(input(), deps());
    expect(result.status).toBe('failed');
    expect(result.reason).toMatch(/^Pushing the fix to feature failed: git push .*feature is frozen by policy/s);
    expect(repo.remoteGit('rev-parse', 'refs/heads/feature').trim()).toBe(before);
    // The fix is still in the work tree and in the patch file.
    expect(repo.read('calc.py')).toBe(FIXED);
    expect(readFileSync(result.patchPath!, 'utf8')).toContain('+    return a + b');
  });

  it('an unreachable remote fails delivery with a hint about checkout credentials', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    repo.git('remote', 'set-url', 'origin', 'https://127.0.0.1:9/octo/shop.git');
    applyFix(repo);
    const result = await deliver(input(), deps());
    expect(result.status).toBe('failed');
    expect(result.reason).toMatch(/^Could not read feature from the remote: git ls-remote/);
  });

  it('dry run decides and pushes nothing', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    const before = repo.remoteGit('rev-parse', 'refs/heads/feature').trim();
    applyFix(repo);
    const log: string[] = [];
    const result = await deliver(input({ dryRun: true }), deps(log));
    expect(result).toMatchObject({ mode: 'commit', status: 'dry-run' });
    expect(repo.remoteGit('rev-parse', 'refs/heads/feature').trim()).toBe(before);
    expect(log).toContain(`dry run: would push ${result.commitSha!.slice(0, 12)} to feature`);
  });

  it('dispatches the CI workflow on the pushed branch when asked', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    applyFix(repo);
    const result = await deliver(input({ dispatchWorkflow: 'ci.yml' }), deps());
    expect(server.state.dispatches).toEqual([{ workflow: 'ci.yml', ref: 'feature' }]);
    expect(result.ciRerun).toBe('Dispatched ci.yml on feature, so CI runs on the fix.');
  });

  it('refuses a fix that touches a test file, verified on the commit diff', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    applyFix(repo);
    repo.write('tests/test_calc.py', 'def test_add():\n    pass\n');
    const report = healedReport();
    report.fix.files = ['calc.py', 'tests/test_calc.py'];
    const before = repo.remoteGit('rev-parse', 'refs/heads/feature').trim();
    const result = await deliver(input({ report }), deps());
    expect(result.status).toBe('failed');
    expect(result.reason).toBe('Refusing to deliver: the fix changes protected or test files (tests/test_calc.py).');
    expect(repo.remoteGit('rev-parse', 'refs/heads/feature').trim()).toBe(before);
  });

  it('takes file names literally: a fixed `[ab].py` does not stage `a.py` and `b.py`', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    repo.write('[ab].py', 'x = 1\n');
    repo.write('a.py', 'a = 1\n');
    repo.commitAll('odd names');
    repo.git('push', '-q', 'origin', 'feature');
    repo.write('[ab].py', 'x = 2\n');
    repo.write('a.py', 'a = 2  # an unrelated local change\n');
    const report = healedReport();
    report.fix.files = ['[ab].py'];
    const result = await deliver(input({ report, target: target() }), deps());
    expect(result.status, result.reason).toBe('delivered');
    expect(repo.remoteGit('diff-tree', '-r', '--name-only', '--no-commit-id', result.commitSha!).trim()).toBe(
      '[ab].py',
    );
  });

  it('delivers only the fix the report names as state, not what its diff or attempts say', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    applyFix(repo);
    const result = await deliver(input({ report: healedReport({ fix: undefined }) }), deps());
    expect(result).toMatchObject({
      mode: 'none',
      status: 'failed',
      reason: 'Healed, but the report names no fix (its `fix` field): nothing to deliver.',
    });
    expect(result.commitSha).toBeUndefined();
  });

  it('does nothing for a report that is not healed', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    const result = await deliver(input({ report: healedReport({ result: 'unhealed' }) }), deps());
    expect(result).toMatchObject({ mode: 'none', status: 'skipped', reason: 'Nothing to deliver: unhealed.' });
    expect(result.reportPath).toBeDefined();
  });
});

describe('deliver: pull-request', () => {
  it('pushes self-heal/<branch> and opens a draft pull request with the evidence; a second run updates both', async () => {
    repo = createHealedRepo();
    const tested = repo.git('rev-parse', 'HEAD').trim();
    applyFix(repo);
    syncBranches();
    const first = await deliver(input({ mode: 'pull-request', target: target({ branch: 'main', sha: tested }) }), {
      ...deps(),
      api: wrapWithBranchSync(),
    });
    expect(first).toMatchObject({
      mode: 'pull-request',
      status: 'delivered',
      branch: 'self-heal/main',
      targetBranch: 'main',
      pullRequestNumber: 1,
      pullRequestUpdated: false,
    });
    expect(repo.remoteGit('rev-parse', 'refs/heads/self-heal/main').trim()).toBe(first.commitSha);
    expect(repo.remoteGit('rev-parse', 'refs/heads/main').trim()).toBe(tested);
    const pull = server.state.pulls[0]!;
    expect(pull).toMatchObject({
      draft: true,
      base: { ref: 'main' },
      head: { ref: 'self-heal/main' },
      title: 'self-heal: fix test_add on main',
    });
    expect(pull.body).toContain(pullRequestMarker('main'));
    expect(pull.body).toContain('**Fail-to-pass:** 1/1 previously failing tests now pass');
    expect(pull.body).toContain(
      "**No test file was changed:** checked on this pull request's diff, which touches only `calc.py`",
    );

    // Second run (a new fix for the same failure): same branch force-updated with a lease, same PR updated.
    applyFix(repo, 'def add(a, b):\n    return b + a\n');
    const second = await deliver(
      input({ mode: 'pull-request', target: target({ branch: 'main', sha: tested }), date: '2026-01-03T00:00:00Z' }),
      {
        ...deps(),
        api: wrapWithBranchSync(),
      },
    );
    expect(second).toMatchObject({ status: 'delivered', pullRequestNumber: 1, pullRequestUpdated: true });
    expect(second.commitSha).not.toBe(first.commitSha);
    expect(server.state.pulls).toHaveLength(1);
    expect(repo.remoteGit('rev-parse', 'refs/heads/self-heal/main').trim()).toBe(second.commitSha);
    expect(server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/pulls'))).toHaveLength(1);
    expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('reports a 403 on opening the pull request in plain words, with the branch kept', async () => {
    repo = createHealedRepo();
    applyFix(repo);
    server.override('POST', /\/pulls$/, 403);
    const result = await deliver(input({ mode: 'pull-request', target: target({ branch: 'main' }) }), {
      ...deps(),
      api: wrapWithBranchSync(),
    });
    expect(result.status).toBe('failed');
    expect(result.reason).toMatch(
      /^The fix is on self-heal\/main, but the pull request could not be opened: POST .* failed \(403\).*pull-requests: write/,
    );
    expect(repo.remoteGit('rev-parse', 'refs/heads/self-heal/main').trim()).toBe(result.commitSha);
  });
});

describe('deliver: patch and auto', () => {
  it('patch mode pushes nothing and writes a patch that git am applies', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    applyFix(repo);
    const refsBefore = repo.remoteGit('for-each-ref');
    const result = await deliver(input({ mode: 'patch' }), deps());
    expect(result).toMatchObject({ mode: 'patch', status: 'delivered' });
    expect(repo.remoteGit('for-each-ref')).toBe(refsBefore);
    // Apply the patch in a fresh clone of the remote, as a user would.
    const clone = mkdtempSync(path.join(tmpdir(), 'clone-'));
    try {
      execFileSync('git', ['clone', '-q', '-b', 'feature', repo.remotePath, clone], { env: repo.env });
      execFileSync('git', ['am', '-q', result.patchPath!], {
        cwd: clone,
        env: { ...repo.env, GIT_COMMITTER_NAME: 'u', GIT_COMMITTER_EMAIL: 'u@x' },
      });
      expect(readFileSync(path.join(clone, 'calc.py'), 'utf8')).toBe(FIXED);
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });

  it.each([
    [
      'a same-repo pull request branch → commit',
      { branch: 'feature', isPullRequest: true },
      [],
      'commit',
      /branch of a same-repository pull request/,
    ],
    ['the default branch → pull-request', { branch: 'main' }, [], 'pull-request', /main is the default branch/],
    ['a protected branch → pull-request', { branch: 'feature' }, ['feature'], 'pull-request', /feature is protected/],
    [
      'a fork → patch',
      { branch: 'feature', isPullRequest: true, isFork: true },
      [],
      'patch',
      /fork gets a read-only token/,
    ],
    [
      'Dependabot → patch',
      { branch: 'dependabot/npm/x', isPullRequest: true, isDependabot: true },
      [],
      'patch',
      /Dependabot/,
    ],
  ] as const)('auto: %s', async (_name, t, protectedBranches, mode, reason) => {
    repo = createHealedRepo({ branch: 'feature' });
    applyFix(repo);
    syncBranches([...protectedBranches]);
    const log: string[] = [];
    const sha = repo.git('rev-parse', t.branch === 'main' ? 'main' : 'HEAD').trim();
    const result = await deliver(input({ mode: 'auto', dryRun: true, target: target({ ...t, sha }) }), {
      ...deps(log),
      api: wrapWithBranchSync(),
    });
    expect(result.mode).toBe(mode);
    expect(result.reason).toMatch(reason);
    expect(log.some((l) => l.startsWith(`mode ${mode}: `))).toBe(true);
  });

  it('auto: an unreadable branch protection counts as protected', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    applyFix(repo);
    syncBranches();
    server.override('GET', /\/branches\/feature$/, 403);
    const result = await deliver(input({ mode: 'auto', dryRun: true }), deps());
    expect(result.mode).toBe('pull-request');
    expect(result.log.join('\n')).toMatch(/could not read the branch settings .*403.*treating feature as protected/);
  });
});

/** The API client, with the server's branch list refreshed from the bare remote before each call. */
function wrapWithBranchSync() {
  const api = deps().api;
  return new Proxy(api, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        for (const line of repo
          .remoteGit('for-each-ref', '--format=%(refname:short) %(objectname)', 'refs/heads')
          .trim()
          .split('\n')) {
          const [name, sha] = line.split(' ');
          server.state.branches[name!] = { ...server.state.branches[name!], sha: sha! };
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

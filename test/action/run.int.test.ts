/**
 * runAction in-process with the runner's environment (process.env, GITHUB_OUTPUT, the summary file,
 * stdout commands). The guards stop before heal(); where heal must not run, the heal passed in
 * throws. The end-to-end tests with the real heal() and the bundle are in e2e.test.ts.
 */
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runAction, type ActionDeps } from '../../src/action/run.js';
import { buildCommitMessage } from '../../src/delivery/commit-message.js';
import type { HealReport } from '../../src/contracts/heal-report.js';
import type { HealDeps } from '../../src/heal.js';
import { runnerCommands } from '../text/runner-commands.js';
import { applyFix, createHealedRepo, healedReport, type HealedRepo } from '../delivery/healed-repo.js';
import { createRunnerEnv, type RunnerFiles, type RunnerSetup } from './runner-env.js';
import { startGitHubServer, type GitHubServer } from '../helpers/github-server.js';

const ORIGINAL_ENV = { ...process.env };
let repo: HealedRepo | undefined;
let runner: RunnerFiles | undefined;
let server: GitHubServer | undefined;

afterEach(async () => {
  process.env = { ...ORIGINAL_ENV };
  process.exitCode = undefined;
  repo?.cleanup();
  runner?.cleanup();
  await server?.close();
  repo = runner = server = undefined;
  vi.restoreAllMocks();
});

const noHeal: ActionDeps['heal'] = async () => {
  throw new Error('heal() must not run here');
};

async function run(
  setup: Partial<RunnerSetup> & { inputs: Record<string, string> },
  heal: ActionDeps['heal'] = noHeal,
) {
  repo ??= createHealedRepo({ branch: 'feature' });
  const sha = repo.git('rev-parse', 'HEAD').trim();
  runner = createRunnerEnv({
    workspace: repo.root,
    event: 'push',
    payload: 'push.json',
    sha,
    ref: 'refs/heads/feature',
    substitutions: { SHA: sha },
    base: repo.env,
    ...setup,
  });
  process.env = { ...runner.env };
  const writes: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    writes.push(String(chunk));
    return true;
  });
  const outcome = await runAction({
    heal,
    createProvider: () => {
      throw new Error('no provider in these tests');
    },
    env: process.env,
  });
  vi.mocked(process.stdout.write).mockRestore();
  const stdout = writes.join('');
  return {
    outcome,
    stdout,
    commands: runnerCommands(stdout),
    outputs: runner.outputs(),
    summary: runner.summary(),
    exitCode: process.exitCode,
  };
}

describe('runAction: inputs', () => {
  it('fails with one error per bad input, masks the credentials first, and writes a summary', async () => {
    const r = await run({
      inputs: { 'test-command': 'pytest', 'max-attempts': '0', mode: 'yolo', 'api-key': 'sk-live-secret-value' },
    });
    expect(r.exitCode).toBe(1);
    expect(r.outcome).toMatchObject({ result: 'config-error', failed: true });
    const masks = r.commands.filter((c) => c.command === 'add-mask').map((c) => c.data);
    expect(masks).toEqual(['sk-live-secret-value', 'ghs_test_token']);
    // add-mask comes before anything that could print a value.
    expect(r.commands[0]!.command).toBe('add-mask');
    const errors = r.commands.filter((c) => c.command === 'error').map((c) => c.data);
    expect(errors).toEqual([
      `Input 'max-attempts' has the value "0": expected a whole number from 1 to 5.`,
      `Input 'mode' has the value "yolo": expected one of auto, commit, pull-request, patch.`,
      'self-heal could not run: 2 inputs are invalid',
    ]);
    expect(r.outputs.result).toBe('config-error');
    expect(r.summary).toMatch(/^## ❌ self-heal: could not run: 2 inputs are invalid/);
    // The only line carrying the key is its own add-mask.
    expect(r.stdout.split('\n').filter((l) => l.includes('sk-live-secret-value'))).toEqual([
      '::add-mask::sk-live-secret-value',
    ]);
  });
});

describe('runAction: guards', () => {
  it('refuses pull_request_target with the fork head checked out, and fails the step with the reason', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    const head = repo.git('rev-parse', 'HEAD').trim();
    const r = await run({
      event: 'pull_request_target',
      payload: 'pull_request_target.fork.json',
      substitutions: { HEAD_SHA: head, BASE_SHA: 'b'.repeat(40) },
      ref: 'refs/heads/main',
      inputs: { 'test-command': 'pytest' },
    });
    expect(r.outcome).toMatchObject({ result: 'unsafe', failed: true });
    expect(r.exitCode).toBe(1);
    expect(r.outputs.result).toBe('unsafe');
    const error = r.commands.find((c) => c.command === 'error')!;
    expect(error.data).toMatch(
      /^self-heal refused: refusing to run: pull_request_target with the fork's code checked out/,
    );
    expect(r.summary).toMatch(/^## ⛔ self-heal: refused/);
  });

  it('runs under pull_request_target with the fork checked out only when explicitly allowed', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    const head = repo.git('rev-parse', 'HEAD').trim();
    const heal = vi.fn(async (): Promise<HealReport> =>
      healedReport({ result: 'nothing-to-heal', reason: 'no failing test', attempts: [], failures: [] }),
    );
    const r = await run(
      {
        event: 'pull_request_target',
        payload: 'pull_request_target.fork.json',
        substitutions: { HEAD_SHA: head, BASE_SHA: 'b'.repeat(40) },
        inputs: { 'test-command': 'pytest', 'allow-unsafe-pull-request-target': 'true' },
      },
      heal,
    );
    expect(heal).toHaveBeenCalledOnce();
    expect(r.outcome).toMatchObject({ result: 'nothing-to-heal', failed: false });
    expect(r.stdout).toContain('running anyway because allow-unsafe-pull-request-target is true');
  });

  it('verify: ci in a fork’s pull request: heal() gets no CI rounds, and why', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    const head = repo.git('rev-parse', 'HEAD').trim();
    let ci: HealDeps['ci'];
    const heal: ActionDeps['heal'] = async (_options, deps) => {
      ci = deps.ci;
      return healedReport({ result: 'nothing-to-heal', reason: 'no failing test', attempts: [], failures: [] });
    };
    await run(
      {
        event: 'pull_request',
        payload: 'pull_request_target.fork.json',
        substitutions: { HEAD_SHA: head, BASE_SHA: 'b'.repeat(40) },
        ref: 'refs/pull/8/merge',
        inputs: { 'test-command': 'pytest', verify: 'ci', 'ci-workflow': 'ci.yml' },
      },
      heal,
    );
    expect(ci).toEqual({ unavailable: 'the branch under test is in a fork', shards: 0 });
  });

  it('skips neutrally when the triggering workflow_run did not fail', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    const head = repo.git('rev-parse', 'HEAD').trim();
    const r = await run({
      event: 'workflow_run',
      payload: 'workflow_run.json',
      substitutions: { HEAD_SHA: head, CONCLUSION: 'success' },
      inputs: { 'test-command': 'pytest' },
    });
    expect(r.outcome).toMatchObject({ result: 'skipped', failed: false });
    expect(r.exitCode).toBeUndefined();
    expect(r.commands.find((c) => c.command === 'notice')!.data).toBe(
      'self-heal skipped: the triggering run of ci concluded success, not failure: nothing to heal',
    );
    expect(r.outputs).toEqual({ result: 'skipped', attempts: '0' });
  });

  it('loop guard: skips neutrally when the branch tip is already a self-heal commit', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    repo.write('calc.py', 'def add(a, b):\n    return a + b\n');
    repo.commitAll(buildCommitMessage(healedReport(), 'https://github.com/octo/shop/actions/runs/41').trimEnd());
    repo.git('push', '-q', 'origin', 'feature');
    const r = await run({ inputs: { 'test-command': 'pytest' } });
    expect(r.outcome).toMatchObject({ result: 'skipped', failed: false });
    expect(r.exitCode).toBeUndefined();
    expect(r.summary).toMatch(/^## ⏭️ self-heal: skipped: the tip of feature is already a self\\-heal commit/);
  });

  it('loop guard: a higher max-self-heal-commits lets one more fix through', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    repo.write('calc.py', 'def add(a, b):\n    return a - b  # still broken\n');
    repo.commitAll(buildCommitMessage(healedReport()).trimEnd());
    repo.git('push', '-q', 'origin', 'feature');
    const heal = vi.fn(async () => healedReport({ result: 'unhealed', reason: 'still failing after 1 attempt' }));
    const r = await run({ inputs: { 'test-command': 'pytest', 'max-self-heal-commits': '2' } }, heal);
    expect(heal).toHaveBeenCalledOnce();
    expect(r.outcome.result).toBe('unhealed');
  });

  it('skips when the branch moved past the tested commit', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    const tested = repo.git('rev-parse', 'HEAD').trim();
    repo.write('late.txt', 'x');
    repo.commitAll('a later push');
    repo.git('push', '-q', 'origin', 'feature');
    repo.git('reset', '-q', '--hard', tested);
    const r = await run({ inputs: { 'test-command': 'pytest' } });
    expect(r.outcome).toMatchObject({ result: 'skipped', failed: false });
    expect(r.outcome.reason).toMatch(/^feature moved on \(now [0-9a-f]{12}, the failed run tested [0-9a-f]{12}\)/);
  });
});

describe('runAction: the error boundary', () => {
  it('a throw that is not an Error still fails the step with its text', async () => {
    const heal: ActionDeps['heal'] = async () => {
      throw 'provider exploded';
    };
    const r = await run({ inputs: { 'test-command': 'pytest' } }, heal);
    expect(r.exitCode).toBe(1);
    expect(r.outcome).toMatchObject({ result: 'config-error', failed: true, reason: 'provider exploded' });
    expect(r.commands.filter((c) => c.command === 'error').map((c) => c.data)).toEqual([
      'self-heal failed: provider exploded',
    ]);
    expect(r.summary).toMatch(/^## ❌ self-heal: could not run: provider exploded/);
  });
});

describe('runAction: heal and delivery', () => {
  it('not healed: fails with a one-line reason, annotates, summarises, and hostile log text issues no command', async () => {
    const heal: ActionDeps['heal'] = async (_options, deps) => {
      // What the loop echoes from tests and the model: untrusted.
      deps.logger.info(
        'test_x: ::error file=a.py,line=1::forged annotation\n::add-mask::x\nprefix ##[set-output name=result;]healed',
      );
      const report = healedReport({ result: 'unhealed', reason: 'test_add still fails after 3 attempts\nsecond line' });
      report.failures[0]!.name = 'test_add ::set-output name=result::healed';
      return report;
    };
    const r = await run({ inputs: { 'test-command': 'pytest' } }, heal);
    expect(r.exitCode).toBe(1);
    expect(r.outputs.result).toBe('unhealed');
    expect(r.outputs['commit-sha']).toBe('');
    const commands = r.commands.map((c) => c.command);
    expect(commands).not.toContain('set-output');
    expect(commands.filter((c) => c === 'add-mask')).toHaveLength(1); // only our github-token
    const errors = r.commands.filter((c) => c.command === 'error');
    expect(errors.map((e) => e.data)).toEqual([
      'AssertionError: assert -1 == 5',
      'self-heal did not heal (unhealed): test_add still fails after 3 attempts second line',
    ]);
    expect(errors[0]!.properties).toEqual({
      title: 'test_add ::set-output name=result::healed',
      file: 'calc.py',
      line: '2',
    });
    expect(r.summary).toMatch(
      /^## ❌ self-heal: not healed\n\n\*\*1 test fails\*\* .* \*\*Nothing was changed\.\*\*\n/,
    );
  });

  it('annotates relative to the workspace when the repository is checked out into a subfolder', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    const heal: ActionDeps['heal'] = async () => healedReport({ result: 'unhealed', reason: 'no luck' });
    const r = await run(
      {
        workspace: path.dirname(repo.root),
        inputs: { 'test-command': 'pytest', 'working-directory': path.basename(repo.root) },
      },
      heal,
    );
    const annotation = r.commands.find((c) => c.command === 'error' && c.properties.title === 'test_add')!;
    expect(annotation.properties.file).toBe(`${path.basename(repo.root)}/calc.py`);
    // The summary's links stay repository-relative.
    expect(r.summary).toContain('/blob/');
    expect(r.summary).toMatch(/\]\(https:\/\/github\.com\/octo\/shop\/blob\/[0-9a-f]{40}\/calc\.py#L2\)/);
  });

  it('healed: pushes the fix, sets every output and writes the summary', async () => {
    repo = createHealedRepo({ branch: 'feature' });
    server = await startGitHubServer();
    const heal: ActionDeps['heal'] = async () => {
      applyFix(repo!);
      return healedReport();
    };
    const r = await run({ apiUrl: server.url, inputs: { 'test-command': 'pytest', mode: 'commit' } }, heal);
    expect(r.exitCode).toBeUndefined();
    expect(r.outcome).toMatchObject({ result: 'healed', failed: false });
    const pushed = repo.remoteGit('rev-parse', 'refs/heads/feature').trim();
    expect(r.outputs).toMatchObject({ result: 'healed', attempts: '1', 'commit-sha': pushed, 'pull-request-url': '' });
    expect(r.outputs['patch-path']).toMatch(/_temp\/self-heal\/self-heal\.patch$/);
    expect(r.outputs['report-path']).toMatch(/_temp\/self-heal\/self-heal-report\.json$/);
    expect(repo.remoteGit('log', '-1', '--format=%B', pushed)).toContain(
      'Self-Heal-Run: https://github.com/octo/shop/actions/runs/42',
    );
    expect(r.summary).toMatch(/^## ✅ self-heal: healed/);
    expect(r.summary).toContain('**Mode:** commit · **Status:** delivered');
    expect(r.commands.filter((c) => c.command === 'error')).toEqual([]);
  });
});

/**
 * verify: ci end to end through the bundled action: a workflow_run job of self-heal after a sharded
 * CI run failed. The CI is real (test/helpers/fake-ci.ts): every dispatch on self-heal/feature checks
 * the pushed candidate out of the bare remote, runs node:test on 3 shards and uploads each shard's
 * JUnit report; the loopback GitHub API serves its runs, jobs and artifacts as they progress.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shellQuote } from '../../src/workspace/shell-quote.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';
import { startGitHubServer, type GitHubServer } from '../helpers/github-server.js';
import { startFakeCi, type FakeCi, type RoundPlan } from '../helpers/fake-ci.js';
import { openaiToolCalls, replaceInFile, startOpenAIServer, type OpenAIServer } from '../helpers/openai-server.js';
import { runnerCommands } from '../text/runner-commands.js';
import { actionBundle } from './bundle.js';
import { createRunnerEnv, type RunnerFiles } from './runner-env.js';

const BROKEN = `export function add(a, b) {
  return a - b;
}

export function mul(a, b) {
  return a * b;
}
`;
const testFile = (name: string, body: string) =>
  `import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add, mul } from '../src/calc.js';\n\ntest('${name}', () => {\n  ${body}\n});\n`;
const FILES = {
  'package.json': '{ "type": "module", "private": true }\n',
  'src/calc.js': BROKEN,
  'test/s1.test.js': testFile('adds', 'assert.equal(add(1, 2), 3);'),
  'test/s2.test.js': testFile('multiplies', 'assert.equal(mul(2, 3), 6);'),
  'test/s3.test.js': testFile('adds zero', 'assert.equal(add(0, 0), 0);'),
  '.gitignore': 'reports/\n',
};
const NODE = shellQuote(process.execPath);
const run = (files: string[]) =>
  `mkdir -p reports && ${NODE} --test --test-reporter=junit --test-reporter-destination=reports/junit.xml ${files.join(' ')}`;
const TEST_COMMAND = run([]);
const API_KEY = 'sk-ci-verify-0123456789';
const FIX = replaceInFile('src/calc.js', 'return a - b;', 'return a + b;');
/** Fixes add, and breaks mul: green in the runner's targeted rerun, red on shard 2. */
const FIX_AND_BREAK = replaceInFile('src/calc.js', BROKEN, BROKEN.replace('a - b', 'a + b').replace('a * b', 'a + b'));

let bundle: string;
let repo: TempRepo | undefined;
let runner: RunnerFiles | undefined;
let model: OpenAIServer | undefined;
let github: GitHubServer | undefined;
let ci: FakeCi | undefined;

beforeAll(() => {
  bundle = actionBundle();
}, 900_000);

afterEach(async () => {
  await ci?.settled();
  ci?.close();
  repo?.cleanup();
  runner?.cleanup();
  await model?.close();
  await github?.close();
  repo = runner = model = github = ci = undefined;
});

function remoteGit(...args: string[]): string {
  const remote = repo!.git('remote', 'get-url', 'origin').trim();
  const who = { GIT_AUTHOR_NAME: 'Someone', GIT_AUTHOR_EMAIL: 'someone@example.com' };
  const env = {
    ...repo!.env,
    ...who,
    GIT_COMMITTER_NAME: who.GIT_AUTHOR_NAME,
    GIT_COMMITTER_EMAIL: who.GIT_AUTHOR_EMAIL,
  };
  return execFileSync('git', [`--git-dir=${remote}`, ...args], { env, encoding: 'utf8' }).trim();
}

/** The project on `feature` failed its sharded CI run 900; self-heal's workflow_run job starts. */
async function setUp(inputs: Record<string, string>, plan?: (round: number) => RoundPlan) {
  repo = createTempRepo({ files: FILES, remote: true });
  const mainSha = repo.git('rev-parse', 'HEAD').trim();
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write('README.md', 'feature work\n');
  const failedSha = repo.commitAll('feature work');
  repo.git('push', '-q', 'origin', 'feature');
  repo.git('checkout', '-q', 'main');
  github = await startGitHubServer({ branches: { main: { sha: mainSha }, feature: { sha: failedSha } } });
  const remote = repo.git('remote', 'get-url', 'origin').trim();
  const shards = [['test/s1.test.js'], ['test/s2.test.js'], ['test/s3.test.js']];
  ci = startFakeCi({ github, remote, env: repo.env, shards, command: run, plan });
  const failed = await ci.runSuite(failedSha, 'feature', 900);
  expect(failed.conclusion).toBe('failure');
  model = await startOpenAIServer({ apiKey: API_KEY });
  runner = createRunnerEnv({
    workspace: repo.root,
    event: 'workflow_run',
    payload: 'workflow_run.json',
    substitutions: { HEAD_SHA: failedSha, CONCLUSION: 'failure' },
    sha: mainSha,
    ref: 'refs/heads/main',
    apiUrl: github.url,
    base: repo.env,
    inputs: {
      'test-command': TEST_COMMAND,
      junit: 'reports/junit.xml',
      provider: 'openai',
      'base-url': model.apiBase,
      'api-key': API_KEY,
      model: 'scripted',
      mode: 'auto',
      verify: 'ci',
      'ci-workflow': 'ci.yml',
      'ci-poll-seconds': '0.05',
      ...inputs,
    },
  });
  return failedSha;
}

function runBundle(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(bundle, 'action', 'index.js')], {
      cwd: repo!.root,
      env: runner!.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function report() {
  return JSON.parse(readFileSync(runner!.outputs()['report-path']!, 'utf8'));
}

describe('verify: ci through the bundled action', () => {
  it('green on every shard: the candidate runs on CI, then the fix is delivered on the branch', async () => {
    // verify: auto (the default) picks CI for the failed run's 3 shards.
    const failedSha = await setUp({ verify: '' });
    model!.reply(openaiToolCalls([FIX]));
    const { code, stdout, stderr } = await runBundle();
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    const why =
      "verify auto → ci: the failed run's reports came from 3 shards, which one runner does not run as CI does";
    expect(stdout).toContain(why);

    expect(ci!.rounds).toHaveLength(1);
    const round = ci!.rounds[0]!;
    expect(round.ref).toBe('self-heal/feature');
    expect(github!.state.dispatches).toEqual([{ workflow: 'ci.yml', ref: 'self-heal/feature' }]);
    // The candidate CI ran sits on the failed commit; the delivered fix has the same tree.
    expect(remoteGit('log', '-1', '--format=%P', round.sha)).toBe(failedSha);
    const delivered = remoteGit('rev-parse', 'refs/heads/feature');
    expect(remoteGit('log', '-1', '--format=%P', delivered)).toBe(failedSha);
    expect(remoteGit('rev-parse', `${delivered}^{tree}`)).toBe(remoteGit('rev-parse', `${round.sha}^{tree}`));
    expect(remoteGit('show', `${delivered}:src/calc.js`)).toContain('return a + b;');

    const r = report();
    expect(r.result).toBe('healed');
    expect(r.verify).toEqual({ mode: 'ci', reason: why });
    expect(r.attempts[0].ci).toMatchObject({
      runId: round.runId,
      conclusion: 'success',
      sha: round.sha,
      reports: ['junit-shard-1', 'junit-shard-2', 'junit-shard-3'],
    });
    expect(r.attempts[0].ci.shards.map((s: { conclusion: string }) => s.conclusion)).toEqual([
      'success',
      'success',
      'success',
    ]);
    expect(r.attempts[0].passToPass).toMatchObject({ passed: 2, total: 2 });
    const summary = runner!.summary();
    expect(summary).toContain(`https://github.com/octo/shop/actions/runs/${round.runId}`);
    expect(summary).toMatch(/CI runs/);
  });

  it('mode pull-request: the verified change becomes a draft pull request from self-heal/feature', async () => {
    const failedSha = await setUp({ mode: 'pull-request' });
    // The real API knows every pushed branch; the loopback one learns the candidate's at dispatch.
    github!.onDispatch(({ ref }) => (github!.state.branches[ref] = { sha: remoteGit('rev-parse', ref) }));
    model!.reply(openaiToolCalls([FIX]));
    const { code, stdout, stderr } = await runBundle();
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    const round = ci!.rounds[0]!;
    expect(github!.state.pulls).toHaveLength(1);
    const pull = github!.state.pulls[0]!;
    expect(pull).toMatchObject({ head: { ref: 'self-heal/feature' }, base: { ref: 'feature' }, draft: true });
    expect(pull.body).toContain(
      `- **Verified on CI:** [run ${round.runId}](https://github.com/octo/shop/actions/runs/${round.runId}), success, 3/3 jobs green`,
    );
    // The branch under test is untouched; the pull request's head has the verified tree.
    expect(remoteGit('rev-parse', 'refs/heads/feature')).toBe(failedSha);
    const head = remoteGit('rev-parse', 'refs/heads/self-heal/feature');
    expect(remoteGit('rev-parse', `${head}^{tree}`)).toBe(remoteGit('rev-parse', `${round.sha}^{tree}`));
    expect(runner!.outputs()['pull-request-url']).toBe('https://github.com/octo/shop/pull/1');
  });

  it('verify auto without ci-workflow stays in the runner and says why', async () => {
    await setUp({ verify: '', 'ci-workflow': '' });
    model!.reply(openaiToolCalls([FIX]));
    const { code, stdout, stderr } = await runBundle();
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    expect(stdout).toContain(
      "verify auto → runner: the failed run's reports came from 3 shards, which one runner does not run as CI does, but there is no ci-workflow to dispatch on the candidate",
    );
    expect(ci!.rounds).toHaveLength(0);
    const r = report();
    expect(r.result).toBe('healed');
    expect(r.verify.mode).toBe('runner');
    expect(r.attempts[0].ci).toBeUndefined();
  });

  it('one shard red, then the next candidate green: the breakage is the next attempt’s feedback', async () => {
    await setUp({});
    model!.reply(openaiToolCalls([FIX_AND_BREAK]), openaiToolCalls([FIX]));
    const { code, stdout, stderr } = await runBundle();
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    expect(ci!.rounds).toHaveLength(2);
    const r = report();
    expect(r.attempts.map((a: { verdict: string }) => a.verdict)).toEqual(['broke-passing', 'accepted']);
    const first = r.attempts[0].ci;
    expect(first.conclusion).toBe('failure');
    expect(first.shards.map((s: { conclusion: string }) => s.conclusion)).toEqual(['success', 'failure', 'success']);
    expect(first.broke).toEqual([expect.stringContaining('multiplies')]);
    // The second prompt names the test the first candidate broke on CI.
    expect(JSON.stringify(model!.requests[1]!.body.messages)).toContain('multiplies');
    expect(remoteGit('show', 'refs/heads/feature:src/calc.js')).toBe(BROKEN.replace('a - b', 'a + b').trim());
    expect(runner!.summary()).toContain(`actions/runs/${first.runId}`);
  });

  it('verify-subset: a candidate that breaks the subset is refused in the runner, before a CI round', async () => {
    await setUp({ 'verify-subset': run(['test/s2.test.js']) });
    model!.reply(openaiToolCalls([FIX_AND_BREAK]), openaiToolCalls([FIX]));
    const { code, stdout, stderr } = await runBundle();
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    expect(stdout).toMatch(/subset run: exit 1/);
    // Only the second candidate went to CI.
    expect(ci!.rounds).toHaveLength(1);
    const r = report();
    expect(r.attempts.map((a: { verdict: string }) => a.verdict)).toEqual(['broke-passing', 'accepted']);
    expect(r.attempts[0].ci).toBeUndefined();
    expect(r.attempts[0].feedback).toContain('multiplies');
    expect(r.attempts[1].ci.conclusion).toBe('success');
  });

  it('a shard without a report: unverified, never healed, nothing delivered', async () => {
    const failedSha = await setUp({}, () => ({ kind: 'run', noReport: [2] }));
    model!.reply(openaiToolCalls([FIX]));
    const { code, stdout } = await runBundle();
    expect(code).toBe(1);
    const r = report();
    expect(r.result).toBe('unverified');
    expect(r.reason).toContain('no report from "junit-shard-2"');
    expect(r.attempts[0].verdict).toBe('unverified');
    expect(remoteGit('rev-parse', 'refs/heads/feature')).toBe(failedSha);
    // The unverified candidate does not stay on self-heal/feature, which did not exist before.
    expect(stdout).toContain('self-heal/feature deleted: it held only unverified candidates');
    expect(remoteGit('for-each-ref', '--format=%(refname)', 'refs/heads/self-heal/')).toBe('');
    expect(
      runnerCommands(stdout)
        .filter((c) => c.command === 'error')
        .at(-1)!.data,
    ).toMatch(/did not heal \(unverified\)/);
  });

  it('a cancelled run: unverified, and the loop stops', async () => {
    const failedSha = await setUp({}, () => ({ kind: 'cancel' }));
    model!.reply(openaiToolCalls([FIX]), openaiToolCalls([FIX_AND_BREAK]));
    const { code } = await runBundle();
    expect(code).toBe(1);
    const r = report();
    expect(r.result).toBe('unverified');
    expect(r.reason).toMatch(/ended cancelled/);
    expect(r.attempts).toHaveLength(1);
    expect(model!.requests).toHaveLength(1);
    expect(remoteGit('rev-parse', 'refs/heads/feature')).toBe(failedSha);
  });

  it('a run that never starts: the wait ends inside the budget, unverified', async () => {
    await setUp({ 'max-seconds': '12' }, () => ({ kind: 'never' }));
    model!.reply(openaiToolCalls([FIX]));
    const { code } = await runBundle();
    expect(code).toBe(1);
    const r = report();
    expect(r.result).toBe('unverified');
    expect(r.reason).toMatch(/no CI run started for [0-9a-f]{12} on self-heal\/feature in time/);
    expect(r.attempts[0].ci.conclusion).toBe('not-started');
    // It stopped before the budget ran out, leaving the reserve for delivery.
    expect(r.durationMs).toBeLessThan(12_000);
  });

  it('the branch moves during the wait: healed, but the fix is not put on the moved branch', async () => {
    let moved = '';
    await setUp({}, () => ({
      kind: 'run',
      beforeComplete: () => {
        const tree = remoteGit('rev-parse', 'refs/heads/feature^{tree}');
        moved = remoteGit('commit-tree', tree, '-p', 'refs/heads/feature', '-m', 'someone pushed');
        remoteGit('update-ref', 'refs/heads/feature', moved);
      },
    }));
    model!.reply(openaiToolCalls([FIX]));
    const { code, stdout, stderr } = await runBundle();
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    expect(report().result).toBe('healed');
    expect(remoteGit('rev-parse', 'refs/heads/feature')).toBe(moved);
    expect(runner!.outputs()['commit-sha']).toBe('');
    expect(runner!.summary()).toMatch(/moved/);
  });

  it('no permission to dispatch: a clear error naming actions: write', async () => {
    await setUp({});
    github!.override('POST', /\/actions\/workflows\/[^/]+\/dispatches$/, 403);
    model!.reply(openaiToolCalls([FIX]));
    const { code, stdout } = await runBundle();
    expect(code).toBe(1);
    const r = report();
    expect(r.result).toBe('config-error');
    expect(r.reason).toContain('permissions: actions: write');
    expect(ci!.rounds).toHaveLength(0);
    const failed = runnerCommands(stdout)
      .filter((c) => c.command === 'error')
      .at(-1)!;
    expect(failed.data).toContain('actions: write');
  });
});

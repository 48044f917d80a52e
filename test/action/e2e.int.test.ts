/**
 * The bundled action run as the runner runs it: `node <dist>/action/index.js` in the workspace,
 * with the runner's environment (INPUT_*, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, the event payload), on
 * a broken node:test project in a temp git repo with a bare remote, after its test step failed. The
 * model is a loopback OpenAI server with scripted answers; GitHub is the loopback API.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shellQuote } from '../../src/workspace/shell-quote.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';
import { startGitHubServer, type GitHubServer } from '../helpers/github-server.js';
import {
  openaiText,
  openaiToolCalls,
  replaceInFile,
  startOpenAIServer,
  type OpenAIServer,
} from '../helpers/openai-server.js';
import { runtimePackageName, runtimePlatform } from '../../src/repair/copilot/copilot-runtime.js';
import { runnerCommands } from '../text/runner-commands.js';
import { actionBundle } from './bundle.js';
import { createRunnerEnv, type RunnerFiles } from './runner-env.js';

const BROKEN = `// A tiny calculator with one bug: add subtracts.
export function add(a, b) {
  return a - b;
}

export function mul(a, b) {
  return a * b;
}
`;
const TESTS = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { add, mul } from '../src/calc.js';

test('adds', () => {
  assert.equal(add(1, 2), 3);
});

test('multiplies', () => {
  assert.equal(mul(2, 3), 6);
});
`;
const TEST_COMMAND = `mkdir -p reports && ${shellQuote(process.execPath)} --test --test-reporter=junit --test-reporter-destination=reports/junit.xml --test-reporter=spec --test-reporter-destination=stdout`;
const API_KEY = 'sk-e2e-secret-key-0123456789';
/** The runtime from npm (the SDK's platform package), given to the bundle as copilot-path. */
const PACKAGED_RUNTIME = path.join(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  ...runtimePackageName().split('/'),
  'prebuilds',
  runtimePlatform(),
  'copilot-runtime',
);

let bundle: string;
let repo: TempRepo | undefined;
let runner: RunnerFiles | undefined;
let model: OpenAIServer | undefined;
let github: GitHubServer | undefined;

beforeAll(() => {
  bundle = actionBundle();
}, 900_000);

afterEach(async () => {
  repo?.cleanup();
  runner?.cleanup();
  await model?.close();
  await github?.close();
  repo = runner = model = github = undefined;
});

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: repo!.root, env: repo!.env, encoding: 'utf8' });
}

/** The broken project on branch `feature`, pushed, with its failed test step already run. */
async function setUp(inputs: Record<string, string>) {
  repo = createTempRepo({
    files: {
      'package.json': '{ "type": "module", "private": true }\n',
      'src/calc.js': BROKEN,
      'test/calc.test.js': TESTS,
      '.gitignore': 'reports/\n',
    },
    remote: true,
  });
  git('checkout', '-q', '-b', 'feature');
  git('push', '-q', 'origin', 'feature');
  const sha = git('rev-parse', 'HEAD').trim();
  try {
    execFileSync('sh', ['-c', TEST_COMMAND], { cwd: repo.root, stdio: 'ignore' });
    throw new Error('the broken project should fail its tests');
  } catch (error) {
    if ((error as Error).message.includes('should fail')) throw error;
  }
  model = await startOpenAIServer({ apiKey: API_KEY });
  github = await startGitHubServer({ branches: { main: { sha }, feature: { sha } } });
  runner = createRunnerEnv({
    workspace: repo.root,
    event: 'push',
    payload: 'push.json',
    substitutions: { SHA: sha },
    sha,
    ref: 'refs/heads/feature',
    apiUrl: github.url,
    base: repo.env,
    inputs: {
      'test-command': TEST_COMMAND,
      junit: 'reports/junit.xml',
      provider: 'openai',
      'base-url': model.apiBase,
      'api-key': API_KEY,
      model: 'scripted',
      ...inputs,
    },
  });
  return sha;
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

describe('the bundled action, end to end', () => {
  it('heals with a scripted model: pushes the fix commit, sets the outputs, writes the summary', async () => {
    const tested = await setUp({ mode: 'auto' });
    model!.reply(
      openaiToolCalls([
        replaceInFile(
          'src/calc.js',
          'export function add(a, b) {\n  return a - b;',
          'export function add(a, b) {\n  return a + b;',
        ),
      ]),
    );
    const { code, stdout, stderr } = await runBundle();
    expect(code, `${stdout}\n${stderr}`).toBe(0);

    const pushed = repo!
      .git(`--git-dir=${repo!.git('remote', 'get-url', 'origin').trim()}`, 'rev-parse', 'refs/heads/feature')
      .trim();
    expect(pushed).not.toBe(tested);
    const remote = repo!.git('remote', 'get-url', 'origin').trim();
    const show = (format: string) =>
      execFileSync('git', [`--git-dir=${remote}`, 'log', '-1', `--format=${format}`, pushed], {
        env: repo!.env,
        encoding: 'utf8',
      });
    expect(show('%P')).toBe(`${tested}\n`);
    expect(show('%an <%ae>')).toBe('github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>\n');
    expect(show('%B')).toMatch(
      /^fix: make adds pass \(self-heal\)\n[\s\S]*\n\nSelf-Heal-Attempts: 1\nSelf-Heal-Run: https:\/\/github\.com\/octo\/shop\/actions\/runs\/42\n/,
    );
    expect(execFileSync('git', [`--git-dir=${remote}`, 'show', `${pushed}:src/calc.js`], { encoding: 'utf8' })).toBe(
      BROKEN.replace('return a - b;', 'return a + b;'),
    );
    expect(
      execFileSync('git', [`--git-dir=${remote}`, 'diff-tree', '-r', '--name-only', '--no-commit-id', pushed], {
        encoding: 'utf8',
      }),
    ).toBe('src/calc.js\n');

    const outputs = runner!.outputs();
    expect(outputs).toMatchObject({ result: 'healed', attempts: '1', 'commit-sha': pushed, 'pull-request-url': '' });
    expect(outputs['patch-path']).toMatch(/self-heal\.patch$/);
    const summary = runner!.summary();
    expect(summary.split('\n')[0]).toMatch(/^## ✅ self-heal: healed/);
    expect(summary.split('\n')[0]).not.toContain('uncommitted');
    expect(summary).toContain('**Mode:** commit · **Status:** delivered');
    expect(summary).toMatch(/feature is an unprotected branch other than the default/);

    const commands = runnerCommands(stdout);
    expect(commands.filter((c) => c.command === 'error')).toEqual([]);
    expect(commands.some((c) => c.command === 'group')).toBe(true);
    // The key is masked first and appears on no other line.
    expect(stdout.split('\n').filter((l) => l.includes(API_KEY))).toEqual([`::add-mask::${API_KEY}`]);
    expect(model!.requests).toHaveLength(1);
    expect(model!.requests[0]!.raw).not.toContain(API_KEY.slice(3));
  });

  it('not healed: fails the step with a one-line reason, annotates, and writes a diagnostic summary', async () => {
    const tested = await setUp({ mode: 'commit', 'max-attempts': '1' });
    // A wrong fix: the failing test still fails.
    model!.reply(
      openaiToolCalls([
        replaceInFile(
          'src/calc.js',
          'export function add(a, b) {\n  return a - b;',
          'export function add(a, b) {\n  return a * b;',
        ),
      ]),
    );
    const { code, stdout } = await runBundle();
    expect(code).toBe(1);

    const remote = repo!.git('remote', 'get-url', 'origin').trim();
    expect(
      execFileSync('git', [`--git-dir=${remote}`, 'rev-parse', 'refs/heads/feature'], { encoding: 'utf8' }).trim(),
    ).toBe(tested);
    expect(repo!.read('src/calc.js')).toBe(BROKEN);

    const errors = runnerCommands(stdout).filter((c) => c.command === 'error');
    const failed = errors.at(-1)!;
    expect(failed.data).toMatch(/^self-heal did not heal \(unhealed\): /);
    expect(failed.data).not.toContain('\n');
    // One annotation for the failing test, at its triggering frame (an assertion: the test's own line).
    const report = JSON.parse(readFileSync(runner!.outputs()['report-path']!, 'utf8'));
    const at = report.failures[0].triggering;
    expect(at).toMatchObject({ file: 'test/calc.test.js', line: 6 });
    const annotation = errors.find((e) => e.properties.title === 'adds');
    expect(annotation?.properties).toMatchObject({ file: at.file, line: String(at.line) });
    expect(annotation?.data).toMatch(/^AssertionError/);

    expect(runner!.outputs()).toMatchObject({ result: 'unhealed', attempts: '1', 'commit-sha': '', 'patch-path': '' });
    const summary = runner!.summary();
    expect(summary.split('\n')[0]).toBe('## ❌ self-heal: not healed');
    expect(summary).toContain('### Failures (1)');
    expect(summary).toContain('| adds |');
    expect(summary).toContain('### Best attempt (1, not applied)');
    expect(summary).toContain('+  return a * b;');
  });

  it('provider copilot: the real runtime (copilot-path) heals through the BYOK route and pushes the fix', async () => {
    const tested = await setUp({ mode: 'commit', provider: 'copilot', 'copilot-path': PACKAGED_RUNTIME });
    model!.reply(
      openaiToolCalls([
        replaceInFile(
          'src/calc.js',
          'export function add(a, b) {\n  return a - b;',
          'export function add(a, b) {\n  return a + b;',
        ),
      ]),
      openaiText('Fixed add.'),
    );
    const { code, stdout, stderr } = await runBundle();
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    const remote = repo!.git('remote', 'get-url', 'origin').trim();
    const pushed = execFileSync('git', [`--git-dir=${remote}`, 'rev-parse', 'refs/heads/feature'], {
      encoding: 'utf8',
    }).trim();
    expect(pushed).not.toBe(tested);
    expect(runner!.outputs()).toMatchObject({ result: 'healed', attempts: '1', 'commit-sha': pushed });
    expect(runner!.summary()).toContain('**Provider:** copilot \\(scripted\\)');
    expect(stdout).toMatch(/copilot: runtime from copilot-path/);
    // The session had self-heal's prompt and tools, and no credential.
    const first = model!.requests[0]!;
    expect(first.body.messages[0].content).toMatch(/^You are self-heal\./);
    expect(first.body.tools.map((t: { function: { name: string } }) => t.function.name).sort()).toEqual([
      'read_file',
      'replace_in_file',
      'search',
    ]);
    for (const request of model!.requests) expect(request.raw).not.toContain('ghs_test_token');
  });

  it('provider auto without Copilot: the built-in engine heals, and the log and summary say why', async () => {
    // The default provider; the runner has no copilot, no tool cache and no runtime beside the bundle.
    await setUp({ mode: 'commit', provider: '', 'base-url': '', 'api-key': '', model: '' });
    const { code, stdout, stderr } = await runBundle();
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    expect(runner!.outputs()).toMatchObject({ result: 'healed' });
    const warnings = runnerCommands(stdout).filter((c) => c.command === 'warning');
    expect(warnings.map((w) => w.data)).toContainEqual(
      expect.stringMatching(
        /^provider auto: Copilot is not available \(No Copilot runtime was found.*using the built-in engine/,
      ),
    );
    const summary = runner!.summary();
    expect(summary).toContain('**Provider:** builtin');
    expect(summary).toMatch(/\*\*Provider fallback:\*\* copilot was not available \(No Copilot runtime was found/);
    expect(model!.requests).toHaveLength(0);
  });

  it("workflow_run: downloads the failed run's shard reports, checks out the failed commit, heals and pushes", async () => {
    repo = createTempRepo({
      files: {
        'package.json': '{ "type": "module", "private": true }\n',
        'src/calc.js': BROKEN,
        'test/calc.test.js': TESTS,
        '.gitignore': 'reports/\n',
      },
      remote: true,
    });
    const mainSha = git('rev-parse', 'HEAD').trim();
    git('checkout', '-q', '-b', 'feature');
    repo.write('README.md', 'feature work\n');
    const failedSha = repo.commitAll('feature work');
    git('push', '-q', 'origin', 'feature');
    // The workflow_run job's checkout is the default branch, not the failed commit.
    git('checkout', '-q', 'main');

    // Two matrix shards of the failed CI run, each uploading reports/ as an artifact (run elsewhere:
    // the report's file paths are the CI machine's, not this workspace's).
    const ci = mkdtempSync(path.join(tmpdir(), 'ci-shard-'));
    const zips: Buffer[] = [];
    try {
      cpSync(repo.root, ci, { recursive: true });
      execFileSync('git', ['checkout', '-q', 'feature'], { cwd: ci, env: repo.env });
      for (let shard = 0; shard < 2; shard++) {
        try {
          execFileSync('sh', ['-c', TEST_COMMAND], { cwd: ci, stdio: 'ignore' });
        } catch {
          // The tests fail: that is the failed run.
        }
        zips.push(
          execFileSync('python3', [
            '-c',
            'import io,sys,zipfile\nb=io.BytesIO()\nz=zipfile.ZipFile(b,"w",zipfile.ZIP_DEFLATED)\nz.write(sys.argv[1],"junit.xml")\nz.close()\nsys.stdout.buffer.write(b.getvalue())',
            path.join(ci, 'reports', 'junit.xml'),
          ]),
        );
      }
    } finally {
      rmSync(ci, { recursive: true, force: true });
    }

    model = await startOpenAIServer({ apiKey: API_KEY });
    model.reply(
      openaiToolCalls([
        replaceInFile(
          'src/calc.js',
          'export function add(a, b) {\n  return a - b;',
          'export function add(a, b) {\n  return a + b;',
        ),
      ]),
    );
    github = await startGitHubServer({
      branches: { main: { sha: mainSha }, feature: { sha: failedSha } },
      artifacts: {
        900: [
          { id: 11, name: 'reports-shard-1', zip: zips[0]! },
          { id: 12, name: 'reports-shard-2', zip: zips[1]! },
        ],
      },
    });
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
      },
    });
    const { code, stdout, stderr } = await runBundle();
    expect(code, `${stdout}\n${stderr}`).toBe(0);

    expect(stdout).toContain(`checking out the failed commit ${failedSha.slice(0, 12)}`);
    expect(stdout).toContain('run 900 has 2 artifacts');
    expect(stdout).toMatch(/reusing the step's 2 fresh reports/);
    expect(github!.blobRequests.map((r) => r.path).sort()).toEqual(['/blob/11', '/blob/12']);
    expect(github!.blobRequests.every((r) => r.authorization === undefined)).toBe(true);

    const remote = repo!.git('remote', 'get-url', 'origin').trim();
    const pushed = execFileSync('git', [`--git-dir=${remote}`, 'rev-parse', 'refs/heads/feature'], {
      encoding: 'utf8',
    }).trim();
    expect(
      execFileSync('git', [`--git-dir=${remote}`, 'log', '-1', '--format=%P', pushed], { encoding: 'utf8' }).trim(),
    ).toBe(failedSha);
    expect(
      execFileSync('git', [`--git-dir=${remote}`, 'diff-tree', '-r', '--name-only', '--no-commit-id', pushed], {
        encoding: 'utf8',
      }),
    ).toBe('src/calc.js\n');
    expect(runner!.outputs()).toMatchObject({ result: 'healed', 'commit-sha': pushed });
    // The downloaded reports are gone from the workspace afterwards.
    expect(existsSync(path.join(repo!.root, '.self-heal-run-reports'))).toBe(false);
  });
});

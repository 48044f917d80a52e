/**
 * `self-heal run --verify ci` from a terminal: the baseline runs here, the candidate goes to
 * self-heal/<branch> of origin, the loopback GitHub API dispatches the real sharded fake CI on it,
 * and the fix is committed on HEAD only after every shard's report is green.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/index.js';
import { shellQuote } from '../../src/workspace/shell-quote.js';
import { startFakeCi, type FakeCi } from '../helpers/fake-ci.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';
import { startGitHubServer, type GitHubServer } from '../helpers/github-server.js';

const BROKEN = 'export function add(a, b) {\n  return a - b;\n}\n';
const testFile = (name: string, body: string) =>
  `import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/calc.js';\n\ntest('${name}', () => {\n  ${body}\n});\n`;
const run = (files: string[]) =>
  `mkdir -p reports && ${shellQuote(process.execPath)} --test --test-reporter=junit --test-reporter-destination=reports/junit.xml ${files.join(' ')}`;

let repo: TempRepo | undefined;
let github: GitHubServer | undefined;
let ci: FakeCi | undefined;
let eventDir: string | undefined;

afterEach(async () => {
  await ci?.settled();
  ci?.close();
  repo?.cleanup();
  await github?.close();
  if (eventDir) rmSync(eventDir, { recursive: true, force: true });
  repo = github = ci = eventDir = undefined;
});

function sink(cwd: string, env: NodeJS.ProcessEnv) {
  const out = { out: '', err: '' };
  return Object.assign(out, {
    cwd,
    env,
    stdout: (t: string) => void (out.out += t),
    stderr: (t: string) => void (out.err += t),
  });
}

async function setUp() {
  repo = createTempRepo({
    files: {
      'package.json': '{ "type": "module", "private": true }\n',
      'src/calc.js': BROKEN,
      'test/s1.test.js': testFile('adds', 'assert.equal(add(1, 2), 3);'),
      'test/s2.test.js': testFile('adds zero', 'assert.equal(add(0, 0), 0);'),
      '.gitignore': 'reports/\n',
    },
    remote: true,
  });
  repo.git('checkout', '-q', '-b', 'feature');
  repo.git('push', '-q', 'origin', 'feature');
  github = await startGitHubServer();
  const remote = repo.git('remote', 'get-url', 'origin').trim();
  ci = startFakeCi({ github, remote, env: repo.env, shards: [['test/s1.test.js'], ['test/s2.test.js']], command: run });
  return repo.git('rev-parse', 'HEAD').trim();
}

const argv = (extra: string[]) => [
  'run',
  '--test-command',
  run([]),
  '--junit',
  'reports/junit.xml',
  '--provider',
  'builtin',
  '--verify',
  'ci',
  '--report',
  'report.json',
  ...extra,
];

describe('self-heal run --verify ci', () => {
  it('verifies the candidate on CI, then commits the fix on HEAD', async () => {
    const tested = await setUp();
    const env = {
      ...repo!.env,
      GITHUB_TOKEN: 'ghs_test_token',
      GITHUB_REPOSITORY: 'octo/shop',
      GITHUB_API_URL: github!.url,
    };
    const io = sink(repo!.root, env);
    const code = await runCli(argv(['--ci-workflow', 'ci.yml', '--ci-poll-seconds', '0.05']), io);
    expect(code, io.err).toBe(0);
    expect(io.err).toContain('verify: ci was asked for');
    expect(ci!.rounds.map((r) => r.ref)).toEqual(['self-heal/feature']);
    const report = JSON.parse(readFileSync(path.join(repo!.root, 'report.json'), 'utf8'));
    expect(report.result).toBe('healed');
    expect(report.attempts[0].ci).toMatchObject({ conclusion: 'success', reports: ['junit-shard-1', 'junit-shard-2'] });
    // The local commit sits on the tested commit with the verified candidate's tree.
    expect(repo!.git('rev-parse', 'HEAD~1').trim()).toBe(tested);
    expect(repo!.git('rev-parse', 'HEAD^{tree}').trim()).toBe(
      repo!.git('rev-parse', `${ci!.rounds[0]!.sha}^{tree}`).trim(),
    );
  });

  it('without a token: exit 2, saying what verify ci needs', async () => {
    await setUp();
    const env = { ...repo!.env, GITHUB_TOKEN: '', GH_TOKEN: '' };
    const io = sink(repo!.root, env);
    expect(await runCli(argv(['--ci-workflow', 'ci.yml']), io)).toBe(2);
    expect(io.out + io.err).toContain(
      'verify: ci cannot run here: there is no GITHUB_TOKEN or GH_TOKEN for the GitHub API',
    );
    expect(ci!.rounds).toHaveLength(0);
  });

  it('in the GitHub Actions job of a fork’s pull request: exit 2, refused as the action refuses it', async () => {
    const tested = await setUp();
    eventDir = mkdtempSync(path.join(tmpdir(), 'event-'));
    const event = path.join(eventDir, 'event.json');
    const pull_request = {
      number: 8,
      head: { ref: 'feature', sha: tested, repo: { full_name: 'mallory/shop' } },
      base: { ref: 'main', repo: { full_name: 'octo/shop' } },
    };
    writeFileSync(event, JSON.stringify({ pull_request, repository: { full_name: 'octo/shop' } }));
    const env = {
      ...repo!.env,
      GITHUB_TOKEN: 'ghs_test_token',
      GITHUB_REPOSITORY: 'octo/shop',
      GITHUB_API_URL: github!.url,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event,
    };
    const io = sink(repo!.root, env);
    expect(await runCli(argv(['--ci-workflow', 'ci.yml', '--ci-poll-seconds', '0.05']), io), io.err).toBe(2);
    expect(io.out + io.err).toContain('verify: ci cannot run here: the branch under test is in a fork');
    expect(ci!.rounds).toHaveLength(0);
    expect(github!.state.dispatches).toEqual([]);
    expect(repo!.git('ls-remote', 'origin', 'refs/heads/self-heal/*').trim()).toBe('');
    expect(repo!.git('rev-parse', 'HEAD').trim()).toBe(tested);
  });
});

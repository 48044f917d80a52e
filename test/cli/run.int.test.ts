import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/index.js';
import type { CliIO } from '../../src/cli/io.js';
import { parseRunArgs, renderSummary } from '../../src/cli/commands/run.js';
import { AGENT, healFixture, NODE_TEST_COMMAND, type HealFixture } from '../loop/heal-fixture.js';
import { shellQuote } from '../../src/workspace/shell-quote.js';

const FIX = [
  ['replace', 'src/calc.js', 'return a - b;\n}\n\nexport function mul', 'return a + b;\n}\n\nexport function mul'],
];

let fixture: HealFixture | undefined;
afterEach(() => {
  fixture?.repo.cleanup();
  fixture = undefined;
});

function io(cwd: string, env: NodeJS.ProcessEnv = process.env): CliIO & { out: string; err: string } {
  const sink = { out: '', err: '' };
  return Object.assign(sink, {
    cwd,
    env,
    stdout: (t: string) => void (sink.out += t),
    stderr: (t: string) => void (sink.err += t),
  });
}

const agentCommand = `${shellQuote(process.execPath)} ${shellQuote(AGENT)}`;

describe('self-heal run: flags', () => {
  it.each([
    [['--max-attempts', '9'], '--max-attempts expects an integer from 1 to 5, got "9"'],
    [['--max-attempts', '2.5'], '--max-attempts expects an integer from 1 to 5, got "2.5"'],
    [['--timeout', 'soon'], '--timeout expects a positive number of seconds, got "soon"'],
    [['--max-tokens', '0'], '--max-tokens expects a positive integer, got "0"'],
    [['--max-tokens', '-1'], '--max-tokens expects <total>'],
    [['--provider', 'gpt'], "--provider expects one of auto|copilot|builtin|openai|anthropic|command, got 'gpt'"],
    [['--provider', 'command'], '--provider command needs --agent-command'],
    [['--provider', 'github-models'], 'GitHub retired GitHub Models on 2026-07-30'],
    [['--base-url', 'not a url'], '--base-url expects a URL, got "not a url"'],
    [['--junit', ''], '--junit expects a non-empty <glob>'],
    [['--frobnicate'], "unknown option '--frobnicate'"],
  ])('%j → exit 2 naming the flag', async (args, message) => {
    const sink = io(os.tmpdir());
    expect(await runCli(['run', '--test-command', 'true', ...args], sink)).toBe(2);
    expect(sink.err).toContain(message);
  });

  it('requires --test-command', async () => {
    const sink = io(os.tmpdir());
    expect(await runCli(['run'], sink)).toBe(2);
    expect(sink.err).toMatch(/--test-command is required/);
  });

  it('maps flags onto HealOptions, the key from the provider’s variable', () => {
    const options = parseRunArgs(
      [
        '--test-command',
        'pytest',
        '--junit',
        'a.xml',
        '--junit',
        'b/*.xml',
        '--cwd',
        'sub',
        '--provider',
        'anthropic',
        '--max-attempts',
        '5',
        '--timeout',
        '30',
        '--protect',
        'x/**',
        '--allow',
        'tests/**',
        '--no-commit',
        '--allow-dirty',
        '--report',
        'r.json',
        '--pass-env',
        'DATABASE_TOKEN',
      ],
      { cwd: '/work', env: { ANTHROPIC_API_KEY: 'k-123' } },
    );
    expect(options).toMatchObject({
      cwd: '/work/sub',
      testCommand: 'pytest',
      junit: ['a.xml', 'b/*.xml'],
      provider: 'anthropic',
      maxAttempts: 5,
      timeoutSeconds: 30,
      protect: ['x/**'],
      allow: ['tests/**'],
      commit: false,
      allowDirty: true,
      reportPath: 'r.json',
      apiKey: 'k-123',
      passEnv: ['DATABASE_TOKEN'],
    });
    expect(
      parseRunArgs(['--test-command', 't'], { cwd: '/w', env: { SELF_HEAL_API_KEY: 'a', OPENAI_API_KEY: 'b' } }),
    ).toMatchObject({ provider: 'auto', apiKey: 'a', maxAttempts: 3, commit: true });
  });

  it('--localise static skips the recorded run; record is the default; others are a usage error', () => {
    const parse = (...flags: string[]) => parseRunArgs(['--test-command', 't', ...flags], { cwd: '/w', env: {} });
    expect(parse()).toMatchObject({ localise: 'record' });
    expect(parse('--localise', 'static')).toMatchObject({ localise: 'static' });
    expect(() => parse('--localise', 'coverage')).toThrow("--localise expects one of record|static, got 'coverage'");
  });

  it('--copilot-path is resolved from the working directory; auto is the default', () => {
    expect(
      parseRunArgs(['--test-command', 't', '--copilot-path', 'bin/copilot'], { cwd: '/w', env: {} }),
    ).toMatchObject({
      provider: 'auto',
      copilotPath: '/w/bin/copilot',
    });
  });

  it('the summary says when auto fell back, and why', () => {
    const text = renderSummary({
      schemaVersion: 1,
      result: 'unhealed',
      reason: 'no attempt made every failing test pass',
      provider: { name: 'builtin', fallbackFrom: 'copilot', reason: 'no GitHub token' },
      testCommand: 't',
      summary: { total: 1, passed: 0, failed: 1, errored: 0, skipped: 0 },
      failures: [],
      attempts: [],
      flaky: [],
      tokens: { input: 0, output: 0 },
      durationMs: 1,
    });
    expect(text).toContain('provider: builtin (copilot was not available: no GitHub token)');
  });

  it('prints help with exit 0', async () => {
    const sink = io(os.tmpdir());
    expect(await runCli(['run', '--help'], sink)).toBe(0);
    expect(sink.out).toMatch(/usage: self-heal run --test-command/);
    expect(sink.out).toMatch(
      /--junit <glob>\s+glob of the JUnit reports the test command writes, relative to --cwd; repeatable\n/,
    );
  });

  it('keeps the special-casing check on unless --allow-special-cases, which help calls unsafe', async () => {
    const parse = (argv: string[]) => parseRunArgs(['--test-command', 't', ...argv], { cwd: '/w', env: {} });
    expect(parse([])).toMatchObject({ allowSpecialCases: false });
    expect(parse(['--allow-special-cases'])).toMatchObject({ allowSpecialCases: true });
    const sink = io(os.tmpdir());
    await runCli(['run', '--help'], sink);
    expect(sink.out).toMatch(/--allow-special-cases\s+unsafe: accept a fix that special-cases the failing tests/);
  });
});

describe('self-heal run: end to end', () => {
  it('heals, prints the summary with the diff, exits 0', async () => {
    fixture = healFixture('node-calc');
    const env = { ...fixture.repo.env, AGENT_PLAN: JSON.stringify([FIX]) };
    const sink = io(fixture.repo.root, env);
    const code = await runCli(
      [
        'run',
        '--test-command',
        NODE_TEST_COMMAND,
        '--junit',
        'reports/*.xml',
        '--provider',
        'command',
        '--agent-command',
        agentCommand,
      ],
      sink,
    );
    expect(code).toBe(0);
    expect(sink.out).toMatch(/^\nself-heal: healed — attempt 1 made 1 failing test pass/);
    expect(sink.out).toMatch(/attempt 1: accepted \[src\/calc.js\]/);
    expect(sink.out).toMatch(/commit: [0-9a-f]{12} fix: make adds pass \(self-heal\)/);
    expect(sink.out).toContain('+  return a + b;');
    expect(sink.err).toContain('▸ baseline');
    expect(sink.err).toContain('▸ attempt 1 of 3');
  });

  it('exits 1 when not healed and 2 for a dirty tree', async () => {
    fixture = healFixture('node-calc');
    const env = { ...fixture.repo.env, AGENT_PLAN: JSON.stringify([[]]) };
    const args = [
      'run',
      '--test-command',
      NODE_TEST_COMMAND,
      '--junit',
      'reports/*.xml',
      '--provider',
      'command',
      '--agent-command',
      agentCommand,
      '--max-attempts',
      '1',
    ];
    const sink = io(fixture.repo.root, env);
    expect(await runCli(args, sink)).toBe(1);
    expect(sink.out).toMatch(/self-heal: unhealed/);
    expect(sink.out).toMatch(/attempt 1: no-edits/);
    fixture.repo.write('src/calc.js', 'dirty\n');
    const dirty = io(fixture.repo.root, env);
    expect(await runCli(args, dirty)).toBe(2);
    expect(dirty.out).toMatch(/self-heal: unsafe — the work tree has uncommitted changes/);
  });

  it('restores the tree and exits 130 when interrupted mid-attempt', async () => {
    fixture = healFixture('node-calc');
    const before = fixture.files();
    const ready = path.join(mkdtempSync(path.join(os.tmpdir(), 'self-heal-sigint-')), 'ready');
    const plan = [
      [
        ['replace', 'src/calc.js', 'return a - b;', 'return a + b;'],
        ['write', 'src/new-file.js', 'x'],
        ['delete', 'package.json'],
        ['sleep', 60_000],
      ],
    ];
    const cli = path.resolve('src/cli/index.ts');
    const child = spawn(
      process.execPath,
      [
        '--import',
        import.meta.resolve('tsx'),
        cli,
        'run',
        '--test-command',
        NODE_TEST_COMMAND,
        '--junit',
        'reports/*.xml',
        '--provider',
        'command',
        '--agent-command',
        agentCommand,
      ],
      {
        cwd: fixture.repo.root,
        env: { ...fixture.repo.env, AGENT_PLAN: JSON.stringify(plan), AGENT_READY: ready },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    for (let i = 0; i < 600 && !existsSync(ready); i++) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(ready)).toBe(true);
    // The agent may run in a pid namespace, where the pid it writes is not the host's: it is found
    // by its environment instead.
    const agentPids = () =>
      readdirSync('/proc')
        .filter((n) => /^\d+$/.test(n))
        .filter((n) => {
          try {
            return readFileSync(`/proc/${n}/environ`, 'latin1').includes(`AGENT_READY=${ready}\0`);
          } catch {
            return false;
          }
        });
    expect(agentPids().length).toBeGreaterThan(0);
    // The agent works on a view of the tree: the real one is untouched while it runs.
    expect(fixture.repo.read('src/calc.js')).toContain('return a - b;');
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toMatch(/interrupted by SIGINT; the work tree was left as it was found/);
    expect(fixture.files()).toEqual(before);
    expect(existsSync(path.join(fixture.repo.root, '.git/self-heal/journal.json'))).toBe(false);
    let left = agentPids();
    for (let i = 0; i < 50 && left.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      left = agentPids();
    }
    expect(left).toEqual([]);
    rmSync(path.dirname(ready), { recursive: true, force: true });
  });
});

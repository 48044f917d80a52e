/**
 * heal() with provider copilot and auto, driving the real Copilot runtime from npm (the SDK's platform
 * package, a devDependency through the SDK) offline: in BYOK mode against the loopback OpenAI server,
 * and in Copilot mode against a loopback stand-in of the Copilot API (COPILOT_API_URL), each in a real
 * temporary git repository healed with its real test command.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HealReport } from '../../src/contracts/heal-report.js';
import {
  openaiText,
  openaiToolCalls,
  replaceInFile,
  startOpenAIServer,
  type OpenAIServer,
} from '../helpers/openai-server.js';
import { startCopilotApiServer, type CopilotApiServer } from '../helpers/copilot-api-server.js';
import type { ScriptedServer } from '../helpers/scripted-http-server.js';
import { ADD_BUG, ADD_FIX, ADD_WRONG, nodeCalcProject, type E2EProject } from './e2e-setup.js';

const KEY = 'sk-byok-0123456789abcdefghijklmn';
const TOKEN = 'ghs_copilotTestToken0123456789abcdefgh';
/** No token of the machine (or of CI) may take part. */
const NO_TOKENS = { GITHUB_TOKEN: '', GH_TOKEN: '', COPILOT_GITHUB_TOKEN: '', CI: 'true' };

let servers: ScriptedServer[] = [];
let project: E2EProject | undefined;
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  project?.repo.cleanup();
  project = undefined;
});

async function byok(extraFiles: Record<string, string> = {}) {
  const server = await startOpenAIServer({ apiKey: KEY });
  servers.push(server);
  project = nodeCalcProject(extraFiles);
  return { server, project };
}

const copilotByok = (s: OpenAIServer) => ({
  provider: 'copilot' as const,
  baseUrl: s.apiBase,
  model: 'scripted-model',
});
const byokEnv = { ...NO_TOKENS, SELF_HEAL_API_KEY: KEY };

/** The user message of the nth request (the runtime puts the date before it). */
const userPrompt = (s: ScriptedServer, n: number) =>
  s.requests[n]!.body.messages.find((m: { role: string }) => m.role === 'user').content as string;
/** Tool results after the last assistant turn of the nth request. */
function toolResults(s: ScriptedServer, n: number): string[] {
  const messages = s.requests[n]!.body.messages as Array<{ role: string; content: string }>;
  const last = messages.map((m) => m.role).lastIndexOf('assistant');
  return messages
    .slice(last + 1)
    .filter((m) => m.role === 'tool')
    .map((m) => m.content);
}

describe('heal() with provider copilot, the real runtime in BYOK mode', { timeout: 120_000 }, () => {
  it('heals at attempt 1 with self-heal’s prompt and only its three tools, and records model, usage and calls', async () => {
    const { server, project } = await byok();
    server.reply(
      openaiToolCalls([{ name: 'search', arguments: { query: 'function add' } }], {
        prompt_tokens: 900,
        completion_tokens: 20,
      }),
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_FIX)], { prompt_tokens: 1000, completion_tokens: 40 }),
      openaiText('Fixed add.', { prompt_tokens: 1100, completion_tokens: 5 }),
    );
    const report = await project.heal(copilotByok(server), byokEnv);
    expect(report.result, report.reason).toBe('healed');
    expect(HealReport.parse(report)).toEqual(report);
    expect(report.provider).toEqual({ name: 'copilot', model: 'scripted-model' });
    expect(report.attempts.map((a) => a.verdict)).toEqual(['accepted']);
    expect(report.attempts[0]!.tokens).toEqual({ input: 3000, output: 65 });
    expect(report.attempts[0]!.detail).toMatchObject({
      model: 'scripted-model',
      requests: 3,
      toolCalls: 1,
      stop: 'accepted',
    });
    expect(project.logger.lines).toContain(
      'info: Copilot (BYOK openai) scripted-model: 3 model calls, 1 read/search call, 0 corrections; accepted',
    );
    expect(project.repo.read('src/calc.js')).toContain('return a + b;');
    const first = server.requests[0]!.body;
    expect(first.messages[0]).toMatchObject({ role: 'system' });
    expect(first.messages[0].content).toMatch(/^You are self-heal\./);
    expect(first.tools.map((t: { function: { name: string } }) => t.function.name).sort()).toEqual([
      'read_file',
      'replace_in_file',
      'search',
    ]);
    expect(userPrompt(server, 0)).toContain('Attempt 1 of 3');
    expect(userPrompt(server, 0)).toContain('test/calc.test.js:6');
    // The search went through the RepairHost: git grep over the work tree.
    expect(toolResults(server, 1)[0]).toMatch(/src\/calc\.js:2:.*export function add\(a, b\) \{/);
    expect(toolResults(server, 2)[0]).toMatch(/^OK: this edit of src\/calc\.js matches/);
  });

  it('wrong then right: the second session carries the first attempt’s diff and failure', async () => {
    const { server, project } = await byok();
    server.reply(
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_WRONG)]),
      openaiText('Changed add.'),
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_FIX)]),
      openaiText('Changed add again.'),
    );
    const report = await project.heal(copilotByok(server), byokEnv);
    expect(report.result, report.reason).toBe('healed');
    expect(report.attempts.map((a) => a.verdict)).toEqual(['targets-failed', 'accepted']);
    const second = userPrompt(server, 2);
    expect(second).toContain('Attempt 2 of 3');
    expect(second).toContain('## Attempt 1: targets-failed (changed src/calc.js)');
    expect(second).toContain('+  return a * b;');
  });

  it('edits to a test, .github/, through .. and through a symlink are refused, and nothing is written', async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'self-heal-outside-'));
    try {
      const { server, project } = await byok({ '.github/workflows/ci.yml': 'on: push\n' });
      symlinkSync(outside, path.join(project.repo.root, 'vendor-link'));
      project.repo.commitAll('add a symlink');
      const before = project.files();
      server.reply(
        openaiToolCalls([
          replaceInFile('test/calc.test.js', 'assert.equal(add(1, 2), 3);', 'assert.equal(add(1, 2), -1);'),
        ]),
        openaiToolCalls([replaceInFile('.github/workflows/ci.yml', 'on: push\n', 'on: {}\n')]),
        openaiToolCalls([
          replaceInFile('../escape.js', '', 'pwned\n'),
          replaceInFile('vendor-link/evil.js', '', 'pwned\n'),
        ]),
        openaiText('I cannot fix it.'),
      );
      const report = await project.heal({ ...copilotByok(server), maxAttempts: 1 }, byokEnv);
      expect(report.result).toBe('unhealed');
      expect(toolResults(server, 1)[0]).toMatch(/^REFUSED: .*test/s);
      expect(toolResults(server, 2)[0]).toMatch(/^REFUSED: .*\.github/s);
      // The third refusal ends the session (two corrections per attempt); the loop records it.
      expect(server.requests).toHaveLength(3);
      expect(report.attempts[0]!.detail).toMatchObject({ stop: 'corrections-exhausted' });
      expect(report.attempts[0]!.verdict).toBe('rejected-edits');
      expect(report.attempts[0]!.feedback).toMatch(/escape\.js|vendor-link/);
      expect(project.files()).toEqual(before);
      expect(existsSync(path.join(path.dirname(project.repo.root), 'escape.js'))).toBe(false);
      expect(existsSync(path.join(outside, 'evil.js'))).toBe(false);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('a model that calls the runtime’s own shell gets "does not exist" and nothing runs', async () => {
    const marker = path.join(os.tmpdir(), `self-heal-pwned-${process.pid}-${Date.now()}`);
    const { server, project } = await byok();
    server.reply(
      openaiToolCalls([{ name: 'bash', arguments: { command: `touch ${marker}`, description: 'x' } }]),
      openaiToolCalls([{ name: 'create', arguments: { path: 'src/evil.js', file_text: 'pwned' } }]),
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_FIX)]),
      openaiText('done'),
    );
    const report = await project.heal(copilotByok(server), byokEnv);
    expect(report.result, report.reason).toBe('healed');
    expect(toolResults(server, 1)[0]).toMatch(/Tool 'bash' does not exist/);
    expect(toolResults(server, 2)[0]).toMatch(/Tool 'create' does not exist/);
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(path.join(project.repo.root, 'src/evil.js'))).toBe(false);
  });

  it('a secret printed by a test never reaches the server', async () => {
    const secret = 'deploy-secret-5f1e2d3c4b';
    const { server, project } = await byok({
      'test/leak.test.js': [
        "import { test } from 'node:test';",
        "import assert from 'node:assert/strict';",
        "import { add } from '../src/calc.js';",
        "test('adds with credentials', () => {",
        '  console.log(`token: ${process.env.DEPLOY_TOKEN}`);',
        '  assert.equal(add(2, 2), 4, `DEPLOY_TOKEN=${process.env.DEPLOY_TOKEN}`);',
        '});',
        '',
      ].join('\n'),
    });
    server.reply(openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_FIX)]), openaiText('done'));
    const report = await project.heal(copilotByok(server), { ...byokEnv, DEPLOY_TOKEN: secret });
    expect(report.result, report.reason).toBe('healed');
    expect(server.requests.length).toBeGreaterThan(0);
    for (const request of server.requests) {
      expect(request.raw).not.toContain(secret);
      expect(request.raw).not.toContain(KEY);
    }
    expect(userPrompt(server, 0)).toMatch(/DEPLOY_TOKEN=/);
  });

  it('the token budget stops a session that keeps calling tools; the tree is as found', async () => {
    const { server, project } = await byok();
    const before = project.files();
    server.reply(
      ...Array.from({ length: 30 }, (_, i) =>
        openaiToolCalls([{ name: 'read_file', arguments: { path: 'src/calc.js', start_line: 1 + (i % 5) } }], {
          prompt_tokens: 4_000,
          completion_tokens: 10,
        }),
      ),
    );
    const report = await project.heal({ ...copilotByok(server), maxAttempts: 1, maxTokens: 12_000 }, byokEnv);
    expect(report.result).toBe('unhealed');
    expect(report.attempts[0]!.detail).toMatchObject({ stop: 'token-budget' });
    // Stopped at the first model call past the attempt's input allowance (12,000 minus the output share).
    expect(report.attempts[0]!.tokens.input).toBeLessThanOrEqual(16_000);
    // The tool answers of the call that crossed the allowance wait for the abort: no request follows.
    expect(server.requests.length).toBe(report.attempts[0]!.detail!.requests);
    expect(server.requests.length).toBeLessThan(6);
    // read_file is self-heal's (numbered lines from the repository), not the runtime's own tool of that name.
    expect(toolResults(server, 1)[0]).toMatch(/^1: \/\/ A tiny calculator/);
    expect(project.files()).toEqual(before);
  });

  it('the deadline stops a session whose model keeps the runtime waiting', async () => {
    const { server, project } = await byok();
    const before = project.files();
    server.reply(
      ...Array.from({ length: 10 }, () => ({
        ...openaiToolCalls([{ name: 'search', arguments: { query: 'add' } }]),
        delayMs: 4_000,
      })),
    );
    const started = Date.now();
    const report = await project.heal({ ...copilotByok(server), maxAttempts: 1, maxSeconds: 12 }, byokEnv);
    expect(report.attempts[0]!.detail).toMatchObject({ stop: 'deadline' });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(project.files()).toEqual(before);
  });

  it('the runtime killed mid-attempt: a provider error, and the tree is as found', async () => {
    const { server, project } = await byok();
    const before = project.files();
    server.reply(
      { ...openaiToolCalls([{ name: 'search', arguments: { query: 'add' } }]), delayMs: 8_000 },
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_FIX)]),
      openaiText('done'),
    );
    const killer = (async () => {
      while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 50));
      // The runtime is a child of this process: the newest copilot-runtime one.
      const pids = execFileSync('pgrep', ['-n', '-P', String(process.pid), '-f', 'copilot-runtime'], {
        encoding: 'utf8',
      })
        .trim()
        .split('\n')
        .filter(Boolean);
      for (const pid of pids) process.kill(Number(pid), 'SIGKILL');
      return pids.length;
    })();
    const report = await project.heal({ ...copilotByok(server), maxAttempts: 1 }, byokEnv);
    expect(await killer).toBeGreaterThan(0);
    expect(report.attempts[0]!.verdict).toBe('provider-error');
    expect(report.attempts[0]!.feedback).toMatch(/Copilot runtime stopped during the attempt/);
    expect(project.files()).toEqual(before);
    expect(project.repo.git('status', '--porcelain').trim()).toBe('');
  });
});

describe('heal() with the real runtime in Copilot mode (a loopback Copilot API)', { timeout: 120_000 }, () => {
  async function copilotApi(options: Parameters<typeof startCopilotApiServer>[0]): Promise<CopilotApiServer> {
    const server = await startCopilotApiServer(options);
    servers.push(server);
    return server;
  }

  it('heals with the workflow token; the prompt budget comes from the model’s real limit', async () => {
    const api = await copilotApi({ token: TOKEN, models: [{ id: 'gpt-6-luna', maxPromptTokens: 400_000 }] });
    api.reply(openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_FIX)]), openaiText('done'));
    project = nodeCalcProject();
    const report = await project.heal(
      { provider: 'copilot', githubToken: TOKEN, model: 'gpt-6-luna' },
      { ...NO_TOKENS, COPILOT_API_URL: api.apiUrl },
    );
    expect(report.result, report.reason).toBe('healed');
    expect(report.provider).toEqual({ name: 'copilot', model: 'gpt-6-luna' });
    expect(project.logger.lines.join('\n')).toMatch(/prompt limit 400000 tokens/);
    const chat = api.requests.find((r) => r.path === '/chat/completions')!;
    expect(chat.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.stringify(report)).not.toContain(TOKEN);
  });

  it('the token given to Copilot is scrubbed from what a test prints, whatever the variable is called', async () => {
    // No token shape the scrubber knows by pattern: only knowing the value catches it.
    const plain = 'fine-grained-7f3e9a1b2c4d5e6f708192a3';
    const api = await copilotApi({ token: plain });
    api.reply(openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_FIX)]), openaiText('done'));
    project = nodeCalcProject({
      'test/leak.test.js': [
        "import { test } from 'node:test';",
        "import assert from 'node:assert/strict';",
        "import { add } from '../src/calc.js';",
        "test('adds with a value', () => {",
        '  assert.equal(add(2, 2), 4, `value=${process.env.SOME_VALUE}`);',
        '});',
        '',
      ].join('\n'),
    });
    const report = await project.heal(
      { provider: 'copilot', githubToken: plain },
      { ...NO_TOKENS, COPILOT_API_URL: api.apiUrl, SOME_VALUE: plain },
    );
    expect(report.result, report.reason).toBe('healed');
    const chats = api.requests.filter((r) => r.path === '/chat/completions');
    expect(chats.length).toBeGreaterThan(0);
    for (const chat of chats) expect(chat.raw).not.toContain(plain);
    expect(userPrompt(chats[0] ? ({ requests: chats } as unknown as ScriptedServer) : api, 0)).toMatch(/value=/);
    expect(JSON.stringify(report)).not.toContain(plain);
  });

  it('the token Copilot takes from GH_TOKEN never reaches a test run', async () => {
    const plain = 'fine-grained-0a1b2c3d4e5f60718293a4b5';
    const api = await copilotApi({ token: plain });
    api.reply(openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_FIX)]), openaiText('done'));
    const probe = path.join(mkdtempSync(path.join(os.tmpdir(), 'self-heal-probe-')), 'seen.txt');
    project = nodeCalcProject({
      'test/env.test.js': [
        "import { test } from 'node:test';",
        "import { appendFileSync } from 'node:fs';",
        "test('sees its environment', () => {",
        "  appendFileSync(process.env.PROBE_FILE, `${process.env.GH_TOKEN ?? 'none'}\\n`);",
        '});',
        '',
      ].join('\n'),
    });
    const report = await project.heal(
      { provider: 'copilot' },
      // The probe is read afterwards: not in the run sandbox, which discards what /tmp gets.
      {
        ...NO_TOKENS,
        GH_TOKEN: plain,
        COPILOT_API_URL: api.apiUrl,
        PROBE_FILE: probe,
        SELF_HEAL_TEST_CONTAINMENT: 'scan',
      },
    );
    expect(report.result, report.reason).toBe('healed');
    const seen = readFileSync(probe, 'utf8').trim().split('\n');
    rmSync(path.dirname(probe), { recursive: true, force: true });
    // The baseline, the targeted rerun and the verification each ran it.
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(new Set(seen)).toEqual(new Set(['none']));
  });

  it('copilot named: a 401 ends the run before any attempt with the permission to add; it never falls back', async () => {
    const api = await copilotApi({ token: 'another-token' });
    project = nodeCalcProject();
    const report = await project.heal(
      { provider: 'copilot', githubToken: TOKEN },
      { ...NO_TOKENS, COPILOT_API_URL: api.apiUrl },
    );
    expect(report.result).toBe('provider-error');
    expect(report.provider.name).toBe('copilot');
    expect(report.provider.fallbackFrom).toBeUndefined();
    expect(report.reason).toMatch(
      /Copilot refused the token \(HTTP 401\).*copilot-requests: write.*COPILOT_GITHUB_TOKEN/,
    );
    expect(report.attempts).toEqual([]);
    expect(report.reason).not.toContain(TOKEN);
  });

  it('auto: falls back to builtin when the runtime reports an auth failure, with the reason in the log and report', async () => {
    const api = await copilotApi({ token: 'another-token' });
    project = nodeCalcProject();
    const report = await project.heal(
      { provider: 'auto', githubToken: TOKEN },
      { ...NO_TOKENS, COPILOT_API_URL: api.apiUrl },
    );
    expect(report.provider).toMatchObject({ name: 'builtin', fallbackFrom: 'copilot' });
    expect(report.provider.reason).toMatch(/HTTP 401/);
    expect(report.result, report.reason).toBe('healed');
    const warnings = project.logger.lines.filter((l) => l.startsWith('warn: provider auto:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /Copilot is not available \(Copilot refused the token \(HTTP 401\).*using the built-in engine/,
    );
  });

  it('auto: no token at all is a fallback at once, without starting anything', async () => {
    project = nodeCalcProject();
    const report = await project.heal({ provider: 'auto' }, NO_TOKENS);
    expect(report.provider).toMatchObject({ name: 'builtin', fallbackFrom: 'copilot' });
    expect(report.provider.reason).toMatch(/no GitHub token.*copilot-requests: write/);
    expect(report.result, report.reason).toBe('healed');
  });

  it('auto: a model named for Copilot is not reported as the model of the built-in engine', async () => {
    project = nodeCalcProject();
    const report = await project.heal({ provider: 'auto', model: 'gpt-6-luna' }, NO_TOKENS);
    expect(report.result, report.reason).toBe('healed');
    expect(report.provider).toEqual({ name: 'builtin', fallbackFrom: 'copilot', reason: expect.any(String) });
  });

  it('the policy off (403) and an unknown model are each one sentence naming what to change', async () => {
    const api = await copilotApi({
      token: TOKEN,
      modelsStatus: {
        status: 403,
        body: {
          error: {
            message:
              'You are not authorized to use this Copilot feature, it requires an enterprise or organization policy to be enabled.',
            code: 'feature_not_enabled',
          },
        },
      },
    });
    project = nodeCalcProject();
    const env = { ...NO_TOKENS, COPILOT_API_URL: api.apiUrl };
    const policy = await project.heal({ provider: 'copilot', githubToken: TOKEN }, env);
    expect(policy.result).toBe('provider-error');
    expect(policy.reason).toMatch(
      /not enabled for this token \(HTTP 403\).*Allow use of Copilot CLI billed to the organization/,
    );

    const listed = await copilotApi({ token: TOKEN, models: [{ id: 'gpt-6-luna', maxPromptTokens: 400_000 }] });
    const unknown = await project.heal(
      { provider: 'copilot', githubToken: TOKEN, model: 'gpt-9' },
      { ...env, COPILOT_API_URL: listed.apiUrl },
    );
    expect(unknown.result).toBe('config-error');
    expect(unknown.reason).toMatch(/does not offer the model 'gpt-9'.*gpt-6-luna.*Set model/);
  });
});

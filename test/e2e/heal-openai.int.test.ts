import { symlinkSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HealReport } from '../../src/contracts/heal-report.js';
import {
  openaiError,
  openaiText,
  openaiToolCalls,
  replaceInFile,
  startOpenAIServer,
  type OpenAIServer,
} from '../helpers/openai-server.js';
import { ADD_BUG, ADD_FIX, ADD_WRONG, nodeCalcProject, pyCalcProject, type E2EProject } from './e2e-setup.js';
import { hasPytest } from '../loop/heal-fixture.js';

const KEY = 'sk-e2e-0123456789abcdefghijklmn';

let server: OpenAIServer | undefined;
let project: E2EProject | undefined;
afterEach(async () => {
  await server?.close();
  project?.repo.cleanup();
  server = undefined;
  project = undefined;
});

async function setup(extraFiles: Record<string, string> = {}) {
  server = await startOpenAIServer({ apiKey: KEY });
  project = nodeCalcProject(extraFiles);
  return { server, project };
}

const openai = (s: OpenAIServer) => ({ provider: 'openai' as const, baseUrl: s.apiBase, model: 'scripted-model' });
const env = { SELF_HEAL_API_KEY: KEY };

/** The user prompt of the nth request. */
const userPrompt = (s: OpenAIServer, n: number) =>
  s.requests[n]!.body.messages.find((m: { role: string }) => m.role === 'user').content as string;
/** Tool results answering the last assistant turn of the nth request. */
function toolResults(s: OpenAIServer, n: number): string[] {
  const messages = s.requests[n]!.body.messages as Array<{ role: string; content: string }>;
  const last = messages.map((m) => m.role).lastIndexOf('assistant');
  return messages
    .slice(last + 1)
    .filter((m) => m.role === 'tool')
    .map((m) => m.content);
}

describe('heal() through an OpenAI-compatible API on loopback', () => {
  it('fixes the bug on the first attempt after searching and reading the code, commits it, and records the usage', async () => {
    const { server, project } = await setup();
    const head = project.repo.git('rev-parse', 'HEAD').trim();
    server.reply(
      openaiToolCalls([{ name: 'search', arguments: { query: 'function add' } }], {
        prompt_tokens: 1000,
        completion_tokens: 20,
      }),
      openaiToolCalls([{ name: 'read_file', arguments: { path: 'src/calc.js', start_line: 1, end_line: 4 } }], {
        prompt_tokens: 1100,
        completion_tokens: 20,
      }),
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_FIX)], { prompt_tokens: 1200, completion_tokens: 56 }),
    );
    const report = await project.heal(openai(server), env);
    expect(report.result, report.reason).toBe('healed');
    expect(HealReport.parse(report)).toEqual(report);
    expect(report.provider).toEqual({ name: 'openai', model: 'scripted-model' });
    expect(report.attempts.map((a) => a.verdict)).toEqual(['accepted']);
    expect(report.attempts[0]!.tokens).toEqual({ input: 3300, output: 96 });
    expect(report.tokens).toEqual({ input: 3300, output: 96 });
    expect(report.attempts[0]!.detail).toMatchObject({ requests: 3, toolCalls: 2, stop: 'accepted' });
    expect(project.repo.read('src/calc.js')).toContain('return a + b;');
    expect(project.repo.git('rev-parse', 'HEAD~1').trim()).toBe(head);
    expect(report.commit?.message).toMatch(/adds/);
    // What the model was sent: the key in the header, the rules, the failing test and its line.
    expect(server.requests).toHaveLength(3);
    const first = server.requests[0]!;
    expect(first.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(first.body.messages[0].content).toMatch(/Never edit, delete, skip or weaken a test/);
    const prompt = userPrompt(server, 0);
    expect(prompt).toContain('Attempt 1 of 3');
    expect(prompt).toContain('-1 !== 3');
    expect(prompt).toContain('test/calc.test.js:6');
    expect(prompt).toContain('`assert.equal(add(1, 2), 3)`');
    // The real host answered the read-only tools from the work tree.
    expect(toolResults(server, 1)[0]).toMatch(/src\/calc\.js:2:.*export function add\(a, b\) \{/);
    expect(toolResults(server, 2)[0]).toMatch(/return a - b;/);
  });

  it('wrong then right: the second attempt’s request carries the first attempt’s diff and failure', async () => {
    const { server, project } = await setup();
    server.reply(
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_WRONG)], {
        prompt_tokens: 1000,
        completion_tokens: 40,
      }),
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_FIX)], { prompt_tokens: 1500, completion_tokens: 40 }),
    );
    const report = await project.heal(openai(server), env);
    expect(report.result, report.reason).toBe('healed');
    expect(report.attempts.map((a) => a.verdict)).toEqual(['targets-failed', 'accepted']);
    expect(report.tokens).toEqual({ input: 2500, output: 80 });
    const second = userPrompt(server, 1);
    expect(second).toContain('Attempt 2 of 3');
    expect(second).toContain('Earlier attempts that failed (do not propose these again)');
    expect(second).toContain('## Attempt 1: targets-failed (changed src/calc.js)');
    expect(second).toContain('+  return a * b;');
    // The failure the wrong fix produced: 1 * 2 is 2, not 3.
    expect(second).toMatch(/Why it failed: .*(2|adds)/s);
  });

  it('the same patch proposed twice: the model is told it was tried and why it failed, and corrects itself', async () => {
    const { server, project } = await setup();
    server.reply(
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_WRONG)]),
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_WRONG)]),
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_FIX)]),
    );
    const report = await project.heal(openai(server), env);
    expect(report.result, report.reason).toBe('healed');
    expect(report.attempts.map((a) => a.verdict)).toEqual(['targets-failed', 'accepted']);
    expect(toolResults(server, 2)[0]).toMatch(
      /^ALREADY TRIED: these changes are the same as attempt 1, which failed: /,
    );
  });

  it('the same patch insisted on: not run again, recorded as a duplicate', async () => {
    const { server, project } = await setup();
    server.reply(
      ...Array.from({ length: 4 }, () => openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_WRONG)])),
    );
    server.reply(openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_FIX)]));
    const report = await project.heal({ ...openai(server), maxAttempts: 3 }, env);
    expect(report.attempts.map((a) => a.verdict)).toEqual(['targets-failed', 'duplicate', 'accepted']);
    expect(report.result).toBe('healed');
  });

  it('a fix that breaks a passing test is rejected and rolled back; the next attempt is told which test broke', async () => {
    const { server, project } = await setup();
    const before = project.files();
    const breaksMul = {
      path: 'src/calc.js',
      old: `${ADD_BUG}\nexport function mul(a, b) {\n  return a * b;\n}\n`,
      new: `${ADD_FIX}\nexport function mul(a, b) {\n  return a + b;\n}\n`,
    };
    server.reply(
      openaiToolCalls([replaceInFile(breaksMul.path, breaksMul.old, breaksMul.new)]),
      openaiText('I give up.'),
      openaiText('Still nothing.'),
      openaiText('Nothing.'),
    );
    const report = await project.heal({ ...openai(server), maxAttempts: 2 }, env);
    expect(report.result).toBe('unhealed');
    expect(report.attempts[0]!.verdict).toBe('broke-passing');
    expect(report.attempts[0]!.passToPass?.broken.join(' ')).toMatch(/multiplies/);
    expect(project.files()).toEqual(before);
    expect(userPrompt(server, 1)).toMatch(/Attempt 1: broke-passing/);
    expect(userPrompt(server, 1)).toMatch(/multiplies/);
  });

  it('edits to a test, .github/, outside the repo and through a symlink are refused, explained, and nothing is written', async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'self-heal-outside-'));
    try {
      const { server, project } = await setup({ '.github/workflows/ci.yml': 'on: push\n' });
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
      );
      const report = await project.heal({ ...openai(server), maxAttempts: 1 }, env);
      expect(report.result).toBe('unhealed');
      expect(report.attempts.map((a) => a.verdict)).toEqual(['rejected-edits']);
      expect(toolResults(server, 1)[0]).toMatch(/^REFUSED: .*test/s);
      expect(toolResults(server, 2)[0]).toMatch(/^REFUSED: .*\.github/s);
      expect(project.files()).toEqual(before);
      expect(existsSync(path.join(path.dirname(project.repo.root), 'escape.js'))).toBe(false);
      expect(existsSync(path.join(outside, 'evil.js'))).toBe(false);
      expect(report.attempts[0]!.feedback).toMatch(/escape\.js|vendor-link/);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('a secret printed by a test never reaches the model', async () => {
    const secret = 'deploy-secret-5f1e2d3c4b';
    const shaped = `ghp_${'Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp9Oo8'}`;
    const { server, project } = await setup({
      'test/leak.test.js': [
        "import { test } from 'node:test';",
        "import assert from 'node:assert/strict';",
        "import { add } from '../src/calc.js';",
        "test('adds with credentials', () => {",
        `  console.log('token in use: ' + process.env.DEPLOY_TOKEN + ' and ${shaped}');`,
        `  assert.equal(add(2, 2), 4, 'auth ' + process.env.DEPLOY_TOKEN + ' ${shaped}');`,
        '});',
        '',
      ].join('\n'),
    });
    server.reply(
      openaiToolCalls([{ name: 'read_file', arguments: { path: 'test/leak.test.js' } }]),
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_FIX)]),
    );
    const report = await project.heal(openai(server), { ...env, DEPLOY_TOKEN: secret });
    expect(report.result, report.reason).toBe('healed');
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
    for (const request of server.requests) {
      expect(request.raw).not.toContain(secret);
      expect(request.raw).not.toContain(shaped);
      expect(request.raw).not.toContain(KEY);
    }
    expect(JSON.stringify(report)).not.toContain(secret);
  });

  it('the cap reached: unhealed, every attempt recorded, the tree byte-identical', async () => {
    const { server, project } = await setup();
    const before = project.files();
    server.reply(
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_WRONG)]),
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, 'export function add(a, b) {\n  return a / b;\n}\n')]),
    );
    const report = await project.heal({ ...openai(server), maxAttempts: 2 }, env);
    expect(report.result).toBe('unhealed');
    expect(report.attempts.map((a) => a.verdict)).toEqual(['targets-failed', 'targets-failed']);
    expect(project.files()).toEqual(before);
    expect(project.repo.git('status', '--porcelain').trim()).toBe('');
    expect(server.pending()).toBe(0);
  });

  it('a 410 Gone ends the run at once as a configuration error saying the service was retired', async () => {
    const { server, project } = await setup();
    const before = project.files();
    server.reply(openaiError(410, 'GitHub Models is temporarily unavailable.', 'github_models_retirement_brownout'));
    const report = await project.heal(openai(server), env);
    expect(report.result).toBe('config-error');
    expect(report.reason).toMatch(/HTTP 410 Gone: this service has been retired/);
    expect(report.reason).not.toMatch(/tool calling/);
    expect(report.attempts.map((a) => a.verdict)).toEqual(['provider-error']);
    expect(server.requests).toHaveLength(1);
    expect(project.files()).toEqual(before);
  });

  it.skipIf(!hasPytest())('heals a pytest project: the prompt carries the Python failure', async () => {
    server = await startOpenAIServer({ apiKey: KEY });
    project = pyCalcProject();
    server.reply(
      openaiToolCalls([
        replaceInFile('calc.py', 'def add(a, b):\n    return a - b\n', 'def add(a, b):\n    return a + b\n'),
      ]),
    );
    const report = await project.heal(openai(server), env);
    expect(report.result, report.reason).toBe('healed');
    expect(project.repo.read('calc.py')).toContain('return a + b');
    const prompt = userPrompt(server, 0);
    expect(prompt).toMatch(/test_add/);
    expect(prompt).toMatch(/assert -1 == 3|assert add\(1, 2\) == 3/);
  });
});

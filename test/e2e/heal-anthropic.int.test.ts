import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { anthropicError, anthropicToolUse, startAnthropicServer } from '../helpers/anthropic-server.js';
import type { ScriptedServer } from '../helpers/scripted-http-server.js';
import { ADD_BUG, ADD_FIX, nodeCalcProject, type E2EProject } from './e2e-setup.js';

let server: ScriptedServer | undefined;
let project: E2EProject | undefined;
afterEach(async () => {
  await server?.close();
  project?.repo.cleanup();
  server = undefined;
  project = undefined;
});

describe('heal() through the Anthropic Messages API on loopback', () => {
  const KEY = 'sk-ant-api03-e2e0123456789abcdefghij';

  it('fixes the bug on the first attempt', async () => {
    server = await startAnthropicServer({ apiKey: KEY });
    project = nodeCalcProject();
    server.reply(
      anthropicToolUse(
        [{ name: 'replace_in_file', input: { path: 'src/calc.js', old_text: ADD_BUG, new_text: ADD_FIX } }],
        { input_tokens: 900, output_tokens: 45 },
        { thinking: 'add subtracts' },
      ),
    );
    const report = await project.heal({ provider: 'anthropic', baseUrl: server.baseUrl }, { ANTHROPIC_API_KEY: KEY });
    expect(report.result, report.reason).toBe('healed');
    expect(report.provider).toEqual({ name: 'anthropic', model: 'claude-sonnet-5-5' });
    expect(report.tokens).toEqual({ input: 900, output: 45 });
    expect(project.repo.read('src/calc.js')).toContain('return a + b;');
    const sent = server.requests[0]!;
    expect(sent.headers['x-api-key']).toBe(KEY);
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent.body.system).toMatch(/Never edit, delete, skip or weaken a test/);
    expect(sent.body.messages[0].content[0].text).toContain('-1 !== 3');
  });

  it('an auth error ends the run as provider-error with the hint, and leaves the tree as it was', async () => {
    server = await startAnthropicServer({ apiKey: KEY });
    project = nodeCalcProject();
    const before = project.files();
    const report = await project.heal(
      { provider: 'anthropic', baseUrl: server.baseUrl },
      { ANTHROPIC_API_KEY: 'sk-ant-api03-revoked000000000000000' },
    );
    expect(report.result).toBe('provider-error');
    expect(report.reason).toMatch(/HTTP 401/);
    expect(report.reason).toContain('ANTHROPIC_API_KEY');
    expect(report.reason).not.toContain('revoked000');
    expect(report.attempts.map((a) => a.verdict)).toEqual(['provider-error']);
    // Not retried: one request.
    expect(server.requests).toHaveLength(1);
    expect(project.files()).toEqual(before);
  });

  it('an overloaded API is retried and the attempt still succeeds', async () => {
    server = await startAnthropicServer({ apiKey: KEY });
    project = nodeCalcProject();
    server.reply(
      anthropicError(529, 'overloaded_error', 'Overloaded', { 'retry-after': '0' }),
      anthropicToolUse([
        { name: 'replace_in_file', input: { path: 'src/calc.js', old_text: ADD_BUG, new_text: ADD_FIX } },
      ]),
    );
    const report = await project.heal({ provider: 'anthropic', baseUrl: server.baseUrl }, { ANTHROPIC_API_KEY: KEY });
    expect(report.result, report.reason).toBe('healed');
    expect(server.requests).toHaveLength(2);
    expect(project.logger.lines.some((l) => /HTTP 529.*retrying/.test(l))).toBe(true);
  });
});

describe('heal() naming the retired github-models provider', () => {
  it('stops before any test runs, with the date and what to use instead', async () => {
    project = nodeCalcProject();
    const token = 'ghs_e2eWorkflowToken0123456789abcdefghij';
    const report = await project.heal({ provider: 'github-models' }, { GITHUB_TOKEN: token });
    expect(report.result).toBe('config-error');
    expect(report.reason).toMatch(/GitHub retired GitHub Models on 2026-07-30/);
    expect(report.reason).toMatch(/provider copilot/);
    expect(report.reason).not.toContain(token);
    // No test ran: the baseline's report folder was never written.
    expect(report.summary.total).toBe(0);
    expect(existsSync(path.join(project.repo.root, 'reports'))).toBe(false);
  });
});

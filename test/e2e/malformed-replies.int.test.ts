/**
 * Issue 25, rule 4: a malformed reply is a refused reply, not a crashed run. Tool arguments nested
 * 200,000 deep (OpenAI: a JSON string; Anthropic: the `input` object itself) are refused for that
 * reply and the model is told, within the usual correction count; an answer of 10,000 edits keeps
 * the first ones and the log says how many were dropped, and why. Real heal() runs against loopback
 * servers speaking each API.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startAnthropicServer, anthropicToolUse } from '../helpers/anthropic-server.js';
import { openaiToolCalls, replaceInFile, startOpenAIServer } from '../helpers/openai-server.js';
import type { ScriptedServer } from '../helpers/scripted-http-server.js';
import { ADD_BUG, ADD_FIX, nodeCalcProject, type E2EProject } from './e2e-setup.js';

const DEPTH = 200_000;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;

let server: ScriptedServer | undefined;
let project: E2EProject | undefined;
afterEach(async () => {
  await server?.close();
  project?.repo.cleanup();
  server = undefined;
  project = undefined;
});

describe('a malformed reply is refused, not a crash', () => {
  it('OpenAI: tool arguments nested 200,000 deep', { timeout: 240_000 }, async () => {
    const key = 'sk-e2e-0123456789abcdefghijklmn';
    const s = await startOpenAIServer({ apiKey: key });
    server = s;
    project = nodeCalcProject();
    s.reply(
      openaiToolCalls([{ name: 'replace_in_file', arguments: `{"path":${deepArray},"old_text":"a","new_text":"b"}` }]),
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_FIX)]),
    );
    const report = await project.heal(
      { provider: 'openai', baseUrl: s.apiBase, model: 'scripted-model' },
      { SELF_HEAL_API_KEY: key },
    );
    expect(report.result, report.reason).toBe('healed');
    expect(report.attempts.map((a) => a.verdict)).toEqual(['accepted']);
    // The model was told, in the tool result of the refused call.
    const told = JSON.stringify(s.requests[1]!.body.messages.at(-1));
    expect(told).toMatch(/nested deeper than 64 levels/);
  });

  it('Anthropic: a tool_use input nested 200,000 deep', { timeout: 240_000 }, async () => {
    const key = 'sk-ant-api03-e2e0123456789abcdefghij';
    const s = await startAnthropicServer({ apiKey: key });
    server = s;
    project = nodeCalcProject();
    // Written by hand: JSON.stringify itself cannot write it.
    s.reply(
      {
        body: `{"id":"msg_1","type":"message","role":"assistant","model":"scripted","content":[{"type":"tool_use","id":"toolu_deep","name":"replace_in_file","input":{"path":${deepArray},"old_text":"a","new_text":"b"}}],"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":120,"output_tokens":30}}`,
        headers: { 'content-type': 'application/json' },
      },
      anthropicToolUse([
        { name: 'replace_in_file', input: { path: 'src/calc.js', old_text: ADD_BUG, new_text: ADD_FIX } },
      ]),
    );
    const report = await project.heal({ provider: 'anthropic', baseUrl: s.baseUrl }, { ANTHROPIC_API_KEY: key });
    expect(report.result, report.reason).toBe('healed');
    expect(report.attempts.map((a) => a.verdict)).toEqual(['accepted']);
    const told = JSON.stringify(s.requests[1]!.body.messages.at(-1));
    expect(told).toMatch(/nested deeper than 64 levels/);
    // What went back as the assistant's turn is bounded too.
    expect(s.requests[1]!.raw.length).toBeLessThan(100_000);
  });

  it(
    'says in the log how many edits of an answer were dropped over the bound, and why',
    { timeout: 240_000 },
    async () => {
      const key = 'sk-e2e-0123456789abcdefghijklmn';
      const s = await startOpenAIServer({ apiKey: key });
      server = s;
      project = nodeCalcProject();
      const creates = Array.from({ length: 10_000 }, (_, i) => ({
        name: 'replace_in_file',
        arguments: { path: `src/gen/f${i}.js`, old_text: '', new_text: `export const f${i} = ${i};\n` },
      }));
      s.reply(openaiToolCalls(creates), openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_FIX)]));
      const report = await project.heal(
        { provider: 'openai', baseUrl: s.apiBase, model: 'scripted-model', maxAttempts: 2 },
        { SELF_HEAL_API_KEY: key },
      );
      expect(report.reason).not.toMatch(/call stack/);
      const line = project.logger.lines.find((l) => /dropped/.test(l));
      expect(line).toMatch(
        /9,968 of the 10,000 tool calls of one answer were dropped: self-heal reads at most 32 an answer/,
      );
    },
  );
});

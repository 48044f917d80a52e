import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCommandProvider } from '../../../src/repair/providers/command.js';
import { agentEnvironment } from '../../../src/workspace/child-env.js';
import { createTempRepo, type TempRepo } from '../../helpers/git-repo.js';
import { ProviderError, type RepairHost, type RepairRequest } from '../../../src/repair/provider.js';

let repo: TempRepo;
let root: string;
let logs: string[];
beforeEach(() => {
  repo = createTempRepo({ files: { 'README.md': '# r\n' } });
  root = repo.root;
  logs = [];
});
afterEach(() => repo.cleanup());

const host = (): RepairHost => ({
  root,
  checkEdits: async () => ({ ok: true, problems: [] }),
  readFile: async () => '',
  search: async () => '',
  tryCandidate: async () => ({ targetsPassed: 0, targetsTotal: 0, feedback: '' }),
  triedDiffs: new Set(),
  log: (m) => logs.push(m),
});

const request: RepairRequest = {
  attempt: 2,
  maxAttempts: 3,
  failures: [],
  prompt: { system: 'rules', user: 'fix it', estimatedTokens: 3 },
  history: [],
  budget: { inputTokens: 1000, outputTokens: 100, deadline: Date.now() + 60_000 },
  ranking: {
    source: 'spectrum',
    note: 'recorded by python in 1 s: 1 failing and 2 passing tests',
    perTest: true,
    files: [{ file: 'calc.py', score: 1 }],
    functions: [
      {
        file: 'calc.py',
        name: 'add',
        startLine: 1,
        endLine: 2,
        score: 0.70710678,
        why: 'run by the failing test, by 1 of the 2 passing ones',
        lines: [2, 1],
      },
    ],
    lines: [],
  },
};

describe('agentEnvironment', () => {
  it('withholds credentials unless listed in SELF_HEAL_AGENT_ENV', () => {
    const env = agentEnvironment(
      {
        PATH: '/bin',
        HOME: '/home/u',
        GITHUB_TOKEN: 'ghs_x',
        OPENAI_API_KEY: 'sk-1',
        NPM_TOKEN: 'n',
        AWS_SECRET_ACCESS_KEY: 'a',
        DB_PASSWORD: 'p',
        INPUT_API_KEY: 'i',
        ACTIONS_RUNTIME_TOKEN: 'r',
        INNOCENT_LOOKING: 'the-step-api-key-value',
        SELF_HEAL_AGENT_ENV: 'OPENAI_API_KEY',
      },
      { secrets: ['the-step-api-key-value'] },
    );
    expect(env).toEqual({
      PATH: '/bin',
      HOME: '/home/u',
      OPENAI_API_KEY: 'sk-1',
      SELF_HEAL_AGENT_ENV: 'OPENAI_API_KEY',
    });
  });
});

describe('createCommandProvider', () => {
  it.each(['auto', 'copy'] as const)(
    'runs the agent on a view of the root (%s), SELF_HEAL_CONTEXT outside it, and reads SELF_HEAL_RESULT',
    async (isolation) => {
      const script = `node -e "
      const fs = require('fs');
      const ctx = JSON.parse(fs.readFileSync(process.env.SELF_HEAL_CONTEXT, 'utf8'));
      fs.writeFileSync('seen.json', JSON.stringify({ cwd: process.cwd(), ctxPath: process.env.SELF_HEAL_CONTEXT, ctx, token: process.env.GITHUB_TOKEN ?? null }));
      fs.writeFileSync(process.env.SELF_HEAL_RESULT, JSON.stringify({ notes: 'changed calc', usage: { input: 12, output: 3 } }));
      console.log('agent says hi');
    "`;
      const provider = createCommandProvider({
        agentCommand: script,
        timeoutMs: 30_000,
        env: { ...repo.env, GITHUB_TOKEN: 'ghs_secret' },
        isolation,
      });
      const answer = await provider.propose(request, host());
      expect(answer).toMatchObject({
        edits: [],
        editedInPlace: true,
        usage: { input: 12, output: 3 },
        notes: 'changed calc',
      });
      // The agent's new file came back into the real tree.
      const seen = JSON.parse(readFileSync(path.join(root, 'seen.json'), 'utf8'));
      // In the sandbox the agent works at the tree's own path; the copy is elsewhere.
      if (isolation === 'copy') expect(seen.cwd).not.toBe(root);
      expect(path.relative(seen.cwd, seen.ctxPath).startsWith('..')).toBe(true);
      expect(seen.ctx).toEqual({
        attempt: 2,
        maxAttempts: 3,
        failures: [],
        history: [],
        prompt: request.prompt,
        // The run's fault ranking, as every provider reads it.
        localisation: {
          source: 'spectrum',
          note: 'recorded by python in 1 s: 1 failing and 2 passing tests',
          functions: [
            {
              file: 'calc.py',
              name: 'add',
              startLine: 1,
              endLine: 2,
              score: 0.707,
              why: 'run by the failing test, by 1 of the 2 passing ones',
              lines: [2, 1],
            },
          ],
        },
        root: seen.cwd,
      });
      expect(seen.token).toBeNull();
      expect(logs.join('\n')).toContain('agent says hi');
    },
  );

  it('turns failures into ProviderErrors: retryable exit codes, non-retryable 127, timeouts', async () => {
    const fail = createCommandProvider({ agentCommand: 'echo broke >&2; exit 4', timeoutMs: 30_000, env: process.env });
    await expect(fail.propose(request, host())).rejects.toMatchObject({
      kind: 'bad-response',
      retryable: true,
      message: expect.stringMatching(/failed \(exit 4\).*broke/),
    });
    const missing = createCommandProvider({
      agentCommand: 'definitely-not-an-agent-xyz',
      timeoutMs: 30_000,
      env: process.env,
    });
    await expect(missing.propose(request, host())).rejects.toMatchObject({ kind: 'config', retryable: false });
    const slow = createCommandProvider({ agentCommand: 'sleep 20', timeoutMs: 300, env: process.env });
    const error = await slow.propose(request, host()).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toMatch(/timed out/);
  });

  it('ignores an invalid or oversized result file', async () => {
    writeFileSync(path.join(root, 'x'), '');
    const provider = createCommandProvider({
      agentCommand: `printf '{"usage":{"input":-1}}' > "$SELF_HEAL_RESULT"`,
      timeoutMs: 30_000,
      env: process.env,
    });
    const answer = await provider.propose(request, host());
    expect(answer.usage).toEqual({ input: 0, output: 0 });
    expect(logs.join('\n')).toMatch(/ignored SELF_HEAL_RESULT/);
    expect(() => createCommandProvider({ agentCommand: '  ', timeoutMs: 1, env: {} })).toThrow(ProviderError);
  });
});

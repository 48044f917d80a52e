/**
 * The `command` provider: an external agent (aider, a script, anything) edits the work tree in
 * place. It runs `agentCommand` with `sh -c` in the repository root, with `SELF_HEAL_CONTEXT`
 * naming a JSON file (outside the repository) that holds `{attempt, maxAttempts, failures,
 * history, prompt, root}`. The loop then diffs the tree and puts every changed path through the
 * same guardrails as a model's edits; refused changes are rolled back.
 *
 * The agent may write `{"notes": "...", "usage": {"input": n, "output": n}}` to the file named by
 * `SELF_HEAL_RESULT` to report what it did and what it spent (optional, bounded, validated).
 *
 * Secrets: the agent does not inherit the step's credentials (`workspace/child-env.ts` decides):
 * variables that look like credentials (`*_TOKEN`, `*_API_KEY`, `*SECRET*`, `*PASSWORD*`, …), the
 * action's `INPUT_*` values, the runner's `ACTIONS_*` tokens and any variable whose value is one of
 * the known secret values are removed. An agent that needs a key gets it explicitly: list the
 * variable names in `SELF_HEAL_AGENT_ENV` (comma-separated), e.g. `SELF_HEAL_AGENT_ENV=OPENAI_API_KEY`,
 * or `--pass-env NAME`.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { runCommand } from '../../workspace/run-tests.js';
import { agentEnvironment } from '../../workspace/child-env.js';
import {
  ProviderError,
  type RepairAnswer,
  type RepairHost,
  type RepairProvider,
  type RepairRequest,
} from '../provider.js';

export interface CommandProviderOptions {
  agentCommand: string;
  /** Per agent run. */
  timeoutMs: number;
  /** The environment to derive the agent's from (credentials are removed, see above). */
  env: NodeJS.ProcessEnv;
  /** Secret values that must not reach the agent under any variable name. */
  secrets?: readonly string[];
  /** Variable names the user keeps for test runs and agents (`--pass-env`). */
  passEnv?: readonly string[];
  /** Bytes of the agent's output kept for the log. */
  maxOutputBytes?: number;
}

const MAX_RESULT_BYTES = 64 * 1024;
const LOG_TAIL_CHARS = 2_000;

const AgentResult = z.object({
  notes: z.string().max(8_000).optional(),
  usage: z.object({ input: z.number().int().nonnegative(), output: z.number().int().nonnegative() }).optional(),
});

function tail(text: string): string {
  const t = text.trimEnd();
  return t.length > LOG_TAIL_CHARS ? `…${t.slice(-LOG_TAIL_CHARS)}` : t;
}

function readResult(file: string, host: RepairHost): z.infer<typeof AgentResult> {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return {};
  }
  if (size > MAX_RESULT_BYTES) {
    host.log(`agent: ignored SELF_HEAL_RESULT (${size} bytes, more than ${MAX_RESULT_BYTES})`);
    return {};
  }
  try {
    const parsed = AgentResult.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
    host.log(`agent: ignored SELF_HEAL_RESULT: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  } catch (error) {
    host.log(`agent: ignored SELF_HEAL_RESULT: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {};
}

export function createCommandProvider(options: CommandProviderOptions): RepairProvider {
  if (!options.agentCommand.trim()) {
    throw new ProviderError(
      'the command provider needs --agent-command',
      'config',
      false,
      'Pass the shell command of your agent, e.g. --agent-command "my-agent fix".',
    );
  }
  const baseEnv = agentEnvironment(options.env, { secrets: options.secrets, pass: options.passEnv });
  return {
    name: 'command',
    async propose(request: RepairRequest, host: RepairHost): Promise<RepairAnswer> {
      // Outside the repository: the context must not show up as a change of the tree.
      const dir = mkdtempSync(path.join(os.tmpdir(), 'self-heal-agent-'));
      const contextFile = path.join(dir, 'context.json');
      const resultFile = path.join(dir, 'result.json');
      try {
        writeFileSync(
          contextFile,
          JSON.stringify(
            {
              attempt: request.attempt,
              maxAttempts: request.maxAttempts,
              failures: request.failures,
              history: request.history,
              prompt: request.prompt,
              root: host.root,
            },
            null,
            2,
          ),
        );
        const result = await runCommand({
          command: options.agentCommand,
          cwd: host.root,
          timeoutMs: options.timeoutMs,
          env: { ...baseEnv, SELF_HEAL_CONTEXT: contextFile, SELF_HEAL_RESULT: resultFile },
          maxOutputBytes: options.maxOutputBytes ?? 64 * 1024,
        });
        const seconds = (result.durationMs / 1000).toFixed(1);
        if (result.output.trim()) host.log(`agent output (last lines):\n${tail(result.output)}`);
        if (result.timedOut) {
          throw new ProviderError(
            `the agent command timed out after ${Math.round(options.timeoutMs / 1000)}s`,
            'server',
            true,
            'Raise --timeout or make the agent faster.',
          );
        }
        if (result.exitCode === 126 || result.exitCode === 127) {
          throw new ProviderError(
            `the agent command could not be run (exit ${result.exitCode}: not found or not executable): ${tail(result.output).slice(-300)}`,
            'config',
            false,
            'Check --agent-command: the program must be on PATH in the repository root.',
          );
        }
        if (result.exitCode !== 0) {
          throw new ProviderError(
            `the agent command failed (exit ${result.exitCode ?? `signal ${result.signal}`}) after ${seconds}s: ${tail(result.output).slice(-300)}`,
            'bad-response',
            true,
          );
        }
        const reported = readResult(resultFile, host);
        return {
          edits: [],
          editedInPlace: true,
          usage: reported.usage ?? { input: 0, output: 0 },
          notes: reported.notes,
          detail: { agentSeconds: Number(seconds) },
        };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The `command` provider: an external agent (aider, a script, anything) edits a view of the work
 * tree, never the tree itself (`workspace/agent-workspace.ts`: the sandbox's overlay at the tree's
 * own path where Linux offers it, a private copy elsewhere). It runs `agentCommand` with `sh -c` at
 * the view's root, with `SELF_HEAL_CONTEXT` naming a JSON file (outside the repository) that holds
 * `{attempt, maxAttempts, failures, history, prompt, localisation, root}`. What git would deliver of its changes
 * is written into the real tree, where the loop diffs it and puts every changed path through the
 * same guardrails as a model's edits; the rest (`.git`, ignored files, dependency folders, deleting
 * the user's untracked files) is refused and reported. An agent that wrote outside its view (no
 * sandbox) ends the run with what could and could not be undone.
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
import { z } from 'zod';
import { runAgentIsolated, type AgentRun, type Isolation } from '../../workspace/agent-workspace.js';
import { agentEnvironment } from '../../workspace/child-env.js';
import {
  ProviderError,
  type RepairAnswer,
  type RepairHost,
  type RepairProvider,
  type RepairRequest,
} from '../provider.js';
import type { FaultRanking } from '../ranking/ranking.js';

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
  /** Keep the agent's changes under dependency folders (`node_modules`, virtual envs). */
  allowDependencyChanges?: boolean;
  /** `copy` skips the sandbox where it is available (tests of the fallback). */
  isolation?: Isolation;
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

function readResult(run: AgentRun, host: RepairHost): z.infer<typeof AgentResult> {
  if (run.agentResultTooLarge !== undefined) {
    host.log(`agent: ignored SELF_HEAL_RESULT (${run.agentResultTooLarge} bytes, more than ${MAX_RESULT_BYTES})`);
    return {};
  }
  if (run.agentResult === null) return {};
  try {
    const parsed = AgentResult.safeParse(JSON.parse(run.agentResult));
    if (parsed.success) return parsed.data;
    host.log(`agent: ignored SELF_HEAL_RESULT: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  } catch (error) {
    host.log(`agent: ignored SELF_HEAL_RESULT: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {};
}

function listed(items: readonly string[], max = 10): string {
  return `${items.slice(0, max).join(', ')}${items.length > max ? `, and ${items.length - max} more` : ''}`;
}

/** Say where the agent ran and what of its work was not applied; the lines go to the log and the attempt. */
function describeRun(run: AgentRun, host: RepairHost): string[] {
  host.log(
    run.isolation === 'sandbox'
      ? 'agent: ran in the sandbox (overlays on the work tree and $HOME, its own pid namespace)'
      : `agent: ran on a copy of the work tree; no sandbox: ${run.noSandbox}`,
  );
  const lines: string[] = [];
  for (const r of run.refused) lines.push(`not applied: \`${r.path}\`: ${r.reason}`);
  if (run.dependencies.length)
    lines.push(`kept in dependency folders (not in the commit): ${listed(run.dependencies)}`);
  if (run.outside.length) lines.push(`written outside the work tree (discarded): ${listed(run.outside)}`);
  for (const line of lines) host.log(`agent: ${line}`);
  return lines;
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
      const run = await runAgentIsolated({
        root: host.root,
        command: options.agentCommand,
        timeoutMs: options.timeoutMs,
        env: baseEnv,
        gitEnv: options.env,
        context: {
          attempt: request.attempt,
          maxAttempts: request.maxAttempts,
          failures: request.failures,
          ...(request.diagnostics?.length ? { diagnostics: request.diagnostics } : {}),
          history: request.history,
          prompt: request.prompt,
          ...(request.ranking ? { localisation: contextRanking(request.ranking) } : {}),
        },
        maxOutputBytes: options.maxOutputBytes ?? 64 * 1024,
        allowDependencyChanges: options.allowDependencyChanges,
        isolation: options.isolation,
      });
      const result = run.result;
      const seconds = (result.durationMs / 1000).toFixed(1);
      if (result.output.trim()) host.log(`agent output (last lines):\n${tail(result.output)}`);
      const notApplied = describeRun(run, host);
      const failure = runFailure(run, options.timeoutMs, seconds);
      if (failure) throw failure;
      return answerOf(run, host, notApplied, seconds);
    },
  };
}

/** Why the agent's run gives no answer: it wrote outside its view, timed out, could not start, or failed. */
function runFailure(run: AgentRun, timeoutMs: number, seconds: string): ProviderError | undefined {
  const { result } = run;
  const { undone, notUndone } = run.escaped;
  if (undone.length + notUndone.length > 0) {
    return new ProviderError(
      `the agent wrote outside the copy of the work tree it was given (${listed([...notUndone, ...undone])})${notUndone.length ? `; this could not be undone: ${listed(notUndone)}` : '; it was undone'}`,
      'bad-response',
      false,
      'An agent must change only the files under the root it is given. Where Linux offers unprivileged user namespaces, self-heal runs it in a sandbox that contains such writes.',
    );
  }
  if (result.timedOut) {
    return new ProviderError(
      `the agent command timed out after ${Math.round(timeoutMs / 1000)}s`,
      'server',
      true,
      'Raise --timeout or make the agent faster.',
    );
  }
  if (result.exitCode === 126 || result.exitCode === 127) {
    return new ProviderError(
      `the agent command could not be run (exit ${result.exitCode}: not found or not executable): ${tail(result.output).slice(-300)}`,
      'config',
      false,
      'Check --agent-command: the program must be on PATH in the repository root.',
    );
  }
  if (result.exitCode !== 0) {
    return new ProviderError(
      `the agent command failed (exit ${result.exitCode ?? `signal ${result.signal}`}) after ${seconds}s: ${tail(result.output).slice(-300)}`,
      'bad-response',
      true,
    );
  }
  return undefined;
}

/** The answer of a run that succeeded: the tree was edited in place; what it reported and what was not applied. */
function answerOf(run: AgentRun, host: RepairHost, notApplied: string[], seconds: string): RepairAnswer {
  const reported = readResult(run, host);
  const notes = [reported.notes, notApplied.length ? `self-heal: ${notApplied.join('; ')}` : undefined]
    .filter(Boolean)
    .join('\n');
  return {
    edits: [],
    editedInPlace: true,
    usage: reported.usage ?? { input: 0, output: 0 },
    ...(notes ? { notes } : {}),
    detail: {
      agentSeconds: Number(seconds),
      isolation: run.isolation,
      ...(run.refused.length ? { notApplied: run.refused.slice(0, 50) } : {}),
      ...(run.dependencies.length ? { dependencyChanges: run.dependencies.slice(0, 50) } : {}),
      ...(run.outside.length ? { writtenOutside: run.outside.slice(0, 50) } : {}),
    },
  };
}

/** Functions of the ranking written to the context file (the prompt packs what its budget holds). */
const CONTEXT_FUNCTIONS = 10;

/** The run's fault ranking as the context file carries it: where it came from and its top functions. */
function contextRanking(ranking: FaultRanking): Record<string, unknown> {
  return {
    source: ranking.source,
    note: ranking.note,
    functions: ranking.functions.slice(0, CONTEXT_FUNCTIONS).map((f) => ({
      file: f.file,
      ...(f.name ? { name: f.name } : {}),
      startLine: f.startLine,
      endLine: f.endLine,
      score: Math.round(f.score * 1000) / 1000,
      why: f.why,
      lines: f.lines.slice(0, 5),
    })),
  };
}

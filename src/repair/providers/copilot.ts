/**
 * `--provider copilot`: GitHub Copilot through the official `@github/copilot-sdk`, which drives the
 * Copilot runtime (a separate process, see `copilot/copilot-runtime.ts` for where it comes from).
 *
 * One session per attempt. The session gets self-heal's own system prompt and packed context and
 * only self-heal's three tools (read_file, search, replace_in_file), answered here through the
 * RepairHost (guardrails, secret scrubbing, bounds) exactly as for the chat providers; the runtime's
 * shell, file, web and MCP tools are not offered, and a call to one gets "does not exist". The three
 * are declared as overriding the runtime's built-ins of the same name: without that, the runtime's own
 * `read_file` (other arguments, confined to the empty config home) answered instead. The runtime
 * runs in a fresh temporary config home (no user settings, MCP servers or session store take part)
 * with an environment that holds no credential but the token it is given.
 *
 * Auth: the token given (the action's github-token), else COPILOT_GITHUB_TOKEN, GH_TOKEN, GITHUB_TOKEN;
 * outside CI without a token, a logged-in Copilot CLI (then the user's own config home is used).
 * `base-url` + `api-key` switch the session to BYOK: the same runtime talks to that endpoint.
 *
 * Budgets: the attempt's tokens (from the runtime's usage events) and deadline stop the session; a
 * session that keeps calling tools is stopped too. Once a stop is decided, tool answers wait for the
 * abort to cancel them, so the runtime makes no further model request. The prompt budget comes from the model's real limit
 * (Copilot's model list, or the limit the runtime reports for a BYOK session).
 */
import type { SessionEvent, Tool, ToolInvocation } from '@github/copilot-sdk';
import type { Edit, EditProblem } from '../../contracts/edit.js';
import type { TokenUsage } from '../../contracts/heal-report.js';
import { createScrubber } from '../../text/secrets.js';
import { truncateToTokens } from '../../text/token-estimate.js';
import { fillTemplate, promptBudgetFor } from '../prompt.js';
import {
  EDIT_ACCEPTED,
  EDIT_DUPLICATE,
  EDIT_INVALID,
  NO_EDITS_NUDGE,
  TOOL_CAP_REACHED,
} from '../prompts/repair-feedback.js';
import {
  ProviderError,
  type PrepareContext,
  type RepairAnswer,
  type RepairHost,
  type RepairProvider,
  type RepairRequest,
} from '../provider.js';
import { firstSet } from '../chat/chat-provider.js';
import type { ConversationLimits } from '../chat/repair-conversation.js';
import {
  answerReadCall,
  parseReplaceCall,
  READ_FILE,
  REPAIR_TOOLS,
  REPLACE_IN_FILE,
  SEARCH,
} from '../chat/repair-tools.js';
import { parseSearchReplaceBlocks } from '../chat/search-replace-blocks.js';
import { findTriedAttempt } from '../chat/tried-edits.js';
import { describeEditProblem } from '../chat/edit-feedback.js';
import { copilotTokenFrom, resolveAuth } from '../copilot/copilot-auth.js';
import { startCopilotClient, type StartedClient } from '../copilot/copilot-client.js';
import { copilotError, failureOf, runtimeError } from '../copilot/copilot-errors.js';
import { readPromptLimit } from '../copilot/copilot-models.js';
import { resolveCopilotRuntime, type ResolvedRuntime, type RuntimeCache } from '../copilot/copilot-runtime.js';
import { plural } from '../../text/format.js';

export interface CopilotProviderOptions {
  model?: string;
  /** BYOK: an OpenAI-compatible (or Azure, Anthropic) endpoint instead of GitHub's. */
  baseUrl?: string;
  /** BYOK: that endpoint's key. */
  apiKey?: string;
  /** The token for Copilot (the action's github-token); else read from `env`. */
  githubToken?: string;
  copilotPath?: string;
  env: NodeJS.ProcessEnv;
  secrets?: string[];
  runtimeCache?: RuntimeCache;
  limits?: Partial<ConversationLimits>;
}

/** The chat conversation's limits (one meaning for both), with the Copilot session's own defaults. */
const DEFAULT_COPILOT_LIMITS: ConversationLimits = {
  maxToolCalls: 8,
  maxCorrections: 2,
  maxRequests: 12,
  maxToolResultTokens: 3_000,
};

const TOOL_NAMES = [READ_FILE, SEARCH, REPLACE_IN_FILE];
const MAX_NOTES_CHARS = 4_000;
const LIVENESS_PROBE_MS = 1_000;
const STOP_HOLD_MS = 3_000;

type StopReason = 'accepted' | 'no-edits' | 'corrections-exhausted' | 'request-cap' | 'token-budget' | 'deadline';

export { copilotTokenFrom };

export function createCopilotProvider(options: CopilotProviderOptions): RepairProvider {
  const auth = resolveAuth(options);
  const limits = { ...DEFAULT_COPILOT_LIMITS, ...options.limits };
  const scrub = createScrubber(
    [auth.token ?? '', auth.byok?.apiKey ?? '', ...(options.secrets ?? [])].filter((s) => s.length > 0),
  );
  const requestedModel = firstSet(options.model);
  let runtime: ResolvedRuntime | undefined;
  /** The model's prompt limit: Copilot's model list, then what the runtime reports per session. */
  let promptLimit: number | undefined;
  let answeredModel: string | undefined;
  const label = auth.byok ? `Copilot (BYOK ${auth.byok.type})` : 'GitHub Copilot';
  const errorContext = { model: requestedModel, byok: !!auth.byok, scrub };

  /** A client on a fresh config home; `stop` ends it and removes the home whatever happens. */
  async function startClient(): Promise<StartedClient> {
    runtime ??= await resolveCopilotRuntime({
      copilotPath: options.copilotPath,
      env: options.env,
      cache: options.runtimeCache,
      log: () => {},
    });
    return startCopilotClient({ runtimePath: runtime.path, auth, env: options.env, scrub });
  }

  async function prepare(context: PrepareContext): Promise<void> {
    const started = Date.now();
    runtime = await resolveCopilotRuntime({
      copilotPath: options.copilotPath,
      env: options.env,
      cache: options.runtimeCache,
      log: (m) => context.log(m),
    });
    context.log(
      `copilot: runtime from ${runtime.source} (${runtime.path})${runtime.installMs !== undefined ? `, installed in ${(runtime.installMs / 1000).toFixed(1)} s` : ''}`,
    );
    const { client, stop } = await startClient();
    try {
      promptLimit = await readPromptLimit(client, !!auth.byok, options.env, errorContext);
      context.log(
        `copilot: ${label} ready in ${((Date.now() - started) / 1000).toFixed(1)} s; model ${requestedModel ?? 'chosen by Copilot'}, prompt limit ${promptLimit ?? 'unknown'} tokens`,
      );
    } finally {
      await stop();
    }
  }

  async function propose(request: RepairRequest, host: RepairHost): Promise<RepairAnswer> {
    const usage: TokenUsage = { input: 0, output: 0 };
    let held: Edit[] = [];
    /** The latest full set checked, returned when corrections run out so the loop records the refusal. */
    let lastProposed: Edit[] = [];
    let lastProblems: EditProblem[] = [];
    /** The model call whose answer was last corrected: several refused calls of one answer are one round. */
    let correctedAt = -1;
    let toolCalls = 0;
    let corrections = 0;
    let modelCalls = 0;
    let notes = '';
    let stopReason: StopReason | undefined;
    let stopSession: ((reason: StopReason) => void) | undefined;
    const models = new Set<string>();

    const { client, home, stop } = await startClient();
    const finish = (reason: StopReason): RepairAnswer => {
      host.log(
        `${label} ${answeredModel ?? requestedModel ?? ''}: ${plural(modelCalls, 'model call')}, ${plural(toolCalls, 'read/search call')}, ${plural(corrections, 'correction')}; ${reason}`,
      );
      return {
        // Edits kept when the budget stopped the session are verified like any other; after the last
        // correction, the refused set goes back so the loop records why.
        edits: reason === 'accepted' || reason === 'deadline' || lastProposed.length === 0 ? held : lastProposed,
        usage,
        notes: notes ? notes.slice(0, MAX_NOTES_CHARS) : undefined,
        detail: {
          provider: label,
          ...(answeredModel ? { model: answeredModel } : {}),
          ...(models.size > 1 ? { models: [...models] } : {}),
          requests: modelCalls,
          toolCalls,
          corrections,
          stop: reason,
          ...(promptLimit ? { promptLimit } : {}),
          ...(lastProblems.length > 0 && reason !== 'accepted'
            ? { problems: lastProblems.map((p) => ({ path: p.path, kind: p.kind, message: p.message.slice(0, 300) })) }
            : {}),
        },
      };
    };

    const stopWith = (reason: StopReason) => {
      stopReason ??= reason;
      stopSession?.(reason);
    };

    const readTool =
      (name: string) =>
      async (args: unknown): Promise<string> => {
        if (toolCalls >= limits.maxToolCalls) return fillTemplate(TOOL_CAP_REACHED, { cap: limits.maxToolCalls });
        toolCalls++;
        return answerReadCall(
          host,
          { id: '', name, arguments: isObject(args) ? args : undefined },
          { scrub, maxTokens: limits.maxToolResultTokens, cutNote: 'cut; ask for a narrower range' },
        );
      };

    /** replace_in_file: checked together with the edits already kept; kept when all match and it is new. */
    const correct = (text: string): string => {
      if (correctedAt !== modelCalls) {
        correctedAt = modelCalls;
        corrections++;
      }
      if (corrections > limits.maxCorrections) stopWith('corrections-exhausted');
      return text;
    };
    const checkProposal = async (edits: Edit[]): Promise<string | undefined> => {
      const all = [...held, ...edits];
      lastProposed = all;
      const check = await host.checkEdits(all);
      lastProblems = check.problems;
      if (check.ok && check.problems.length === 0) {
        const tried = findTriedAttempt(all, request.history);
        if (tried) {
          held = [];
          return correct(
            fillTemplate(EDIT_DUPLICATE, {
              n: tried.n,
              feedback: truncateToTokens(scrub(tried.feedback || tried.verdict), 200).trim(),
            }),
          );
        }
        held = all;
        return undefined;
      }
      const mine = check.problems.filter((p) => p.index >= held.length);
      return correct(
        (mine.length > 0 ? mine : check.problems)
          .map((p) => describeEditProblem(p, all[p.index] ?? edits[0]!, scrub))
          .join('\n'),
      );
    };
    const replaceTool = async (args: unknown): Promise<string> => {
      const parsed = parseReplaceCall({ id: '', name: REPLACE_IN_FILE, arguments: isObject(args) ? args : undefined });
      if (!parsed.ok) return correct(fillTemplate(EDIT_INVALID, { reason: parsed.reason }));
      const problem = await checkProposal([parsed.value]);
      return problem ?? fillTemplate(EDIT_ACCEPTED, { path: parsed.value.path });
    };

    /**
     * Once the session is being stopped, a tool's answer is held until the runtime cancels the call
     * (the invocation's signal), so that the abort reaches it first and no further model request is
     * made on the way; a runtime that does not cancel gets the answer after STOP_HOLD_MS.
     */
    const holdWhileStopping =
      (handler: (args: unknown) => Promise<string>) =>
      async (args: unknown, invocation: ToolInvocation): Promise<string> => {
        const text = await handler(args);
        if (stopReason) await untilAborted(invocation.signal, STOP_HOLD_MS);
        return text;
      };
    const tools: Tool[] = REPAIR_TOOLS.map((spec) => ({
      name: spec.name,
      description: spec.description,
      parameters: spec.parameters,
      skipPermission: true,
      overridesBuiltInTool: true,
      handler: holdWhileStopping(spec.name === REPLACE_IN_FILE ? replaceTool : readTool(spec.name)),
    }));

    type Outcome = { kind: 'idle' } | { kind: 'stopped' } | { kind: 'error'; error: ProviderError };
    let settleTurn: ((outcome: Outcome) => void) | undefined;
    const onEvent = (event: SessionEvent) => {
      switch (event.type) {
        case 'assistant.usage': {
          modelCalls++;
          usage.input += event.data.inputTokens ?? 0;
          usage.output += event.data.outputTokens ?? 0;
          answeredModel = event.data.model;
          models.add(event.data.model);
          if (usage.input >= request.budget.inputTokens || usage.output >= request.budget.outputTokens)
            stopWith('token-budget');
          else if (modelCalls >= limits.maxRequests) stopWith('request-cap');
          break;
        }
        case 'session.usage_info':
          if (event.data.tokenLimit > 0) promptLimit = event.data.tokenLimit;
          break;
        case 'assistant.message':
          if (event.data.content?.trim())
            notes = `${notes}${notes ? '\n' : ''}${event.data.content.trim()}`.slice(0, MAX_NOTES_CHARS);
          break;
        case 'session.idle':
          settleTurn?.({ kind: 'idle' });
          break;
        case 'session.error':
          settleTurn?.({
            kind: 'error',
            error: copilotError(
              {
                status: event.data.statusCode,
                type: event.data.errorType,
                code: event.data.errorCode,
                message: event.data.message,
              },
              errorContext,
            ),
          });
          break;
        default:
          break;
      }
    };

    try {
      const session = await client
        .createSession({
          ...(requestedModel ? { model: requestedModel } : {}),
          // The loop scrubbed the prompt; the provider's own credentials are taken out once more.
          systemMessage: { mode: 'replace', content: scrub(request.prompt.system) },
          tools,
          availableTools: TOOL_NAMES,
          onPermissionRequest: (permission) =>
            permission.kind === 'custom-tool' &&
            TOOL_NAMES.includes(String((permission as { toolName?: unknown }).toolName))
              ? { kind: 'approve-once' }
              : { kind: 'reject', feedback: 'Only read_file, search and replace_in_file are available.' },
          workingDirectory: home,
          infiniteSessions: { enabled: false },
          enableSessionStore: false,
          memory: { enabled: false },
          enableSkills: false,
          skipCustomInstructions: true,
          enableConfigDiscovery: false,
          enableHostGitOperations: false,
          disabledMcpServers: ['github-mcp-server'],
          ...(auth.byok ? { provider: { ...auth.byok, wireApi: 'completions' as const } } : {}),
          onEvent,
        })
        .catch((error: unknown) => {
          throw copilotError(failureOf(error), errorContext);
        });

      let prompt = scrub(request.prompt.user);
      for (;;) {
        const outcome = await new Promise<Outcome>((resolve) => {
          const timers: NodeJS.Timeout[] = [];
          const settle = (o: Outcome) => {
            settleTurn = undefined;
            stopSession = undefined;
            for (const t of timers) clearTimeout(t);
            resolve(o);
          };
          settleTurn = settle;
          stopSession = () => {
            void session.abort().catch(() => {});
            settle({ kind: 'stopped' });
          };
          if (stopReason) return stopSession(stopReason);
          timers.push(setTimeout(() => stopWith('deadline'), Math.max(1, request.budget.deadline - Date.now())));
          // The runtime may die without an event: a probe that fails means the connection is gone.
          const probe = () => {
            timers.push(
              setTimeout(() => {
                client.ping().then(probe, (error: unknown) =>
                  settle({
                    kind: 'error',
                    error: runtimeError('The Copilot runtime stopped during the attempt', error, scrub, true),
                  }),
                );
              }, LIVENESS_PROBE_MS),
            );
          };
          probe();
          session.send({ prompt }).catch((error: unknown) =>
            settle({
              kind: 'error',
              error: copilotError(failureOf(error), errorContext),
            }),
          );
        });
        if (outcome.kind === 'error') throw outcome.error;
        if (outcome.kind === 'stopped') return finish(stopReason ?? 'deadline');
        if (held.length > 0) return finish('accepted');
        // No tool edit: SEARCH/REPLACE blocks in the text, as the system prompt allows.
        const blocks = parseSearchReplaceBlocks(notes);
        if (blocks.edits.length > 0 && (await checkProposal(blocks.edits)) === undefined) return finish('accepted');
        if (corrections >= limits.maxCorrections) return finish('no-edits');
        corrections++;
        prompt = NO_EDITS_NUDGE;
        notes = '';
      }
    } finally {
      await stop();
    }
  }

  return {
    name: 'copilot',
    get model() {
      return answeredModel ?? requestedModel;
    },
    get maxPromptTokens() {
      return promptLimit ? promptBudgetFor(promptLimit) : undefined;
    },
    prepare,
    propose,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Resolves when `signal` aborts, or after `ms` (at once without a signal). */
function untilAborted(signal: AbortSignal | undefined, ms: number): Promise<void> {
  if (!signal || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * `--provider copilot`: GitHub Copilot through the official `@github/copilot-sdk`, which drives the
 * Copilot runtime (a separate process). One session per attempt, in a client on a fresh config home.
 * The parts live in `copilot/`:
 *
 * - copilot-runtime.ts: where the runtime comes from (copilot-path, PATH, the SDK package, an install);
 * - copilot-auth.ts: the token (or logged-in user) and the BYOK endpoint (`base-url` + `api-key`);
 * - copilot-client.ts: the client, its config home and its credential-free environment;
 * - copilot-models.ts: the prompt limit (Copilot's model list, or BYOK's default);
 * - copilot-session.ts: the session's configuration and its turns (deadline, liveness, nudges);
 * - copilot-events.ts: usage, prompt limit, text, idle and errors from the session's events;
 * - copilot-tools.ts: read_file, search and replace_in_file through the RepairHost, held while stopping;
 * - copilot-limits.ts: the attempt's limits and the token budget / request cap stop;
 * - copilot-attempt.ts: the attempt's state and its answer;
 * - copilot-errors.ts: what the runtime reports, as one ProviderError each.
 */
import { createScrubber } from '../../text/secrets.js';
import { promptBudgetFor } from '../prompt.js';
import type { PrepareContext, RepairAnswer, RepairHost, RepairProvider, RepairRequest } from '../provider.js';
import { firstSet } from '../chat/chat-provider.js';
import type { ConversationLimits } from '../chat/repair-conversation.js';
import { newAttempt, type CopilotModelState } from '../copilot/copilot-attempt.js';
import { copilotTokenFrom, resolveAuth } from '../copilot/copilot-auth.js';
import { startCopilotClient, type StartedClient } from '../copilot/copilot-client.js';
import { DEFAULT_COPILOT_LIMITS } from '../copilot/copilot-limits.js';
import { readPromptLimit } from '../copilot/copilot-models.js';
import { resolveCopilotRuntime, type ResolvedRuntime, type RuntimeCache } from '../copilot/copilot-runtime.js';
import { runSession } from '../copilot/copilot-session.js';

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

export { copilotTokenFrom };

export function createCopilotProvider(options: CopilotProviderOptions): RepairProvider {
  const auth = resolveAuth(options);
  const limits = { ...DEFAULT_COPILOT_LIMITS, ...options.limits };
  const scrub = createScrubber(
    [auth.token ?? '', auth.byok?.apiKey ?? '', ...(options.secrets ?? [])].filter((s) => s.length > 0),
  );
  const model: CopilotModelState = { requestedModel: firstSet(options.model) };
  const label = auth.byok ? `Copilot (BYOK ${auth.byok.type})` : 'GitHub Copilot';
  const errorContext = { model: model.requestedModel, byok: !!auth.byok, scrub };
  let runtime: ResolvedRuntime | undefined;

  const findRuntime = (log: (message: string) => void) =>
    resolveCopilotRuntime({ copilotPath: options.copilotPath, env: options.env, cache: options.runtimeCache, log });

  /** A client on a fresh config home; `stop` ends it and removes the home whatever happens. */
  async function startClient(): Promise<StartedClient> {
    runtime ??= await findRuntime(() => {});
    return startCopilotClient({ runtimePath: runtime.path, auth, env: options.env, scrub });
  }

  async function prepare(context: PrepareContext): Promise<void> {
    const started = Date.now();
    runtime = await findRuntime((m) => context.log(m));
    const installed =
      runtime.installMs !== undefined ? `, installed in ${(runtime.installMs / 1000).toFixed(1)} s` : '';
    context.log(`copilot: runtime from ${runtime.source} (${runtime.path})${installed}`);
    const { client, stop } = await startClient();
    try {
      model.promptLimit = await readPromptLimit(client, !!auth.byok, options.env, errorContext);
      context.log(
        `copilot: ${label} ready in ${((Date.now() - started) / 1000).toFixed(1)} s; model ${model.requestedModel ?? 'chosen by Copilot'}, prompt limit ${model.promptLimit ?? 'unknown'} tokens`,
      );
    } finally {
      await stop();
    }
  }

  async function propose(request: RepairRequest, host: RepairHost): Promise<RepairAnswer> {
    const { client, home, stop } = await startClient();
    try {
      const attempt = newAttempt({ request, host, limits, scrub, label, errorContext, model });
      return await runSession(client, home, auth, attempt);
    } finally {
      await stop();
    }
  }

  return {
    name: 'copilot',
    get model() {
      return model.answeredModel ?? model.requestedModel;
    },
    get maxPromptTokens() {
      return model.promptLimit ? promptBudgetFor(model.promptLimit) : undefined;
    },
    prepare,
    propose,
  };
}

/**
 * One attempt as a Copilot session. The session gets self-heal's own system prompt and packed
 * context and only self-heal's three tools; the runtime's shell, file, web and MCP tools are not
 * offered, and a call to one gets "does not exist". A turn sends one prompt and lasts until the
 * session is idle, fails, or is stopped (budget, deadline, corrections); a turn without an edit is
 * answered with SEARCH/REPLACE blocks from its text if it has any, else with a nudge, a bounded
 * number of times.
 */
import type { CopilotClient, CopilotSession, SessionConfig } from '@github/copilot-sdk';
import { parseSearchReplaceBlocks } from '../chat/search-replace-blocks.js';
import { NO_EDITS_NUDGE } from '../prompts/repair-feedback.js';
import type { RepairAnswer } from '../provider.js';
import { answerOf, requestStop, type Attempt, type TurnOutcome } from './copilot-attempt.js';
import type { CopilotAuth } from './copilot-auth.js';
import { copilotError, failureOf, runtimeError } from './copilot-errors.js';
import { sessionEventHandler } from './copilot-events.js';
import { checkProposal, copilotTools, permissionFor, TOOL_NAMES } from './copilot-tools.js';

/** How often the runtime is asked whether it still answers while a turn runs. */
const LIVENESS_PROBE_MS = 1_000;

/** The session's configuration: our prompt and tools, and none of the runtime's own features. */
export function sessionConfig(attempt: Attempt, home: string, auth: CopilotAuth): SessionConfig {
  const { requestedModel } = attempt.model;
  return {
    ...(requestedModel ? { model: requestedModel } : {}),
    // The loop scrubbed the prompt; the provider's own credentials are taken out once more.
    systemMessage: { mode: 'replace', content: attempt.scrub(attempt.request.prompt.system) },
    tools: copilotTools(attempt),
    availableTools: TOOL_NAMES,
    onPermissionRequest: permissionFor,
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
    onEvent: sessionEventHandler(attempt),
  };
}

/** Run the attempt in a session of `client` until it has an answer. */
export async function runSession(
  client: CopilotClient,
  home: string,
  auth: CopilotAuth,
  attempt: Attempt,
): Promise<RepairAnswer> {
  const session = await client.createSession(sessionConfig(attempt, home, auth)).catch((error: unknown) => {
    throw copilotError(failureOf(error), attempt.errorContext);
  });
  let prompt = attempt.scrub(attempt.request.prompt.user);
  for (;;) {
    const outcome = await runTurn(client, session, attempt, prompt);
    if (outcome.kind === 'error') throw outcome.error;
    if (outcome.kind === 'stopped') return answerOf(attempt, attempt.stopReason ?? 'deadline');
    if (attempt.held.length > 0) return answerOf(attempt, 'accepted');
    // No tool edit: SEARCH/REPLACE blocks in the text, as the system prompt allows.
    const blocks = parseSearchReplaceBlocks(attempt.notes);
    if (blocks.edits.length > 0 && (await checkProposal(attempt, blocks.edits)) === undefined) {
      return answerOf(attempt, 'accepted');
    }
    if (attempt.corrections >= attempt.limits.maxCorrections) return answerOf(attempt, 'no-edits');
    attempt.corrections++;
    prompt = NO_EDITS_NUDGE;
    attempt.notes = '';
  }
}

/**
 * Send `prompt` and wait for the turn's end: idle, an error, or a stop. The deadline stops it; the
 * runtime may die without an event, so a liveness ping that fails ends it with an error.
 */
export function runTurn(
  client: CopilotClient,
  session: CopilotSession,
  attempt: Attempt,
  prompt: string,
): Promise<TurnOutcome> {
  return new Promise<TurnOutcome>((resolve) => {
    const timers: NodeJS.Timeout[] = [];
    let settled = false;
    const settle = (outcome: TurnOutcome) => {
      // A ping of this turn answered after it ended must not touch the next turn's handlers.
      if (settled) return;
      settled = true;
      attempt.settleTurn = undefined;
      attempt.stopSession = undefined;
      for (const t of timers) clearTimeout(t);
      resolve(outcome);
    };
    attempt.settleTurn = settle;
    attempt.stopSession = () => {
      void session.abort().catch(() => {});
      settle({ kind: 'stopped' });
    };
    if (attempt.stopReason) return attempt.stopSession(attempt.stopReason);
    const left = Math.max(1, attempt.request.budget.deadline - Date.now());
    timers.push(setTimeout(() => requestStop(attempt, 'deadline'), left));
    // A ping is sent every second, not after the last one answered: a ping in flight when the
    // runtime dies is never answered (the closed connection does not reject it), while the next
    // one fails at once.
    const lost = (error: unknown) =>
      settle({
        kind: 'error',
        error: runtimeError('The Copilot runtime stopped during the attempt', error, attempt.scrub, true),
      });
    const probe = () => {
      if (settled) return;
      timers.push(
        setTimeout(() => {
          if (settled) return;
          client.ping().catch(lost);
          probe();
        }, LIVENESS_PROBE_MS),
      );
    };
    probe();
    session.send({ prompt }).catch((error: unknown) => {
      settle({ kind: 'error', error: copilotError(failureOf(error), attempt.errorContext) });
    });
  });
}

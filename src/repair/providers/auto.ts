/**
 * `provider: auto`, the default: GitHub Copilot when a token is there and a session can start, else
 * the built-in offline engine, so a user is never left without a provider. Copilot is not available
 * when there is no token, it answers 401/403 (no access, the `copilot-requests` permission missing,
 * the organisation policy off), or its runtime cannot be found, installed or started; the reason is
 * warned once and kept in `fallback` for the report and the job summary. A provider the user names
 * explicitly never falls back: only this wrapper does.
 */
import {
  describeProviderError,
  ProviderError,
  type PrepareContext,
  type RepairHost,
  type RepairProvider,
  type RepairRequest,
} from '../provider.js';
import { stripControls } from '../../text/untrusted-text.js';

export function createAutoProvider(
  createCopilot: () => RepairProvider,
  createBuiltin: () => RepairProvider,
  hasCopilotCredentials: boolean,
): RepairProvider {
  let active: RepairProvider | undefined;
  let fallback: { from: 'copilot'; reason: string } | undefined;
  let warned = false;
  let copilotAnswered = false;

  const fallBack = (reason: string, warn?: (message: string) => void) => {
    if (!fallback) {
      fallback = { from: 'copilot', reason };
      active = createBuiltin();
    }
    if (warn && !warned) {
      warned = true;
      warn(`provider auto: Copilot is not available (${fallback.reason}); using the built-in engine instead`);
    }
  };
  const describe = (error: unknown) =>
    error instanceof ProviderError
      ? describeProviderError(error)
      : `the copilot provider failed: ${stripControls(error instanceof Error ? error.message : String(error))}`;

  if (!hasCopilotCredentials) {
    fallBack(
      'no GitHub token: grant `permissions: copilot-requests: write` in the workflow, or set COPILOT_GITHUB_TOKEN',
    );
  } else {
    try {
      active = createCopilot();
    } catch (error) {
      fallBack(describe(error));
    }
  }

  return {
    get name() {
      return active!.name;
    },
    get model() {
      return active!.model;
    },
    get maxPromptTokens() {
      return active!.maxPromptTokens;
    },
    get fallback() {
      return fallback;
    },
    async prepare(context: PrepareContext) {
      if (fallback) {
        fallBack(fallback.reason, (m) => context.warn(m));
        return active!.prepare?.(context);
      }
      try {
        await active!.prepare?.(context);
      } catch (error) {
        fallBack(describe(error), (m) => context.warn(m));
        await active!.prepare?.(context);
      }
    },
    async propose(request: RepairRequest, host: RepairHost) {
      const current = active!;
      try {
        const answer = await current.propose(request, host);
        if (!fallback) copilotAnswered = true;
        return answer;
      } catch (error) {
        // Access refused on the first session (the model list answered, the chat did not): still unavailable.
        const refused = error instanceof ProviderError && (error.kind === 'auth' || error.kind === 'forbidden');
        if (fallback || copilotAnswered || !refused) throw error;
        fallBack(describe(error), (m) => host.log(m));
        return active!.propose(request, host);
      }
    },
  };
}

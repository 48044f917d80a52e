/**
 * What the Copilot runtime reports, as one `ProviderError` each: a sentence that says what happened
 * and a hint that names what to change (the permission line, the organisation policy,
 * COPILOT_GITHUB_TOKEN, model, copilot-path). Everything quoted from the runtime or the service is
 * scrubbed and clipped first.
 */
import { ProviderError } from '../provider.js';
import { oneLine } from '../../text/untrusted-text.js';

export const PERMISSION_HINT =
  'In a workflow, add `copilot-requests: write` under `permissions:` (the action passes its github-token); outside Actions, set COPILOT_GITHUB_TOKEN to a fine-grained token with the "Copilot Requests" permission.';
export const POLICY_HINT =
  'An organisation owner must turn on "Allow use of Copilot CLI billed to the organization" in the organisation\'s Copilot policies (Copilot CLI must be enabled), or use a token of an account that has Copilot.';
export const RUNTIME_HINT =
  'Set copilot-path (--copilot-path) to a working copilot executable, or leave it empty to use the pinned runtime.';

/** What one failed call or session said, however it came. */
export interface CopilotFailure {
  status?: number;
  /** The runtime's `errorType`: authentication, authorization, quota, rate_limit, context_limit, query. */
  type?: string;
  code?: string;
  message: string;
}

/** Words of the runtime or the service, fit for a sentence: scrubbed before clipped, so no cut keeps part of a secret. */
function quote(message: string, scrub: (text: string) => string): string {
  return oneLine(scrub(message), 300);
}

/** The runtime itself failed (did not start, stopped answering): `sentence`, then what it said. */
export function runtimeError(
  sentence: string,
  error: unknown,
  scrub: (text: string) => string,
  retryable: boolean,
): ProviderError {
  const said = quote(error instanceof Error ? error.message : String(error), scrub);
  return new ProviderError(`${scrub(sentence)}: ${said}`, retryable ? 'server' : 'config', retryable, RUNTIME_HINT);
}

/**
 * Read a failure out of an error the SDK threw: `models.list` failures carry the runtime's JSON
 * (`{"kind":"http","status":401,"body":"…"}`), others are plain messages.
 */
export function failureOf(error: unknown): CopilotFailure {
  const message = error instanceof Error ? error.message : String(error);
  const start = message.indexOf('{');
  if (start >= 0) {
    try {
      const parsed = JSON.parse(message.slice(start)) as {
        kind?: string;
        status?: number;
        body?: string;
        message?: string;
      };
      let said = parsed.message ?? '';
      let code: string | undefined;
      if (parsed.body) {
        try {
          const body = JSON.parse(parsed.body) as {
            message?: string;
            error?: { message?: string; code?: string } | string;
          };
          said = (typeof body.error === 'object' ? body.error.message : body.error) ?? body.message ?? parsed.body;
          code = typeof body.error === 'object' ? body.error.code : undefined;
        } catch {
          said = parsed.body;
        }
      }
      return { status: parsed.status, type: parsed.kind, code, message: said || message };
    } catch {
      // Not the runtime's JSON: the plain message below.
    }
  }
  return { message };
}

/** What an error message may name: the model asked for, whether BYOK, and the provider's scrubber. */
export interface CopilotErrorContext {
  model?: string;
  byok: boolean;
  scrub: (text: string) => string;
}

/** One failure → one ProviderError naming what to change. */
export function copilotError(failure: CopilotFailure, context: CopilotErrorContext): ProviderError {
  const said = quote(failure.message, context.scrub);
  const status = failure.status;
  const type = failure.type ?? '';
  const where = context.byok ? 'The endpoint behind Copilot (base-url)' : 'Copilot';
  const as = (kind: ProviderError['kind'], text: string, hint: string, retryable = false) =>
    new ProviderError(`${text}: ${said}`, kind, retryable, hint, status);

  if (status === 410) {
    return as(
      'config',
      `${where} answered HTTP 410 Gone: this service has been retired`,
      'Choose another base-url or provider.',
    );
  }
  // Without a status: the runtime's own words when the token could not be exchanged for a session.
  if (status === 401 || type === 'authentication' || /\bnot authenticated\b|authenticate first/i.test(said)) {
    return context.byok
      ? as(
          'auth',
          `${where} refused the API key${status ? ` (HTTP ${status})` : ''}`,
          'Set api-key (SELF_HEAL_API_KEY) to a valid key for base-url.',
        )
      : as('auth', `Copilot refused the token${status ? ` (HTTP ${status})` : ''}`, PERMISSION_HINT);
  }
  if (status === 403 || type === 'authorization') {
    if (context.byok)
      return as('forbidden', `${where} refused the request (HTTP 403)`, 'Check that the api-key may use this model.');
    return /polic|not (?:authorized|enabled)|feature/i.test(said) || failure.code === 'feature_not_enabled'
      ? as('forbidden', 'Copilot is not enabled for this token (HTTP 403)', POLICY_HINT)
      : as('forbidden', 'Copilot refused the token (HTTP 403)', `${PERMISSION_HINT} ${POLICY_HINT}`);
  }
  if (
    status === 404 ||
    /model.{0,40}(not (?:found|available|supported)|unknown|does not exist)|unknown model/i.test(said)
  ) {
    return as(
      'model',
      `${where} does not serve the model '${context.model ?? '(default)'}'`,
      context.byok
        ? 'Set model (--model) to a model the base-url serves.'
        : 'Set model (--model) to one Copilot offers, or leave it empty to let Copilot choose.',
    );
  }
  if (status === 402 || type === 'quota') {
    return as(
      'forbidden',
      `${where} says the quota is used up`,
      'Check the Copilot premium request budget and billing of the organisation (or the account of the token).',
    );
  }
  if (status === 429 || type === 'rate_limit') {
    return as('rate-limit', `${where} rate-limited the requests`, 'Try again later or lower max-attempts.', true);
  }
  if (type === 'context_limit' || status === 413) {
    return as(
      'bad-request',
      `The request was too large for the model '${context.model ?? '(default)'}'`,
      'Choose a model with a larger context (model), or report this: the prompt is packed to its limit.',
    );
  }
  if (type === 'network' || /ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|dns error|could not be reached/i.test(said)) {
    return as(
      'network',
      `${where} could not be reached`,
      "Check the runner's network and proxy settings; the runtime retried with backoff.",
      true,
    );
  }
  if (status !== undefined && status >= 500) {
    return as(
      'server',
      `${where} failed on its side (HTTP ${status})`,
      'Try again later; the runtime retried with backoff.',
      true,
    );
  }
  return as('bad-response', `The Copilot session failed`, RUNTIME_HINT, true);
}

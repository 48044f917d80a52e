/**
 * self-heal's three tools in a Copilot session (read_file, search, replace_in_file), answered
 * through the RepairHost (guardrails, secret scrubbing, bounds) exactly as for the chat providers.
 * They override the runtime's built-ins of the same name: without that, the runtime's own
 * `read_file` (other arguments, confined to the empty config home) answered instead. Once a stop is
 * decided, an answer waits for the abort to cancel the call, so the runtime makes no further model
 * request on the way.
 */
import type { Tool, ToolInvocation } from '@github/copilot-sdk';
import type { Edit } from '../../contracts/edit.js';
import { truncateToTokens } from '../../text/token-estimate.js';
import { TOOL_ARGUMENT_BOUNDS, valueProblem } from '../../text/bounded-json.js';
import { fillTemplate } from '../prompt.js';
import { EDIT_ACCEPTED, EDIT_DUPLICATE, EDIT_INVALID, TOOL_CAP_REACHED } from '../prompts/repair-feedback.js';
import {
  answerReadCall,
  parseReplaceCall,
  READ_FILE,
  REPAIR_TOOLS,
  REPLACE_IN_FILE,
  SEARCH,
} from '../chat/repair-tools.js';
import { findTriedAttempt } from '../chat/tried-edits.js';
import { describeEditProblem } from '../chat/edit-feedback.js';
import { requestStop, type Attempt } from './copilot-attempt.js';

export const TOOL_NAMES = [READ_FILE, SEARCH, REPLACE_IN_FILE];
/** How long a tool answer waits for the runtime to cancel its call once the session is being stopped. */
export const STOP_HOLD_MS = 3_000;
/** How long a tool answer waits for the usage event of the call that asked for it. */
const USAGE_WAIT_MS = 1_000;

export function copilotTools(attempt: Attempt, holdMs = STOP_HOLD_MS): Tool[] {
  return REPAIR_TOOLS.map((spec) => ({
    name: spec.name,
    description: spec.description,
    parameters: spec.parameters,
    skipPermission: true,
    overridesBuiltInTool: true,
    handler: holdWhileStopping(
      attempt,
      (args) => (spec.name === REPLACE_IN_FILE ? answerReplace(attempt, args) : answerRead(attempt, spec.name, args)),
      holdMs,
    ),
  }));
}

/** The runtime's permission question: only our three tools are approved. */
export function permissionFor(permission: { kind: string }) {
  return permission.kind === 'custom-tool' &&
    TOOL_NAMES.includes(String((permission as { toolName?: unknown }).toolName))
    ? { kind: 'approve-once' as const }
    : { kind: 'reject' as const, feedback: 'Only read_file, search and replace_in_file are available.' };
}

/**
 * The runtime hands a tool its arguments parsed: over the bounds (nested too deep, too large) they
 * are refused as that call's, and the model is told, like any bad arguments.
 */
function boundedArguments(args: unknown): { arguments: Record<string, unknown> | undefined; argumentsError?: string } {
  if (!isObject(args)) return { arguments: undefined };
  const problem = valueProblem(args, TOOL_ARGUMENT_BOUNDS);
  return problem
    ? { arguments: undefined, argumentsError: `the arguments were refused: ${problem}` }
    : { arguments: args };
}

/** read_file / search, within the attempt's call cap. */
export async function answerRead(attempt: Attempt, name: string, args: unknown): Promise<string> {
  const { limits } = attempt;
  if (attempt.toolCalls >= limits.maxToolCalls) return fillTemplate(TOOL_CAP_REACHED, { cap: limits.maxToolCalls });
  attempt.toolCalls++;
  return answerReadCall(
    attempt.host,
    { id: '', name, ...boundedArguments(args) },
    { scrub: attempt.scrub, maxTokens: limits.maxToolResultTokens, cutNote: 'cut; ask for a narrower range' },
  );
}

/** replace_in_file: checked together with the edits already kept; kept when all match and it is new. */
export async function answerReplace(attempt: Attempt, args: unknown): Promise<string> {
  const parsed = parseReplaceCall({ id: '', name: REPLACE_IN_FILE, ...boundedArguments(args) });
  if (!parsed.ok) return countCorrection(attempt, fillTemplate(EDIT_INVALID, { reason: parsed.reason }));
  const problem = await checkProposal(attempt, [parsed.value]);
  return problem ?? fillTemplate(EDIT_ACCEPTED, { path: parsed.value.path });
}

/** `edits` with those kept: undefined when all are fine and new (then kept), else the feedback. */
export async function checkProposal(attempt: Attempt, edits: Edit[]): Promise<string | undefined> {
  const all = [...attempt.held, ...edits];
  attempt.lastProposed = all;
  const check = await attempt.host.checkEdits(all);
  attempt.lastProblems = check.problems;
  if (check.ok && check.problems.length === 0) {
    const tried = findTriedAttempt(all, attempt.request.history);
    if (!tried) {
      attempt.held = all;
      return undefined;
    }
    attempt.held = [];
    const feedback = truncateToTokens(attempt.scrub(tried.feedback || tried.verdict), 200).trim();
    return countCorrection(attempt, fillTemplate(EDIT_DUPLICATE, { n: tried.n, feedback }));
  }
  const mine = check.problems.filter((p) => p.index >= attempt.held.length);
  return countCorrection(
    attempt,
    (mine.length > 0 ? mine : check.problems)
      .map((p) => describeEditProblem(p, all[p.index] ?? edits[0]!, attempt.scrub))
      .join('\n'),
  );
}

/** One round of correction per model call, however many of its calls were refused; too many stop. */
export function countCorrection(attempt: Attempt, text: string): string {
  if (attempt.correctedAt !== attempt.modelCalls) {
    attempt.correctedAt = attempt.modelCalls;
    attempt.corrections++;
  }
  if (attempt.corrections > attempt.limits.maxCorrections) requestStop(attempt, 'corrections-exhausted');
  return text;
}

/**
 * Once the session is being stopped, a tool's answer is held until the runtime cancels the call
 * (the invocation's signal), so that the abort reaches it first and no further model request is
 * made on the way; a runtime that does not cancel gets the answer after `holdMs`. The usage event of
 * the call that asked for the tool can arrive after the tool request (the runtime emits them on
 * separate paths), so the answer first waits for it: that event is what decides a budget stop.
 */
function holdWhileStopping(attempt: Attempt, handler: (args: unknown) => Promise<string>, holdMs: number) {
  return async (args: unknown, invocation: ToolInvocation): Promise<string> => {
    const text = await handler(args);
    await untilUsageSeen(attempt, Math.min(holdMs, USAGE_WAIT_MS));
    if (attempt.stopReason) await untilAborted(invocation.signal, holdMs);
    return text;
  };
}

/** Resolves once every model turn begun so far has reported its usage, or after `ms`. */
export function untilUsageSeen(attempt: Attempt, ms: number): Promise<void> {
  const seen = () => attempt.modelCalls >= attempt.turnsStarted;
  if (seen()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (!seen() && !timedOut) return;
      clearTimeout(timer);
      attempt.usageWaiters.delete(done);
      resolve();
    };
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      done();
    }, ms);
    attempt.usageWaiters.add(done);
  });
}

/** Resolves when `signal` aborts, or after `ms` (at once without a signal). */
export function untilAborted(signal: AbortSignal | undefined, ms: number): Promise<void> {
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

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

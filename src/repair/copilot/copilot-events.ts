/**
 * The session's events, applied to the attempt: usage (counts, tokens, the model that answered,
 * and the budget stop), the prompt limit the runtime reports, the assistant's text, and the two that
 * end a turn (idle, error).
 */
import type { SessionEvent } from '@github/copilot-sdk';
import { MAX_NOTES_CHARS, requestStop, type Attempt, type TurnOutcome } from './copilot-attempt.js';
import { copilotError } from './copilot-errors.js';
import { usageStop } from './copilot-limits.js';

/** Apply `event`; the outcome when it ends the turn. */
export function applySessionEvent(attempt: Attempt, event: SessionEvent): TurnOutcome | undefined {
  switch (event.type) {
    case 'assistant.usage': {
      attempt.modelCalls++;
      attempt.usage.input += event.data.inputTokens ?? 0;
      attempt.usage.output += event.data.outputTokens ?? 0;
      attempt.model.answeredModel = event.data.model;
      attempt.models.add(event.data.model);
      const stop = usageStop(attempt.usage, attempt.modelCalls, attempt.request.budget, attempt.limits);
      if (stop) requestStop(attempt, stop);
      for (const wake of attempt.usageWaiters) wake();
      return undefined;
    }
    case 'assistant.turn_start':
      attempt.turnsStarted++;
      return undefined;
    case 'session.usage_info':
      if (event.data.tokenLimit > 0) attempt.model.promptLimit = event.data.tokenLimit;
      return undefined;
    case 'assistant.message': {
      const text = event.data.content?.trim();
      if (text) attempt.notes = `${attempt.notes}${attempt.notes ? '\n' : ''}${text}`.slice(0, MAX_NOTES_CHARS);
      return undefined;
    }
    case 'session.idle':
      return { kind: 'idle' };
    case 'session.error': {
      const { statusCode, errorType, errorCode, message } = event.data;
      const failure = { status: statusCode, type: errorType, code: errorCode, message };
      return { kind: 'error', error: copilotError(failure, attempt.errorContext) };
    }
    default:
      return undefined;
  }
}

/** The session's event handler: applies each event and settles the running turn when one ends it. */
export function sessionEventHandler(attempt: Attempt): (event: SessionEvent) => void {
  return (event) => {
    const outcome = applySessionEvent(attempt, event);
    if (outcome) attempt.settleTurn?.(outcome);
  };
}

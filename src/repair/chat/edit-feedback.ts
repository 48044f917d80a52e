import type { Edit, EditProblem } from '../../contracts/edit.js';
import { truncateToTokens } from '../../text/token-estimate.js';
import { fillTemplate } from '../prompt.js';
import { EDIT_INVALID, EDIT_NEAREST, EDIT_NO_MATCH, EDIT_REFUSED } from '../prompts/repair-feedback.js';

/**
 * What a model is told about one edit that was not applied: refused by a guardrail, or not matching
 * with the file's nearest real lines. Shared by the chat conversation and the Copilot session.
 */

const MAX_NEAREST_TOKENS = 300;

export function describeEditProblem(problem: EditProblem, edit: Edit, scrub: (text: string) => string): string {
  const reason = scrub(problem.message).slice(0, 500);
  if (problem.kind === 'guardrail') return fillTemplate(EDIT_REFUSED, { reason });
  if (problem.kind === 'no-match' || problem.kind === 'ambiguous') {
    const nearest = problem.nearest
      ? fillTemplate(EDIT_NEAREST, {
          path: edit.path,
          line: problem.nearest.startLine,
          code: fence(truncateToTokens(scrub(problem.nearest.text), MAX_NEAREST_TOKENS)),
        })
      : '';
    return fillTemplate(EDIT_NO_MATCH, { path: edit.path, reason, nearest });
  }
  return fillTemplate(EDIT_INVALID, { reason: reason.endsWith('.') ? reason : `${reason}.` });
}

/** A code fence longer than any backtick run inside the code, so the code cannot close it. */
export function fence(code: string): string {
  const longest = Math.max(0, ...Array.from(code.matchAll(/`{3,}/g), (m) => m[0].length));
  const f = '`'.repeat(Math.max(3, longest + 1));
  return `${f}\n${code.replace(/\n$/, '')}\n${f}`;
}

import type { Edit, EditProblem } from '../../contracts/edit.js';
import type { TokenUsage } from '../../contracts/heal-report.js';
import { estimateTokens, truncateToTokens } from '../../text/token-estimate.js';
import { fillTemplate } from '../prompt.js';
import {
  EDIT_ACCEPTED,
  EDIT_DUPLICATE,
  EDIT_HELD,
  EDIT_INVALID,
  NO_EDITS_NUDGE,
  TEXT_BLOCKS_FEEDBACK,
  TOOL_CAP_REACHED,
  TOOL_ERROR,
  TOOL_NO_ROOM,
  TOOL_UNKNOWN,
  TOOLS_UNAVAILABLE,
} from '../prompts/repair-feedback.js';
import { ProviderError, type RepairAnswer, type RepairHost, type RepairRequest } from '../provider.js';
import type { ChatMessage, ChatModel, ToolCall, ToolResult } from './chat-model.js';
import {
  parseReadCall,
  parseReplaceCall,
  parseSearchCall,
  READ_FILE,
  REPAIR_TOOLS,
  REPLACE_IN_FILE,
  SEARCH,
} from './repair-tools.js';
import { parseSearchReplaceBlocks } from './search-replace-blocks.js';
import { findTriedAttempt } from './tried-edits.js';
import { describeEditProblem } from './edit-feedback.js';

/**
 * One repair attempt with a chat model: a small, bounded conversation. The model reads code with
 * read_file/search (capped), proposes replace_in_file edits, and every edit of an answer is checked
 * by the host before any is accepted. A refused or unmatched edit goes back to the model with the
 * reason and the nearest real lines, a bounded number of times; edits that were fine are kept and the
 * model is told not to re-send them. A reply with SEARCH/REPLACE blocks in its text is read as a
 * fallback. The answer carries the usage of every request of the attempt.
 */

export interface ConversationLimits {
  /** read_file + search calls per attempt. */
  maxToolCalls: number;
  /** Rounds of edit feedback (no-match, refused, duplicate, no edit) per attempt. */
  maxCorrections: number;
  /** Requests per attempt, whatever happens. */
  maxRequests: number;
  /** One tool result. */
  maxToolResultTokens: number;
}

export const DEFAULT_CONVERSATION_LIMITS: ConversationLimits = {
  maxToolCalls: 6,
  maxCorrections: 2,
  maxRequests: 10,
  maxToolResultTokens: 1_200,
};

/** Room kept free in every request for the feedback text and the rounding of estimates. */
const REQUEST_MARGIN_TOKENS = 400;
const MIN_OUTPUT_TOKENS = 256;
const MAX_NOTES_CHARS = 4_000;

export interface ConversationOptions {
  limits?: Partial<ConversationLimits>;
  scrub: (text: string) => string;
  signal?: AbortSignal;
}

type StopReason =
  'accepted' | 'corrections-exhausted' | 'no-edits' | 'request-cap' | 'token-budget' | 'deadline' | 'request-too-large';

interface EditProposal {
  edit: Edit;
  /** The tool call it came from; undefined for SEARCH/REPLACE text blocks. */
  callId?: string;
}

export async function runRepairConversation(
  chat: ChatModel,
  request: RepairRequest,
  host: RepairHost,
  options: ConversationOptions,
): Promise<RepairAnswer> {
  const limits = { ...DEFAULT_CONVERSATION_LIMITS, ...options.limits };
  const scrub = options.scrub;
  const system = request.prompt.system;
  /** Emptied when the server refuses tool calling (a local model without tool support). */
  let tools = REPAIR_TOOLS;
  let toolsCost = estimateTokens(JSON.stringify(tools));
  const messages: ChatMessage[] = [{ role: 'user', text: request.prompt.user }];
  const usage: TokenUsage = { input: 0, output: 0 };
  /** Checked edits kept while others of the same answer are corrected. */
  let held: Edit[] = [];
  /** The latest full set proposed, returned when corrections run out so the loop records the refusal. */
  let lastProposed: Edit[] = [];
  let lastProblems: EditProblem[] = [];
  let toolCalls = 0;
  let corrections = 0;
  let requests = 0;
  let notes = '';
  let stop: StopReason = 'request-cap';

  const conversationTokens = () => estimateTokens(system) + estimateTokens(JSON.stringify(messages)) + toolsCost;

  const finish = (edits: Edit[], reason: StopReason): RepairAnswer => {
    stop = reason;
    host.log(
      `${chat.provider} ${chat.model}: ${requests} request(s), ${toolCalls} read/search call(s), ${corrections} correction(s); ${describeStop(reason)}`,
    );
    return {
      edits,
      usage,
      notes: notes ? notes.slice(0, MAX_NOTES_CHARS) : undefined,
      detail: {
        provider: chat.provider,
        model: chat.model,
        requests,
        toolCalls,
        corrections,
        stop,
        ...(lastProblems.length > 0 && edits.length > 0 && reason !== 'accepted'
          ? { problems: lastProblems.map((p) => ({ path: p.path, kind: p.kind, message: p.message.slice(0, 300) })) }
          : {}),
      },
    };
  };

  while (requests < limits.maxRequests) {
    const now = Date.now();
    if (now >= request.budget.deadline) return finish(held, 'deadline');
    const inputEstimate = conversationTokens();
    if (inputEstimate > chat.maxInputTokens) return finish(fallbackEdits(held, lastProposed), 'request-too-large');
    if (usage.input + inputEstimate > request.budget.inputTokens)
      return finish(fallbackEdits(held, lastProposed), 'token-budget');
    const maxOutputTokens = Math.min(chat.maxOutputTokens, request.budget.outputTokens - usage.output);
    if (maxOutputTokens < MIN_OUTPUT_TOKENS) return finish(fallbackEdits(held, lastProposed), 'token-budget');

    // The loop's deadline can be fractional (averaged run times); AbortSignal.timeout takes whole ms only.
    const timeout = AbortSignal.timeout(Math.max(1, Math.ceil(request.budget.deadline - now)));
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    requests++;
    let reply;
    try {
      reply = await chat.complete({
        system,
        messages,
        tools,
        maxOutputTokens,
        signal,
        deadline: request.budget.deadline,
        log: (m) => host.log(m),
      });
    } catch (error) {
      // The deadline fired mid-request: the attempt is over, not the run.
      if (timeout.aborted && !options.signal?.aborted && error instanceof ProviderError)
        return finish(held, 'deadline');
      // Ollama and some proxies refuse `tools` for models without tool calling: fall back to
      // SEARCH/REPLACE blocks in text, which the system prompt already describes.
      if (
        error instanceof ProviderError &&
        error.kind === 'bad-request' &&
        tools.length > 0 &&
        /\btools?\b|function.?call/i.test(error.message)
      ) {
        host.log(
          `${chat.provider} ${chat.model}: the server refused tool calling (${error.message.slice(0, 160)}); asking for SEARCH/REPLACE blocks instead`,
        );
        tools = [];
        toolsCost = 0;
        messages.push({ role: 'user', text: TOOLS_UNAVAILABLE });
        continue;
      }
      throw error;
    }
    usage.input += reply.usage.input;
    usage.output += reply.usage.output;
    if (reply.text.trim()) notes = `${notes}${notes ? '\n' : ''}${reply.text.trim()}`.slice(0, MAX_NOTES_CHARS);
    messages.push({ role: 'assistant', text: reply.text, toolCalls: reply.toolCalls, raw: reply.raw });

    if (reply.toolCalls.length > 0) {
      const results = new Map<string, string>();
      const proposals: EditProposal[] = [];
      for (const call of reply.toolCalls) {
        if (call.name === REPLACE_IN_FILE) {
          const parsed = parseReplaceCall(call);
          if (parsed.ok) proposals.push({ edit: parsed.value, callId: call.id });
          else results.set(call.id, fillTemplate(EDIT_INVALID, { reason: parsed.reason }));
          continue;
        }
        results.set(call.id, await runReadTool(call));
      }
      if (proposals.length === 0) {
        if (results.size > 0 && [...results.values()].some((r) => r.startsWith('NOT APPLIED'))) corrections++;
        if (corrections > limits.maxCorrections)
          return finish(fallbackEdits(held, lastProposed), 'corrections-exhausted');
        messages.push({
          role: 'tool',
          results: reply.toolCalls.map((c) => ({ toolCallId: c.id, content: results.get(c.id) ?? '' })),
        });
        continue;
      }
      const outcome = await checkProposals(proposals);
      if (outcome.done) return finish(outcome.edits, 'accepted');
      for (const [id, text] of outcome.feedback) results.set(id, text);
      corrections++;
      if (corrections > limits.maxCorrections) return finish(outcome.edits, 'corrections-exhausted');
      const toolResults: ToolResult[] = reply.toolCalls.map((c) => ({
        toolCallId: c.id,
        content: results.get(c.id) ?? '',
      }));
      messages.push({ role: 'tool', results: toolResults });
      if (outcome.extra) messages.push({ role: 'user', text: outcome.extra });
      continue;
    }

    // No tool calls: SEARCH/REPLACE blocks in the text, or nothing.
    const blocks = parseSearchReplaceBlocks(reply.text);
    if (blocks.edits.length > 0) {
      const outcome = await checkProposals(blocks.edits.map((edit) => ({ edit })));
      if (outcome.done && blocks.errors.length === 0) return finish(outcome.edits, 'accepted');
      if (outcome.done) {
        // The readable blocks are fine; keep them while the broken ones are re-sent.
        held = outcome.edits;
        outcome.blockFeedback.push(
          ...outcome.edits.map((e) => `${e.path}: ${fillTemplate(EDIT_ACCEPTED, { path: e.path })}`),
        );
      }
      corrections++;
      if (corrections > limits.maxCorrections) return finish(outcome.edits, 'corrections-exhausted');
      const lines = [...outcome.blockFeedback, ...blocks.errors].map((l) => `- ${l}`).join('\n');
      messages.push({
        role: 'user',
        text: fillTemplate(TEXT_BLOCKS_FEEDBACK, { results: lines }) + (outcome.extra ? `\n${outcome.extra}` : ''),
      });
      continue;
    }
    if (held.length > 0) return finish(held, 'accepted');
    corrections++;
    if (corrections > limits.maxCorrections) return finish([], 'no-edits');
    messages.push({
      role: 'user',
      text: blocks.errors.length > 0 ? `${blocks.errors.join('\n')}\n${NO_EDITS_NUDGE}` : NO_EDITS_NUDGE,
    });
  }
  return finish(fallbackEdits(held, lastProposed), 'request-cap');

  /** read_file / search / unknown tools, within the per-attempt cap and the request size limit. */
  async function runReadTool(call: ToolCall): Promise<string> {
    if (call.name !== READ_FILE && call.name !== SEARCH)
      return fillTemplate(TOOL_UNKNOWN, { name: call.name.slice(0, 60) });
    if (toolCalls >= limits.maxToolCalls) return fillTemplate(TOOL_CAP_REACHED, { cap: limits.maxToolCalls });
    const room = Math.min(
      limits.maxToolResultTokens,
      chat.maxInputTokens - conversationTokens() - REQUEST_MARGIN_TOKENS,
    );
    if (room < 100) return TOOL_NO_ROOM;
    toolCalls++;
    try {
      let text: string;
      if (call.name === READ_FILE) {
        const parsed = parseReadCall(call);
        if (!parsed.ok) return fillTemplate(TOOL_ERROR, { tool: READ_FILE, reason: parsed.reason });
        text = await host.readFile(parsed.value.path, parsed.value.range);
      } else {
        const parsed = parseSearchCall(call);
        if (!parsed.ok) return fillTemplate(TOOL_ERROR, { tool: SEARCH, reason: parsed.reason });
        text = await host.search(parsed.value);
      }
      const scrubbed = scrub(text);
      const cut = truncateToTokens(scrubbed, room - 20);
      return cut.length < scrubbed.length
        ? `${cut}\n… (cut to fit the request size; ask for a narrower range)`
        : scrubbed || '(empty)';
    } catch (error) {
      return fillTemplate(TOOL_ERROR, {
        tool: call.name,
        reason: scrub(error instanceof Error ? error.message : String(error)).slice(0, 500),
      });
    }
  }

  /**
   * Check held + new edits together (they may touch the same file). All fine and not tried before:
   * done. Otherwise build per-call feedback; the fine new edits are held.
   */
  async function checkProposals(proposals: EditProposal[]): Promise<{
    done: boolean;
    edits: Edit[];
    feedback: Map<string, string>;
    blockFeedback: string[];
    extra?: string;
  }> {
    const feedback = new Map<string, string>();
    const blockFeedback: string[] = [];
    // A re-sent held edit is not applied twice.
    const fresh = proposals.filter((p) => !held.some((h) => sameEdit(h, p.edit)));
    for (const p of proposals) {
      if (!fresh.includes(p)) {
        if (p.callId) feedback.set(p.callId, fillTemplate(EDIT_HELD, {}));
        else blockFeedback.push(`${p.edit.path}: already kept, do not send it again.`);
      }
    }
    const all = [...held, ...fresh.map((p) => p.edit)];
    lastProposed = all;
    const check = await host.checkEdits(all);
    lastProblems = check.problems;
    if (check.ok && check.problems.length === 0) {
      const tried = findTriedAttempt(all, request.history);
      if (!tried) return { done: true, edits: all, feedback, blockFeedback };
      const message = fillTemplate(EDIT_DUPLICATE, {
        n: tried.n,
        feedback: truncateToTokens(scrub(tried.feedback || tried.verdict), 200).trim(),
      });
      for (const p of fresh) {
        if (p.callId) feedback.set(p.callId, message);
      }
      if (fresh.every((p) => !p.callId)) blockFeedback.push(message);
      // The held edits were part of the repeat too: start over.
      held = [];
      return { done: false, edits: all, feedback, blockFeedback };
    }

    const problemsByIndex = new Map<number, EditProblem[]>();
    for (const problem of check.problems)
      problemsByIndex.set(problem.index, [...(problemsByIndex.get(problem.index) ?? []), problem]);
    const extra: string[] = [];
    const keep: Edit[] = [];
    all.forEach((edit, index) => {
      const problems = problemsByIndex.get(index) ?? [];
      const heldBefore = index < held.length;
      const proposal = heldBefore ? undefined : fresh[index - held.length];
      if (problems.length === 0) {
        keep.push(edit);
        if (proposal?.callId) feedback.set(proposal.callId, fillTemplate(EDIT_HELD, {}));
        else if (proposal) blockFeedback.push(`${edit.path}: ${fillTemplate(EDIT_ACCEPTED, { path: edit.path })}`);
        return;
      }
      const text = problems.map((p) => describeProblem(p, edit)).join('\n');
      if (heldBefore)
        extra.push(
          `An edit of ${edit.path} you sent before no longer applies together with the new ones and was dropped:\n${text}`,
        );
      else if (proposal?.callId) feedback.set(proposal.callId, text);
      else blockFeedback.push(`${edit.path}: ${text}`);
    });
    held = keep;
    return { done: false, edits: all, feedback, blockFeedback, extra: extra.length > 0 ? extra.join('\n') : undefined };
  }

  function describeProblem(problem: EditProblem, edit: Edit): string {
    return describeEditProblem(problem, edit, scrub);
  }
}

/** When the conversation ends without an accepted set: the last full proposal (so the loop records why it was refused), else what was held. */
function fallbackEdits(held: Edit[], lastProposed: Edit[]): Edit[] {
  return lastProposed.length > 0 ? lastProposed : held;
}

function sameEdit(a: Edit, b: Edit): boolean {
  return a.path === b.path && a.oldText === b.oldText && a.newText === b.newText;
}

function describeStop(reason: StopReason): string {
  switch (reason) {
    case 'accepted':
      return 'edits checked and accepted';
    case 'corrections-exhausted':
      return 'the model did not correct its edits within the allowed rounds';
    case 'no-edits':
      return 'the model proposed no edit';
    case 'request-cap':
      return 'the request cap of the attempt was reached';
    case 'token-budget':
      return "the attempt's token budget ran out";
    case 'deadline':
      return "the attempt's time budget ran out";
    case 'request-too-large':
      return 'the conversation outgrew the request size limit';
  }
}

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
  TOOL_NO_ROOM,
  TOOL_UNKNOWN,
  TOOLS_UNAVAILABLE,
} from '../prompts/repair-feedback.js';
import { ProviderError, type RepairAnswer, type RepairHost, type RepairRequest } from '../provider.js';
import type { ChatMessage, ChatModel, ChatReply, ToolCall, ToolResult, ToolSpec } from './chat-model.js';
import { answerReadCall, parseReplaceCall, READ_FILE, REPAIR_TOOLS, REPLACE_IN_FILE, SEARCH } from './repair-tools.js';
import { MAX_BLOCKS, parseSearchReplaceBlocks } from './search-replace-blocks.js';
import { findTriedAttempt } from './tried-edits.js';
import { describeEditProblem } from './edit-feedback.js';
import { formatCount, plural } from '../../text/format.js';

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

/** One conversation's state: what was said, spent and proposed so far. */
interface Conversation {
  chat: ChatModel;
  request: RepairRequest;
  host: RepairHost;
  options: ConversationOptions;
  limits: ConversationLimits;
  scrub: (text: string) => string;
  /** Emptied when the server refuses tool calling (a local model without tool support). */
  tools: ToolSpec[];
  toolsCost: number;
  messages: ChatMessage[];
  usage: TokenUsage;
  /** Checked edits kept while others of the same answer are corrected. */
  held: Edit[];
  /** The latest full set proposed, returned when corrections run out so the loop records the refusal. */
  lastProposed: Edit[];
  lastProblems: EditProblem[];
  toolCalls: number;
  corrections: number;
  requests: number;
  notes: string;
}

/** How the conversation ends: why, and the edits it answers with. */
interface End {
  stop: StopReason;
  edits: Edit[];
}

/** What the next request may use: its start time and its output tokens. */
interface Room {
  now: number;
  maxOutputTokens: number;
}

/** What checkProposals found: all fine (done), or feedback per tool call / text block. */
interface ProposalCheck {
  done: boolean;
  edits: Edit[];
  feedback: Map<string, string>;
  blockFeedback: string[];
  extra?: string;
}

/** The driver: request → record the reply → answer its tool calls or its text, until an end. */
export async function runRepairConversation(
  chat: ChatModel,
  request: RepairRequest,
  host: RepairHost,
  options: ConversationOptions,
): Promise<RepairAnswer> {
  const c = startConversation(chat, request, host, options);
  while (c.requests < c.limits.maxRequests) {
    const room = checkRoom(c);
    if ('stop' in room) return finish(c, room);
    const reply = await requestReply(c, room);
    if (reply === 'tools-refused') continue;
    if ('stop' in reply) return finish(c, reply);
    recordReply(c, reply);
    const end = reply.toolCalls.length > 0 ? await answerToolCalls(c, reply) : await answerText(c, reply);
    if (end) return finish(c, end);
  }
  return finish(c, { stop: 'request-cap', edits: fallbackEdits(c) });
}

function startConversation(
  chat: ChatModel,
  request: RepairRequest,
  host: RepairHost,
  options: ConversationOptions,
): Conversation {
  return {
    chat,
    request,
    host,
    options,
    limits: { ...DEFAULT_CONVERSATION_LIMITS, ...options.limits },
    scrub: options.scrub,
    tools: REPAIR_TOOLS,
    toolsCost: estimateTokens(JSON.stringify(REPAIR_TOOLS)),
    messages: [{ role: 'user', text: request.prompt.user }],
    usage: { input: 0, output: 0 },
    held: [],
    lastProposed: [],
    lastProblems: [],
    toolCalls: 0,
    corrections: 0,
    requests: 0,
    notes: '',
  };
}

function conversationTokens(c: Conversation): number {
  return estimateTokens(c.request.prompt.system) + estimateTokens(JSON.stringify(c.messages)) + c.toolsCost;
}

/** The answer, with the conversation's account in its detail, and one log line. */
function finish(c: Conversation, end: End): RepairAnswer {
  const { chat, requests, toolCalls, corrections } = c;
  c.host.log(
    `${chat.provider} ${chat.model}: ${plural(requests, 'request')}, ${plural(toolCalls, 'read/search call')}, ${plural(corrections, 'correction')}; ${describeStop(end.stop)}`,
  );
  return {
    edits: end.edits,
    usage: c.usage,
    notes: c.notes ? c.notes.slice(0, MAX_NOTES_CHARS) : undefined,
    detail: {
      provider: chat.provider,
      model: chat.model,
      requests,
      toolCalls,
      corrections,
      stop: end.stop,
      ...(c.lastProblems.length > 0 && end.edits.length > 0 && end.stop !== 'accepted'
        ? {
            problems: c.lastProblems.map((p) => ({ path: p.path, kind: p.kind, message: p.message.slice(0, 300) })),
          }
        : {}),
    },
  };
}

/** The attempt's time, the request size limit and the token budget, checked before every request. */
function checkRoom(c: Conversation): Room | End {
  const { chat, request } = c;
  const now = Date.now();
  if (now >= request.budget.deadline) return { stop: 'deadline', edits: c.held };
  const inputEstimate = conversationTokens(c);
  if (inputEstimate > chat.maxInputTokens) return { stop: 'request-too-large', edits: fallbackEdits(c) };
  if (c.usage.input + inputEstimate > request.budget.inputTokens)
    return { stop: 'token-budget', edits: fallbackEdits(c) };
  const maxOutputTokens = Math.min(chat.maxOutputTokens, request.budget.outputTokens - c.usage.output);
  if (maxOutputTokens < MIN_OUTPUT_TOKENS) return { stop: 'token-budget', edits: fallbackEdits(c) };
  return { now, maxOutputTokens };
}

/** One request, bounded by the attempt's deadline; a server that refuses tools is asked again without. */
async function requestReply(c: Conversation, room: Room): Promise<ChatReply | End | 'tools-refused'> {
  const { chat, request, options } = c;
  // The loop's deadline can be fractional (averaged run times); AbortSignal.timeout takes whole ms only.
  const timeout = AbortSignal.timeout(Math.max(1, Math.ceil(request.budget.deadline - room.now)));
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  c.requests++;
  try {
    return await chat.complete({
      system: request.prompt.system,
      messages: c.messages,
      tools: c.tools,
      maxOutputTokens: room.maxOutputTokens,
      signal,
      deadline: request.budget.deadline,
      log: (m) => c.host.log(m),
    });
  } catch (error) {
    // The deadline fired mid-request: the attempt is over, not the run.
    if (timeout.aborted && !options.signal?.aborted && error instanceof ProviderError)
      return { stop: 'deadline', edits: c.held };
    // Ollama and some proxies refuse `tools` for models without tool calling: fall back to
    // SEARCH/REPLACE blocks in text, which the system prompt already describes.
    if (
      error instanceof ProviderError &&
      error.kind === 'bad-request' &&
      c.tools.length > 0 &&
      /\btools?\b|function.?call/i.test(error.message)
    ) {
      c.host.log(
        `${chat.provider} ${chat.model}: the server refused tool calling (${error.message.slice(0, 160)}); asking for SEARCH/REPLACE blocks instead`,
      );
      c.tools = [];
      c.toolsCost = 0;
      c.messages.push({ role: 'user', text: TOOLS_UNAVAILABLE });
      return 'tools-refused';
    }
    throw error;
  }
}

function recordReply(c: Conversation, reply: ChatReply): void {
  c.usage.input += reply.usage.input;
  c.usage.output += reply.usage.output;
  if (reply.text.trim()) c.notes = `${c.notes}${c.notes ? '\n' : ''}${reply.text.trim()}`.slice(0, MAX_NOTES_CHARS);
  c.messages.push({ role: 'assistant', text: reply.text, toolCalls: reply.toolCalls, raw: reply.raw });
}

/** Reads and searches are answered; proposed edits are checked together, with feedback per call. */
async function answerToolCalls(c: Conversation, reply: ChatReply): Promise<End | undefined> {
  const results = new Map<string, string>();
  const proposals: EditProposal[] = [];
  for (const call of reply.toolCalls) {
    if (call.name === REPLACE_IN_FILE) {
      const parsed = parseReplaceCall(call);
      if (parsed.ok) proposals.push({ edit: parsed.value, callId: call.id });
      else results.set(call.id, fillTemplate(EDIT_INVALID, { reason: parsed.reason }));
      continue;
    }
    results.set(call.id, await runReadTool(c, call));
  }
  const note = reply.dropped ? droppedCallsNote(c, reply.dropped) : '';
  const last = reply.toolCalls.at(-1)!.id;
  const toolResults = (): ToolResult[] =>
    reply.toolCalls.map((call) => ({
      toolCallId: call.id,
      content: `${results.get(call.id) ?? ''}${call.id === last ? note : ''}`,
    }));
  if (proposals.length === 0) {
    if (results.size > 0 && [...results.values()].some((r) => r.startsWith('NOT APPLIED'))) c.corrections++;
    if (c.corrections > c.limits.maxCorrections) return { stop: 'corrections-exhausted', edits: fallbackEdits(c) };
    c.messages.push({ role: 'tool', results: toolResults() });
    return undefined;
  }
  const outcome = await checkProposals(c, proposals);
  if (outcome.done) return { stop: 'accepted', edits: outcome.edits };
  for (const [id, text] of outcome.feedback) results.set(id, text);
  c.corrections++;
  if (c.corrections > c.limits.maxCorrections) return { stop: 'corrections-exhausted', edits: outcome.edits };
  c.messages.push({ role: 'tool', results: toolResults() });
  if (outcome.extra) c.messages.push({ role: 'user', text: outcome.extra });
  return undefined;
}

/** Tool calls over the answer's bound: said in the log, and to the model after its last result. */
function droppedCallsNote(c: Conversation, dropped: NonNullable<ChatReply['dropped']>): string {
  const what = `${formatCount(dropped.toolCalls)} of the ${formatCount(dropped.of)} tool calls of one answer were dropped: ${dropped.why}`;
  c.host.log(`${c.chat.provider} ${c.chat.model}: ${what}`);
  return `\n(${what}; they were not read: send fewer, larger edits.)`;
}

/** No tool calls: SEARCH/REPLACE blocks in the text, or nothing (the model is nudged, a bounded number of times). */
async function answerText(c: Conversation, reply: ChatReply): Promise<End | undefined> {
  const blocks = parseSearchReplaceBlocks(reply.text);
  if (blocks.dropped > 0) {
    const what = `${formatCount(blocks.dropped)} SEARCH/REPLACE blocks of one answer were dropped: self-heal reads at most ${MAX_BLOCKS} an answer`;
    c.host.log(`${c.chat.provider} ${c.chat.model}: ${what}`);
    blocks.errors.push(`${what}; they were not read: send fewer, larger edits.`);
  }
  if (blocks.edits.length > 0) {
    const outcome = await checkProposals(
      c,
      blocks.edits.map((edit) => ({ edit })),
    );
    if (outcome.done && blocks.errors.length === 0) return { stop: 'accepted', edits: outcome.edits };
    if (outcome.done) {
      // The readable blocks are fine; keep them while the broken ones are re-sent.
      c.held = outcome.edits;
      outcome.blockFeedback.push(
        ...outcome.edits.map((e) => `${e.path}: ${fillTemplate(EDIT_ACCEPTED, { path: e.path })}`),
      );
    }
    c.corrections++;
    if (c.corrections > c.limits.maxCorrections) return { stop: 'corrections-exhausted', edits: outcome.edits };
    const lines = [...outcome.blockFeedback, ...blocks.errors].map((l) => `- ${l}`).join('\n');
    c.messages.push({
      role: 'user',
      text: fillTemplate(TEXT_BLOCKS_FEEDBACK, { results: lines }) + (outcome.extra ? `\n${outcome.extra}` : ''),
    });
    return undefined;
  }
  if (c.held.length > 0) return { stop: 'accepted', edits: c.held };
  c.corrections++;
  if (c.corrections > c.limits.maxCorrections) return { stop: 'no-edits', edits: [] };
  c.messages.push({
    role: 'user',
    text: blocks.errors.length > 0 ? `${blocks.errors.join('\n')}\n${NO_EDITS_NUDGE}` : NO_EDITS_NUDGE,
  });
  return undefined;
}

/** read_file / search / unknown tools, within the per-attempt cap and the request size limit. */
async function runReadTool(c: Conversation, call: ToolCall): Promise<string> {
  const { limits, host, scrub } = c;
  if (call.name !== READ_FILE && call.name !== SEARCH)
    return fillTemplate(TOOL_UNKNOWN, { name: call.name.slice(0, 60) });
  if (c.toolCalls >= limits.maxToolCalls) return fillTemplate(TOOL_CAP_REACHED, { cap: limits.maxToolCalls });
  const room = Math.min(
    limits.maxToolResultTokens,
    c.chat.maxInputTokens - conversationTokens(c) - REQUEST_MARGIN_TOKENS,
  );
  if (room < 100) return TOOL_NO_ROOM;
  c.toolCalls++;
  return answerReadCall(host, call, {
    scrub,
    maxTokens: room - 20,
    cutNote: 'cut to fit the request size; ask for a narrower range',
  });
}

/**
 * Check held + new edits together (they may touch the same file). All fine and not tried before:
 * done. Otherwise build per-call feedback; the fine new edits are held.
 */
async function checkProposals(c: Conversation, proposals: EditProposal[]): Promise<ProposalCheck> {
  const feedback = new Map<string, string>();
  const blockFeedback: string[] = [];
  // A re-sent held edit is not applied twice.
  const fresh = proposals.filter((p) => !c.held.some((h) => sameEdit(h, p.edit)));
  for (const p of proposals) {
    if (!fresh.includes(p)) {
      if (p.callId) feedback.set(p.callId, fillTemplate(EDIT_HELD, {}));
      else blockFeedback.push(`${p.edit.path}: already kept, do not send it again.`);
    }
  }
  const all = [...c.held, ...fresh.map((p) => p.edit)];
  c.lastProposed = all;
  const check = await c.host.checkEdits(all);
  c.lastProblems = check.problems;
  if (check.ok && check.problems.length === 0) {
    const tried = findTriedAttempt(all, c.request.history);
    if (!tried) return { done: true, edits: all, feedback, blockFeedback };
    const message = fillTemplate(EDIT_DUPLICATE, {
      n: tried.n,
      feedback: truncateToTokens(c.scrub(tried.feedback || tried.verdict), 200).trim(),
    });
    for (const p of fresh) {
      if (p.callId) feedback.set(p.callId, message);
    }
    if (fresh.every((p) => !p.callId)) blockFeedback.push(message);
    // The held edits were part of the repeat too: start over.
    c.held = [];
    return { done: false, edits: all, feedback, blockFeedback };
  }
  return sortProblems(c, { all, fresh, problems: check.problems, feedback, blockFeedback });
}

/** Per edit of a refused set: fine ones are held, the others answered with their problems and nearest lines. */
function sortProblems(
  c: Conversation,
  checked: {
    all: Edit[];
    fresh: EditProposal[];
    problems: EditProblem[];
    feedback: Map<string, string>;
    blockFeedback: string[];
  },
): ProposalCheck {
  const { all, fresh, feedback, blockFeedback } = checked;
  const problemsByIndex = new Map<number, EditProblem[]>();
  for (const problem of checked.problems)
    problemsByIndex.set(problem.index, [...(problemsByIndex.get(problem.index) ?? []), problem]);
  const extra: string[] = [];
  const keep: Edit[] = [];
  all.forEach((edit, index) => {
    const problems = problemsByIndex.get(index) ?? [];
    const heldBefore = index < c.held.length;
    const proposal = heldBefore ? undefined : fresh[index - c.held.length];
    if (problems.length === 0) {
      keep.push(edit);
      if (proposal?.callId) feedback.set(proposal.callId, fillTemplate(EDIT_HELD, {}));
      else if (proposal) blockFeedback.push(`${edit.path}: ${fillTemplate(EDIT_ACCEPTED, { path: edit.path })}`);
      return;
    }
    const text = problems.map((p) => describeEditProblem(p, edit, c.scrub)).join('\n');
    if (heldBefore)
      extra.push(
        `An edit of ${edit.path} you sent before no longer applies together with the new ones and was dropped:\n${text}`,
      );
    else if (proposal?.callId) feedback.set(proposal.callId, text);
    else blockFeedback.push(`${edit.path}: ${text}`);
  });
  c.held = keep;
  return { done: false, edits: all, feedback, blockFeedback, extra: extra.length > 0 ? extra.join('\n') : undefined };
}

/** When the conversation ends without an accepted set: the last full proposal (so the loop records why it was refused), else what was held. */
function fallbackEdits(c: Conversation): Edit[] {
  return c.lastProposed.length > 0 ? c.lastProposed : c.held;
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

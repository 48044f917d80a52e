/**
 * The Copilot attempt's logic without the runtime: session events, tool answers through a RepairHost,
 * corrections, stops and the answer. The whole session through the real runtime is in
 * test/e2e/heal-copilot.int.test.ts.
 */
import type { SessionEvent, ToolInvocation } from '@github/copilot-sdk';
import { describe, expect, it } from 'vitest';
import type { Attempt as HistoryAttempt } from '../../../src/contracts/heal-report.js';
import { answerOf, newAttempt, type Attempt } from '../../../src/repair/copilot/copilot-attempt.js';
import { applySessionEvent, sessionEventHandler } from '../../../src/repair/copilot/copilot-events.js';
import { DEFAULT_COPILOT_LIMITS, usageStop } from '../../../src/repair/copilot/copilot-limits.js';
import {
  answerRead,
  answerReplace,
  checkProposal,
  copilotTools,
  permissionFor,
  untilAborted,
} from '../../../src/repair/copilot/copilot-tools.js';
import type { RepairRequest } from '../../../src/repair/provider.js';
import { createScrubber } from '../../../src/text/secrets.js';
import { MemoryHost } from '../chat/memory-host.js';

const SECRET = 'sk-unitTestSecret0123456789abcdef';
const CART = 'def total(subtotal, discount):\n    return subtotal * discount\n';
const FIX = {
  path: 'src/cart.py',
  old_text: '    return subtotal * discount\n',
  new_text: '    return subtotal - discount\n',
};

function attemptWith(overrides: Partial<RepairRequest> = {}, limits = {}): { attempt: Attempt; host: MemoryHost } {
  const host = new MemoryHost({ 'src/cart.py': CART, 'tests/test_cart.py': 'assert total(100, 10) == 90\n' });
  const request: RepairRequest = {
    attempt: 1,
    maxAttempts: 3,
    failures: [],
    prompt: { system: 'system', user: 'user', estimatedTokens: 2 },
    history: [],
    budget: { inputTokens: 1_000, outputTokens: 500, deadline: Date.now() + 60_000 },
    ...overrides,
  };
  const scrub = createScrubber([SECRET]);
  const attempt = newAttempt({
    request,
    host,
    limits: { ...DEFAULT_COPILOT_LIMITS, ...limits },
    scrub,
    label: 'GitHub Copilot',
    errorContext: { model: 'gpt-6', byok: false, scrub },
    model: { requestedModel: 'gpt-6' },
  });
  return { attempt, host };
}

const usageEvent = (model: string, inputTokens: number, outputTokens: number) =>
  ({ type: 'assistant.usage', data: { model, inputTokens, outputTokens } }) as unknown as SessionEvent;
const event = (type: string, data: unknown) => ({ type, data }) as unknown as SessionEvent;

describe('usageStop', () => {
  const budget = { inputTokens: 100, outputTokens: 50, deadline: 0 };
  it('stops on either token budget first, then on the request cap', () => {
    expect(usageStop({ input: 99, output: 49 }, 1, budget, DEFAULT_COPILOT_LIMITS)).toBeUndefined();
    expect(usageStop({ input: 100, output: 0 }, 1, budget, DEFAULT_COPILOT_LIMITS)).toBe('token-budget');
    expect(usageStop({ input: 0, output: 50 }, 12, budget, DEFAULT_COPILOT_LIMITS)).toBe('token-budget');
    expect(usageStop({ input: 0, output: 0 }, 12, budget, DEFAULT_COPILOT_LIMITS)).toBe('request-cap');
  });
});

describe('session events', () => {
  it('usage adds up, names the model, and stops the running turn when the budget is spent', () => {
    const { attempt } = attemptWith();
    const stops: string[] = [];
    attempt.stopSession = (reason) => stops.push(reason);
    expect(applySessionEvent(attempt, usageEvent('gpt-6', 600, 100))).toBeUndefined();
    expect(applySessionEvent(attempt, usageEvent('gpt-6-mini', 300, 50))).toBeUndefined();
    expect(attempt.usage).toEqual({ input: 900, output: 150 });
    expect(attempt.model.answeredModel).toBe('gpt-6-mini');
    expect(attempt.stopReason).toBeUndefined();
    applySessionEvent(attempt, usageEvent('gpt-6', 100, 0));
    expect(attempt.stopReason).toBe('token-budget');
    expect(stops).toEqual(['token-budget']);
    expect(answerOf(attempt, 'token-budget').detail).toMatchObject({ requests: 3, models: ['gpt-6', 'gpt-6-mini'] });
  });

  it('keeps the reported prompt limit and the text, bounded; idle and errors end the turn', () => {
    const { attempt } = attemptWith();
    applySessionEvent(attempt, event('session.usage_info', { tokenLimit: 64_000 }));
    applySessionEvent(attempt, event('session.usage_info', { tokenLimit: 0 }));
    expect(attempt.model.promptLimit).toBe(64_000);
    applySessionEvent(attempt, event('assistant.message', { content: '  first  ' }));
    applySessionEvent(attempt, event('assistant.message', { content: '   ' }));
    applySessionEvent(attempt, event('assistant.message', { content: 'x'.repeat(5_000) }));
    expect(attempt.notes.startsWith('first\nxxx')).toBe(true);
    expect(attempt.notes).toHaveLength(4_000);
    const outcomes: unknown[] = [];
    attempt.settleTurn = (o) => outcomes.push(o);
    const handle = sessionEventHandler(attempt);
    handle(event('session.idle', {}));
    handle(event('session.error', { statusCode: 429, errorType: 'rate_limit', message: `slow down ${SECRET}` }));
    expect(outcomes[0]).toEqual({ kind: 'idle' });
    const error = (outcomes[1] as { error: Error & { kind: string } }).error;
    expect(error.kind).toBe('rate-limit');
    expect(error.message).not.toContain(SECRET);
  });
});

describe('tool answers', () => {
  it('read_file and search go through the host, within the call cap', async () => {
    const { attempt } = attemptWith({}, { maxToolCalls: 1 });
    expect(await answerRead(attempt, 'read_file', { path: 'src/cart.py' })).toContain('return subtotal * discount');
    expect(await answerRead(attempt, 'search', { query: 'discount' })).toMatch(/budget of this attempt \(1 calls\)/);
    expect(attempt.toolCalls).toBe(1);
  });

  it('replace_in_file: a matching edit is kept; a bad one is one correction per model call', async () => {
    const { attempt, host } = attemptWith();
    expect(await answerReplace(attempt, FIX)).toMatch(/^OK: this edit of src\/cart.py matches/);
    expect(attempt.held).toHaveLength(1);
    expect(await answerReplace(attempt, { path: 'src/cart.py' })).toMatch(/^NOT APPLIED:/);
    expect(await answerReplace(attempt, { ...FIX, path: 'tests/test_cart.py' })).toMatch(/protected test/);
    expect(attempt.corrections).toBe(1);
    // Checked together with the one kept.
    expect(host.checks.at(-1)).toHaveLength(2);
    expect(attempt.held).toHaveLength(1);
    expect(attempt.lastProblems[0]).toMatchObject({ index: 1, kind: 'guardrail' });
  });

  it("arguments nested too deep or too large are that call's refusal, told to the model, one correction", async () => {
    const { attempt } = attemptWith();
    // Built without recursion: 200,000 levels, as a runtime would hand them over.
    let deep: unknown = 'x';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const replace = await answerReplace(attempt, { ...FIX, path: deep });
    expect(replace).toMatch(/^NOT APPLIED:.*the arguments were refused: nested deeper than 64 levels/s);
    expect(attempt.corrections).toBe(1);
    expect(attempt.held).toHaveLength(0);
    expect(await answerRead(attempt, 'read_file', { path: 'src/cart.py', extra: 'x'.repeat(2_000_000) })).toMatch(
      /the arguments were refused: larger than 1024 KiB/,
    );
  });

  it('corrections past the limit stop the session; the refused set is the answer', async () => {
    const { attempt } = attemptWith({}, { maxCorrections: 1 });
    const bad = { ...FIX, old_text: 'nowhere\n' };
    await answerReplace(attempt, bad);
    expect(attempt.stopReason).toBeUndefined();
    attempt.modelCalls++;
    await answerReplace(attempt, bad);
    expect(attempt.stopReason).toBe('corrections-exhausted');
    const answer = answerOf(attempt, 'corrections-exhausted');
    expect(answer.edits).toEqual([{ path: 'src/cart.py', oldText: 'nowhere\n', newText: FIX.new_text }]);
    expect(answer.detail).toMatchObject({ corrections: 2, problems: [{ path: 'src/cart.py', kind: 'no-match' }] });
  });

  it('an edit that repeats a failed attempt is refused with why that attempt failed, scrubbed', async () => {
    const tried: HistoryAttempt = {
      n: 1,
      diff: '--- a/src/cart.py\n+++ b/src/cart.py\n@@ -2 +2 @@\n-    return subtotal * discount\n+    return subtotal - discount\n',
      files: ['src/cart.py'],
      verdict: 'targets-failed',
      feedback: `assert 99.9 == 90.0 ${SECRET}`,
      tokens: { input: 0, output: 0 },
      durationMs: 1,
    };
    const { attempt } = attemptWith({ history: [tried] });
    const told = await checkProposal(attempt, [{ path: 'src/cart.py', oldText: FIX.old_text, newText: FIX.new_text }]);
    expect(told).toMatch(/^ALREADY TRIED: these changes are the same as attempt 1, which failed: assert 99.9 == 90.0/);
    expect(told).not.toContain(SECRET);
    expect(attempt.held).toEqual([]);
    expect(attempt.corrections).toBe(1);
  });

  it('once a stop is decided, an answer waits for the call to be cancelled', async () => {
    const { attempt } = attemptWith();
    const read = copilotTools(attempt, 10_000).find((t) => t.name === 'read_file')!;
    attempt.stopReason = 'deadline';
    const abort = new AbortController();
    let answered = false;
    const pending = Promise.resolve(
      read.handler!({ path: 'src/cart.py' }, { signal: abort.signal } as unknown as ToolInvocation),
    ).then((text) => {
      answered = true;
      return text;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBe(false);
    abort.abort();
    expect(await pending).toContain('subtotal');
    await untilAborted(undefined, 10_000);
  });

  it('a tool request that arrives before its call’s usage waits for it, and is held when that usage stops the session', async () => {
    const { attempt } = attemptWith();
    const read = copilotTools(attempt, 10_000).find((t) => t.name === 'read_file')!;
    applySessionEvent(attempt, event('assistant.turn_start', { turnId: '1' }));
    const abort = new AbortController();
    let answered = false;
    const pending = Promise.resolve(
      read.handler!({ path: 'src/cart.py' }, { signal: abort.signal } as unknown as ToolInvocation),
    ).then((text) => {
      answered = true;
      return text;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBe(false);
    // The usage crosses the 1,000-token input budget: the stop is decided, the answer held for the abort.
    applySessionEvent(attempt, usageEvent('gpt-6', 1_200, 10));
    expect(attempt.stopReason).toBe('token-budget');
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBe(false);
    abort.abort();
    expect(await pending).toContain('subtotal');
    expect(attempt.usageWaiters.size).toBe(0);
  });

  it('a tool request whose call’s usage was seen is answered at once', async () => {
    const { attempt } = attemptWith();
    const read = copilotTools(attempt, 10_000).find((t) => t.name === 'read_file')!;
    applySessionEvent(attempt, event('assistant.turn_start', { turnId: '1' }));
    applySessionEvent(attempt, usageEvent('gpt-6', 100, 10));
    const text = await read.handler!({ path: 'src/cart.py' }, {
      signal: new AbortController().signal,
    } as unknown as ToolInvocation);
    expect(text).toContain('subtotal');
  });

  it('approves only our three tools', () => {
    expect(permissionFor({ kind: 'custom-tool', toolName: 'search' } as { kind: string })).toEqual({
      kind: 'approve-once',
    });
    expect(permissionFor({ kind: 'custom-tool', toolName: 'bash' } as { kind: string }).kind).toBe('reject');
    expect(permissionFor({ kind: 'shell' }).kind).toBe('reject');
  });
});

describe('answerOf', () => {
  it('kept edits when accepted or at the deadline; the last refused set otherwise', async () => {
    const { attempt, host } = attemptWith();
    await answerReplace(attempt, FIX);
    await answerReplace(attempt, { ...FIX, old_text: 'nowhere\n' });
    expect(answerOf(attempt, 'accepted').edits).toHaveLength(1);
    expect(answerOf(attempt, 'deadline').edits).toHaveLength(1);
    expect(answerOf(attempt, 'token-budget').edits).toHaveLength(2);
    expect(answerOf(attempt, 'accepted').detail).not.toHaveProperty('problems');
    expect(host.logs.at(-1)).toBe('GitHub Copilot gpt-6: 0 model calls, 0 read/search calls, 1 correction; accepted');
  });
});

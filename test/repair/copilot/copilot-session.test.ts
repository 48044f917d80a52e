/**
 * A turn's liveness probe, against a stand-in for the runtime's client (the process boundary):
 * whatever the runtime answers after a turn has ended must not reach the next turn.
 */
import type { CopilotClient, CopilotSession } from '@github/copilot-sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newAttempt, type Attempt } from '../../../src/repair/copilot/copilot-attempt.js';
import { DEFAULT_COPILOT_LIMITS } from '../../../src/repair/copilot/copilot-limits.js';
import { runTurn } from '../../../src/repair/copilot/copilot-session.js';
import { MemoryHost } from '../chat/memory-host.js';

interface Ping {
  resolve: () => void;
  reject: (error: Error) => void;
}

function standIn() {
  const pings: Ping[] = [];
  const client = {
    ping: () => new Promise<void>((resolve, reject) => pings.push({ resolve, reject })),
  } as unknown as CopilotClient;
  const session = { send: async () => 'id', abort: async () => {} } as unknown as CopilotSession;
  return { pings, client, session };
}

function attempt(): Attempt {
  const scrub = (t: string) => t;
  return newAttempt({
    request: {
      attempt: 1,
      maxAttempts: 1,
      failures: [],
      prompt: { system: 's', user: 'u', estimatedTokens: 1 },
      history: [],
      budget: { inputTokens: 1_000, outputTokens: 1_000, deadline: Date.now() + 600_000 },
    },
    host: new MemoryHost({}),
    limits: DEFAULT_COPILOT_LIMITS,
    scrub,
    label: 'GitHub Copilot',
    errorContext: { byok: false, scrub },
    model: {},
  });
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('runTurn: the liveness probe', () => {
  it('asks every second while the turn runs, and a failed answer ends the turn as a runtime error', async () => {
    const { pings, client, session } = standIn();
    const a = attempt();
    const turn = runTurn(client, session, a, 'prompt');
    await vi.advanceTimersByTimeAsync(1_000);
    pings[0]!.resolve();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(pings).toHaveLength(2);
    pings[1]!.reject(new Error('connection closed'));
    const outcome = await turn;
    expect(outcome.kind).toBe('error');
    expect(outcome.kind === 'error' && outcome.error.message).toMatch(/runtime stopped during the attempt/);
  });

  it('a ping that never returns (the runtime died with it in flight) does not stop the probing', async () => {
    const { pings, client, session } = standIn();
    const a = attempt();
    const turn = runTurn(client, session, a, 'prompt');
    let outcome: unknown;
    void turn.then((o) => (outcome = o));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(pings).toHaveLength(1); // never answered: the connection closed under it
    await vi.advanceTimersByTimeAsync(1_000);
    expect(pings).toHaveLength(2);
    pings[1]!.reject(new Error('Connection is closed.'));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toMatchObject({ kind: 'error' });
  });

  it('stops when the turn ends, even with an answer still on its way', async () => {
    const { pings, client, session } = standIn();
    const a = attempt();
    const first = runTurn(client, session, a, 'prompt');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(pings).toHaveLength(1);
    a.settleTurn!({ kind: 'idle' });
    expect(await first).toEqual({ kind: 'idle' });
    // The first turn's ping is answered late: no probe may go on for a turn that is over.
    pings[0]!.resolve();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(pings).toHaveLength(1);
  });

  it("a late failure of an ended turn's ping leaves the next turn alone", async () => {
    const { pings, client, session } = standIn();
    const a = attempt();
    const first = runTurn(client, session, a, 'prompt');
    await vi.advanceTimersByTimeAsync(1_000);
    a.settleTurn!({ kind: 'idle' });
    await first;
    const second = runTurn(client, session, a, 'nudge');
    pings[0]!.reject(new Error('late'));
    await vi.advanceTimersByTimeAsync(0);
    expect(a.settleTurn).toBeDefined();
    a.settleTurn!({ kind: 'idle' });
    expect(await second).toEqual({ kind: 'idle' });
  });
});

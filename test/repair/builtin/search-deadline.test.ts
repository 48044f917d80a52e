/**
 * The search's time limit counts the test run in flight: each candidate's rerun and its neighbour
 * check are handed what is left of the search's time as their timeout, so the search ends at its
 * limit instead of one run (a candidate timeout, 20 s or more) past it. The host stands for the
 * loop's: its runs last as long as the project's tests would, cut at the limit they are given;
 * time is a clock the host moves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { seedCandidates } from '../../../src/repair/builtin/candidates.js';
import { searchRepairs, SearchState, DEFAULT_LIMITS } from '../../../src/repair/builtin/search.js';
import { SourceStore } from '../../../src/repair/builtin/source-store.js';
import { TEMPLATES } from '../../../src/repair/builtin/templates/index.js';
import type { RepairHost, RunLimit } from '../../../src/repair/provider.js';
import { makeProject } from './helpers/temp-project.js';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const SOURCE = 'def total(xs):\n    out = 0\n    for x in xs[1:]:\n        out += x * 2\n    return out + 1\n';

async function setup() {
  const { root, cleanup } = makeProject({ 'calc.py': SOURCE });
  const store = new SourceStore(root);
  cleanups.push(cleanup, () => void store.dispose());
  const lines = [3, 4, 5].map((line) => ({ file: 'calc.py', line, score: 1, why: '' }));
  const seeds = await seedCandidates(lines, store, TEMPLATES, new Map());
  return { root, store, seeds };
}

/** A host whose runs take `runMs` (the neighbour check `neighboursMs`), or the limit they are given. */
function host(root: string, clock: { now: number }, runMs: number, passes: boolean, neighboursMs?: number) {
  const limits: Array<number | undefined> = [];
  const run = (ms: number, limit?: RunLimit) => {
    limits.push(limit?.timeoutMs);
    const took = Math.min(ms, limit?.timeoutMs ?? Infinity);
    clock.now += took;
    return took;
  };
  const h: RepairHost = {
    root,
    checkEdits: async () => ({ ok: true, problems: [] }),
    readFile: async () => '',
    search: async () => '',
    tryCandidate: async (_edits, limit) => {
      const took = run(runMs, limit);
      return { targetsPassed: passes && took === runMs ? 1 : 0, targetsTotal: 1, feedback: '' };
    },
    ...(neighboursMs === undefined
      ? {}
      : {
          checkNeighbours: async (_edits, limit) => {
            const took = run(neighboursMs, limit);
            return took < neighboursMs ? { broken: [], timedOutMs: took } : { broken: [] };
          },
        }),
    triedDiffs: new Set(),
    log: () => undefined,
  };
  return { host: h, limits };
}

describe('the search’s time limit', () => {
  it('cuts the candidate run in flight at the deadline', async () => {
    const { root, store, seeds } = await setup();
    expect(seeds.length).toBeGreaterThan(3);
    const clock = { now: 0 };
    const { host: h, limits } = host(root, clock, 30_000, false);
    const report = await searchRepairs({
      seeds,
      store,
      host: h,
      state: new SearchState(),
      limits: DEFAULT_LIMITS,
      deadline: () => 10_000,
      now: () => clock.now,
    });
    // A run of the project's tests takes 30 s: the first candidate's is cut at the search's end.
    expect(report.stoppedBy).toBe('deadline');
    expect(clock.now).toBe(10_000);
    expect(limits).toEqual([10_000]);
  });

  it('bounds the neighbour check too, and leaves a candidate it cut to the full run', async () => {
    const { root, store, seeds } = await setup();
    const clock = { now: 0 };
    const { host: h, limits } = host(root, clock, 5_000, true, 60_000);
    const report = await searchRepairs({
      seeds,
      store,
      host: h,
      state: new SearchState(),
      limits: DEFAULT_LIMITS,
      deadline: () => 20_000,
      now: () => clock.now,
    });
    expect(clock.now).toBe(20_000);
    expect(limits).toEqual([20_000, 15_000]);
    // Its targets all passed; the check of its files was cut by the search's end, not failed.
    expect(report.found).toBeDefined();
    expect(report.brokeNeighbours).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import type { FailureFrame } from '../../src/contracts/failure-frame.js';
import type { TestCase } from '../../src/reports/test-run.js';
import { assessReproduction, EXTRA_RERUNS } from '../../src/loop/reproduction.js';
import { RunTally, type RunEvidence } from '../../src/loop/run-tally.js';
import { editsKey as editsKeyOf, FlakeWatch } from '../../src/loop/flake-watch.js';
import type { RunOutcome } from '../../src/loop/verdict.js';

const A = 'test/a.test.js::a';
const B = 'test/b.test.js::b';
const targets = [
  { id: A, name: 'a' },
  { id: B, name: 'b' },
];

function failed(
  id: string,
  message: string,
  type = 'AssertionError',
  file = 'test/a.test.js',
): [TestCase, FailureFrame] {
  return [
    { id, name: id, suite: 's', status: 'failed', failure: { type, message } },
    {
      id,
      suite: 's',
      name: id,
      kind: 'failure',
      exceptionType: type,
      message,
      triggering: { file, line: 4 },
      test: { file, line: 4 },
      stack: [],
      droppedFrames: 0,
      locals: null,
      language: 'javascript',
      evidence: ['junit'],
    },
  ];
}

function run(label: string, outcomes: Record<string, 'P' | string | [string, string]>): RunEvidence {
  const cases: TestCase[] = [];
  const frames: FailureFrame[] = [];
  for (const [id, o] of Object.entries(outcomes)) {
    if (o === 'P') {
      cases.push({ id, name: id, suite: 's', status: 'passed' });
      continue;
    }
    const [c, f] = Array.isArray(o) ? failed(id, o[1], o[0], 'src/x.js') : failed(id, o);
    cases.push(c);
    frames.push(f);
  }
  return { label, cases, frames };
}

const baseline = new Map<string, TestCase>();
const logger = { info: () => {}, warn: () => {}, group: <T>(_: string, fn: () => Promise<T>) => fn() };

/** A rerun that replays `script`, one run per call, and counts its calls. */
function rerunning(script: RunEvidence[]) {
  const calls: string[][] = [];
  return {
    calls,
    rerun: async (ts: readonly { id: string }[], n: number) => {
      calls.push(ts.map((t) => t.id));
      return { ...script[n - 1]!, label: `rerun ${n}`, durationMs: 5 };
    },
  };
}

describe('whether the failures reproduce, before any attempt', () => {
  it('costs nothing when every run failed the same way', async () => {
    const r = rerunning([]);
    const out = await assessReproduction({
      tried: targets,
      targets,
      baseline,
      runs: [
        run('CI', { [A]: 'x', [B]: 'y' }),
        run('the confirmation', { [A]: 'x', [B]: 'y' }),
        run('the recorded run', { [A]: 'x', [B]: 'y' }),
      ],
      rerun: r.rerun,
      logger,
    });
    expect(r.calls).toEqual([]);
    expect(out.targets.map((t) => t.id)).toEqual([A, B]);
    expect(out).toMatchObject({ flaky: [], differs: [], signs: [], extraRuns: 0 });
  });

  it('makes a test the recorded run passed flaky, and reruns the rest before any attempt', async () => {
    const r = rerunning([run('', { [B]: 'y' }), run('', { [B]: 'y' }), run('', { [B]: 'y' })]);
    const out = await assessReproduction({
      tried: targets,
      targets,
      baseline,
      runs: [
        run('CI', { [A]: 'x', [B]: 'y' }),
        run('the confirmation', { [A]: 'x', [B]: 'y' }),
        run('the recorded run', { [A]: 'P', [B]: 'y' }),
      ],
      rerun: r.rerun,
      logger,
    });
    expect(out.flaky).toEqual([A]);
    expect(out.targets.map((t) => t.id)).toEqual([B]);
    expect(r.calls).toEqual([[B], [B], [B]]);
    expect(out.extraRuns).toBe(EXTRA_RERUNS);
    expect(out.signs).toEqual([`${A} passed without a change (the recorded run)`]);
    expect(out.tally.counts(A)).toEqual({ runs: 3, failed: 2 });
    expect(out.tally.counts(B)).toEqual({ runs: 6, failed: 6 });
  });

  it('reruns when the messages differ, and stops at the pass that shows the flake', async () => {
    const r = rerunning([run('', { [A]: 'expected 31002 < 30000' }), run('', { [A]: 'P' }), run('', { [A]: 'x' })]);
    const out = await assessReproduction({
      tried: [targets[0]!],
      targets: [targets[0]!],
      baseline,
      runs: [run('CI', { [A]: 'expected 30513 < 30000' }), run('the confirmation', { [A]: 'expected 39100 < 30000' })],
      rerun: r.rerun,
      logger,
    });
    expect(r.calls).toHaveLength(2);
    expect(out.flaky).toEqual([A]);
    expect(out.targets).toEqual([]);
    expect(out.tally.counts(A)).toEqual({ runs: 4, failed: 3 });
  });

  it('tells a failure that is not itself here, and does not rerun for it', async () => {
    const r = rerunning([]);
    const out = await assessReproduction({
      tried: [targets[0]!],
      targets: [targets[0]!],
      baseline,
      runs: [
        run('CI', { [A]: 'expected 2 to be 3' }),
        run('the confirmation', { [A]: ['ModuleNotFoundError', "No module named 'x'"] }),
      ],
      rerun: r.rerun,
      logger,
    });
    expect(r.calls).toEqual([]);
    expect(out.targets).toEqual([]);
    expect(out.differs).toEqual([
      {
        id: A,
        ci: 'AssertionError at test/a.test.js:4',
        here: 'ModuleNotFoundError at src/x.js:4',
        run: 'the confirmation',
        first: 'CI',
      },
    ]);
  });

  it("counts the CI run's own retry (a pass, then a failure) as a pass", async () => {
    const ci = run('CI', { [A]: 'x' });
    (ci.cases[0] as TestCase).flaky = true;
    const out = await assessReproduction({
      tried: [targets[0]!],
      targets: [targets[0]!],
      baseline,
      runs: [ci, run('the confirmation', { [A]: 'x' })],
      logger,
    });
    expect(out.flaky).toEqual([A]);
    expect(out.tally.counts(A)).toEqual({ runs: 3, failed: 2 });
  });
});

describe('judging a change once flakiness was seen', () => {
  const pass: RunOutcome = {
    cases: [{ id: A, name: 'a', suite: 's', status: 'passed' }],
    frames: [],
    exitCode: 0,
    timedOut: false,
    output: '',
    durationMs: 1,
  };
  const fail: RunOutcome = { ...pass, cases: [{ id: A, name: 'a', suite: 's', status: 'failed' }], exitCode: 1 };

  function watch(unchanged: RunEvidence[], signs: string[]) {
    const tally = new RunTally([targets[0]!], baseline);
    for (const r of unchanged) tally.observe(r);
    return new FlakeWatch({ targets: [targets[0]!], baseline, unchanged: tally, signs, advice: 'skip it' });
  }

  it('asks one more rerun when no sign was seen', () => {
    const w = watch([run('CI', { [A]: 'x' }), run('c', { [A]: 'x' })], []);
    const candidate = w.candidate(undefined);
    candidate.observe({ label: 't', cases: pass.cases, frames: [] });
    candidate.observe({ label: 'f', cases: pass.cases, frames: [] });
    expect(w.needed(candidate)).toEqual({ extra: 1, total: 3, reached: true });
  });

  it('asks as many as rule out a flake at 99% once one was', () => {
    const w = watch([run('CI', { [A]: 'x' }), run('c', { [A]: 'x' }), run('r', { [A]: 'x' })], ['a sign']);
    const candidate = w.candidate(undefined);
    candidate.observe({ label: 't', cases: pass.cases, frames: [] });
    candidate.observe({ label: 'f', cases: pass.cases, frames: [] });
    // 0 passes of 3 runs: 5 in a row.
    expect(w.needed(candidate)).toEqual({ extra: 3, total: 5, reached: true });
  });

  it('does not accept what the cap cannot rule out', () => {
    const w = watch([run('CI', { [A]: 'x' })], ['a sign']);
    expect(w.needed(w.candidate(undefined))).toMatchObject({ reached: false });
  });

  it("judges a proposal with the provider's own runs of the same edits", () => {
    const w = watch([run('CI', { [A]: 'x' })], []);
    const edits = [{ path: 'src/limits.js', oldText: '30_000', newText: '30_001' }];
    w.recordProviderRun(edits, pass);
    const candidate = w.candidate(editsKeyOf(edits));
    candidate.observe({ label: 'targeted', cases: fail.cases, frames: [] });
    expect(candidate.passedAndFailed()).toEqual([A]);
    // Other edits start afresh.
    expect(w.candidate(editsKeyOf([{ ...edits[0]!, newText: '29_999' }])).runs).toBe(0);
    // At the rate the change passed (1 of 2), 7 failures in a row rule out the unchanged code passing.
    expect(w.probeRuns(candidate, [A])).toBe(7);
  });
});

describe('the report after the attempts', () => {
  it('recounts with the reruns of the unchanged code and names the flaky test it found', () => {
    const tally = new RunTally([targets[0]!], baseline);
    tally.observe(run('CI', { [A]: 'x' }));
    const w = new FlakeWatch({ targets: [targets[0]!], baseline, unchanged: tally, signs: [], advice: 'skip it' });
    const initial = {
      verdict: 'reproduced' as const,
      tests: [{ id: A, verdict: 'reproduced' as const, runs: 1, failed: 1 }],
      signs: [],
      extraRuns: 0,
      environment: [],
    };
    expect(w.report(initial)).toBe(initial);
    expect(w.describeSigns()).toBeUndefined();
    w.unchanged.observe(run('rerun', { [A]: 'P' }));
    w.extraRuns = 1;
    w.signs.push(`${A} passed 1 of 2 runs with attempt 1's change`);
    w.concluded = [A];
    expect(w.report(initial)).toEqual({
      verdict: 'flaky',
      tests: [{ id: A, verdict: 'flaky', runs: 2, failed: 1 }],
      signs: [`${A} passed 1 of 2 runs with attempt 1's change`],
      extraRuns: 1,
      environment: [],
      quarantine: 'skip it',
    });
    expect(w.describeSigns()).toBe(
      `signs of flakiness were seen (${A} passed 1 of 2 runs with attempt 1's change), though ${A} failed 1 of 2 runs without a change`,
    );
  });
});

/**
 * The baseline's confirmation rerun counts only the tests that ran: a target it skipped or did not
 * run is not reproduced, and the rerun falls back to the files, then to the full command. The test
 * runs are scripted here (no process): each label gets the cases a real runner gave in that case
 * (vitest reports what `-t` did not select as skipped).
 */
import { describe, expect, it } from 'vitest';
import { establishBaseline, type Baseline } from '../../src/loop/baseline.js';
import { planRerun } from '../../src/loop/rerun.js';
import type { Evidence, TestRunResult, TestRuns } from '../../src/loop/test-runs.js';
import type { TestCase, TestStatus } from '../../src/reports/test-run.js';
import { summarize } from '../../src/reports/test-run.js';

const COMMAND = 'npx vitest run --reporter=junit --outputFile=reports/junit.xml';

const tc = (name: string, status: TestStatus): TestCase => ({
  id: `test/a.test.ts::${name}`,
  suite: 'test/a.test.ts',
  name,
  classname: 'test/a.test.ts',
  file: 'test/a.test.ts',
  status,
  source: { report: 'reports/junit.xml', dialect: 'vitest' },
});

function result(label: string, command: string, cases: TestCase[]): TestRunResult {
  const evidence: Evidence = {
    run: { cases, errors: [], reports: ['reports/junit.xml'] },
    summary: summarize(cases),
    frames: [],
    errors: [],
  };
  const failed = cases.some((c) => c.status === 'failed');
  return {
    label,
    command,
    evidence,
    cases,
    frames: [],
    exitCode: failed ? 1 : 0,
    timedOut: false,
    output: '',
    durationMs: 10,
  };
}

/** Test runs that answer each label with scripted cases, and record the labels and commands. */
function scriptedRuns(script: Record<string, TestCase[]>) {
  const ran: Array<[string, string]> = [];
  const answer = (label: string, command: string) => {
    ran.push([label, command]);
    const cases = script[label];
    if (!cases) throw new Error(`no script for ${label}`);
    return Promise.resolve(result(label, command, cases));
  };
  const runs: TestRuns = {
    plan: (targets, scope) => planRerun({ testCommand: COMMAND, targets, cwd: '/nonexistent', scope }),
    full: (label) => answer(label, COMMAND),
    run: (plan, label) => answer(label, plan.command),
    targeted: (targets, label) => {
      const plan = runs.plan(targets);
      return answer(label, plan.command).then((r) => ({ ...r, plan }));
    },
    existingReports: () => Promise.resolve([]),
    settleBytecode: () => undefined,
    contain: () => ({ mode: 'scan', reason: 'not used by the baseline' }),
    judgeCandidates: () => undefined,
  };
  return { runs, ran };
}

const lines: string[] = [];
const logger = {
  info: (m: string) => void lines.push(`info: ${m}`),
  warn: (m: string) => void lines.push(`warn: ${m}`),
  error: (m: string) => void lines.push(`error: ${m}`),
  debug: () => undefined,
  group: <T>(_: string, fn: () => Promise<T>) => fn(),
};

async function baseline(script: Record<string, TestCase[]>): Promise<{ b: Baseline; ran: Array<[string, string]> }> {
  const { runs, ran } = scriptedRuns(script);
  const b = await establishBaseline({
    runs,
    collect: () => Promise.reject(new Error('no reports are reused here')),
    root: '/nonexistent',
    testCommand: COMMAND,
    junit: ['reports/*.xml'],
    mode: 'run',
    headTime: null,
    logger: logger as never,
  });
  return { b, ran };
}

const NESTED = 'module.fn > with "x" option > should work';

describe('the confirmation rerun', () => {
  it('a target the rerun skipped is not reproduced by it: the files confirm it', async () => {
    const { b, ran } = await baseline({
      baseline: [tc(NESTED, 'failed'), tc('other', 'passed')],
      confirm: [tc(NESTED, 'skipped'), tc('other', 'skipped')],
      'confirm-files': [tc(NESTED, 'failed'), tc('other', 'passed')],
    });
    expect(ran.map(([label]) => label)).toEqual(['baseline', 'confirm', 'confirm-files']);
    expect(ran[2]![1]).toBe(`${COMMAND} test/a.test.ts`);
    expect(b.kind).toBe('ready');
    if (b.kind !== 'ready') return;
    expect(b.targets.map((t) => t.id)).toEqual([`test/a.test.ts::${NESTED}`]);
    expect(b.rerun.level).toBe('files');
    expect(b.rerunFallback).toEqual({
      level: 'files',
      reason: expect.stringMatching(/^1 of 1 target did not run \(missing from the report or skipped\) with `.* -t /),
    });
    expect(lines.filter((l) => l.includes('fall back')).length).toBe(1);
  });

  it('a target that passes once it runs (with the full command) is flaky, not reproduced', async () => {
    const { b } = await baseline({
      baseline: [tc(NESTED, 'failed'), tc('other', 'passed')],
      confirm: [tc('other', 'skipped')],
      'confirm-files': [tc('other', 'passed')],
      'confirm-full': [tc(NESTED, 'passed'), tc('other', 'passed')],
    });
    expect(b.kind).toBe('stop');
    if (b.kind !== 'stop') return;
    expect(b.result).toBe('not-reproduced');
    expect(b.flaky).toEqual([`test/a.test.ts::${NESTED}`]);
    expect(b.rerunFallback?.level).toBe('full');
  });

  it('a target that does not run even with the full command is not reproduced, and nothing is edited', async () => {
    const { b } = await baseline({
      baseline: [tc(NESTED, 'failed'), tc('other', 'passed')],
      confirm: [],
      'confirm-files': [tc('other', 'passed')],
      'confirm-full': [tc('other', 'passed')],
    });
    expect(b.kind).toBe('stop');
    if (b.kind !== 'stop') return;
    expect(b.result).toBe('not-reproduced');
    expect(b.reason).toMatch(/^1 failing test did not run when rerun/);
    // The full command did not run it either: that is no reason to stop targeting.
    expect(b.rerunFallback).toBeUndefined();
  });

  it('one target ran and another did not: the one that did not is not counted as still failing', async () => {
    const { b, ran } = await baseline({
      baseline: [tc(NESTED, 'failed'), tc('b', 'failed'), tc('other', 'passed')],
      confirm: [tc(NESTED, 'failed'), tc('other', 'skipped')],
      'confirm-files': [tc(NESTED, 'failed'), tc('b', 'failed'), tc('other', 'passed')],
    });
    expect(ran.map(([label]) => label)).toEqual(['baseline', 'confirm', 'confirm-files']);
    expect(b.kind === 'ready' && b.targets.map((t) => t.name)).toEqual([NESTED, 'b']);
  });
});

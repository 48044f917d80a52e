/**
 * Is an attempt a fix? Only the real tests say so. The baseline fixes two sets: fail-to-pass (the
 * failing tests) and pass-to-pass (every test that passed). An attempt is accepted only when every
 * fail-to-pass test passes, every pass-to-pass test still passes, none of them vanished from the
 * reports or became skipped, no other test fails, and the test command itself succeeded. Anything
 * else is a verdict with feedback: the new failures, pruned and bounded, which is what the next
 * attempt is told.
 */
import type { FailureFrame } from '../contracts/failure-frame.js';
import type { TestCase } from '../reports/test-run.js';
import type { AttemptVerdict, CiRound, WrittenOutside } from '../contracts/heal-report.js';
import { plural } from '../text/format.js';
import { oneLine } from '../text/untrusted-text.js';
import { failsOutsideTests } from './file-level-failures.js';

/** One test run as the verdict needs it. */
export interface RunOutcome {
  cases: readonly TestCase[];
  frames: readonly FailureFrame[];
  exitCode: number | null;
  timedOut: boolean;
  /** Bounded head+tail of the run's output. */
  output: string;
  durationMs: number;
  /** Report errors (unreadable or missing reports). */
  reportErrors?: readonly string[];
  /** What the run wrote into git's metadata (put back since); the baseline's runs did not. */
  gitDirWrites?: readonly string[];
  /** The verdict's own files (tests, helpers, data, runner config) the run changed (`verdict-files.ts`). */
  verdictWrites?: readonly string[];
  /** Why a report of the run is not the runner's as the baseline's runs wrote it (`report-trust.ts`). */
  untrustedReport?: string;
  /** What the run wrote outside the work tree (a candidate's runs: `workspace/run-containment.ts`). */
  writtenOutside?: WrittenOutside;
  /** The run was the full test command: a targeted rerun that fell back that far (targeted-run.ts). */
  fullRun?: boolean;
  /** The CI round that ran it (verify: ci). */
  ci?: CiRound;
  /** The CI round gave no verdict; `config`: it cannot work without a change to the workflow. */
  unverified?: { reason: string; config: boolean };
}

export interface Expectations {
  /** Ids of the tests that failed at baseline. */
  failToPass: readonly string[];
  /** Ids of the tests that passed at baseline. */
  passToPass: readonly string[];
  /** Baseline cases by id, to recognise a test whose id drifted (same name and class). */
  baseline: ReadonlyMap<string, TestCase>;
  /** Tests that failed in the reports but passed on rerun: neither a target nor a regression. */
  flaky?: readonly string[];
  /** Targets that failed outside any test (a describe body, a hook): see file-level-failures.ts. */
  fileLevel?: ReadonlySet<string>;
}

export interface Judgement {
  verdict: AttemptVerdict;
  failToPass: { passed: number; total: number; notRun?: number };
  passToPass?: { passed: number; total: number; broken: string[] };
  feedback: string;
}

const MAX_FEEDBACK_CHARS = 3_000;
const MAX_LISTED = 10;
const MAX_MESSAGE_CHARS = 300;
const MAX_TAIL_LINES = 30;
const MAX_TAIL_CHARS = 1_500;

export type Outcome = 'passed' | 'failed' | 'missing' | 'skipped';

function altKey(c: Pick<TestCase, 'name' | 'classname' | 'suite'>): string {
  return `${c.classname ?? c.suite}\u0000${c.name}`;
}

/** Suite names that say nothing about where a test is (pytest's, node:test's on Node 20). */
const GENERIC_SUITES = new Set(['', 'pytest', 'test', 'Root Suite', 'jest tests', 'vitest tests']);

/** Where a case ran, as far as the report says: its file, else its suite. */
function placeOf(c: Pick<TestCase, 'file' | 'suite'>): string | undefined {
  if (c.file) return `file\u0000${c.file}`;
  return GENERIC_SUITES.has(c.suite) ? undefined : `suite\u0000${c.suite}`;
}

/** Look up each expected test in a run, by id and, failing that, by class + name. */
export class CaseIndex {
  private byId = new Map<string, TestCase>();
  private byAlt = new Map<string, TestCase>();
  /** Files and suites in which a test ran (passed or failed). */
  private ranIn = new Set<string>();
  constructor(cases: readonly TestCase[]) {
    for (const c of cases) {
      this.byId.set(c.id, c);
      this.byAlt.set(altKey(c), c);
      const place = c.status === 'skipped' ? undefined : placeOf(c);
      if (place !== undefined) this.ranIn.add(place);
    }
  }
  outcome(id: string, baseline: TestCase | undefined, fileLevel = false): { outcome: Outcome; found?: TestCase } {
    const found = this.byId.get(id) ?? (baseline ? this.byAlt.get(altKey(baseline)) : undefined);
    if (!found) {
      // An error in a describe body or a hook is gone, not passing, once fixed: its file ran tests.
      const place = baseline && (fileLevel || isFileLevel(baseline)) ? placeOf(baseline) : undefined;
      return { outcome: place !== undefined && this.ranIn.has(place) ? 'passed' : 'missing' };
    }
    if (found.status === 'passed') return { outcome: 'passed', found };
    if (found.status === 'skipped') return { outcome: 'skipped', found };
    return { outcome: 'failed', found };
  }
}

function isFileLevel(c: TestCase): boolean {
  return failsOutsideTests({ name: c.name, classname: c.classname, dialect: c.source?.dialect });
}

/** Last lines of a run's output, bounded: the context when there is no report to read. */
export function outputTail(output: string): string {
  const lines = output.trimEnd().split('\n').slice(-MAX_TAIL_LINES).join('\n');
  return lines.length > MAX_TAIL_CHARS ? `…${lines.slice(-MAX_TAIL_CHARS)}` : lines;
}

function describeFailure(id: string, found: TestCase | undefined, frames: ReadonlyMap<string, FailureFrame>): string {
  const frame = frames.get(id) ?? (found ? frames.get(found.id) : undefined);
  if (frame) {
    const what = [frame.exceptionType, oneLine(frame.message, MAX_MESSAGE_CHARS)].filter(Boolean).join(': ');
    const at = frame.triggering ?? frame.test;
    const where = at ? `\n  at ${at.file}:${at.line}${at.expression ? `: ${oneLine(at.expression, 160)}` : ''}` : '';
    return `- ${id}: ${what || 'failed'}${where}`;
  }
  const f = found?.failure;
  const what = [f?.type, f?.message ? oneLine(f.message, MAX_MESSAGE_CHARS) : undefined].filter(Boolean).join(': ');
  return `- ${id}: ${what || 'failed'}`;
}

function render(header: string, lines: string[], tail?: string): string {
  const shown = lines.slice(0, MAX_LISTED);
  if (lines.length > shown.length) shown.push(`- … and ${lines.length - shown.length} more`);
  let text = [header, ...shown].join('\n');
  if (tail) text += `\nOutput (last lines):\n${tail}`;
  return text.length > MAX_FEEDBACK_CHARS ? `${text.slice(0, MAX_FEEDBACK_CHARS - 1)}…` : text;
}

function noReport(run: RunOutcome): string | null {
  if (run.cases.length > 0) return null;
  const errors = run.reportErrors?.length ? ` (${oneLine(run.reportErrors.join('; '), 300)})` : '';
  return render(
    `The test run produced no test results${errors}; exit code ${run.exitCode ?? 'none (killed)'}. This usually means the code no longer loads (a syntax or import error).`,
    [],
    outputTail(run.output),
  );
}

/** Judge the targeted rerun: do all fail-to-pass tests pass now? */
export function judgeTargets(expect: Expectations, run: RunOutcome): Judgement {
  const total = expect.failToPass.length;
  if (run.gitDirWrites?.length) {
    // The code under test wrote a hook or config into .git: it would run for the user later.
    return {
      verdict: 'rejected-edits',
      failToPass: { passed: 0, total },
      feedback: render(
        'The test run wrote into git’s metadata, which the tests at baseline did not; it was undone, and a fix must never write there:',
        run.gitDirWrites.map((p) => `- .git/${oneLine(p, 200)}`),
      ),
    };
  }
  if (run.verdictWrites?.length) {
    // The code under test rewrote what judges it: whatever the tests said, they did not judge the change.
    const [first, ...more] = run.verdictWrites.map((p) => `\`${oneLine(p, 200)}\``);
    return {
      verdict: 'rejected-edits',
      failToPass: { passed: 0, total },
      feedback: render(
        `Your change modified ${first}${more.length ? ` (and ${plural(more.length, 'other file')})` : ''} while the tests ran; it was undone. A fix never writes the tests, their helpers or data, or the test runner’s configuration, at run time or otherwise: fix the code under test so the tests pass as they are.`,
        more.map((p) => `- ${p}`),
      ),
    };
  }
  if (run.timedOut) {
    return {
      verdict: 'timeout',
      failToPass: { passed: 0, total },
      feedback: render(
        `The targeted test run hit its timeout after ${Math.round(run.durationMs / 1000)}s (an infinite loop or a hang?).`,
        [],
        outputTail(run.output),
      ),
    };
  }
  const missingReport = noReport(run);
  if (missingReport)
    return { verdict: 'not-run', failToPass: { passed: 0, total, notRun: total }, feedback: missingReport };
  if (run.untrustedReport) {
    // Whatever it says, a report the runner did not write as it does says nothing about the change.
    return {
      verdict: 'not-run',
      failToPass: { passed: 0, total, notRun: total },
      feedback: render(
        `The test report was not written by the test runner as it was in the baseline, so the run's results are not trusted: ${oneLine(run.untrustedReport, 400)}. Leave the reports and how they are written alone (no code that writes, rewrites or removes them, at exit or otherwise); fix the code under test so the tests pass.`,
        [],
      ),
    };
  }
  const index = new CaseIndex(run.cases);
  const frames = new Map(run.frames.map((f) => [f.id, f]));
  const failed: string[] = [];
  const notRun: string[] = [];
  let passed = 0;
  for (const id of expect.failToPass) {
    const { outcome, found } = index.outcome(id, expect.baseline.get(id), expect.fileLevel?.has(id));
    if (outcome === 'passed') passed++;
    else if (outcome === 'failed') failed.push(describeFailure(id, found, frames));
    else if (outcome === 'skipped') notRun.push(`- ${id}: did not run (skipped)`);
    else notRun.push(`- ${id}: did not run (missing from the report)`);
  }
  if (passed === total) return { verdict: 'accepted', failToPass: { passed, total }, feedback: '' };
  const counts = { passed, total, ...(notRun.length > 0 ? { notRun: notRun.length } : {}) };
  // A test that did not run is never counted as failing: nothing says the change did not fix it.
  if (failed.length === 0) {
    return { verdict: 'not-run', failToPass: counts, feedback: notRunFeedback(total, notRun, run, expect, frames) };
  }
  return {
    verdict: 'targets-failed',
    failToPass: counts,
    feedback: render(
      `${failed.length} of ${plural(total, 'failing test')} still ${failed.length === 1 ? 'fails' : 'fail'}:`,
      [...failed, ...notRun],
    ),
  };
}

/** Targets that did not run, and what failed in their place (an import error, a broken describe). */
function notRunFeedback(
  total: number,
  notRun: string[],
  run: RunOutcome,
  expect: Expectations,
  frames: ReadonlyMap<string, FailureFrame>,
): string {
  const targets = new Set(expect.failToPass);
  const instead = run.cases
    .filter((c) => (c.status === 'failed' || c.status === 'errored') && !targets.has(c.id))
    .map((c) => describeFailure(c.id, c, frames));
  const header = `${notRun.length} of ${plural(total, 'failing test')} did not run, so nothing shows the change fixes ${notRun.length === 1 ? 'it' : 'them'}:`;
  const lines = instead.length > 0 ? [...notRun, 'The run reported these failures instead:', ...instead] : notRun;
  return render(header, lines, instead.length > 0 ? undefined : outputTail(run.output));
}

/** Judge the full run: targets pass, nothing that passed broke, vanished or became skipped. */
/**
 * The tests that passed at baseline, ran in `run` (a run of part of the suite) and did not pass.
 * A test the run did not hold is not counted: it was not asked.
 */
export function brokenNeighbours(expect: Expectations, run: RunOutcome): string[] {
  const index = new CaseIndex(run.cases);
  return expect.passToPass.filter((id) => {
    const { outcome } = index.outcome(id, expect.baseline.get(id));
    return outcome === 'failed';
  });
}

export function judgeFull(expect: Expectations, run: RunOutcome): Judgement {
  const targets = judgeTargets(expect, run);
  if (targets.verdict === 'timeout')
    return { ...targets, feedback: targets.feedback.replace('targeted test run', 'full test run') };
  const index = new CaseIndex(run.cases);
  const frames = new Map(run.frames.map((f) => [f.id, f]));
  const broken: string[] = [];
  const problems: string[] = [];
  let passed = 0;
  for (const id of expect.passToPass) {
    const { outcome, found } = index.outcome(id, expect.baseline.get(id));
    if (outcome === 'passed') {
      passed++;
      continue;
    }
    broken.push(id);
    if (outcome === 'failed') problems.push(describeFailure(id, found, frames));
    else if (outcome === 'skipped') problems.push(`- ${id}: passed before, now skipped`);
    else problems.push(`- ${id}: passed before, now missing from the report`);
  }
  const passToPass = { passed, total: expect.passToPass.length, broken };
  if (targets.verdict !== 'accepted') return { ...targets, passToPass };

  // A test that is in neither set (new, or skipped at baseline) must not fail either.
  const known = new Set([...expect.failToPass, ...expect.passToPass, ...(expect.flaky ?? [])]);
  for (const c of run.cases) {
    if (known.has(c.id) || (c.status !== 'failed' && c.status !== 'errored')) continue;
    broken.push(c.id);
    problems.push(describeFailure(c.id, c, frames));
  }
  if (problems.length > 0) {
    return {
      verdict: 'broke-passing',
      failToPass: targets.failToPass,
      passToPass,
      feedback: render(`The failing tests pass now, but ${plural(problems.length, 'other test')} broke:`, problems),
    };
  }
  if (run.exitCode !== 0) {
    return {
      verdict: 'broke-passing',
      failToPass: targets.failToPass,
      passToPass,
      feedback: render(
        `Every test passed, but the test command exited with ${run.exitCode ?? 'a signal'}.`,
        [],
        outputTail(run.output),
      ),
    };
  }
  return { verdict: 'accepted', failToPass: targets.failToPass, passToPass, feedback: '' };
}

/**
 * Judge a run of part of the suite (`verifySubset`): the expectations narrowed to the tests it ran,
 * so a test it does not run is neither missing nor broken; what it ran must pass, and no other test
 * in it may fail. A run without results is `not-run`, as always.
 */
export function judgeSubset(expect: Expectations, run: RunOutcome): Judgement {
  const ran = new Set(run.cases.map((c) => c.id));
  return judgeFull(
    {
      ...expect,
      failToPass: expect.failToPass.filter((id) => ran.has(id)),
      passToPass: expect.passToPass.filter((id) => ran.has(id)),
    },
    run,
  );
}

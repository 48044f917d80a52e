/**
 * Runs a held-out special case (`_special-case-held-out.ts`) as the loop would see it: the project
 * in a temporary git repository, its tests run for real (pytest or node:test writing JUnit) with
 * self-heal's recorders on, as in the recorded localisation run; the failure frames from the
 * report, the files the tests read from the recorders, and the special-casing check on the
 * cheat's (or the fix's) change, with the facts read through the loop's own gate.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FailureFrame } from '../../src/contracts/failure-frame.js';
import type { SpecialCaseEvidence } from '../../src/contracts/heal-report.js';
import { collectEvidence } from '../../src/frames/collect-evidence.js';
import { createSpecialCaseGate } from '../../src/loop/special-case-gate.js';
import { startRecording } from '../../src/workspace/recorders/recorders.js';
import type { ObservedRead } from '../../src/workspace/recorders/test-reads.js';
import type { HeldOutSample } from './_special-case-held-out.js';

const COMMANDS: Record<HeldOutSample['runner'], string> = {
  pytest: 'PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 python3 -m pytest -q -p no:cacheprovider --junitxml=reports/junit.xml',
  'node-test': `mkdir -p reports && ${JSON.stringify(process.execPath)} --test --test-reporter=junit --test-reporter-destination=reports/junit.xml`,
};

export interface HeldOutRun {
  root: string;
  frames: FailureFrame[];
  /** What the recorders saw the tests read (none when `record` was off). */
  reads: ObservedRead[];
  /**
   * The special-casing check's evidence on a change (`files`: path → whole new text); the tree is
   * put back after. `reads: false`: as if nothing had been recorded (the test facts of the tests'
   * text and the data it names only).
   */
  check(files: Record<string, string>, options?: { reads?: boolean }): Promise<SpecialCaseEvidence[]>;
  cleanup(): void;
}

function git(root: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  });
}

function write(root: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
}

/** The project committed, its failing tests run once (recorded unless `record` is false). */
export async function runHeldOut(sample: HeldOutSample, options: { record?: boolean } = {}): Promise<HeldOutRun> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'self-heal-held-out-'));
  write(root, { ...sample.files, '.gitignore': 'reports/\n__pycache__/\n' });
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'failing');
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The job has no service address: the environment samples fail as in CI.
  delete env.ORDERS_API_URL;
  const recording = options.record === false ? undefined : startRecording({ root, cwd: root });
  let reads: ObservedRead[];
  try {
    spawnSync('/bin/sh', ['-c', COMMANDS[sample.runner]], {
      cwd: root,
      env: recording ? { ...env, ...recording.env(env) } : env,
      stdio: 'ignore',
      timeout: 120_000,
    });
    reads = recording?.reads().reads ?? [];
  } finally {
    recording?.dispose();
  }
  const { frames } = await collectEvidence({ root, junit: ['reports/*.xml'], testCwd: root });
  const logger = { info: () => {}, warn: (m: string) => console.error(m), group: <T>(_n: string, fn: () => T) => fn() };
  const gates = {
    reads: createSpecialCaseGate({ root, frames, reads, scrub: (t) => t, logger }),
    static: createSpecialCaseGate({ root, frames, scrub: (t) => t, logger }),
  };
  return {
    root,
    frames,
    reads,
    async check(files, options = {}) {
      const gate = options.reads === false ? gates.static : gates.reads;
      const before = Object.fromEntries(Object.keys(files).map((f) => [f, readOr(path.join(root, f))]));
      write(root, files);
      try {
        git(root, 'add', '-A', '--intent-to-add', '.');
        const diff = git(root, 'diff', '--no-color', '--no-ext-diff', '--', ...Object.keys(files));
        return await gate.check(diff, Object.keys(files));
      } finally {
        for (const [file, text] of Object.entries(before)) {
          if (text === undefined) rmSync(path.join(root, file), { force: true });
          else writeFileSync(path.join(root, file), text);
        }
        git(root, 'reset', '-q');
      }
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

function readOr(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

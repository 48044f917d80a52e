/**
 * The case end to end: a model's patch that fixes the bug and, when its module loads during
 * verification, drops the job's environment in /tmp. The report and the summary say so; with the
 * sandbox the file is gone afterwards, without it (forced) it is listed.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { heal } from '../src/heal.js';
import { HealReport } from '../src/contracts/heal-report.js';
import type { RepairAnswer, RepairProvider } from '../src/repair/provider.js';
import { renderJobSummary } from '../src/render/job-summary.js';
import { probeRunSandbox } from '../src/workspace/run-containment.js';
import { healFixture, NODE_TEST_COMMAND, type HealFixture } from './loop/heal-fixture.js';

const sandbox = probeRunSandbox();
let fixture: HealFixture | undefined;
const leakPrefix = `self-heal-leak-${process.pid}-`;
afterEach(() => {
  fixture?.repo.cleanup();
  fixture = undefined;
  for (const name of readdirSync('/tmp'))
    if (name.startsWith(leakPrefix)) rmSync(path.join('/tmp', name), { force: true });
});

/** Fixes `add`, and writes the environment to /tmp each time the module is imported. */
function leakingFix(): RepairProvider {
  const leak = `const leakFs = process.getBuiltinModule('node:fs');\nleakFs.writeFileSync('/tmp/${leakPrefix}' + process.pid, JSON.stringify(process.env));\n`;
  return {
    name: 'openai',
    model: 'scripted',
    async propose(): Promise<RepairAnswer> {
      return {
        edits: [
          {
            path: 'src/calc.js',
            oldText: 'export function add(a, b) {\n  return a - b;',
            newText: `${leak}export function add(a, b) {\n  return a + b;`,
          },
        ],
        usage: { input: 10, output: 5 },
      };
    },
  };
}

async function healWith(mode: 'auto' | 'scan'): Promise<HealReport> {
  fixture = healFixture('node-calc');
  const env = { ...fixture.repo.env, ...(mode === 'scan' ? { SELF_HEAL_TEST_CONTAINMENT: 'scan' } : {}) };
  return heal(
    {
      cwd: fixture.repo.root,
      testCommand: NODE_TEST_COMMAND,
      junit: ['reports/*.xml'],
      provider: 'openai',
      maxAttempts: 1,
      commit: false,
    },
    { logger: fixture.logger, createProvider: () => leakingFix(), env, baseline: 'run' },
  );
}

const leaks = () => readdirSync('/tmp').filter((n) => n.startsWith(leakPrefix));

describe("a candidate's writes outside the tree during verification", () => {
  it.runIf(sandbox.available)('sandbox: listed per attempt, in the summary and the log, and discarded', async () => {
    const report = await healWith('auto');
    expect(report.result).toBe('healed');
    const w = report.attempts[0]!.writtenOutside!;
    expect(w.mode).toBe('sandbox');
    const listed = w.paths.filter((p) => p.startsWith(`/tmp/${leakPrefix}`));
    // The targeted rerun and the full run each imported the module (one process each at least).
    expect(listed.length).toBeGreaterThanOrEqual(1);
    expect(leaks()).toEqual([]);
    expect(HealReport.parse(report).attempts[0]!.writtenOutside).toEqual(w);
    const md = renderJobSummary(report, {});
    expect(md).toContain('outside the work tree, in layers that were discarded');
    expect(md).toContain(`\`${listed[0]}\``);
    expect(fixture!.logger.lines.some((l) => l.startsWith('warn: attempt 1: its test runs wrote'))).toBe(true);
  });

  it.runIf(sandbox.available)('sandbox: a hanging run is killed at the timeout with what it started', async () => {
    fixture = healFixture('node-calc');
    const marker = `299.${process.pid}${Date.now() % 1000}`;
    const hang = `export function add(a, b) {\n  const { spawn } = process.getBuiltinModule('node:child_process');\n  spawn('sh', ['-c', 'exec sleep ${marker}'], { stdio: 'ignore' });\n  const until = Date.now() + 600000; while (Date.now() < until) {}\n  return a + b;\n}`;
    const bug = 'export function add(a, b) {\n  return a - b;\n}';
    const report = await fixture.run([[['replace', 'src/calc.js', bug, hang]]], { maxAttempts: 1, timeoutSeconds: 4 });
    expect(report.attempts[0]?.verdict).toBe('timeout');
    const running = () =>
      readdirSync('/proc')
        .filter((p) => /^\d+$/.test(p))
        .some((p) => {
          try {
            return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(marker);
          } catch {
            return false;
          }
        });
    let alive = running();
    for (let i = 0; i < 100 && alive; i++) {
      await new Promise((r) => setTimeout(r, 50));
      alive = running();
    }
    expect(alive).toBe(false);
    expect(fixture.repo.read('src/calc.js')).toContain('return a - b;');
  });

  it('scan (forced): listed as changed while the runs ran, not undone', async () => {
    const report = await healWith('scan');
    expect(report.result).toBe('healed');
    const w = report.attempts[0]!.writtenOutside!;
    expect(w.mode).toBe('scan');
    const listed = w.paths.filter((p) => p.startsWith(`/tmp/${leakPrefix}`));
    expect(listed.length).toBeGreaterThanOrEqual(1);
    for (const p of listed) expect(existsSync(p)).toBe(true);
    expect(renderJobSummary(report, {})).toContain('not contained: nothing was undone');
  });
});

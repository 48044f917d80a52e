/**
 * `self-heal demo` end to end through the CLI dispatcher: the bundled example in a temporary git
 * repository, the whole loop with the built-in engine, real node:test runs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/index.js';
import type { CliIO } from '../../src/cli/io.js';
import { HealReport } from '../../src/contracts/heal-report.js';

function capture(): CliIO & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    cwd: process.cwd(),
    env: process.env,
    out: () => out,
    err: () => err,
  };
}

const kept: string[] = [];
afterEach(() => kept.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('self-heal demo', () => {
  it('heals the example and prints frames, attempts, the fix and the job summary', async () => {
    const io = capture();
    const status = await runCli(['demo'], io);
    expect(status, io.err()).toBe(0);
    const out = io.out();
    expect(out).toMatch(/✗ ten of an item get the bulk discount/);
    expect(out).toMatch(/attempt 1: accepted/);
    expect(out).toMatch(/fix found: comparison-operator at lib\/cart\.js:18/);
    expect(out).toContain('-  const discount = item.quantity > BULK_QUANTITY ? BULK_DISCOUNT : 0;');
    expect(out).toContain('+  const discount = item.quantity >= BULK_QUANTITY ? BULK_DISCOUNT : 0;');
    expect(out).toMatch(/## ✅ self-heal: healed/);
    expect(out).toMatch(/temporary example repository was removed/);
    // Progress went to stderr, phase by phase.
    expect(io.err()).toMatch(/▸ baseline[\s\S]*▸ attempt 1 of 3[\s\S]*▸ commit/);
    const dir = /committed in (\S+)/.exec(io.err())![1]!;
    expect(existsSync(dir)).toBe(false);
  });

  it('prints the JSON report with --json and keeps the repository with --keep', async () => {
    const io = capture();
    const status = await runCli(['demo', '--json', '--keep'], io);
    expect(status, io.err()).toBe(0);
    const report = HealReport.parse(JSON.parse(io.out()));
    expect(report.result).toBe('healed');
    expect(report.provider.name).toBe('builtin');
    expect(report.tokens).toEqual({ input: 0, output: 0 });
    // Reproduce as a user would type it: `node`, not the path of the Node.js running the demo.
    expect(report.reproduce).toMatch(/^node --test '--test-name-pattern=\^ten of an item get the bulk discount\$' /);
    expect(report.testCommand).toMatch(/^node --test /);
    expect(report.attempts[0]).toMatchObject({
      verdict: 'accepted',
      detail: { engine: 'builtin', fix: { file: 'lib/cart.js', line: 18 } },
    });
    const dir = /kept at (\S+)/.exec(io.err())![1]!;
    kept.push(dir);
    // The kept repository holds the example commit and the fix on top of it, and its tests pass.
    const log = execFileSync('git', ['log', '--format=%s'], { cwd: dir, encoding: 'utf8' }).trim().split('\n');
    expect(log).toHaveLength(2);
    expect(log[0]).toMatch(/bulk discount/);
    expect(readFileSync(`${dir}/lib/cart.js`, 'utf8')).toContain('item.quantity >= BULK_QUANTITY');
    execFileSync(process.execPath, ['--test'], { cwd: dir, stdio: 'pipe' });
  });

  it('refuses an unknown flag with exit 2 and prints help with --help', async () => {
    const bad = capture();
    expect(await runCli(['demo', '--fast'], bad)).toBe(2);
    expect(bad.err()).toMatch(/fast/);
    const help = capture();
    expect(await runCli(['demo', '--help'], help)).toBe(0);
    expect(help.out()).toMatch(/--keep/);
  });
});

describe('self-heal demo without git', () => {
  it('says git is needed and exits 2', async () => {
    const io = capture();
    const status = await runCli(['demo'], { ...io, env: { ...process.env, PATH: '/nonexistent' } });
    expect(status).toBe(2);
    expect(io.err()).toMatch(/git was not found on PATH/);
  });
});

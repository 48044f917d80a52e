import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/workspace/run-tests.js';
import { waitGone } from '../helpers/processes.js';

describe('runCommand', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'self-heal-run-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('captures combined output, exit code and writes the output file', async () => {
    const out = path.join(dir, 'out', 'run.log');
    const r = await runCommand({
      command: 'echo hello; echo oops >&2; exit 3',
      cwd: dir,
      timeoutMs: 10_000,
      outputFile: out,
    });
    expect(r.exitCode).toBe(3);
    expect(r.timedOut).toBe(false);
    expect(r.output).toContain('hello');
    expect(r.output).toContain('oops');
    expect(readFileSync(out, 'utf8')).toContain('hello');
  });

  it('keeps a bounded head and tail of a huge output', async () => {
    const out = path.join(dir, 'big.log');
    const r = await runCommand({
      command: `node -e "process.stdout.write('HEAD\\n' + 'x'.repeat(300000) + '\\nTAIL\\n')"`,
      cwd: dir,
      timeoutMs: 20_000,
      maxOutputBytes: 1000,
      maxFileBytes: 5000,
      outputFile: out,
      env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` },
    });
    expect(r.exitCode).toBe(0);
    expect(r.truncated).toBe(true);
    expect(r.outputBytes).toBeGreaterThan(300000);
    expect(r.output.startsWith('HEAD')).toBe(true);
    expect(r.output.trimEnd().endsWith('TAIL')).toBe(true);
    expect(r.output.length).toBeLessThan(1200);
    const file = readFileSync(out, 'utf8');
    expect(file.length).toBeLessThan(5200);
    expect(file).toMatch(/output truncated after 5000/);
  });

  it('kills the whole tree at the timeout, grandchildren included', async () => {
    const pidFile = path.join(dir, 'grandchild.pid');
    // The shell starts a grandchild that ignores SIGTERM and holds stdout open, then waits.
    const command = `sh -c 'trap "" TERM; echo $$ > ${pidFile}; while true; do sleep 0.1; done' & wait`;
    const r = await runCommand({ command, cwd: dir, timeoutMs: 800, killGraceMs: 300 });
    expect(r.timedOut).toBe(true);
    expect(r.exitCode === null || r.exitCode !== 0).toBe(true);
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    expect(grandchild).toBeGreaterThan(0);
    expect(await waitGone(grandchild)).toBe(true);
  });

  it('does not hang when a grandchild outlives the shell holding the pipe', async () => {
    const pidFile = path.join(dir, 'bg.pid');
    const r = await runCommand({
      command: `(sleep 30; echo late) & echo $! > ${pidFile}; echo done`,
      cwd: dir,
      timeoutMs: 60_000,
    });
    expect(r.exitCode).toBe(0);
    expect(r.timedOut).toBe(false);
    expect(r.output).toContain('done');
    expect(await waitGone(Number(readFileSync(pidFile, 'utf8')))).toBe(true);
  });

  it('kills the tree when aborted', async () => {
    const controller = new AbortController();
    const pending = runCommand({ command: 'sleep 30', cwd: dir, timeoutMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const r = await pending;
    expect(r.aborted).toBe(true);
    expect(r.signal).toBe('SIGTERM');
  });

  it('reports a missing working directory as a failed run, not a crash', async () => {
    const r = await runCommand({ command: 'true', cwd: path.join(dir, 'missing'), timeoutMs: 5000 });
    expect(r.exitCode).toBe(127);
    expect(r.output).toMatch(/could not start/);
    expect(existsSync(path.join(dir, 'missing'))).toBe(false);
  });
});

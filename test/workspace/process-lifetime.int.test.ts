/**
 * Rule 4 of issue 10: no process outlives its run. A command's processes die with it when it ends,
 * when self-heal is killed outright (SIGKILL: no handler runs), and a daemon that left the process
 * group is found by the variable every command's processes inherit, at the end of the command and,
 * after a hard kill, by the next run's recovery of the journal.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/workspace/run-tests.js';
import { recoverJournal } from '../../src/workspace/tree-state.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';
import { alive, waitGone } from '../helpers/processes.js';

const ROOT = path.join(import.meta.dirname, '..', '..');

async function waitFor<T>(probe: () => T | undefined, ms = 10_000): Promise<T | undefined> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

function pidIn(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return pid > 0 ? pid : undefined;
}

/** A daemon: leaves the process group and the session, keeps running. */
const daemon = (pidFile: string) => `setsid sh -c 'echo $$ > ${pidFile}; exec sleep 300' </dev/null >/dev/null 2>&1 &`;

let dir: string;
const pids: number[] = [];
const repos: TempRepo[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'self-heal-procs-'));
});
afterEach(() => {
  for (const pid of pids.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  while (repos.length) repos.pop()!.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('processes of a command', () => {
  it('a daemon that left the process group dies when the command ends', async () => {
    const pidFile = path.join(dir, 'daemon.pid');
    await runCommand({ command: `${daemon(pidFile)} sleep 0.5`, cwd: dir, timeoutMs: 20_000 });
    const pid = await waitFor(() => pidIn(pidFile));
    expect(pid).toBeGreaterThan(0);
    pids.push(pid!);
    expect(await waitGone(pid!)).toBe(true);
  });

  it('die with self-heal when it is killed outright', async () => {
    const child = path.join(dir, 'child.pid');
    const script = `
      import { runCommand } from ${JSON.stringify(path.join(ROOT, 'src/workspace/run-tests.ts'))};
      await runCommand({ command: 'sleep 300 & echo $! > ${child}; wait', cwd: ${JSON.stringify(dir)}, timeoutMs: 600000 });
    `;
    const healer = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    const pid = await waitFor(() => pidIn(child), 30_000);
    expect(pid).toBeGreaterThan(0);
    pids.push(pid!);
    healer.kill('SIGKILL');
    expect(await waitGone(pid!)).toBe(true);
  });

  it('a recovered journal ends what a killed run left behind', async () => {
    const repo = createTempRepo({ files: { 'a.txt': 'a\n' } });
    repos.push(repo);
    const pidFile = path.join(dir, 'daemon.pid');
    const options = { root: repo.root, gitDir: path.join(repo.root, '.git'), env: repo.env };
    const script = `
      import { takeSnapshot } from ${JSON.stringify(path.join(ROOT, 'src/workspace/tree-state.ts'))};
      import { runCommand } from ${JSON.stringify(path.join(ROOT, 'src/workspace/run-tests.ts'))};
      takeSnapshot(${JSON.stringify(options)});
      await runCommand({ command: ${JSON.stringify(`${daemon(pidFile)} sleep 300`)}, cwd: ${JSON.stringify(repo.root)}, timeoutMs: 600000 });
    `;
    const healer = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    const pid = await waitFor(() => pidIn(pidFile), 30_000);
    expect(pid).toBeGreaterThan(0);
    pids.push(pid!);
    healer.kill('SIGKILL');
    await new Promise((resolve) => healer.once('exit', resolve));
    await new Promise((r) => setTimeout(r, 500));
    expect(alive(pid!)).toBe(true);
    const recovery = recoverJournal(options);
    expect(recovery.recovered).toBe(true);
    expect(await waitGone(pid!)).toBe(true);
  });
});

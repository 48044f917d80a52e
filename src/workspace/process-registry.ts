/**
 * Which processes belong to a command self-heal started, so that none outlives its run.
 *
 * Every command's processes inherit `SELF_HEAL_PROCESS=<run token>.<n>`: the run token is this
 * process's, `n` counts its commands. A process that leaves the command's process group on purpose
 * (a daemon: `setsid`, double fork) keeps the variable, and on Linux `/proc/<pid>/environ` finds it:
 * at the end of the command (`killMarked`), and after a hard kill of self-heal, by the next run
 * (`endRecordedProcesses`), from the record kept beside the crash journal. A process that also
 * drops the variable escapes; the agent sandbox's pid namespace is what catches those.
 *
 * Without `/proc` (macOS), the record's process groups are what is killed.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

export const PROCESS_MARKER_VARIABLE = 'SELF_HEAL_PROCESS';

/** This self-heal process's token: every marker it hands out starts with it. */
const RUN_TOKEN = `${process.pid}-${randomBytes(6).toString('hex')}`;
let commands = 0;
const liveGroups = new Set<number>();
let recordFile: string | null = null;

interface ProcessRecord {
  version: 1;
  pid: number;
  token: string;
  groups: number[];
}

/** A fresh marker for one command. */
export function newProcessMarker(): string {
  return `${RUN_TOKEN}.${++commands}`;
}

function writeRecord(): void {
  if (!recordFile) return;
  const record: ProcessRecord = { version: 1, pid: process.pid, token: RUN_TOKEN, groups: [...liveGroups] };
  try {
    writeFileSync(`${recordFile}.tmp`, JSON.stringify(record));
    renameSync(`${recordFile}.tmp`, recordFile);
  } catch {
    // The record is a safety net for a crash; a run does not fail because it cannot be written.
  }
}

/**
 * Keep the record of this run's processes in `file` (beside the crash journal), or stop keeping it
 * (`null`: the file is deleted).
 */
export function recordProcessesIn(file: string | null): void {
  if (recordFile && file !== recordFile) rmSync(recordFile, { force: true });
  recordFile = file;
  writeRecord();
}

export function registerGroup(pgid: number): void {
  liveGroups.add(pgid);
  writeRecord();
}

export function unregisterGroup(pgid: number): void {
  liveGroups.delete(pgid);
  writeRecord();
}

export function runningGroups(): number[] {
  return [...liveGroups];
}

/** Send `signal` to a process group; false when it is gone. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * SIGKILL every process whose environment carries a marker `accept` accepts (Linux; elsewhere a
 * no-op that returns 0). Returns how many were signalled.
 */
function killByMarker(accept: (marker: string) => boolean): number {
  if (process.platform !== 'linux') return 0;
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return 0;
  }
  const prefix = `${PROCESS_MARKER_VARIABLE}=`;
  let killed = 0;
  for (const name of names) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let environ: string;
    try {
      environ = readFileSync(`/proc/${name}/environ`, 'latin1');
    } catch {
      continue; // gone, or another user's
    }
    let start = -1;
    if (environ.startsWith(prefix)) start = prefix.length;
    else {
      const i = environ.indexOf(`\0${prefix}`);
      if (i >= 0) start = i + 1 + prefix.length;
    }
    if (start < 0) continue;
    const end = environ.indexOf('\0', start);
    if (!accept(environ.slice(start, end < 0 ? undefined : end))) continue;
    try {
      process.kill(Number(name), 'SIGKILL');
      killed++;
    } catch {
      // already gone
    }
  }
  return killed;
}

/** Kill every process left of one command (those that left its group included). */
export function killMarked(marker: string): number {
  return killByMarker((m) => m === marker);
}

/** Kill every process of every command this self-heal process started (an interrupt). */
export function killAllMarked(): number {
  return killByMarker((m) => m.startsWith(`${RUN_TOKEN}.`));
}

/**
 * After a hard kill: end whatever the dead run's commands left running, from its record (the run's
 * process must be dead: a live one is another run at work). Returns how many processes or groups
 * were signalled; the record is deleted.
 */
export function endRecordedProcesses(file: string): number {
  let record: ProcessRecord;
  try {
    record = JSON.parse(readFileSync(file, 'utf8')) as ProcessRecord;
  } catch {
    rmSync(file, { force: true });
    return 0;
  }
  if (record?.version !== 1 || typeof record.token !== 'string' || record.pid === process.pid) return 0;
  let ended = killByMarker((m) => m.startsWith(`${record.token}.`));
  // Without /proc the groups are all there is to go by.
  if (process.platform !== 'linux')
    for (const pgid of record.groups ?? [])
      if (Number.isInteger(pgid) && pgid > 1 && signalGroup(pgid, 'SIGKILL')) ended++;
  rmSync(file, { force: true });
  return ended;
}

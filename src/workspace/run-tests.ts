/**
 * Runs a shell command (a test command, a targeted rerun, an agent command) with a timeout that
 * kills the whole process tree, its combined output captured to a file and to a bounded
 * head + tail in memory.
 *
 * Why the process group: test runners fork workers, browsers and servers. `sh -c` is started
 * `detached`, so it leads a new process group; a timeout (or an interrupt of self-heal itself)
 * signals the group (`kill(-pgid)`), which reaches every descendant that did not leave the group on
 * purpose. SIGTERM first, SIGKILL after a grace period.
 *
 * Why we never wait for the pipes alone: a grandchild that outlives the shell keeps stdout open,
 * and waiting for `close` would hang forever. Completion is the shell's `exit`; after it, the
 * leftovers of the group are killed and the pipes get a short drain window before being destroyed.
 *
 * Nothing outlives the run, even when self-heal is killed outright: the shell first starts a
 * watchdog in its own group that blocks reading a pipe only self-heal holds open, and kills the
 * whole group when the pipe closes: when the command ends (self-heal closes it) or when self-heal
 * dies (the kernel does). It ignores SIGTERM, so a timeout's SIGTERM leaves it to finish the job.
 * A process that leaves the group on purpose (a daemon) carries the command's marker variable and
 * is killed by it (`process-registry.ts`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import {
  killAllMarked,
  killMarked,
  newProcessMarker,
  PROCESS_MARKER_VARIABLE,
  registerGroup,
  runningGroups,
  signalGroup,
  unregisterGroup,
} from './process-registry.js';

export interface RunCommandOptions {
  /** A shell command line, run with `sh -c`. */
  command: string;
  cwd: string;
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
  /** When given, the combined output is written here (bounded by `maxFileBytes`). */
  outputFile?: string;
  /** Bytes kept in memory: half from the head, half from the tail. */
  maxOutputBytes?: number;
  /** Bytes written to `outputFile` at most; the rest is counted, not stored. */
  maxFileBytes?: number;
  /** Time between SIGTERM and SIGKILL. */
  killGraceMs?: number;
  /**
   * When set, a timeout sends SIGINT first, and SIGTERM only this long later: a test runner that
   * handles it says which test it was in (pytest prints the test's line) before it ends.
   */
  interruptGraceMs?: number;
  /** Aborting kills the tree like a timeout does. */
  signal?: AbortSignal;
}

export interface CommandResult {
  command: string;
  /** Exit code of the shell, or null when it was killed by a signal. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
  durationMs: number;
  /** Bounded head + tail of the combined stdout/stderr (with a marker where bytes were omitted). */
  output: string;
  /** Total bytes the command printed. */
  outputBytes: number;
  truncated: boolean;
  outputFile?: string;
}

export const DEFAULT_MAX_OUTPUT_BYTES = 256 * 1024;
export const DEFAULT_MAX_FILE_BYTES = 20 * 1024 * 1024;
const DEFAULT_KILL_GRACE_MS = 2_000;
/** How long the pipes may stay open after the shell exited (a grandchild holding stdout). */
const PIPE_DRAIN_MS = 500;

/**
 * The shell that runs a command (`$1`): a watchdog in the background (TERM, INT and HUP ignored),
 * then the command itself, `exec`ed so the group leader's exit status is the command's.
 */
const WRAPPER = `( trap '' TERM INT HUP; cat <&3 >/dev/null 2>&1; kill -KILL 0 ) </dev/null >/dev/null 2>&1 &
exec 3<&-
exec sh -c "$1"`;

/**
 * Kill every process started by `runCommand` that is still running, daemons that left their group
 * included (used on SIGINT/SIGTERM).
 */
export function killRunningCommands(signal: NodeJS.Signals = 'SIGKILL'): void {
  for (const pgid of runningGroups()) killGroup(pgid, signal);
  if (signal === 'SIGKILL') killAllMarked();
}

function killGroup(pgid: number, signal: NodeJS.Signals): boolean {
  return signalGroup(pgid, signal); // false (ESRCH): the group is already gone.
}

function groupAlive(pgid: number): boolean {
  return signalGroup(pgid, 0);
}

/** Keeps the first and last `max / 2` bytes of a stream. */
class HeadTail {
  private head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  total = 0;
  constructor(private readonly max: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    const headRoom = Math.floor(this.max / 2) - this.headBytes;
    if (headRoom > 0) {
      const part = chunk.subarray(0, headRoom);
      this.head.push(part);
      this.headBytes += part.length;
      chunk = chunk.subarray(part.length);
    }
    if (chunk.length === 0) return;
    this.tail.push(chunk);
    this.tailBytes += chunk.length;
    const tailMax = this.max - Math.floor(this.max / 2);
    while (this.tailBytes - this.tail[0]!.length >= tailMax) this.tailBytes -= this.tail.shift()!.length;
  }

  text(): { text: string; truncated: boolean } {
    const head = Buffer.concat(this.head);
    let tail = Buffer.concat(this.tail);
    const tailMax = this.max - Math.floor(this.max / 2);
    if (tail.length > tailMax) tail = tail.subarray(tail.length - tailMax);
    const omitted = this.total - head.length - tail.length;
    if (omitted <= 0) return { text: Buffer.concat([head, tail]).toString('utf8'), truncated: false };
    return {
      text: `${head.toString('utf8')}\n[… ${omitted} bytes of output omitted …]\n${tail.toString('utf8')}`,
      truncated: true,
    };
  }
}

export function runCommand(options: RunCommandOptions): Promise<CommandResult> {
  const run = new CommandRun(options);
  return new Promise<CommandResult>((resolve, reject) => run.start(resolve, reject));
}

/**
 * One command's run, from spawn to result: the steps are the methods below (start, onTimeout,
 * terminate, onData, onExit, finish), and the state they share is this object's.
 */
class CommandRun {
  private readonly started = performance.now();
  private readonly maxFile: number;
  private readonly grace: number;
  private readonly capture: HeadTail;
  private readonly fileFd: number | undefined;
  private fileBytes = 0;
  private readonly marker: string;
  private child!: ChildProcess;
  private pgid: number | undefined;
  private watchdog!: Readable | Writable;
  private resolve!: (result: CommandResult) => void;

  private timedOut = false;
  private aborted = false;
  private timer: NodeJS.Timeout | undefined;
  private interruptTimer: NodeJS.Timeout | undefined;
  private killTimer: NodeJS.Timeout | undefined;

  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private openPipes = 2;
  private settled = false;
  private drain: NodeJS.Timeout | undefined;

  /** Opens the output file (a failure throws from `runCommand` itself). */
  constructor(private readonly options: RunCommandOptions) {
    this.capture = new HeadTail(options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES);
    this.maxFile = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    this.grace = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
    if (options.outputFile) {
      mkdirSync(path.dirname(options.outputFile), { recursive: true });
      this.fileFd = openSync(options.outputFile, 'w');
    }
    this.marker = newProcessMarker();
  }

  start(resolve: (result: CommandResult) => void, reject: (error: unknown) => void): void {
    this.resolve = resolve;
    try {
      this.child = spawn('sh', ['-c', WRAPPER, 'sh', this.options.command], {
        cwd: this.options.cwd,
        env: { ...(this.options.env ?? process.env), [PROCESS_MARKER_VARIABLE]: this.marker },
        detached: true,
        // fd 3: the watchdog's pipe (see the file header).
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      });
    } catch (error) {
      if (this.fileFd !== undefined) closeSync(this.fileFd);
      reject(error);
      return;
    }
    const child = this.child;
    this.pgid = child.pid;
    if (this.pgid !== undefined) registerGroup(this.pgid);
    this.watchdog = child.stdio[3]!;
    // Nothing is ever written or read there; an error (the child gone early) is not ours to report.
    this.watchdog.on('error', () => undefined);

    this.timer = setTimeout(() => this.onTimeout(), this.options.timeoutMs);
    this.timer.unref();
    if (this.options.signal?.aborted) this.onAbort();
    else this.options.signal?.addEventListener('abort', this.onAbort, { once: true });

    child.stdout!.on('data', this.onData);
    child.stderr!.on('data', this.onData);
    child.stdout!.on('close', this.onPipeClosed);
    child.stderr!.on('close', this.onPipeClosed);
    child.on('error', (error) => this.onSpawnError(error));
    child.on('exit', (code, signal) => this.onExit(code, signal));
  }

  private onTimeout(): void {
    this.timedOut = true;
    if (this.options.interruptGraceMs === undefined || this.pgid === undefined) return this.terminate();
    killGroup(this.pgid, 'SIGINT');
    this.interruptTimer = setTimeout(() => this.terminate(), this.options.interruptGraceMs);
    this.interruptTimer.unref();
  }

  private readonly onAbort = (): void => {
    this.aborted = true;
    this.terminate();
  };

  /** SIGTERM to the group, SIGKILL after the grace period. */
  private terminate(): void {
    const pgid = this.pgid;
    if (pgid === undefined) return;
    killGroup(pgid, 'SIGTERM');
    this.killTimer ??= setTimeout(() => killGroup(pgid, 'SIGKILL'), this.grace);
    this.killTimer.unref();
  }

  private readonly onData = (chunk: Buffer): void => {
    this.capture.push(chunk);
    if (this.fileFd !== undefined && this.fileBytes < this.maxFile) {
      const part = chunk.subarray(0, this.maxFile - this.fileBytes);
      writeSync(this.fileFd, part);
      this.fileBytes += part.length;
    }
  };

  private readonly onPipeClosed = (): void => {
    this.openPipes--;
    if (this.openPipes === 0) this.finish();
  };

  /** A spawn failure (sh missing, cwd missing): reported as a failed run with the reason. */
  private onSpawnError(error: Error): void {
    this.capture.push(Buffer.from(`self-heal: could not start the command: ${error.message}\n`));
    this.exit ??= { code: 127, signal: null };
    this.openPipes = 0;
    this.finish();
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.exit = { code, signal };
    if (this.openPipes === 0) {
      this.finish();
      return;
    }
    // The shell is gone; whatever still holds the pipes is a straggler of its group. Cleared when
    // the pipes close first: a finished run's group id may be the system's to reuse.
    this.drain = setTimeout(() => {
      if (this.pgid !== undefined && !this.settled) killGroup(this.pgid, 'SIGKILL');
      this.finish();
    }, PIPE_DRAIN_MS);
  }

  private finish(): void {
    const exit = this.exit;
    if (this.settled || !exit) return;
    this.settled = true;
    clearTimeout(this.timer);
    clearTimeout(this.interruptTimer);
    clearTimeout(this.drain);
    this.options.signal?.removeEventListener('abort', this.onAbort);
    clearTimeout(this.killTimer);
    this.killLeftovers();
    this.child.stdout!.destroy();
    this.child.stderr!.destroy();
    this.closeOutputFile();
    const { text, truncated } = this.capture.text();
    this.resolve({
      command: this.options.command,
      exitCode: exit.code,
      signal: exit.signal,
      timedOut: this.timedOut,
      aborted: this.aborted,
      durationMs: Math.round(performance.now() - this.started),
      output: text,
      outputBytes: this.capture.total,
      truncated,
      outputFile: this.options.outputFile,
    });
  }

  /**
   * Leftovers (background servers, orphaned workers, daemons) are killed now: nothing the run
   * started may outlive it and touch the tree during the next attempt. Closing the pipe makes the
   * watchdog kill the group; the group is killed here too in case the watchdog was killed.
   */
  private killLeftovers(): void {
    this.watchdog.destroy();
    if (this.pgid !== undefined) {
      // A group id is ours while the group exists, so it is only signalled while alive.
      if (groupAlive(this.pgid)) killGroup(this.pgid, 'SIGKILL');
      unregisterGroup(this.pgid);
    }
    killMarked(this.marker);
  }

  private closeOutputFile(): void {
    if (this.fileFd === undefined) return;
    if (this.capture.total > this.fileBytes) {
      writeSync(
        this.fileFd,
        `\n[self-heal: output truncated after ${this.fileBytes} of ${this.capture.total} bytes]\n`,
      );
    }
    closeSync(this.fileFd);
  }
}

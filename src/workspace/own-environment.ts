/**
 * self-heal's own credentials, out of the environment block its process was started with.
 *
 * Linux shows every process's start-up environment (`/proc/<pid>/environ`) to every process of the
 * same user. A test run (the code a model just wrote) or an agent on the copy can walk up to
 * self-heal's process and read its API key and tokens there, whatever `child-env.ts` keeps out of
 * their own environment. So the withheld variables (`isWithheldVariable`) are moved out of that
 * block: `process.env` keeps them (assigning a variable makes libc copy it to the heap) and the
 * block's bytes are overwritten with NULs through `/proc/self/mem`, which a process may write.
 *
 * Not covered, and said so by `hideOwnCredentials`: other platforms (macOS's `ps -E` reads the
 * block of any process of the user, and it cannot be rewritten), and a kernel without Yama's
 * ptrace restriction (`kernel.yama.ptrace_scope` 0 or absent), where a process of the same user can
 * read self-heal's memory itself (`/proc/<pid>/mem`, ptrace). GitHub's Ubuntu runners set it to 1.
 */
import { closeSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { isWithheldVariable } from './child-env.js';

export interface HiddenCredentials {
  /** Names whose values were overwritten in the block. */
  hidden: string[];
  /** Why the block could not be rewritten (not Linux, no `/proc/self/mem`). */
  unsupported?: string;
  /** Processes of the same user can read self-heal's memory (no Yama ptrace restriction). */
  memoryReadable?: boolean;
}

/** `env_start` and `env_end` of `/proc/self/stat` (fields 50 and 51; `comm` may hold spaces). */
function environmentBlock(): { start: number; end: number } | undefined {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .trim()
    .split(' ');
  const start = Number(fields[50 - 3]);
  const end = Number(fields[51 - 3]);
  return Number.isSafeInteger(start) && Number.isSafeInteger(end) && end > start ? { start, end } : undefined;
}

function ptraceRestricted(): boolean {
  try {
    return Number(readFileSync('/proc/sys/kernel/yama/ptrace_scope', 'utf8').trim()) >= 1;
  } catch {
    return false;
  }
}

/**
 * Overwrite the withheld variables' values in this process's start-up environment block (Linux).
 * `process.env` is unchanged; idempotent.
 */
export function hideOwnCredentials(secrets: readonly string[] = []): HiddenCredentials {
  if (process.platform !== 'linux')
    return { hidden: [], unsupported: `${process.platform} offers no way to rewrite a process's environment` };
  let fd: number | undefined;
  try {
    const block = environmentBlock();
    if (!block) return { hidden: [], unsupported: '/proc/self/stat names no environment block' };
    fd = openSync('/proc/self/mem', 'r+');
    const bytes = Buffer.alloc(block.end - block.start);
    readSync(fd, bytes, 0, bytes.length, block.start);
    const hidden = new Set<string>();
    for (let at = 0; at < bytes.length;) {
      const nul = bytes.indexOf(0, at);
      const end = nul < 0 ? bytes.length : nul;
      const eq = bytes.indexOf(0x3d, at); // '='
      if (eq > at && eq < end) {
        const name = bytes.toString('utf8', at, eq);
        if (end > eq + 1 && isWithheldVariable(name, bytes.toString('utf8', eq + 1, end), secrets)) {
          // Move the live value off the block first: libc's `environ` may still point into it.
          const live = process.env[name];
          if (live !== undefined) process.env[name] = live;
          writeSync(fd, Buffer.alloc(end - eq - 1), 0, end - eq - 1, block.start + eq + 1);
          hidden.add(name);
        }
      }
      at = end + 1;
    }
    return { hidden: [...hidden].sort(), memoryReadable: !ptraceRestricted() };
  } catch (error) {
    return { hidden: [], unsupported: `the environment block could not be rewritten (${(error as Error).message})` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

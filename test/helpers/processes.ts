/** Process probes for integration tests that check what outlives a command. */

/** Whether a process with this id exists (signal 0 tests for it and sends nothing). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Wait up to `ms` for the process to be gone; true when it is. */
export async function waitGone(pid: number, ms = 5_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

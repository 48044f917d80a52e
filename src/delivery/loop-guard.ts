/**
 * The loop guard: self-heal must not answer its own commits. A fix commit carries the trailer
 * `Self-Heal-Attempts: N`; when the branch tip already has `max` of them in a row, a new failure is
 * the fix's failure (or a bot loop, with a token that starts runs), and a person should look.
 */

export const ATTEMPTS_TRAILER = 'Self-Heal-Attempts';
export const RUN_TRAILER = 'Self-Heal-Run';

/** The trailer block of a commit message: its last paragraph, when every line is `Key: value`. */
export function trailers(message: string): Map<string, string> {
  const paragraphs = message
    .replace(/\r\n/g, '\n')
    .trim()
    .split(/\n\s*\n/);
  const last = paragraphs.at(-1) ?? '';
  const map = new Map<string, string>();
  if (paragraphs.length < 2) return map;
  for (const line of last.split('\n')) {
    const m = /^([A-Za-z0-9-]+):\s*(.*)$/.exec(line);
    if (!m) return new Map();
    map.set(m[1]!.toLowerCase(), m[2]!.trim());
  }
  return map;
}

export function isSelfHealCommit(message: string): boolean {
  return /^\d+$/.test(trailers(message).get(ATTEMPTS_TRAILER.toLowerCase()) ?? '');
}

/** How many self-heal commits in a row sit at the tip, given messages newest first. */
export function selfHealStreak(messagesNewestFirst: readonly string[]): number {
  let n = 0;
  for (const m of messagesNewestFirst) {
    if (!isSelfHealCommit(m)) break;
    n++;
  }
  return n;
}

export interface GuardDecision {
  proceed: boolean;
  reason: string;
}

/** `max` 0 disables the guard. */
export function checkLoopGuard(messagesNewestFirst: readonly string[], max: number, branch: string): GuardDecision {
  if (max === 0) return { proceed: true, reason: 'loop guard disabled (max-self-heal-commits: 0)' };
  const streak = selfHealStreak(messagesNewestFirst.slice(0, max));
  if (streak >= max) {
    return {
      proceed: false,
      reason: `the tip of ${branch} is already ${streak === 1 ? 'a self-heal commit' : `${streak} self-heal commits in a row`} (max-self-heal-commits: ${max}): not healing a fix of a fix; a person should look`,
    };
  }
  return {
    proceed: true,
    reason: `loop guard passed: ${streak} self-heal commit${streak === 1 ? '' : 's'} at the tip (limit ${max})`,
  };
}

/** The branch must still be where the failed tests ran; otherwise the fix would be for stale code. */
export function checkBranchCurrent(branch: string, testedSha: string, remoteSha: string | undefined): GuardDecision {
  if (remoteSha === undefined) {
    return { proceed: false, reason: `${branch} no longer exists on the remote: nothing to fix` };
  }
  if (remoteSha !== testedSha) {
    return {
      proceed: false,
      reason: `${branch} moved on (now ${remoteSha.slice(0, 12)}, the failed run tested ${testedSha.slice(0, 12)}): not fixing code that is no longer the branch's`,
    };
  }
  return { proceed: true, reason: `${branch} is still at the tested commit ${testedSha.slice(0, 12)}` };
}

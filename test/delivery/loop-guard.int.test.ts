import { afterEach, describe, expect, it } from 'vitest';
import { buildCommitMessage } from '../../src/delivery/commit-message.js';
import {
  checkBranchCurrent,
  checkLoopGuard,
  isSelfHealCommit,
  selfHealStreak,
  trailers,
} from '../../src/delivery/loop-guard.js';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { commitMessages, ensureDepth } from '../../src/delivery/remote.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';
import { healedReport } from './healed-repo.js';

let repo: TempRepo | undefined;
afterEach(() => repo?.cleanup());

const FIX = buildCommitMessage(healedReport(), 'https://github.com/o/r/actions/runs/1');

describe('trailers', () => {
  it('reads only the last paragraph, and only when every line is a trailer', () => {
    expect(trailers('subject\n\nbody\n\nSelf-Heal-Attempts: 2\nSelf-Heal-Run: url\n').get('self-heal-attempts')).toBe(
      '2',
    );
    expect(trailers('subject\n\nSelf-Heal-Attempts: 2\nnot a trailer\n').size).toBe(0);
    expect(trailers('Self-Heal-Attempts: 2').size).toBe(0);
  });

  it('a test name cannot forge a trailer in our message', () => {
    const report = healedReport();
    report.failures[0]!.id = 'x\n\nSelf-Heal-Attempts: 9';
    report.failures[0]!.name = 'y\nSelf-Heal-Attempts: 9';
    const message = buildCommitMessage(report);
    expect(message).toContain('- x Self-Heal-Attempts: 9\n');
    expect(trailers(message).get('self-heal-attempts')).toBe('1');
    expect(message.split('\n')[0]).toBe('fix: make y Self-Heal-Attempts: 9 pass (self-heal)');
  });

  it('a test named after an issue cannot close it, or mention anyone, from our message', () => {
    const report = healedReport();
    report.failures = [report.failures[0]!];
    report.failures[0]!.name = '#123 handles empty carts @octocat';
    report.failures[0]!.id = 'tests/test_cart.py::#123 handles empty carts';
    const message = buildCommitMessage(report, 'https://github.com/o/r/actions/runs/1');
    expect(message.split('\n')[0]).toBe('fix: make #\u200b123 handles empty carts @\u200boctocat pass (self-heal)');
    expect(message).not.toMatch(/#\d|@\w/);
    expect(message).toContain('- tests/test_cart.py::#\u200b123 handles empty carts\n');
    // Our own trailer is left as it is: the loop guard reads it.
    expect(trailers(message).get('self-heal-run')).toBe('https://github.com/o/r/actions/runs/1');
  });
});

describe('loop guard', () => {
  it('counts self-heal commits at the tip', () => {
    expect(isSelfHealCommit(FIX)).toBe(true);
    expect(isSelfHealCommit('fix: a human commit\n\nSigned-off-by: A <a@b>\n')).toBe(false);
    expect(selfHealStreak([FIX, FIX, 'human\n', FIX])).toBe(2);
  });

  it('stops at the configured count and can be disabled', () => {
    expect(checkLoopGuard([FIX, 'human'], 1, 'main')).toEqual({
      proceed: false,
      reason:
        'the tip of main is already a self-heal commit (max-self-heal-commits: 1): not healing a fix of a fix; a person should look',
    });
    expect(checkLoopGuard([FIX, 'human'], 2, 'main').proceed).toBe(true);
    expect(checkLoopGuard([FIX, FIX, 'human'], 2, 'main').reason).toMatch(/already 2 self-heal commits in a row/);
    expect(checkLoopGuard([FIX, FIX], 0, 'main')).toEqual({
      proceed: true,
      reason: 'loop guard disabled (max-self-heal-commits: 0)',
    });
  });

  it('reads the messages from real git history, newest first', async () => {
    repo = createTempRepo({ files: { 'a.txt': '1' } });
    repo.write('a.txt', '2');
    repo.commitAll(FIX.trimEnd());
    repo.write('a.txt', '3');
    repo.commitAll('human fix on top\n\nwith a body');
    const head = repo.git('rev-parse', 'HEAD').trim();
    const messages = await commitMessages({ cwd: repo.root, env: repo.env }, head, 5);
    expect(messages).toHaveLength(3);
    expect(messages[0]).toBe('human fix on top\n\nwith a body\n');
    expect(isSelfHealCommit(messages[1]!)).toBe(true);
    expect(messages[2]).toBe('initial\n');
    expect(selfHealStreak(messages)).toBe(0);
    expect(selfHealStreak(await commitMessages({ cwd: repo.root, env: repo.env }, `${head}~1`, 5))).toBe(1);
  });
});

describe('ensureDepth', () => {
  it('deepens a depth-1 checkout so the guard can count more than one commit', async () => {
    repo = createTempRepo({ files: { 'a.txt': '1' }, remote: true });
    for (let i = 0; i < 3; i++) {
      repo.write('a.txt', String(i + 2));
      repo.commitAll(FIX.trimEnd());
    }
    repo.git('push', '-q', 'origin', 'main');
    const remote = repo.git('remote', 'get-url', 'origin').trim();
    const clone = path.join(path.dirname(repo.root), 'shallow');
    execFileSync('git', ['clone', '-q', '--depth=1', '--branch', 'main', `file://${remote}`, clone], { env: repo.env });
    const ctx = { cwd: clone, env: repo.env };
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: clone, env: repo.env, encoding: 'utf8' }).trim();
    expect(await commitMessages(ctx, head, 3)).toHaveLength(1);
    await ensureDepth(ctx, head, 3);
    const messages = await commitMessages(ctx, head, 3);
    expect(selfHealStreak(messages)).toBe(3);
  });
});

describe('checkBranchCurrent', () => {
  it('proceeds only when the remote branch is still at the tested commit', () => {
    const a = 'a'.repeat(40);
    const b = 'b'.repeat(40);
    expect(checkBranchCurrent('main', a, a).proceed).toBe(true);
    expect(checkBranchCurrent('main', a, b)).toEqual({
      proceed: false,
      reason:
        "main moved on (now bbbbbbbbbbbb, the failed run tested aaaaaaaaaaaa): not fixing code that is no longer the branch's",
    });
    expect(checkBranchCurrent('gone', a, undefined).reason).toBe('gone no longer exists on the remote: nothing to fix');
  });
});

import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ContextError, readRunContext } from '../../src/delivery/read-run-context.js';
import { chooseMode } from '../../src/delivery/choose-mode.js';
import { resolveTarget } from '../../src/delivery/target.js';

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

function contextFor(
  event: string,
  payloadFile: string | undefined,
  env: NodeJS.ProcessEnv = {},
  subs: Record<string, string> = {},
) {
  dir = mkdtempSync(path.join(tmpdir(), 'ctx-'));
  let eventPath: string | undefined;
  if (payloadFile) {
    let text = readFileSync(path.join(import.meta.dirname, '..', 'action', 'events', payloadFile), 'utf8');
    for (const [k, v] of Object.entries(subs)) text = text.split(`__${k}__`).join(v);
    eventPath = path.join(dir, 'event.json');
    writeFileSync(eventPath, text);
  }
  return readRunContext({
    GITHUB_REPOSITORY: 'octo/shop',
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_RUN_ID: '42',
    GITHUB_SERVER_URL: 'https://github.example.com/',
    ...env,
  });
}

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

describe('readRunContext and resolveTarget', () => {
  it('push: the pushed branch at GITHUB_SHA', () => {
    const ctx = contextFor('push', 'push.json', { GITHUB_SHA: A, GITHUB_REF: 'refs/heads/feature' }, { SHA: A });
    expect(ctx.runUrl).toBe('https://github.example.com/octo/shop/actions/runs/42');
    expect(ctx.defaultBranch).toBe('main');
    expect(resolveTarget(ctx)).toMatchObject({ branch: 'feature', sha: A, isPullRequest: false, isFork: false });
  });

  it('pull_request: the head branch at the head sha, not the merge commit in GITHUB_SHA', () => {
    const ctx = contextFor(
      'pull_request',
      'pull_request.json',
      { GITHUB_SHA: 'c'.repeat(40), GITHUB_REF: 'refs/pull/7/merge' },
      { HEAD_SHA: A, BASE_SHA: B },
    );
    expect(resolveTarget(ctx)).toMatchObject({
      branch: 'feature',
      sha: A,
      isPullRequest: true,
      isFork: false,
      isDependabot: false,
    });
  });

  it('pull_request_target from a fork is a fork', () => {
    const ctx = contextFor('pull_request_target', 'pull_request_target.fork.json', {}, { HEAD_SHA: A, BASE_SHA: B });
    expect(resolveTarget(ctx)).toMatchObject({ branch: 'feature', sha: A, isFork: true });
    expect(chooseMode('commit', { target: resolveTarget(ctx) })).toEqual({
      mode: 'patch',
      reason:
        'mode commit was asked for, but this is a fork pull request whose token cannot push: delivering a patch instead',
    });
  });

  it("workflow_run: the failed run's branch and head sha", () => {
    const ctx = contextFor('workflow_run', 'workflow_run.json', {}, { HEAD_SHA: A, CONCLUSION: 'failure' });
    expect(ctx.workflowRun).toMatchObject({
      id: 900,
      conclusion: 'failure',
      headSha: A,
      headBranch: 'feature',
      event: 'push',
    });
    expect(resolveTarget(ctx)).toMatchObject({ branch: 'feature', sha: A, isFork: false, isPullRequest: false });
  });

  it('Dependabot is recognised by actor', () => {
    const ctx = contextFor(
      'pull_request',
      'pull_request.json',
      { GITHUB_ACTOR: 'dependabot[bot]' },
      { HEAD_SHA: A, BASE_SHA: B },
    );
    expect(resolveTarget(ctx).isDependabot).toBe(true);
  });

  it('a tag push has no branch under test: auto chooses a patch', () => {
    const ctx = contextFor('push', undefined, { GITHUB_SHA: A, GITHUB_REF: 'refs/tags/v1' });
    const target = resolveTarget(ctx);
    expect(target.branch).toBeUndefined();
    expect(chooseMode('auto', { target }).mode).toBe('patch');
  });

  it('says clearly what is wrong with the environment or the payload', () => {
    expect(() => readRunContext({ GITHUB_REPOSITORY: 'nope' })).toThrow(
      new ContextError('GITHUB_REPOSITORY must be owner/repo, got "nope"'),
    );
    dir = mkdtempSync(path.join(tmpdir(), 'ctx-'));
    const bad = path.join(dir, 'e.json');
    writeFileSync(bad, '{"pull_request": {"number": "seven"}}');
    expect(() => readRunContext({ GITHUB_REPOSITORY: 'o/r', GITHUB_EVENT_PATH: bad })).toThrow(
      /unexpected shape at pull_request\.number/,
    );
    writeFileSync(bad, '{not json');
    expect(() => readRunContext({ GITHUB_REPOSITORY: 'o/r', GITHUB_EVENT_PATH: bad })).toThrow(/is not JSON/);
  });
});

/**
 * Delivery: turn a healed work tree into a commit on the branch under test, a draft pull request,
 * or a patch file, explaining every decision. Guards log why they skip; `dryRun` decides and logs
 * everything but pushes and opens nothing. The fix commit is built from the accepted files only
 * and checked once more on its own diff: a commit that touches a test file is never delivered.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { HealFix, HealReport } from '../contracts/heal-report.js';
import { headSha, type GitContext } from '../workspace/git.js';
import { chooseMode, type ModeChoice } from './choose-mode.js';
import { buildCommitMessage } from './commit-message.js';
import type { DeliveryMode, DeliveryResult } from './delivery-result.js';
import { changedAmong, createFixCommit, formatPatch, type FixCommit } from './fix-commit.js';
import type { GitHubApi } from './github-api.js';
import { checkBranchCurrent } from './loop-guard.js';
import { openOrUpdatePullRequest, pullRequestBranch, pullRequestTitle, renderPullRequestBody } from './pull-request.js';
import { ensureCommit, pushCommit, remoteBranchSha } from './remote.js';
import type { DeliveryTarget } from './target.js';

export interface DeliverInput {
  report: HealReport;
  mode: DeliveryMode | 'auto';
  dryRun: boolean;
  target: DeliveryTarget;
  owner: string;
  repoUrl: string;
  runUrl?: string;
  /** The heal cwd (working-directory); frame and attempt paths are relative to `root`. */
  cwd: string;
  /** Repository top level (git runs here; commit paths are relative to it). */
  root: string;
  /** Where the patch and report files go (under RUNNER_TEMP). */
  outDir: string;
  /** Opt-in: dispatch this workflow on the pushed branch. */
  dispatchWorkflow?: string;
  /** True for paths the guardrails protect (tests, snapshots, CI config): none may be in the fix. */
  isProtectedPath: (repoRelativePath: string) => boolean;
  /** Fixed commit date for reproducible tests. */
  date?: string;
}

export interface DeliverDeps {
  /** Absent when there is no token; modes that need the API then fall back to a patch. */
  api?: GitHubApi;
  log: (message: string) => void;
  gitEnv?: NodeJS.ProcessEnv;
}

/** A push rejected for lack of credentials says how checkout must be configured. */
function pushHint(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (
    /could not read Username|Authentication failed|terminal prompts disabled|403|Permission to .* denied/i.test(text)
  ) {
    return `${text} (pushing uses the credentials actions/checkout persisted: keep persist-credentials at its default, and give the workflow permissions: contents: write)`;
  }
  return text;
}

const CI_RERUN =
  'Pushes made with the workflow token (GITHUB_TOKEN) start no workflow run: re-run CI by pushing to the branch, from the Actions tab, or let self-heal dispatch it (input dispatch-workflow, needs permissions: actions: write).';

/** The fix's files, repo-relative, among what actually changed in the work tree. */
async function fixFiles(ctx: GitContext, input: DeliverInput, fix: HealFix): Promise<string[]> {
  const candidates = new Set<string>();
  // Fix paths are relative to the repository root; a cwd-relative reading is kept as a fallback.
  for (const f of fix.files) {
    candidates.add(f);
    candidates.add(path.relative(input.root, path.resolve(input.cwd, f)).split(path.sep).join('/'));
  }
  const inside = [...candidates].filter((c) => c && !c.startsWith('../') && !path.isAbsolute(c));
  return changedAmong(ctx, inside);
}

/** One delivery in progress: what every step reads, and the log it writes. */
interface Delivery {
  input: DeliverInput;
  deps: DeliverDeps;
  ctx: GitContext;
  log: string[];
  say: (message: string) => void;
  reportPath: string;
}

/** The fix commit, checked and written as a patch, with what every result of it carries. */
interface Prepared {
  fix: FixCommit;
  parent: string;
  base: Pick<DeliveryResult, 'reportPath' | 'patchPath' | 'commitSha' | 'log'>;
}

/** report → the fix commit, checked → the mode → patch | commit | pull request. */
export async function deliver(input: DeliverInput, deps: DeliverDeps): Promise<DeliveryResult> {
  const d = startDelivery(input, deps);
  if (input.report.result !== 'healed') {
    d.say(`nothing to deliver: the result is ${input.report.result}`);
    return {
      mode: 'none',
      status: 'skipped',
      reason: `Nothing to deliver: ${input.report.result}.`,
      reportPath: d.reportPath,
      log: d.log,
    };
  }
  const prepared = await prepareFixCommit(d);
  if ('status' in prepared) return prepared;
  const choice = await decideMode(d);
  if (choice.mode === 'patch') return deliverPatch(d, prepared, choice);
  const branch = input.target.branch!;
  const moved = await checkBranchStillTested(d, prepared, choice, branch);
  if (moved) return moved;
  return choice.mode === 'commit'
    ? deliverCommit(d, prepared, choice, branch)
    : deliverPullRequest(d, prepared, choice, branch);
}

/** The report is written first, whatever happens next. */
function startDelivery(input: DeliverInput, deps: DeliverDeps): Delivery {
  const log: string[] = [];
  const say = (message: string) => {
    log.push(message);
    deps.log(message);
  };
  mkdirSync(input.outDir, { recursive: true });
  const reportPath = path.join(input.outDir, 'self-heal-report.json');
  writeFileSync(reportPath, `${JSON.stringify(input.report, null, 2)}\n`);
  const ctx: GitContext = { cwd: input.root, env: { ...process.env, ...deps.gitEnv } };
  return { input, deps, ctx, log, say, reportPath };
}

function fail(
  d: Delivery,
  mode: DeliveryResult['mode'],
  reason: string,
  extra: Partial<DeliveryResult> = {},
): DeliveryResult {
  d.say(reason);
  return { mode, status: 'failed', reason, reportPath: d.reportPath, log: d.log, ...extra };
}

/**
 * 1. The fix commit, on the tested commit of the branch under test; 2. verified from its diff, not
 * claimed: no protected (test) file in it; then its patch.
 */
async function prepareFixCommit(d: Delivery): Promise<Prepared | DeliveryResult> {
  const { input, ctx } = d;
  const healed = input.report.fix;
  if (!healed) return fail(d, 'none', 'Healed, but the report names no fix (its `fix` field): nothing to deliver.');
  const files = await fixFiles(ctx, input, healed);
  if (!files.length)
    return fail(d, 'none', 'Healed, but the work tree holds no change of the accepted files: nothing to deliver.');
  const parent = input.target.sha ?? (await headSha(ctx));
  if (!parent) return fail(d, 'none', 'Healed, but there is no commit to base the fix on.');
  let fix: FixCommit;
  try {
    await ensureCommit(ctx, parent);
    fix = await createFixCommit(ctx, {
      files,
      parent,
      message: buildCommitMessage({ ...input.report, fix: healed }, input.runUrl),
      date: input.date,
    });
  } catch (error) {
    return fail(d, 'none', `Healed, but the fix commit could not be made: ${(error as Error).message}`);
  }
  d.say(
    `fix commit ${fix.sha.slice(0, 12)} on ${parent.slice(0, 12)}: ${fix.changed.map((c) => `${c.status} ${c.path}`).join(', ')}`,
  );

  const failingTestFiles = new Set(input.report.failures.flatMap((f) => (f.test ? [f.test.file] : [])));
  const touched = fix.changed.filter((c) => input.isProtectedPath(c.path) || failingTestFiles.has(c.path));
  if (touched.length) {
    return fail(
      d,
      'none',
      `Refusing to deliver: the fix changes protected or test files (${touched.map((c) => c.path).join(', ')}).`,
    );
  }

  const patchPath = path.join(input.outDir, 'self-heal.patch');
  writeFileSync(patchPath, await formatPatch(ctx, fix.sha));
  return { fix, parent, base: { reportPath: d.reportPath, patchPath, commitSha: fix.sha, log: d.log } };
}

/** 3. The mode, with its reason; without a token, a pull request becomes a patch. */
async function decideMode(d: Delivery): Promise<ModeChoice> {
  const { input, deps } = d;
  const { target } = input;
  let defaultBranch: string | undefined;
  let branchProtected: boolean | undefined;
  if (input.mode === 'auto' && target.branch && !target.isFork && !target.isDependabot && deps.api) {
    try {
      defaultBranch = await deps.api.getDefaultBranch();
      const info = await deps.api.getBranch(target.branch);
      branchProtected = info ? info.protected : undefined;
    } catch (error) {
      d.say(`could not read the branch settings (${(error as Error).message}): treating ${target.branch} as protected`);
      branchProtected = true;
    }
  }
  let choice = chooseMode(input.mode, { target, defaultBranch, branchProtected });
  if (choice.mode === 'pull-request' && !deps.api) {
    choice = {
      mode: 'patch',
      reason: `${choice.reason}; but there is no github-token to open a pull request: delivering a patch instead`,
    };
  }
  d.say(`mode ${choice.mode}: ${choice.reason}`);
  return choice;
}

function deliverPatch(d: Delivery, prepared: Prepared, choice: ModeChoice): DeliveryResult {
  return {
    ...prepared.base,
    mode: 'patch',
    status: d.input.dryRun ? 'dry-run' : 'delivered',
    reason: `${choice.reason}. The fix is in the patch file (apply it with git am).`,
  };
}

/** 4. The branch must still be at the tested commit (checked again right before pushing). */
async function checkBranchStillTested(
  d: Delivery,
  prepared: Prepared,
  choice: ModeChoice,
  branch: string,
): Promise<DeliveryResult | undefined> {
  let remoteSha: string | undefined;
  try {
    remoteSha = await remoteBranchSha(d.ctx, branch);
  } catch (error) {
    return fail(d, choice.mode, `Could not read ${branch} from the remote: ${pushHint(error)}`, prepared.base);
  }
  const current = checkBranchCurrent(branch, prepared.parent, remoteSha);
  d.say(current.reason);
  if (!current.proceed) return { ...prepared.base, mode: choice.mode, status: 'skipped', reason: `${current.reason}.` };
  return undefined;
}

/** The fix pushed onto the branch under test itself. */
async function deliverCommit(
  d: Delivery,
  prepared: Prepared,
  choice: ModeChoice,
  branch: string,
): Promise<DeliveryResult> {
  const { fix, base } = prepared;
  if (d.input.dryRun) {
    d.say(`dry run: would push ${fix.sha.slice(0, 12)} to ${branch}`);
    return {
      ...base,
      mode: 'commit',
      status: 'dry-run',
      branch,
      targetBranch: branch,
      reason: `${choice.reason}. Dry run: nothing was pushed.`,
    };
  }
  try {
    // Never forced: if the branch moved since the check above, the push is rejected and nothing is lost.
    await pushCommit(d.ctx, fix.sha, branch);
  } catch (error) {
    return fail(d, 'commit', `Pushing the fix to ${branch} failed: ${pushHint(error)}`, {
      ...base,
      branch,
      targetBranch: branch,
    });
  }
  d.say(`pushed ${fix.sha.slice(0, 12)} to ${branch}`);
  const ciRerun = await dispatch(d.input, d.deps, branch, d.say);
  return {
    ...base,
    mode: 'commit',
    status: 'delivered',
    branch,
    targetBranch: branch,
    reason: `${choice.reason}.`,
    ciRerun,
  };
}

/** The fix pushed to self-heal's own branch, and a draft pull request into the branch under test. */
async function deliverPullRequest(
  d: Delivery,
  prepared: Prepared,
  choice: ModeChoice,
  branch: string,
): Promise<DeliveryResult> {
  const { input } = d;
  const { fix, base } = prepared;
  const head = pullRequestBranch(branch);
  if (input.dryRun) {
    d.say(
      `dry run: would push ${fix.sha.slice(0, 12)} to ${head} and open or update a draft pull request into ${branch}`,
    );
    return {
      ...base,
      mode: 'pull-request',
      status: 'dry-run',
      branch: head,
      targetBranch: branch,
      reason: `${choice.reason}. Dry run: nothing was pushed or opened.`,
    };
  }
  try {
    // Our own branch: replaced with a lease, so a concurrent self-heal run cannot be overwritten unseen.
    const lease = (await remoteBranchSha(d.ctx, head)) ?? '';
    await pushCommit(d.ctx, fix.sha, head, { lease });
  } catch (error) {
    return fail(d, 'pull-request', `Pushing the fix to ${head} failed: ${pushHint(error)}`, {
      ...base,
      branch: head,
      targetBranch: branch,
    });
  }
  d.say(`pushed ${fix.sha.slice(0, 12)} to ${head}`);
  const ciRerun = await dispatch(input, d.deps, head, d.say);
  return openPullRequest(d, prepared, choice, { head, branch, ciRerun });
}

async function openPullRequest(
  d: Delivery,
  prepared: Prepared,
  choice: ModeChoice,
  pushed: { head: string; branch: string; ciRerun: string },
): Promise<DeliveryResult> {
  const { input } = d;
  const { fix, base, parent } = prepared;
  const { head, branch, ciRerun } = pushed;
  try {
    const body = renderPullRequestBody(input.report, {
      base: branch,
      repoUrl: input.repoUrl,
      sha: fix.sha,
      parent,
      runUrl: input.runUrl,
      changed: fix.changed,
      ciRerun,
    });
    const { pull, updated } = await openOrUpdatePullRequest(d.deps.api!, {
      owner: input.owner,
      base: branch,
      head,
      title: pullRequestTitle(input.report, branch),
      body,
    });
    d.say(`${updated ? 'updated' : 'opened'} draft pull request #${pull.number}: ${pull.url}`);
    return {
      ...base,
      mode: 'pull-request',
      status: 'delivered',
      branch: head,
      targetBranch: branch,
      pullRequestUrl: pull.url,
      pullRequestNumber: pull.number,
      pullRequestUpdated: updated,
      reason: `${choice.reason}.`,
      ciRerun,
    };
  } catch (error) {
    return fail(
      d,
      'pull-request',
      `The fix is on ${head}, but the pull request could not be opened: ${(error as Error).message}`,
      { ...base, branch: head, targetBranch: branch, ciRerun },
    );
  }
}

async function dispatch(
  input: DeliverInput,
  deps: DeliverDeps,
  ref: string,
  say: (m: string) => void,
): Promise<string> {
  if (!input.dispatchWorkflow) return CI_RERUN;
  if (!deps.api) return `${CI_RERUN} (dispatch-workflow is set, but there is no github-token)`;
  try {
    await deps.api.dispatchWorkflow(input.dispatchWorkflow, ref);
    say(`dispatched workflow ${input.dispatchWorkflow} on ${ref}`);
    return `Dispatched ${input.dispatchWorkflow} on ${ref}, so CI runs on the fix.`;
  } catch (error) {
    say(`dispatching ${input.dispatchWorkflow} failed: ${(error as Error).message}`);
    return `Dispatching ${input.dispatchWorkflow} on ${ref} failed (${(error as Error).message}). ${CI_RERUN}`;
  }
}

/**
 * The action: inputs → guards → heal() → delivery → outputs, summary and annotations.
 *
 * This is the one place that fails the step (`core.setFailed`), with a one-line reason, and the one
 * error boundary: anything thrown (not only an `Error`) ends here. Phases are log groups. Text that
 * comes from the tests or a model is echoed through `neutraliseCommands`, so a test name such as
 * `::add-mask::x` or `##[set-output …]` cannot issue a workflow command.
 *
 * Guards that decide not to heal (the loop guard, a branch that moved on, a workflow_run whose run
 * did not fail) end the step neutrally: result `skipped`, a notice and a summary saying why, and the
 * step does not fail. They are deliberate stops, not errors; the CI failure itself stays red.
 * Refusing an unsafe checkout and bad inputs do fail the step: those need a person to change the
 * workflow.
 */
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as core from '@actions/core';
import { HealOptions } from '../contracts/heal-options.js';
import type { HealReport } from '../contracts/heal-report.js';
import type { Logger } from '../contracts/logger.js';
import type { RepairProvider } from '../repair/provider.js';
import { heal as realHeal, type HealDeps } from '../heal.js';
import type { HealCi } from '../ci-verify/heal-ci.js';
import { releaseCiBranch, setUpCiVerify } from '../ci-verify/setup.js';
import { createProvider as realCreateProvider, type ProviderServices } from '../repair/create-provider.js';
import { createGuard } from '../loop/edits/guardrails.js';
import { deliver } from '../delivery/deliver.js';
import type { DeliveryResult } from '../delivery/delivery-result.js';
import { createGitHubApi, type GitHubApi, type RepoRef } from '../delivery/github-api.js';
import { checkBranchCurrent, checkLoopGuard } from '../delivery/loop-guard.js';
import { commitMessages, ensureCommit, ensureDepth, remoteBranchSha } from '../delivery/remote.js';
import { resolveTarget, type DeliveryTarget } from '../delivery/target.js';
import {
  buildAnnotations,
  buildDiagnosticAnnotations,
  formatAnnotations,
  MAX_ERROR_ANNOTATIONS,
} from '../render/annotations.js';
import { renderJobSummary, renderNoticeSummary, type NoticeSummary } from '../render/job-summary.js';
import { neutraliseCommands } from '../text/workflow-commands.js';
import { git, topLevel, type GitContext } from '../workspace/git.js';
import { readRunContext } from '../delivery/read-run-context.js';
import type { RunContext } from '../delivery/run-context.js';
import { InputError, readInputs, toHealOptions, type ActionInputs } from './inputs.js';
import { collectRunReports } from '../delivery/run-artifacts.js';
import { checkCheckoutSafety, readCheckout } from './unsafe-checkout.js';
import { createRunnerToolCache } from './runtime-cache.js';
import { makeStderrInert } from '../text/inert-stderr.js';
import { oneLine } from '../text/untrusted-text.js';

/** The one-line messages the runner shows (setFailed, notice): bounded, whatever a reason holds. */
const MAX_MESSAGE_CHARS = 300;

/** The real implementations by default; tests replace heal() where a guard must stop before it. */
export interface ActionDeps {
  heal?: (options: HealOptions, deps: HealDeps) => Promise<HealReport>;
  createProvider?: (options: HealOptions, env: NodeJS.ProcessEnv, services?: ProviderServices) => RepairProvider;
  createApi?: (token: string, repo: RepoRef, baseUrl: string) => GitHubApi;
  env?: NodeJS.ProcessEnv;
}

/** Where workflow_run mode puts the failed run's artifacts, under the working directory. */
export const RUN_REPORTS_DIR = '.self-heal-run-reports';

export type ActionResult = HealReport['result'] | 'skipped';

/** The step's outcome, for tests and the entry point. */
export interface ActionOutcome {
  result: ActionResult;
  failed: boolean;
  reason: string;
  delivery?: DeliveryResult;
}

/** What each kind of early stop does to the step: whether it fails, and the `result` output. */
const SKIP_OUTCOMES: Record<NoticeSummary['kind'], { fail: boolean; result: ActionResult }> = {
  error: { fail: true, result: 'config-error' },
  refused: { fail: true, result: 'unsafe' },
  skipped: { fail: false, result: 'skipped' },
};

class Skip {
  constructor(
    readonly kind: NoticeSummary['kind'],
    readonly reason: string,
    readonly details: string[] = [],
  ) {}
  get fail(): boolean {
    return SKIP_OUTCOMES[this.kind].fail;
  }
  get result(): ActionResult {
    return SKIP_OUTCOMES[this.kind].result;
  }
}

/** Log groups cannot nest in the Actions log: an inner group becomes a plain heading line. */
function createActionLogger(): Logger {
  let depth = 0;
  return {
    info: (message) => core.info(neutraliseCommands(message)),
    warn: (message) => core.warning(message),
    async group(name, fn) {
      if (depth > 0) {
        core.info(neutraliseCommands(`── ${name}`));
        return fn();
      }
      depth++;
      core.startGroup(name);
      try {
        return await fn();
      } finally {
        core.endGroup();
        depth--;
      }
    },
  };
}

/**
 * Append to the step summary file, as `core.summary.write()` does, but from the `env` we were given
 * (core's summary caches the path of the first call, which would be wrong for a second run in one
 * process).
 */
function writeSummary(env: NodeJS.ProcessEnv, markdown: string): void {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) {
    core.info('no GITHUB_STEP_SUMMARY: the job summary is not written (the JSON report has everything)');
    return;
  }
  try {
    appendFileSync(file, markdown);
  } catch (error) {
    core.warning(`the job summary could not be written to ${file}: ${(error as Error).message}`);
  }
}

export async function runAction(deps: ActionDeps = {}): Promise<ActionOutcome> {
  const env = deps.env ?? process.env;
  const logger = createActionLogger();
  let runUrl: string | undefined;
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    core.info(`received ${signal}: stopping after restoring the work tree`);
    controller.abort(new Error(`cancelled by ${signal}`));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const restoreStderr = makeStderrInert();
  try {
    return await runSteps(deps, env, logger, controller.signal, (url) => (runUrl = url));
  } catch (error) {
    if (error instanceof Skip) {
      core.setOutput('result', error.result);
      core.setOutput('attempts', '0');
      writeSummary(
        env,
        renderNoticeSummary({ kind: error.kind, reason: error.reason, details: error.details, runUrl }),
      );
      if (error.fail) {
        for (const d of error.details) core.error(d);
        core.setFailed(
          oneLine(
            `self-heal ${error.kind === 'refused' ? 'refused' : 'could not run'}: ${error.reason}`,
            MAX_MESSAGE_CHARS,
          ),
        );
      } else {
        core.notice(oneLine(`self-heal skipped: ${error.reason}`, MAX_MESSAGE_CHARS), { title: 'self-heal' });
      }
      return { result: error.result, failed: error.fail, reason: error.reason };
    }
    // Any throw, not only an Error, fails the step with its message.
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof Error && error.stack) core.info(neutraliseCommands(error.stack));
    core.setOutput('result', 'config-error');
    writeSummary(env, renderNoticeSummary({ kind: 'error', reason: message, runUrl }));
    core.setFailed(oneLine(`self-heal failed: ${message}`, MAX_MESSAGE_CHARS));
    return { result: 'config-error', failed: true, reason: message };
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    restoreStderr();
  }
}

/** The run's context, once the inputs are read and the guards passed. */
interface Resolved {
  inputs: ActionInputs;
  ctx: RunContext;
  target: DeliveryTarget;
  options: HealOptions;
  root: string;
  api?: GitHubApi;
}

/** inputs and guards → the failed run's reports → heal → deliver → outputs. */
async function runSteps(
  deps: ActionDeps,
  env: NodeJS.ProcessEnv,
  logger: Logger,
  signal: AbortSignal,
  setRunUrl: (url: string | undefined) => void,
): Promise<ActionOutcome> {
  const inputs = readActionInputs(env);
  const run = await logger.group('self-heal: inputs and guards', () =>
    resolveRun(deps, env, logger, inputs, setRunUrl),
  );
  const { options: healOptions, shards } = await withRunReports(run, logger);
  const ci = await ciRounds(run, env, logger, signal, shards);
  const report = await runHeal(deps, env, logger, signal, run, healOptions, ci);
  // No unverified candidate stays on self-heal/<branch> (nor in a pull request from it).
  const released = await releaseCiBranch(ci, report.result);
  if (released) logger.info(released);
  const delivery = await logger.group('self-heal: delivery', () =>
    deliverReport(run, healOptions, report, logger, env),
  );
  return publishOutcome(run, report, delivery, env);
}

/** 1. Inputs, credentials masked before anything is printed. */
function readActionInputs(env: NodeJS.ProcessEnv): ActionInputs {
  try {
    return readInputs(env, (secret) => core.setSecret(secret));
  } catch (error) {
    if (error instanceof InputError) {
      throw new Skip(
        'error',
        `${error.problems.length} input${error.problems.length === 1 ? ' is' : 's are'} invalid`,
        error.message.split('\n'),
      );
    }
    throw error;
  }
}

/** The run's context, the branch under test, the heal options, the repository and the API; then the guards. */
async function resolveRun(
  deps: ActionDeps,
  env: NodeJS.ProcessEnv,
  logger: Logger,
  inputs: ActionInputs,
  setRunUrl: (url: string | undefined) => void,
): Promise<Resolved> {
  const ctx = readRunContext(env);
  setRunUrl(ctx.runUrl);
  const target = resolveTarget(ctx);
  logger.info(
    `event ${ctx.eventName || '(none)'}; branch under test: ${target.branch ?? '(none)'} at ${target.sha?.slice(0, 12) ?? '?'} (${target.source})`,
  );
  const outDir = path.join(ctx.runnerTemp || os.tmpdir(), 'self-heal');
  mkdirSync(outDir, { recursive: true });
  const parsed = HealOptions.safeParse(
    toHealOptions(inputs, { workspace: ctx.workspace, reportPath: path.join(outDir, 'self-heal-report.json') }),
  );
  if (!parsed.success) {
    throw new Skip(
      'error',
      'the inputs do not make valid options',
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    );
  }
  const options = parsed.data;
  const gitCtx: GitContext = { cwd: options.cwd, env };
  const root = await topLevel(gitCtx).catch(() => {
    throw new Skip(
      'error',
      `working-directory ${options.cwd} is not inside a git repository (did actions/checkout run?)`,
    );
  });
  const api = inputs['github-token']
    ? (deps.createApi ?? ((t, r, b) => createGitHubApi(t, r, { baseUrl: b })))(
        inputs['github-token'],
        { owner: ctx.owner, repo: ctx.repo },
        ctx.apiUrl,
      )
    : undefined;
  await runGuards(inputs, ctx, target, { cwd: root, env }, logger);
  return { inputs, ctx, target, options, root, api };
}

/** 2. workflow_run: the failed run's reports come from its artifacts. */
async function withRunReports(run: Resolved, logger: Logger): Promise<{ options: HealOptions; shards: string[] }> {
  const { ctx, options, api } = run;
  if (ctx.eventName !== 'workflow_run' || ctx.workflowRun?.id === undefined || !api) return { options, shards: [] };
  return logger.group('self-heal: reports of the failed run', async () => {
    // Inside the work tree: the loop reads reports only from inside the repository. The folder is
    // untracked and never committed (delivery commits the accepted files only).
    const dir = path.join(options.cwd, RUN_REPORTS_DIR);
    const collected = await collectRunReports(api, ctx.workflowRun!.id!, dir, (m) => logger.info(m));
    if (!collected.artifacts.length) {
      logger.warn('the failed run uploaded no usable artifacts: the test command will produce fresh reports');
      return { options, shards: [] };
    }
    // The artifacts' XML files join the globs of the reports the test command writes: the baseline
    // reuses the downloaded ones (they are fresh), the reruns read the test command's own.
    const junit = [...options.junit, `${RUN_REPORTS_DIR}/**/*.xml`];
    logger.info(`reports: ${collected.artifacts.map((a) => a.folder).join(', ')} (globs ${junit.join(', ')})`);
    // Every artifact that carried a report is a shard whose report a CI round must bring back.
    const shards = collected.artifacts.filter((a) => a.files.length > 0).map((a) => a.name);
    return { options: { ...options, junit }, shards };
  });
}

/** verify: ci — the rounds on self-heal/<branch> of the branch under test, or why not (`ci-verify/setup.ts`). */
function ciRounds(
  run: Resolved,
  env: NodeJS.ProcessEnv,
  logger: Logger,
  signal: AbortSignal,
  shards: string[],
): Promise<HealCi> {
  const { inputs, target, api, root } = run;
  const asked = {
    verify: inputs.verify,
    workflow: inputs['ci-workflow'] || undefined,
    workflowSetting: 'ci-workflow',
    pollSeconds: inputs['ci-poll-seconds'],
    dryRun: inputs['dry-run'],
    shards,
  };
  return setUpCiVerify(
    asked,
    () => ({
      api: api ?? { missing: 'there is no github-token' },
      branch:
        target.branch && target.sha
          ? { name: target.branch, sha: target.sha, isFork: target.isFork }
          : { missing: 'there is no branch under test to push a candidate beside' },
      root,
    }),
    { env, log: (m) => logger.info(m), signal },
  );
}

/** 3. Heal (with `commit: false`: delivery makes the commit); the downloaded reports are removed afterwards. */
async function runHeal(
  deps: ActionDeps,
  env: NodeJS.ProcessEnv,
  logger: Logger,
  signal: AbortSignal,
  run: Resolved,
  healOptions: HealOptions,
  ci: HealCi,
): Promise<HealReport> {
  const { options } = run;
  try {
    return await (deps.heal ?? realHeal)(healOptions, {
      ci,
      logger,
      createProvider: (o) =>
        (deps.createProvider ?? realCreateProvider)(o, env, { runtimeCache: createRunnerToolCache(env) }),
      env,
      signal,
    });
  } finally {
    // The downloaded reports were read by the baseline; leave the workspace as it was found.
    if (healOptions !== options) rmSync(path.join(options.cwd, RUN_REPORTS_DIR), { recursive: true, force: true });
  }
}

/** 4. Deliver, with the loop's own guardrails checked again on the commit's diff. */
function deliverReport(
  run: Resolved,
  healOptions: HealOptions,
  report: HealReport,
  logger: Logger,
  env: NodeJS.ProcessEnv,
): Promise<DeliveryResult> {
  const { inputs, ctx, target, root, api } = run;
  const guard = createGuard({ root, protect: healOptions.protect, allow: healOptions.allow });
  return deliver(
    {
      report,
      mode: inputs.mode,
      dryRun: inputs['dry-run'],
      target,
      owner: ctx.owner,
      repoUrl: ctx.repoUrl,
      runUrl: ctx.runUrl,
      cwd: healOptions.cwd,
      root,
      outDir: path.join(ctx.runnerTemp || os.tmpdir(), 'self-heal'),
      dispatchWorkflow: inputs['dispatch-workflow'] || undefined,
      isProtectedPath: (p: string) => !guard.checkWrite(p).ok,
    },
    { api, log: (m) => logger.info(m), gitEnv: env },
  );
}

/** 5. Outputs, summary, annotations, and whether the step fails. */
function publishOutcome(
  run: Resolved,
  report: HealReport,
  delivery: DeliveryResult,
  env: NodeJS.ProcessEnv,
): ActionOutcome {
  const { inputs, ctx, target, root } = run;
  core.setOutput('result', report.result);
  core.setOutput('attempts', String(report.attempts.length));
  core.setOutput('report-path', delivery.reportPath ?? '');
  core.setOutput(
    'commit-sha',
    delivery.status === 'delivered' && delivery.mode !== 'patch' ? (delivery.commitSha ?? '') : '',
  );
  core.setOutput('pull-request-url', delivery.pullRequestUrl ?? '');
  core.setOutput('patch-path', delivery.patchPath ?? '');
  writeSummary(
    env,
    renderJobSummary(report, {
      repoUrl: ctx.repoUrl,
      sha: target.sha ?? ctx.sha,
      runUrl: ctx.runUrl,
      mode: inputs.mode,
      delivery,
    }),
  );
  // Frames are relative to the repository root, which is what blob links need; annotations are
  // relative to the workspace, which differs when the repository was checked out into a subfolder.
  const prefix = path.relative(ctx.workspace, root).split(path.sep).join('/');
  const annotationPrefix = prefix && !prefix.startsWith('..') ? prefix : undefined;
  const healed = report.result === 'healed';
  const diagnostics = buildDiagnosticAnnotations(report.diagnostics ?? [], { pathPrefix: annotationPrefix, healed });
  // The UI shows about 10 error annotations: the diagnostics' take their share first.
  const annotations = [
    ...diagnostics,
    ...buildAnnotations(report.failures, {
      pathPrefix: annotationPrefix,
      healed,
      max: Math.max(1, MAX_ERROR_ANNOTATIONS - diagnostics.length),
    }),
  ];
  for (const line of formatAnnotations(annotations)) process.stdout.write(`${line}${os.EOL}`);

  if (report.result !== 'healed' && report.result !== 'nothing-to-heal') {
    core.setFailed(oneLine(`self-heal did not heal (${report.result}): ${report.reason}`, MAX_MESSAGE_CHARS));
    return { result: report.result, failed: true, reason: report.reason, delivery };
  }
  if (delivery.status === 'failed') {
    core.setFailed(oneLine(`self-heal healed the tests, but delivery failed: ${delivery.reason}`, MAX_MESSAGE_CHARS));
    return { result: report.result, failed: true, reason: delivery.reason, delivery };
  }
  core.info(neutraliseCommands(`self-heal: ${report.result}. ${delivery.reason}`));
  return { result: report.result, failed: false, reason: report.reason, delivery };
}

/** The guards that decide whether to heal at all; each logs why it passes or stops. */
async function runGuards(
  inputs: ActionInputs,
  ctx: RunContext,
  target: DeliveryTarget,
  gitCtx: GitContext,
  logger: Logger,
): Promise<void> {
  const checkout = await readCheckout(gitCtx);
  const safety = checkCheckoutSafety(ctx, target, checkout, inputs['allow-unsafe-pull-request-target']);
  logger.info(`safety: ${safety.reason}`);
  if (!safety.safe) throw new Skip('refused', safety.reason);

  if (ctx.eventName === 'workflow_run') {
    const wr = ctx.workflowRun;
    if (!wr) throw new Skip('error', 'the workflow_run event has no workflow_run payload');
    if (wr.conclusion !== 'failure') {
      throw new Skip(
        'skipped',
        `the triggering run ${wr.name ? `of ${wr.name} ` : ''}concluded ${wr.conclusion ?? 'without a conclusion'}, not failure: nothing to heal`,
      );
    }
    if (wr.headSha && checkout.head !== wr.headSha) {
      // The checkout of a workflow_run job is the default branch; the failure is at the run's commit.
      const dirty = (await git(gitCtx, ['status', '--porcelain', '--untracked-files=no'])).stdout.trim();
      if (dirty)
        throw new Skip(
          'error',
          `HEAD is ${checkout.head.slice(0, 12)}, not the failed commit ${wr.headSha.slice(0, 12)}, and the work tree has changes: check out ref: \${{ github.event.workflow_run.head_sha }}`,
        );
      logger.info(`checking out the failed commit ${wr.headSha.slice(0, 12)} (HEAD was ${checkout.head.slice(0, 12)})`);
      await ensureCommit(gitCtx, wr.headSha);
      await git(gitCtx, ['checkout', '--quiet', '--detach', wr.headSha]);
    }
  }

  if (target.branch && target.sha && !target.isFork) {
    try {
      await ensureCommit(gitCtx, target.sha);
      const depth = Math.max(1, inputs['max-self-heal-commits']);
      await ensureDepth(gitCtx, target.sha, depth);
      const messages = await commitMessages(gitCtx, target.sha, depth);
      const loop = checkLoopGuard(messages, inputs['max-self-heal-commits'], target.branch);
      logger.info(loop.reason);
      if (!loop.proceed) throw new Skip('skipped', loop.reason);
      const current = checkBranchCurrent(target.branch, target.sha, await remoteBranchSha(gitCtx, target.branch));
      logger.info(current.reason);
      if (!current.proceed) throw new Skip('skipped', current.reason);
    } catch (error) {
      if (error instanceof Skip) throw error;
      // No remote access (a local run, persist-credentials: false): delivery will say so if it needs it.
      logger.warn(`could not check the branch on the remote: ${(error as Error).message}`);
    }
  } else {
    logger.info(`loop guard: no branch to check (${target.isFork ? 'fork' : target.source})`);
  }
}

/**
 * `heal(options, deps)`: the one core both adapters call (the CLI's `self-heal run`, the action).
 * collect → baseline → capped repair loop → local commit, and a `HealReport` that always says what
 * happened and why. Delivery beyond the local commit (push, pull request) is the action's.
 *
 * Safety, in order: the tree must be a git work tree with a commit; a journal left by a crashed run
 * is recovered first; a dirty tree is refused unless `allowDirty`; the tree is snapshotted (journal
 * under `.git/self-heal/`) before anything runs, and restored exactly whatever happens, unless an
 * attempt was accepted.
 *
 * The commit: only when `options.commit`, an attempt was accepted and the tree had no uncommitted
 * tracked changes at the start (with `allowDirty` and a dirty tree the fix is left in the work tree,
 * next to the user's own changes, and the report says so). Author: `GIT_AUTHOR_NAME`/`_EMAIL` when
 * both are set, otherwise `self-heal <self-heal@users.noreply.github.com>` (the action passes its
 * own through `deps.author`); committer: `GIT_COMMITTER_*`, else git's `user.name`/`user.email`,
 * else the author. Hooks do not run (see `workspace/git.ts`).
 */
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { HealOptions, type HealOptionsInput } from './contracts/heal-options.js';
import type { Logger } from './contracts/logger.js';
import type { FailureFrame } from './contracts/failure-frame.js';
import { ProviderError, type RepairProvider } from './repair/provider.js';
import { collectEvidence } from './frames/collect-evidence.js';
import { createCap, type Spent } from './loop/budget.js';
import { establishBaseline, type BaselineMode } from './loop/baseline.js';
import { DEFAULT_SOURCE_LIMITS, findCalleeDefinitions, gatherSources, readCommitDiff } from './loop/context.js';
import { createGuard } from './loop/edits/guardrails.js';
import { runHealLoop } from './loop/heal-loop.js';
import { HealReport, type Attempt, type HealResult, type TokenUsage } from './contracts/heal-report.js';
import { createScrubber, CREDENTIAL_VARIABLE } from './text/secrets.js';
import { composeCommitMessage } from './loop/commit-message.js';
import { createTestRuns, reportPatternsFromRoot, type CollectEvidence } from './loop/test-runs.js';
import { writeReportFile } from './loop/write-report.js';
import {
  checkIgnore,
  commit,
  configValue,
  gitDir as readGitDir,
  headCommitTime,
  headSha,
  isRepo,
  topLevel,
  type CommitIdentity,
  type GitContext,
} from './workspace/git.js';
import {
  dirtyTrackedPaths,
  recoverJournal,
  releaseSnapshot,
  restoreGitMetadata,
  restoreSnapshot,
  takeSnapshot,
  TreeStateError,
  type Snapshot,
  type TreeOptions,
  verifyRestored,
} from './workspace/tree-state.js';

export interface HealDeps {
  logger: Logger;
  createProvider: (options: HealOptions) => RepairProvider;
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  now?: () => number;
  /** Commit author (the action's bot identity); see the file comment for the default. */
  author?: CommitIdentity;
  /** Baseline rule: reuse fresh reports (`auto`, the default), always reuse, or always run. */
  baseline?: BaselineMode;
}

/** Said after a healed run's reason when the caller asked for no commit (the action drops it: its delivery commits). */
export const COMMIT_DISABLED_NOTE = '; the fix is left uncommitted in the work tree (commit disabled)';

export const DEFAULT_AUTHOR: CommitIdentity = { name: 'self-heal', email: 'self-heal@users.noreply.github.com' };

function credentialValues(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env)
    .filter(([name, value]) => value && CREDENTIAL_VARIABLE.test(name))
    .map(([, value]) => value!);
}

/** Map every string inside a JSON-like value (frames carry test output: scrub all of it). */
function scrubDeep<T>(value: T, scrub: (s: string) => string): T {
  if (typeof value === 'string') return scrub(value) as T;
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, scrub)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v, scrub)])) as T;
  }
  return value;
}

interface ReportParts {
  result: HealResult;
  reason: string;
  summary?: HealReport['summary'];
  failures?: FailureFrame[];
  attempts?: Attempt[];
  flaky?: string[];
  diff?: string;
  commit?: HealReport['commit'];
  tokens?: TokenUsage;
  reproduce?: string;
}

export async function heal(input: HealOptions | HealOptionsInput, deps: HealDeps): Promise<HealReport> {
  const now = deps.now ?? Date.now;
  const started = now();
  const env = deps.env ?? process.env;
  const logger = deps.logger;
  let providerInfo: HealReport['provider'] = { name: String((input as { provider?: string }).provider ?? 'builtin') };

  const parsed = HealOptions.safeParse(input);
  const finish = (parts: ReportParts, options?: HealOptions): HealReport => {
    const report = HealReport.parse({
      schemaVersion: 1,
      result: parts.result,
      reason: parts.reason,
      provider: providerInfo,
      testCommand: options?.testCommand ?? String((input as { testCommand?: unknown }).testCommand ?? ''),
      summary: parts.summary ?? { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0 },
      failures: parts.failures ?? [],
      attempts: parts.attempts ?? [],
      flaky: parts.flaky ?? [],
      ...(parts.diff !== undefined ? { diff: parts.diff } : {}),
      ...(parts.commit ? { commit: parts.commit } : {}),
      tokens: parts.tokens ?? { input: 0, output: 0 },
      durationMs: Math.max(0, now() - started),
      ...(parts.reproduce ? { reproduce: parts.reproduce } : {}),
    });
    if (options?.reportPath) writeReportFile(path.resolve(options.cwd, options.reportPath), report);
    logger.info(`result: ${report.result} — ${report.reason.split('\n')[0]}`);
    return report;
  };
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return finish({
      result: 'config-error',
      reason: `invalid option ${issue.path.join('.') || '(options)'}: ${issue.message}`,
    });
  }
  const options = parsed.data;
  providerInfo = { name: options.provider, ...(options.model ? { model: options.model } : {}) };
  const scrub = createScrubber([options.apiKey ?? '', ...options.secrets, ...credentialValues(env)].filter(Boolean));

  // The repository.
  const cwd = path.resolve(options.cwd);
  if (!existsSync(cwd))
    return finish({ result: 'config-error', reason: `the directory ${cwd} does not exist` }, options);
  if (!(await isRepo({ cwd, env }))) {
    return finish(
      {
        result: 'config-error',
        reason: `${cwd} is not inside a git work tree; self-heal needs git to restore the tree exactly`,
      },
      options,
    );
  }
  const root = realpathSync(await topLevel({ cwd, env }));
  const git: GitContext = { cwd: root, env };
  if ((await headSha(git)) === null)
    return finish(
      { result: 'config-error', reason: 'the repository has no commit yet; commit the code under test first' },
      options,
    );

  let provider: RepairProvider;
  try {
    provider = deps.createProvider(options);
    const model = provider.model ?? options.model;
    providerInfo = { name: provider.name, ...(model ? { model } : {}) };
  } catch (error) {
    if (error instanceof ProviderError) {
      return finish(
        {
          result: error.kind === 'config' ? 'config-error' : 'provider-error',
          reason: `${error.message}${error.hint ? `. ${error.hint}` : ''}`,
        },
        options,
      );
    }
    throw error;
  }

  // Outputs of the test runs (reports, the log, our own report) are not the user's work.
  const realCwd = realpathSync(cwd);
  const outputs = [
    ...reportPatternsFromRoot(root, realCwd, options.junit),
    ...[options.log, options.reportPath]
      .filter((p): p is string => !!p)
      .map((p) => path.relative(root, path.resolve(realCwd, p)).split(path.sep).join('/'))
      .filter((p) => !p.startsWith('..')),
  ];
  const isOutput = outputs.length ? picomatch(outputs, { dot: true }) : () => false;
  const gitDirPath = await readGitDir(git);
  const treeOptions: TreeOptions = { root, gitDir: gitDirPath, env, isOutput };

  let snapshot: Snapshot;
  let dirty: string[];
  try {
    const recovery = recoverJournal(treeOptions);
    if (recovery.recovered) {
      logger.warn(
        `recovered the work tree from an interrupted self-heal run (started ${recovery.startedAt}): restored ${recovery.paths.length} path(s)${recovery.paths.length ? `: ${recovery.paths.slice(0, 10).join(', ')}` : ''}`,
      );
    }
    dirty = dirtyTrackedPaths(treeOptions);
    if (dirty.length > 0 && !options.allowDirty) {
      return finish(
        {
          result: 'unsafe',
          reason: `the work tree has uncommitted changes (${dirty.slice(0, 5).join(', ')}${dirty.length > 5 ? `, and ${dirty.length - 5} more` : ''}); commit or stash them first, or pass --allow-dirty (they are kept either way)`,
        },
        options,
      );
    }
    snapshot = takeSnapshot(treeOptions);
  } catch (error) {
    if (error instanceof TreeStateError) return finish({ result: 'unsafe', reason: error.message }, options);
    throw error;
  }

  // Every report is read with the test command's directory as the base of its case files.
  const collect: CollectEvidence = (input) => collectEvidence({ ...input, testCwd: realCwd });
  let released = false;
  try {
    const runs = createTestRuns({
      testCommand: options.testCommand,
      rerunTemplate: options.rerunCommand,
      junit: options.junit,
      root,
      cwd: realCwd,
      outputDir: path.join(gitDirPath, 'self-heal', 'runs'),
      timeoutMs: options.timeoutSeconds * 1000,
      env,
      secrets: [...(options.apiKey ? [options.apiKey] : []), ...options.secrets],
      passEnv: options.passEnv,
      guardGitDir: () => restoreGitMetadata(snapshot),
      git,
      collect,
      signal: deps.signal,
    });
    const headTime = await headCommitTime(git);
    const baseline = await logger.group('baseline', () =>
      establishBaseline({
        runs,
        collect,
        root,
        testCommand: options.testCommand,
        junit: reportPatternsFromRoot(root, realCwd, options.junit),
        log: options.log ? path.resolve(realCwd, options.log) : undefined,
        mode: deps.baseline ?? 'auto',
        headTime,
        logger,
      }),
    );
    // Whatever the baseline runs left in the tree is not part of any attempt.
    restoreSnapshot(snapshot);
    const failures = scrubDeep(baseline.frames, scrub);
    if (baseline.kind === 'stop') {
      return finish(
        {
          result: baseline.result,
          reason: scrub(baseline.reason),
          summary: baseline.summary,
          failures,
          flaky: baseline.flaky,
          reproduce: baseline.reproduce,
        },
        options,
      );
    }

    // The failing tests' own files: pinned (refused with their own reason) and restored before verifying.
    const testFiles = new Set<string>();
    for (const f of baseline.frames) if (f.test?.file) testFiles.add(f.test.file);
    for (const t of baseline.targets) {
      if (!t.file) continue;
      const abs = path.resolve(realCwd, t.file.replace(/^file:\/\//, ''));
      const rel = path.relative(root, abs).split(path.sep).join('/');
      if (!rel.startsWith('..') && existsSync(abs)) testFiles.add(rel);
    }
    const guard = createGuard({
      root,
      protect: options.protect,
      allow: options.allow,
      pinned: new Map(
        [...testFiles].map((f) => [
          f,
          `\`${f}\` is the failing test's own file: self-heal fixes the code under test, never the test`,
        ]),
      ),
    });
    const edits = { guard, ignored: (paths: string[]) => checkIgnore(git, paths) };
    // What the failing assertions call, when they failed in the test itself: shown after the rest.
    const callees = await findCalleeDefinitions(failures, root);
    const sources = gatherSources(failures, guard, DEFAULT_SOURCE_LIMITS, callees);
    const commitDiff = await readCommitDiff(git).then((d) => (d === undefined ? undefined : scrub(d)));
    const spent: Spent = {
      startedAt: started,
      attempts: 0,
      tokens: { input: 0, output: 0 },
      attemptMs: [],
      attemptTokens: [],
      fullRunMs: baseline.fullRunMs,
      targetedRunMs: baseline.targetedRunMs,
    };
    if (!baseline.targetedWorks) logger.info('verifying every attempt with the full test command (no targeted rerun)');
    const loop = await runHealLoop({
      options,
      root,
      git,
      snapshot,
      edits,
      provider,
      logger,
      scrub,
      cap: createCap(options),
      spent,
      now,
      signal: deps.signal,
      frames: failures,
      sources,
      commitDiff,
      expectations: baseline.expectations,
      testFiles,
      rerunTargets: baseline.targetedWorks ? (label) => runs.targeted(baseline.targets, label) : null,
      runFull: (label) => runs.full(label),
    });
    const common = {
      summary: baseline.summary,
      failures,
      attempts: loop.attempts,
      flaky: baseline.flaky,
      tokens: spent.tokens,
      reproduce: baseline.reproduce,
    };
    if (!loop.accepted) {
      restoreSnapshot(snapshot);
      verifyRestored(snapshot);
      releaseSnapshot(snapshot);
      released = true;
      return finish({ ...common, result: loop.result, reason: scrub(loop.reason) }, options);
    }

    // Healed: the fix stays. The journal goes first, so a crash from here on cannot undo it.
    releaseSnapshot(snapshot);
    released = true;
    const diff = scrub(loop.accepted.diff);
    let reason = loop.reason;
    let made: HealReport['commit'];
    if (!options.commit) reason += COMMIT_DISABLED_NOTE;
    else if (dirty.length > 0)
      reason += '; the fix is left uncommitted because the work tree had uncommitted changes of its own';
    else {
      made = await logger.group('commit', async () => {
        const message = composeCommitMessage({
          testIds: baseline.expectations.failToPass,
          testNames: baseline.targets.map((t) => t.name),
          attempts: loop.accepted!.attempt,
        });
        const author =
          deps.author ??
          (env.GIT_AUTHOR_NAME && env.GIT_AUTHOR_EMAIL
            ? { name: env.GIT_AUTHOR_NAME, email: env.GIT_AUTHOR_EMAIL }
            : DEFAULT_AUTHOR);
        const name = env.GIT_COMMITTER_NAME ?? (await configValue(git, 'user.name'));
        const email = env.GIT_COMMITTER_EMAIL ?? (await configValue(git, 'user.email'));
        const committer = name && email ? { name, email } : author;
        try {
          const sha = await commit(git, { message, paths: loop.accepted!.files, author, committer });
          logger.info(`committed ${sha.slice(0, 12)}: ${message.split('\n')[0]}`);
          return { sha, message };
        } catch (error) {
          // The verified fix is in the work tree either way; a failed commit must not lose it.
          reason += `; the commit failed, so the fix is left uncommitted in the work tree: ${error instanceof Error ? error.message : String(error)}`;
          logger.warn(`the commit failed: ${error instanceof Error ? error.message : String(error)}`);
          return undefined;
        }
      });
    }
    return finish({ ...common, result: 'healed', reason, diff, ...(made ? { commit: made } : {}) }, options);
  } finally {
    if (!released) {
      // If the check fails, the journal stays for the next run to recover from.
      restoreSnapshot(snapshot);
      verifyRestored(snapshot);
      releaseSnapshot(snapshot);
    }
  }
}

/**
 * `heal(options, deps)`: the one core both adapters call (the CLI's `self-heal run`, the action).
 * collect → baseline → capped repair loop → settle, and a `HealReport` that always says what
 * happened and why, with an accepted fix as state (`fix`) for the adapters to act on. Delivery
 * beyond the local commit (push, pull request) is the action's.
 *
 * Safety, in order: the tree must be a git work tree with a commit; a journal left by a crashed run
 * is recovered first; a dirty tree is refused unless `allowDirty`; the tree is snapshotted (journal
 * under `.git/self-heal/`) before anything runs, and restored exactly whatever happens, unless an
 * attempt was accepted.
 *
 * The local commit: only when `options.commit`, an attempt was accepted and the tree had no
 * uncommitted tracked changes at the start (with `allowDirty` and a dirty tree the fix is left in
 * the work tree, next to the user's own changes, and the report says so). It is delivery's one fix
 * commit with its one message (`delivery/local-commit.ts`: author, committer, no hooks).
 */
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { HealOptions, type HealOptionsInput } from './contracts/heal-options.js';
import type { Logger } from './contracts/logger.js';
import type { DiagnosticFrame, FailureFrame } from './contracts/failure-frame.js';
import { describeProviderError, ProviderError, providerErrorResult, type RepairProvider } from './repair/provider.js';
import { environmentCredentials } from './repair/create-provider.js';
import { collectEvidence } from './frames/collect-evidence.js';
import { createCap, type Spent } from './loop/budget.js';
import { establishBaseline, type Baseline, type BaselineMode } from './loop/baseline.js';
import { describeBaselineTimings, timeBaselineRuns } from './loop/baseline-timings.js';
import { readStatementCopies } from './loop/statement-copies.js';
import {
  DEFAULT_SOURCE_LIMITS,
  findCalleeDefinitions,
  gatherSources,
  readGuarded,
  readRankedSources,
  readCommitDiff,
  type SourceWindow,
} from './loop/context.js';
import type { EditContext } from './loop/edits/apply-edits.js';
import { createGuard } from './loop/edits/guardrails.js';
import { runHealLoop, type LoopOutcome } from './loop/heal-loop.js';
import { chooseVerifyMode, expectedFullRunMs } from './ci-verify/verify-mode.js';
import type { RunOutcome } from './loop/verdict.js';
import type { RerunPlan } from './loop/rerun.js';
import { ciFacts, ciFullRunner, type HealCi } from './ci-verify/heal-ci.js';
import { localiseRun, type LocaliseRunResult } from './loop/localise-run.js';
import { candidateRunOptions, targetFilesRunner } from './loop/candidate-runs.js';
import { reproductionAtStop, settleReproduction, type ReproductionStepInput } from './loop/reproduction-step.js';
import type { FlakeWatch } from './loop/flake-watch.js';
import { testRunEnvironment } from './workspace/child-env.js';
import {
  HealReport,
  type Attempt,
  type HealFix,
  type HealResult,
  type HealTimings,
  type Localisation,
  type RerunFallback,
  type TokenUsage,
} from './contracts/heal-report.js';
import { createScrubber } from './text/secrets.js';
import { holdsSecretValue } from './workspace/child-env.js';
import { clipLine } from './text/untrusted-text.js';
import { formatDuration } from './text/format.js';
import { hideOwnCredentials } from './workspace/own-environment.js';
import { commonGitDir } from './workspace/git-dir-guard.js';
import { commitFixOnHead } from './delivery/local-commit.js';
import { createTestRuns, reportPatternsFromRoot, type CollectEvidence, type TestRuns } from './loop/test-runs.js';
import { runnerFiles } from './loop/runner-files.js';
import { watchVerdictFiles } from './loop/verdict-files.js';
import { writeReportFile } from './loop/write-report.js';
import {
  checkIgnore,
  gitDir as readGitDir,
  headCommitTime,
  headSha,
  isRepo,
  topLevel,
  type CommitIdentity,
  type GitContext,
} from './workspace/git.js';
import {
  changedPaths,
  describeRecovery,
  dirtyTrackedPaths,
  recoverJournal,
  releaseSnapshot,
  restoreGitMetadata,
  restoreSnapshot,
  snapshotFiles,
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
  /** verify: ci — the CI rounds, or why they cannot be made here (`ci-verify/setup.ts`). */
  ci?: HealCi;
}

type ReadyBaseline = Extract<Baseline, { kind: 'ready' }>;

/** The values of every variable that looks like a credential, by name or by value: scrubbed from all output. */
function credentialValues(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env)
    .filter(([name, value]) => value && holdsSecretValue(name, value))
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
  diagnostics?: DiagnosticFrame[];
  attempts?: Attempt[];
  flaky?: string[];
  diff?: string;
  fix?: HealFix;
  commit?: HealReport['commit'];
  tokens?: TokenUsage;
  reproduce?: string;
  timings?: HealTimings;
  rerunFallback?: RerunFallback;
  verify?: HealReport['verify'];
  localisation?: Localisation;
  reproduction?: HealReport['reproduction'];
}

/** A step that ends the run before the tree is snapshotted throws this; heal() turns it into the report. */
class Stop {
  constructor(readonly parts: ReportParts) {}
}

/** What every step of one run shares; `options` and `repair` are filled in as they become known. */
interface Run {
  input: HealOptions | HealOptionsInput;
  deps: HealDeps;
  logger: Logger;
  env: NodeJS.ProcessEnv;
  now: () => number;
  started: number;
  options?: HealOptions;
  /** The provider once created, and the scrubber for its fallback reason: the report describes it at the end. */
  repair?: { provider: RepairProvider; scrub: (text: string) => string };
}

/** The repository under test, once it is known to be a git work tree with a commit. */
interface Repository {
  /** The top level, as a real path. */
  root: string;
  /** Where the test command runs (`options.cwd`), as a real path. */
  cwd: string;
  git: GitContext;
}

/** Everything the steps after the snapshot read. */
interface Setup {
  options: HealOptions;
  scrub: (text: string) => string;
  repo: Repository;
  provider: RepairProvider;
  snapshot: Snapshot;
  /** Tracked paths with changes of their own at the start (only with `allowDirty`). */
  dirty: string[];
  gitDir: string;
}

/** What the loop is given beyond the baseline: the guarded edit context and the source windows. */
interface RepairContext {
  testFiles: Set<string>;
  edits: EditContext;
  sources: SourceWindow[];
  commitDiff?: string;
  /** Where the fault is, for every provider (`repair/ranking/`). */
  localised: LocaliseRunResult;
}

/** validate → open the repository → the provider → snapshot → baseline → context → loop → settle. */
export async function heal(input: HealOptions | HealOptionsInput, deps: HealDeps): Promise<HealReport> {
  const run = startRun(input, deps);
  try {
    const options = validateOptions(run);
    const secrets = [options.apiKey ?? '', options.githubToken ?? '', ...options.secrets, ...credentialValues(run.env)];
    const scrub = createScrubber(secrets.filter(Boolean));
    hideCredentialsFromChildren(run.logger, secrets.filter(Boolean));
    const repo = await openRepository(options, run.env);
    const provider = openProvider(run, options, scrub);
    const tree = await snapshotTree(repo, options, run.logger);
    return await healInSnapshot(run, { options, scrub, repo, provider, ...tree });
  } catch (error) {
    if (error instanceof Stop) return finish(run, error.parts);
    throw error;
  }
}

/**
 * Test runs and agents are processes of the same user as self-heal: its credentials leave the
 * environment block they could read (`own-environment.ts`), and the log says what they still can.
 */
function hideCredentialsFromChildren(logger: Logger, secrets: readonly string[]): void {
  const own = hideOwnCredentials(secrets);
  if (secrets.length === 0 && own.hidden.length === 0) return;
  if (own.unsupported)
    logger.info(
      `credentials: ${own.unsupported}, so test runs and agents (processes of your user) can read self-heal's credentials from its environment`,
    );
  else if (own.memoryReadable)
    logger.info(
      "credentials: the kernel does not restrict ptrace (kernel.yama.ptrace_scope 0 or absent), so test runs and agents (processes of your user) can read self-heal's memory, credentials included",
    );
}

function startRun(input: HealOptions | HealOptionsInput, deps: HealDeps): Run {
  const now = deps.now ?? Date.now;
  return {
    input,
    deps,
    logger: deps.logger,
    env: deps.env ?? process.env,
    now,
    started: now(),
  };
}

/** The report, written to `reportPath` when there is one, and its one-line result logged. */
function finish(run: Run, parts: ReportParts): HealReport {
  const { options } = run;
  const report = HealReport.parse({
    schemaVersion: 1,
    result: parts.result,
    reason: parts.reason,
    provider: reportProvider(run),
    testCommand: options?.testCommand ?? String((run.input as { testCommand?: unknown }).testCommand ?? ''),
    summary: parts.summary ?? { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0 },
    failures: parts.failures ?? [],
    ...(parts.diagnostics?.length ? { diagnostics: parts.diagnostics } : {}),
    attempts: parts.attempts ?? [],
    flaky: parts.flaky ?? [],
    ...(parts.diff !== undefined ? { diff: parts.diff } : {}),
    ...(parts.fix ? { fix: parts.fix } : {}),
    ...(parts.commit ? { commit: parts.commit } : {}),
    tokens: parts.tokens ?? { input: 0, output: 0 },
    durationMs: Math.max(0, run.now() - run.started),
    ...(parts.timings ? { timings: parts.timings } : {}),
    ...(parts.reproduce ? { reproduce: parts.reproduce } : {}),
    ...(parts.rerunFallback ? { rerunFallback: parts.rerunFallback } : {}),
    ...(parts.verify ? { verify: parts.verify } : {}),
    ...(parts.localisation ? { localisation: parts.localisation } : {}),
    ...(parts.reproduction ? { reproduction: parts.reproduction } : {}),
  });
  if (options?.reportPath) writeReportFile(path.resolve(options.cwd, options.reportPath), report);
  run.logger.info(`result: ${report.result} — ${report.reason.split('\n')[0]}`);
  return report;
}

function validateOptions(run: Run): HealOptions {
  const parsed = HealOptions.safeParse(run.input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Stop({
      result: 'config-error',
      reason: `invalid option ${issue.path.join('.') || '(options)'}: ${issue.message}`,
    });
  }
  run.options = parsed.data;
  return parsed.data;
}

/** The directory must be inside a git work tree with a commit: git is what restores the tree exactly. */
async function openRepository(options: HealOptions, env: NodeJS.ProcessEnv): Promise<Repository> {
  const cwd = path.resolve(options.cwd);
  if (!existsSync(cwd)) throw new Stop({ result: 'config-error', reason: `the directory ${cwd} does not exist` });
  if (!(await isRepo({ cwd, env }))) {
    throw new Stop({
      result: 'config-error',
      reason: `${cwd} is not inside a git work tree; self-heal needs git to restore the tree exactly`,
    });
  }
  const root = realpathSync(await topLevel({ cwd, env }));
  const git: GitContext = { cwd: root, env };
  if ((await headSha(git)) === null)
    throw new Stop({
      result: 'config-error',
      reason: 'the repository has no commit yet; commit the code under test first',
    });
  return { root, cwd: realpathSync(cwd), git };
}

function openProvider(run: Run, options: HealOptions, scrub: (text: string) => string): RepairProvider {
  try {
    const provider = run.deps.createProvider(options);
    run.repair = { provider, scrub };
    return provider;
  } catch (error) {
    if (error instanceof ProviderError) {
      throw new Stop({ result: providerErrorResult(error), reason: scrub(describeProviderError(error)) });
    }
    throw error;
  }
}

/** The report's provider: the one created, else the one the options name, else the one the input names. */
function reportProvider(run: Run): HealReport['provider'] {
  if (run.repair) return describeProvider(run.repair.provider, run.repair.scrub);
  if (run.options) return { name: run.options.provider, ...(run.options.model ? { model: run.options.model } : {}) };
  return { name: String((run.input as { provider?: string }).provider ?? 'builtin') };
}

/**
 * A created provider as the report names it: the one in use, the model that answered, and why
 * `auto` fell back. The model is the provider's own: the built-in engine that `auto` fell back to
 * has none, whatever `model` named for Copilot.
 */
/** A fallback reason can quote an unexpected error whole: the report keeps its scrubbed head. */
const MAX_FALLBACK_REASON_CHARS = 500;

function describeProvider(provider: RepairProvider, scrub: (text: string) => string): HealReport['provider'] {
  const { model } = provider;
  return {
    name: provider.name,
    ...(model ? { model } : {}),
    ...(provider.fallback
      ? {
          fallbackFrom: provider.fallback.from,
          reason: clipLine(scrub(provider.fallback.reason), MAX_FALLBACK_REASON_CHARS),
        }
      : {}),
  };
}

/**
 * The provider gets ready only once there is something to repair (the Copilot runtime may need an
 * install; `auto` may fall back here). A ProviderError ends the run with its sentence.
 */
async function prepareProvider(run: Run, setup: Setup): Promise<Pick<ReportParts, 'result' | 'reason'> | undefined> {
  const { provider, scrub } = setup;
  try {
    if (provider.prepare) {
      await run.logger.group('provider', () =>
        provider.prepare!({ log: (m) => run.logger.info(scrub(m)), warn: (m) => run.logger.warn(scrub(m)) }),
      );
    }
    return undefined;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { result: providerErrorResult(error), reason: scrub(describeProviderError(error)) };
  }
}

/**
 * A journal left by a crashed run is recovered first, a dirty tree refused unless `allowDirty`,
 * then the tree is snapshotted. Outputs of the test runs (reports, the log, our own report) are
 * not the user's work.
 */
async function snapshotTree(
  repo: Repository,
  options: HealOptions,
  logger: Logger,
): Promise<Pick<Setup, 'snapshot' | 'dirty' | 'gitDir'>> {
  const { root, cwd } = repo;
  const outputs = [
    ...reportPatternsFromRoot(root, cwd, options.junit),
    ...[options.log, options.reportPath]
      .filter((p): p is string => !!p)
      .map((p) => path.relative(root, path.resolve(cwd, p)).split(path.sep).join('/'))
      .filter((p) => !p.startsWith('..')),
  ];
  const isOutput = outputs.length ? picomatch(outputs, { dot: true }) : () => false;
  const gitDir = await readGitDir(repo.git);
  const treeOptions: TreeOptions = { root, gitDir, env: repo.git.env, isOutput };
  try {
    const recovery = recoverJournal(treeOptions);
    if (recovery.recovered) {
      logger.warn(describeRecovery(recovery));
    }
    const dirty = dirtyTrackedPaths(treeOptions);
    if (dirty.length > 0 && !options.allowDirty) {
      throw new Stop({
        result: 'unsafe',
        reason: `the work tree has uncommitted changes (${dirty.slice(0, 5).join(', ')}${dirty.length > 5 ? `, and ${dirty.length - 5} more` : ''}); commit or stash them first, or pass --allow-dirty (they are kept either way)`,
      });
    }
    return { snapshot: takeSnapshot(treeOptions), dirty, gitDir };
  } catch (error) {
    if (error instanceof TreeStateError) throw new Stop({ result: 'unsafe', reason: error.message });
    throw error;
  }
}

/**
 * The tree comes back exactly, and its journal goes; if the check fails, the journal stays for the
 * next run. The bytecode of what came back goes too: the user's next run must not load an attempt's.
 */
function restoreAndRelease(snapshot: Snapshot, runs: TestRuns | undefined): void {
  restoreSnapshot(snapshot);
  verifyRestored(snapshot);
  runs?.settleBytecode();
  releaseSnapshot(snapshot);
}

/** baseline → context → reproduction → loop → settle, with the tree restored exactly unless an attempt was accepted. */
async function healInSnapshot(run: Run, setup: Setup): Promise<HealReport> {
  const { snapshot, scrub } = setup;
  let released = false;
  let testRuns: TestRuns | undefined;
  try {
    const { runs, baseline: first, timings } = await runBaseline(run, setup, (r) => (testRuns = r));
    // Whatever the baseline runs left in the tree is not part of any attempt.
    restoreSnapshot(snapshot);
    if (first.kind === 'stop') return finish(run, await stoppedAtBaseline(run, setup, runs, first, timings));
    const failed = scrubDeep(first.frames, scrub);
    const context = await prepareContext(run, setup, { runs, baseline: first, failures: failed, timings });
    if (context.localised.spectrumMs !== undefined) timings.spectrumMs = context.localised.spectrumMs;
    const settled = await settleReproduction(reproductionStep(run, setup, runs, context, timings), first);
    if (settled.extraMs !== undefined) timings.reproductionMs = settled.extraMs;
    const { baseline, flakes } = settled;
    const { summary, flaky, reproduce } = baseline;
    const early = {
      ...{ summary, flaky, reproduce, timings, rerunFallback: baseline.rerunFallback },
      failures: scrubDeep(baseline.frames, scrub),
      localisation: context.localised.report,
      reproduction: scrubDeep(settled.reproduction, scrub),
    };
    if (settled.stop) return finish(run, { ...early, ...settled.stop, reason: scrub(settled.stop.reason) });
    const notReady = await prepareProvider(run, setup);
    if (notReady) return finish(run, { ...early, ...notReady });
    const verify = chooseVerify(run, setup, baseline);
    if (verify.mode === 'error') return finish(run, { ...early, result: 'config-error', reason: verify.reason });
    const { failures } = early;
    const ready = { runs, baseline, failures, context, flakes, confirmationMs: timings.confirmationMs };
    const { loop, spent } = await runLoop(run, setup, { ...ready, verify: verify.mode });
    const common = {
      ...early,
      verify: { mode: verify.mode, reason: verify.reason },
      attempts: loop.attempts,
      tokens: spent.tokens,
      timings: { ...timings, attempts: loop.timings },
      // Attempts' reruns may have fallen back too: the report says the first fallback.
      rerunFallback: baseline.rerun.fallback,
      reproduction: scrubDeep(flakes.report(settled.reproduction), scrub),
    };
    if (!loop.accepted) {
      restoreAndRelease(snapshot, runs);
      released = true;
      const signs = loop.result === 'not-reproduced' ? undefined : flakes.describeSigns();
      return finish(run, {
        ...common,
        result: loop.result,
        reason: scrub(signs ? `${loop.reason}; ${signs}` : loop.reason),
      });
    }
    // Healed: the fix stays. The journal goes first, so a crash from here on cannot undo it.
    runs.settleBytecode();
    releaseSnapshot(snapshot);
    released = true;
    return finish(run, { ...common, ...(await settleFix(run, setup, loop, common)) });
  } finally {
    if (!released) restoreAndRelease(snapshot, testRuns);
  }
}

/** What the reproduction step reads (`loop/reproduction-step.ts`). */
function reproductionStep(
  run: Run,
  setup: Setup,
  runs: TestRuns,
  context: RepairContext | undefined,
  timings: HealTimings,
): ReproductionStepInput {
  const { options, repo } = setup;
  const recorded = context?.localised.recorded;
  return {
    runs,
    ...(recorded ? { recorded } : {}),
    env: testRunEnvironment(run.env, { secrets: testRunSecrets(options, run.env), pass: options.passEnv }),
    root: repo.root,
    cwd: repo.cwd,
    logger: run.logger,
    restore: () => restoreSnapshot(setup.snapshot),
    rerunTimeoutMs: candidateRunOptions({ confirmationMs: timings.confirmationMs }, options).timeoutMs,
  };
}

/** A baseline that stopped: its report, with the flaky tests' counts when they passed when rerun. */
async function stoppedAtBaseline(
  run: Run,
  setup: Setup,
  runs: TestRuns,
  baseline: Extract<Baseline, { kind: 'stop' }>,
  timings: HealTimings,
): Promise<ReportParts> {
  const { scrub } = setup;
  const flaky = await reproductionAtStop(reproductionStep(run, setup, runs, undefined, timings), baseline);
  return {
    result: baseline.result,
    reason: scrub(flaky?.reason ?? baseline.reason),
    summary: baseline.summary,
    failures: scrubDeep(baseline.frames, scrub),
    ...(baseline.diagnostics ? { diagnostics: scrubDeep(baseline.diagnostics, scrub) } : {}),
    flaky: baseline.flaky,
    reproduce: baseline.reproduce,
    timings,
    rerunFallback: baseline.rerunFallback,
    ...(flaky ? { reproduction: scrubDeep(flaky.reproduction, scrub) } : {}),
  };
}

/** The secret values withheld from the test runs. */
function testRunSecrets(options: HealOptions, env: NodeJS.ProcessEnv): string[] {
  return [options.apiKey, options.githubToken, ...options.secrets, ...environmentCredentials(options, env)].filter(
    (s): s is string => !!s,
  );
}

/** `created` learns the test runs first, so a failing baseline's restore can settle their bytecode. */
async function runBaseline(
  run: Run,
  setup: Setup,
  created: (runs: TestRuns) => void,
): Promise<{ runs: TestRuns; baseline: Baseline; timings: HealTimings }> {
  const { options, repo } = setup;
  // Every report is read with the test command's directory as the base of its case files.
  // Secrets leave the evidence before any bound cuts a message (a half value is not recognisable).
  const collect: CollectEvidence = (input) => collectEvidence({ ...input, testCwd: repo.cwd, scrub: setup.scrub });
  const runs = createTestRuns({
    testCommand: options.testCommand,
    rerunTemplate: options.rerunCommand,
    junit: options.junit,
    root: repo.root,
    cwd: repo.cwd,
    outputDir: path.join(setup.gitDir, 'self-heal', 'runs'),
    timeoutMs: options.timeoutSeconds * 1000,
    env: run.env,
    // Self-heal's own credentials are withheld from the tests, which run code a model wrote.
    secrets: testRunSecrets(options, run.env),
    passEnv: options.passEnv,
    scrub: setup.scrub,
    guardGitDir: () => restoreGitMetadata(setup.snapshot),
    changedPaths: () => changedPaths(setup.snapshot),
    verdictFiles: watchVerdictFiles({
      root: repo.root,
      files: () => snapshotFiles(setup.snapshot),
      ignored: (paths) => checkIgnore(repo.git, paths),
      protect: options.protect,
      runnerFiles: testCommandFiles(options, repo),
    }),
    git: repo.git,
    collect,
    signal: run.deps.signal,
    warn: (line) => run.logger.warn(line),
    containment: {
      mode: run.env.SELF_HEAL_TEST_CONTAINMENT === 'scan' ? 'scan' : 'auto',
      passThrough: [commonGitDir(setup.gitDir)],
    },
  });
  created(runs);
  const headTime = await headCommitTime(repo.git);
  const timed = timeBaselineRuns(runs, run.logger, {
    remainingMs: () => run.started + options.maxSeconds * 1000 - run.now(),
    timeoutMs: options.timeoutSeconds * 1000,
  });
  const started = run.now();
  const baseline = await run.logger.group('baseline', async () => {
    const settled = await establishBaseline({
      runs: timed.runs,
      collect,
      root: repo.root,
      cwd: repo.cwd,
      testCommand: options.testCommand,
      junit: reportPatternsFromRoot(repo.root, repo.cwd, options.junit),
      log: options.log ? path.resolve(repo.cwd, options.log) : undefined,
      mode: run.deps.baseline ?? 'auto',
      headTime,
      logger: run.logger,
    });
    timed.stop();
    run.logger.info(describeBaselineTimings(timed.timings, Math.max(0, run.now() - started)));
    return settled;
  });
  return { runs, baseline, timings: timed.timings };
}

/** The repository's files the test commands run (the test command, the rerun template, the subset command). */
function testCommandFiles(options: HealOptions, repo: Repository): string[] {
  const commands = [options.testCommand, options.rerunCommand, options.verifySubset].filter((c): c is string => !!c);
  return [...new Set(commands.flatMap((c) => runnerFiles(c, repo.cwd, repo.root)))].sort();
}

/** The failing tests' own files: pinned (refused with their own reason) and restored before verifying. */
function failingTestFiles(repo: Repository, baseline: ReadyBaseline): Set<string> {
  const testFiles = new Set<string>();
  for (const f of baseline.frames) if (f.test?.file) testFiles.add(f.test.file);
  for (const t of baseline.targets) {
    if (!t.file) continue;
    const abs = path.resolve(repo.cwd, t.file.replace(/^file:\/\//, ''));
    const rel = path.relative(repo.root, abs).split(path.sep).join('/');
    if (!rel.startsWith('..') && existsSync(abs)) testFiles.add(rel);
  }
  return testFiles;
}

async function prepareContext(
  run: Run,
  setup: Setup,
  ready: { runs: TestRuns; baseline: ReadyBaseline; failures: FailureFrame[]; timings: HealTimings },
): Promise<RepairContext> {
  const { options, repo, scrub } = setup;
  const { baseline, failures } = ready;
  const testFiles = failingTestFiles(repo, baseline);
  const guard = createGuard({
    root: repo.root,
    protect: options.protect,
    allow: options.allow,
    runner: testCommandFiles(options, repo),
    pinned: new Map(
      [...testFiles].map((f) => [
        f,
        `\`${f}\` is the failing test's own file: self-heal fixes the code under test, never the test`,
      ]),
    ),
  });
  const edits = { guard, ignored: (paths: string[]) => checkIgnore(repo.git, paths) };
  // What the failing assertions call, when they failed in the test itself: shown after the rest.
  const callees = await findCalleeDefinitions(failures, repo.root);
  const sources = gatherSources(failures, guard, DEFAULT_SOURCE_LIMITS, callees);
  const commitDiff = await readCommitDiff(repo.git).then((d) => (d === undefined ? undefined : scrub(d)));
  const localised = await run.logger.group('localise', () =>
    localiseRun({
      runs: ready.runs,
      targets: baseline.targets,
      baseline: baseline.expectations.baseline,
      level: baseline.rerun.level,
      root: repo.root,
      cwd: repo.cwd,
      env: run.env,
      // Evidence only: it ends where the budget does.
      timeoutMs: Math.max(
        1_000,
        Math.min(options.timeoutSeconds * 1000, run.started + options.maxSeconds * 1000 - run.now()),
      ),
      confirmationMs: ready.timings.confirmationMs,
      failures,
      testFiles,
      commitDiff,
      logger: run.logger,
      restore: () => restoreSnapshot(setup.snapshot),
      record: options.localise === 'record',
    }),
  );
  // The ranking's top functions first: the prompt packs them whole, each with why it is there.
  const ranked = readRankedSources(localised.ranking, guard);
  // Then the copies of their statements that the failing tests may not have run.
  const copies = readStatementCopies(localised.ranking, ranked, (file) =>
    readGuarded(file, guard, DEFAULT_SOURCE_LIMITS.maxFileBytes),
  );
  return { testFiles, edits, sources: [...ranked, ...copies, ...sources], commitDiff, localised };
}

/** The verify-subset command as a run plan: the user's command, as written. */
function subsetPlan(command: string): RerunPlan {
  return { command, env: {}, runner: null, targeted: false, display: command };
}

/** runner or ci, with the reason logged (`ci-verify/verify-mode.ts`). */
function chooseVerify(run: Run, setup: Setup, baseline: ReadyBaseline): ReturnType<typeof chooseVerifyMode> {
  const { options } = setup;
  const choice = chooseVerifyMode({
    requested: options.verify,
    ...ciFacts(run.deps.ci),
    fullRunMs: baseline.fullRunMs,
    fullRunSource: baseline.source,
    attempts: createCap(options).attempts,
    budgetMs: options.maxSeconds * 1000,
  });
  run.logger.info(choice.reason);
  return choice;
}

/** The full run of an attempt: the test command here, or a CI round of the candidate (`files`). */
function fullRunner(
  run: Run,
  setup: Setup,
  runs: TestRuns,
  verify: 'runner' | 'ci',
): (label: string, files: readonly string[]) => Promise<RunOutcome> {
  const verifier = run.deps.ci?.verifier;
  if (verify === 'runner' || !verifier) return (label) => runs.full(label);
  return ciFullRunner({
    verifier,
    runHere: (label) => runs.full(label),
    root: setup.repo.root,
    cwd: setup.repo.cwd,
    startedAt: run.started,
    maxSeconds: setup.options.maxSeconds,
    scrub: setup.scrub,
    scrubRound: (round) => scrubDeep(round, setup.scrub),
  });
}

async function runLoop(
  run: Run,
  setup: Setup,
  ready: {
    runs: TestRuns;
    baseline: ReadyBaseline;
    failures: FailureFrame[];
    context: RepairContext;
    verify: 'runner' | 'ci';
    confirmationMs?: number;
    flakes: FlakeWatch;
  },
): Promise<{ loop: LoopOutcome; spent: Spent }> {
  const { options, repo } = setup;
  const { runs, baseline, context } = ready;
  const spent: Spent = {
    startedAt: run.started,
    attempts: 0,
    tokens: { input: 0, output: 0 },
    attemptMs: [],
    attemptTokens: [],
    fullRunMs: expectedFullRunMs(baseline.fullRunMs, ready.verify, run.deps.ci?.shards ?? 0),
    targetedRunMs: baseline.targetedRunMs,
  };
  runs.judgeCandidates();
  withholdFromCandidates(run, runs);
  containCandidateRuns(run, runs);
  const { rerun } = baseline;
  if (rerun.level === 'full') run.logger.info('verifying every attempt with the full test command (no targeted rerun)');
  const loop = await runHealLoop({
    options,
    root: repo.root,
    git: repo.git,
    snapshot: setup.snapshot,
    edits: context.edits,
    provider: setup.provider,
    logger: run.logger,
    scrub: setup.scrub,
    cap: createCap(options),
    spent,
    now: run.now,
    signal: run.deps.signal,
    frames: ready.failures,
    ...(baseline.diagnostics ? { diagnostics: scrubDeep(baseline.diagnostics, setup.scrub) } : {}),
    sources: context.sources,
    ranking: context.localised.ranking,
    testReads: context.localised.reads,
    commitDiff: context.commitDiff,
    expectations: baseline.expectations,
    testFiles: context.testFiles,
    rerunTargets:
      rerun.level === 'full' ? null : (label) => rerun.run(baseline.targets, label, baseline.expectations.baseline),
    rerunTargetFiles: targetFilesRunner(runs, baseline, ready, options),
    ...(rerun.level !== 'full'
      ? {
          rerunCandidate: (label: string, timeoutMs?: number) =>
            rerun.run(
              baseline.targets,
              label,
              baseline.expectations.baseline,
              candidateRunOptions(ready, options, timeoutMs),
            ),
        }
      : {}),
    runFull: fullRunner(run, setup, runs, ready.verify),
    fullOnCi: ready.verify === 'ci',
    ...(ready.verify === 'ci' && options.verifySubset
      ? { runSubset: (label: string) => runs.run(subsetPlan(options.verifySubset!), label) }
      : {}),
    flakes: ready.flakes,
  });
  return { loop, spent };
}

/** From here on every test run executes a candidate's code: no variable that looks like a credential. */
function withholdFromCandidates(run: Run, runs: TestRuns): void {
  const withheld = runs.withholdCredentials();
  if (withheld.length === 0) return;
  run.logger.info(
    `the candidates' test runs do not get ${withheld.length === 1 ? '1 variable' : `${withheld.length} variables`} that look like credentials: ${withheld.slice(0, 20).join(', ')}${withheld.length > 20 ? ', …' : ''} (pass-env NAME keeps one)`,
  );
}

/**
 * From here on every test run executes a candidate's code: contained where the platform allows it,
 * watched where not (`workspace/run-containment.ts`). The baseline's runs were the user's own code,
 * run as the CI job ran it: they are not contained, and what they leave in the caches stays.
 */
function containCandidateRuns(run: Run, runs: TestRuns): void {
  if (run.env.SELF_HEAL_TEST_CONTAINMENT === 'off') {
    run.logger.warn("the candidates' test runs are not contained or watched (SELF_HEAL_TEST_CONTAINMENT=off)");
    return;
  }
  const how = runs.contain();
  if (how.mode === 'sandbox')
    run.logger.info(
      "the candidates' test runs write $HOME, the tool cache and the temporary directories in layers that are discarded",
    );
  else
    run.logger.info(
      `the candidates' test runs are not contained (${how.reason}): what changes in $HOME, the tool cache and the temporary directories while they run is listed`,
    );
}

/**
 * The accepted fix stays in the work tree, and the report says so as state (`fix`). It is committed
 * on HEAD when the caller asked for it and the tree was clean at the start; the reason says why not
 * when it could not be, never when the caller disabled the commit (the action's delivery commits).
 */
async function settleFix(
  run: Run,
  setup: Setup,
  loop: LoopOutcome,
  parts: Pick<ReportParts, 'failures' | 'attempts' | 'timings'>,
): Promise<Pick<ReportParts, 'result' | 'reason' | 'diff' | 'fix' | 'commit' | 'timings'>> {
  const { options, scrub } = setup;
  const accepted = loop.accepted!;
  const healed = { result: 'healed' as const, diff: scrub(accepted.diff) };
  const fix: HealFix = { attempt: accepted.attempt, files: accepted.files };
  if (!options.commit) return { ...healed, reason: loop.reason, fix: { ...fix, uncommitted: 'commit-disabled' } };
  if (setup.dirty.length > 0) {
    return {
      ...healed,
      reason: `${loop.reason}; the fix is left uncommitted because the work tree had uncommitted changes of its own`,
      fix: { ...fix, uncommitted: 'dirty-tree' },
    };
  }
  return run.logger.group('commit', async () => {
    const report = {
      testCommand: options.testCommand,
      failures: parts.failures ?? [],
      attempts: parts.attempts ?? [],
      fix,
    };
    const started = run.now();
    try {
      const commit = await commitFixOnHead(setup.repo.git, report, run.deps.author);
      const commitMs = Math.max(0, run.now() - started);
      run.logger.info(
        `committed ${commit.sha.slice(0, 12)} in ${formatDuration(commitMs)}: ${commit.message.split('\n')[0]}`,
      );
      return {
        ...healed,
        reason: loop.reason,
        fix,
        commit,
        ...(parts.timings ? { timings: { ...parts.timings, commitMs } } : {}),
      };
    } catch (error) {
      // The verified fix is in the work tree either way; a failed commit must not lose it.
      const message = error instanceof Error ? error.message : String(error);
      run.logger.warn(`the commit failed: ${message}`);
      return {
        ...healed,
        reason: `${loop.reason}; the commit failed, so the fix is left uncommitted in the work tree: ${message}`,
        fix: { ...fix, uncommitted: 'commit-failed', commitError: message },
      };
    }
  });
}

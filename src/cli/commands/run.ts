/**
 * `self-heal run`: flags → HealOptions → heal() → a compact summary. The adapter only: flag checks
 * with messages that name the flag, the API key from the environment, progress on stderr, the
 * summary on stdout, and SIGINT/SIGTERM handling (kill the running commands, restore the tree
 * synchronously from the journal, exit 130/143).
 *
 * Exit status: 0 healed or nothing to heal, 1 not healed, 2 bad usage or configuration (including
 * a dirty work tree without --allow-dirty).
 */
import path from 'node:path';
import {
  HealOptions,
  MAX_ATTEMPTS_HARD_CAP,
  PROVIDER_CHOICES,
  type HealOptionsInput,
} from '../../contracts/heal-options.js';
import { heal } from '../../heal.js';
import type { Logger } from '../../contracts/logger.js';
import type { HealReport, HealTimings } from '../../contracts/heal-report.js';
import { createProvider, githubModelsRetired } from '../../repair/create-provider.js';
import { describeProviderError } from '../../repair/provider.js';
import { terminalDiff, terminalSafe } from '../../frames/frames-text.js';
import { killRunningCommands } from '../../workspace/run-tests.js';
import { restoreActiveSnapshotsSync } from '../../workspace/tree-state.js';
import { formatDuration, plural } from '../../text/format.js';
import { feedbackHeadline } from '../../loop/outcome-text.js';
import { describeFlags, oneOf, parseFlags, type FlagSpecs } from '../args.js';
import type { CliIO } from '../io.js';
import type { HealCi } from '../../ci-verify/heal-ci.js';
import { checkoutWhere, releaseCiBranch, setUpCiVerify } from '../../ci-verify/setup.js';
import { UsageError } from '../usage-error.js';

const FLAGS = {
  'test-command': { type: 'string', expects: '<shell command>' },
  junit: { type: 'string', multiple: true, expects: '<glob>' },
  log: { type: 'string', expects: '<file>' },
  cwd: { type: 'string', expects: '<dir>' },
  'max-attempts': { type: 'string', expects: `<1-${MAX_ATTEMPTS_HARD_CAP}>` },
  provider: { type: 'string', expects: PROVIDER_CHOICES.join('|') },
  model: { type: 'string', expects: '<name>' },
  'base-url': { type: 'string', expects: '<url>' },
  'agent-command': { type: 'string', expects: '<shell command>' },
  'copilot-path': { type: 'string', expects: '<file>' },
  'rerun-command': { type: 'string', expects: '<template>' },
  protect: { type: 'string', multiple: true, expects: '<glob>' },
  allow: { type: 'string', multiple: true, expects: '<glob>' },
  timeout: { type: 'string', expects: '<seconds>' },
  'max-tokens': { type: 'string', expects: '<total>' },
  'max-seconds': { type: 'string', expects: '<seconds>' },
  report: { type: 'string', expects: '<path.json>' },
  'no-commit': { type: 'boolean' },
  'allow-dirty': { type: 'boolean' },
  'allow-special-cases': { type: 'boolean' },
  'pass-env': { type: 'string', multiple: true, expects: '<NAME>' },
  'allow-dependency-changes': { type: 'boolean' },
  verify: { type: 'string', expects: 'runner|ci|auto' },
  localise: { type: 'string', expects: 'record|static' },
  'verify-subset': { type: 'string', expects: '<shell command>' },
  'ci-workflow': { type: 'string', expects: '<ci.yml|id>' },
  'ci-poll-seconds': { type: 'string', expects: '<seconds>' },
  repository: { type: 'string', expects: '<owner/name>' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpecs;

const HELP = `usage: self-heal run --test-command "<shell command>" [options]

Reproduces the failing tests, asks a repair provider for a fix, verifies it with the real tests
(the failing ones must pass, every passing one must still pass) and commits it on HEAD.

${describeFlags(FLAGS, {
  'test-command': 'the command that runs your tests (required); it must write JUnit XML',
  junit: 'glob of the JUnit reports the test command writes, relative to --cwd; repeatable',
  log: 'a log of the failed run, for richer failure frames',
  cwd: 'the directory to run in, inside a git work tree (default: the current directory)',
  'max-attempts': `repair attempts (default 3, at most ${MAX_ATTEMPTS_HARD_CAP})`,
  provider: 'who proposes fixes (default auto: GitHub Copilot when available, else builtin, offline)',
  model: 'the model name for openai, anthropic or copilot',
  'base-url': 'an OpenAI-compatible endpoint (Azure, Ollama, vLLM, OpenRouter…)',
  'agent-command': 'for --provider command: your agent, run in the repository root',
  'copilot-path': 'for copilot and auto: the copilot executable (default: copilot on PATH)',
  'rerun-command': 'template for targeted reruns: {tests}, {files}, {pattern} (shell-quoted)',
  protect: 'glob of files never to edit (beats --allow); repeatable',
  allow: 'glob of default-protected files that may be edited; repeatable',
  timeout: 'seconds per test run (default 600)',
  'max-tokens': 'total tokens over all attempts (default 200000)',
  'max-seconds': 'wall-clock budget of the whole run (default 1800)',
  report: 'write the JSON report (HealReport) here',
  'no-commit': 'leave the fix in the work tree instead of committing it',
  'allow-dirty': 'run even with uncommitted changes (they are kept; the fix is not committed)',
  'allow-special-cases': 'unsafe: accept a fix that special-cases the failing tests (the check is off)',
  'pass-env': 'keep this variable for test runs and the agent although it is a key self-heal withholds; repeatable',
  'allow-dependency-changes': 'keep an agent’s changes to node_modules or a virtual env (never in the commit)',
  localise: 'record (default): one extra targeted run records the lines the failing tests run; static: no such run',
  verify: 'where the whole suite verifies a fix: runner, ci (your GitHub Actions CI) or auto (default)',
  'verify-subset': 'with verify ci: a command for part of the suite, run here before the CI round',
  'ci-workflow': 'with verify ci: the workflow dispatched on self-heal/<branch> for each candidate',
  'ci-poll-seconds': 'with verify ci: the first wait between polls of the CI run (default 10)',
  repository: 'with verify ci: the GitHub repository owner/name (default GITHUB_REPOSITORY)',
  help: 'show this help',
})}

The API key comes from SELF_HEAL_API_KEY, or the provider's usual variable (OPENAI_API_KEY,
ANTHROPIC_API_KEY). Copilot's token comes from COPILOT_GITHUB_TOKEN, GH_TOKEN or GITHUB_TOKEN (a
fine-grained token with the "Copilot Requests" permission), else a logged-in Copilot CLI. Test runs
and the agent do not get self-heal's keys (the provider variables, or a variable holding the key):
--pass-env NAME keeps one. The command provider's agent gets no credential at all; list the
variables it needs in SELF_HEAL_AGENT_ENV.

Exit status: 0 healed or nothing to heal, 1 not healed, 2 bad usage or configuration.
`;

const KEY_VARIABLES: Record<string, readonly string[]> = {
  openai: ['OPENAI_API_KEY'],
  anthropic: ['ANTHROPIC_API_KEY'],
};

function integer(flag: string, raw: string | undefined, min: number, max: number, what: string): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw.trim());
  if (!/^\s*\d+\s*$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`--${flag} expects ${what}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

function seconds(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw.trim());
  if (!/^\s*\d+(\.\d+)?\s*$/.test(raw) || !(value > 0))
    throw new UsageError(`--${flag} expects a positive number of seconds, got ${JSON.stringify(raw)}`);
  return value;
}

function nonEmpty(flag: string, raw: string | undefined, what: string): string | undefined {
  if (raw === undefined) return undefined;
  if (!raw.trim()) throw new UsageError(`--${flag} expects ${what}, got an empty value`);
  return raw;
}

/** argv → HealOptions (throws UsageError naming the flag). Exported for tests. */
export function parseRunArgs(argv: string[], io: Pick<CliIO, 'cwd' | 'env'>): HealOptions | 'help' {
  const { flags } = parseFlags(argv, FLAGS);
  if (flags.help) return 'help';
  const testCommand = nonEmpty('test-command', flags['test-command'], 'the shell command that runs your tests');
  if (!testCommand)
    throw new UsageError(
      '--test-command is required: the shell command that runs your tests (it must write JUnit XML)',
    );
  if (flags.provider === 'github-models') {
    throw new UsageError(describeProviderError(githubModelsRetired()));
  }
  const provider = oneOf('provider', flags.provider, PROVIDER_CHOICES, 'auto');
  const baseUrl = nonEmpty('base-url', flags['base-url'], 'a URL');
  if (baseUrl !== undefined && !URL.canParse(baseUrl))
    throw new UsageError(`--base-url expects a URL, got ${JSON.stringify(baseUrl)}`);
  for (const name of flags['pass-env'] ?? [])
    if (!/^[^=\0]+$/.test(name.trim()))
      throw new UsageError(`--pass-env expects a variable <NAME>, got ${JSON.stringify(name)}`);
  for (const name of ['junit', 'protect', 'allow'] as const) {
    for (const glob of flags[name] ?? [])
      if (!glob.trim()) throw new UsageError(`--${name} expects a non-empty <glob>`);
  }
  if (provider === 'command' && !flags['agent-command']?.trim()) {
    throw new UsageError(
      '--provider command needs --agent-command "<shell command>" (your agent, run in the repository root)',
    );
  }
  const env = io.env;
  const apiKey = [env.SELF_HEAL_API_KEY, ...(KEY_VARIABLES[provider] ?? []).map((v) => env[v])].find(
    (v) => v && v.trim(),
  );
  const input: HealOptionsInput = {
    cwd: flags.cwd !== undefined ? path.resolve(io.cwd, nonEmpty('cwd', flags.cwd, 'a <dir>')!) : io.cwd,
    testCommand,
    junit: flags.junit ?? [],
    log: nonEmpty('log', flags.log, 'a <file>'),
    maxAttempts: integer(
      'max-attempts',
      flags['max-attempts'],
      1,
      MAX_ATTEMPTS_HARD_CAP,
      `an integer from 1 to ${MAX_ATTEMPTS_HARD_CAP}`,
    ),
    provider,
    model: nonEmpty('model', flags.model, 'a model <name>'),
    baseUrl,
    agentCommand: nonEmpty('agent-command', flags['agent-command'], 'a shell command'),
    copilotPath:
      flags['copilot-path'] !== undefined
        ? path.resolve(io.cwd, nonEmpty('copilot-path', flags['copilot-path'], 'a <file>')!)
        : undefined,
    rerunCommand: nonEmpty('rerun-command', flags['rerun-command'], 'a command template'),
    protect: flags.protect ?? [],
    allow: flags.allow ?? [],
    timeoutSeconds: seconds('timeout', flags.timeout),
    maxTokens: integer('max-tokens', flags['max-tokens'], 1, Number.MAX_SAFE_INTEGER, 'a positive integer'),
    maxSeconds: seconds('max-seconds', flags['max-seconds']),
    reportPath: nonEmpty('report', flags.report, 'a <path.json>'),
    commit: !flags['no-commit'],
    allowDirty: flags['allow-dirty'] ?? false,
    allowSpecialCases: flags['allow-special-cases'] ?? false,
    passEnv: (flags['pass-env'] ?? []).map((n) => n.trim()),
    allowDependencyChanges: flags['allow-dependency-changes'] ?? false,
    // Checked by the schema below, which names the choices.
    verify: flags.verify as 'runner' | 'ci' | 'auto' | undefined,
    localise: oneOf('localise', flags.localise, ['record', 'static'] as const, 'record'),
    verifySubset: nonEmpty('verify-subset', flags['verify-subset'], 'a shell command'),
    apiKey,
  };
  const parsed = HealOptions.safeParse(Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`invalid ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

function stderrLogger(io: CliIO): Logger {
  return {
    info: (m) => io.stderr(`${terminalSafe(m, true)}\n`),
    warn: (m) => io.stderr(`warning: ${terminalSafe(m, true)}\n`),
    group: async (name, fn) => {
      io.stderr(`\n▸ ${terminalSafe(name)}\n`);
      return fn();
    },
  };
}

const EXIT: Record<HealReport['result'], number> = {
  healed: 0,
  'nothing-to-heal': 0,
  unhealed: 1,
  'not-reproduced': 1,
  'budget-exhausted': 1,
  'provider-error': 1,
  unverified: 1,
  unsafe: 2,
  'config-error': 2,
};

/** Why heal() left the accepted fix uncommitted, from the report's state. */
function whyUncommitted(fix: NonNullable<HealReport['fix']>): string {
  switch (fix.uncommitted) {
    case 'commit-disabled':
      return '--no-commit';
    case 'dirty-tree':
      return 'the work tree had uncommitted changes of its own';
    default:
      return `the commit failed${fix.commitError ? `: ${terminalSafe(fix.commitError.split('\n')[0]!)}` : ''}`;
  }
}

/** "time: 21.4 s — baseline run 3.9 s, confirmation 1.2 s, provider 8.3 s, test runs 4.6 s, self-heal 0.4 s". */
function timeLine(report: HealReport): string | undefined {
  const t = report.timings;
  if (!t) return undefined;
  const sum = (pick: (a: HealTimings['attempts'][number]) => number | undefined) =>
    t.attempts.reduce((n, a) => n + (pick(a) ?? 0), 0);
  const parts: string[] = [];
  if (t.baselineMs !== undefined) parts.push(`baseline run ${formatDuration(t.baselineMs)}`);
  if (t.confirmationMs !== undefined) parts.push(`confirmation ${formatDuration(t.confirmationMs)}`);
  if (t.attempts.length) {
    parts.push(`provider ${formatDuration(sum((a) => a.providerMs))}`);
    parts.push(`test runs ${formatDuration(sum((a) => (a.targetedRerunMs ?? 0) + (a.fullRunMs ?? 0)))}`);
    parts.push(`self-heal ${formatDuration(sum((a) => a.selfHealMs))}`);
  }
  if (t.commitMs !== undefined) parts.push(`commit ${formatDuration(t.commitMs)}`);
  return `time: ${formatDuration(report.durationMs)}${parts.length ? ` — ${parts.join(', ')}` : ''}`;
}

/** The compact human summary printed at the end. */
export function renderSummary(report: HealReport): string {
  const safe = (t: string) => terminalSafe(t);
  const lines = [`self-heal: ${report.result} — ${terminalSafe(report.reason, true)}`];
  if (report.failures.length) {
    lines.push(`failing tests (${report.failures.length}):`);
    for (const f of report.failures.slice(0, 10)) {
      const at = f.triggering ?? f.test;
      lines.push(`  ${safe(f.id)}${at ? `  (${safe(at.file)}:${at.line})` : ''}`);
    }
    if (report.failures.length > 10) lines.push(`  … and ${report.failures.length - 10} more`);
  }
  for (const a of report.attempts) {
    const files = a.files.length
      ? ` [${a.files.slice(0, 3).map(safe).join(', ')}${a.files.length > 3 ? ', …' : ''}]`
      : '';
    const headline = feedbackHeadline(a);
    const why = headline ? ` — ${safe(headline).slice(0, 300)}` : '';
    lines.push(`attempt ${a.n}: ${a.verdict}${files} ${(a.durationMs / 1000).toFixed(1)}s${why}`);
    if (a.withheldEnv?.length)
      lines.push(
        `  its test runs did not get ${a.withheldEnv.map(safe).join(', ')} (they look like credentials); if the tests that broke need one: --pass-env ${safe(a.withheldEnv[0]!)}`,
      );
  }
  const reproduction = report.reproduction ? reproductionLines(report.reproduction) : [];
  if (reproduction.length) lines.push(...reproduction.map((l) => safe(l)));
  else if (report.flaky.length)
    lines.push(
      `flaky (passed on rerun): ${report.flaky.slice(0, 5).map(safe).join(', ')}${report.flaky.length > 5 ? ', …' : ''}`,
    );
  if (report.provider.fallbackFrom)
    lines.push(
      `provider: ${safe(report.provider.name)} (${safe(report.provider.fallbackFrom)} was not available: ${terminalSafe(report.provider.reason ?? '', true)})`,
    );
  if (report.tokens.input + report.tokens.output > 0)
    lines.push(`tokens: ${report.tokens.input} in, ${report.tokens.output} out`);
  const time = timeLine(report);
  if (time) lines.push(time);
  if (report.commit)
    lines.push(`commit: ${report.commit.sha.slice(0, 12)} ${safe(report.commit.message.split('\n')[0]!)}`);
  if (report.fix?.uncommitted) lines.push(`fix: in the work tree, not committed (${whyUncommitted(report.fix)})`);
  if (report.reproduce) lines.push(`reproduce: ${safe(report.reproduce)}`);
  if (report.diff) lines.push('', terminalDiff(report.diff));
  return `${lines.join('\n')}\n`;
}

/** The failing tests that were not reproduced as themselves, and the environment causes (at most 5 each). */
function reproductionLines(r: NonNullable<HealReport['reproduction']>): string[] {
  const lines = r.environment
    .slice(0, 5)
    .map((c) => `environment: ${c.test}: ${c.detail}${c.at ? ` (at ${c.at})` : ''}`);
  for (const t of r.tests.filter((t) => t.verdict !== 'reproduced').slice(0, 5)) {
    if (t.verdict === 'flaky') lines.push(`flaky: ${t.id} failed ${t.failed} of ${t.runs} runs without a change`);
    else lines.push(`fails differently here: ${t.id}: ${t.here} here, ${t.ci} in ${t.first ?? 'CI'}`);
  }
  if (r.quarantine) lines.push(`to quarantine it: ${r.quarantine}`);
  return lines;
}

/** The flags only the CI rounds read (checked here; parseRunArgs checked the rest). */
function ciFlags(argv: string[]): { workflow?: string; pollSeconds: number; repository?: string } {
  const { flags } = parseFlags(argv, FLAGS);
  const workflow = nonEmpty('ci-workflow', flags['ci-workflow'], 'a workflow file name such as ci.yml, or an id');
  if (workflow !== undefined && !/^(\d+|[\w.-]+\.ya?ml)$/.test(workflow))
    throw new UsageError(
      `--ci-workflow expects a workflow file name such as ci.yml, or an id, got ${JSON.stringify(workflow)}`,
    );
  const repository = nonEmpty('repository', flags.repository, 'owner/name');
  if (repository !== undefined && !/^[\w.-]+\/[\w.-]+$/.test(repository))
    throw new UsageError(`--repository expects owner/name, got ${JSON.stringify(repository)}`);
  return {
    workflow,
    repository,
    pollSeconds: flags['ci-poll-seconds'] !== undefined ? seconds('ci-poll-seconds', flags['ci-poll-seconds'])! : 10,
  };
}

/** verify: ci from a terminal or another CI system: candidates pushed to self-heal/<branch> of origin. */
function setUpCi(
  options: HealOptions,
  flags: ReturnType<typeof ciFlags>,
  env: NodeJS.ProcessEnv,
  logger: Logger,
): Promise<HealCi> {
  const { workflow, pollSeconds, repository } = flags;
  return setUpCiVerify(
    { verify: options.verify, workflow, workflowSetting: '--ci-workflow', pollSeconds, dryRun: false, shards: [] },
    () => checkoutWhere(options.cwd, env, repository),
    { env, log: (m) => logger.info(m) },
  );
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  const options = parseRunArgs(argv, io);
  if (options === 'help') {
    io.stdout(HELP);
    return 0;
  }
  const logger = stderrLogger(io);

  // Ctrl-C / SIGTERM: kill what runs, put the tree back from the journal, synchronously, then exit.
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return; // a second Ctrl-C must not cut the restore short
    interrupted = true;
    killRunningCommands('SIGKILL');
    let note = 'the work tree was left as it was found';
    try {
      const restored = restoreActiveSnapshotsSync();
      if (restored.length) note = `restored ${plural(restored.length, 'path')} of the work tree`;
    } catch (error) {
      note = `restoring the work tree failed: ${error instanceof Error ? error.message : String(error)}; the journal under .git/self-heal/ is applied by the next run`;
    }
    io.stderr(`\nself-heal run: interrupted by ${signal}; ${note}\n`);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const ci = await setUpCi(options, ciFlags(argv), io.env, logger);
    const report = await heal(options, { logger, createProvider: (o) => createProvider(o, io.env), env: io.env, ci });
    const released = await releaseCiBranch(ci, report.result);
    if (released) logger.info(released);
    io.stdout(`\n${renderSummary(report)}`);
    return EXIT[report.result];
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

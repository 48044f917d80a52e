/**
 * Shared setup of the heal() tests: fixture projects copied into real temporary git repositories,
 * the real test commands of node:test and pytest, the `command` provider running a small real
 * agent script, and a logger that keeps its lines.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { heal, type HealDeps } from '../../src/heal.js';
import type { HealOptionsInput } from '../../src/contracts/heal-options.js';
import type { Logger } from '../../src/contracts/logger.js';
import type { HealReport } from '../../src/contracts/heal-report.js';
import type { RepairProvider } from '../../src/repair/provider.js';
import { createCommandProvider, type CommandProviderOptions } from '../../src/repair/providers/command.js';
import { shellQuote } from '../../src/workspace/shell-quote.js';
import { createTempRepo, snapshotFiles, type TempRepo } from '../helpers/git-repo.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURES = path.join(here, '..', 'fixtures', 'heal');
export const AGENT = path.join(FIXTURES, 'agents', 'edit-agent.mjs');

const node = shellQuote(process.execPath);

/** node:test writing JUnit for self-heal and the spec reporter for the log. */
export const NODE_TEST_COMMAND = `mkdir -p reports && ${node} --test --test-reporter=junit --test-reporter-destination=reports/junit.xml --test-reporter=spec --test-reporter-destination=stdout`;
/** Plugin autoloading off: the machine's plugins (benchmark, …) only slow the fixture down. */
export const PYTEST_COMMAND =
  'PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 python3 -m pytest -p no:cacheprovider --junitxml=reports/junit.xml';

export function hasPytest(): boolean {
  try {
    execFileSync('python3', ['-m', 'pytest', '--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface CapturingLogger extends Logger {
  lines: string[];
}

export function capturingLogger(): CapturingLogger {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`info: ${m}`),
    warn: (m) => lines.push(`warn: ${m}`),
    group: async (name, fn) => {
      lines.push(`group: ${name}`);
      return fn();
    },
  };
}

export type AgentAction = [string, ...unknown[]];

export interface HealFixture {
  repo: TempRepo;
  logger: CapturingLogger;
  agentLog: string;
  /** Run heal() with the command provider executing `plan` (one list of actions per attempt). */
  run(
    plan: AgentAction[][],
    options?: Partial<HealOptionsInput>,
    deps?: Partial<HealDeps>,
    provider?: Partial<CommandProviderOptions>,
  ): Promise<HealReport>;
  /** What the agent was given, per attempt. */
  contexts(): Array<{
    attempt: number;
    history: Array<{ n: number; verdict: string; feedback: string; diff: string }>;
    prompt: { user: string };
  }>;
  /** Work-tree files, without the test runs' outputs (reports, caches). */
  files(): Record<string, string>;
}

/** A project of `test/fixtures/heal/`: `node-*` ones run with node:test, the others with pytest. */
export type HealFixtureName = 'node-calc' | 'py-calc' | 'node-latency' | 'py-latency' | 'py-orders';

/** The labels of the runs a heal logged under `.git/self-heal/runs/` (its `.log` files), sorted. */
export function runLabels(f: HealFixture): string[] {
  const dir = path.join(f.repo.root, '.git', 'self-heal', 'runs');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n.endsWith('.log'))
        .map((n) => n.replace(/^\d+-|\.log$/g, ''))
        .sort()
    : [];
}

export function healFixture(name: HealFixtureName, extraFiles: Record<string, string> = {}): HealFixture {
  const repo = createTempRepo({ fixture: path.join(FIXTURES, name), files: extraFiles });
  return fixtureIn(repo, name.startsWith('node-') ? NODE_TEST_COMMAND : PYTEST_COMMAND);
}

/** A project of its own files only (no fixture), tested with node:test or pytest, healed like `healFixture`. */
export function healProject(files: Record<string, string>, runner: 'node-test' | 'pytest'): HealFixture {
  const repo = createTempRepo({ files: { '.gitignore': 'reports/\n__pycache__/\n', ...files } });
  return fixtureIn(repo, runner === 'node-test' ? NODE_TEST_COMMAND : PYTEST_COMMAND);
}

function fixtureIn(repo: TempRepo, testCommand: string): HealFixture {
  const logger = capturingLogger();
  const agentLog = path.join(path.dirname(repo.root), 'agent-log.jsonl');
  return {
    repo,
    logger,
    agentLog,
    run(plan, options = {}, deps = {}, provider = {}) {
      const env = { ...repo.env, AGENT_PLAN: JSON.stringify(plan), AGENT_LOG: agentLog, ...deps.env };
      const createProvider = (o: {
        agentCommand?: string;
        timeoutSeconds: number;
        passEnv: string[];
        allowDependencyChanges: boolean;
        apiKey?: string;
        secrets: string[];
      }): RepairProvider =>
        createCommandProvider({
          agentCommand: o.agentCommand!,
          timeoutMs: o.timeoutSeconds * 1000,
          env,
          passEnv: o.passEnv,
          allowDependencyChanges: o.allowDependencyChanges,
          secrets: [...(o.apiKey ? [o.apiKey] : []), ...o.secrets],
          ...provider,
        });
      return heal(
        {
          cwd: repo.root,
          testCommand,
          junit: ['reports/*.xml'],
          provider: 'command',
          agentCommand: `${node} ${shellQuote(AGENT)}`,
          maxAttempts: 3,
          timeoutSeconds: 60,
          ...options,
        },
        { logger, createProvider, env, baseline: 'run', ...deps },
      );
    },
    contexts() {
      if (!existsSync(agentLog)) return [];
      return readFileSync(agentLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    },
    files() {
      return Object.fromEntries(
        Object.entries(snapshotFiles(repo.root)).filter(
          ([p]) => !/^(reports\/|__pycache__\/|tests\/__pycache__\/|\.pytest_cache\/)/.test(p),
        ),
      );
    },
  };
}

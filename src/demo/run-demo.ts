/**
 * `self-heal demo`, the core: the bundled example in a temporary git repository, healed by the
 * whole loop (`heal()`) with the built-in engine — baseline, frames, attempts verified by the real
 * tests, the fix committed in the temporary repository. Nothing of the user's is touched, nothing is
 * downloaded, no key is needed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { heal } from '../heal.js';
import type { HealOptionsInput } from '../contracts/heal-options.js';
import type { Logger } from '../contracts/logger.js';
import type { HealReport } from '../contracts/heal-report.js';
import { createBuiltinProvider } from '../repair/builtin/builtin-provider.js';
import { shellQuote } from '../workspace/shell-quote.js';
import { isolatedGitEnv, prepareExampleRepo } from './prepare-example.js';

export interface DemoOptions {
  /** Leave the temporary repository in place (its path is in the result). */
  keep: boolean;
  env: NodeJS.ProcessEnv;
  logger: Logger;
  /** Where the temporary repository goes (default: the OS temp dir). */
  tmpRoot?: string;
  /** The Node.js that runs the example's tests (default: the one running self-heal). */
  node?: string;
}

export interface DemoRun {
  report: HealReport;
  dir: string;
  kept: boolean;
}

/** node:test with its usual spec output on stdout and a JUnit report for the frames. */
export function exampleTestCommand(node: string): string {
  return `${shellQuote(node)} --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=junit --test-reporter-destination=junit.xml`;
}

/**
 * The environment the example's tests run in: `node` on PATH is the Node.js that runs them, so the
 * command reads as a user would type it (`node --test …`), also in "Reproduce locally".
 */
function withNodeOnPath(env: NodeJS.ProcessEnv, node: string): NodeJS.ProcessEnv {
  const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
  return { ...env, [key]: [path.dirname(node), env[key]].filter(Boolean).join(path.delimiter) };
}

export async function runDemo(options: DemoOptions): Promise<DemoRun> {
  const dir = mkdtempSync(path.join(options.tmpRoot ?? tmpdir(), 'self-heal-demo-'));
  try {
    const env = withNodeOnPath(isolatedGitEnv(options.env), options.node ?? process.execPath);
    await options.logger.group('example project', async () => {
      await prepareExampleRepo(dir, env);
      options.logger.info(`a shop's pricing module with node:test tests, committed in ${dir}`);
    });
    const healOptions: HealOptionsInput = {
      cwd: dir,
      testCommand: exampleTestCommand('node'),
      junit: ['junit.xml'],
      provider: 'builtin',
      maxAttempts: 3,
      timeoutSeconds: 120,
      maxSeconds: 900,
      commit: true,
    };
    const report = await heal(healOptions, {
      logger: options.logger,
      createProvider: (o) => createBuiltinProvider(o),
      env,
    });
    return { report, dir, kept: options.keep };
  } finally {
    // Also after a crash: the directory stays only when asked for.
    if (!options.keep) rmSync(dir, { recursive: true, force: true });
  }
}

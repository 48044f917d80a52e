#!/usr/bin/env node
/**
 * The CLI entry: dispatch to a command, and the one top-level error boundary.
 * Exit codes: 0 healed / nothing to do, 1 not healed, 2 bad usage or configuration.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UsageError } from './usage-error.js';
import type { CliIO, CommandMain } from './io.js';
import { detectRunnerReads, inertOutput } from './inert-output.js';
import { makeStderrInert } from '../text/inert-stderr.js';

const COMMANDS: Record<string, { summary: string; load: () => Promise<CommandMain> }> = {
  parse: {
    summary: 'read JUnit reports and logs into failure frames',
    load: async () => (await import('./commands/parse.js')).main,
  },
  run: {
    summary: 'reproduce, repair and verify failing tests',
    load: async () => (await import('./commands/run.js')).main,
  },
  demo: {
    summary: 'heal a bundled example project with the built-in engine',
    load: async () => (await import('./commands/demo.js')).main,
  },
};

function usage(): string {
  const lines = ['usage: self-heal <command> [options]', '', 'commands:'];
  for (const [name, c] of Object.entries(COMMANDS)) lines.push(`  ${name.padEnd(8)}${c.summary}`);
  lines.push('', "Run 'self-heal <command> --help' for a command's options.");
  return lines.join('\n') + '\n';
}

export async function runCli(argv: string[], rawIO: CliIO): Promise<number> {
  // Every byte printed below goes through here: inert for the Actions runner (inert-output.ts).
  const io = inertOutput(rawIO);
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(usage());
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${process.env.npm_package_version ?? '0.1.0'}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`self-heal: unknown command '${name}'\n\n${usage()}`);
    return 2;
  }
  // What dependencies print to the process's stderr themselves (the Copilot SDK echoes its runtime).
  const restoreStderr = io.runnerReads?.stderr ? makeStderrInert() : () => {};
  try {
    return await (
      await command.load()
    )(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`self-heal ${name}: ${error.message}\n`);
      return 2;
    }
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr(`self-heal ${name}: unexpected error: ${message}\n`);
    return 1;
  } finally {
    restoreStderr();
  }
}

/**
 * Run only when this file is the program (`node dist/cli/index.js`, the npm bin link, `tsx`), not
 * when a test imports `runCli`. Real paths, since npm's bin entry is a symlink to the bundle.
 */
function invokedDirectly(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  const io: CliIO = {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    cwd: process.cwd(),
    env: process.env,
    runnerReads: detectRunnerReads(process.env),
  };
  process.exitCode = await runCli(process.argv.slice(2), io);
}

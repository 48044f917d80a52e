/**
 * `self-heal demo`: heal a bundled example project with the built-in engine, in a temporary git
 * repository — the first command to run on a fresh machine. The adapter only: flags, progress on
 * stderr, the narrated result (or the JSON report with --json) on stdout. Exit 0 when healed.
 */
import type { HealReport } from '../../contracts/heal-report.js';
import type { Logger } from '../../contracts/logger.js';
import { terminalSafe } from '../../frames/frames-text.js';
import { renderDemo } from '../../demo/narrate.js';
import { GitUnavailableError } from '../../demo/prepare-example.js';
import { runDemo, type DemoRun } from '../../demo/run-demo.js';
import { describeFlags, parseFlags, type FlagSpecs } from '../args.js';
import type { CliIO } from '../io.js';
import { printJson } from '../inert-output.js';

const FLAGS = {
  keep: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpecs;

const HELP = `usage: self-heal demo [--keep] [--json]

Copies a small example project with a real bug (a shop's pricing module and its node:test tests)
into a temporary git repository and heals it with the built-in engine: no model, no key, no
network. Prints the failing tests, each attempt and its verdict, the fix and the job summary.

${describeFlags(FLAGS, {
  keep: 'keep the temporary repository and print its path',
  json: 'print the JSON heal report instead of the narrated result',
  help: 'show this help',
})}`;

function stderrLogger(io: CliIO): Logger {
  return {
    info: (m) => io.stderr(`  ${terminalSafe(m, true)}\n`),
    warn: (m) => io.stderr(`  warning: ${terminalSafe(m, true)}\n`),
    group: async (name, fn) => {
      io.stderr(`▸ ${terminalSafe(name)}\n`);
      return fn();
    },
  };
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFlags(argv, FLAGS);
  if (flags.help) {
    io.stdout(`${HELP.trimEnd()}\n`);
    return 0;
  }
  let run: DemoRun;
  try {
    run = await runDemo({ keep: flags.keep ?? false, env: io.env, logger: stderrLogger(io) });
  } catch (error) {
    if (!(error instanceof GitUnavailableError)) throw error;
    io.stderr(`self-heal demo: ${error.message}\n`);
    return 2;
  }
  const { report, dir, kept } = run;
  if (flags.json) printJson(io, report satisfies HealReport);
  else io.stdout(renderDemo(report, { dir, kept }));
  if (flags.json && kept) io.stderr(`the example repository is kept at ${dir}\n`);
  return report.result === 'healed' ? 0 : 1;
}

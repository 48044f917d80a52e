/**
 * `self-heal parse`: read JUnit reports (and a log) into failure frames and print them.
 * Exit 0 when the inputs could be read (whatever the tests did), 1 when nothing could be read,
 * 2 for bad usage.
 */
import path from 'node:path';
import { describeFlags, oneOf, parseFlags, type FlagSpecs } from '../args.js';
import type { CliIO } from '../io.js';
import { printJson } from '../inert-output.js';
import { UsageError } from '../usage-error.js';
import { collectEvidence } from '../../frames/collect-evidence.js';
import { DEFAULT_MAX_FAILURES } from '../../frames/build-frames.js';
import { FramesReport } from '../../contracts/failure-frame.js';
import { describeReadError, renderFramesMarkdown } from '../../frames/frames-markdown.js';
import { renderFramesText, terminalSafe } from '../../frames/frames-text.js';

/** Upper bound of --max-failures: every frame is kept in memory and printed. */
const MAX_FAILURES_LIMIT = 100_000;

const FLAGS = {
  junit: { type: 'string', multiple: true, expects: '<glob>' },
  log: { type: 'string', expects: '<file>' },
  root: { type: 'string', expects: '<dir>' },
  format: { type: 'string', expects: 'json|markdown|text' },
  'max-failures': { type: 'string', expects: `<1-${MAX_FAILURES_LIMIT}>` },
  help: { type: 'boolean', short: 'h' },
} satisfies FlagSpecs;

const FORMATS = ['json', 'markdown', 'text'] as const;

const HELP = `usage: self-heal parse [--junit <glob>]... [<glob>...] [--log <file>] [--root <dir>] [--format json|markdown|text] [--max-failures <n>]

Reads JUnit XML reports (and a test log) and prints one failure frame per failing test: where it
failed in your code, the exception, the expression and the lines around it.

${describeFlags(FLAGS, {
  junit: 'glob of JUnit XML reports, relative to --root; repeatable (globs may also be given as arguments)',
  log: 'the console log of the test run (pytest, jest, vitest, go test, cargo test, maven…), relative to --root',
  root: 'the repository root (default: the current directory)',
  format: 'output: json (the FramesReport schema, default), markdown or text',
  'max-failures': `frames built at most (default ${DEFAULT_MAX_FAILURES}); further failing tests are counted as not framed`,
  help: 'show this help',
})}

Exit status: 0 when the reports were read (even with failing tests), 1 when nothing could be read,
2 for bad usage.
`;

export async function main(argv: string[], io: CliIO): Promise<number> {
  const { flags, positionals } = parseFlags(argv, FLAGS, { positionals: true });
  if (flags.help) {
    io.stdout(HELP);
    return 0;
  }
  const format = oneOf('format', flags.format, FORMATS, 'json');
  const junit = [...(flags.junit ?? []), ...positionals];
  for (const glob of junit) if (!glob.trim()) throw new UsageError('--junit expects a non-empty <glob>');
  if (flags.log !== undefined && !flags.log.trim()) throw new UsageError('--log expects a <file>');
  if (flags.root !== undefined && !flags.root.trim()) throw new UsageError('--root expects a <dir>');
  if (junit.length === 0 && flags.log === undefined) {
    throw new UsageError('nothing to read: give --junit <glob> (or globs as arguments) and/or --log <file>');
  }
  const root = path.resolve(io.cwd, flags.root ?? '.');
  const maxFailures = positiveInteger('max-failures', flags['max-failures'], MAX_FAILURES_LIMIT);

  // Only failures are shown: passing cases are counted, not kept, so a report of any size is read
  // in bounded memory (the summary and frames are the same as with every case kept).
  const collected = await collectEvidence({
    root,
    junit,
    log: flags.log,
    keepCases: 'non-passing',
    ...(maxFailures !== undefined ? { frames: { maxFailures } } : {}),
  });
  const report = FramesReport.parse({
    summary: collected.summary,
    failures: collected.frames,
    ...(collected.notFramed > 0 ? { notFramed: collected.notFramed } : {}),
    ...(collected.diagnostics.length > 0 ? { diagnostics: collected.diagnostics } : {}),
    errors: collected.errors.map((e) => ({
      file: e.file,
      ...(e.line ? { line: e.line } : {}),
      ...(e.column ? { column: e.column } : {}),
      message: e.message,
    })),
  });

  if (format === 'json') printJson(io, report);
  else if (format === 'markdown') io.stdout(renderFramesMarkdown(report));
  else io.stdout(renderFramesText(report));

  // Errors go to stderr as well, so a JSON consumer on stdout still sees them in a terminal.
  if (format === 'json') {
    for (const e of report.errors) {
      const { where, what } = describeReadError(e);
      io.stderr(`self-heal parse: ${terminalSafe(where)}: ${terminalSafe(what)}\n`);
    }
  }
  return collected.readAnything ? 0 : 1;
}

/** An integer flag from 1 to `max`, or a `UsageError` that echoes the value. */
function positiveInteger(flag: string, raw: string | undefined, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw.trim());
  if (!/^\s*\d+\s*$/.test(raw) || !Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new UsageError(`--${flag} expects an integer from 1 to ${max}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

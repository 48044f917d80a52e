/**
 * Everything the CLI prints is inert when the Actions runner reads it: test names, messages, logs
 * and model text cannot issue workflow commands (`::add-mask::`, `::error file=…`, `##[set-output …]`).
 * Commands print through the `CliIO` that `runCli` wraps here, so this is the one place.
 *
 * - stdout, the command's product, keeps its exact text: a write that may hold a command is wrapped
 *   in `::stop-commands::<token>` … `::<token>::`, as the action does. JSON (`printJson`) is
 *   escaped inside its strings instead, so it stays a valid document with the same strings.
 * - stderr, progress and diagnostics, is made inert line by line (`inertLines`): the runner shares
 *   one stop-commands state between both streams and may interleave their lines, so a resume on
 *   stderr could end a block on stdout early.
 * Each write ends a line there, so two writes cannot join into a line neither was checked as. A
 * stream redirected to a file is not read by the runner and is left alone (a summary file must not
 * collect stop-commands lines).
 */
import { fstatSync } from 'node:fs';
import { escapeCommandsInJson, inertLines, mayContainCommand, neutraliseCommands } from '../text/workflow-commands.js';
import type { CliIO, RunnerReads } from './io.js';

/** Which of this process's streams the runner reads: in Actions, those not redirected to a file. */
export function detectRunnerReads(env: NodeJS.ProcessEnv): RunnerReads {
  const inActions = env.GITHUB_ACTIONS === 'true';
  const isFile = (fd: number) => {
    try {
      return fstatSync(fd).isFile();
    } catch {
      return false;
    }
  };
  return { stdout: inActions && !isFile(1), stderr: inActions && !isFile(2) };
}

/** Whole lines: a write that ended mid-line would join the next into a line neither was checked as. */
function wholeLines(text: string): string {
  return /[\r\n]$/.test(text) ? text : `${text}\n`;
}

/** One write as a stop-commands block on lines of its own, or unchanged when it holds no command. */
function neutraliseWrite(text: string): string {
  const lines = wholeLines(text);
  return mayContainCommand(lines) ? `${neutraliseCommands(lines)}\n` : lines;
}

/** `io` with its output made inert where the runner reads it. */
export function inertOutput(io: CliIO): CliIO {
  const reads = io.runnerReads ?? {
    stdout: io.env.GITHUB_ACTIONS === 'true',
    stderr: io.env.GITHUB_ACTIONS === 'true',
  };
  return {
    ...io,
    runnerReads: reads,
    stdout: reads.stdout ? (text) => void (text && io.stdout(neutraliseWrite(text))) : io.stdout,
    stderr: reads.stderr ? (text) => void (text && io.stderr(inertLines(wholeLines(text)))) : io.stderr,
  };
}

/** A JSON document on stdout, pretty-printed; escaped (and equal after parsing) where the runner reads it. */
export function printJson(io: CliIO, value: unknown): void {
  const json = JSON.stringify(value, null, 2);
  io.stdout(`${io.runnerReads?.stdout ? escapeCommandsInJson(json) : json}\n`);
}

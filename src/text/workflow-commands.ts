/**
 * Workflow commands: formatting the ones we issue, and neutralising the ones hidden in text we echo.
 *
 * The runner reads commands from every line a step prints (actions/runner `ActionCommand.cs`):
 * `::name k=v,k=v::data` when the line starts with `::` after leading whitespace, and the legacy
 * `##[name k=v;]data` ANYWHERE in a line. Command names are case-insensitive. So escaping `::` at
 * line starts is not enough (`text ##[set-output name=x;]y` would still run); we use the runner's own
 * switch instead: `::stop-commands::<token>` makes it ignore every command until a line
 * `::<token>::`. The token is 128 random bits, so text we echo cannot guess it to resume early, and
 * a `::stop-commands::` inside the text is itself ignored while commands are stopped.
 */
import { randomBytes } from 'node:crypto';

/** Escape a command's data (the part after the second `::`), as the runner unescapes it. */
export function escapeCommandData(value: string): string {
  return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escape a property value: additionally `:` and `,`, which separate properties. */
export function escapeCommandProperty(value: string): string {
  return escapeCommandData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export type CommandProperties = Record<string, string | number | undefined>;

/** `::name k=v,...::data`, properties with empty values left out (as @actions/core does). */
export function formatCommand(name: string, properties: CommandProperties, data: string): string {
  const props = Object.entries(properties)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${escapeCommandProperty(String(v))}`);
  return `::${name}${props.length ? ` ${props.join(',')}` : ''}::${escapeCommandData(data)}`;
}

/**
 * Could the runner read a command anywhere in this text? Deliberately coarse: any `::` or `##[`.
 * (The runner trims .NET whitespace, a wider set than JavaScript's `\s`, and splits lines on a lone
 * `\r` too; matching the exact rule would be fragile, wrapping a harmless line costs nothing.)
 */
export function mayContainCommand(text: string): boolean {
  return text.includes('::') || text.includes('##[');
}

/** A fresh resume token: hex, so it can never contain `::` or `]`. */
export function newStopToken(): string {
  return `self-heal-${randomBytes(16).toString('hex')}`;
}

/**
 * Return `text` such that printing it issues no workflow command: unchanged when it cannot contain
 * one, else wrapped in `::stop-commands::<token>` … `::<token>::` on lines of their own.
 * The result always ends without a trailing newline, like the input's last line.
 */
export function neutraliseCommands(text: string, token: string = newStopToken()): string {
  if (!mayContainCommand(text)) return text;
  // Paranoia: a caller-supplied token that occurs in the text would let the text resume early.
  while (text.includes(token)) token = newStopToken();
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  return `::stop-commands::${token}\n${body}\n::${token}::`;
}

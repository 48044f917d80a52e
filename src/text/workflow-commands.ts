/**
 * Workflow commands: formatting the ones we issue, and neutralising the ones hidden in text we echo.
 *
 * The runner reads commands from every line a step prints, on stdout and stderr alike
 * (actions/runner `ActionCommand.cs`, `Handlers/OutputManager.cs`, `ProcessInvoker.cs`):
 * - lines are split as .NET `StreamReader.ReadLine` splits them: `\n`, `\r\n` and a lone `\r`;
 * - `::name k=v,k=v::data` when the line starts with `::` after .NET `TrimStart()` whitespace;
 * - the legacy `##[name k=v;]data` ANYWHERE in a line (only its first `##[` is tried);
 * - command names are case-insensitive; while `::stop-commands::<token>` is in force, only a line
 *   `::<token>::` is read, and that state is shared by stdout and stderr.
 * The runner matches `::` and `##[` culture-sensitively, which (with ICU) skips ignorable characters
 * such as U+00AD or U+200B; but it then cuts the name at fixed offsets, so a command it accepts
 * always has the plain `::` at the trimmed line start or the plain `##[` before its name. A
 * zero-width character is therefore no escape, and plain `::` / `##[` is the thing to look for.
 *
 * Three ways out, for three kinds of output:
 * - `neutraliseCommands`: the runner's own switch, `::stop-commands::<token>` … `::<token>::`, which
 *   keeps the text exact. The token is 128 random bits, so text cannot guess it to resume early.
 *   Two streams must not both use it: the runner may interleave their lines, and one stream's
 *   resume would end the other's block.
 * - `inertLines`: each line made inert on its own (no state), for a second stream.
 * - `escapeCommandsInJson`: JSON escapes inside strings, so the document stays valid and parses
 *   back to the exact same strings.
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

/** What .NET `TrimStart()` removes, widened by what ICU may ignore (the superset is the safe side). */
const LINE_START_COMMAND = /^([\s\p{Cc}\p{Default_Ignorable_Code_Point}]*):(?=:)/u;

/**
 * `text` with every line inert on its own, whatever the runner's state: a `::` at a line start
 * becomes `%3A:` and every `##[` becomes `##%5B` (the runner's own escapes, left undecoded). For
 * human-read output on a stream that cannot use `neutraliseCommands` (see the file comment).
 */
export function inertLines(text: string): string {
  if (!mayContainCommand(text)) return text;
  return text
    .split(/(\r\n|\r|\n)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/##\[/g, '##%5B').replace(LINE_START_COMMAND, '$1%3A')))
    .join('');
}

/**
 * Serialised JSON in which no line can issue a command, still valid and equal after `JSON.parse`:
 * every `::` becomes `:\u003a` and every `##[` becomes `##\u005b`. Both can only occur inside
 * strings (JSON's own syntax never puts two colons together or a `#` outside a string), and neither
 * `:` nor `[` can follow an escaping backslash, so the replacement is always a valid escape.
 * An escape, unlike a zero-width character, gives a consumer the exact original text.
 */
export function escapeCommandsInJson(json: string): string {
  return json.replace(/::/g, ':\\u003a').replace(/##\[/g, '##\\u005b');
}

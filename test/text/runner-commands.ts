/**
 * A model of how the Actions runner picks workflow commands out of a step's output, written from
 * actions/runner `ActionCommand.cs` (TryParseV2 / TryParse), `ActionCommandManager.cs`
 * (stop-commands, registered names compared OrdinalIgnoreCase), `Handlers/OutputManager.cs` (every
 * stdout and stderr line goes through the same command manager) and `Sdk/ProcessInvoker.cs`
 * (`StreamReader.ReadLine`). Tests feed it what we print and assert which commands would run.
 *
 * Where the runner's rule is fuzzy the model errs towards finding a command: the runner trims .NET
 * whitespace (U+0085 too, which JavaScript's `trimStart` keeps) and matches `::` culture-sensitively,
 * so the model also skips controls and default-ignorable characters before a leading `::`.
 */
const REGISTERED = [
  'set-env',
  'set-output',
  'save-state',
  'add-mask',
  'add-path',
  'add-matcher',
  'remove-matcher',
  'warning',
  'error',
  'notice',
  'debug',
  'group',
  'endgroup',
  'echo',
  'stop-commands',
];

export interface ParsedCommand {
  command: string;
  properties: Record<string, string>;
  data: string;
}

function unescape(value: string, pairs: [string, string][]): string {
  let out = value;
  for (const [token, replacement] of pairs) out = out.split(replacement).join(token);
  return out;
}
const DATA: [string, string][] = [
  ['\r', '%0D'],
  ['\n', '%0A'],
  ['%', '%25'],
];
const PROPERTY: [string, string][] = [
  ['\r', '%0D'],
  ['\n', '%0A'],
  [':', '%3A'],
  [',', '%2C'],
  ['%', '%25'],
];
const LEGACY: [string, string][] = [
  [';', '%3B'],
  ['\r', '%0D'],
  ['\n', '%0A'],
  [']', '%5D'],
  ['%', '%25'],
];

function parseV2(line: string, registered: Set<string>): ParsedCommand | undefined {
  const message = line.replace(/^[\s\p{Cc}\p{Default_Ignorable_Code_Point}]+/u, '');
  if (!message.startsWith('::')) return undefined;
  const end = message.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = message.slice(2, end);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.slice(0, space);
  if (!registered.has(command.toLowerCase())) return undefined;
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const p of info
      .slice(space + 1)
      .trim()
      .split(',')
      .filter(Boolean)) {
      const eq = p.indexOf('=');
      if (eq > 0 && eq < p.length - 1) properties[p.slice(0, eq)] = unescape(p.slice(eq + 1), PROPERTY);
    }
  }
  return { command: command.toLowerCase(), properties, data: unescape(message.slice(end + 2), DATA) };
}

function parseLegacy(line: string, registered: Set<string>): ParsedCommand | undefined {
  const start = line.indexOf('##[');
  if (start < 0) return undefined;
  const rb = line.indexOf(']', start);
  if (rb < 0) return undefined;
  const info = line.slice(start + 3, rb);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.slice(0, space);
  if (!registered.has(command.toLowerCase())) return undefined;
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const p of info
      .slice(space + 1)
      .split(';')
      .filter(Boolean)) {
      const eq = p.indexOf('=');
      if (eq > 0 && eq < p.length - 1) properties[p.slice(0, eq)] = unescape(p.slice(eq + 1), LEGACY);
    }
  }
  return { command: command.toLowerCase(), properties, data: unescape(line.slice(rb + 1), LEGACY) };
}

/** The command the runner would read from one line when commands are not stopped (stop-commands included). */
export function lineCommand(line: string): ParsedCommand | undefined {
  const registered = new Set(REGISTERED);
  return parseV2(line, registered) ?? parseLegacy(line, registered);
}

/** Lines as the runner reads them. */
export function runnerLines(output: string): string[] {
  return output.split(/\r\n|\r|\n/);
}

/** The commands the runner would execute, in order (stop/resume themselves left out). */
export function runnerCommands(output: string): ParsedCommand[] {
  const registered = new Set(REGISTERED);
  let stopToken: string | undefined;
  const run: ParsedCommand[] = [];
  // .NET StreamReader.ReadLine splits on \r\n, \n and a lone \r.
  for (const line of runnerLines(output)) {
    const cmd = parseV2(line, registered) ?? parseLegacy(line, registered);
    if (!cmd) continue;
    if (stopToken !== undefined) {
      if (cmd.command === stopToken.toLowerCase()) {
        registered.delete(stopToken.toLowerCase());
        stopToken = undefined;
      }
      continue;
    }
    if (cmd.command === 'stop-commands') {
      stopToken = cmd.data;
      registered.add(stopToken.toLowerCase());
      continue;
    }
    run.push(cmd);
  }
  return run;
}

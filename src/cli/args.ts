/**
 * Command-line flags for every command: `node:util` `parseArgs` (strict), with its errors turned
 * into a `UsageError` that names the flag and says what it expects (exit 2).
 */
import { parseArgs } from 'node:util';
import { UsageError } from './usage-error.js';

export interface FlagSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** What the flag expects, for error messages and help (`<glob>`, `json|markdown|text`). */
  expects?: string;
}

export type FlagSpecs = Record<string, FlagSpec>;

type FlagValue<S extends FlagSpec> = S['type'] extends 'boolean'
  ? S['multiple'] extends true
    ? boolean[]
    : boolean
  : S['multiple'] extends true
    ? string[]
    : string;

export type ParsedFlags<S extends FlagSpecs> = { [K in keyof S]?: FlagValue<S[K]> };

export interface ParsedArgs<S extends FlagSpecs> {
  flags: ParsedFlags<S>;
  positionals: string[];
}

function flagName(specs: FlagSpecs, text: string): string {
  const m = /'(-{1,2}[^' ]+)/.exec(text);
  const raw = m?.[1] ?? '';
  const short = /^-([^-])/.exec(raw)?.[1];
  const long = short
    ? Object.entries(specs).find(([, s]) => s.short === short)?.[0]
    : raw.replace(/^--/, '').split('=')[0];
  return long ?? raw;
}

/** Parse `argv` against `specs`; bad usage becomes a `UsageError` naming the flag. */
export function parseFlags<S extends FlagSpecs>(
  argv: string[],
  specs: S,
  options: { positionals?: boolean } = {},
): ParsedArgs<S> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: Object.fromEntries(
        Object.entries(specs).map(([name, s]) => [
          name,
          { type: s.type, ...(s.short ? { short: s.short } : {}), ...(s.multiple ? { multiple: true } : {}) },
        ]),
      ),
      allowPositionals: options.positionals ?? false,
      strict: true,
    });
    return { flags: values as ParsedFlags<S>, positionals };
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = error instanceof Error ? error.message : String(error);
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const name = flagName(specs, message);
      const known = Object.keys(specs)
        .map((k) => `--${k}`)
        .join(', ');
      throw new UsageError(`unknown option '${name.startsWith('-') ? name : `--${name}`}' (options: ${known})`);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const name = flagName(specs, message);
      const spec = specs[name];
      if (spec?.type === 'boolean') throw new UsageError(`--${name} takes no value`);
      throw new UsageError(`--${name} expects ${spec?.expects ?? 'a value'}`);
    }
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      const arg = /'([^']*)'/.exec(message)?.[1] ?? '';
      throw new UsageError(`unexpected argument '${arg}': this command takes options only`);
    }
    throw new UsageError(message);
  }
}

/** One `--name` value from a closed set, or a `UsageError` that lists the set. */
export function oneOf<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${name} expects one of ${allowed.join('|')}, got '${value}'`);
}

/** Help text lines for the flags: `  --name <expects>  description`. */
export function describeFlags(specs: FlagSpecs, descriptions: Partial<Record<string, string>>): string {
  const rows = Object.entries(specs).map(([name, s]) => {
    const left = `${s.short ? `-${s.short}, ` : '    '}--${name}${s.type === 'string' ? ` ${s.expects ?? '<value>'}` : ''}`;
    return [left, descriptions[name] ?? ''] as const;
  });
  const width = Math.max(...rows.map(([l]) => l.length)) + 2;
  return rows.map(([l, d]) => `  ${l.padEnd(width)}${d}`.trimEnd()).join('\n');
}

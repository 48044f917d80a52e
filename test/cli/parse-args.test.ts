import { describe, expect, it } from 'vitest';
import { describeFlags, oneOf, parseFlags } from '../../src/cli/args.js';
import { UsageError } from '../../src/cli/usage-error.js';

const SPECS = {
  junit: { type: 'string', multiple: true, expects: '<glob>' },
  format: { type: 'string', expects: 'json|text' },
  verbose: { type: 'boolean', short: 'v' },
} as const;

function usageError(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('command-line flags', () => {
  it('parses repeated, short and positional arguments', () => {
    const { flags, positionals } = parseFlags(
      ['--junit', 'a.xml', 'b.xml', '--junit=c.xml', '-v', '--format', 'text'],
      SPECS,
      { positionals: true },
    );
    expect(flags).toEqual({ junit: ['a.xml', 'c.xml'], verbose: true, format: 'text' });
    expect(positionals).toEqual(['b.xml']);
  });

  it('names the flag and what it expects in every usage error', () => {
    expect(usageError(() => parseFlags(['--jnuit', 'a'], SPECS))).toBe(
      "unknown option '--jnuit' (options: --junit, --format, --verbose)",
    );
    expect(usageError(() => parseFlags(['-q'], SPECS))).toMatch(/^unknown option '-q'/);
    expect(usageError(() => parseFlags(['--format'], SPECS))).toBe('--format expects json|text');
    expect(usageError(() => parseFlags(['--junit'], SPECS))).toBe('--junit expects <glob>');
    expect(usageError(() => parseFlags(['--verbose=yes'], SPECS))).toBe('--verbose takes no value');
    expect(usageError(() => parseFlags(['-v=1'], SPECS))).toMatch(/^(--verbose takes no value|unknown option)/);
    expect(usageError(() => parseFlags(['stray'], SPECS))).toBe(
      "unexpected argument 'stray': this command takes options only",
    );
  });

  it('checks closed sets', () => {
    expect(oneOf('format', undefined, ['json', 'text'], 'json')).toBe('json');
    expect(oneOf('format', 'text', ['json', 'text'], 'json')).toBe('text');
    expect(usageError(() => oneOf('format', 'xml', ['json', 'text'], 'json'))).toBe(
      "--format expects one of json|text, got 'xml'",
    );
  });

  it('describes flags for help', () => {
    expect(describeFlags(SPECS, { junit: 'reports', verbose: 'more' })).toBe(
      ['      --junit <glob>      reports', '      --format json|text', '  -v, --verbose           more'].join('\n'),
    );
  });
});

import { describe, expect, it, vi } from 'vitest';
import * as core from '@actions/core';
import {
  escapeCommandData,
  escapeCommandProperty,
  escapeCommandsInJson,
  formatCommand,
  inertLines,
  mayContainCommand,
  neutraliseCommands,
} from '../../src/text/workflow-commands.js';
import { lineCommand, runnerCommands, runnerLines } from './runner-commands.js';

const HOSTILE = [
  '::error::pwned',
  '  ::add-mask::hunter2',
  '::set-output name=result::healed',
  'prefix ##[set-output name=result;]healed',
  '::stop-commands::abc',
  '::abc::',
  'line\r::error file=x.py,line=1::lone carriage return',
  '\u00a0::warning::after a no-break space',
  '::ERROR::upper case',
  // .NET TrimStart removes U+0085, JavaScript's trimStart does not.
  '\u0085::add-mask::after a next-line character',
  '\t ::stop-commands::tab and space',
  'text ##[error]legacy mid-line',
  '::endgroup::',
].join('\n');

describe('neutraliseCommands', () => {
  it('the runner model sees every hostile command when printed raw', () => {
    // Sanity check of the model itself: these payloads really are commands.
    const seen = runnerCommands(HOSTILE).map((c) => c.command);
    expect(seen).toEqual(expect.arrayContaining(['error', 'add-mask', 'set-output', 'warning']));
  });

  it('leaves no command for the runner to run, and keeps the text', () => {
    const out = neutraliseCommands(HOSTILE);
    expect(runnerCommands(out)).toEqual([]);
    expect(out).toContain(HOSTILE);
  });

  it('commands printed after the block run again', () => {
    const out = `${neutraliseCommands(HOSTILE)}\n::notice::ours`;
    expect(runnerCommands(out)).toEqual([{ command: 'notice', properties: {}, data: 'ours' }]);
  });

  it('picks a fresh token when the given one occurs in the text', () => {
    const out = neutraliseCommands('::error::x ::tok::', 'tok');
    expect(out.startsWith('::stop-commands::tok\n')).toBe(false);
    expect(runnerCommands(out)).toEqual([]);
  });

  it('returns plain text unchanged', () => {
    expect(neutraliseCommands('all 3 tests passed: a: ok')).toBe('all 3 tests passed: a: ok');
    expect(mayContainCommand('a:b')).toBe(false);
    expect(mayContainCommand('x ##[group]')).toBe(true);
  });
});

describe('inertLines', () => {
  it('leaves no line the runner would read as a command, whatever its state', () => {
    const out = inertLines(HOSTILE);
    expect(runnerLines(out).filter((l) => lineCommand(l))).toEqual([]);
    // Same lines, each changed at most by its escapes.
    expect(runnerLines(out)).toHaveLength(runnerLines(HOSTILE).length);
    expect(out).toContain('%3A:add-mask::hunter2');
    expect(out).toContain('prefix ##%5Bset-output name=result;]healed');
  });

  it('escapes a `::` only at a line start, behind whitespace or ignorable characters', () => {
    expect(inertLines('a::b std::vec ::x')).toBe('a::b std::vec ::x');
    expect(inertLines('\u00ad\u200b::error::x')).toBe('\u00ad\u200b%3A:error::x');
    expect(inertLines(':one colon')).toBe(':one colon');
    expect(inertLines('x\r::error::y')).toBe('x\r%3A:error::y');
  });
});

describe('escapeCommandsInJson', () => {
  const value = {
    lines: HOSTILE.split('\n'),
    name: 'a::b ##[set-output name=x;]y :::: ###[[',
    '::key::': 'escaped in keys too',
  };

  it('keeps the document valid and parses back to the exact strings', () => {
    for (const json of [JSON.stringify(value), JSON.stringify(value, null, 2)]) {
      const escaped = escapeCommandsInJson(json);
      expect(JSON.parse(escaped)).toEqual(value);
      expect(escaped).not.toContain('::');
      expect(escaped).not.toContain('##[');
      expect(runnerCommands(escaped)).toEqual([]);
      expect(runnerLines(escaped).filter((l) => lineCommand(l))).toEqual([]);
    }
  });
});

describe('formatCommand', () => {
  it('round-trips hostile data and properties through the runner model', () => {
    const title = 'test_a, b: c%0A\r\n::error::x';
    const data = 'line 1\nline 2 100% ::set-output name=x::y';
    const line = formatCommand('error', { file: 'src/a,b:c.py', line: 3, title }, data);
    expect(line.split(/\r\n|\r|\n/)).toHaveLength(1);
    expect(runnerCommands(line)).toEqual([
      { command: 'error', properties: { file: 'src/a,b:c.py', line: '3', title }, data },
    ]);
  });

  it('formats exactly as @actions/core does', () => {
    const writes: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      writes.push(String(chunk));
      return true;
    });
    try {
      core.error('msg 50%\nnext', { title: 'a:b,c', file: 'x/y.ts', startLine: 7 });
    } finally {
      spy.mockRestore();
    }
    const ours = formatCommand('error', { title: 'a:b,c', file: 'x/y.ts', line: 7 }, 'msg 50%\nnext');
    expect(writes.join('').trimEnd()).toBe(ours);
  });

  it('escapes % first so escapes cannot be forged', () => {
    expect(escapeCommandData('%0A')).toBe('%250A');
    expect(escapeCommandProperty('%3A:')).toBe('%253A%3A');
  });
});

import { describe, expect, it } from 'vitest';
import { splitCommandLine } from '../../src/loop/command-line.js';

const words = (line: string) => splitCommandLine(line)?.map((s) => s.words.map((w) => w.value));

describe('splitCommandLine', () => {
  it('splits simple commands at operators and removes quotes', () => {
    expect(words(`cd 'my dir' && npx vitest run --reporter="junit x" | tee log.txt; echo "a\\"b"`)).toEqual([
      ['cd', 'my dir'],
      ['npx', 'vitest', 'run', '--reporter=junit x'],
      ['tee', 'log.txt'],
      ['echo', 'a"b'],
    ]);
  });

  it('skips redirections and their targets, and ends the segment after them', () => {
    const line = 'go test -v ./... 2>&1 >out.txt | go-junit-report > report.xml';
    const segs = splitCommandLine(line)!;
    expect(segs.map((s) => s.words.map((w) => w.value))).toEqual([['go', 'test', '-v', './...'], ['go-junit-report']]);
    expect(line.slice(0, segs[0]!.end)).toBe('go test -v ./... 2>&1 >out.txt');
  });

  it('keeps substitutions verbatim and ignores comments', () => {
    expect(words('pytest $(cat args) `x` # run it; not a segment')).toEqual([['pytest', '$(cat args)', '`x`']]);
  });

  it('gives up on what it cannot read', () => {
    expect(splitCommandLine(`pytest 'unclosed`)).toBeNull();
    expect(splitCommandLine('cat <<EOF\nx\nEOF')).toBeNull();
    expect(splitCommandLine('echo "open')).toBeNull();
  });
});

/**
 * The Node recorder's source map reader: the VLQ `mappings` decoder (relative fields, the column
 * restarting per line, one-field segments skipped), refusals of malformed maps, source resolution,
 * and the mapping of V8's offsets in generated code back to original lines, wrapper offsets included.
 */
import { describe, expect, it } from 'vitest';
import { decodeMappings, readMapUrl, resolveSources } from '../../src/workspace/recorders/source-map.js';
import { mappedLinesRun } from '../../src/workspace/recorders/node-coverage.js';

describe('source map mappings', () => {
  it('decodes relative fields, restarting the column at each line', () => {
    // line 0: col 0 → src 0 line 0; col 2 → line 0; line 1: col 4 → line 1; col 5 (one field: unmapped)
    expect(decodeMappings('AAAA,EAAE;IACA,C')).toEqual([
      { line: 0, column: 0, source: 0, originalLine: 0 },
      { line: 0, column: 2, source: 0, originalLine: 0 },
      { line: 1, column: 4, source: 0, originalLine: 1 },
    ]);
    // Negative and multi-digit values: 'D' is -1, 'gB' is 16; the source index moves by 'C' (+1).
    expect(decodeMappings('gBAgBA;;ACDA')).toEqual([
      { line: 0, column: 16, source: 0, originalLine: 16 },
      { line: 2, column: 0, source: 1, originalLine: 15 },
    ]);
  });

  it('refuses a malformed string instead of using half of it', () => {
    expect(() => decodeMappings('AA$A')).toThrow(/bad VLQ digit at 2/);
    expect(() => decodeMappings('AAA')).toThrow(/3 fields/);
    expect(() => decodeMappings('AAAg')).toThrow(/end inside a value/);
  });

  it('resolves sources against sourceRoot and the script, and skips non-file URLs', () => {
    expect(
      resolveSources({ sources: ['a.ts', '/abs/b.ts', 'file:///x/c.ts', 'webpack://d.ts', 7] }, '/repo/src/x.js'),
    ).toEqual(['/repo/src/a.ts', '/abs/b.ts', '/x/c.ts', undefined, undefined]);
    expect(resolveSources({ sourceRoot: '../lib', sources: ['a.ts'] }, '/repo/src/x.js')).toEqual(['/repo/lib/a.ts']);
  });

  it('reads inline data URLs, base64 or not, and files beside the script', () => {
    const map = { version: 3, sources: ['a.ts'], mappings: 'AAAA' };
    const b64 = `data:application/json;charset=utf-8;base64,${Buffer.from(JSON.stringify(map)).toString('base64')}`;
    expect(readMapUrl(b64, '/r/a.js', () => undefined)).toEqual(map);
    expect(
      readMapUrl(`data:application/json,${encodeURIComponent(JSON.stringify(map))}`, '/r/a.js', () => undefined),
    ).toEqual(map);
    const read: string[] = [];
    readMapUrl('a.js.map', '/r/lib/a.js', (f) => void read.push(f));
    expect(read).toEqual(['/r/lib/a.js.map']);
  });
});

describe('mapped lines', () => {
  // Generated code: a 10-character wrapper on line 0 (vitest's `columnOffset`), then two functions
  // whose original lines are swapped by the map.
  const generated = 'WRAPPER===function f() { return 1; }\nfunction g() { return 2; }\n';
  const f = { start: 10, end: 36 };
  const g = { start: 37, end: 63 };
  const map = {
    sources: ['/repo/a.ts'],
    // line 0 col 0 (after the wrapper) → original line 5; line 1 col 0 → original line 1.
    segments: [
      { line: 0, column: 0, source: 0, originalLine: 4 },
      { line: 1, column: 0, source: 0, originalLine: 0 },
    ],
  };
  const shape = { lineLengths: generated.split('\n').map((l) => l.length), lineOffset: 0, columnOffset: -10, map };

  it('counts an original line when the generated code mapped to it ran in a function', () => {
    const ranges = [
      { startOffset: 0, endOffset: generated.length, count: 1 },
      { startOffset: f.start, endOffset: f.end, count: 0 },
      { startOffset: g.start, endOffset: g.end, count: 3 },
    ];
    expect(mappedLinesRun(generated.length, ranges, shape)).toEqual(new Map([['/repo/a.ts', new Set([1])]]));
  });

  it('applies the wrapper offset to the first line only', () => {
    const ranges = [
      { startOffset: 0, endOffset: generated.length, count: 1 },
      { startOffset: f.start, endOffset: f.end, count: 2 },
      { startOffset: g.start, endOffset: g.end, count: 0 },
    ];
    expect(mappedLinesRun(generated.length, ranges, shape)).toEqual(new Map([['/repo/a.ts', new Set([5])]]));
  });
});

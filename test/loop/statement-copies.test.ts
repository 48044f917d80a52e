/**
 * Copies of a suspect's statement: the shape that tells them (names written as `_`, calls,
 * members and literals kept), and the windows read around them.
 */
import { describe, expect, it } from 'vitest';
import { readStatementCopies, statementShape } from '../../src/loop/statement-copies.js';
import type { FaultRanking } from '../../src/repair/ranking/ranking.js';

const UINT_SLICE = [
  'package pflag', // 1
  '',
  'func (s *uintSliceValue) Set(val string) error {', // 3
  '\tfor i, d := range ss {',
  '\t\tu, err := strconv.ParseUint(d, 10, 0)', // 5
  '\t\tif err != nil {',
  '\t\t\treturn err',
  '\t\t}',
  '\t}',
  '}', // 10
  '',
  'func (s *uintSliceValue) fromString(val string) (uint, error) {',
  '\tt, err := strconv.ParseUint(val, 10, 0)', // 13
  '\tif err != nil {',
  '\t\treturn 0, err',
  '\t}',
  '\treturn uint(t), nil',
  '}',
  '',
  'func parseSigned(val string) (int64, error) {', // 20
  '\treturn strconv.ParseInt(val, 10, 64)',
  '}',
  '',
  'func uintSliceConv(val string) (interface{}, error) {',
  '\tfor i, d := range ss {', // 25
  '\t\tu, err := strconv.ParseUint(d, 16, 0)',
  '\t\tu, err := strconv.ParseUint(d, 10, 0)',
  '\t}',
  '}',
];

function ranking(lines: number[]): FaultRanking {
  return {
    source: 'spectrum',
    note: '',
    files: [{ file: 'uint_slice.go', score: 1 }],
    functions: [{ file: 'uint_slice.go', name: 'Set', startLine: 3, endLine: 10, score: 1, why: 'run', lines }],
    lines: [],
  };
}

describe('statementShape', () => {
  it('writes local names as _ and keeps calls, members, literals and keywords', () => {
    expect(statementShape('u, err := strconv.ParseUint(d, 10, 0)')).toBe(
      statementShape('  t, err := strconv.ParseUint(val, 10, 0)'),
    );
    expect(statementShape('u, err := strconv.ParseUint(d, 10, 0)')).not.toBe(
      statementShape('u, err := strconv.ParseUint(d, 16, 0)'),
    );
    expect(statementShape('return items[1:] if check(items) else None')).toBe(
      statementShape('return parts[1:] if check(parts) else None'),
    );
  });

  it('is undefined for a statement too plain to tell copies by', () => {
    expect(statementShape('if err != nil {')).toBeUndefined();
    expect(statementShape('total = a + b + c + d')).toBeUndefined();
    expect(statementShape('x')).toBeUndefined();
  });
});

describe('readStatementCopies', () => {
  it('finds the copies of the suspect’s line in its file, outside the windows already shown', () => {
    const shown = [{ file: 'uint_slice.go', startLine: 3, text: UINT_SLICE.slice(2, 10).join('\n'), rank: 1 }];
    const copies = readStatementCopies(ranking([5]), shown, () => UINT_SLICE);
    expect(copies.map((c) => [c.focusLine, c.startLine, c.copyOf])).toEqual([
      [13, 11, { line: 5, name: 'Set' }],
      [27, 25, { line: 5, name: 'Set' }],
    ]);
    expect(copies[0]!.text.split('\n')[2]).toBe('\tt, err := strconv.ParseUint(val, 10, 0)');
  });

  it('finds nothing for a plain line, an unreadable file, or a shape on many lines', () => {
    expect(readStatementCopies(ranking([6]), [], () => UINT_SLICE)).toEqual([]);
    expect(readStatementCopies(ranking([5]), [], () => undefined)).toEqual([]);
    const boilerplate = Array.from({ length: 10 }, () => '\tu, err := strconv.ParseUint(d, 10, 0)');
    expect(readStatementCopies(ranking([1]), [], () => boilerplate)).toEqual([]);
  });
});

/**
 * Reporting a build that failed before or beside its tests: the count by kind and tool, the job
 * summary's table, and one annotation per diagnostic titled with its code.
 */
import { describe, expect, it } from 'vitest';
import type { DiagnosticFrame } from '../../src/contracts/failure-frame.js';
import { buildDiagnosticAnnotations, formatAnnotations } from '../../src/render/annotations.js';
import { renderDiagnosticsTable } from '../../src/render/diagnostics-summary.js';
import { describeBuildFailure } from '../../src/reports/tool-diagnostic.js';

function frame(over: Partial<DiagnosticFrame> = {}): DiagnosticFrame {
  return {
    id: 'tsc:TS2339:src/price.ts:3',
    tool: 'tsc',
    category: 'type',
    code: 'TS2339',
    severity: 'error',
    fails: true,
    message: "Property 'qty' does not exist on type 'Item'.",
    file: 'src/price.ts',
    line: 3,
    column: 68,
    related: [],
    definitions: [],
    ...over,
  };
}

describe('what failed the build', () => {
  it('counts the failing diagnostics by kind and tool, most first; warnings that failed nothing are not counted', () => {
    expect(describeBuildFailure([frame()])).toBe('1 type error (tsc)');
    expect(
      describeBuildFailure([
        frame({ tool: 'prettier', category: 'format' }),
        frame({ tool: 'eslint', category: 'lint' }),
        frame({ tool: 'eslint', category: 'lint' }),
        frame({ tool: 'eslint', category: 'lint', severity: 'warning', fails: false }),
      ]),
    ).toBe('2 lint errors (eslint), 1 formatting error (prettier)');
    expect(describeBuildFailure([frame({ severity: 'warning', fails: false })])).toBeUndefined();
  });
});

describe('the job summary table', () => {
  it('one row per diagnostic, errors first, linked at its line, hostile text escaped, the rest counted', () => {
    const table = renderDiagnosticsTable(
      [
        frame({ tool: 'eslint', code: 'eqeqeq', severity: 'warning', fails: false, file: 'src/a.js', line: 2 }),
        frame({ message: '<img src=x onerror=alert(1)> @team\nsecond line' }),
        frame({ code: undefined, tool: 'prettier', category: 'format', file: 'src/b.ts', line: undefined }),
      ],
      { repoUrl: 'https://github.com/o/r', sha: 'a'.repeat(40) },
      2,
    );
    const rows = table
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| Where') && !l.startsWith('| ---'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(
      /^\| \[src\/price\\\.ts\\:3\]\(https:\/\/github\.com\/o\/r\/blob\/a{40}\/src\/price\.ts#L3\) \| tsc \| `TS2339` \|/,
    );
    expect(rows[0]).not.toContain('<img');
    expect(rows[0]).not.toContain('second line');
    expect(rows[1]).toMatch(/^\| \[src\/b\\\.ts\]\(.*src\/b\.ts\) \| prettier \| {2}\|/);
    expect(table).toContain('1 more not listed');
  });
});

describe('annotations', () => {
  it('at the file, line and column, titled with the code and tool; a warning is a notice; bounded', () => {
    const annotations = buildDiagnosticAnnotations(
      [frame({ severity: 'warning', fails: false, code: 'eqeqeq', tool: 'eslint' }), frame(), frame({ line: 4 })],
      { pathPrefix: 'app', max: 2 },
    );
    expect(annotations).toEqual([
      {
        level: 'error',
        title: 'TS2339 (tsc)',
        message: "Property 'qty' does not exist on type 'Item'.",
        file: 'app/src/price.ts',
        line: 3,
        col: 68,
      },
      {
        level: 'error',
        title: 'TS2339 (tsc)',
        message: "Property 'qty' does not exist on type 'Item'.",
        file: 'app/src/price.ts',
        line: 4,
        col: 68,
      },
      expect.objectContaining({ level: 'notice', message: expect.stringMatching(/^1 more diagnostic not annotated/) }),
    ]);
    const [line] = formatAnnotations(buildDiagnosticAnnotations([frame({ message: 'x\n::error::injected' })]));
    expect(line).toMatch(/^::error title=TS2339 \(tsc\),file=src\/price\.ts,line=3,col=68::x%0A::error::injected$/);
  });
});

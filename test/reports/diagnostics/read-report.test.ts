/**
 * The diagnostics report files tools write, read from the real tools' files in
 * `test/fixtures/diagnostics/` against their `expected.json`, and told from JUnit by content.
 */
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MAX_DIAGNOSTIC_REPORT_BYTES,
  readDiagnosticReport,
  readDiagnosticText,
  sniffReport,
} from '../../../src/reports/diagnostics/read-report.js';
import { parseJUnitReports } from '../../../src/reports/junit/parse-junit.js';
import type { ToolDiagnostic } from '../../../src/reports/tool-diagnostic.js';

const ROOT = path.join(import.meta.dirname, '..', '..', 'fixtures', 'diagnostics');
const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

interface Expected {
  tool: string;
  code: string | null;
  severity: string;
  file: string;
  line: number | null;
  column: number | null;
  message: string;
}

const expected = (folder: string): Expected[] =>
  JSON.parse(readFileSync(path.join(ROOT, folder, 'expected.json'), 'utf8')).diagnostics;

async function read(folder: string, file: string): Promise<ToolDiagnostic[]> {
  const result = await readDiagnosticReport(path.join(ROOT, folder, file), file);
  expect(result.errors).toEqual([]);
  return result.diagnostics;
}

function view(d: ToolDiagnostic) {
  return {
    tool: d.tool,
    code: d.code ?? null,
    severity: d.severity,
    file: d.file!.replace(/^(?:file:\/\/)?\/tmp\/self-heal-[^/]+\/(?:project\/)?/, ''),
    line: d.line ?? null,
    column: d.column ?? null,
    // JSON, SARIF and checkstyle keep the final period stylish drops.
    message: d.message.replace(/\.$/, ''),
  };
}
const want = (e: Expected) => ({ ...e, message: e.message.replace(/\.$/, ''), fixable: undefined }) as unknown;
const sorted = <T extends { file: string; line: number | null; column: number | null }>(list: T[]) =>
  [...list].sort(
    (a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );

function compare(actual: ToolDiagnostic[], wanted: Expected[]): void {
  const got = sorted(actual.map(view));
  const exp = sorted(wanted.map((e) => want(e) as Expected)).map(
    ({ tool, code, severity, file, line, column, message }) => ({
      tool,
      code,
      severity,
      file,
      line,
      column,
      message,
    }),
  );
  expect(got).toEqual(exp);
}

describe('ESLint', () => {
  it('-f json: severities 2 and 1, the parsing error without a rule, fixable from `fix`', async () => {
    const found = await read('eslint', 'eslint.json');
    compare(found, expected('eslint'));
    expect(found.filter((d) => d.fixable).map((d) => d.code)).toEqual(['prefer-const']);
    expect(found.filter((d) => !d.fails).map((d) => d.code)).toEqual(['eqeqeq']);
  });

  it('SARIF: results and the parsing error ESLint puts in its invocation notifications', async () => {
    compare(await read('eslint', 'eslint.sarif'), expected('eslint'));
  });

  it('checkstyle XML: the rule from `source`, removed from the end of the message', async () => {
    compare(await read('eslint', 'eslint.checkstyle.xml'), expected('eslint'));
  });
});

describe('Biome', () => {
  it('--reporter=json, sarif and checkstyle: every severity, the format diagnostic without a place', async () => {
    for (const file of ['biome.report.json', 'biome.sarif', 'biome.checkstyle.xml']) {
      const found = await read('biome', file);
      compare(found, expected('biome'));
      expect(found.find((d) => d.code === 'format')).toMatchObject({ category: 'format', fails: true });
    }
  });
});

describe('pyright and Ruff', () => {
  it('pyright --outputjson: 0-based positions made 1-based', async () => {
    compare(await read('pyright', 'pyright.json'), expected('pyright'));
  });

  it('Ruff --output-format json (from its documentation)', () => {
    const json = JSON.stringify([
      {
        cell: null,
        code: 'F401',
        end_location: { column: 25, row: 3 },
        filename: '/w/src/lsp.py',
        fix: { applicability: 'safe', edits: [], message: 'Remove unused import: `pathlib.Path`' },
        location: { column: 21, row: 3 },
        message: '`pathlib.Path` imported but unused',
        noqa_row: 3,
        url: 'https://docs.astral.sh/ruff/rules/unused-import',
      },
    ]);
    expect(readDiagnosticText(json, 'ruff.json').diagnostics).toEqual([
      expect.objectContaining({ tool: 'ruff', code: 'F401', line: 3, column: 21, fixable: true, fails: true }),
    ]);
  });
});

describe('telling reports apart', () => {
  it('by content: JSON and <checkstyle> are diagnostics, anything else goes to the JUnit reader', () => {
    expect(sniffReport('\uFEFF  [{"filePath":')).toBe('diagnostics');
    expect(sniffReport('{"version":"2.1.0"')).toBe('diagnostics');
    expect(sniffReport('<?xml version="1.0"?>\n<!-- x --><checkstyle version="4.3">')).toBe('diagnostics');
    expect(sniffReport('<?xml version="1.0"?><testsuites>')).toBe('junit');
    expect(sniffReport('not xml at all')).toBe('junit');
  });

  it('one glob may match JUnit and diagnostics reports: each goes to its reader', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'self-heal-reports-'));
    temps.push(dir);
    writeFileSync(path.join(dir, 'junit.xml'), '<testsuite name="s"><testcase name="t"/></testsuite>');
    writeFileSync(path.join(dir, 'eslint.json'), readFileSync(path.join(ROOT, 'eslint', 'eslint.json')));
    const run = await parseJUnitReports(['*'], dir);
    expect(run.errors).toEqual([]);
    expect(run.reports).toEqual(['junit.xml']);
    expect(run.diagnosticReports).toEqual(['eslint.json']);
  });

  it('a file that is none of them, malformed JSON or XML, and a report too large say so', async () => {
    expect(readDiagnosticText('{"hello": 1}', 'x.json').errors[0]!.message).toMatch(
      /^x\.json: not a diagnostics report/,
    );
    expect(readDiagnosticText('[1, 2', 'x.json').errors[0]!.message).toMatch(/^x\.json: not valid JSON/);
    const xml = readDiagnosticText('<checkstyle><file name="a.js"><error line="1" message="m" source="x.Y"', 'c.xml');
    expect(xml.errors[0]!.message).toMatch(/^c\.xml: the checkstyle XML is malformed/);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'self-heal-reports-'));
    temps.push(dir);
    const big = path.join(dir, 'big.json');
    writeFileSync(big, '[');
    truncateSync(big, MAX_DIAGNOSTIC_REPORT_BYTES + 1);
    expect((await readDiagnosticReport(big, 'big.json')).errors[0]!.message).toMatch(
      /more than the \d+ a diagnostics report/,
    );
  });

  it('hostile values stay bounded', () => {
    const json = JSON.stringify([
      { filePath: '/w/a.js', messages: [{ ruleId: 'r', severity: 2, message: 'm'.repeat(1e6), line: 1, column: 1 }] },
    ]);
    const [d] = readDiagnosticText(json, 'e.json').diagnostics;
    expect(d!.message.length).toBeLessThan(5000);
  });
});

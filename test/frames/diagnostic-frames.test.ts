/**
 * Diagnostic frames on the real tools' output (`test/fixtures/diagnostics/<tool>/`, each folder the
 * project the tool ran on): every diagnostic at the project's code becomes a frame with its
 * repo-relative file, line and source window, and the symbol a message names comes with its
 * definition where `expected.json` says it is defined. Then the paths that are not frames, and
 * hostile input.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DiagnosticFrame } from '../../src/contracts/failure-frame.js';
import { collectEvidence } from '../../src/frames/collect-evidence.js';
import { buildDiagnosticFrames, quotedNames } from '../../src/frames/diagnostic-frames.js';
import { openRepoView } from '../../src/frames/repo-view.js';
import { parseDiagnostics } from '../../src/reports/logs/diagnostics.js';
import type { ToolDiagnostic } from '../../src/reports/tool-diagnostic.js';
import { stripEscapeCodes } from '../../src/text/untrusted-text.js';

const ROOT = path.join(import.meta.dirname, '..', 'fixtures', 'diagnostics');
const FOLDERS = readdirSync(ROOT, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

interface Expected {
  file: string;
  line: number | null;
  symbol?: string;
  definition?: { file: string; line?: number };
}

/** Every expected diagnostic of a folder, whether listed once or per log. */
function expectedOf(folder: string): Expected[] {
  const json = JSON.parse(readFileSync(path.join(ROOT, folder, 'expected.json'), 'utf8'));
  const list = json.diagnostics;
  return (Array.isArray(list) ? list : Object.values(list).flat()) as Expected[];
}

/** The text outputs of a folder (`*.log`). */
const logsOf = (folder: string) => readdirSync(path.join(ROOT, folder)).filter((f) => f.endsWith('.log'));

async function framesOf(folder: string, log: string): Promise<{ read: ToolDiagnostic[]; frames: DiagnosticFrame[] }> {
  const text = stripEscapeCodes(readFileSync(path.join(ROOT, folder, log), 'utf8'));
  const read = parseDiagnostics(text).diagnostics;
  const repo = await openRepoView(path.join(ROOT, SOURCES[folder] ?? folder));
  return { read, frames: await buildDiagnosticFrames(read, repo) };
}

/** pyright ran on the mypy folder's project. */
const SOURCES: Record<string, string> = { pyright: 'mypy' };

/**
 * Errors at import are read by the Python traceback parser into test-failure frames (the log
 * parsers of `reports/logs/python*.ts`), not into diagnostics: no diagnostic frame is expected.
 */
const TRACEBACK_CODES = new Set(['ImportError', 'ModuleNotFoundError']);

/**
 * Expected definitions not looked for, each with why: the languages without a grammar here, and
 * a name the message quotes that is no longer defined (the renamed function).
 */
const NO_DEFINITION: Record<string, string> = {
  gcc: 'C has no syntax grammar in self-heal',
  kotlinc: 'Kotlin has no syntax grammar in self-heal',
  'pytest:compute_total': 'the test imports a name the source renamed: no definition of it exists',
};

describe('every fixture: the diagnostics at the project become frames', () => {
  it.each(FOLDERS)('%s', async (folder) => {
    const expected = expectedOf(folder).filter((e) => !TRACEBACK_CODES.has((e as { code?: string }).code ?? ''));
    const all: DiagnosticFrame[] = [];
    for (const log of logsOf(folder)) {
      const { read, frames } = await framesOf(folder, log);
      all.push(...frames);
      // Each diagnostic naming a file of the project is a frame, at its line, with its window.
      const own = read.filter((d) => d.file && expected.some((e) => d.file!.endsWith(e.file)));
      expect(frames.length, log).toBe(new Set(own.map((d) => `${d.tool}${d.code}${d.file}${d.line}`)).size);
      for (const f of frames) {
        expect(expected.some((e) => e.file === f.file)).toBe(true);
        if (f.line === undefined) continue;
        expect(f.snippet!.startLine).toBeLessThanOrEqual(f.line);
        expect(f.snippet!.startLine + f.snippet!.lines.length).toBeGreaterThan(f.line);
      }
    }
    for (const e of expected) {
      if (e.line !== null) expect(all.some((f) => f.file === e.file && f.line === e.line)).toBe(true);
      if (!e.symbol || e.definition?.line === undefined) continue;
      if (NO_DEFINITION[folder] || NO_DEFINITION[`${folder}:${e.symbol}`]) continue;
      const frame = all.find((f) => f.file === e.file && f.line === e.line && f.definitions.length > 0);
      const def = frame?.definitions.find((d) => d.name === e.symbol);
      expect(def, `${e.symbol} of ${e.file}:${e.line}`).toBeDefined();
      expect(def!.file).toBe(e.definition.file);
      expect(def!.snippet.startLine).toBeLessThanOrEqual(e.definition.line);
      expect(def!.snippet.startLine + def!.snippet.lines.length).toBeGreaterThan(e.definition.line);
    }
  });

  it('tsc: TS2339 on price.ts comes with the Item interface of item.ts, whole', async () => {
    const { frames } = await framesOf('tsc', 'tsc.log');
    const ts2339 = frames.find((f) => f.code === 'TS2339')!;
    expect(ts2339).toMatchObject({ tool: 'tsc', category: 'type', file: 'src/price.ts', line: 3, fails: true });
    expect(ts2339.definitions).toEqual([
      {
        name: 'Item',
        file: 'src/item.ts',
        snippet: {
          startLine: 2,
          lines: ['export interface Item {', '  name: string;', '  price: number;', '  quantity: number;', '}'],
        },
      },
    ]);
  });

  it('python: the SyntaxError column from its caret and the file line (24, under the `(`)', async () => {
    for (const log of ['syntax-error.log', 'compileall.log']) {
      const { frames } = await framesOf('python', log);
      expect(frames.find((f) => f.code === 'SyntaxError')).toMatchObject({
        file: 'shop/report.py',
        line: 5,
        column: 24,
      });
    }
    // Indented by 4 in the file, printed without it by pytest: column 47.
    const { frames } = await framesOf('pytest', 'collection.log');
    expect(frames).toEqual([expect.objectContaining({ file: 'invoice/render.py', line: 5, column: 47 })]);
  });
});

describe('what is not a frame', () => {
  /** A work tree whose listed files are `files` (as `git ls-files` would list them). */
  async function repoWith(files: Record<string, string>) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'self-heal-diag-frames-'));
    temps.push(dir);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    return openRepoView(dir, { listFiles: async () => Object.keys(files) });
  }

  it('vendored, generated and build output, and files outside the repository', async () => {
    const repo = await repoWith({
      'src/a.ts': 'export const a: number = "x";\n',
      'node_modules/lib/index.d.ts': 'export const b: number;\n',
      'dist/a.js': 'const a = 1;\n',
      'api/v1/api.pb.go': 'package v1\n',
      'src/client.generated.ts': 'export {};\n',
    });
    const at = (file: string): ToolDiagnostic => ({
      tool: 'tsc',
      category: 'type',
      code: 'TS2322',
      severity: 'error',
      fails: true,
      file,
      line: 1,
      column: 14,
      message: "Type 'string' is not assignable to type 'number'.",
    });
    const files = ['src/a.ts', 'node_modules/lib/index.d.ts', 'dist/a.js', 'api/v1/api.pb.go'];
    const frames = await buildDiagnosticFrames(
      [...files, 'src/client.generated.ts', '/usr/lib/node_modules/typescript/lib/lib.d.ts', 'elsewhere.ts'].map(at),
      repo,
    );
    expect(frames.map((f) => f.file)).toEqual(['src/a.ts']);
  });

  it('a hostile message stays bounded and one line past the end of the file has no window', async () => {
    const repo = await repoWith({ 'src/a.ts': 'const a = 1;\n' });
    const [frame] = await buildDiagnosticFrames(
      [
        {
          tool: 'tsc',
          category: 'type',
          severity: 'error',
          fails: true,
          file: 'src/a.ts',
          line: 99,
          message: `'${'x'.repeat(50)}' \u001b[31m${'m'.repeat(100_000)}`,
        },
      ],
      repo,
    );
    expect(frame!.message.length).toBeLessThan(5000);
    expect(frame!.message).not.toContain('\u001b');
    expect(frame).not.toHaveProperty('snippet');
    expect(frame).not.toHaveProperty('line');
  });
});

describe('names a message gives', () => {
  it.each([
    ["Property 'qty' does not exist on type 'Item'.", ['qty', 'Item']],
    ['no field `qty` on type `&Line`', ['qty', 'Line']],
    ['"Item" has no attribute "qty"', ['Item', 'qty']],
    ['l.Qty undefined (type Line has no field or method Qty)', ['Line']],
    ['undefined: totl', ['totl']],
    ["'const struct line' has no member named 'qty'", ['line', 'qty']],
    ['cannot find symbol\n  symbol:   method qty()\n  location: variable item of type Item', ['Item']],
    ["Type '{ name: string; }' is missing", []],
  ])('%s', (message, names) => {
    expect(quotedNames(message)).toEqual(names);
  });
});

describe('collectEvidence', () => {
  it('a log and a diagnostics report matched by the JUnit glob become diagnostic frames', async () => {
    const folder = path.join(ROOT, 'eslint');
    const { diagnostics, errors, readAnything } = await collectEvidence({
      root: folder,
      junit: ['eslint.json'],
      log: 'npm-test.log',
    });
    expect(errors).toEqual([]);
    expect(readAnything).toBe(true);
    const codes = diagnostics.map((d) => `${d.file}:${d.line}:${d.code ?? ''}`);
    expect(new Set(codes).size).toBe(codes.length);
    expect(diagnostics.length).toBe(expectedOf('eslint').length);
  });
});

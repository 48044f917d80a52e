/**
 * The diagnostics of a log: what compilers, type checkers, linters and formatters printed, from
 * the table of line formats (`line-formats.ts`) and the readers of multi-line output, in one
 * neutral model (`../tool-diagnostic.ts`). A log goes to every reader whose cheap `detect` says it
 * may hold its tool's output; a reader that throws costs its own diagnostics only.
 *
 * A warning fails no build unless the output says the tool failed because of warnings
 * (`WARNINGS_FAIL`); a tool told to treat warnings as errors prints errors (`clippy -D warnings`,
 * `gcc -Werror`), which fail as any error.
 */
import { duplicateKey, MAX_DIAGNOSTICS, type ToolDiagnostic } from '../tool-diagnostic.js';
import { biomeTextReader } from './biome-text.js';
import { compilerOutputReader } from './compiler-output.js';
import { boundDiagnostic, type DiagnosticReader, type FoundDiagnostic, readFormat } from './diagnostic-fields.js';
import { eslintStylishReader } from './eslint-stylish.js';
import { LINE_FORMATS, type LineFormat } from './line-formats.js';
import { runSteps, type Step } from './line-reader.js';
import { pyrightTextReader } from './pyright-text.js';
import { pythonSyntaxReader } from './python-syntax.js';
import { readLogLines, type LogLines } from './traceback-bounds.js';
import { tscPrettyReader } from './tsc-pretty.js';

/** Every entry of the line-format table whose tool's output the log may hold, tried line by line. */
export const lineFormatReader: DiagnosticReader = {
  name: 'line formats',
  detect: (log) => LINE_FORMATS.some((f) => applies(f, log)),
  read: (log, text) =>
    readLineFormats(
      log,
      LINE_FORMATS.filter((f) => applies(f, text)),
    ),
};

function applies(format: LineFormat, text: string): boolean {
  return (format.detect?.test(text) ?? true) && !format.unless?.test(text);
}

function readLineFormats(log: LogLines, formats: readonly LineFormat[]): FoundDiagnostic[] {
  const out: FoundDiagnostic[] = [];
  const steps: Step[] = formats.map((format) => (i) => {
    const read = readFormat(format, log, i);
    if (!read) return undefined;
    out.push(read.found);
    return read.next;
  });
  runSteps(log.lines, steps, { full: () => out.length >= MAX_DIAGNOSTICS });
  return out;
}

export const DIAGNOSTIC_READERS: readonly DiagnosticReader[] = [
  lineFormatReader,
  tscPrettyReader,
  eslintStylishReader,
  biomeTextReader,
  pyrightTextReader,
  compilerOutputReader,
  pythonSyntaxReader,
];

/**
 * Tools whose warnings fail the run when their output says so; each entry is the line the tool
 * prints when it exits non-zero because of warnings alone.
 */
export const WARNINGS_FAIL: ReadonlyArray<{ tools: readonly string[]; marker: RegExp; why: string }> = [
  {
    tools: ['eslint'],
    marker: /ESLint found too many warnings \(maximum: \d+\)/,
    why: '`--max-warnings N`: more warnings than N fail the run',
  },
  {
    tools: ['javac', 'kotlinc'],
    marker: /warnings found and -Werror specified/,
    why: '`-Werror`: any warning fails the compilation',
  },
];

export interface DiagnosticParseResult {
  /** In log order, each once (a diagnostic printed twice is one: `duplicateKey`), bounded. */
  diagnostics: ToolDiagnostic[];
  /** Readers that failed on this log: their diagnostics are missing, the others' are not. */
  errors: Array<{ reader: string; message: string }>;
}

/** Every diagnostic the readers recognise in a log. */
export function parseDiagnostics(
  text: string,
  readers: readonly DiagnosticReader[] = DIAGNOSTIC_READERS,
): DiagnosticParseResult {
  const log = readLogLines(text);
  // Detection sees the text as the readers do: without colours (tsc --pretty colours `error`).
  const clean = log.lines.join('\n');
  const found: FoundDiagnostic[] = [];
  const errors: DiagnosticParseResult['errors'] = [];
  for (const reader of readers) {
    try {
      if (reader.detect(clean)) found.push(...reader.read(log, clean));
    } catch (e) {
      errors.push({ reader: reader.name, message: e instanceof Error ? e.message : String(e) });
    }
  }
  found.sort((a, b) => (a.logLines?.start ?? 0) - (b.logLines?.start ?? 0));
  return { diagnostics: settle(found, failingWarnings(clean)), errors };
}

/** The tools whose warnings this output says failed the run. */
function failingWarnings(text: string): Set<string> {
  const tools = new Set<string>();
  for (const entry of WARNINGS_FAIL) if (entry.marker.test(text)) for (const t of entry.tools) tools.add(t);
  return tools;
}

/** Each diagnostic once, whether it fails, every field bounded, at most `MAX_DIAGNOSTICS`. */
export function settle(found: readonly FoundDiagnostic[], warningsFail: ReadonlySet<string>): ToolDiagnostic[] {
  const seen = new Set<string>();
  const out: ToolDiagnostic[] = [];
  for (const d of found) {
    const key = duplicateKey(d);
    if (seen.has(key)) continue;
    seen.add(key);
    const fails = d.severity === 'error' || (d.severity === 'warning' && warningsFail.has(d.tool));
    out.push(boundDiagnostic({ ...d, fails }));
    if (out.length >= MAX_DIAGNOSTICS) break;
  }
  return out;
}

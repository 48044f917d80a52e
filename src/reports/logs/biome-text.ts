/**
 * Biome's default reporter (`biome ci`, `biome check`, `biome lint`, `biome format`):
 *
 *   src/order.ts:4:12 lint/style/useTemplate  FIXABLE  ━━━━━━━━━━━━━━━━━━━━
 *
 *     ℹ Template literals are preferred over string concatenation.
 *
 * The header names the place (none for a formatting difference: `src/order.ts format ━━━`) and the
 * category; the first marked line under it is the message, its mark the severity (`✖`/`×` error,
 * `⚠`/`!` warning, `ℹ`/`i` information: the plain forms are `--colors=off`'s). Code frames, notes
 * and fix diffs follow, and are not read.
 */
import { MAX_DIAGNOSTICS } from '../tool-diagnostic.js';
import type { DiagnosticReader, FoundDiagnostic } from './diagnostic-fields.js';
import { logRange } from './diagnostic-fields.js';
import { biomeCategory } from './line-formats.js';
import { runSteps } from './line-reader.js';
import { parseLineNumber, type LogLines, structuralHead } from './traceback-bounds.js';

const HEADER =
  /^(?<file>[^\s:]+)(?::(?<line>\d+):(?<column>\d+))? (?<code>(?:lint|format|assist|parse|syntax|organizeImports)[\w/]*)(?<fixable>\s+FIXABLE)?\s+━{3,}\s*$/;
const MESSAGE = /^\s+(?<mark>[ℹ⚠✖×!i]) (?<message>\S.*)$/;
const SEVERITY_MARKS: Record<string, FoundDiagnostic['severity']> = {
  '✖': 'error',
  '×': 'error',
  '⚠': 'warning',
  '!': 'warning',
  ℹ: 'info',
  i: 'info',
};
/** Lines between the header and its message (a blank one in every reporter seen). */
const MAX_GAP = 3;

export const biomeTextReader: DiagnosticReader = {
  name: 'biome',
  detect: (log) => log.includes('━━━'),
  read: (log) => new BiomeReader(log).read(),
};

class BiomeReader {
  private readonly out: FoundDiagnostic[] = [];

  constructor(private readonly log: LogLines) {}

  read(): FoundDiagnostic[] {
    runSteps(this.log.lines, [(i, line) => this.diagnostic(i, line)], {
      full: () => this.out.length >= MAX_DIAGNOSTICS,
    });
    return this.out;
  }

  private diagnostic(i: number, line: string): number | undefined {
    const m = HEADER.exec(line)?.groups;
    if (!m) return undefined;
    const lines = this.log.lines;
    for (let k = i + 1; k < lines.length && k <= i + MAX_GAP; k++) {
      const said = MESSAGE.exec(structuralHead(lines[k]!))?.groups;
      if (!said) continue;
      let found: FoundDiagnostic = {
        tool: 'biome',
        category: 'lint',
        code: m.code!,
        severity: SEVERITY_MARKS[said.mark!] ?? 'error',
        file: m.file!,
        message: said.message!.trim(),
        logLines: logRange(this.log, i, k + 1),
      };
      const at = m.line !== undefined ? parseLineNumber(m.line) : undefined;
      const column = m.column !== undefined ? parseLineNumber(m.column) : undefined;
      if (at !== undefined) found.line = at;
      if (column !== undefined) found.column = column;
      if (m.fixable) found.fixable = true;
      found = biomeCategory(found);
      if (found.line === undefined) delete found.line;
      if (found.column === undefined) delete found.column;
      this.out.push(found);
      return k + 1;
    }
    return undefined;
  }
}

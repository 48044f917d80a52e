/**
 * Checkstyle XML, which ESLint, Biome, Checkstyle itself and many linters can write:
 *
 *   <checkstyle><file name="src/cart.js"><error line="3" column="34" severity="error"
 *     message="'x' is defined but never used. (no-unused-vars)" source="eslint.rules.no-unused-vars"/></file></checkstyle>
 *
 * The tool is told by its `source`: `eslint.rules.<rule>`, Biome's categories (`lint/…`, `format`),
 * else a Checkstyle check class (`com.puppycrawl.tools.checkstyle.checks.…UnusedImportsCheck`).
 * ESLint repeats the rule at the end of the message; it is removed. Line and column 0 are no place.
 */
import { SaxesParser } from 'saxes';
import type { FoundDiagnostic } from '../logs/line-formats.js';
import { parseLineNumber } from '../logs/traceback-bounds.js';
import { MAX_DIAGNOSTICS } from '../tool-diagnostic.js';
import { severityWord } from './json-reports.js';

export function readCheckstyle(xml: string): { diagnostics: FoundDiagnostic[]; error?: string } {
  const diagnostics: FoundDiagnostic[] = [];
  const parser = new SaxesParser();
  let file: string | undefined;
  let error: string | undefined;
  parser.on('opentag', (tag) => {
    const a = tag.attributes as Record<string, string>;
    if (tag.name === 'file') file = a.name;
    else if (tag.name === 'error' && file !== undefined && diagnostics.length < MAX_DIAGNOSTICS)
      diagnostics.push(checkstyleError(file, a));
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'file') file = undefined;
  });
  parser.on('error', (e) => {
    error ??= e.message;
  });
  try {
    parser.write(xml).close();
  } catch (e) {
    error ??= e instanceof Error ? e.message : String(e);
  }
  // An error without a source (ESLint's parsing error) is the document's tool's.
  const tool = diagnostics.find((d) => d.tool !== '')?.tool ?? 'checkstyle';
  for (const d of diagnostics) if (d.tool === '') d.tool = tool;
  return error === undefined ? { diagnostics } : { diagnostics, error };
}

function checkstyleError(file: string, a: Record<string, string>): FoundDiagnostic {
  const source = a.source ?? '';
  const eslint = /^eslint\.rules\.(.+)$/.exec(source)?.[1];
  const biome = /^(?:lint|assist|parse|syntax)\/|^format$/.test(source);
  const code = eslint ?? (biome ? source : source.split('.').pop() || undefined);
  let message = a.message ?? '';
  if (code && message.endsWith(` (${code})`)) message = message.slice(0, -(code.length + 3));
  const d: FoundDiagnostic = {
    tool: eslint !== undefined ? 'eslint' : biome ? 'biome' : source === '' ? '' : 'checkstyle',
    category: source === 'format' ? 'format' : 'lint',
    severity: severityWord(a.severity ?? 'error'),
    file,
    message,
  };
  if (code) d.code = code;
  if (source === 'format') d.fixable = true;
  const line = a.line !== undefined ? parseLineNumber(a.line) : undefined;
  const column = a.column !== undefined ? parseLineNumber(a.column) : undefined;
  if (line !== undefined) d.line = line;
  if (line !== undefined && column !== undefined) d.column = column;
  return d;
}

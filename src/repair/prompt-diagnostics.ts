/**
 * The diagnostics of a build in the repair prompt (issue 27): each as the compiler, type checker,
 * linter or formatter said it, at its line, with the numbered source window and the definition of
 * the symbol it names, packed with the failing tests by the same priorities (`prompt.ts`).
 */
import type { DiagnosticFrame } from '../contracts/failure-frame.js';
import { codeBlock } from '../text/markdown.js';
import { estimateTokens, truncateToTokens } from '../text/token-estimate.js';
import { DIAGNOSTIC_DEFINITION, DIAGNOSTIC_HEADER } from './prompts/repair-sections.js';

/** A piece of the prompt, as `prompt.ts` packs it (the fields it reads). */
export interface DiagnosticPiece {
  section: 'failures';
  order: number;
  priority: number;
  text: string;
  compact: string;
  trim: (maxTokens: number) => string | undefined;
  label: string;
}

const MAX_MESSAGE_TOKENS = 300;
/** After the failing tests in the section, in the tool's order. */
const ORDER_BASE = 10_000;

/**
 * One piece per diagnostic that failed the build (warnings that failed nothing are not the task).
 * With no failing test, the first diagnostic is as important as the task; otherwise the first
 * three come after the first failure, and the rest last.
 */
export function diagnosticPieces(
  diagnostics: readonly DiagnosticFrame[],
  hasFailures: boolean,
  scrub: (t: string) => string,
): DiagnosticPiece[] {
  return diagnostics
    .filter((d) => d.fails)
    .map((d, index) => {
      const full = renderDiagnostic(d, index + 1, scrub, true);
      const compact = renderDiagnostic(d, index + 1, scrub, false);
      return {
        section: 'failures',
        order: ORDER_BASE + index,
        priority: index === 0 && !hasFailures ? 1 : index < 3 ? 3 : 6,
        text: full,
        compact,
        trim: (max) => (estimateTokens(compact) <= max ? compact : undefined),
        label: `build error ${index + 1} (${clip(`${d.code ?? d.tool} ${d.file}`, 80)})`,
      };
    });
}

function renderDiagnostic(d: DiagnosticFrame, index: number, scrub: (t: string) => string, full: boolean): string {
  const where = `${clip(scrub(d.file), 200)}${d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : ''}`;
  let out = DIAGNOSTIC_HEADER.replace('{index}', String(index))
    .replace('{what}', clip(scrub(d.code ? `${d.code} (${d.tool})` : d.tool), 120))
    .replace('{where}', where);
  out += `- message:\n${codeBlock(truncateToTokens(scrub(d.message), full ? MAX_MESSAGE_TOKENS : 100))}`;
  if (!full) return out;
  if (d.snippet) out += codeBlock(numbered(d.snippet.lines.map(scrub), d.snippet.startLine));
  for (const def of d.definitions) {
    out += DIAGNOSTIC_DEFINITION.replace('{name}', clip(scrub(def.name), 100)).replace(
      '{where}',
      `${clip(scrub(def.file), 200)}:${def.snippet.startLine}`,
    );
    out += codeBlock(numbered(def.snippet.lines.map(scrub), def.snippet.startLine));
  }
  return out;
}

function numbered(lines: readonly string[], startLine: number): string {
  const width = String(startLine + lines.length - 1).length;
  return lines.map((line, i) => `${String(startLine + i).padStart(width)} | ${line}`).join('\n');
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * A diagnostics report file (the JSON formats of `json-reports.ts`, checkstyle XML) into the neutral
 * model. The files come through the same report globs as JUnit (`--junit`, the `junit` input): a
 * file is told by its content, not its name (`sniffReport`), so `reports/*` can hold both kinds.
 * Such reports are small: one is read whole, up to `MAX_DIAGNOSTIC_REPORT_BYTES`.
 */
import { open, stat } from 'node:fs/promises';
import type { ReportError } from '../test-run.js';
import type { ToolDiagnostic } from '../tool-diagnostic.js';
import { settle } from '../logs/diagnostics.js';
import type { FoundDiagnostic } from '../logs/line-formats.js';
import { readCheckstyle } from './checkstyle.js';
import { JSON_REPORT_FORMATS } from './json-reports.js';

export const MAX_DIAGNOSTIC_REPORT_BYTES = 32 * 1024 * 1024;
const SNIFF_BYTES = 4096;

export type ReportKind = 'junit' | 'diagnostics';

/**
 * What a report file holds, from its first bytes: JSON (`{`, `[`) or a `<checkstyle>` document
 * are diagnostics; anything else is for the JUnit reader (which says what is wrong with it).
 */
export function sniffReport(head: string): ReportKind {
  const text = head.replace(/^\uFEFF/, '');
  if (/^\s*[[{]/.test(text)) return 'diagnostics';
  return /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<checkstyle[\s>/]/.test(text) ? 'diagnostics' : 'junit';
}

/** The kind of a report file on disk (unreadable files are the JUnit reader's to report). */
export async function sniffReportFile(file: string): Promise<ReportKind> {
  try {
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
      return sniffReport(buffer.subarray(0, bytesRead).toString('utf8'));
    } finally {
      await handle.close();
    }
  } catch {
    return 'junit';
  }
}

export interface DiagnosticReportResult {
  diagnostics: ToolDiagnostic[];
  errors: ReportError[];
}

/** Reads one diagnostics report; `display` is the path errors name. Nothing here throws for bad input. */
export async function readDiagnosticReport(file: string, display: string): Promise<DiagnosticReportResult> {
  let text: string;
  try {
    const size = (await stat(file)).size;
    if (size > MAX_DIAGNOSTIC_REPORT_BYTES) {
      return fail(
        display,
        `${size} bytes, more than the ${MAX_DIAGNOSTIC_REPORT_BYTES} a diagnostics report is read up to`,
      );
    }
    const handle = await open(file, 'r');
    try {
      text = (await handle.readFile()).toString('utf8').replace(/^\uFEFF/, '');
    } finally {
      await handle.close();
    }
  } catch (error) {
    return fail(display, `cannot read the report: ${(error as Error).message}`);
  }
  return readDiagnosticText(text, display);
}

/** The same, for a report already in memory. */
export function readDiagnosticText(text: string, display: string): DiagnosticReportResult {
  if (/^\s*</.test(text)) {
    const { diagnostics, error } = readCheckstyle(text);
    const errors = error ? [{ file: display, message: `${display}: the checkstyle XML is malformed: ${error}` }] : [];
    return { diagnostics: settleReport(diagnostics), errors };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return fail(display, `not valid JSON: ${(error as Error).message}`);
  }
  for (const format of JSON_REPORT_FORMATS) {
    const found = format.read(json);
    if (found) return { diagnostics: settleReport(found), errors: [] };
  }
  return fail(
    display,
    `not a diagnostics report self-heal reads (ESLint JSON, Biome JSON, SARIF, pyright JSON, Ruff JSON, checkstyle XML)`,
  );
}

/** A report says nothing about failing on warnings: only its errors fail. */
function settleReport(found: FoundDiagnostic[]): ToolDiagnostic[] {
  return settle(found, new Set());
}

function fail(display: string, why: string): DiagnosticReportResult {
  return { diagnostics: [], errors: [{ file: display, message: `${display}: ${why}` }] };
}

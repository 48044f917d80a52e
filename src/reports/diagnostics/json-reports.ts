/**
 * The JSON files tools write their diagnostics to, one entry per format: a schema that recognises
 * the file (only the fields read, everything else passes) and how its entries become diagnostics.
 * The first format whose schema the file fits reads it.
 *
 * - ESLint `-f json`: `[{filePath, messages: [{ruleId, severity: 1|2, message, line, column, fix}]}]`
 * - Biome `--reporter=json`: `{diagnostics: [{severity, message, category, location: {path, start}}]}`
 * - SARIF 2.1.0 (ESLint's, Biome's, CodeQL's, …): `runs[].results[]` and the error notifications of
 *   `runs[].invocations[]` (ESLint reports a file that does not parse there)
 * - pyright `--outputjson`: `{generalDiagnostics: [{file, severity, message, range, rule}]}` (0-based)
 * - Ruff `--output-format json`: `[{code, filename, location: {row, column}, message, fix}]` (written
 *   from Ruff's documentation, not proved on its output)
 */
import { z } from 'zod';
import type { DiagnosticCategory, DiagnosticSeverity } from '../tool-diagnostic.js';
import type { FoundDiagnostic } from '../logs/line-formats.js';
import { parseLineNumber } from '../logs/traceback-bounds.js';

export interface JsonReportFormat {
  name: string;
  read(json: unknown): FoundDiagnostic[] | undefined;
}

/** Tools that write SARIF or checkstyle, by the name they give, and what kind of problem they report. */
const TOOL_NAMES: Record<string, { tool: string; category: DiagnosticCategory }> = {
  eslint: { tool: 'eslint', category: 'lint' },
  biome: { tool: 'biome', category: 'lint' },
  ruff: { tool: 'ruff', category: 'lint' },
  pyright: { tool: 'pyright', category: 'type' },
  mypy: { tool: 'mypy', category: 'type' },
  clippy: { tool: 'clippy', category: 'lint' },
  'golangci-lint': { tool: 'golangci-lint', category: 'lint' },
  checkstyle: { tool: 'checkstyle', category: 'lint' },
};

export function knownTool(name: string): { tool: string; category: DiagnosticCategory } {
  const key = name.trim().toLowerCase();
  return TOOL_NAMES[key] ?? { tool: key || 'unknown', category: 'lint' };
}

const optionalNumber = z.number().optional().nullable();
const line = (n: number | null | undefined, base = 1) =>
  typeof n === 'number' && Number.isInteger(n) ? parseLineNumber(String(n + 1 - base)) : undefined;

function place(d: FoundDiagnostic, at: { line?: number; column?: number }): FoundDiagnostic {
  if (at.line !== undefined) d.line = at.line;
  if (at.line !== undefined && at.column !== undefined) d.column = at.column;
  return d;
}

const EslintJson = z.array(
  z.object({
    filePath: z.string(),
    messages: z.array(
      z.object({
        ruleId: z.string().nullable().optional(),
        severity: z.number(),
        message: z.string(),
        line: optionalNumber,
        column: optionalNumber,
        fix: z.unknown().optional(),
      }),
    ),
  }),
);

const ESLINT: JsonReportFormat = {
  name: 'ESLint JSON',
  read(json) {
    const parsed = EslintJson.safeParse(json);
    if (!parsed.success || parsed.data.length === 0) return undefined;
    return parsed.data.flatMap((file) =>
      file.messages.map((m) => {
        const d: FoundDiagnostic = {
          tool: 'eslint',
          category: 'lint',
          severity: m.severity >= 2 ? 'error' : 'warning',
          file: file.filePath,
          message: m.message,
        };
        if (m.ruleId) d.code = m.ruleId;
        if (m.fix !== undefined && m.fix !== null) d.fixable = true;
        return place(d, { line: line(m.line), column: line(m.column) });
      }),
    );
  },
};

const BiomeJson = z.object({
  diagnostics: z.array(
    z.object({
      severity: z.string(),
      message: z.string(),
      category: z.string().optional(),
      location: z
        .object({
          path: z.string().optional(),
          start: z.object({ line: optionalNumber, column: optionalNumber }).optional().nullable(),
        })
        .optional()
        .nullable(),
    }),
  ),
});

const BIOME: JsonReportFormat = {
  name: 'Biome JSON',
  read(json) {
    const parsed = BiomeJson.safeParse(json);
    if (!parsed.success) return undefined;
    return parsed.data.diagnostics.map((b) => {
      const code = b.category ?? 'biome';
      const d: FoundDiagnostic = {
        tool: 'biome',
        category: code === 'format' ? 'format' : code === 'parse' || code.startsWith('syntax') ? 'syntax' : 'lint',
        code,
        severity: severityWord(b.severity),
        message: b.message,
      };
      if (b.location?.path) d.file = b.location.path;
      if (code === 'format') d.fixable = true;
      // A formatting difference is at line 0, column 0: no place.
      return place(d, { line: line(b.location?.start?.line), column: line(b.location?.start?.column) });
    });
  },
};

const SarifLocation = z.object({
  physicalLocation: z
    .object({
      artifactLocation: z.object({ uri: z.string().optional() }).optional(),
      region: z.object({ startLine: optionalNumber, startColumn: optionalNumber }).optional(),
    })
    .optional(),
});
const SarifResult = z.object({
  ruleId: z.string().optional(),
  level: z.string().optional(),
  message: z.object({ text: z.string().optional() }),
  locations: z.array(SarifLocation).optional(),
});
const Sarif = z.object({
  version: z.string(),
  runs: z.array(
    z.object({
      tool: z.object({ driver: z.object({ name: z.string() }) }),
      results: z.array(SarifResult).optional(),
      invocations: z
        .array(
          z.object({
            toolConfigurationNotifications: z.array(SarifResult).optional(),
            toolExecutionNotifications: z.array(SarifResult).optional(),
          }),
        )
        .optional(),
    }),
  ),
});

const SARIF: JsonReportFormat = {
  name: 'SARIF',
  read(json) {
    const parsed = Sarif.safeParse(json);
    if (!parsed.success) return undefined;
    return parsed.data.runs.flatMap((run) => {
      const { tool, category } = knownTool(run.tool.driver.name);
      const notifications = (run.invocations ?? []).flatMap((i) => [
        ...(i.toolConfigurationNotifications ?? []),
        ...(i.toolExecutionNotifications ?? []),
      ]);
      // A notification is about the run (a rule that failed to load) unless it names a file; its
      // descriptor is no rule, so it gets no code.
      const located = notifications.filter((n) => n.locations?.some((l) => l.physicalLocation?.artifactLocation?.uri));
      return [...(run.results ?? []), ...located.map((n) => ({ ...n, ruleId: undefined }))].map((r) =>
        sarifResult(r, tool, category),
      );
    });
  },
};

function sarifResult(r: z.infer<typeof SarifResult>, tool: string, category: DiagnosticCategory): FoundDiagnostic {
  const location = r.locations?.[0]?.physicalLocation;
  // SARIF's default level is `warning`; `note` and `none` are information.
  const d: FoundDiagnostic = {
    tool,
    category: r.ruleId === 'format' ? 'format' : category,
    severity: severityWord(r.level ?? 'warning'),
    message: r.message.text ?? '',
  };
  if (r.ruleId) d.code = r.ruleId;
  if (location?.artifactLocation?.uri) d.file = location.artifactLocation.uri;
  return place(d, { line: line(location?.region?.startLine), column: line(location?.region?.startColumn) });
}

const PyrightJson = z.object({
  generalDiagnostics: z.array(
    z.object({
      file: z.string(),
      severity: z.string(),
      message: z.string(),
      rule: z.string().optional(),
      range: z.object({ start: z.object({ line: z.number(), character: z.number() }) }).optional(),
    }),
  ),
});

const PYRIGHT: JsonReportFormat = {
  name: 'pyright JSON',
  read(json) {
    const parsed = PyrightJson.safeParse(json);
    if (!parsed.success) return undefined;
    return parsed.data.generalDiagnostics.map((p) => {
      const d: FoundDiagnostic = {
        tool: 'pyright',
        category: 'type',
        severity: severityWord(p.severity),
        file: p.file,
        // pyright indents a message's further lines with no-break spaces.
        message: p.message.replace(/\u00a0/g, ' '),
      };
      if (p.rule) d.code = p.rule;
      return place(d, { line: line(p.range?.start.line, 0), column: line(p.range?.start.character, 0) });
    });
  },
};

const RuffJson = z.array(
  z.object({
    code: z.string().nullable(),
    filename: z.string(),
    message: z.string(),
    location: z.object({ row: z.number(), column: z.number() }).optional().nullable(),
    fix: z.unknown().optional(),
  }),
);

const RUFF: JsonReportFormat = {
  name: 'Ruff JSON',
  read(json) {
    const parsed = RuffJson.safeParse(json);
    if (!parsed.success || parsed.data.length === 0) return undefined;
    return parsed.data.map((r) => {
      const d: FoundDiagnostic = {
        tool: 'ruff',
        category: 'lint',
        severity: 'error',
        file: r.filename,
        message: r.message,
      };
      // Ruff reports a file it cannot parse without a code.
      if (r.code) d.code = r.code;
      else d.category = 'syntax';
      if (r.fix !== undefined && r.fix !== null) d.fixable = true;
      return place(d, { line: line(r.location?.row), column: line(r.location?.column) });
    });
  },
};

/** In the order they are tried: the most specific shapes first (an empty ESLint array fits Ruff's too). */
export const JSON_REPORT_FORMATS: readonly JsonReportFormat[] = [SARIF, BIOME, PYRIGHT, ESLINT, RUFF];

const SEVERITY_WORDS: Record<string, DiagnosticSeverity> = {
  error: 'error',
  fatal: 'error',
  warning: 'warning',
  warn: 'warning',
  information: 'info',
  info: 'info',
  note: 'info',
  none: 'info',
  hint: 'info',
};

export function severityWord(word: string): DiagnosticSeverity {
  return SEVERITY_WORDS[word.toLowerCase()] ?? 'error';
}

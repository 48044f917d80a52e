/**
 * Diagnostic frames: what a compiler, type checker, linter or formatter reported (`ToolDiagnostic`),
 * pointed at the user's own code. Each gets a repo-relative file, its source window, the windows of
 * the other places the tool names, and the definition of a symbol its message quotes (the `Item`
 * interface of "Property 'qty' does not exist on type 'Item'"). A diagnostic outside the user's
 * code (vendored, runtime, outside the repository: `repo.resolve`) or in generated or build output
 * (`GENERATED_PATHS`) is not a frame: fixing it is not a change to the sources.
 */
import type { DiagnosticFrame } from '../contracts/failure-frame.js';
import type { ToolDiagnostic } from '../reports/tool-diagnostic.js';
import { createCalleeResolver, type CalleeResolver } from './callee-definitions.js';
import { pruneMessage } from './prune-message.js';
import type { RepoView } from './repo-view.js';
import { countedLines, extractSnippet, type SourceSnippet } from './source-snippet.js';
import { clipLine } from '../text/untrusted-text.js';

/** Paths whose content a tool or build writes: a diagnostic there is fixed in what generates it. */
export const GENERATED_PATHS: ReadonlyArray<{ pattern: RegExp; why: string }> = [
  {
    pattern: /(^|\/)(dist|build|out|target|coverage|\.next|\.nuxt|\.svelte-kit|__generated__)\//,
    why: 'build output, written by the build from the sources',
  },
  { pattern: /\.min\.[cm]?js$/, why: 'a minified bundle' },
  {
    pattern: /\.pb(\.gw)?\.go$|_pb2(_grpc)?\.pyi?$|(^|\/)zz_generated[^/]*\.go$|[._]generated\.[a-z]+$/i,
    why: 'written by a code generator (protobuf, Kubernetes deepcopy, `*.generated.*`)',
  },
];

/** Diagnostic frames built at most (as for test failures: a bound, not a goal). */
export const MAX_DIAGNOSTIC_FRAMES = 100;
/** Symbol definitions looked up for this many frames at most (the first ones). */
const MAX_WITH_DEFINITIONS = 20;
/** Definitions shown per frame, and lines per definition window. */
const MAX_DEFINITIONS = 2;
const MAX_DEFINITION_LINES = 30;
const MAX_RELATED = 3;
/** As `extractSnippet` clips a line. */
const SNIPPET_LINE_LENGTH = 240;

export function isGenerated(file: string): boolean {
  return GENERATED_PATHS.some((g) => g.pattern.test(file));
}

/**
 * One frame per diagnostic at the user's own code, in the order given, at most
 * `MAX_DIAGNOSTIC_FRAMES`; a diagnostic printed twice (two reports, a log and a report) is one.
 */
export async function buildDiagnosticFrames(
  diagnostics: readonly ToolDiagnostic[],
  repo: RepoView,
): Promise<DiagnosticFrame[]> {
  const resolver = createCalleeResolver(repo);
  try {
    const frames: DiagnosticFrame[] = [];
    const seen = new Set<string>();
    for (const d of diagnostics) {
      if (frames.length >= MAX_DIAGNOSTIC_FRAMES) break;
      const file = ownFile(d.file, repo);
      if (!file) continue;
      const frame = frameOf(d, file, repo);
      if (seen.has(frame.id)) continue;
      seen.add(frame.id);
      if (frames.length < MAX_WITH_DEFINITIONS) frame.definitions = await definitionsOf(frame, resolver, repo);
      frames.push(frame);
    }
    return frames;
  } finally {
    resolver.dispose();
  }
}

/** The repo-relative file of a printed path, when it is the user's own, non-generated code. */
function ownFile(raw: string | undefined, repo: RepoView): string | undefined {
  if (!raw) return undefined;
  const verdict = repo.resolve(raw);
  return verdict.kind === 'user' && !isGenerated(verdict.path) ? verdict.path : undefined;
}

function frameOf(d: ToolDiagnostic, file: string, repo: RepoView): DiagnosticFrame {
  const text = repo.readText(file);
  const lines = text === undefined ? undefined : countedLines(text);
  const line = d.line !== undefined && (!lines || d.line <= lines.length) ? d.line : undefined;
  const column = line === undefined ? undefined : (d.column ?? caretColumn(d, lines?.[line - 1]));
  const snippet = line !== undefined && lines ? extractSnippet(lines, line) : undefined;
  const message = pruneMessage(d.message);
  return {
    id: [d.tool, d.code ?? '', file, line ?? ''].join(':'),
    tool: d.tool,
    category: d.category,
    ...(d.code ? { code: d.code } : {}),
    severity: d.severity,
    fails: d.fails,
    message,
    file,
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
    ...(snippet ? { snippet } : {}),
    related: relatedOf(d, repo),
    definitions: [],
    ...(d.fixable ? { fixable: true } : {}),
  };
}

/**
 * Python prints the offending line without its indentation and a caret under it: the column is
 * the caret's offset past the indentation the file's line has, when the line is the one printed.
 */
function caretColumn(d: ToolDiagnostic, fileLine: string | undefined): number | undefined {
  if (!d.caret || fileLine === undefined) return undefined;
  const indent = /^[ \t]*/.exec(fileLine)![0].length;
  if (fileLine.slice(indent).trimEnd() !== d.caret.source.trim()) return undefined;
  const leading = /^[ \t]*/.exec(d.caret.source)![0].length;
  return indent + Math.max(0, d.caret.offset - leading) + 1;
}

function relatedOf(d: ToolDiagnostic, repo: RepoView): DiagnosticFrame['related'] {
  const out: DiagnosticFrame['related'] = [];
  for (const r of d.related ?? []) {
    if (out.length >= MAX_RELATED) break;
    const file = ownFile(r.file, repo);
    if (!file) continue;
    const text = r.line === undefined ? undefined : repo.readText(file);
    const snippet = text === undefined ? undefined : extractSnippet(text, r.line!, { context: 1 });
    out.push({
      file,
      ...(r.line !== undefined ? { line: r.line } : {}),
      message: pruneMessage(r.message, { maxLines: 2 }),
      ...(snippet ? { snippet } : {}),
    });
  }
  return out;
}

/**
 * Names a message gives: quoted (`'Item'`, `"Item"`, `` `&Line` ``, `'const struct line'`: the
 * last word of a short quoted type), and the unquoted forms of Go (`undefined: totl`, `(type Line
 * has no field …)`) and javac (`location: variable item of type Item`). The resolver keeps the
 * ones it finds defined.
 */
export function quotedNames(message: string): string[] {
  const names: string[] = [];
  const head = message.slice(0, 2000);
  for (const m of head.matchAll(/['"`\u2018\u201c]([^'"`\u2019\u201d\n]{1,100})['"`\u2019\u201d]/g)) {
    const name = /^(?:&(?:mut\s+)?|\*|(?:const|struct|enum|class|union)\s+)*([A-Za-z_$][\w$]*)$/.exec(m[1]!.trim());
    if (name) names.push(name[1]!);
  }
  for (const m of head.matchAll(
    /\bundefined: ([A-Za-z_]\w{0,99})|\bof type ([A-Za-z_]\w{0,99})|\(type ([A-Za-z_]\w{0,99}) has\b/g,
  ))
    names.push((m[1] ?? m[2] ?? m[3])!);
  return [...new Set(names)];
}

async function definitionsOf(
  frame: DiagnosticFrame,
  resolver: CalleeResolver,
  repo: RepoView,
): Promise<DiagnosticFrame['definitions']> {
  const names = quotedNames(frame.message);
  if (names.length === 0) return [];
  let found;
  try {
    found = await resolver.definitionsNamed(names, frame.file);
  } catch {
    return [];
  }
  const out: DiagnosticFrame['definitions'] = [];
  for (const d of found) {
    if (out.length >= MAX_DEFINITIONS) break;
    // The flagged line itself is no definition worth showing (`const totl = …` flagged as unused).
    if (d.file === frame.file && frame.line !== undefined && d.startLine <= frame.line && frame.line <= d.endLine)
      continue;
    const snippet = windowOf(repo.readText(d.file), d.startLine, d.endLine);
    if (snippet) out.push({ name: d.name, file: d.file, snippet });
  }
  return out;
}

/** Lines `start`..`end` (at most `MAX_DEFINITION_LINES`), clipped as any snippet's. */
function windowOf(text: string | undefined, start: number, end: number): SourceSnippet | undefined {
  if (text === undefined) return undefined;
  const lines = countedLines(text).slice(start - 1, Math.min(end, start + MAX_DEFINITION_LINES - 1));
  if (lines.length === 0) return undefined;
  return { startLine: start, lines: lines.map((l) => clipLine(l.replace(/\s+$/, ''), SNIPPET_LINE_LENGTH)) };
}

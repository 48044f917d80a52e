/**
 * V8's coverage (`NODE_V8_COVERAGE`: one JSON file per Node process, child processes included) as
 * the lines that ran. A script counts only when it is a file under the repository, outside
 * `node_modules`. When its recorded length is the file's own, its offsets are the file's. When a
 * runner transformed it (vitest, jest's babel, a TypeScript loader), the offsets are those of the
 * generated code: they are mapped back through the script's source map, from Node's own
 * `source-map-cache` or from what the preload (`node-preload.ts`) noted for code run through
 * `node:vm`. A transformed script with no usable map is left out and said so.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeMap, readMapUrl, type DecodedMap, type RawSourceMap } from './source-map.js';

interface V8Range {
  startOffset: number;
  endOffset: number;
  count: number;
}
interface V8Script {
  url: string;
  functions: Array<{ ranges: V8Range[] }>;
}
interface NodeMapCacheEntry {
  data?: RawSourceMap;
  lineLengths?: number[];
}
interface V8Report {
  result?: V8Script[];
  'source-map-cache'?: Record<string, NodeMapCacheEntry>;
}

/** What the preload noted about one script it saw compiled through `node:vm`. */
export interface NotedScript {
  file: string;
  length: number;
  lineLengths: number[];
  lineOffset: number;
  columnOffset: number;
  mapUrl: string;
}

/** How a transformed script's generated code lies, and its map. */
interface Generated {
  lineLengths: readonly number[];
  lineOffset: number;
  columnOffset: number;
  map: DecodedMap;
}

export interface NodeCoverage {
  lines: Map<string, Set<number>>;
  /** Repo files whose recorded script was transformed and could not be mapped back. */
  transformed: Set<string>;
  /** Repo files whose transformed script was mapped back through its source map. */
  mapped: Set<string>;
}

const MAX_FILE_BYTES = 2 * 1024 * 1024;
const MAX_REPORT_BYTES = 64 * 1024 * 1024;
const MAX_MAP_BYTES = 16 * 1024 * 1024;

/** The repo-relative path of an absolute file or file URL, when it is one of the repository's own files. */
function ownFile(urlOrPath: string, root: string): string | undefined {
  let file = urlOrPath;
  if (urlOrPath.startsWith('file://')) {
    try {
      file = fileURLToPath(urlOrPath);
    } catch {
      return undefined;
    }
  } else if (!path.isAbsolute(urlOrPath)) return undefined;
  const rel = path.relative(root, file);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const parts = rel.split(path.sep);
  if (parts.includes('node_modules') || parts[0] === '.git') return undefined;
  return parts.join('/');
}

/** Each offset's count (-1: in no range) and whether it lies inside a function (not only the script's top level). */
function countOffsets(length: number, ranges: readonly V8Range[]): { counts: Int32Array; inner: Uint8Array } {
  const counts = new Int32Array(length).fill(-1);
  const inner = new Uint8Array(length);
  const sorted = [...ranges].sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  // Outer ranges first, so a nested block's count overrides its function's.
  sorted.forEach((r, i) => {
    const from = Math.max(0, r.startOffset);
    const to = Math.min(length, r.endOffset);
    counts.fill(r.count, from, to);
    inner.fill(i === 0 && from === 0 ? 0 : 1, from, to);
  });
  return { counts, inner };
}

/** Per line: something ran in a function on it, or all of it ran (top level). */
class LineRun {
  private readonly state = new Map<number, { inner: boolean; all: boolean }>();

  see(line: number, ran: boolean, inner: boolean): void {
    const s = this.state.get(line) ?? { inner: false, all: true };
    if (ran && inner) s.inner = true;
    if (!ran) s.all = false;
    this.state.set(line, s);
  }

  lines(): number[] {
    return [...this.state].filter(([, s]) => s.inner || s.all).map(([l]) => l);
  }
}

/**
 * Lines with code that ran in a function (or in the script's top level, when the whole line is top
 * level): `export function unused() {` ran only in its `export`, so it does not count.
 */
export function linesRun(source: string, ranges: readonly V8Range[]): Set<number> {
  const { counts, inner } = countOffsets(source.length, ranges);
  const run = new LineRun();
  let line = 1;
  for (let i = 0; i < source.length; i++) {
    const ch = source.charCodeAt(i);
    if (ch === 10) line++;
    else if (ch !== 32 && ch !== 9 && ch !== 13) run.see(line, counts[i]! > 0, inner[i] === 1);
  }
  return new Set(run.lines());
}

/**
 * The original lines a transformed script ran, by source file (absolute paths): each mapped
 * segment of the generated code counts for its original line, at the offset where it starts.
 */
export function mappedLinesRun(
  length: number,
  ranges: readonly V8Range[],
  generated: Generated,
): Map<string, Set<number>> {
  const { counts, inner } = countOffsets(length, ranges);
  const starts: number[] = [];
  let offset = 0;
  for (const len of generated.lineLengths) {
    starts.push(offset);
    offset += len + 1;
  }
  const bySource = new Map<number, LineRun>();
  for (const seg of generated.map.segments) {
    const row = seg.line - generated.lineOffset;
    if (row < 0 || row >= starts.length || generated.map.sources[seg.source] === undefined) continue;
    const at = starts[row]! + seg.column - (row === 0 ? generated.columnOffset : 0);
    if (at < 0 || at >= length) continue;
    const run = bySource.get(seg.source) ?? new LineRun();
    run.see(seg.originalLine + 1, counts[at]! > 0, inner[at] === 1);
    bySource.set(seg.source, run);
  }
  const out = new Map<string, Set<number>>();
  for (const [source, run] of bySource) {
    const file = generated.map.sources[source]!;
    out.set(file, new Set([...(out.get(file) ?? []), ...run.lines()]));
  }
  return out;
}

function readJson<T>(file: string, maxBytes: number): T {
  if (statSync(file).size > maxBytes) throw new Error(`${file} is over ${maxBytes} bytes`);
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** What the preload noted (one JSON line a script), by absolute file. */
function readNotedScripts(dir: string | undefined): Map<string, NotedScript[]> {
  const out = new Map<string, NotedScript[]>();
  let names: string[];
  try {
    names = dir ? readdirSync(dir).filter((n) => /^maps-.*\.jsonl$/.test(n)) : [];
  } catch {
    return out;
  }
  for (const name of names.sort()) {
    let text: string;
    try {
      const file = path.join(dir!, name);
      if (statSync(file).size > MAX_REPORT_BYTES) continue;
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const row of text.split('\n')) {
      const s = parseNoted(row);
      if (s) out.set(s.file, [...(out.get(s.file) ?? []), s]);
    }
  }
  return out;
}

function parseNoted(row: string): NotedScript | undefined {
  if (!row.trim()) return undefined;
  try {
    const s = JSON.parse(row) as Partial<NotedScript>;
    const ok =
      typeof s.file === 'string' &&
      typeof s.mapUrl === 'string' &&
      typeof s.length === 'number' &&
      Array.isArray(s.lineLengths) &&
      s.lineLengths.every((n) => Number.isInteger(n) && n >= 0);
    return ok
      ? { ...(s as NotedScript), lineOffset: Number(s.lineOffset) || 0, columnOffset: Number(s.columnOffset) || 0 }
      : undefined;
  } catch {
    return undefined;
  }
}

function readSmallFile(file: string): string | undefined {
  try {
    return statSync(file).size > MAX_MAP_BYTES ? undefined : readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The generated code's shape and map for a transformed script of `length`, when one is known. */
function generatedFor(
  script: V8Script,
  file: string,
  length: number,
  report: V8Report,
  noted: Map<string, NotedScript[]>,
): Generated | undefined {
  try {
    const cached = report['source-map-cache']?.[script.url];
    if (cached?.data && Array.isArray(cached.lineLengths)) {
      const total = cached.lineLengths.reduce((a, b) => a + b + 1, -1);
      if (total === length)
        return { lineLengths: cached.lineLengths, lineOffset: 0, columnOffset: 0, map: decodeMap(cached.data, file) };
    }
    const seen = (noted.get(file) ?? []).filter((s) => s.length === length).at(-1);
    if (!seen) return undefined;
    const raw = readMapUrl(seen.mapUrl, file, readSmallFile);
    if (!raw) return undefined;
    return {
      lineLengths: seen.lineLengths,
      lineOffset: seen.lineOffset,
      columnOffset: seen.columnOffset,
      map: decodeMap(raw, file),
    };
  } catch {
    return undefined;
  }
}

function addLines(into: Map<string, Set<number>>, rel: string, lines: Iterable<number>): void {
  const own = into.get(rel) ?? new Set<number>();
  for (const l of lines) own.add(l);
  into.set(rel, own);
}

/** Every coverage file in `dir`, merged, with the preload's notes from `mapsDir`; unreadable ones are skipped. */
export function readNodeCoverage(dir: string, root: string, mapsDir?: string): NodeCoverage {
  const coverage: NodeCoverage = { lines: new Map(), transformed: new Set(), mapped: new Set() };
  const realRoot = path.resolve(root);
  const noted = readNotedScripts(mapsDir);
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => /^coverage-.*\.json$/.test(f));
  } catch {
    return coverage;
  }
  for (const name of files.sort()) {
    let report: V8Report;
    try {
      report = readJson<V8Report>(path.join(dir, name), MAX_REPORT_BYTES);
    } catch {
      continue;
    }
    for (const script of Array.isArray(report.result) ? report.result : [])
      readScript(script, report, realRoot, noted, coverage);
  }
  for (const rel of coverage.lines.keys()) coverage.transformed.delete(rel);
  return coverage;
}

function readScript(
  script: V8Script,
  report: V8Report,
  root: string,
  noted: Map<string, NotedScript[]>,
  coverage: NodeCoverage,
): void {
  const rel = ownFile(script.url, root);
  if (!rel) return;
  const file = path.join(root, rel);
  const source = readSource(file);
  const ranges = script.functions.flatMap((f) => f.ranges);
  const length = Math.max(0, ...ranges.map((r) => r.endOffset));
  if (source !== undefined && length === source.length) {
    addLines(coverage.lines, rel, linesRun(source, ranges));
    return;
  }
  const generated = generatedFor(script, file, length, report, noted);
  if (!generated) {
    coverage.transformed.add(rel);
    return;
  }
  coverage.mapped.add(rel);
  for (const [abs, lines] of mappedLinesRun(length, ranges, generated)) {
    const own = ownFile(abs, root);
    if (own && lines.size > 0) addLines(coverage.lines, own, lines);
  }
}

function readSource(file: string): string | undefined {
  try {
    if (statSync(file).size > MAX_FILE_BYTES) return undefined;
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

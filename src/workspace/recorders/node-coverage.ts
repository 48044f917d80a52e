/**
 * V8's coverage (`NODE_V8_COVERAGE`: one JSON file per Node process, child processes included) as
 * the lines that ran. A script counts only when it is a file under the repository, outside
 * `node_modules`, and its recorded length is the file's own: a script a runner transformed (vitest,
 * jest's module wrapper, TypeScript) has offsets of the transformed code, which would point at the
 * wrong lines, so it is left out and said so.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface V8Range {
  startOffset: number;
  endOffset: number;
  count: number;
}
interface V8Script {
  url: string;
  functions: Array<{ ranges: V8Range[] }>;
}

export interface NodeCoverage {
  lines: Map<string, Set<number>>;
  /** Repo files whose recorded script was not the file itself (transformed). */
  transformed: Set<string>;
}

const MAX_FILE_BYTES = 2 * 1024 * 1024;
const MAX_REPORT_BYTES = 64 * 1024 * 1024;

/** The repo-relative path of a script URL, when it is one of the repository's own files. */
function ownFile(url: string, root: string): string | undefined {
  if (!url.startsWith('file://')) return undefined;
  let file: string;
  try {
    file = fileURLToPath(url);
  } catch {
    return undefined;
  }
  const rel = path.relative(root, file);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const parts = rel.split(path.sep);
  if (parts.includes('node_modules') || parts[0] === '.git') return undefined;
  return parts.join('/');
}

/**
 * Lines with code that ran in a function (or in the script's top level, when the whole line is top
 * level): `export function unused() {` ran only in its `export`, so it does not count.
 */
export function linesRun(source: string, ranges: readonly V8Range[]): Set<number> {
  const counts = new Int32Array(source.length).fill(-1);
  const inner = new Uint8Array(source.length);
  const sorted = [...ranges].sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  // Outer ranges first, so a nested block's count overrides its function's.
  sorted.forEach((r, i) => {
    const from = Math.max(0, r.startOffset);
    const to = Math.min(source.length, r.endOffset);
    counts.fill(r.count, from, to);
    inner.fill(i === 0 && from === 0 ? 0 : 1, from, to);
  });
  const out = new Set<number>();
  let line = 1;
  let ranInner = false;
  let allRan = true;
  let any = false;
  for (let i = 0; i <= source.length; i++) {
    const ch = i < source.length ? source.charCodeAt(i) : 10;
    if (ch === 10) {
      if (any && (ranInner || allRan)) out.add(line);
      line++;
      ranInner = any = false;
      allRan = true;
    } else if (ch !== 32 && ch !== 9 && ch !== 13) {
      any = true;
      if (counts[i]! > 0 && inner[i]) ranInner = true;
      if (!(counts[i]! > 0)) allRan = false;
    }
  }
  return out;
}

function readScripts(file: string): V8Script[] {
  if (statSync(file).size > MAX_REPORT_BYTES) return [];
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { result?: V8Script[] };
  return Array.isArray(parsed.result) ? parsed.result : [];
}

/** Every coverage file in `dir`, merged; unreadable ones are skipped. */
export function readNodeCoverage(dir: string, root: string): NodeCoverage {
  const lines = new Map<string, Set<number>>();
  const transformed = new Set<string>();
  const realRoot = path.resolve(root);
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => /^coverage-.*\.json$/.test(f));
  } catch {
    return { lines, transformed };
  }
  for (const name of files.sort()) {
    let scripts: V8Script[];
    try {
      scripts = readScripts(path.join(dir, name));
    } catch {
      continue;
    }
    for (const script of scripts) {
      const rel = ownFile(script.url, realRoot);
      if (!rel) continue;
      const source = readSource(path.join(realRoot, rel));
      const ranges = script.functions.flatMap((f) => f.ranges);
      const length = Math.max(0, ...ranges.map((r) => r.endOffset));
      if (source === undefined || length !== source.length) {
        transformed.add(rel);
        continue;
      }
      const own = lines.get(rel) ?? new Set<number>();
      for (const l of linesRun(source, ranges)) own.add(l);
      lines.set(rel, own);
    }
  }
  for (const rel of lines.keys()) transformed.delete(rel);
  return { lines, transformed };
}

function readSource(file: string): string | undefined {
  try {
    if (statSync(file).size > MAX_FILE_BYTES) return undefined;
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

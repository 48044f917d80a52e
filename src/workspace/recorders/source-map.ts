/**
 * Source Map v3 for the Node recorder: V8 counts offsets in the code it ran, and a runner that
 * transformed a file (vitest, jest's babel, a TypeScript loader) ran other code than the file's.
 * Its source map says which original line each piece of the generated code came from. Only what the
 * recorder needs: the `mappings` VLQ decoder and the sources resolved to absolute paths.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RawSourceMap {
  version?: number;
  sources?: unknown;
  sourceRoot?: unknown;
  mappings?: unknown;
  sections?: unknown;
}

/** One mapped piece of generated code: 0-based generated line and column, source index, 0-based original line. */
export interface MappedSegment {
  line: number;
  column: number;
  source: number;
  originalLine: number;
}

export interface DecodedMap {
  /** Absolute paths of the map's sources (undefined where a source is not a local file). */
  sources: Array<string | undefined>;
  segments: MappedSegment[];
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE64.length; i++) DIGIT[BASE64.charCodeAt(i)] = i;

/** Segments a map may hold before it is refused (a bound on memory, not a format rule). */
export const MAX_SEGMENTS = 2_000_000;

/**
 * The segments of a `mappings` string that name a source, in order. Throws on a malformed string
 * (a bad digit, a value cut short), so a broken map is never half-used.
 */
export function decodeMappings(mappings: string): MappedSegment[] {
  const out: MappedSegment[] = [];
  // Every field is relative to the one before it; the generated column restarts at each line.
  const state = { line: 0, column: 0, source: 0, originalLine: 0, originalColumn: 0, name: 0 };
  let i = 0;
  while (i < mappings.length) {
    const ch = mappings.charCodeAt(i);
    if (ch === 59 /* ; */ || ch === 44 /* , */) {
      if (ch === 59) [state.line, state.column] = [state.line + 1, 0];
      i++;
      continue;
    }
    const fields: number[] = [];
    while (i < mappings.length && mappings.charCodeAt(i) !== 44 && mappings.charCodeAt(i) !== 59) {
      const [value, next] = readVlq(mappings, i);
      fields.push(value);
      i = next;
    }
    if (fields.length !== 1 && fields.length !== 4 && fields.length !== 5)
      throw new Error(`a segment of ${fields.length} fields on generated line ${state.line + 1}`);
    state.column += fields[0]!;
    if (fields.length === 1) continue;
    state.source += fields[1]!;
    state.originalLine += fields[2]!;
    state.originalColumn += fields[3]!;
    out.push({ line: state.line, column: state.column, source: state.source, originalLine: state.originalLine });
    if (out.length > MAX_SEGMENTS) throw new Error(`more than ${MAX_SEGMENTS} segments`);
  }
  return out;
}

/** One base64 VLQ value at `at`: the value and where the next one starts. */
function readVlq(text: string, at: number): [number, number] {
  let value = 0;
  let shift = 0;
  let i = at;
  for (;;) {
    if (i >= text.length) throw new Error('the mappings end inside a value');
    const code = text.charCodeAt(i++);
    const digit = code < 128 ? DIGIT[code]! : -1;
    if (digit < 0 || shift > 30) throw new Error(`bad VLQ digit at ${i - 1} of the mappings`);
    value += (digit & 31) * 2 ** shift;
    shift += 5;
    if (!(digit & 32)) break;
  }
  return [value % 2 ? -Math.floor(value / 2) : Math.floor(value / 2), i];
}

/** A map's sources as absolute paths, resolved like a browser would: against `sourceRoot`, then the script. */
export function resolveSources(map: RawSourceMap, scriptFile: string): Array<string | undefined> {
  const root = typeof map.sourceRoot === 'string' ? map.sourceRoot : '';
  const sources = Array.isArray(map.sources) ? map.sources : [];
  return sources.map((s) => {
    if (typeof s !== 'string' || !s) return undefined;
    const joined = root && !/^[a-z]+:|^\//i.test(s) ? `${root.replace(/\/?$/, '/')}${s}` : s;
    if (joined.startsWith('file://')) {
      try {
        return fileURLToPath(joined);
      } catch {
        return undefined;
      }
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(joined)) return undefined;
    return path.resolve(path.dirname(scriptFile), joined);
  });
}

export function decodeMap(map: RawSourceMap, scriptFile: string): DecodedMap {
  if (map.sections !== undefined) throw new Error('indexed source maps (sections) are not read');
  if (typeof map.mappings !== 'string') throw new Error('the source map has no mappings');
  return { sources: resolveSources(map, scriptFile), segments: decodeMappings(map.mappings) };
}

/** The JSON of a `sourceMappingURL` value: an inline `data:` URL, else a file beside the script (bounded). */
export function readMapUrl(
  value: string,
  scriptFile: string,
  readFile: (file: string) => string | undefined,
): RawSourceMap | undefined {
  if (value.startsWith('data:')) {
    const comma = value.indexOf(',');
    if (comma < 0) return undefined;
    const meta = value.slice(5, comma);
    const body = value.slice(comma + 1);
    const text = /;base64$/i.test(meta) ? Buffer.from(body, 'base64').toString('utf8') : decodeURIComponent(body);
    return JSON.parse(text) as RawSourceMap;
  }
  let file: string;
  try {
    file = value.startsWith('file://') ? fileURLToPath(value) : path.resolve(path.dirname(scriptFile), value);
  } catch {
    return undefined;
  }
  const text = readFile(file);
  return text === undefined ? undefined : (JSON.parse(text) as RawSourceMap);
}

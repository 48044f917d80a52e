/**
 * The files the tests read in a recorded run, as the read recorders wrote them (Python's audit
 * hook, `reads-<pid>.json`; Node's `fs` wrappers, `reads-<pid>-<thread>.jsonl`): repo-relative
 * paths, each with the pytest test that read it when one was running. What the recorders wrote is
 * untrusted (a test can write into their folder): every path is checked again to be a plain
 * repo-relative path, and the whole is bounded. Reading never throws.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ObservedRead {
  /** Repo-relative, `/`-separated. */
  file: string;
  /** The runner's id of the test that read it (pytest's node id); absent outside a test or when unknown. */
  test?: string;
}

export interface ObservedReads {
  reads: ObservedRead[];
  /** A recorder or this reader reached its bound: more was read than is listed. */
  truncated: boolean;
}

/** Reads kept per run (the recorders keep 256 per process). */
export const MAX_OBSERVED_READS = 256;
const MAX_PATH_CHARS = 1024;
const MAX_FILE_BYTES = 1 << 20;
const MAX_FILES = 512;

/** A plain repo-relative path, or undefined (absolute, `..`, empty parts, control characters). */
function repoRelative(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_PATH_CHARS) return undefined;
  if (/[\u0000-\u001f\u007f]/.test(value) || value.startsWith('/') || value.includes('\\')) return undefined;
  const parts = value.split('/');
  return parts.every((p) => p !== '' && p !== '.' && p !== '..') ? value : undefined;
}

function testId(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_PATH_CHARS ? value : undefined;
}

/** The raw records of one recorder file: Python's `{reads, truncated}` or Node's JSON lines. */
function recordsOf(file: string): { records: unknown[]; truncated: boolean } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { records: [], truncated: false };
  }
  if (text.length > MAX_FILE_BYTES) return { records: [], truncated: true };
  if (file.endsWith('.jsonl')) {
    const records: unknown[] = [];
    for (const line of text.split('\n')) {
      try {
        if (line.trim()) records.push(JSON.parse(line));
      } catch {
        // A line cut by a killed process is skipped.
      }
    }
    return { records, truncated: false };
  }
  try {
    const parsed = JSON.parse(text) as { reads?: unknown; truncated?: unknown };
    return { records: Array.isArray(parsed.reads) ? parsed.reads : [], truncated: parsed.truncated === true };
  } catch {
    return { records: [], truncated: false };
  }
}

/** Every read the recorders wrote into `dirs`, deduplicated, in a stable order, bounded. */
export function readObservedReads(dirs: readonly string[], max = MAX_OBSERVED_READS): ObservedReads {
  const seen = new Set<string>();
  const reads: ObservedRead[] = [];
  let truncated = false;
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir)
        .filter((n) => /^reads-[\d-]+\.jsonl?$/.test(n))
        .sort();
    } catch {
      continue;
    }
    if (names.length > MAX_FILES) truncated = true;
    for (const name of names.slice(0, MAX_FILES)) {
      const { records, truncated: cut } = recordsOf(path.join(dir, name));
      truncated ||= cut;
      for (const record of records) {
        const r = (record ?? {}) as { file?: unknown; test?: unknown };
        const file = repoRelative(r.file);
        if (!file) continue;
        const test = testId(r.test);
        const key = `${file}\0${test ?? ''}`;
        if (seen.has(key)) continue;
        if (reads.length >= max) {
          truncated = true;
          break;
        }
        seen.add(key);
        reads.push(test ? { file, test } : { file });
      }
    }
  }
  return { reads, truncated };
}

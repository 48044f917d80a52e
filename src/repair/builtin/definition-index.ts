/**
 * Where functions of a given name are defined in the repository, kept for the life of a provider
 * (a heal run restores the tree between attempts, so files do not change under it). Each file is
 * read once and reduced to the names it seems to define (a cheap regex superset); only files that
 * may define a wanted name are parsed, and their exact definitions cached.
 */
import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { definitionsIn, type Definition } from './definitions.js';
import { SourceStore } from './source-store.js';
import { familyForFile, MAX_SOURCE_CHARS } from './syntax-tree.js';

const PY_DEFS = /^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+([A-Za-z_]\w*)/gm;
const JS_DEFS = [
  /\b(?:function\*?|class)[ \t]+([A-Za-z_$][\w$]*)/g,
  /([A-Za-z_$][\w$]*)[ \t]*[:=][ \t]*(?:async[ \t]*)?(?:function\b|\([^)\n]*\)[ \t]*(?::[^=\n]*)?=>|[A-Za-z_$][\w$]*[ \t]*=>)/g,
  /^[ \t]*(?:(?:static|async|get|set|public|private|protected)[ \t]+)*([A-Za-z_$][\w$]*)[ \t]*(?:<[^>\n]*>)?\([^)\n]*\)[^{;\n]*\{/gm,
];

/** Names a file may define (a superset: anything that looks like a definition). */
export function namesDefinedIn(file: string, text: string): Set<string> {
  const out = new Set<string>();
  const patterns = familyForFile(file) === 'python' ? [PY_DEFS] : JS_DEFS;
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) out.add(m[1]!);
  return out;
}

/**
 * A quick synchronous read for the name scan (thousands of small files: the promise API's
 * per-call overhead dominates). Only names are taken from it, and a file that may define one is
 * then read through the store's guarded path; symlinks and oversized files are skipped here too.
 */
function peek(root: string, file: string): string | undefined {
  const rel = SourceStore.normalise(file);
  if (!rel) return undefined;
  const full = path.join(root, rel);
  try {
    const info = lstatSync(full);
    if (!info.isFile() || info.size > MAX_SOURCE_CHARS * 4) return undefined;
    return readFileSync(full, 'utf8');
  } catch {
    return undefined;
  }
}

export class DefinitionIndex {
  private readonly defined = new Map<string, Set<string>>();
  private readonly parsed = new Map<string, Definition[]>();

  /** Definitions of `names` among the first `cap` usable files of `order`. */
  async lookup(names: ReadonlySet<string>, order: readonly string[], store: SourceStore, cap: number): Promise<Definition[]> {
    const out: Definition[] = [];
    if (!names.size) return out;
    let scanned = 0;
    for (const file of order) {
      if (++scanned > cap) break;
      let defined = this.defined.get(file);
      if (!defined) {
        const text = peek(store.root, file);
        defined = text === undefined ? new Set() : namesDefinedIn(file, text);
        this.defined.set(file, defined);
      }
      if (![...names].some((n) => defined!.has(n))) continue;
      let defs = this.parsed.get(file);
      if (!defs) {
        const source = await store.parse(file);
        defs = source ? definitionsIn(source) : [];
        this.parsed.set(file, defs);
      }
      for (const d of defs) if (names.has(d.name)) out.push(d);
    }
    return out;
  }
}

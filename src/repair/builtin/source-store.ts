/**
 * Reads and parses the repository's source files for one search, each at most once. Reads stay
 * inside the repo root (no `..`, no absolute paths, no symlinks) and are bounded in size; the
 * trees are freed by `dispose()` (tree-sitter trees live in WebAssembly memory, not the JS heap).
 */
import { lstat, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { MAX_SOURCE_CHARS, parseSource, type ParsedSource } from './syntax-tree.js';

export class SourceStore {
  private readonly texts = new Map<string, Promise<string | undefined>>();
  private readonly parsed = new Map<string, Promise<ParsedSource | undefined>>();
  private realRoot?: Promise<string>;

  constructor(readonly root: string) {}

  /** A repo-relative path in normal form, or undefined when it would leave the repo. */
  static normalise(file: string): string | undefined {
    const posix = file.replace(/\\/g, '/');
    if (posix.startsWith('/') || /^[a-zA-Z]:/.test(posix)) return undefined;
    const normal = path.posix.normalize(posix);
    if (normal === '.' || normal.startsWith('../') || normal === '..' || normal.startsWith('.git/')) return undefined;
    return normal;
  }

  text(file: string): Promise<string | undefined> {
    const rel = SourceStore.normalise(file);
    if (!rel) return Promise.resolve(undefined);
    let pending = this.texts.get(rel);
    if (!pending) {
      pending = this.read(rel);
      this.texts.set(rel, pending);
    }
    return pending;
  }

  parse(file: string): Promise<ParsedSource | undefined> {
    const rel = SourceStore.normalise(file);
    if (!rel) return Promise.resolve(undefined);
    let pending = this.parsed.get(rel);
    if (!pending) {
      pending = this.text(rel).then((text) => (text === undefined ? undefined : parseSource(rel, text)));
      this.parsed.set(rel, pending);
    }
    return pending;
  }

  async dispose(): Promise<void> {
    for (const pending of this.parsed.values()) (await pending)?.tree.delete();
    this.parsed.clear();
    this.texts.clear();
  }

  private async read(rel: string): Promise<string | undefined> {
    const full = path.join(this.root, rel);
    try {
      const info = await lstat(full);
      if (!info.isFile() || info.size > MAX_SOURCE_CHARS * 4) return undefined;
      // A symlinked directory on the way could still lead out of the repo.
      this.realRoot ??= realpath(this.root);
      const [real, realRoot] = await Promise.all([realpath(full), this.realRoot]);
      if (!real.startsWith(realRoot + path.sep)) return undefined;
      const text = await readFile(full, 'utf8');
      return text.length > MAX_SOURCE_CHARS ? undefined : text;
    } catch {
      return undefined;
    }
  }
}

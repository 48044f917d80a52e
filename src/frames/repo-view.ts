/**
 * The part of a work tree the frames stage may look at: which files belong to the repository and
 * their text. One view per run: `git ls-files` runs once, and file contents are read once.
 */
import { realpathSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { git, splitNul } from '../workspace/git.js';
import { createPathResolver, type PathResolver } from '../workspace/repo-paths.js';

/** Lists the repository's files, repo-relative; `undefined` when `root` is not inside a git work tree. */
export type ListRepoFiles = (root: string) => Promise<string[] | undefined>;

export interface RepoView extends PathResolver {
  /** The file's text, or undefined when it is missing, not a regular file inside the root, binary or too large. */
  readText(file: string): string | undefined;
}

export interface RepoViewOptions {
  listFiles?: ListRepoFiles;
  /** Files larger than this are not read (a generated bundle is no place for a snippet). */
  maxFileBytes?: number;
}

const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Bounds for the walk used when the root is not a git work tree. */
const WALK_MAX_FILES = 200_000;
const WALK_MAX_DEPTH = 40;
const WALK_SKIP = new Set(['.git', 'node_modules', '.venv', 'venv', 'target', '__pycache__', '.tox', '.nox']);

/**
 * `git ls-files` in `root`: the files git tracks under it, relative to it. A failure (not a
 * repository, git missing, a "dubious ownership" refusal in a container) means "no answer", and
 * the caller walks the disk instead.
 */
export const listGitFiles: ListRepoFiles = async (root) => {
  try {
    const { stdout } = await git({ cwd: root }, ['ls-files', '-z', '--cached']);
    return splitNul(stdout);
  } catch {
    return undefined;
  }
};

/** Every regular file under `root` (bounded), for a root that is not a git work tree. */
export function listFilesOnDisk(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string, depth: number): void => {
    if (depth > WALK_MAX_DEPTH || out.length >= WALK_MAX_FILES) return;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (out.length >= WALK_MAX_FILES) return;
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!WALK_SKIP.has(entry.name)) walk(path.join(dir, entry.name), childRel, depth + 1);
      } else if (entry.isFile()) out.push(childRel);
    }
  };
  walk(root, '', 0);
  return out;
}

export async function openRepoView(root: string, options: RepoViewOptions = {}): Promise<RepoView> {
  const absoluteRoot = path.resolve(root);
  const listed = await (options.listFiles ?? listGitFiles)(absoluteRoot);
  // Nothing tracked under the root (a fresh `git init`, a directory not yet added) is treated like
  // no repository: the files on disk are the user's.
  const files = listed?.length ? listed : listFilesOnDisk(absoluteRoot);
  const resolver = createPathResolver(absoluteRoot, files);
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  let realRoot: string;
  try {
    realRoot = realpathSync(absoluteRoot);
  } catch {
    realRoot = absoluteRoot;
  }
  const texts = new Map<string, string | undefined>();

  function read(file: string): string | undefined {
    try {
      // A tracked symlink can point anywhere (`config -> /etc/…`, a secrets file): only files whose
      // real path stays inside the root are read, so a snippet never carries outside content.
      const real = realpathSync(path.join(absoluteRoot, file));
      if (real !== realRoot && !real.startsWith(realRoot + path.sep)) return undefined;
      const stat = statSync(real);
      if (!stat.isFile() || stat.size > maxBytes) return undefined;
      const buffer = readFileSync(real);
      if (buffer.includes(0)) return undefined;
      return buffer.toString('utf8');
    } catch {
      return undefined;
    }
  }

  return {
    ...resolver,
    readText(file: string): string | undefined {
      if (!resolver.files.has(file)) return undefined;
      if (!texts.has(file)) texts.set(file, read(file));
      return texts.get(file);
    },
  };
}

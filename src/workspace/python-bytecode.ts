/**
 * Python's bytecode caches stay the user's; only the cached bytecode of a source that changed
 * between two test runs goes.
 *
 * Python trusts a `.pyc` whose recorded source size and mtime (whole seconds) match the source, so
 * an edit of the same size within the same second (or one that keeps the mtime, and a rollback
 * that lands in the second of the edit it undoes) would run the code from before it. Before each
 * run, every Python source whose content differs from what the previous run saw has its cached
 * bytecode removed: `__pycache__/<name>.<tag>[.opt-N].pyc` beside it, and the same file under the
 * run's `PYTHONPYCACHEPREFIX` when one is set. Nothing else is touched, so pytest, its plugins,
 * the installed packages and every unchanged module load from the cache as in a plain run.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** What importlib compiles and caches (`importlib.machinery.SOURCE_SUFFIXES`, plus Windows' `.pyw`). */
const PYTHON_SOURCE = /\.pyw?$/;

/** Content fingerprint of a source as a run saw it; `absent` for a deleted one. */
function fingerprint(abs: string): string {
  try {
    return createHash('sha1').update(readFileSync(abs)).digest('hex');
  } catch {
    return 'absent';
  }
}

/**
 * The cached bytecode files of `abs` that exist: `<dir>/__pycache__/<stem>.<tag>[.opt-N].pyc`,
 * and `<prefix>/<dir without its root>/<stem>.<tag>[.opt-N].pyc` under a cache prefix. The tag
 * (`cpython-311`, `pypy39`) has no dot, so `calc.py` never matches `calc.fast.py`'s bytecode.
 */
export function cachedBytecode(abs: string, prefix?: string): string[] {
  const dir = path.dirname(abs);
  const stem = path.basename(abs).replace(PYTHON_SOURCE, '');
  const escaped = stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const own = new RegExp(`^${escaped}\\.[^.]+(\\.opt-\\d+)?\\.pyc$`);
  const dirs = [path.join(dir, '__pycache__')];
  if (prefix) dirs.push(path.join(prefix, path.relative(path.parse(dir).root, dir)));
  const found: string[] = [];
  for (const d of dirs) {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      continue;
    }
    for (const name of names) if (own.test(name)) found.push(path.join(d, name));
  }
  return found;
}

export interface BytecodeGuard {
  /**
   * Before a run: removes the cached bytecode of every Python source among `changed` (paths that
   * differ from the snapshot now) and those that differed at the previous run, whose content is
   * not what the previous run saw. Returns the removed files.
   */
  beforeRun(changed: readonly string[], env: NodeJS.ProcessEnv): string[];
}

/** `root`: the repository (changed paths are relative to it); `cwd`: where the runs start. */
export function createBytecodeGuard(root: string, cwd: string): BytecodeGuard {
  /** Python sources that differed from the snapshot at the previous run → their content then. */
  let seen = new Map<string, string>();
  return {
    beforeRun(changed, env) {
      const now = new Map<string, string>();
      for (const p of changed) if (PYTHON_SOURCE.test(p)) now.set(p, fingerprint(path.join(root, p)));
      const stale = new Set<string>();
      for (const [p, print] of now) if (seen.get(p) !== print) stale.add(p);
      // Back as at the snapshot now, but not at the previous run (a rollback).
      for (const p of seen.keys()) if (!now.has(p)) stale.add(p);
      seen = now;
      if (stale.size === 0) return [];
      const raw = env.PYTHONPYCACHEPREFIX;
      // Python makes a relative prefix absolute against its working directory.
      const prefix = raw ? path.resolve(cwd, raw) : undefined;
      const removed: string[] = [];
      for (const p of stale) {
        for (const file of cachedBytecode(path.join(root, p), prefix)) {
          rmSync(file, { force: true });
          removed.push(file);
        }
      }
      return removed;
    },
  };
}

/**
 * Go's cover profile (`-coverprofile`, asked for through `GOFLAGS` with `-coverpkg=./...` so the
 * packages a test calls into count too) as the lines that ran. Profile lines name files by import
 * path; the module path from `go.mod` maps them back to the repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PROFILE_LINE = /^(.+\.go):(\d+)\.\d+,(\d+)\.\d+ \d+ (\d+)$/;

/** The module path and directory of the nearest `go.mod` at or above `cwd`, up to `root`. */
export function findModule(cwd: string, root: string): { module: string; dir: string } | undefined {
  let dir = path.resolve(cwd);
  for (;;) {
    const mod = path.join(dir, 'go.mod');
    if (existsSync(mod)) {
      const m = /^module\s+(\S+)/m.exec(readFileSync(mod, 'utf8'));
      return m ? { module: m[1]!.replace(/^"|"$/g, ''), dir } : undefined;
    }
    if (dir === path.resolve(root) || path.dirname(dir) === dir) return undefined;
    dir = path.dirname(dir);
  }
}

export function readGoProfile(file: string, cwd: string, root: string): Map<string, Set<number>> {
  const lines = new Map<string, Set<number>>();
  const mod = findModule(cwd, root);
  if (!mod || !existsSync(file)) return lines;
  for (const row of readFileSync(file, 'utf8').split('\n')) {
    const m = PROFILE_LINE.exec(row.trim());
    if (!m || m[4] === '0') continue;
    const [, importPath, from, to] = m;
    if (!importPath!.startsWith(`${mod.module}/`)) continue;
    const abs = path.join(mod.dir, importPath!.slice(mod.module.length + 1));
    const rel = path.relative(root, abs).split(path.sep).join('/');
    if (rel.startsWith('..') || rel.split('/').includes('vendor')) continue;
    const set = lines.get(rel) ?? new Set<number>();
    for (let l = Number(from); l <= Number(to) && l - Number(from) < 10_000; l++) set.add(l);
    lines.set(rel, set);
  }
  return lines;
}

/**
 * The action bundle the end-to-end tests run: built by scripts/build.mjs's `buildBundles`, as
 * dist/ is (dist/ itself belongs to the coordinator and may lag behind src/), into a cache keyed by
 * the sources under the system temp folder, so repeated runs reuse it and nothing outside the bundle
 * can be resolved. Layout as in dist/: `<dir>/action/index.js`, `<dir>/grammars/`.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildBundles } from '../../scripts/build.mjs';

const ROOT = path.join(import.meta.dirname, '..', '..');

function hashSources(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else hash.update(p.slice(ROOT.length)).update(readFileSync(p));
    }
  };
  walk(path.join(ROOT, 'src'));
  // The build script too: it holds ncc's options.
  for (const f of ['package-lock.json', 'tsconfig.json', 'scripts/build.mjs'])
    hash.update(readFileSync(path.join(ROOT, f)));
  return hash.digest('hex').slice(0, 16);
}

/** Build (or reuse) the bundle; returns the dist-like folder. */
export function actionBundle(): string {
  // Outside the project on purpose: a bundle under node_modules/ would resolve whatever it failed to
  // bundle from there and pass, while on a runner dist/ stands alone.
  const cache = path.join(tmpdir(), 'self-heal-action-bundle');
  mkdirSync(cache, { recursive: true });
  const dir = path.join(cache, hashSources());
  if (existsSync(path.join(dir, 'action', 'index.js'))) return dir;
  const building = `${dir}.building-${process.pid}`;
  try {
    buildBundles({ outDir: building, entries: ['action'], stdio: 'pipe' });
  } catch (error) {
    const e = error as { stderr?: Buffer; stdout?: Buffer };
    throw new Error(
      `ncc could not build the action:\n${(e.stderr ?? e.stdout ?? '')
        .toString()
        .split('\n')
        .filter((l) => !l.startsWith('    at '))
        .slice(0, 30)
        .join('\n')}`,
      { cause: error },
    );
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
  pruneCache(cache, dir);
  return dir;
}

/** Keep the cache small: drop bundles (and abandoned builds) older than an hour, except this one. */
function pruneCache(cache: string, keep: string): void {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(cache)) {
    const p = path.join(cache, name);
    if (p !== keep && statSync(p).mtimeMs < hourAgo) rmSync(p, { recursive: true, force: true });
  }
}

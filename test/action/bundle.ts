/**
 * The action bundle the end-to-end tests run: built with ncc exactly as scripts/build.mjs builds
 * dist/ (dist/ itself belongs to the coordinator and may lag behind src/), into a cache keyed by the
 * sources under the system temp folder, so repeated runs reuse it and nothing outside the bundle can
 * be resolved. Layout as in dist/: `<dir>/action/index.js`, `<dir>/grammars/`.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);

const GRAMMARS: Record<string, string> = {
  'tree-sitter.wasm': 'web-tree-sitter',
  'tree-sitter-python.wasm': 'tree-sitter-python',
  'tree-sitter-javascript.wasm': 'tree-sitter-javascript',
  'tree-sitter-typescript.wasm': 'tree-sitter-typescript',
  'tree-sitter-tsx.wasm': 'tree-sitter-typescript',
  'tree-sitter-go.wasm': 'tree-sitter-go',
  'tree-sitter-java.wasm': 'tree-sitter-java',
  'tree-sitter-rust.wasm': 'tree-sitter-rust',
};

function packageFile(pkg: string, file: string): string {
  let dir = path.dirname(require.resolve(pkg));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return path.join(dir, file);
}

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
  for (const f of ['package-lock.json', 'tsconfig.json']) hash.update(readFileSync(path.join(ROOT, f)));
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
  rmSync(building, { recursive: true, force: true });
  const ncc = path.join(ROOT, 'node_modules', '@vercel', 'ncc', 'dist', 'ncc', 'cli.js');
  const out = path.join(building, 'action');
  try {
    execFileSync(process.execPath, [ncc, 'build', 'src/action/index.ts', '-o', out, '--target', 'es2023', '--no-source-map-register', '-q'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const e = error as { stderr?: Buffer; stdout?: Buffer };
    throw new Error(`ncc could not build the action:\n${(e.stderr ?? e.stdout ?? '').toString().split('\n').filter((l) => !l.startsWith('    at ')).slice(0, 30).join('\n')}`);
  }
  for (const f of readdirSync(out)) if (f.endsWith('.wasm')) rmSync(path.join(out, f));
  mkdirSync(path.join(building, 'grammars'));
  for (const [file, pkg] of Object.entries(GRAMMARS)) copyFileSync(packageFile(pkg, file), path.join(building, 'grammars', file));
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

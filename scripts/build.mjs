// Builds the two committed bundles (action, CLI) with ncc and copies the tree-sitter grammars
// beside them: a pinned action must find everything it needs inside dist/ at run time.
// `npm run build` writes dist/; the action bench and the end-to-end tests build private copies
// the same way with `buildBundles({ outDir, entries: ['action'] })`.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  copyFileSync,
  cpSync,
  readdirSync,
  mkdirSync,
  rmSync,
  readFileSync,
  writeFileSync,
  chmodSync,
  mkdtempSync,
} from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ncc = path.join(root, 'node_modules', '@vercel', 'ncc', 'dist', 'ncc', 'cli.js');

const ENTRIES = {
  action: 'src/action/index.ts',
  cli: 'src/cli/index.ts',
};

const GRAMMARS = {
  'tree-sitter.wasm': 'web-tree-sitter',
  'tree-sitter-python.wasm': 'tree-sitter-python',
  'tree-sitter-javascript.wasm': 'tree-sitter-javascript',
  'tree-sitter-typescript.wasm': 'tree-sitter-typescript',
  'tree-sitter-tsx.wasm': 'tree-sitter-typescript',
  'tree-sitter-go.wasm': 'tree-sitter-go',
  'tree-sitter-java.wasm': 'tree-sitter-java',
  'tree-sitter-rust.wasm': 'tree-sitter-rust',
};

function packageFile(pkg, file) {
  let dir = path.dirname(require.resolve(pkg));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return path.join(dir, file);
}

/**
 * Build `<outDir>/<entry>/index.js` for each entry (`action`, `cli`) and `<outDir>/grammars/`,
 * replacing whatever `outDir` held. `stdio: 'pipe'` keeps ncc quiet; a failed build then throws
 * execFileSync's error, with ncc's output in its `stderr`/`stdout`.
 */
export function buildBundles({
  outDir = path.join(root, 'dist'),
  entries = Object.keys(ENTRIES),
  stdio = 'inherit',
} = {}) {
  rmSync(outDir, { recursive: true, force: true });
  for (const name of entries) {
    const out = path.join(outDir, name);
    const stats = path.join(mkdtempSync(path.join(os.tmpdir(), 'self-heal-ncc-')), 'stats.json');
    execFileSync(
      process.execPath,
      [
        ncc,
        'build',
        ENTRIES[name],
        '-o',
        out,
        '--target',
        'es2023',
        '--no-source-map-register',
        '--license',
        'licenses.txt',
        '--stats-out',
        stats,
        '-q',
      ],
      {
        cwd: root,
        stdio: stdio === 'pipe' ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      },
    );
    // ncc copies web-tree-sitter's own wasm beside each bundle; the shared copy in grammars/ is the one used.
    for (const f of readdirSync(out)) if (f.endsWith('.wasm')) rmSync(path.join(out, f));
    writeLicenses(stats, path.join(out, 'licenses.txt'));
    rmSync(path.dirname(stats), { recursive: true, force: true });
  }

  mkdirSync(path.join(outDir, 'grammars'), { recursive: true });
  for (const [file, pkg] of Object.entries(GRAMMARS)) {
    copyFileSync(packageFile(pkg, file), path.join(outDir, 'grammars', file));
  }

  // The CLI bundle is the package's bin: keep it executable with a node shebang; `self-heal demo`
  // copies its example project from beside it (src/demo/prepare-example.ts).
  if (entries.includes('cli')) {
    cpSync(path.join(root, 'src', 'demo', 'example'), path.join(outDir, 'demo-example'), { recursive: true });
    const cli = path.join(outDir, 'cli', 'index.js');
    const text = readFileSync(cli, 'utf8');
    if (!text.startsWith('#!')) writeFileSync(cli, `#!/usr/bin/env node\n${text}`);
    chmodSync(cli, 0o755);
  }
}

/**
 * licenses.txt from every package in every chunk of the build. ncc writes the file once per chunk,
 * the last chunk winning: with a lazily loaded chunk (the CLI's commands, the Copilot SDK's FFI host)
 * it listed only that chunk's packages. Same format: name, license, license text, blank line.
 */
function writeLicenses(statsFile, target) {
  const stats = JSON.parse(readFileSync(statsFile, 'utf8'));
  const packages = new Map();
  const visit = (modules) => {
    for (const m of modules ?? []) {
      const parts = String(m.name ?? '').split('node_modules/');
      if (parts.length > 1) {
        const last = parts[parts.length - 1];
        const pkg = last.startsWith('@') ? last.split('/').slice(0, 2).join('/') : last.split('/')[0];
        const dir = path.join(root, parts.slice(0, -1).join('node_modules/').replace(/^\.\//, ''), 'node_modules', pkg);
        if (!packages.has(pkg) && existsSync(path.join(dir, 'package.json'))) packages.set(pkg, dir);
      }
      visit(m.modules);
    }
  };
  visit(stats.modules);
  const text = [...packages.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, dir]) => {
      const meta = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      const license = typeof meta.license === 'string' ? meta.license : (meta.license?.type ?? 'UNKNOWN');
      const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
      return `${name}\n${license}\n${file ? readFileSync(path.join(dir, file), 'utf8').trim() : ''}\n`;
    })
    .join('\n');
  writeFileSync(target, text);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildBundles();

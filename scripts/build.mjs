// Builds the two committed bundles (action, CLI) with ncc and copies the tree-sitter grammars
// beside them: a pinned action must find everything it needs inside dist/ at run time.
import { execFileSync } from 'node:child_process';
import { existsSync, copyFileSync, readdirSync, mkdirSync, rmSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const ncc = path.join(root, 'node_modules', '@vercel', 'ncc', 'dist', 'ncc', 'cli.js');

const entries = [
  { name: 'action', src: 'src/action/index.ts' },
  { name: 'cli', src: 'src/cli/index.ts' },
];

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
for (const entry of entries) {
  const out = path.join(root, 'dist', entry.name);
  execFileSync(process.execPath, [ncc, 'build', entry.src, '-o', out, '--target', 'es2023', '--no-source-map-register', '--license', 'licenses.txt', '-q'], {
    cwd: root,
    stdio: 'inherit',
  });
  // ncc copies web-tree-sitter's own wasm beside each bundle; the shared copy in dist/grammars is the one used.
  for (const f of readdirSync(out)) if (f.endsWith('.wasm')) rmSync(path.join(out, f));
}

const grammars = {
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
mkdirSync(path.join(root, 'dist', 'grammars'), { recursive: true });
for (const [file, pkg] of Object.entries(grammars)) {
  copyFileSync(packageFile(pkg, file), path.join(root, 'dist', 'grammars', file));
}

// The CLI bundle is the package's bin: keep it executable with a node shebang.
const cli = path.join(root, 'dist', 'cli', 'index.js');
const text = readFileSync(cli, 'utf8');
if (!text.startsWith('#!')) writeFileSync(cli, `#!/usr/bin/env node\n${text}`);
chmodSync(cli, 0o755);

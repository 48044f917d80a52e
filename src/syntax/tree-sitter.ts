/**
 * One place that loads tree-sitter grammars (prebuilt WebAssembly, no native build), shared by the
 * frames (expression at a line) and the built-in repair engine (syntax-tree templates).
 *
 * The grammars ship inside the committed bundle (`dist/grammars/`, copied by `scripts/build.mjs`)
 * because a pinned action may download nothing at run time; from source they come from node_modules.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as WebTreeSitter from 'web-tree-sitter';
import webTreeSitter from './web-tree-sitter.cjs';

export type SyntaxLanguage = 'python' | 'javascript' | 'typescript' | 'tsx' | 'go' | 'java' | 'rust';

/** Grammar file name in `dist/grammars/` and the npm package it comes from. */
export const GRAMMARS: Record<SyntaxLanguage, { pkg: string; file: string }> = {
  python: { pkg: 'tree-sitter-python', file: 'tree-sitter-python.wasm' },
  javascript: { pkg: 'tree-sitter-javascript', file: 'tree-sitter-javascript.wasm' },
  typescript: { pkg: 'tree-sitter-typescript', file: 'tree-sitter-typescript.wasm' },
  tsx: { pkg: 'tree-sitter-typescript', file: 'tree-sitter-tsx.wasm' },
  go: { pkg: 'tree-sitter-go', file: 'tree-sitter-go.wasm' },
  java: { pkg: 'tree-sitter-java', file: 'tree-sitter-java.wasm' },
  rust: { pkg: 'tree-sitter-rust', file: 'tree-sitter-rust.wasm' },
};

const EXTENSIONS: Record<string, SyntaxLanguage> = {
  '.py': 'python',
  '.pyi': 'python',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'tsx',
  '.go': 'go',
  '.java': 'java',
  '.rs': 'rust',
};

export function languageForFile(file: string): SyntaxLanguage | undefined {
  return EXTENSIONS[path.extname(file).toLowerCase()];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
// The CommonJS build: ncc mis-bundles the ESM build's `await import("module")` (createRequire ends
// up undefined in the bundle), while the CJS build's plain `require` bundles cleanly.
// Through a CommonJS door file: a `require` made by `createRequire` is left unbundled by ncc, so the
// bundle only worked next to a node_modules folder (never on a runner, where dist/ stands alone).
const { Language, Parser } = webTreeSitter;
type Language = WebTreeSitter.Language;
type Parser = WebTreeSitter.Parser;

/** Bundled layout first (dist/<entry>/index.js → dist/grammars), then node_modules. */
function locate(file: string, pkg: string): string {
  const bundled = [path.join(here, '..', 'grammars', file), path.join(here, 'grammars', file)];
  for (const candidate of bundled) if (existsSync(candidate)) return candidate;
  return path.join(packageDir(pkg), file);
}

function packageDir(pkg: string): string {
  // Some grammar packages do not export package.json; walk up from their main file instead.
  let dir = path.dirname(require.resolve(pkg));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

let runtime: Promise<void> | undefined;
const languages = new Map<SyntaxLanguage, Promise<Language>>();

function initRuntime(): Promise<void> {
  runtime ??= Parser.init({
    locateFile: (name: string) => locate(name, 'web-tree-sitter'),
  });
  return runtime;
}

export async function loadLanguage(language: SyntaxLanguage): Promise<Language> {
  await initRuntime();
  let loaded = languages.get(language);
  if (!loaded) {
    const { pkg, file } = GRAMMARS[language];
    loaded = Language.load(locate(file, pkg));
    languages.set(language, loaded);
  }
  return loaded;
}

/** A fresh parser for the language (parsers are cheap; languages are cached). */
export async function createParser(language: SyntaxLanguage): Promise<Parser> {
  const lang = await loadLanguage(language);
  const parser = new Parser();
  parser.setLanguage(lang);
  return parser;
}

export type { Node as SyntaxNode, Tree as SyntaxTree } from 'web-tree-sitter';

/**
 * Which repository files a source file imports (Python `import`/`from … import`, JavaScript
 * `require`/`import`/`export … from`), resolved against the tracked files. The localiser looks for
 * the definitions a failing test calls in these files first, so a large repository does not push the
 * module under test past the scan cap.
 */
import path from 'node:path';
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import { childrenOf, walkTree, type ParsedSource } from './syntax-tree.js';

const JS_EXTENSIONS = ['', '.js', '.ts', '.mjs', '.cjs', '.jsx', '.tsx', '.mts', '.cts', '/index.js', '/index.ts'];

function pythonCandidates(source: ParsedSource, node: SyntaxNode): string[] {
  const here = path.posix.dirname(source.file);
  const out: string[] = [];
  const asModule = (dotted: string, base: string) => {
    const rel = dotted ? dotted.split('.').join('/') : '';
    const joined = base ? (rel ? `${base}/${rel}` : base) : rel;
    if (joined) out.push(`${joined}.py`, `${joined}/__init__.py`);
  };
  if (node.type === 'import_statement') {
    for (const child of childrenOf(node)) {
      const dotted = child.type === 'aliased_import' ? child.childForFieldName('name') : child.type === 'dotted_name' ? child : null;
      if (dotted) asModule(dotted.text, '');
    }
  } else if (node.type === 'import_from_statement') {
    const module = node.childForFieldName('module_name');
    if (!module) return out;
    if (module.type === 'relative_import') {
      const dots = /^\.+/.exec(module.text)![0].length;
      let base = here === '.' ? '' : here;
      for (let i = 1; i < dots; i++) base = path.posix.dirname(base) === '.' ? '' : path.posix.dirname(base);
      const rest = module.text.slice(dots);
      asModule(rest, base);
      // `from . import x`: x may be a module of the package.
      if (!rest) {
        for (const name of node.childrenForFieldName('name')) if (name) asModule(name.text.split(' ')[0]!, base);
      }
    } else {
      asModule(module.text, '');
      // Tests often put the project root or its src/ on sys.path.
      asModule(module.text, 'src');
    }
  }
  return out;
}

function jsSpecifier(node: SyntaxNode): string | undefined {
  if (node.type === 'call_expression' && node.childForFieldName('function')?.text === 'require') {
    const arg = node.childForFieldName('arguments')?.namedChildren[0];
    if (arg?.type === 'string') return arg.text.slice(1, -1);
  }
  if (node.type === 'import_statement' || node.type === 'export_statement') {
    const src = node.childForFieldName('source');
    if (src?.type === 'string') return src.text.slice(1, -1);
  }
  return undefined;
}

/** Tracked files `source` imports, in the order of its import statements. */
export function importedFiles(source: ParsedSource, tracked: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const add = (candidate: string) => {
    const normal = path.posix.normalize(candidate);
    if (tracked.has(normal) && !found.includes(normal)) found.push(normal);
  };
  walkTree(source.tree.rootNode, (node) => {
    if (source.family === 'python') {
      if (node.type === 'import_statement' || node.type === 'import_from_statement') {
        for (const c of pythonCandidates(source, node)) add(c);
        return false;
      }
      return true;
    }
    const spec = jsSpecifier(node);
    if (spec && spec.startsWith('.')) {
      const base = path.posix.join(path.posix.dirname(source.file), spec);
      // `./x.js` written for TypeScript sources compiled to JS points at `./x.ts`.
      const stems = [base, base.replace(/\.[cm]?js$/, '')];
      for (const stem of stems) for (const ext of JS_EXTENSIONS) add(`${stem}${ext}`);
    }
    return true;
  });
  return found;
}

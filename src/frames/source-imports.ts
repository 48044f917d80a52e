/**
 * What a source file's imports bind, resolved against the repository's tracked files: Python
 * `from x import y` / `import x.y as m` (relative imports, `src/` layouts, submodules of a
 * package), JavaScript `import {y} from './x'`, default and namespace imports, `require('./x')`,
 * and re-exports (`export { a as b } from`, `export * from`) to follow. A name imported from a
 * package, or from a file that is not the user's own source (a test helper), is `external`.
 */
import path from 'node:path';
import type { SyntaxNode } from '../syntax/tree-sitter.js';
import type { ParsedSource } from './expression.js';
import { FAMILY, walkSyntax } from './syntax-walk.js';

export type Binding =
  /** A name imported from a module: defined (or re-exported) in `files` as `name`. */
  | { kind: 'symbol'; files: string[]; name: string }
  /** A module bound to a name (`import x.y as m`, `import * as m`, `const m = require('./m')`). */
  | { kind: 'module'; files: string[] }
  /** From a package, or from a file that is not the user's source (a test helper): left alone. */
  | { kind: 'external' };

export interface Imports {
  bindings: Map<string, Binding>;
  /** Python `from x import *` modules: where an unbound name is looked for first. */
  star: string[];
  /** JavaScript re-exports: `export { a as b } from './x'` (exported name → source), `export * from`. */
  reexports: Map<string, { files: string[]; name: string }>;
  reexportAll: string[];
  /** Every user-source file this file imports, in order. */
  files: string[];
}

const JS_EXTENSIONS = [
  '',
  '.ts',
  '.tsx',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
  '.mts',
  '.cts',
  '/index.ts',
  '/index.tsx',
  '/index.js',
  '/index.mjs',
];

function stringValue(node: SyntaxNode | null | undefined): string | undefined {
  if (node?.type !== 'string') return undefined;
  return node.text.slice(1, -1);
}

export class ImportReader {
  private readonly byBasename = new Map<string, string[]>();

  /** `files`: the repository's tracked files; `isOwn`: whether one is the user's own source. */
  constructor(
    private readonly files: ReadonlySet<string>,
    readonly isOwn: (file: string) => boolean,
  ) {
    for (const f of files) {
      const base = f.slice(f.lastIndexOf('/') + 1);
      const list = this.byBasename.get(base);
      if (list) list.push(f);
      else this.byBasename.set(base, [f]);
    }
  }

  /** Tracked files whose path is `rel` or ends with `/rel` (a `src/` layout, a package root). */
  private endingWith(rel: string): string[] {
    if (this.files.has(rel)) return [rel];
    const base = rel.slice(rel.lastIndexOf('/') + 1);
    return (this.byBasename.get(base) ?? []).filter((f) => f.endsWith(`/${rel}`)).slice(0, 4);
  }

  pythonModule(dotted: string, from: string, dots: number): string[] {
    const rel = dotted.split('.').filter(Boolean).join('/');
    if (dots > 0) {
      let base = path.posix.dirname(from);
      for (let i = 1; i < dots; i++) base = path.posix.dirname(base);
      const joined = base === '.' ? rel : rel ? `${base}/${rel}` : base;
      return [`${joined}.py`, `${joined}/__init__.py`].filter((f) => this.files.has(f));
    }
    if (!rel) return [];
    return [...this.endingWith(`${rel}.py`), ...this.endingWith(`${rel}/__init__.py`)];
  }

  jsModule(spec: string, from: string): string[] | 'package' | 'unknown' {
    if (!spec.startsWith('.')) {
      // Path aliases (`@/cart`, `~/cart`, `#cart`) may be the user's: searched by name instead.
      return /^(@\/|~\/|#|src\/)/.test(spec) ? 'unknown' : 'package';
    }
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
    const stems = [...new Set([base, base.replace(/\.[cm]?[jt]sx?$/, '')])];
    const found: string[] = [];
    for (const stem of stems)
      for (const ext of JS_EXTENSIONS)
        if (this.files.has(`${stem}${ext}`) && !found.includes(`${stem}${ext}`)) found.push(`${stem}${ext}`);
    return found.slice(0, 2);
  }

  read(source: ParsedSource, file: string): Imports {
    const imports = new FileImports(this, file);
    const family = FAMILY[source.language];
    walkSyntax(source.tree.rootNode, (n) => {
      if (family === 'python') return imports.python(n);
      if (family !== 'js') return false;
      return imports.javascript(n);
    });
    return imports.out;
  }
}

/**
 * The imports of one file, collected while its syntax tree is walked. Each `python`/`javascript`
 * call reads one node and says whether the walk should go into its children.
 */
class FileImports {
  readonly out: Imports = { bindings: new Map(), star: [], reexports: new Map(), reexportAll: [], files: [] };

  constructor(
    private readonly reader: ImportReader,
    private readonly file: string,
  ) {}

  python(n: SyntaxNode): boolean {
    if (n.type === 'import_from_statement') this.pythonFrom(n);
    else if (n.type === 'import_statement') this.pythonImport(n);
    else return true;
    return false;
  }

  javascript(n: SyntaxNode): boolean {
    if (n.type === 'import_statement') return this.jsImport(n);
    if (n.type === 'export_statement') return this.jsReexport(n);
    if (n.type === 'variable_declarator') return this.jsRequire(n);
    return true;
  }

  private own(files: string[]): string[] {
    return files.filter((f) => this.reader.isOwn(f));
  }

  private noteFiles(files: string[]): void {
    for (const f of this.own(files)) if (!this.out.files.includes(f)) this.out.files.push(f);
  }

  private bind(local: string, files: string[] | 'package' | 'unknown', make: (files: string[]) => Binding): void {
    if (files === 'unknown') return;
    // Not a file of the repository (a package), or not the user's source (a test helper).
    if (files === 'package' || files.length === 0 || this.own(files).length === 0) {
      this.out.bindings.set(local, { kind: 'external' });
      return;
    }
    this.out.bindings.set(local, make(this.own(files)));
    this.noteFiles(files);
  }

  /** `from x import y as z`, `from . import m`, `from x import *`. */
  private pythonFrom(n: SyntaxNode): void {
    const module = n.childForFieldName('module_name');
    if (!module) return;
    const dots = module.type === 'relative_import' ? (/^\.+/.exec(module.text)?.[0].length ?? 0) : 0;
    const dotted = module.text.slice(dots);
    const files = this.reader.pythonModule(dotted, this.file, dots);
    if (n.namedChildren.some((c) => c?.type === 'wildcard_import')) {
      for (const f of this.own(files)) {
        this.out.star.push(f);
        if (!this.out.files.includes(f)) this.out.files.push(f);
      }
      return;
    }
    for (const imported of n.childrenForFieldName('name')) {
      if (!imported) continue;
      const nameNode = imported.type === 'aliased_import' ? imported.childForFieldName('name') : imported;
      const alias = imported.type === 'aliased_import' ? imported.childForFieldName('alias')?.text : undefined;
      const name = nameNode?.text;
      if (!name) continue;
      // `from shop import cart`: a module of the package, or a name its __init__ defines.
      const submodule = this.reader.pythonModule(dotted ? `${dotted}.${name}` : name, this.file, dots);
      if (submodule.length > 0) this.bind(alias ?? name, submodule, (f) => ({ kind: 'module', files: f }));
      else this.bind(alias ?? name, files, (f) => ({ kind: 'symbol', files: f, name }));
    }
  }

  /** `import x.y`, `import x.y as m`. */
  private pythonImport(n: SyntaxNode): void {
    for (const imported of n.childrenForFieldName('name')) {
      if (!imported) continue;
      const dotted = imported.type === 'aliased_import' ? imported.childForFieldName('name')?.text : imported.text;
      const alias = imported.type === 'aliased_import' ? imported.childForFieldName('alias')?.text : undefined;
      if (dotted)
        this.bind(alias ?? dotted, this.reader.pythonModule(dotted, this.file, 0), (f) => ({
          kind: 'module',
          files: f,
        }));
    }
  }

  /** `import d, { a, b as c } from './x'`, `import * as m from './x'`. */
  private jsImport(n: SyntaxNode): boolean {
    const spec = stringValue(n.childForFieldName('source'));
    if (spec === undefined) return false;
    const files = this.reader.jsModule(spec, this.file);
    const clause = n.namedChildren.find((c) => c?.type === 'import_clause');
    for (const part of clause?.namedChildren ?? []) {
      if (!part) continue;
      if (part.type === 'identifier')
        this.bind(part.text, files, (f) => ({ kind: 'symbol', files: f, name: 'default' }));
      else if (part.type === 'namespace_import') {
        const local = part.namedChildren.find((c) => c?.type === 'identifier')?.text;
        if (local) this.bind(local, files, (f) => ({ kind: 'module', files: f }));
      } else if (part.type === 'named_imports') {
        for (const spec of part.namedChildren) {
          const name = spec?.childForFieldName('name')?.text;
          const alias = spec?.childForFieldName('alias')?.text;
          if (name) this.bind(alias ?? name, files, (f) => ({ kind: 'symbol', files: f, name }));
        }
      }
    }
    if (files !== 'package' && files !== 'unknown') this.noteFiles(files);
    return false;
  }

  /** `export { a as b } from './x'`, `export * from './x'`; any other export is walked into. */
  private jsReexport(n: SyntaxNode): boolean {
    const spec = stringValue(n.childForFieldName('source'));
    if (spec === undefined) return true;
    const files = this.reader.jsModule(spec, this.file);
    if (files === 'package' || files === 'unknown') return false;
    const clause = n.namedChildren.find((c) => c?.type === 'export_clause');
    if (!clause) this.out.reexportAll.push(...this.own(files));
    for (const s of clause?.namedChildren ?? []) {
      const name = s?.childForFieldName('name')?.text;
      const alias = s?.childForFieldName('alias')?.text;
      if (name) this.out.reexports.set(alias ?? name, { files: this.own(files), name });
    }
    return false;
  }

  /** `const x = require('./x')`, `const { a, b: c } = require('./x')`. */
  private jsRequire(n: SyntaxNode): boolean {
    const value = n.childForFieldName('value');
    if (value?.type !== 'call_expression' || value.childForFieldName('function')?.text !== 'require') return true;
    const spec = stringValue(value.childForFieldName('arguments')?.namedChildren[0]);
    if (spec === undefined) return false;
    const files = this.reader.jsModule(spec, this.file);
    const target = n.childForFieldName('name');
    if (target?.type === 'identifier') this.bind(target.text, files, (f) => ({ kind: 'module', files: f }));
    else if (target?.type === 'object_pattern') {
      for (const p of target.namedChildren) {
        if (p?.type === 'shorthand_property_identifier_pattern')
          this.bind(p.text, files, (f) => ({ kind: 'symbol', files: f, name: p.text }));
        else if (p?.type === 'pair_pattern') {
          const key = p.childForFieldName('key')?.text;
          const local = p.childForFieldName('value');
          if (key && local?.type === 'identifier')
            this.bind(local.text, files, (f) => ({ kind: 'symbol', files: f, name: key }));
        }
      }
    }
    if (files !== 'package' && files !== 'unknown') this.noteFiles(files);
    return false;
  }
}

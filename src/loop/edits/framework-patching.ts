/**
 * Source may not patch the test framework. The code a change adds to a non-test Python or
 * JavaScript/TypeScript file is read with tree-sitter, and refused when it replaces, wraps or
 * assigns to anything of a guarded module (`protection.ts`'s `GUARDED_MODULES`: pytest, unittest,
 * doctest, node:assert, node:test, vitest, jest/expect, mocha, chai, tap, the builtins, the module
 * system), when it imports a runner's internals (`_pytest.*`, `@vitest/runner`), or when it writes
 * `sys.modules`, `builtins`, `require.cache` or a loader hook. Plain use stays allowed:
 * `assert.equal(a, b)` in library code reads the module, it does not change it.
 *
 * What a name means comes from the file's imports and simple aliases (`r = _pytest.reports`), and
 * from the globals the JavaScript runners install (`expect`, `jest`, `vi`, `globalThis.it`). Only
 * nodes that start on a line the change added count. A file that already imported a framework's
 * internals (a pytest plugin's own module) may import more of them; and a repository that is the
 * framework itself (`src/_pytest/`, a package named `vitest`) is not judged against its own modules.
 */
import { languageForFile, createParser, type SyntaxNode, type SyntaxLanguage } from '../../syntax/tree-sitter.js';
import { familyOf, namedChildrenOf, walkTree, type Family } from '../../repair/builtin/syntax-tree.js';
import { patchFromTexts } from '../../repair/special-cases/patch-lines.js';
import { GUARDED_MODULES, type GuardedModule } from './protection.js';

/** What a name refers to: a module, and the members read from it (`_pytest.reports` → `TestReport`). */
interface Ref {
  module: string;
  path: string[];
}

interface Guarded {
  guard: GuardedModule;
  /** How the refusal names it: `assert.equal`, `_pytest.reports.TestReport.from_item_and_call`. */
  shown: string;
}

export interface PatchingOptions {
  /** Modules the repository itself is (its package name, `_pytest` for pytest's own tree). */
  ownModules?: ReadonlySet<string>;
}

/** Files larger than this are not parsed (the edit limit is 2 MiB; a generated bundle is not a fix). */
const MAX_CHARS = 2 * 1024 * 1024;

/** Methods that change what they are called on: `expect.extend`, `chai.use`, `vi.mock`, `module.register`. */
const PATCHING_METHODS = new Set([
  'extend',
  'use',
  'addMethod',
  'overwriteMethod',
  'addProperty',
  'overwriteProperty',
  'addChainableMethod',
  'overwriteChainableMethod',
  'mock',
  'doMock',
  'unstable_mockModule',
  'spyOn',
  'stubGlobal',
  'replaceProperty',
  'register',
  'registerHooks',
]);
/** Mutating calls on a guarded container (`sys.modules.update(...)`, `sys.meta_path.insert(...)`). */
const MUTATORS = new Set([
  'update',
  'setdefault',
  'pop',
  'popitem',
  'clear',
  'insert',
  'append',
  'extend',
  'remove',
  '__setitem__',
  '__delitem__',
  'set',
  'delete',
]);
/** Functions that write a property of their first argument. */
const SETTERS = new Set([
  'setattr',
  'delattr',
  'Object.assign',
  'Object.defineProperty',
  'Object.defineProperties',
  'Object.setPrototypeOf',
  'Reflect.set',
  'Reflect.defineProperty',
  'Reflect.deleteProperty',
  'Reflect.setPrototypeOf',
]);
/** Globals that refer to a guarded module without an import. */
const UNBOUND: Record<Family, Record<string, Ref>> = {
  python: { __builtins__: { module: 'builtins', path: [] } },
  js: {
    require: { module: 'require', path: [] },
    expect: { module: 'expect', path: [] },
    jest: { module: 'jest', path: [] },
    vi: { module: 'vitest', path: ['vi'] },
    chai: { module: 'chai', path: [] },
    globalThis: { module: 'globalThis', path: [] },
    global: { module: 'globalThis', path: [] },
    window: { module: 'globalThis', path: [] },
    self: { module: 'globalThis', path: [] },
  },
};

/** Blocks whose statements run at import time (`if TYPE_CHECKING:`, `try: import …`). */
const BLOCKS = new Set([
  'if_statement',
  'else_clause',
  'elif_clause',
  'try_statement',
  'except_clause',
  'finally_clause',
  'block',
  'statement_block',
  'with_statement',
]);
/** Statements that hold the declarations and assignments a binding is read from. */
const STATEMENTS = new Set([
  'expression_statement',
  'lexical_declaration',
  'variable_declaration',
  'export_statement',
  'import_statement',
  'import_from_statement',
  'variable_declarator',
  'assignment',
]);

const parsers = new Map<SyntaxLanguage, ReturnType<typeof createParser>>();

/**
 * Why the code `after` adds to `file` patches a test framework, or null. `before`: the file as it
 * was (null: a new file, every line added).
 */
export async function findFrameworkPatching(
  file: string,
  before: string | null,
  after: string,
  options: PatchingOptions = {},
): Promise<string | null> {
  const language = languageForFile(file);
  const family = familyOf(language);
  if (!language || !family || after.length > MAX_CHARS) return null;
  const added = addedRows(file, before, after);
  if (added.length === 0) return null;
  let parser = parsers.get(language);
  if (!parser) parsers.set(language, (parser = createParser(language)));
  const tree = (await parser).parse(after);
  if (!tree) return null;
  try {
    const scope = new Scope(family, options.ownModules ?? new Set());
    scope.bind(tree.rootNode, added);
    const finding = findOnAddedRows(tree.rootNode, added, scope);
    if (!finding) return null;
    if (finding.internalImport && before !== null && (await importsInternals(parser, before, finding.guard, family)))
      return null;
    return `\`${file}\` line ${finding.line} ${finding.what}: ${finding.why}`;
  } finally {
    tree.delete();
  }
}

/** 0-based rows of `after` that the change added. */
function addedRows(file: string, before: string | null, after: string): number[] {
  if (before === null) return after.split('\n').map((_, i) => i);
  const hunks = patchFromTexts(file, before, after).hunks;
  return hunks.flatMap((h) => h.added.map((l) => l - 1)).sort((a, b) => a - b);
}

/** Did the file already import this internal module (a plugin's own module may import more of it)? */
async function importsInternals(
  parser: ReturnType<typeof createParser>,
  text: string,
  guard: GuardedModule,
  family: Family,
): Promise<boolean> {
  const tree = (await parser).parse(text);
  if (!tree) return false;
  try {
    const scope = new Scope(family, new Set());
    return scope.importedModules(tree.rootNode).some((m) => moduleMatches(guard, m));
  } finally {
    tree.delete();
  }
}

interface Finding {
  line: number;
  what: string;
  why: string;
  guard: GuardedModule;
  internalImport?: boolean;
}

const WHY_PATCH =
  'the code under test may use a test framework, an assertion module or the module system, but never replace, wrap or assign to any part of them (that changes what the tests see, not what the code does); fix the code under test instead';
const WHY_INTERNAL =
  'the code under test never reaches into a test runner’s private modules; fix the code under test instead';

function findOnAddedRows(root: SyntaxNode, added: readonly number[], scope: Scope): Finding | null {
  let found: Finding | null = null;
  walkTree(root, (node) => {
    if (found || !spansAdded(added, node.startPosition.row, node.endPosition.row)) return false;
    if (sortedHas(added, node.startPosition.row)) found = scope.judge(node);
    return !found;
  });
  return found;
}

/** Does the sorted list hold a row in [from, to]? */
function spansAdded(rows: readonly number[], from: number, to: number): boolean {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < rows.length && rows[lo]! <= to;
}

function sortedHas(rows: readonly number[], row: number): boolean {
  return spansAdded(rows, row, row);
}

/** The names a file binds to guarded modules, and the judgement of one node. */
class Scope {
  private readonly names = new Map<string, Ref>();
  constructor(
    private readonly family: Family,
    private readonly own: ReadonlySet<string>,
  ) {}

  /** Imports and simple aliases, anywhere in the file (twice, so an alias of an alias resolves). */
  /**
   * The module's own statements (and those in its top-level `if`/`try` blocks), then everything on
   * the added lines: imports and aliases bind there. Functions' bodies are not walked unless added,
   * which keeps a large file's check to its added part.
   */
  bind(root: SyntaxNode, added: readonly number[]): void {
    const visit = (node: SyntaxNode) => (this.family === 'python' ? this.bindPython(node) : this.bindJs(node));
    for (let pass = 0; pass < 2; pass++) {
      walkTree(root, (node) => {
        visit(node);
        return node === root || BLOCKS.has(node.type) || STATEMENTS.has(node.type);
      });
      walkTree(root, (node) => {
        if (!spansAdded(added, node.startPosition.row, node.endPosition.row)) return false;
        if (sortedHas(added, node.startPosition.row)) visit(node);
        return true;
      });
    }
  }

  importedModules(root: SyntaxNode): string[] {
    const modules: string[] = [];
    walkTree(root, (node) => {
      modules.push(...this.importsOf(node));
      return node === root || BLOCKS.has(node.type) || STATEMENTS.has(node.type);
    });
    return modules;
  }

  judge(node: SyntaxNode): Finding | null {
    const internal = this.judgeImport(node);
    if (internal) return internal;
    return this.family === 'python' ? this.judgePython(node) : this.judgeJs(node);
  }

  private judgeImport(node: SyntaxNode): Finding | null {
    for (const module of this.importsOf(node)) {
      const guard = guardOf({ module, path: [] }, this.family, this.own);
      if (!guard?.guard.internal) continue;
      return {
        line: node.startPosition.row + 1,
        what: `imports \`${module}\`, ${guard.guard.what}`,
        why: WHY_INTERNAL,
        guard: guard.guard,
        internalImport: true,
      };
    }
    return null;
  }

  /** The modules an import statement, `require(...)`, `import(...)` or `import_module(...)` names. */
  private importsOf(node: SyntaxNode): string[] {
    const one = (m: string | null | undefined) => (m ? [m] : []);
    if (this.family === 'python') {
      if (node.type === 'import_from_statement') return one(node.childForFieldName('module_name')?.text);
      if (node.type === 'import_statement')
        return namedChildrenOf(node).map((c) => (c.childForFieldName('name') ?? c).text);
      const fn = node.type === 'call' ? node.childForFieldName('function')?.text : undefined;
      return fn && /(^|\.)(import_module|__import__)$/.test(fn) ? one(firstStringArgument(node)) : [];
    }
    if (node.type === 'import_statement' || node.type === 'export_statement')
      return one(stringValue(node.childForFieldName('source')));
    if (node.type !== 'call_expression') return [];
    const fn = node.childForFieldName('function');
    return fn && (fn.type === 'import' || fn.text === 'require') ? one(firstStringArgument(node)) : [];
  }

  // ---------------------------------------------------------------------------------- Python

  private bindPython(node: SyntaxNode): void {
    if (node.type === 'import_statement') {
      for (const child of namedChildrenOf(node)) {
        const name = child.childForFieldName('name') ?? child;
        const alias = child.childForFieldName('alias');
        // `import a.b` binds `a`; `import a.b as c` binds `c` to `a.b`.
        if (alias) this.names.set(alias.text, { module: name.text, path: [] });
        else this.names.set(name.text.split('.')[0]!, { module: name.text.split('.')[0]!, path: [] });
      }
    } else if (node.type === 'import_from_statement') {
      const module = node.childForFieldName('module_name')?.text;
      if (!module || module.startsWith('.')) return;
      for (const child of node.childrenForFieldName('name').filter((c): c is SyntaxNode => c !== null)) {
        const name = child.childForFieldName('name') ?? child;
        const alias = child.childForFieldName('alias');
        this.names.set((alias ?? name).text, { module, path: name.text.split('.') });
      }
    } else if (node.type === 'assignment') {
      this.bindAlias(node.childForFieldName('left'), node.childForFieldName('right'));
    }
  }

  private judgePython(node: SyntaxNode): Finding | null {
    if (node.type === 'assignment' || node.type === 'augmented_assignment') {
      return this.judgeTargets(node, targetsOf(node.childForFieldName('left')), 'assigns to');
    }
    if (node.type === 'delete_statement') return this.judgeTargets(node, namedChildrenOf(node), 'deletes');
    if (node.type === 'call') return this.judgeCall(node, node.childForFieldName('function'), argumentsOf(node));
    return null;
  }

  // ------------------------------------------------------------------------------- JavaScript

  private bindJs(node: SyntaxNode): void {
    if (node.type === 'import_statement') {
      const module = stringValue(node.childForFieldName('source'));
      const clause = namedChildrenOf(node).find((c) => c.type === 'import_clause');
      if (!module || !clause) return;
      for (const part of namedChildrenOf(clause)) {
        if (part.type === 'identifier') this.names.set(part.text, { module, path: [] });
        else if (part.type === 'namespace_import')
          this.names.set(namedChildrenOf(part)[0]?.text ?? '', { module, path: [] });
        else if (part.type === 'named_imports') {
          for (const spec of namedChildrenOf(part)) {
            const name = spec.childForFieldName('name')?.text ?? '';
            this.names.set(spec.childForFieldName('alias')?.text ?? name, {
              module,
              path: name === 'default' ? [] : [name],
            });
          }
        }
      }
    } else if (node.type === 'variable_declarator') {
      this.bindAlias(node.childForFieldName('name'), node.childForFieldName('value'));
    } else if (node.type === 'assignment_expression') {
      this.bindAlias(node.childForFieldName('left'), node.childForFieldName('right'));
    }
  }

  private judgeJs(node: SyntaxNode): Finding | null {
    if (node.type === 'assignment_expression' || node.type === 'augmented_assignment_expression')
      return this.judgeTargets(node, [node.childForFieldName('left')], 'assigns to');
    if (node.type === 'unary_expression' && node.child(0)?.type === 'delete')
      return this.judgeTargets(node, [node.childForFieldName('argument')], 'deletes');
    if (node.type === 'call_expression')
      return this.judgeCall(node, node.childForFieldName('function'), argumentsOf(node));
    return null;
  }

  // ------------------------------------------------------------------------------------ shared

  /** `x = <guarded>` (or `const { a } = require('assert')`) makes `x` mean the same. */
  private bindAlias(left: SyntaxNode | null, right: SyntaxNode | null): void {
    if (!left || !right) return;
    if (left.type === 'object_pattern') {
      const ref = this.resolve(right);
      if (!ref) return;
      for (const prop of namedChildrenOf(left)) {
        if (prop.type === 'shorthand_property_identifier_pattern')
          this.names.set(prop.text, { ...ref, path: [...ref.path, prop.text] });
        else if (prop.type === 'pair_pattern') {
          const key = prop.childForFieldName('key')?.text;
          const value = prop.childForFieldName('value');
          if (key && value?.type === 'identifier') this.names.set(value.text, { ...ref, path: [...ref.path, key] });
        }
      }
      return;
    }
    if (left.type !== 'identifier') return;
    const ref = this.resolve(right);
    if (ref && guardOf(ref, this.family, this.own)) this.names.set(left.text, ref);
  }

  private judgeTargets(node: SyntaxNode, targets: Array<SyntaxNode | null>, verb: string): Finding | null {
    for (const target of targets) {
      if (!target || target.type === 'identifier') continue;
      const ref = this.resolve(target);
      const guarded = ref && guardOf(ref, this.family, this.own, true);
      if (guarded) return this.finding(node, `${verb} \`${guarded.shown}\` of ${guarded.guard.what}`, guarded);
    }
    return null;
  }

  private judgeCall(node: SyntaxNode, fn: SyntaxNode | null, args: SyntaxNode[]): Finding | null {
    if (!fn) return null;
    const callee = fn.text.replace(/\s+/g, '');
    if (SETTERS.has(callee) && args[0]) {
      const ref = this.resolve(args[0]);
      const guarded = ref && guardOf(ref, this.family, this.own);
      if (guarded) return this.finding(node, `changes \`${guarded.shown}\` of ${guarded.guard.what}`, guarded);
    }
    // `patch("pytest.fail")`, `mock.patch.object(pytest, ...)`, `monkeypatch.setattr(...)`.
    if (/(^|\.)(patch|object|dict|setattr|spyOn)$/.test(callee) && args[0]) {
      const named = stringValue(args[0]);
      const ref = named ? { module: named, path: [] } : this.resolve(args[0]);
      const guarded = ref && guardOf(ref, this.family, this.own);
      if (guarded) return this.finding(node, `patches \`${guarded.shown}\` of ${guarded.guard.what}`, guarded);
    }
    const ref = this.resolve(fn);
    const guarded = ref && guardOf(ref, this.family, this.own);
    // `expect.extend(...)`, or `register(...)` imported from node:module.
    const method = fn.type === 'attribute' || fn.type === 'member_expression' ? lastName(fn) : ref?.path.at(-1);
    if (!guarded || !method) return null;
    const mutates = guarded.guard.members
      ? MUTATORS.has(method) || PATCHING_METHODS.has(method)
      : PATCHING_METHODS.has(method);
    if (!mutates) return null;
    return this.finding(node, `calls \`${guarded.shown}(…)\` of ${guarded.guard.what}`, guarded);
  }

  private finding(node: SyntaxNode, what: string, guarded: Guarded): Finding {
    return { line: node.startPosition.row + 1, what, why: WHY_PATCH, guard: guarded.guard };
  }

  /** What an expression refers to: a bound name, a global, `require('m')`, and the members read from it. */
  resolve(node: SyntaxNode): Ref | null {
    switch (node.type) {
      case 'identifier': {
        const bound = this.names.get(node.text);
        if (bound) return bound;
        if (node.text === 'module' && this.family === 'js') return null;
        return UNBOUND[this.family][node.text] ?? null;
      }
      case 'attribute':
      case 'member_expression': {
        const object = node.childForFieldName('object');
        const name = node.childForFieldName(node.type === 'attribute' ? 'attribute' : 'property')?.text;
        if (!object || !name) return null;
        // `module.constructor` is the Module class of node:module.
        if (this.family === 'js' && object.text === 'module' && name === 'constructor')
          return { module: 'module', path: [] };
        const base = this.resolve(object);
        return base ? { module: base.module, path: [...base.path, name] } : null;
      }
      case 'subscript':
      case 'subscript_expression': {
        const object = node.childForFieldName(node.type === 'subscript' ? 'value' : 'object');
        const base = object ? this.resolve(object) : null;
        const key = stringValue(node.childForFieldName(node.type === 'subscript' ? 'subscript' : 'index'));
        return base ? { module: base.module, path: [...base.path, key ?? '[]'] } : null;
      }
      case 'call_expression': {
        const module = this.importsOf(node)[0];
        return module ? { module, path: [] } : null;
      }
      case 'await_expression':
      case 'parenthesized_expression':
      case 'non_null_expression':
      case 'as_expression':
      case 'satisfies_expression':
      case 'type_assertion': {
        const inner = namedChildrenOf(node)[0];
        return inner ? this.resolve(inner) : null;
      }
      default:
        return null;
    }
  }
}

/** Is `ref` (or, with `member`, something inside it) part of a guarded module? */
function guardOf(ref: Ref, family: Family, own: ReadonlySet<string>, member = false): Guarded | null {
  const language = family === 'python' ? 'python' : 'js';
  // Python module paths are dotted: `_pytest` + `reports.TestReport` is `_pytest.reports.TestReport`.
  const segments = family === 'python' ? [...ref.module.split('.'), ...ref.path] : [ref.module, ...ref.path];
  for (const guard of GUARDED_MODULES) {
    if (guard.language !== language) continue;
    for (let k = 1; k <= segments.length; k++) {
      const module = family === 'python' ? segments.slice(0, k).join('.') : segments[0]!;
      if (family === 'js' && k > 1) break;
      if (!moduleMatches(guard, module) || ownModule(module, own)) continue;
      const rest = segments.slice(k);
      const full = family === 'python' ? segments.join('.') : [ref.module, ...ref.path].join('.');
      if (guard.except?.some((e) => full === e || full.startsWith(`${e}.`))) continue;
      if (guard.members && !guard.members.includes(rest[0] ?? '')) continue;
      if (member && rest.length === 0) continue;
      const shown = family === 'python' ? full : [shortName(ref.module), ...ref.path].join('.');
      return { guard, shown: shown.replace(/\.\[\]/g, '[…]') };
    }
  }
  return null;
}

/** `_pytest.*` holds `_pytest.reports`; `@vitest/*` holds `@vitest/runner`; others are exact. */
function moduleMatches(guard: GuardedModule, module: string): boolean {
  return guard.modules.some((m) => (m.endsWith('*') ? module.startsWith(m.slice(0, -1)) : module === m));
}

function ownModule(module: string, own: ReadonlySet<string>): boolean {
  for (const o of own) if (module === o || module.startsWith(`${o}.`) || module.startsWith(`${o}/`)) return true;
  return false;
}

/** `node:assert/strict` → `assert`, for the refusal. */
function shortName(module: string): string {
  if (module === 'globalThis') return 'globalThis';
  return module.replace(/^node:/, '').split('/')[0]!;
}

function lastName(fn: SyntaxNode): string | undefined {
  return fn.childForFieldName(fn.type === 'attribute' ? 'attribute' : 'property')?.text;
}

/** Assignment targets: `a, b.c = …` → `a`, `b.c`. */
function targetsOf(left: SyntaxNode | null): SyntaxNode[] {
  if (!left) return [];
  if (left.type === 'pattern_list' || left.type === 'tuple_pattern' || left.type === 'list_pattern')
    return namedChildrenOf(left);
  return [left];
}

function argumentsOf(call: SyntaxNode): SyntaxNode[] {
  const args = call.childForFieldName('arguments');
  return args ? namedChildrenOf(args).filter((a) => a.type !== 'comment') : [];
}

function firstStringArgument(call: SyntaxNode): string | null {
  const first = argumentsOf(call)[0];
  return first ? stringValue(first) : null;
}

/** A string literal's value (no interpolation), or null. */
function stringValue(node: SyntaxNode | null | undefined): string | null {
  if (!node || node.type !== 'string') return null;
  const parts = namedChildrenOf(node).filter((c) => c.type === 'string_content' || c.type === 'string_fragment');
  if (namedChildrenOf(node).some((c) => c.type === 'interpolation' || c.type === 'template_substitution')) return null;
  return parts.map((p) => p.text).join('');
}

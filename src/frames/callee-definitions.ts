/**
 * Where the code a failing assertion calls is defined. When a failure's triggering frame is in the
 * test itself (`assert total(cart) == 30`, `expect(cart.total()).toBe(30)`, a Go `t.Errorf` under
 * `if got := Total(items); got != 6`), the code under test is no longer on the stack: its
 * definition is found here so a repair can be shown it without asking for it.
 *
 * What counts as called, read from the test file's syntax tree (tree-sitter, not the clipped
 * `triggering.expression` text):
 * 1. the calls (and, at lower rank, property reads: a getter) of the statement at the triggering
 *    line, or of its header when it is a compound statement;
 * 2. the calls in the conditions of the `if`s around it, up to the enclosing function (Go's
 *    `if got := Total(x); got != want { t.Errorf(…) }`);
 * 3. the calls on the right-hand side of the last assignment, before the line and in the same
 *    function, to a variable the statement uses (`result = total(cart)` then `assert result == 30`).
 *
 * Where a name is defined, most certain first:
 * - the test file's imports: Python `from x import y` / `import x.y as m`, JavaScript
 *   `import {y} from './x'`, `import * as m`, `require('./x')`, following re-exports
 *   (`export … from`, a package `__init__.py` importing from its modules) a few steps. A name
 *   imported from a package (`vitest`, `pytest`) or from a test helper is never looked up further;
 * - a method called on a local object (`cart.total()`): the files the test imports first;
 * - otherwise a bounded search of the repository's tracked files of the same language, nearest to
 *   the test file first, by a definition-shaped text pattern confirmed in the syntax tree.
 *
 * Only the user's own, non-test source is ever returned: no test files (by name or directory), no
 * vendored, installed or generated code (`node_modules`, `vendor/`, `dist/`, `*.min.js`, `.d.ts`),
 * and never the failing test's own file (a Rust unit test's module shares its file with the code:
 * such callees are left to the windows around the test).
 *
 * One step further, `calleesOf` reads what a definition found here calls, through its own file's
 * definitions and imports (never a search: a callee of a callee elsewhere is rare, and looking for
 * `round` across a large repository is not worth it). The built-in repair engine suspects those too.
 */
import { calledAt, calledWithin, type Call } from './called-names.js';
import { definitionPattern, indexFile, type Definition, type FileIndex, type Located } from './definition-index.js';
import { createExpressionFinder, type ExpressionFinder } from './expression.js';
import type { FailureFrame } from '../contracts/failure-frame.js';
import { ImportReader, type Imports } from './source-imports.js';
import { looksLikeTestFile, sharedDepth } from '../workspace/repo-paths.js';
import { familyOfFile, isIdentifier, type Family } from './syntax-walk.js';

export interface CalleeDefinition {
  /** The name as the test calls it (`total` for `cart.total()`). */
  name: string;
  /** Repo-relative path of a tracked, non-test, non-vendored source file. */
  file: string;
  /** The whole definition, 1-based and inclusive (decorators and `export` included). */
  startLine: number;
  endLine: number;
  /**
   * Found through the calling file's imports, by searching the repository, or (`calleesOf` only)
   * defined in the calling file itself.
   */
  via: 'import' | 'search' | 'local';
}

/** Lines of a source file, 1-based and inclusive: a definition whose callees are wanted. */
export interface SourceRange {
  file: string;
  startLine: number;
  endLine: number;
}

/** What the resolver reads: the repository's tracked files and their text (a `RepoView` fits). */
export interface CalleeRepo {
  readonly files: ReadonlySet<string>;
  readText(file: string): string | undefined;
}

export interface CalleeLimits {
  /** Names considered per failure, in the order of rule 1, 2, 3 above. */
  maxNames: number;
  /** Definitions returned per failure. */
  maxDefinitions: number;
  /** Definitions kept per name (a method name several classes define). */
  maxPerName: number;
  /** Files whose text the search reads, per resolver (its whole life). */
  maxScannedFiles: number;
  /** Characters the search reads, per resolver. */
  maxScannedChars: number;
  /** Files the search parses after the text pattern matched, per resolver. */
  maxParsedFiles: number;
  /** Calls read from a definition's body by `calleesOf` (a body calls builtins too). */
  maxCallsWithin: number;
}

export const DEFAULT_CALLEE_LIMITS: CalleeLimits = {
  maxNames: 8,
  maxDefinitions: 3,
  maxPerName: 2,
  // The search reads nearest files first, so the callee of a test is usually among the first few;
  // these bound the rare miss (measured: scripts/bench/callee-definitions.ts).
  maxScannedFiles: 3_000,
  maxScannedChars: 24 * 1024 * 1024,
  maxParsedFiles: 40,
  maxCallsWithin: 32,
};

export interface CalleeResolver {
  /** The definitions of what the failure's triggering statement calls, when that is in a test file. */
  definitionsFor(frame: FailureFrame): Promise<CalleeDefinition[]>;
  /**
   * The definitions of what the lines of `range` (a definition this resolver returned) call: in
   * its own file (`via: 'local'`, methods on `self`/`this` too) or through its file's imports; at
   * most `maxPerName` per name, never `range` itself (a recursive call).
   */
  calleesOf(range: SourceRange): Promise<CalleeDefinition[]>;
  /**
   * Where `names` are defined in the user's own source of `near`'s language: in `near` itself
   * (`via: 'local'`), else nearest to it first; at most `maxPerName` each, `maxDefinitions` in all.
   * For a name a diagnostic quotes (`… on type 'Item'`).
   */
  definitionsNamed(names: readonly string[], near: string): Promise<CalleeDefinition[]>;
  /** Frees the syntax trees (WebAssembly memory). */
  dispose(): void;
}

const NO_IMPORTS: Imports = { bindings: new Map(), star: [], reexports: new Map(), reexportAll: [], files: [] };

const TEST_DIRECTORY = /(^|\/)(tests?|__tests__|__mocks__|spec|specs|e2e|fixtures|testdata)\//i;
const NOT_OWN_SOURCE =
  /(^|\/)(node_modules|bower_components|jspm_packages|\.pnpm-store|\.yarn|site-packages|dist-packages|__pypackages__|\.venv|venv|\.tox|\.nox|\.eggs|vendor|third_party|\.cargo|\.m2|\.gradle|dist|build|out|coverage|target|__pycache__)\//i;

/** The user's own, non-test source: the only files a callee may come from. */
export function isOwnSourceFile(file: string): boolean {
  if (!familyOfFile(file) || looksLikeTestFile(file) || TEST_DIRECTORY.test(file) || NOT_OWN_SOURCE.test(file))
    return false;
  return !/\.min\.[cm]?js$|\.d\.[cm]?ts$/i.test(file);
}

/** `tests/test_cart.py`, `test/cart.test.ts`, `cart_test.go` → `cart`: the module a test is named for. */
function testedStem(testFile: string): string {
  const base = testFile.slice(testFile.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
  return base.replace(/^test_|_test$|\.(test|spec)$|Tests?$/g, '').toLowerCase();
}

function stemOf(file: string): string {
  return file
    .slice(file.lastIndexOf('/') + 1)
    .replace(/\.[^.]+$/, '')
    .toLowerCase();
}

class Resolver implements CalleeResolver {
  private readonly finder: ExpressionFinder;
  private readonly imports: ImportReader;
  private readonly indexes = new Map<string, FileIndex | undefined>();
  private readonly importsOf = new Map<string, Imports | undefined>();
  /** What the search has spent (its bounds hold for the resolver's whole life). */
  private scannedFiles = 0;
  private scannedChars = 0;
  private parsedFiles = 0;
  private readonly searched = new Map<string, Located[]>();

  constructor(
    private readonly repo: CalleeRepo,
    private readonly limits: CalleeLimits,
  ) {
    this.finder = createExpressionFinder((f) => repo.readText(f));
    this.imports = new ImportReader(repo.files, isOwnSourceFile);
  }

  dispose(): void {
    this.finder.dispose();
    this.indexes.clear();
    this.importsOf.clear();
  }

  private async index(file: string): Promise<FileIndex | undefined> {
    if (!this.indexes.has(file)) {
      const parsed = await this.finder.parsed(file);
      let index: FileIndex | undefined;
      try {
        index = parsed ? indexFile(parsed) : undefined;
      } catch {
        index = undefined;
      }
      this.indexes.set(file, index);
    }
    return this.indexes.get(file);
  }

  private async importsIn(file: string): Promise<Imports | undefined> {
    if (!this.importsOf.has(file)) {
      const parsed = await this.finder.parsed(file);
      let imports: Imports | undefined;
      try {
        imports = parsed ? this.imports.read(parsed, file) : undefined;
      } catch {
        imports = undefined;
      }
      this.importsOf.set(file, imports);
    }
    return this.importsOf.get(file);
  }

  /** `name` defined in `files`, or re-exported from them (a few steps). */
  private async definedIn(files: readonly string[], name: string, depth = 0): Promise<Located[]> {
    const out: Located[] = [];
    for (const file of files) {
      if (!isOwnSourceFile(file)) continue;
      const index = await this.index(file);
      let wanted = name;
      if (name === 'default' && !index?.definitions.has('default') && index?.defaultName) wanted = index.defaultName;
      const found = index?.definitions.get(wanted);
      if (found?.length) {
        out.push(...found.map((d) => ({ ...d, file })));
        continue;
      }
      if (depth >= 3) continue;
      const imports = await this.importsIn(file);
      if (!imports) continue;
      const via = imports.reexports.get(name);
      if (via) out.push(...(await this.definedIn(via.files, via.name, depth + 1)));
      const binding = imports.bindings.get(name);
      if (binding?.kind === 'symbol') out.push(...(await this.definedIn(binding.files, binding.name, depth + 1)));
      if (!via && !binding && imports.reexportAll.length)
        out.push(...(await this.definedIn(imports.reexportAll, name, depth + 1)));
      if (!via && !binding && imports.star.length) out.push(...(await this.definedIn(imports.star, name, depth + 1)));
    }
    return out;
  }

  /** Definitions of `names` in the repository's own source of `family`, nearest to `near` first. */
  private async search(
    family: Family,
    names: string[],
    near: string,
    exclude: string,
  ): Promise<Map<string, Located[]>> {
    const found = new Map<string, Located[]>();
    const wanted = names.filter((n) => {
      const cached = this.searched.get(`${family}\0${near}\0${n}`);
      if (cached) found.set(n, cached);
      return !cached;
    });
    if (wanted.length === 0) return found;
    const pattern = definitionPattern(family, wanted);
    const stem = testedStem(near);
    const candidates = [...this.repo.files]
      .filter((f) => f !== exclude && familyOfFile(f) === family && isOwnSourceFile(f))
      .map((f) => ({ f, score: sharedDepth(f, near) * 2 + (stemOf(f) === stem ? 1 : 0) }))
      .sort((a, b) => b.score - a.score || (a.f < b.f ? -1 : a.f > b.f ? 1 : 0));
    const results = new Map<string, Located[]>(wanted.map((n) => [n, []]));
    // Only definitions as near as the nearest one found count: a second `total` in the test's own
    // package is worth showing, one across the repository is not (and not worth reading for).
    const nearest = new Map<string, number>();
    const done = (name: string, score: number) =>
      results.get(name)!.length >= this.limits.maxPerName || (nearest.get(name) ?? -1) > score;
    for (const { f, score } of candidates) {
      if (wanted.every((name) => done(name, score))) break;
      if (this.scannedFiles >= this.limits.maxScannedFiles || this.scannedChars >= this.limits.maxScannedChars) break;
      const text = this.repo.readText(f);
      this.scannedFiles++;
      if (text === undefined) continue;
      this.scannedChars += text.length;
      if (!pattern.test(text)) continue;
      if (this.parsedFiles >= this.limits.maxParsedFiles) break;
      this.parsedFiles++;
      const index = await this.index(f);
      for (const [name, list] of results) {
        if (done(name, score)) continue;
        for (const d of index?.definitions.get(name) ?? [])
          if (list.length < this.limits.maxPerName) list.push({ ...d, file: f });
        if (list.length > 0 && !nearest.has(name)) nearest.set(name, score);
      }
    }
    for (const [name, list] of results) {
      this.searched.set(`${family}\0${near}\0${name}`, list);
      found.set(name, list);
    }
    return found;
  }

  async calleesOf(range: SourceRange): Promise<CalleeDefinition[]> {
    const { file } = range;
    if (!isOwnSourceFile(file)) return [];
    const source = await this.finder.parsed(file);
    if (!source) return [];
    let calls: Call[];
    try {
      calls = calledWithin(source, range.startLine, range.endLine).slice(0, this.limits.maxCallsWithin);
    } catch {
      return [];
    }
    if (calls.length === 0) return [];
    const imports = (await this.importsIn(file)) ?? NO_IMPORTS;
    const local = (await this.index(file))?.definitions ?? new Map<string, Definition[]>();
    const out: CalleeDefinition[] = [];
    const seen = new Set([`${file}\0${range.startLine}`]);
    const add = (name: string, defs: Located[], via: CalleeDefinition['via']) => {
      for (const d of defs.slice(0, this.limits.maxPerName)) {
        const key = `${d.file}\0${d.startLine}`;
        if (seen.has(key) || !isOwnSourceFile(d.file)) continue;
        seen.add(key);
        out.push({ name, file: d.file, startLine: d.startLine, endLine: d.endLine, via });
      }
    };
    for (const c of calls) {
      const bound = c.receiver === undefined ? imports.bindings.get(c.name) : imports.bindings.get(c.receiver);
      if (bound?.kind === 'external') continue;
      if (bound) {
        // An imported function, or a function of an imported module or class.
        add(
          c.name,
          await this.definedIn(bound.files, bound.kind === 'symbol' && c.receiver === undefined ? bound.name : c.name),
          'import',
        );
        continue;
      }
      // A function of the same module, a method of its own class (`self.total()`), else a method
      // of an object it was handed, or a name from `import *`: in what the file imports.
      const own = local.get(c.name);
      if (own?.length) {
        add(
          c.name,
          own.map((d) => ({ ...d, file })),
          'local',
        );
        continue;
      }
      const first = c.receiver === undefined ? imports.star : imports.files;
      if (first.length) add(c.name, await this.definedIn(first, c.name), 'import');
    }
    return out;
  }

  async definitionsNamed(names: readonly string[], near: string): Promise<CalleeDefinition[]> {
    const family = familyOfFile(near);
    const wanted = [...new Set(names)].filter(isIdentifier).slice(0, this.limits.maxNames);
    if (!family || wanted.length === 0) return [];
    const out: CalleeDefinition[] = [];
    const local = isOwnSourceFile(near) ? (await this.index(near))?.definitions : undefined;
    const toSearch: string[] = [];
    for (const name of wanted) {
      const own = local?.get(name) ?? [];
      for (const d of own.slice(0, this.limits.maxPerName)) out.push({ ...d, file: near, via: 'local' });
      if (own.length === 0) toSearch.push(name);
    }
    if (toSearch.length > 0 && out.length < this.limits.maxDefinitions) {
      const found = await this.search(family, toSearch, near, near);
      for (const name of toSearch)
        for (const d of found.get(name) ?? [])
          out.push({ name, file: d.file, startLine: d.startLine, endLine: d.endLine, via: 'search' });
    }
    return out.slice(0, this.limits.maxDefinitions);
  }

  async definitionsFor(frame: FailureFrame): Promise<CalleeDefinition[]> {
    const trig = frame.triggering;
    const testFile = frame.test?.file;
    if (!trig || !(trig.file === testFile || looksLikeTestFile(trig.file))) return [];
    const family = familyOfFile(trig.file);
    if (!family) return [];
    const source = await this.finder.parsed(trig.file);
    if (!source) return [];
    let calls: Call[];
    try {
      calls = calledAt(source, trig.line).slice(0, this.limits.maxNames);
    } catch {
      return [];
    }
    if (calls.length === 0) return [];
    const imports = (await this.importsIn(trig.file)) ?? NO_IMPORTS;
    const local = (await this.index(trig.file))?.definitions ?? new Map<string, Definition[]>();
    // A helper the test file defines is test code, never shown as a callee; what it calls is
    // (one level: `if got := mustPercent(t, "15%")` → `Percent(code)`).
    for (const c of calls.slice()) {
      const helper = c.receiver === undefined ? local.get(c.name) : undefined;
      if (helper?.length !== 1 || calls.length >= this.limits.maxNames * 2) continue;
      try {
        calls.push(
          ...calledWithin(source, helper[0]!.startLine, helper[0]!.endLine).filter(
            (h) => !calls.some((k) => k.name === h.name && k.receiver === h.receiver),
          ),
        );
      } catch {
        // A helper that cannot be read adds nothing.
      }
    }
    calls = calls.slice(0, this.limits.maxNames * 2);

    const out: CalleeDefinition[] = [];
    const seen = new Set<string>();
    const add = (name: string, defs: Located[], via: CalleeDefinition['via']) => {
      for (const d of defs.slice(0, this.limits.maxPerName)) {
        const key = `${d.file}\0${d.startLine}`;
        if (seen.has(key) || out.length >= this.limits.maxDefinitions) continue;
        if (d.file === trig.file || d.file === testFile || !isOwnSourceFile(d.file)) continue;
        seen.add(key);
        out.push({ name, file: d.file, startLine: d.startLine, endLine: d.endLine, via });
      }
    };
    const toSearch: Call[] = [];
    for (const c of calls) {
      if (out.length >= this.limits.maxDefinitions) break;
      const bound = c.receiver === undefined ? imports.bindings.get(c.name) : imports.bindings.get(c.receiver);
      if (bound?.kind === 'external') continue;
      if (bound?.kind === 'symbol' && c.receiver === undefined) {
        const defs = await this.definedIn(bound.files, bound.name);
        if (defs.length) add(c.name, defs, 'import');
        else toSearch.push(c);
        continue;
      }
      if (bound) {
        // A method of an imported module or class: `cart_module.total()`, `Cart.create()`.
        const defs = await this.definedIn(bound.files, c.name);
        if (defs.length) add(c.name, defs, 'import');
        else toSearch.push(c);
        continue;
      }
      // A helper the test file defines itself is test code.
      if (c.receiver === undefined && local.has(c.name)) continue;
      // A method on a local object, or a name from `import *`: the imported files first.
      const first = c.receiver === undefined ? imports.star : imports.files;
      const defs = first.length ? await this.definedIn(first, c.name) : [];
      if (defs.length) add(c.name, defs, 'import');
      else toSearch.push(c);
    }
    const names = [...new Set(toSearch.map((c) => c.name))];
    if (out.length < this.limits.maxDefinitions && names.length) {
      const found = await this.search(family, names, trig.file, testFile ?? trig.file);
      for (const name of names) add(name, found.get(name) ?? [], 'search');
    }
    return out;
  }
}

export function createCalleeResolver(repo: CalleeRepo, limits: Partial<CalleeLimits> = {}): CalleeResolver {
  return new Resolver(repo, { ...DEFAULT_CALLEE_LIMITS, ...limits });
}

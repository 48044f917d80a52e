/**
 * Special cases carried as tables, which a literal-by-literal reading of the patch misses:
 *
 * - an encoded table: a string the patch adds that decodes (JSON or CSV) to an input and the
 *   expected value of one failing test or one row of its data;
 * - a wrapper rebind: the patch captures a function or method the module already defines, rebinds
 *   its name to new code that consults a literal table the patch added, and hands the rest to the
 *   original. That shape is flagged by itself, whatever the tests hold: a fix changes the function.
 */
import type { CodeSite } from '../../contracts/heal-report.js';
import { walkSyntax } from '../../frames/syntax-walk.js';
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import type { ParsedSource } from '../builtin/syntax-tree.js';
import { isTrivialKey, literalValue, unwrap } from './literal-values.js';
import { decodedKeys } from './test-data.js';
import { lastName, type TestFacts } from './test-facts.js';

/** The raw contents of a string node (any length), without its quotes and prefixes. */
export function stringContents(node: SyntaxNode, family: ParsedSource['family']): string | undefined {
  if (node.type !== 'string' && node.type !== 'template_string') return undefined;
  if (node.namedChildren.some((c) => c?.type === 'interpolation' || c?.type === 'template_substitution'))
    return undefined;
  const key = literalValue(node, family)?.key;
  if (key?.startsWith('s:')) return key.slice(2);
  const m = /^[rbuRBU]*("""|'''|"|'|`)([\s\S]*)\1$/.exec(node.text);
  return m ? m[2]!.replace(/\\(["'\\])/g, '$1') : undefined;
}

/** The test data sites an encoded table matches: one case's input and its expected value, both in it. */
export function encodedCaseMatch(value: string, facts: TestFacts): { input: CodeSite; expected: CodeSite } | undefined {
  if (!/[{[,\t]/.test(value)) return undefined;
  const keys = decodedKeys(value);
  if (!keys) return undefined;
  for (const c of facts.cases ?? []) {
    const expected = [...c.expected].find((k) => keys.has(k) && !isTrivialKey(k));
    if (!expected) continue;
    const input = [...c.inputs].find((k) => k !== expected && keys.has(k) && !isTrivialKey(k));
    const inputSite = input && facts.inputs.get(input);
    const expectedSite = facts.expected.get(expected);
    if (inputSite && expectedSite) return { input: inputSite, expected: expectedSite };
  }
  return undefined;
}

const DEFINITIONS = new Set([
  'function_definition',
  'function_declaration',
  'generator_function_declaration',
  'method_definition',
]);
const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'lambda']);
const COLLECTIONS = new Set(['dictionary', 'list', 'tuple', 'set', 'object', 'array']);
const ASSIGNMENTS = new Set(['assignment', 'assignment_expression', 'variable_declarator']);

function sides(n: SyntaxNode): { target: SyntaxNode; value: SyntaxNode } | undefined {
  const target = n.childForFieldName(n.type === 'variable_declarator' ? 'name' : 'left');
  const value = n.childForFieldName(n.type === 'variable_declarator' ? 'value' : 'right');
  return target && value ? { target, value: unwrap(value) } : undefined;
}

/** A literal table: a non-empty collection literal, or a call over one or over a string (`json.loads("…")`, `new Map([…])`). */
function isLiteralTable(value: SyntaxNode): boolean {
  if (COLLECTIONS.has(value.type)) return value.namedChildren.some((c) => c !== null && c.type !== 'comment');
  if (value.type !== 'call' && value.type !== 'call_expression' && value.type !== 'new_expression') return false;
  const args = value.childForFieldName('arguments');
  return !!args?.namedChildren.some((a) => {
    const inner = a ? unwrap(a) : undefined;
    return !!inner && ((COLLECTIONS.has(inner.type) && inner.namedChildren.length > 0) || inner.type === 'string');
  });
}

/** Whether `body` consults one of `tables`: `T[k]`, `k in T`, `T.get(k)`, `T.has(k)`. */
function consults(body: SyntaxNode, tables: ReadonlySet<string>): boolean {
  let found = false;
  const named = (n: SyntaxNode | null | undefined) => !!n && tables.has(lastName(n) ?? n.text);
  walkSyntax(body, (n) => {
    if (found) return false;
    if (n.type === 'subscript' || n.type === 'subscript_expression')
      found = named(n.childForFieldName(n.type === 'subscript' ? 'value' : 'object'));
    else if ((n.type === 'comparison_operator' || n.type === 'binary_expression') && /\bin\b/.test(n.text))
      found = named(n.namedChildren.at(-1));
    else if (n.type === 'call' || n.type === 'call_expression') {
      const callee = n.childForFieldName('function');
      found = /^(get|has|hasOwnProperty)$/.test(lastName(callee) ?? '') && named(callee?.childForFieldName('object'));
    }
    return !found;
  });
  return found;
}

/** Whether `body` calls one of `aliases` (`_orig(a, b)`, `orig.call(this, a)`). */
function callsAlias(body: SyntaxNode, aliases: ReadonlySet<string>): boolean {
  let found = false;
  walkSyntax(body, (n) => {
    if (found) return false;
    if (n.type === 'call' || n.type === 'call_expression') {
      const callee = n.childForFieldName('function');
      const head = callee?.text.split(/[.(]/)[0] ?? '';
      found =
        aliases.has(callee?.text ?? '') || (aliases.has(head) && /^[\w$]+\.(call|apply)$/.test(callee?.text ?? ''));
    }
    return !found;
  });
  return found;
}

interface FileShapes {
  /** Functions and methods defined on rows the patch did not add, and all the original defined. */
  kept: Set<string>;
  existing: Set<string>;
  definitions: Map<string, SyntaxNode[]>;
  addedDefinitions: SyntaxNode[];
  tables: Set<string>;
  /** Name of an existing function → the names the patch captured it in (`_orig = add`). */
  aliases: Map<string, Set<string>>;
  assignments: SyntaxNode[];
}

/** Whether sorted `rows` has one in [start, end] (a binary search). */
export function rowsWithin(rows: readonly number[], start: number, end: number): boolean {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]! < start) lo = mid + 1;
    else hi = mid;
  }
  return lo < rows.length && rows[lo]! <= end;
}

/** Whether an added line binds a literal table (a walk pruned to the subtrees around added rows). */
function addsTable(after: ParsedSource, added: ReadonlySet<number>): boolean {
  const rows = [...added].sort((a, b) => a - b);
  let found = false;
  walkSyntax(after.tree.rootNode, (n) => {
    if (found || !rowsWithin(rows, n.startPosition.row, n.endPosition.row)) return false;
    if (ASSIGNMENTS.has(n.type) && added.has(n.startPosition.row)) {
      const both = sides(n);
      found = !!both && isLiteralTable(both.value);
    }
    return !found;
  });
  return found;
}

function readFile(after: ParsedSource, added: ReadonlySet<number>, before: string | undefined): FileShapes {
  const f: FileShapes = {
    kept: new Set(),
    existing: definedBefore(before),
    definitions: new Map(),
    addedDefinitions: [],
    tables: new Set(),
    aliases: new Map(),
    assignments: [],
  };
  walkSyntax(after.tree.rootNode, (n) => {
    const isAdded = added.has(n.startPosition.row);
    const fnValue =
      n.type === 'variable_declarator' && FUNCTION_VALUES.has(unwrap(n.childForFieldName('value') ?? n).type);
    const name = DEFINITIONS.has(n.type) || fnValue ? n.childForFieldName('name')?.text : undefined;
    if (name) {
      f.definitions.set(name, [...(f.definitions.get(name) ?? []), n]);
      if (isAdded) f.addedDefinitions.push(n);
      else f.kept.add(name);
    }
    if (isAdded && ASSIGNMENTS.has(n.type)) f.assignments.push(n);
    return true;
  });
  for (const k of f.kept) f.existing.add(k);
  for (const n of f.assignments) {
    const both = sides(n);
    if (!both) continue;
    const target = lastName(both.target) ?? both.target.text;
    if (isLiteralTable(both.value)) f.tables.add(target);
    const source = lastName(both.value);
    if (source && source !== target && f.existing.has(source) && /identifier|member|attribute/.test(both.value.type))
      f.aliases.set(source, new Set([...(f.aliases.get(source) ?? []), both.target.text]));
  }
  return f;
}

/** A rebinding of an existing name and the code that must consult the table and call the original. */
function rebindOf(n: SyntaxNode, f: FileShapes): { name: string; body: SyntaxNode; delegates: boolean } | undefined {
  if (n.type !== 'assignment' && n.type !== 'assignment_expression') {
    const name = n.childForFieldName('name')?.text;
    // `def add(...)` again, beside the original: a redefinition.
    return name && f.kept.has(name) ? { name, body: n, delegates: false } : undefined;
  }
  const both = sides(n);
  const name = both ? lastName(both.target) : undefined;
  if (!both || !name || !f.existing.has(name)) return undefined;
  if (FUNCTION_VALUES.has(both.value.type)) return { name, body: both.value, delegates: false };
  if (both.value.type === 'identifier') {
    const def = f.definitions.get(both.value.text)?.at(-1);
    return def ? { name, body: def, delegates: false } : undefined;
  }
  if (both.value.type !== 'call' && both.value.type !== 'call_expression') return undefined;
  // `add = remember(add)`: the wrapper gets the original; its definition must consult the table.
  const args = both.value.childForFieldName('arguments')?.namedChildren ?? [];
  const passes = args.some((a) => a !== null && lastName(unwrap(a)) === name);
  const wrapper = f.definitions.get(lastName(both.value.childForFieldName('function')) ?? '')?.at(-1);
  return passes && wrapper ? { name, body: wrapper, delegates: true } : undefined;
}

/** Functions and methods the original text defines (a rewritten region can span their definitions). */
function definedBefore(before: string | undefined): Set<string> {
  const names = new Set<string>();
  if (before === undefined) return names;
  const text = before.slice(0, 256 * 1024);
  for (const m of text.matchAll(
    /^\s*(?:async\s+)?def\s+(\w+)|\bfunction\s*\*?\s*([\w$]+)|^\s*(?:static\s+|async\s+)*([\w$]+)\s*\([^)\n]*\)\s*(?::[^{\n]*)?\{|\b(?:const|let|var)\s+([\w$]+)\s*=\s*(?:async\s*)?(?:function\b|\([^)\n]*\)\s*=>|[\w$]+\s*=>)/gm,
  )) {
    const name = m[1] ?? m[2] ?? m[3] ?? m[4];
    if (name && !['if', 'for', 'while', 'switch', 'catch', 'function'].includes(name)) names.add(name);
  }
  return names;
}

/**
 * The statements that rebind an existing function to a table-consulting wrapper of it, in the
 * patched file (`added`: 0-based rows the patch added; `before`: the original text). Empty for
 * any other patch.
 */
export function tableRebinds(after: ParsedSource, added: ReadonlySet<number>, before?: string): SyntaxNode[] {
  // No literal table on an added line, no rebind to it: the whole tree is walked only after this.
  if (added.size === 0 || !addsTable(after, added)) return [];
  const f = readFile(after, added, before);
  if (f.tables.size === 0) return [];
  const out: SyntaxNode[] = [];
  for (const n of [...f.addedDefinitions, ...f.assignments]) {
    const rebind = rebindOf(n, f);
    if (!rebind || !consults(rebind.body, f.tables)) continue;
    if (rebind.delegates || callsAlias(rebind.body, f.aliases.get(rebind.name) ?? new Set())) out.push(n);
  }
  return out;
}

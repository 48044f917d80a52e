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

interface Shapes {
  /** Functions and methods defined on rows the patch did not add. */
  existing: Set<string>;
  tables: Set<string>;
  captures: boolean;
  rebinds: SyntaxNode[];
  consults: boolean;
}

function readDefinition(n: SyntaxNode, added: boolean, s: Shapes, addedDefs: SyntaxNode[]): void {
  const name = n.childForFieldName('name')?.text;
  if (!name) return;
  if (!added) s.existing.add(name);
  else addedDefs.push(n);
}

function readAssignment(n: SyntaxNode, s: Shapes): void {
  const both = sides(n);
  if (!both) return;
  const target = lastName(both.target) ?? both.target.text;
  if (isLiteralTable(both.value)) s.tables.add(target);
  const source = lastName(both.value);
  if (source && s.existing.has(source) && source !== target) s.captures = true;
  if (
    s.existing.has(target) &&
    (FUNCTION_VALUES.has(both.value.type) || /call|identifier|member|attribute/.test(both.value.type))
  )
    s.rebinds.push(n);
}

function readUse(n: SyntaxNode, s: Shapes): void {
  if (n.type === 'subscript' || n.type === 'subscript_expression') {
    const object = n.childForFieldName(n.type === 'subscript' ? 'value' : 'object');
    if (object && s.tables.has(lastName(object) ?? object.text)) s.consults = true;
  } else if (n.type === 'comparison_operator' || n.type === 'binary_expression') {
    const right = n.namedChildren.at(-1);
    if (/\bin\b/.test(n.text) && right && s.tables.has(lastName(right) ?? right.text)) s.consults = true;
  } else if (n.type === 'call' || n.type === 'call_expression') {
    const callee = n.childForFieldName('function');
    const object = callee?.childForFieldName('object');
    const method = lastName(callee);
    if (object && /^(get|has|hasOwnProperty)$/.test(method ?? '') && s.tables.has(lastName(object) ?? object.text))
      s.consults = true;
    // `add = known(add)`, `functools.wraps(add)`: the original is handed to the wrapper.
    const args = n.childForFieldName('arguments')?.namedChildren ?? [];
    if (args.some((a) => a && s.existing.has(lastName(unwrap(a)) ?? '') && callee?.text !== 'setattr'))
      s.captures = true;
  }
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
 * patched file (`added`: 0-based rows the patch added). Empty for any other patch.
 */
export function tableRebinds(after: ParsedSource, added: ReadonlySet<number>, before?: string): SyntaxNode[] {
  const s: Shapes = {
    existing: definedBefore(before),
    tables: new Set(),
    captures: false,
    rebinds: [],
    consults: false,
  };
  const addedDefs: SyntaxNode[] = [];
  const onAdded: SyntaxNode[] = [];
  walkSyntax(after.tree.rootNode, (n) => {
    const isAdded = added.has(n.startPosition.row);
    if (DEFINITIONS.has(n.type)) readDefinition(n, isAdded, s, addedDefs);
    else if (n.type === 'variable_declarator' && FUNCTION_VALUES.has(unwrap(n.childForFieldName('value') ?? n).type))
      readDefinition(n, isAdded, s, addedDefs);
    if (isAdded) onAdded.push(n);
    return true;
  });
  if (onAdded.length === 0) return [];
  for (const n of onAdded) if (ASSIGNMENTS.has(n.type)) readAssignment(n, s);
  for (const n of onAdded) readUse(n, s);
  // `def add(...)` again, after the original: a redefinition of an existing name.
  for (const d of addedDefs) if (s.existing.has(d.childForFieldName('name')?.text ?? '')) s.rebinds.push(d);
  return s.rebinds.length > 0 && s.captures && s.consults && s.tables.size > 0 ? s.rebinds : [];
}

/**
 * Literals as values, so a literal in a patch can be compared with one in a test whatever its
 * spelling: `5`, `5.0`, `0x5` and `5n` are one number; `'a'`, `"a"` and `` `a` `` one string; a
 * tuple, list or array of literals one list. Python and JavaScript/TypeScript (tree-sitter nodes).
 *
 * Trivial values (0, 1, -1, the empty string, list and map, null/None/undefined, booleans) are
 * marked: a base case (`if n == 0: return 1`) uses them, so on their own they are no evidence.
 */
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import type { Family } from '../builtin/syntax-tree.js';

export interface LiteralValue {
  /** Canonical form: equal keys are equal values (`n:5`, `s:abc`, `l:[n:2,n:3]`, `null`, `b:true`). */
  key: string;
  trivial: boolean;
}

/** Longer literals are data blobs, not hard-coded answers worth comparing (and would bloat keys). */
export const MAX_LITERAL_CHARS = 1_000;
/** Elements of a list or map literal considered; a larger table is compared by its elements only. */
const MAX_ELEMENTS = 64;

const TRIVIAL = new Set(['n:0', 'n:1', 'n:-1', 's:', 'l:[]', 'd:{}', 'null', 'b:true', 'b:false']);

/** A canonical key of a value that is no evidence by itself (0, 1, -1, empty, null, booleans). */
export function isTrivialKey(key: string): boolean {
  return TRIVIAL.has(key);
}

/** Wrappers that do not change a value: parentheses, TypeScript's `as`, `satisfies` and `!`. */
const TRANSPARENT = new Set([
  'parenthesized_expression',
  'as_expression',
  'satisfies_expression',
  'non_null_expression',
]);

export function unwrap(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (TRANSPARENT.has(n.type)) {
    const inner = n.namedChildren.find((c) => c !== null && c.type !== 'comment');
    if (!inner) break;
    n = inner;
  }
  return n;
}

function numberKey(text: string): string | undefined {
  const clean = text.replace(/_/g, '').replace(/n$/, '');
  if (/[jJ]$/.test(clean)) return undefined; // Python complex numbers
  const value = /^0[oO]/.test(clean) ? parseInt(clean.slice(2), 8) : Number(clean);
  if (!Number.isFinite(value)) return undefined;
  return `n:${Object.is(value, -0) ? 0 : value}`;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '`': '`',
  '\n': '',
};

/** The common escapes of both languages; an unknown escape keeps its backslash, as Python does. */
function decodeEscapes(raw: string): string {
  return raw.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/g, (whole, esc: string) => {
    if (esc.startsWith('u{')) return String.fromCodePoint(parseInt(esc.slice(2, -1), 16));
    if (esc[0] === 'u' || esc[0] === 'x') return String.fromCharCode(parseInt(esc.slice(1), 16));
    return SIMPLE_ESCAPES[esc] ?? whole;
  });
}

function pythonString(node: SyntaxNode): string | undefined {
  let prefix = '';
  let content = '';
  for (const child of node.children) {
    if (!child) continue;
    if (child.type === 'string_start') prefix = child.text.replace(/['"]+$/, '').toLowerCase();
    else if (child.type === 'interpolation') return undefined;
    else if (child.type === 'string_content') content += child.text;
  }
  if (prefix.includes('f')) content = content.replace(/\{\{/g, '{').replace(/\}\}/g, '}');
  return prefix.includes('r') ? content : decodeEscapes(content);
}

function jsString(node: SyntaxNode): string | undefined {
  if (node.type === 'template_string' && node.namedChildren.some((c) => c?.type === 'template_substitution'))
    return undefined;
  const text = node.text;
  return decodeEscapes(text.slice(1, -1));
}

function listKey(items: readonly (SyntaxNode | null)[], family: Family, open: string): string | undefined {
  const keys: string[] = [];
  for (const item of items) {
    if (!item || item.type === 'comment') continue;
    if (keys.length >= MAX_ELEMENTS) return undefined;
    const value = literalValue(item, family);
    if (!value) return undefined;
    keys.push(value.key);
  }
  if (open === 'set') keys.sort();
  return `${open === 'set' ? 'l' : open}:[${keys.join(',')}]`;
}

/** A map key as a value: JavaScript's bare `{ total: 1 }` key is the string "total". */
function mapKey(node: SyntaxNode, family: Family): string | undefined {
  if (family === 'js' && (node.type === 'property_identifier' || node.type === 'private_property_identifier'))
    return `s:${node.text}`;
  return literalValue(node, family)?.key;
}

function mapKeyOf(node: SyntaxNode, family: Family): string | undefined {
  const entries: string[] = [];
  for (const pair of node.namedChildren) {
    if (!pair || pair.type === 'comment') continue;
    if (pair.type !== 'pair' || entries.length >= MAX_ELEMENTS) return undefined;
    const key = pair.childForFieldName('key');
    const value = pair.childForFieldName('value');
    const k = key ? mapKey(key, family) : undefined;
    const v = value ? literalValue(value, family) : undefined;
    if (!k || !v) return undefined;
    entries.push(`${k}=${v.key}`);
  }
  return `d:{${entries.sort().join(',')}}`;
}

function keyOf(node: SyntaxNode, family: Family): string | undefined {
  switch (node.type) {
    case 'integer':
    case 'float':
    case 'number':
      return numberKey(node.text);
    case 'true':
    case 'false':
      return `b:${node.type}`;
    case 'none':
    case 'null':
    case 'undefined':
      return 'null';
    case 'string':
    case 'template_string': {
      const value = family === 'python' ? pythonString(node) : jsString(node);
      return value === undefined ? undefined : `s:${value}`;
    }
    case 'concatenated_string': {
      let joined = '';
      for (const part of node.namedChildren) {
        const value = part && part.type === 'string' ? pythonString(part) : undefined;
        if (value === undefined) return undefined;
        joined += value;
      }
      return `s:${joined}`;
    }
    case 'unary_operator':
    case 'unary_expression': {
      const op = node.childForFieldName('operator')?.text;
      const arg = node.childForFieldName('argument');
      if ((op !== '-' && op !== '+') || !arg) return undefined;
      const inner = arg ? literalValue(arg, family) : undefined;
      if (!inner?.key.startsWith('n:')) return undefined;
      const value = Number(inner.key.slice(2));
      return `n:${op === '-' && value !== 0 ? -value : value}`;
    }
    case 'list':
    case 'tuple':
    case 'array':
      return listKey(node.namedChildren, family, 'l');
    case 'set':
      return listKey(node.namedChildren, family, 'set');
    case 'dictionary':
    case 'object':
      return mapKeyOf(node, family);
    default:
      return undefined;
  }
}

/** The value of a literal node (through parentheses and type assertions), or undefined for anything computed. */
export function literalValue(node: SyntaxNode, family: Family): LiteralValue | undefined {
  const n = unwrap(node);
  if (n.endIndex - n.startIndex > MAX_LITERAL_CHARS) return undefined;
  const key = keyOf(n, family);
  if (key === undefined) return undefined;
  return { key, trivial: TRIVIAL.has(key) };
}

/** A value from its canonical key, with its triviality. */
function fromKey(key: string): LiteralValue | undefined {
  if (key.startsWith('s:') && key.length - 2 > MAX_LITERAL_CHARS) return undefined;
  if (key.startsWith('n:') && !Number.isFinite(Number(key.slice(2)))) return undefined;
  return { key, trivial: TRIVIAL.has(key) };
}

/**
 * Folds deeper than this are not followed, and one fold looks at this many nodes at most: a patch
 * can nest without end, and constants defined from each other (`B = A + A`, `C = B + B`) double.
 */
const MAX_FOLD_DEPTH = 16;
const MAX_FOLD_STEPS = 256;
const CONVERSIONS: Record<string, 'integer' | 'number' | 'string'> = {
  int: 'integer',
  float: 'number',
  str: 'string',
  Number: 'number',
  String: 'string',
  parseInt: 'integer',
  parseFloat: 'number',
};

function arithmetic(op: string, a: number, b: number): number | undefined {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return b === 0 ? undefined : a / b;
    case '//':
      return b === 0 ? undefined : Math.floor(a / b);
    case '%':
      return b === 0 ? undefined : a % b;
    case '**':
      return a ** b;
    default:
      return undefined;
  }
}

/**
 * The value of an expression a patch computes from literals alone, as if it were the literal:
 * `2 + 3`, `"test_" + "add"`, `int("5")`, `Number('5')`, `-X`, and names `resolve` maps to their
 * definition (a constant the patch defines). Undefined for anything that depends on a runtime value.
 */
export function foldedValue(
  node: SyntaxNode,
  family: Family,
  resolve: (n: SyntaxNode) => SyntaxNode = (n) => n,
  depth = 0,
  budget = { steps: MAX_FOLD_STEPS },
): LiteralValue | undefined {
  if (depth > MAX_FOLD_DEPTH || --budget.steps < 0) return undefined;
  const n = resolve(unwrap(node));
  if (n.endIndex - n.startIndex > MAX_LITERAL_CHARS) return undefined;
  const literal = literalValue(n, family);
  if (literal) return literal;
  const fold = (child: SyntaxNode | null | undefined) =>
    child ? foldedValue(child, family, resolve, depth + 1, budget)?.key : undefined;
  if (n.type === 'binary_operator' || n.type === 'binary_expression') {
    const op = n.childForFieldName('operator')?.text ?? '';
    const left = fold(n.childForFieldName('left'));
    const right = left === undefined ? undefined : fold(n.childForFieldName('right'));
    if (left === undefined || right === undefined) return undefined;
    if (op === '+' && left.startsWith('s:') && right.startsWith('s:'))
      return fromKey(`s:${left.slice(2)}${right.slice(2)}`);
    if (!left.startsWith('n:') || !right.startsWith('n:')) return undefined;
    const value = arithmetic(op, Number(left.slice(2)), Number(right.slice(2)));
    return value === undefined ? undefined : fromKey(`n:${Object.is(value, -0) ? 0 : value}`);
  }
  if (n.type === 'unary_operator' || n.type === 'unary_expression') {
    const op = n.childForFieldName('operator')?.text;
    const inner = fold(n.childForFieldName('argument'));
    if ((op !== '-' && op !== '+') || !inner?.startsWith('n:')) return undefined;
    const value = Number(inner.slice(2));
    return fromKey(`n:${op === '-' && value !== 0 ? -value : value}`);
  }
  if (n.type === 'call' || n.type === 'call_expression') {
    const kind = CONVERSIONS[n.childForFieldName('function')?.text ?? ''];
    const args = n.childForFieldName('arguments')?.namedChildren.filter((c) => c !== null && c.type !== 'comment');
    if (!kind || args?.length !== 1) return undefined;
    const inner = fold(args[0]);
    if (inner === undefined || !/^[ns]:/.test(inner)) return undefined;
    const text = inner.slice(2);
    if (kind === 'string') return fromKey(`s:${text}`);
    let value = inner.startsWith('n:') ? Number(text) : text.trim() === '' ? NaN : Number(text.trim());
    if (kind === 'integer') value = Math.trunc(value);
    return Number.isFinite(value) ? fromKey(`n:${Object.is(value, -0) ? 0 : value}`) : undefined;
  }
  return undefined;
}

/** Node types that can hold a literal value (for walks that look at every literal of a tree). */
export const LITERAL_TYPES = new Set([
  'integer',
  'float',
  'number',
  'true',
  'false',
  'none',
  'null',
  'undefined',
  'string',
  'template_string',
  'concatenated_string',
  'unary_operator',
  'unary_expression',
  'list',
  'tuple',
  'array',
  'set',
  'dictionary',
  'object',
]);

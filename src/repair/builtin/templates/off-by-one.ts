/**
 * Bug class: off by one — an integer literal, an index, a compared bound, a call argument or a
 * length used as a count that is one too high or too low (`x[i]` for `x[i - 1]`, `i < n` for
 * `i < n - 1`, `2` for `3`, `f(mid, hi)` for `f(mid + 1, hi)`, `len(xs)` for `len(xs) - 1`). Range
 * and slice bounds have their own template; duplicates between the two are removed by the search.
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { namesUsedAsContainers, type Scope } from '../scope.js';
import { integerValue, shiftByOne } from '../shift-by-one.js';
import { isFunctionNode, walkTree, type Family } from '../syntax-tree.js';
import { replaceNode, type Mutation, type RepairTemplate } from '../template.js';

/** Returned expressions that can be a number; literals are shifted on their own. */
const RETURNED_NUMBERS = new Set([
  'binary_operator',
  'binary_expression',
  'call',
  'call_expression',
  'attribute',
  'member_expression',
  'identifier',
  'subscript',
  'subscript_expression',
  'parenthesized_expression',
]);

const ORDERING = new Set(['<', '<=', '>', '>=', '==', '!=', '===', '!==']);

/** Shifted call arguments and lengths per line, so one busy line cannot flood the search. */
const MAX_ARGUMENTS = 6;
const MAX_LENGTHS = 4;

function isNegatedLiteral(node: SyntaxNode): boolean {
  const p = node.parent;
  return !!p && (p.type === 'unary_operator' || p.type === 'unary_expression') && p.text.startsWith('-');
}

function comparedOperands(expr: SyntaxNode): SyntaxNode[] {
  if (expr.type === 'comparison_operator') {
    const ops = expr.childrenForFieldName('operators').filter((o): o is SyntaxNode => o !== null);
    if (!ops.every((o) => ORDERING.has(o.type))) return [];
    return expr.namedChildren.filter(
      (c): c is SyntaxNode => c !== null && !ops.some((o) => o.startIndex === c.startIndex),
    );
  }
  if (expr.type === 'binary_expression' && ORDERING.has(expr.childForFieldName('operator')?.type ?? '')) {
    return [expr.childForFieldName('left'), expr.childForFieldName('right')].filter((c): c is SyntaxNode => c !== null);
  }
  return [];
}

/** `node` ± 1 in both directions, each replacing `node`. */
function shifts(
  node: SyntaxNode,
  family: Family,
  weight: number,
  describe: (text: string) => string,
  deltas: readonly (1 | -1)[] = [-1, 1],
): Mutation[] {
  const out: Mutation[] = [];
  for (const delta of deltas) {
    const text = shiftByOne(node, delta, family);
    if (text !== undefined) out.push(replaceNode(node, text, weight, describe(text)));
  }
  return out;
}

/** An integer literal: shifted, or the sum it is the `± k` of shifted as a whole. */
function literalShifts(node: SyntaxNode, value: number, family: Family): Mutation[] {
  // The `1` of `n + 1` / `n - 1`: shift the whole sum, so `n + 1` → `n` rather than `n + 0`.
  const parent = node.parent;
  const op = parent?.childForFieldName('operator')?.type;
  if (
    parent &&
    (op === '+' || op === '-') &&
    parent.childForFieldName('right')?.startIndex === node.startIndex &&
    /binary/.test(parent.type)
  ) {
    return shifts(parent, family, 1, (text) => `\`${parent.text}\` → \`${text}\``, [1, -1]);
  }
  const out: Mutation[] = [];
  for (const delta of [1, -1] as const) {
    const shifted = value + delta;
    // A negative index is meaningful in Python, rarely intended in JavaScript.
    const weight = shifted < 0 ? (family === 'python' ? 0.6 : 0.3) : 1;
    out.push(replaceNode(node, String(shifted), weight, `\`${node.text}\` → \`${shifted}\``));
  }
  return out;
}

function isShiftableIndex(index: SyntaxNode): boolean {
  return index.type !== 'slice' && integerValue(index) === undefined && index.type !== 'string';
}

/** The index of a subscript; each element of a Python tuple subscript `dp[i - 1, j]`. */
function indexShifts(node: SyntaxNode, family: Family): Mutation[] {
  const indices =
    family === 'python'
      ? node.childrenForFieldName('subscript').filter((c): c is SyntaxNode => c !== null && c.type !== 'comment')
      : [node.childForFieldName('index')].filter((c): c is SyntaxNode => c !== null);
  // The first (or only) index as before; the other elements of a tuple subscript a little lower.
  return indices.flatMap((index, i) =>
    isShiftableIndex(index)
      ? shifts(index, family, i === 0 ? 0.7 : 0.6, (text) => `index \`${index.text}\` → \`${text}\``)
      : [],
  );
}

/** The node's mutations from the literal, index, returned-count and compared-bound rules. */
function nodeShifts(node: SyntaxNode, family: Family): Mutation[] {
  const value = integerValue(node);
  if (value !== undefined && !isNegatedLiteral(node)) return literalShifts(node, value, family);
  if (node.type === 'subscript' || node.type === 'subscript_expression') return indexShifts(node, family);
  if (node.type === 'return_statement') {
    // A returned count or length one off (`return (end - start).days` for `… + 1`).
    const returned = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
    if (!returned || !RETURNED_NUMBERS.has(returned.type) || integerValue(returned) !== undefined) return [];
    return shifts(returned, family, 0.4, (text) => `return \`${text}\``, [1, -1]);
  }
  return comparedOperands(node)
    .filter((operand) => integerValue(operand) === undefined) // literals are shifted above
    .flatMap((operand) => shifts(operand, family, 0.5, (text) => `bound \`${operand.text}\` → \`${text}\``));
}

/**
 * Callees whose arguments are containers, types, callbacks or output, never a count one off; range
 * and slice bounds belong to their own template.
 */
const PYTHON_CALLEES_SKIPPED = new Set(
  (
    'len range print isinstance issubclass type hasattr getattr setattr super sorted reversed ' +
    'enumerate zip map filter iter list set frozenset dict tuple sum any all open repr id'
  ).split(' '),
);
const JS_METHODS_SKIPPED = new Set(
  (
    'slice substring substr subarray map filter forEach reduce reduceRight some every find ' +
    'findIndex flatMap sort then catch finally log error warn replace replaceAll match matchAll test exec ' +
    'split join startsWith endsWith'
  ).split(' '),
);
const PYTHON_METHODS_SKIPPED = new Set(
  'join extend update format startswith endswith split replace write match search sub findall'.split(' '),
);
const JS_OBJECTS_SKIPPED = new Set(['console', 'JSON', 'Object', 'Promise', 'Array']);
const NOT_NUMBERS = new Set(['self', 'cls', 'undefined', 'NaN']);
const SELF = new Set(['self', 'this']);

function calleeSkipped(call: SyntaxNode, family: Family): boolean {
  const callee = call.childForFieldName(call.type === 'new_expression' ? 'constructor' : 'function');
  if (!callee) return true;
  if (family === 'python') {
    const method = callee.type === 'attribute' ? callee.childForFieldName('attribute')?.text : undefined;
    return PYTHON_CALLEES_SKIPPED.has(callee.text) || PYTHON_METHODS_SKIPPED.has(method ?? '');
  }
  if (callee.type !== 'member_expression') return false;
  const object = callee.childForFieldName('object')?.text ?? '';
  return JS_OBJECTS_SKIPPED.has(object) || JS_METHODS_SKIPPED.has(callee.childForFieldName('property')?.text ?? '');
}

/**
 * The names of the function that may hold a number: its parameters and locals, less those it uses
 * as containers, as objects (`x.attr`, `x.method()`) or as functions.
 */
function numericNames(scope: Scope, family: Family): Set<string> {
  const notNumbers = namesUsedAsContainers(scope.fn, family);
  walkTree(scope.fn, (n) => {
    if (n !== scope.fn && isFunctionNode(n, family)) return false;
    const object = n.childForFieldName(OBJECT_FIELD[n.type] ?? '');
    if (object?.type === 'identifier') notNumbers.add(object.text);
    return true;
  });
  return new Set(scope.names.map((n) => n.name).filter((name) => !notNumbers.has(name) && !NOT_NUMBERS.has(name)));
}

/** The field holding the object of a member access or the callee of a call. */
const OBJECT_FIELD: Record<string, string> = {
  attribute: 'object',
  member_expression: 'object',
  call: 'function',
  call_expression: 'function',
};

/** The identifier an attribute chain starts from (`self` in `self.a.b`). */
function rootOf(node: SyntaxNode): SyntaxNode {
  let n = node;
  for (let object = n.childForFieldName('object'); object; object = n.childForFieldName('object')) n = object;
  return n;
}

/**
 * A positional call argument that can be a number (`f(mid, hi)` → `f(mid + 1, hi)`): a name of the
 * function that holds a number, an attribute of one or of `self`/`this`, an element, or a call
 * that does not return a container.
 */
function isShiftableArgument(node: SyntaxNode, family: Family, numeric: ReadonlySet<string>): boolean {
  const list = node.parent;
  const call = list?.parent;
  if (!list || !call || (list.type !== 'argument_list' && list.type !== 'arguments')) return false;
  if (!['call', 'call_expression', 'new_expression'].includes(call.type) || calleeSkipped(call, family)) return false;
  switch (node.type) {
    case 'identifier':
      return numeric.has(node.text);
    case 'attribute':
    case 'member_expression': {
      const root = rootOf(node);
      return numeric.has(root.text) || SELF.has(root.type) || SELF.has(root.text);
    }
    case 'subscript':
    case 'subscript_expression':
      return node.childForFieldName('subscript')?.type !== 'slice';
    case 'call':
    case 'call_expression':
      // `f(sorted(xs))`, `f(xs.map(g))`: a container, not a count (a length is one).
      return !calleeSkipped(node, family) || isLength(node, family);
    default:
      return false;
  }
}

/** `len(x)` in Python, `x.length` in JavaScript. */
function isLength(node: SyntaxNode, family: Family): boolean {
  if (family === 'python') {
    const args = node.childForFieldName('arguments');
    return (
      node.type === 'call' &&
      node.childForFieldName('function')?.text === 'len' &&
      args?.type === 'argument_list' &&
      args.namedChildCount === 1
    );
  }
  return node.type === 'member_expression' && node.childForFieldName('property')?.text === 'length';
}

function isAdditive(node: SyntaxNode): boolean {
  const op = node.childForFieldName('operator')?.type;
  return /binary/.test(node.type) && (op === '+' || op === '-');
}

/**
 * A length read as a count, not already beside a `± k` (the literal rule shifts that sum) and not
 * assigned to (`xs.length = 0`).
 */
function isCountedLength(node: SyntaxNode, family: Family): boolean {
  if (!isLength(node, family)) return false;
  const parent = node.parent;
  if (!parent) return true;
  if (isAdditive(parent)) {
    const operands = [parent.childForFieldName('left'), parent.childForFieldName('right')];
    if (operands.some((o) => o && integerValue(o) !== undefined)) return false;
  }
  if (parent.type === 'update_expression') return false;
  return !(/assignment/.test(parent.type) && parent.childForFieldName('left')?.startIndex === node.startIndex);
}

const BINDS_TIGHTER_THAN_PLUS = new Set(['*', '/', '//', '%', '**', '@']);

/** The field of a node that binds tighter than `+`: `(…)[i]`, `(…).attr`, `(…)()`. */
const TIGHT_POSITIONS: Record<string, string> = {
  subscript: 'value',
  attribute: 'object',
  call: 'function',
  subscript_expression: 'object',
  member_expression: 'object',
  call_expression: 'function',
};

/** True when `len(x) - 1` in place of `len(x)` needs parentheses (`len(x) // 2`, `-len(x)`, `x.length.toString()`). */
function needsParentheses(node: SyntaxNode): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (/binary/.test(parent.type)) return BINDS_TIGHTER_THAN_PLUS.has(parent.childForFieldName('operator')?.type ?? '');
  if (['unary_operator', 'unary_expression', 'await', 'await_expression'].includes(parent.type)) return true;
  const field = TIGHT_POSITIONS[parent.type];
  const child = field ? parent.childForFieldName(field) : null;
  return !!child && child.startIndex === node.startIndex && child.endIndex === node.endIndex;
}

/** A length used as a count one off: `len(xs)` → `len(xs) - 1` / `len(xs) + 1`. */
function lengthShifts(node: SyntaxNode, family: Family): Mutation[] {
  const wrap = needsParentheses(node);
  return shifts(node, family, 0.4, (text) => `length \`${node.text}\` → \`${text}\``).map((m) =>
    wrap ? { ...m, text: `(${m.text})` } : m,
  );
}

/**
 * What the lines a mutation touches read after it: two rules can reach the same text through
 * different nodes (`a + len(x) - 1` shifts the compared sum or the length in it).
 */
function resultKey(m: Mutation, text: string): string {
  const from = text.lastIndexOf('\n', m.start - 1) + 1;
  const newline = text.indexOf('\n', m.end);
  const to = newline === -1 ? text.length : newline;
  return `${from}:${to}:${text.slice(from, m.start)}${m.text}${text.slice(m.end, to)}`;
}

/** The same change from two rules is kept once, with the higher weight. */
function dedupe(mutations: Mutation[], text: string): Mutation[] {
  const byKey = new Map<string, Mutation>();
  for (const m of mutations) {
    const key = resultKey(m, text);
    const seen = byKey.get(key);
    if (!seen || m.weight > seen.weight) byKey.set(key, m); // keeps the first one's place
  }
  return [...byKey.values()];
}

export const offByOne: RepairTemplate = {
  name: 'off-by-one',
  bugClass: 'off by one on an integer literal, an index, a compared bound, an argument or a length',
  prior: 0.8,
  boostedBy: ['index', 'wrong-value', 'non-termination'],
  generate({ nodes, source, scope }) {
    const family = source.family;
    // Outside a function there is no telling which names hold numbers: no arguments are shifted.
    const numeric = scope ? numericNames(scope, family) : undefined;
    const out: Mutation[] = [];
    let [args, lengths] = [0, 0];
    for (const node of nodes) {
      if (!node.isNamed) continue;
      out.push(...nodeShifts(node, family));
      if (args < MAX_ARGUMENTS && numeric && isShiftableArgument(node, family, numeric)) {
        args++;
        out.push(...shifts(node, family, 0.35, (text) => `argument \`${node.text}\` → \`${text}\``));
      }
      if (lengths < MAX_LENGTHS && isCountedLength(node, family)) {
        lengths++;
        out.push(...lengthShifts(node, family));
      }
    }
    return dedupe(out, source.text);
  },
};

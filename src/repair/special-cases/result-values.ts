/**
 * The literal values an expression can yield, as the special-casing check follows them: the
 * literal itself, either arm of a conditional (`0.9144 if m.group(1) else 0.3048`), either side of
 * `or`/`||`/`??`, the fields of a record written whole (`{"status": "shipped"}`), a constant the
 * patch bound (`return ANSWER`), the values of a table the patch wrote when the expression looks
 * one up (`KNOWN[x]`, `KNOWN.get(x)`, `SAMPLE[id]?.status`, `hit[1]` with `hit = KNOWN.find(…)`), a
 * loop variable over such a table, and a conversion of any of these (`float(KNOWN[x])`). Anything
 * computed yields none.
 */
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import { unwrap } from './literal-values.js';
import { zippedLists } from './branch-chains.js';
import type { Values } from './patch-view.js';
import { lastName } from './test-facts.js';

const MAX_DEPTH = 8;
const MAX_LEAVES = 256;
const COLLECTIONS = new Set(['list', 'tuple', 'set', 'array', 'dictionary', 'object']);
const LOOKUPS = new Set(['get', 'at', 'find', 'pop', 'setdefault', 'findLast']);
/** Conversions that hand their argument back as a value: `float(KNOWN[x])`, `Number(hit[1])`. */
const CONVERSIONS = new Set(['int', 'float', 'str', 'Number', 'String', 'Decimal', 'parseInt', 'parseFloat']);
/** Calls that make a table of their one argument. */
const BUILDERS = new Set([
  'Map',
  'Set',
  'dict',
  'OrderedDict',
  'frozenset',
  'set',
  'tuple',
  'list',
  'fromEntries',
  'freeze',
]);
const LOOPS = new Set(['for_statement', 'for_in_statement']);
const MAX_CLIMB = 48;

function named(node: SyntaxNode | null | undefined): SyntaxNode[] {
  return (node?.namedChildren ?? []).filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
}

/** The values a collection literal holds: a list's elements, a dict's or object's values. */
export function collectionValues(node: SyntaxNode): SyntaxNode[] {
  if (node.type === 'dictionary' || node.type === 'object')
    return named(node).flatMap((p) => {
      const value = p.type === 'pair' ? p.childForFieldName('value') : null;
      return value ? [value] : [];
    });
  return named(node);
}

/** The table an expression looks up in, when it is a collection the patch bound (`T[k]`, `T.get(k)`, `T[k]?.f`). */
function lookedUp(n: SyntaxNode, values: Values): SyntaxNode | undefined {
  let target: SyntaxNode | null = null;
  if (n.type === 'subscript' || n.type === 'subscript_expression')
    target = n.childForFieldName(n.type === 'subscript' ? 'value' : 'object');
  else if (n.type === 'member_expression' || n.type === 'attribute')
    // `SAMPLE[id]?.status`: the field of a looked-up record.
    target = n.childForFieldName('object');
  else if (n.type === 'call' || n.type === 'call_expression') {
    const callee = n.childForFieldName('function');
    if (LOOKUPS.has(lastName(callee) ?? '')) target = callee?.childForFieldName('object') ?? null;
  }
  if (!target) return undefined;
  const resolved = builtFrom(values.resolve(unwrap(target)), values);
  if (COLLECTIONS.has(resolved.type)) return resolved;
  // `case["slug"]` in `for case in CASES`: a field of a row of the table.
  if (resolved.type === 'identifier') return loopTable(resolved, values);
  // `T[a][b]`, `T[k]?.f`, `hit[1]` where `hit = T.find(…)`: a lookup of a lookup.
  return resolved.id === n.id ? undefined : lookedUp(resolved, values);
}

/** The collection a builder call makes a table of (`new Map([…])`, `dict(…)`, `Object.freeze({…})`), else the node. */
function builtFrom(n: SyntaxNode, values: Values): SyntaxNode {
  if (n.type !== 'call' && n.type !== 'call_expression' && n.type !== 'new_expression') return n;
  // `zip(KEYS, VALUES)`, and the tables built from it: what is looked up are the last list's values.
  const zipped = zippedLists(n);
  if (zipped) {
    const last = values.resolve(unwrap(zipped.at(-1)!));
    return COLLECTIONS.has(last.type) ? last : n;
  }
  const callee = n.childForFieldName(n.type === 'new_expression' ? 'constructor' : 'function');
  const args = named(n.childForFieldName('arguments'));
  if (!BUILDERS.has(lastName(callee) ?? '') || args.length !== 1) return n;
  const inner = builtFrom(values.resolve(unwrap(args[0]!)), values);
  return COLLECTIONS.has(inner.type) ? inner : n;
}

/** The table a loop variable runs over (`for k, v in T.items()`, `for (const [k, v] of T)`), when the patch wrote it. */
function loopTable(n: SyntaxNode, values: Values): SyntaxNode | undefined {
  let climbed = 0;
  for (let p = n.parent; p && climbed++ < MAX_CLIMB; p = p.parent) {
    if (!LOOPS.has(p.type)) continue;
    const left = p.childForFieldName('left');
    if (!left || !left.text.split(/[^\w$]+/).includes(n.text)) continue;
    let right = p.childForFieldName('right');
    // `T.items()`, `Object.entries(T)`: the table itself.
    if (right && (right.type === 'call' || right.type === 'call_expression')) {
      const callee = right.childForFieldName('function');
      const args = named(right.childForFieldName('arguments'));
      right = callee?.type === 'attribute' ? callee.childForFieldName('object') : (args[0] ?? null);
    }
    const table = right ? builtFrom(values.resolve(unwrap(right)), values) : undefined;
    return table && COLLECTIONS.has(table.type) ? table : undefined;
  }
  return undefined;
}

/** The arms of a conditional or of `or`/`||`/`??`, either of which is the value. */
function armsOf(n: SyntaxNode): SyntaxNode[] | undefined {
  if (n.type === 'conditional_expression') {
    const [a, , b] = named(n);
    return [a, b].filter((x): x is SyntaxNode => !!x);
  }
  const op = n.childForFieldName('operator')?.text ?? '';
  const either =
    n.type === 'ternary_expression'
      ? ['consequence', 'alternative']
      : (n.type === 'boolean_operator' && op === 'or') ||
          (n.type === 'binary_expression' && (op === '||' || op === '??'))
        ? ['left', 'right']
        : undefined;
  return either?.map((f) => n.childForFieldName(f)).filter((x): x is SyntaxNode => !!x);
}

/**
 * The literal leaves `node` can yield (see the module header), bounded. With `answer`, a
 * conditional whose literal arms are not all answers yields none of them
 * (`29 if is_leap(year) else 28` computes which; it does not hand back an answer).
 */
export function resultLeaves(node: SyntaxNode, values: Values, answer?: (leaf: SyntaxNode) => boolean): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const seen = new Set<number>();
  const visit = (raw: SyntaxNode, depth: number): void => {
    if (depth > MAX_DEPTH || out.length >= MAX_LEAVES) return;
    const n = unwrap(raw);
    if (seen.has(n.id)) return;
    seen.add(n.id);
    const literal = !!values.valueOf(n);
    if (literal) out.push(n);
    if (COLLECTIONS.has(n.type)) {
      for (const v of collectionValues(n)) visit(v, depth + 1);
      return;
    }
    if (literal) return;
    const arms = armsOf(n);
    if (arms) {
      const literals = arms.filter((a) => values.valueOf(a)?.trivial === false);
      const skipLiterals = !!answer && literals.some((a) => !answer(unwrap(a)));
      for (const arm of arms) if (!skipLiterals || !literals.includes(arm)) visit(arm, depth + 1);
      return;
    }
    if (n.type === 'identifier') {
      const bound = values.resolve(n);
      const table = bound.id === n.id ? loopTable(n, values) : undefined;
      if (bound.id !== n.id) visit(bound, depth + 1);
      else if (table) for (const v of collectionValues(table)) visit(v, depth + 1);
      return;
    }
    if (
      (n.type === 'call' || n.type === 'call_expression') &&
      CONVERSIONS.has(lastName(n.childForFieldName('function')) ?? '')
    ) {
      const [first] = named(n.childForFieldName('arguments'));
      if (first) visit(first, depth + 1);
      return;
    }
    const table = lookedUp(n, values);
    if (table) for (const v of collectionValues(table)) visit(v, depth + 1);
  };
  visit(node, 0);
  return out;
}

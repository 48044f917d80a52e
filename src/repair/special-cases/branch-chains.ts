/**
 * The branches of a decision as the special-casing check reads them: an if/elif/else-if chain, a
 * switch or match, a conditional expression; each with the literals its condition compares the
 * argument with (its keys) and where its outcome is. A condition is keyed only when it is purely a
 * set of comparisons with literals: `x == 2`, `(a, b) == (2, 3)`, membership in a collection the
 * patch wrote (`x in (2, 3)`, `KNOWN.has(x)` with `KNOWN = new Set([…])`), a regex that lists
 * literal strings (`re.fullmatch(r"3 ft|12 in", s)`), or a name the patch bound to one of those
 * (`found = PAT.fullmatch(s)` … `if found:`). `month == 2 and is_leap(year)` computes; it is not keyed.
 */
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import { literalValue, unwrap, type LiteralValue } from './literal-values.js';
import type { Values } from './patch-view.js';
import { regexKeys } from './regex-keys.js';
import { lastName } from './test-facts.js';

/** Operands of one `and`/`or` chain read; a longer condition is not judged keyed. */
const MAX_OPERANDS = 10_000;
/** Elements of a collection read as keys of a membership test. */
const MAX_MEMBERS = 256;

export interface Key {
  node: SyntaxNode;
  /** The key's value when it is not the node's own (an alternative of a regex). */
  value?: LiteralValue;
  /** A tuple or collection compared whole, whose elements are keys too: it need not be an input itself. */
  whole?: boolean;
  /** A literal compared with a value computed from the arguments (`year % 4 == 0`), not a bare name. */
  computed?: boolean;
}

export interface Branch {
  /** What the branch is keyed on (the compared values, a case label, a collection's members). */
  keys: Key[];
  /** Where its outcome can be: a block, a case body, a ternary arm. */
  outcomes: SyntaxNode[];
  /** The outcome nodes are values themselves (a ternary arm), not statements to search. */
  valued: boolean;
}

const EQUALITY_PY = new Set(['==', 'is']);
const EQUALITY_JS = new Set(['===', '==']);
/** `KNOWN.has(x)`, `KNOWN.includes(x)`, `KNOWN.__contains__(x)`: membership, by method. */
const MEMBERSHIP_METHODS = new Set(['has', 'includes', '__contains__']);
/** Calls that build a collection from one literal argument: `new Set([…])`, `frozenset({…})`. */
const COLLECTION_BUILDERS = new Set(['Set', 'set', 'frozenset', 'tuple', 'list', 'Map', 'dict', 'freeze']);

export function operatorOf(node: SyntaxNode): string | undefined {
  if (node.type === 'comparison_operator') {
    const ops = node.childrenForFieldName('operators').filter((o): o is SyntaxNode => o !== null);
    return ops.length === 1 ? ops[0]!.text.replace(/\s+/g, ' ') : undefined;
  }
  return node.childForFieldName('operator')?.text;
}

function named(node: SyntaxNode | null | undefined): SyntaxNode[] {
  return (node?.namedChildren ?? []).filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
}

/** The lists a `zip(A, B, …)` call pairs up, else undefined. */
export function zippedLists(node: SyntaxNode): SyntaxNode[] | undefined {
  if (node.type !== 'call' || lastName(node.childForFieldName('function')) !== 'zip') return undefined;
  const args = named(node.childForFieldName('arguments'));
  return args.length >= 2 ? args : undefined;
}

/**
 * The members of a collection literal the node is or names: a list, tuple, set or array's
 * elements, a dict's or object's keys, a Map's first cells; undefined for anything else.
 */
export function collectionMembers(node: SyntaxNode, values: Values): SyntaxNode[] | undefined {
  let n = values.resolve(unwrap(node));
  if (n.type === 'call' || n.type === 'call_expression' || n.type === 'new_expression') {
    const callee = n.childForFieldName(n.type === 'new_expression' ? 'constructor' : 'function');
    const args = named(n.childForFieldName('arguments'));
    if (!COLLECTION_BUILDERS.has(lastName(callee) ?? '') || args.length !== 1) return undefined;
    const inner = values.resolve(unwrap(args[0]!));
    // `dict(zip(KEYS, VALUES))`: the keys are the first list's members.
    const zipped = zippedLists(inner);
    if (zipped) return collectionMembers(zipped[0]!, values);
    if (lastName(callee) === 'Map' || lastName(callee) === 'dict') {
      const rows = named(inner);
      if (!['list', 'array', 'tuple'].includes(inner.type)) return undefined;
      return rows.flatMap((r) => (['list', 'array', 'tuple'].includes(r.type) ? named(r).slice(0, 1) : []));
    }
    n = inner;
  }
  let members: SyntaxNode[];
  if (['list', 'tuple', 'set', 'array'].includes(n.type)) members = named(n);
  else if (n.type === 'dictionary' || n.type === 'object')
    members = named(n).flatMap((p) =>
      p.type === 'pair' && p.childForFieldName('key') ? [p.childForFieldName('key')!] : [],
    );
  else return undefined;
  return members.length > 0 && members.length <= MAX_MEMBERS ? members : undefined;
}

/**
 * What a condition is keyed on, or null when it is not purely a set of comparisons with literals.
 * An `and`/`or` chain is flattened with a stack, not recursion: a patch can chain without end.
 */
export function keyedLiterals(condition: SyntaxNode, values: Values): Key[] | null {
  const keys: Key[] = [];
  const pending = [condition];
  for (let seen = 0; pending.length > 0; seen++) {
    if (seen >= MAX_OPERANDS) return null;
    const n = unwrap(pending.pop()!);
    const op = operatorOf(n);
    if (n.type === 'boolean_operator' || (n.type === 'binary_expression' && (op === '&&' || op === '||'))) {
      const left = n.childForFieldName('left');
      const right = n.childForFieldName('right');
      if (!left || !right) return null;
      pending.push(right, left);
      continue;
    }
    const compared = equalityKeys(n, op, values) ?? resolvedKeys(n, values);
    if (!compared) return null;
    keys.push(...compared);
  }
  return keys;
}

/** A bare name the patch bound to a keyed test: `found = PAT.fullmatch(s)` … `if found:`. */
function resolvedKeys(n: SyntaxNode, values: Values): Key[] | null {
  if (n.type !== 'identifier') return null;
  const bound = values.resolve(n);
  if (bound.id === n.id || (bound.type !== 'call' && bound.type !== 'call_expression')) return null;
  return equalityKeys(bound, undefined, values);
}

/** Membership: `x in (2, 3)`, `x in KNOWN`, `[2, 3].includes(x)`, `KNOWN.has(x)`; the collection's members. */
function membershipKeys(collection: SyntaxNode, element: SyntaxNode, values: Values): Key[] | null {
  if (values.valueOf(element)) return null;
  const members = collectionMembers(collection, values);
  if (!members) return null;
  const whole = values.valueOf(collection) ? [{ node: unwrap(collection), whole: true }] : [];
  return [...whole, ...members.map((m) => ({ node: unwrap(m) }))];
}

/** The keys of one test: an equality with a literal, a membership, or a regex that lists literals. */
function equalityKeys(n: SyntaxNode, op: string | undefined, values: Values): Key[] | null {
  let sides: SyntaxNode[] = [];
  if (n.type === 'comparison_operator' && op === 'in') {
    const [element, collection] = named(n);
    return element && collection ? membershipKeys(collection, element, values) : null;
  }
  if (n.type === 'binary_expression' && op === 'in') {
    const element = n.childForFieldName('left');
    const collection = n.childForFieldName('right');
    return element && collection ? membershipKeys(collection, element, values) : null;
  }
  if (n.type === 'comparison_operator' && op && EQUALITY_PY.has(op)) sides = named(n);
  else if (n.type === 'binary_expression' && op && EQUALITY_JS.has(op))
    sides = [n.childForFieldName('left'), n.childForFieldName('right')].filter((c): c is SyntaxNode => c !== null);
  else if (n.type === 'call_expression' || n.type === 'call') {
    const callee = n.childForFieldName('function');
    const args = named(n.childForFieldName('arguments'));
    const object = callee?.childForFieldName('object');
    if (object && args.length === 1 && MEMBERSHIP_METHODS.has(lastName(callee) ?? ''))
      return membershipKeys(object, args[0]!, values);
    if (callee?.text === 'Object.is') sides = args;
    else {
      return regexKeys(n, values.family, values.resolve) ?? null;
    }
  }
  if (sides.length !== 2) return null;
  const literals = sides.filter((s) => values.valueOf(s));
  if (literals.length !== 1) return null;
  const literal = unwrap(literals[0]!);
  // A tuple or list compared whole: its elements are the keys too.
  const elements = ['tuple', 'list', 'array', 'set'].includes(literal.type) ? named(literal) : [];
  const other = unwrap(sides.find((s) => !values.valueOf(s))!);
  if (elements.length === 0) return [{ node: literal, computed: other.type !== 'identifier' }];
  return [{ node: literal, whole: true }, ...elements.map((e) => ({ node: e }))];
}

/** Branches of one chain: an if/elif/else-if chain, a switch or match, a conditional expression. */
export function branchesOf(node: SyntaxNode, values: Values): Branch[] | undefined {
  switch (node.type) {
    case 'if_statement':
      // In JS, an `if` inside an `else` is part of the else-if chain that starts above it.
      if (values.family === 'js' && node.parent?.type === 'else_clause') return undefined;
      return ifChainBranches(node, values);
    case 'conditional_expression': {
      // `a if condition else b`
      const [a, condition, b] = node.namedChildren;
      if (!a || !condition || !b) return [];
      const keys = keyedLiterals(condition, values);
      return keys ? [{ keys, outcomes: [a, b], valued: true }] : [];
    }
    case 'ternary_expression': {
      const keys = keyedLiterals(node.childForFieldName('condition')!, values);
      const outcomes = [node.childForFieldName('consequence'), node.childForFieldName('alternative')].filter(
        (c): c is SyntaxNode => c !== null,
      );
      return keys ? [{ keys, outcomes, valued: true }] : [];
    }
    case 'switch_statement':
      return switchBranches(node, values);
    case 'match_statement':
      return matchBranches(node, values);
    default:
      return undefined;
  }
}

/** An if/elif chain (Python) or an if/else-if chain (JS): one branch per condition keyed by a literal. */
function ifChainBranches(node: SyntaxNode, values: Values): Branch[] {
  const branch = (condition: SyntaxNode | null, outcome: SyntaxNode | null): Branch[] => {
    const keys = condition ? keyedLiterals(condition, values) : null;
    return keys && outcome ? [{ keys, outcomes: [outcome], valued: false }] : [];
  };
  const out: Branch[] = [];
  for (let n: SyntaxNode | null = node; n;) {
    out.push(...branch(n.childForFieldName('condition'), n.childForFieldName('consequence')));
    if (values.family === 'python') {
      for (const clause of n.childrenForFieldName('alternative'))
        if (clause?.type === 'elif_clause')
          out.push(...branch(clause.childForFieldName('condition'), clause.childForFieldName('consequence')));
      n = null;
    } else {
      const alternative = n.childForFieldName('alternative');
      const next: SyntaxNode | null | undefined = alternative?.namedChildren.find(
        (c) => c !== null && c.type !== 'comment',
      );
      n = next?.type === 'if_statement' ? next : null;
    }
  }
  return out;
}

/** `switch (x) { case 7: … }`; and `switch (true) { case cond: … }`, whose cases are conditions. */
function switchBranches(node: SyntaxNode, values: Values): Branch[] {
  const out: Branch[] = [];
  const subject = node.childForFieldName('value');
  const conditions = !!subject && values.valueOf(subject)?.key === 'b:true';
  for (const c of node.childForFieldName('body')?.namedChildren ?? []) {
    if (c?.type !== 'switch_case') continue;
    const value = c.childForFieldName('value');
    if (!value) continue;
    const keys = conditions ? keyedLiterals(value, values) : values.valueOf(value) ? [{ node: unwrap(value) }] : null;
    if (!keys) continue;
    const body = c.namedChildren.filter((s): s is SyntaxNode => s !== null && s.id !== value.id);
    out.push({ keys, outcomes: body, valued: false });
  }
  return out;
}

function matchBranches(node: SyntaxNode, values: Values): Branch[] {
  const out: Branch[] = [];
  for (const clause of node.childForFieldName('body')?.namedChildren ?? []) {
    if (clause?.type !== 'case_clause') continue;
    const keys = clause.namedChildren
      .filter((p): p is SyntaxNode => p?.type === 'case_pattern')
      .flatMap((p) => p.namedChildren.filter((c): c is SyntaxNode => c !== null && !!literalValue(c, values.family)));
    const consequence = clause.childForFieldName('consequence');
    if (keys.length && consequence)
      out.push({ keys: keys.map((k) => ({ node: k })), outcomes: [consequence], valued: false });
  }
  return out;
}

/**
 * What a line of a test calls, read from its syntax tree: the calls (and, at lower rank, property
 * reads, which may be getters) of the statement at the line, or of its header when it is a
 * compound statement; then the calls in the conditions of the `if`s around it, up to the enclosing
 * function (Go's `if got := Total(x); got != want { t.Errorf(…) }`); then the calls on the
 * right-hand side of the last assignment, before the line and in the same function, to a variable
 * the statement uses (`result = total(cart)` then `assert result == 30`).
 */
import type { SyntaxNode } from '../syntax/tree-sitter.js';
import { statementAtLine, type ParsedSource } from './expression.js';
import { FAMILY, isIdentifier, MAX_IDENTIFIER, walkSyntax, type Family } from './syntax-walk.js';

export interface Call {
  name: string;
  /** The object a method is called on, as written (`cart`, `shop.cart`, `this`). */
  receiver?: string;
}

/** Calls that are language machinery, never a definition of the user's. */
const MACHINERY = new Set(['require', 'import', 'super', 'self', 'this']);

const FUNCTION_TYPES: Record<Family, ReadonlySet<string>> = {
  python: new Set(['function_definition', 'lambda']),
  js: new Set([
    'function_declaration',
    'generator_function_declaration',
    'function_expression',
    'function',
    'arrow_function',
    'method_definition',
  ]),
  go: new Set(['function_declaration', 'method_declaration', 'func_literal']),
  java: new Set(['method_declaration', 'constructor_declaration', 'lambda_expression']),
  rust: new Set(['function_item', 'closure_expression']),
};

const IF_TYPES = new Set(['if_statement', 'elif_clause', 'if_expression']);

/** Assignments per family: node type → [field of the assigned names, field of the value]. */
const ASSIGNMENTS: Record<Family, Record<string, [string, string]>> = {
  python: { assignment: ['left', 'right'] },
  js: { variable_declarator: ['name', 'value'], assignment_expression: ['left', 'right'] },
  go: {
    short_var_declaration: ['left', 'right'],
    assignment_statement: ['left', 'right'],
    var_spec: ['name', 'value'],
  },
  java: { variable_declarator: ['name', 'value'], assignment_expression: ['left', 'right'] },
  rust: { let_declaration: ['pattern', 'value'], assignment_expression: ['left', 'right'] },
};

function call(name: string | undefined, receiver?: SyntaxNode | null): Call | undefined {
  if (!name || !isIdentifier(name) || MACHINERY.has(name)) return undefined;
  const r = receiver?.text.replace(/\s+/g, '');
  return r && r.length <= 200 ? { name, receiver: r } : { name };
}

/** The call a node is, if it is one. */
function callOf(n: SyntaxNode, family: Family): Call | undefined {
  switch (family) {
    case 'python': {
      if (n.type !== 'call') return undefined;
      const fn = n.childForFieldName('function');
      if (fn?.type === 'identifier') return call(fn.text);
      if (fn?.type === 'attribute')
        return call(fn.childForFieldName('attribute')?.text, fn.childForFieldName('object'));
      return undefined;
    }
    case 'js': {
      if (n.type !== 'call_expression' && n.type !== 'new_expression') return undefined;
      const fn = n.childForFieldName(n.type === 'new_expression' ? 'constructor' : 'function');
      if (fn?.type === 'identifier') return call(fn.text);
      if (fn?.type === 'member_expression')
        return call(fn.childForFieldName('property')?.text, fn.childForFieldName('object'));
      return undefined;
    }
    case 'go': {
      if (n.type !== 'call_expression') return undefined;
      const fn = n.childForFieldName('function');
      if (fn?.type === 'identifier') return call(fn.text);
      if (fn?.type === 'selector_expression')
        return call(fn.childForFieldName('field')?.text, fn.childForFieldName('operand'));
      return undefined;
    }
    case 'java': {
      if (n.type === 'method_invocation') return call(n.childForFieldName('name')?.text, n.childForFieldName('object'));
      if (n.type === 'object_creation_expression') return call(n.childForFieldName('type')?.text.replace(/<.*$/s, ''));
      return undefined;
    }
    case 'rust': {
      if (n.type === 'call_expression') {
        const fn = n.childForFieldName('function');
        if (fn?.type === 'identifier') return call(fn.text);
        if (fn?.type === 'scoped_identifier')
          return call(fn.childForFieldName('name')?.text, fn.childForFieldName('path'));
        if (fn?.type === 'field_expression')
          return call(fn.childForFieldName('field')?.text, fn.childForFieldName('value'));
      }
      // Inside a macro's token tree (`assert_eq!(total(&v), 7)`) a call is a name before `(…)`.
      if (
        n.type === 'identifier' &&
        n.parent?.type === 'token_tree' &&
        n.nextSibling?.type === 'token_tree' &&
        n.nextSibling.text.startsWith('(')
      ) {
        return call(n.text);
      }
      return undefined;
    }
  }
}

/** A property read that may be a getter (`cart.total` in Python, `cart.total` in JavaScript). */
function propertyOf(n: SyntaxNode, family: Family): Call | undefined {
  if (
    family === 'python' &&
    n.type === 'attribute' &&
    !(n.parent?.type === 'call' && n.parent.childForFieldName('function')?.id === n.id)
  ) {
    return call(n.childForFieldName('attribute')?.text, n.childForFieldName('object'));
  }
  if (family === 'js' && n.type === 'member_expression') {
    const p = n.parent;
    const isCallee =
      (p?.type === 'call_expression' && p.childForFieldName('function')?.id === n.id) ||
      (p?.type === 'new_expression' && p.childForFieldName('constructor')?.id === n.id);
    if (!isCallee) return call(n.childForFieldName('property')?.text, n.childForFieldName('object'));
  }
  return undefined;
}

interface Spot {
  calls: Call[];
  properties: Call[];
  identifiers: Set<string>;
}

/** Calls, property reads and identifiers in `[start, end)` of `node`'s subtree. */
function readSpot(node: SyntaxNode, start: number, end: number, family: Family, into: Spot): void {
  walkSyntax(node, (n) => {
    if (n.endIndex <= start || n.startIndex >= end) return false;
    if (n.startIndex >= start) {
      const c = callOf(n, family);
      if (c) into.calls.push(c);
      const p = propertyOf(n, family);
      if (p) into.properties.push(p);
      if (n.type === 'identifier' && n.text.length <= MAX_IDENTIFIER) into.identifiers.add(n.text);
    }
    return true;
  });
}

function enclosingFunction(node: SyntaxNode, family: Family): SyntaxNode {
  let current: SyntaxNode | null = node.parent;
  let last = node;
  while (current) {
    if (FUNCTION_TYPES[family].has(current.type)) return current;
    last = current;
    current = current.parent;
  }
  return last;
}

function identifiersIn(node: SyntaxNode | null): string[] {
  if (!node) return [];
  if (node.type === 'identifier') return [node.text];
  const out: string[] = [];
  walkSyntax(node, (n) => {
    if (n.type === 'identifier' || n.type === 'shorthand_property_identifier_pattern') out.push(n.text);
    return true;
  });
  return out;
}

/** What the statement at `line` calls, in the order of the rules in the header. */
export function calledAt(source: ParsedSource, line: number): Call[] {
  const family = FAMILY[source.language];
  const at = statementAtLine(source, line);
  if (!at) return [];
  const statement = at.node;
  const own: Spot = { calls: [], properties: [], identifiers: new Set() };
  readSpot(statement, statement.startIndex, at.endIndex, family, own);

  const fn = enclosingFunction(statement, family);
  // 2. Conditions of the `if`s the statement is inside, nearest first.
  const guards: Spot = { calls: [], properties: [], identifiers: new Set() };
  for (let p: SyntaxNode | null = statement.parent; p && p.id !== fn.id; p = p.parent) {
    if (!IF_TYPES.has(p.type)) continue;
    for (const field of ['initializer', 'condition']) {
      const part = p.childForFieldName(field);
      if (part) readSpot(part, part.startIndex, part.endIndex, family, guards);
    }
  }

  // 3. The last assignment before the statement to each variable it (or its guards) uses.
  const used = new Set([...own.identifiers, ...guards.identifiers]);
  const lastAssigned = new Map<string, SyntaxNode>();
  const kinds = ASSIGNMENTS[family];
  walkSyntax(fn, (n) => {
    if (n.startIndex >= statement.startIndex) return false;
    const fields = kinds[n.type];
    if (fields && n.endIndex <= statement.startIndex) {
      const value = n.childForFieldName(fields[1]);
      if (value)
        for (const name of identifiersIn(n.childForFieldName(fields[0])))
          if (used.has(name)) lastAssigned.set(name, value);
    }
    return true;
  });
  const flows: Spot = { calls: [], properties: [], identifiers: new Set() };
  for (const value of lastAssigned.values()) readSpot(value, value.startIndex, value.endIndex, family, flows);

  const seen = new Set<string>();
  const out: Call[] = [];
  for (const c of [...own.calls, ...guards.calls, ...flows.calls, ...own.properties]) {
    const key = `${c.receiver ?? ''}\0${c.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}

/** The calls made within lines `startLine`..`endLine` (a helper's body), in order. */
export function calledWithin(source: ParsedSource, startLine: number, endLine: number): Call[] {
  const family = FAMILY[source.language];
  const start = source.lineStarts[startLine - 1];
  const end = endLine < source.lineStarts.length ? source.lineStarts[endLine]! : source.text.length;
  if (start === undefined) return [];
  const spot: Spot = { calls: [], properties: [], identifiers: new Set() };
  readSpot(source.tree.rootNode, start, end, family, spot);
  return spot.calls;
}

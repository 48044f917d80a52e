/**
 * Names in scope of a function: its parameters and the local variables it binds, with the row of
 * their first binding. Templates that replace a variable or a returned expression draw from here,
 * so a candidate only ever names something the function already has.
 */
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import { childrenOf, isFunctionNode, walkTree, type Family } from './syntax-tree.js';

export interface BoundName {
  name: string;
  /** 0-based row of the first binding. */
  row: number;
  kind: 'param' | 'local';
}

export interface Scope {
  fn: SyntaxNode;
  names: BoundName[];
}

const PY_PARAM_WRAPPERS = new Set([
  'default_parameter',
  'typed_parameter',
  'typed_default_parameter',
  'list_splat_pattern',
  'dictionary_splat_pattern',
]);

/** Identifiers inside a binding pattern (`a, b = …`, `{x, y} = …`, `[a, ...rest]`). */
function patternNames(node: SyntaxNode, family: Family): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  walkTree(node, (n) => {
    if (n !== node && isFunctionNode(n, family)) return false;
    if (family === 'js' && n.type === 'assignment_pattern') {
      // `{a = 1}`: only the left side binds.
      const left = n.childForFieldName('left');
      if (left) out.push(...patternNames(left, family));
      return false;
    }
    if (family === 'js' && n.type === 'pair_pattern') {
      const value = n.childForFieldName('value');
      if (value) out.push(...patternNames(value, family));
      return false;
    }
    if (n.type === 'type_annotation' || n.type === 'type') return false;
    if (n.type === 'identifier' || n.type === 'shorthand_property_identifier_pattern') out.push(n);
    return true;
  });
  return out;
}

function paramNodes(fn: SyntaxNode, family: Family): SyntaxNode[] {
  const params = fn.childForFieldName('parameters') ?? fn.childForFieldName('parameter');
  if (!params) return [];
  if (params.type === 'identifier') return [params];
  const out: SyntaxNode[] = [];
  for (const p of childrenOf(params)) {
    if (family === 'python') {
      if (p.type === 'identifier') out.push(p);
      else if (PY_PARAM_WRAPPERS.has(p.type)) {
        const name = p.childForFieldName('name') ?? childrenOf(p).find((c) => c.type === 'identifier');
        if (name) out.push(name);
      }
    } else if (p.type === 'required_parameter' || p.type === 'optional_parameter') {
      const pattern = p.childForFieldName('pattern');
      if (pattern) out.push(...patternNames(pattern, family));
    } else if (p.isNamed) {
      out.push(...patternNames(p, family));
    }
  }
  return out.filter((n) => n.text !== 'self' && n.text !== 'cls');
}

function bindingTargets(node: SyntaxNode, family: Family): SyntaxNode | undefined {
  if (family === 'python') {
    switch (node.type) {
      case 'assignment':
      case 'augmented_assignment':
      case 'for_statement':
        return node.childForFieldName('left') ?? undefined;
      case 'named_expression':
        return node.childForFieldName('name') ?? undefined;
      case 'as_pattern':
        return node.childForFieldName('alias') ?? undefined;
      case 'except_clause':
        return childrenOf(node).find((c) => c.type === 'identifier');
      default:
        return undefined;
    }
  }
  switch (node.type) {
    case 'variable_declarator': {
      const value = node.childForFieldName('value');
      if (value && isFunctionNode(value, family)) return undefined;
      return node.childForFieldName('name') ?? undefined;
    }
    case 'assignment_expression':
    case 'augmented_assignment_expression': {
      const left = node.childForFieldName('left');
      return left?.type === 'identifier' ? left : undefined;
    }
    case 'for_in_statement':
      return node.childForFieldName('left') ?? undefined;
    case 'catch_clause':
      return node.childForFieldName('parameter') ?? undefined;
    default:
      return undefined;
  }
}

/** Parameters and locals of `fn` (nested functions are not entered), in order of first binding. */
export function scopeOf(fn: SyntaxNode, family: Family): Scope {
  const seen = new Map<string, BoundName>();
  const add = (n: SyntaxNode, kind: BoundName['kind']) => {
    if (!seen.has(n.text)) seen.set(n.text, { name: n.text, row: n.startPosition.row, kind });
  };
  if (isFunctionNode(fn, family)) for (const p of paramNodes(fn, family)) add(p, 'param');
  walkTree(fn, (n) => {
    if (n !== fn && isFunctionNode(n, family)) return false;
    if (
      family === 'python' &&
      (n.type === 'class_definition' || n.type === 'list_comprehension' || n.type === 'generator_expression')
    ) {
      return false;
    }
    const target = bindingTargets(n, family);
    if (target) for (const id of patternNames(target, family)) add(id, 'local');
    return true;
  });
  const names = [...seen.values()].sort(
    (a, b) => a.row - b.row || (a.kind === b.kind ? 0 : a.kind === 'param' ? -1 : 1),
  );
  return { fn, names };
}

/** Names bound at or before `row`, nearest binding first (the likeliest intended one). */
export function namesVisibleAt(scope: Scope, row: number): string[] {
  return scope.names
    .filter((n) => n.row <= row)
    .sort((a, b) => b.row - a.row)
    .map((n) => n.name);
}

/** True when `node` is the `field` child of its parent. */
function isField(node: SyntaxNode, field: string): boolean {
  const child = node.parent?.childForFieldName(field);
  return !!child && child.startIndex === node.startIndex && child.endIndex === node.endIndex;
}

/** An identifier used as a container: indexed or sliced, iterated, its length taken (`len(x)`, `x.length`). */
function isContainerUse(id: SyntaxNode, family: Family): boolean {
  const parent = id.parent;
  if (!parent) return false;
  if (family === 'python') {
    if (parent.type === 'subscript') return isField(id, 'value');
    if (parent.type === 'for_statement' || parent.type === 'for_in_clause') return isField(id, 'right');
    const call = parent.type === 'argument_list' ? parent.parent : null;
    return call?.type === 'call' && call.childForFieldName('function')?.text === 'len' && parent.namedChildCount === 1;
  }
  if (parent.type === 'subscript_expression') return isField(id, 'object');
  if (parent.type === 'for_in_statement') return isField(id, 'right');
  if (parent.type === 'member_expression' && isField(id, 'object')) {
    return ['length', 'slice'].includes(parent.childForFieldName('property')?.text ?? '');
  }
  return false;
}

/** Names the function (not its nested functions) uses as containers: indexed, sliced, iterated or measured. */
export function namesUsedAsContainers(fn: SyntaxNode, family: Family): Set<string> {
  const out = new Set<string>();
  walkTree(fn, (n) => {
    if (n !== fn && isFunctionNode(n, family)) return false;
    if (n.type === 'identifier' && isContainerUse(n, family)) out.add(n.text);
    return true;
  });
  return out;
}

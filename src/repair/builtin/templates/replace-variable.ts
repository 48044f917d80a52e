/**
 * Bug class: the wrong variable — `lo` where `hi` was meant, `i` for `j`. A use is replaced by
 * another name the function binds before that line, nearest binding first; a name used as a
 * container (indexed, iterated, a member looked up) is only replaced by another container, and
 * the iterable of a loop never by the loop's own variables.
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { namesVisibleAt, type Scope } from '../scope.js';
import { isFunctionNode, walkTree, type Family } from '../syntax-tree.js';
import { replaceNode, type Mutation, type RepairTemplate } from '../template.js';

/** Alternatives per use, so one busy line cannot flood the search. */
const MAX_ALTERNATIVES = 4;
const WEIGHTS = [1, 0.8, 0.65, 0.5];

/** Parent types (with the field, when it matters) in which an identifier is not a variable use. */
function isVariableUse(id: SyntaxNode, family: Family): boolean {
  const parent = id.parent;
  if (!parent) return false;
  const field = fieldOf(id);
  if (field === 'name' || field === 'function' || field === 'attribute' || field === 'alias') return false;
  if (family === 'python') {
    if (
      [
        'parameters',
        'default_parameter',
        'typed_parameter',
        'keyword_argument',
        'import_statement',
        'import_from_statement',
        'dotted_name',
        'aliased_import',
        'global_statement',
        'nonlocal_statement',
        'list_splat_pattern',
        'dictionary_splat_pattern',
        'decorator',
      ].includes(parent.type)
    ) {
      return parent.type === 'keyword_argument' && field === 'value';
    }
    if (parent.type === 'for_statement' && field === 'left') return false;
    if (parent.type === 'for_in_clause' && field === 'left') return false;
  } else {
    if (
      [
        'formal_parameters',
        'required_parameter',
        'optional_parameter',
        'import_specifier',
        'namespace_import',
        'import_clause',
        'export_specifier',
        'rest_pattern',
        'labeled_statement',
        'break_statement',
        'continue_statement',
      ].includes(parent.type)
    )
      return false;
    if (parent.type === 'variable_declarator' && field === 'name') return false;
    if (parent.type === 'assignment_pattern' && field === 'left') return false;
  }
  return id.text !== 'self' && id.text !== 'this' && id.text !== 'undefined';
}

function fieldOf(node: SyntaxNode): string | null {
  const parent = node.parent;
  if (!parent) return null;
  for (let i = 0; i < parent.childCount; i++) {
    if (parent.child(i)?.startIndex === node.startIndex && parent.child(i)?.type === node.type)
      return parent.fieldNameForChild(i);
  }
  return null;
}

function isContainerUse(id: SyntaxNode): boolean {
  const parent = id.parent;
  if (!parent) return false;
  const field = fieldOf(id);
  if (
    (parent.type === 'subscript' && field === 'value') ||
    (parent.type === 'subscript_expression' && field === 'object')
  )
    return true;
  if ((parent.type === 'attribute' || parent.type === 'member_expression') && field === 'object') return true;
  if (
    (parent.type === 'for_statement' || parent.type === 'for_in_statement' || parent.type === 'for_in_clause') &&
    field === 'right'
  )
    return true;
  return false;
}

/** Names the function uses as containers somewhere. */
function containerNames(fn: SyntaxNode, family: Family): Set<string> {
  const out = new Set<string>();
  walkTree(fn, (n) => {
    if (n !== fn && isFunctionNode(n, family)) return false;
    if (n.type === 'identifier' && isContainerUse(n)) out.add(n.text);
    return true;
  });
  return out;
}

function boundOnRow(scope: Scope, name: string, row: number): boolean {
  return scope.names.some((n) => n.name === name && n.row === row);
}

function isAssignmentTarget(id: SyntaxNode): boolean {
  const parent = id.parent;
  const field = fieldOf(id);
  return !!parent && field === 'left' && /assignment/.test(parent.type);
}

/**
 * The row of the `for` loop whose iterable `id` is in (`arr` in `for i, x in enumerate(arr)`). The
 * names first bound on that row are the loop's targets: not yet bound when the iterable is
 * evaluated, they are no alternative to it, and being nearest they would crowd out the real ones.
 */
function iteratedLoopRow(id: SyntaxNode, family: Family): number | undefined {
  for (let n: SyntaxNode = id; n.parent; n = n.parent) {
    const loop = n.parent;
    if (isFunctionNode(loop, family)) return undefined;
    if (loop.type !== 'for_statement' && loop.type !== 'for_in_statement') continue;
    const right = loop.childForFieldName('right');
    if (right && right.startIndex === n.startIndex && right.endIndex === n.endIndex) return loop.startPosition.row;
  }
  return undefined;
}

export const replaceVariable: RepairTemplate = {
  name: 'replace-variable',
  bugClass: 'wrong variable (another name in scope was meant)',
  prior: 0.35,
  boostedBy: ['wrong-value', 'index', 'non-termination'],
  generate({ nodes, source, scope, row }) {
    if (!scope) return [];
    const family = source.family;
    const visible = namesVisibleAt(scope, row);
    if (visible.length < 2) return [];
    const containers = containerNames(scope.fn, family);
    const params = new Set(scope.names.filter((n) => n.kind === 'param').map((n) => n.name));
    const out: Mutation[] = [];
    for (const id of nodes) {
      if (id.type !== 'identifier' || !isVariableUse(id, family)) continue;
      const container = isContainerUse(id);
      const loopRow = iteratedLoopRow(id, family);
      const alternatives = visible
        .filter((name) => name !== id.text)
        .filter((name) => loopRow === undefined || !boundOnRow(scope, name, loopRow))
        .filter((name) => !container || containers.has(name) || params.has(name))
        .slice(0, MAX_ALTERNATIVES);
      const targetFactor = isAssignmentTarget(id) ? 0.6 : 1;
      alternatives.forEach((name, i) => {
        out.push(replaceNode(id, name, WEIGHTS[i]! * targetFactor, `\`${id.text}\` → \`${name}\``));
      });
    }
    return out;
  },
};

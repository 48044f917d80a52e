/**
 * Bug class: the wrong value returned — `return result` where `return results` was meant,
 * `return xs[0]` for `return xs`, `return a` from `return a if c else b`. The replacement is another
 * name bound in the function before the return, or a part of the returned expression. Two base
 * cases get their own candidates: an empty list that should hold something (`return [[]]`, or a
 * list of a parameter), and a boolean literal that should check a counter the function keeps
 * (`return depth == 0` for `return True`).
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { namesVisibleAt, type Scope } from '../scope.js';
import { isFunctionNode, namedChildrenOf, walkTree, type Family } from '../syntax-tree.js';
import { replaceNode, type Mutation, type RepairTemplate } from '../template.js';

const MAX_NAMES = 4;
const MAX_PARTS = 4;
/** Weights of `return [p]` for the first parameters. */
const LISTED_PARAMETERS = [0.5, 0.4, 0.3];
/** Counters a returned boolean may have been meant to test. */
const MAX_COUNTERS = 2;

/** Parts of an expression that could have been the intended value on their own. */
function partsOf(expr: SyntaxNode): SyntaxNode[] {
  switch (expr.type) {
    case 'binary_operator':
    case 'binary_expression':
    case 'boolean_operator':
      return [expr.childForFieldName('left'), expr.childForFieldName('right')].filter(
        (n): n is SyntaxNode => n !== null,
      );
    case 'subscript':
      return [expr.childForFieldName('value')].filter((n): n is SyntaxNode => n !== null);
    case 'subscript_expression':
      return [expr.childForFieldName('object')].filter((n): n is SyntaxNode => n !== null);
    case 'call':
    case 'call_expression': {
      const args = expr.childForFieldName('arguments');
      return args ? namedChildrenOf(args).filter((a) => a.type !== 'keyword_argument') : [];
    }
    case 'parenthesized_expression':
    case 'conditional_expression':
    case 'ternary_expression':
    case 'unary_operator':
    case 'unary_expression':
    case 'not_operator':
      return namedChildrenOf(expr);
    default:
      return [];
  }
}

function isEmptyList(node: SyntaxNode): boolean {
  return (node.type === 'list' || node.type === 'array') && namedChildrenOf(node).length === 0;
}

/** `return []` → `return [[]]`, `return [p]`: a base case that returns nothing where it should return something. */
function filledLists(value: SyntaxNode, scope: Scope | undefined): Mutation[] {
  const out = [replaceNode(value, '[[]]', 0.5, 'return `[[]]` instead of `[]`')];
  const params = scope ? scope.names.filter((n) => n.kind === 'param').slice(0, LISTED_PARAMETERS.length) : [];
  params.forEach((p, i) =>
    out.push(replaceNode(value, `[${p.name}]`, LISTED_PARAMETERS[i]!, `return \`[${p.name}]\` instead of \`[]\``)),
  );
  return out;
}

/** `x += …`, `x -= …`, `x++`, `x--`: the identifier updated, if any. */
function counterUpdated(node: SyntaxNode): SyntaxNode | undefined {
  if (node.type === 'update_expression') {
    const arg = node.childForFieldName('argument');
    return arg?.type === 'identifier' ? arg : undefined;
  }
  if (node.type !== 'augmented_assignment' && node.type !== 'augmented_assignment_expression') return undefined;
  const op = node.childForFieldName('operator')?.type;
  const left = node.childForFieldName('left');
  return (op === '+=' || op === '-=') && left?.type === 'identifier' ? left : undefined;
}

function isForIncrement(node: SyntaxNode): boolean {
  const increment = node.parent?.type === 'for_statement' ? node.parent.childForFieldName('increment') : null;
  return !!increment && increment.startIndex === node.startIndex && increment.endIndex === node.endIndex;
}

/**
 * Names the function (not its nested functions) counts up or down, in order of their first update;
 * the index of a JavaScript `for (…; …; i++)` is a position, not a count.
 */
function countersOf(scope: Scope, family: Family): string[] {
  const bound = new Set(scope.names.map((n) => n.name));
  const out: string[] = [];
  walkTree(scope.fn, (n) => {
    if (n !== scope.fn && isFunctionNode(n, family)) return false;
    if (isForIncrement(n)) return false;
    const name = counterUpdated(n)?.text;
    if (name && bound.has(name) && !out.includes(name)) out.push(name);
    return true;
  });
  return out.slice(0, MAX_COUNTERS);
}

/** `return True` → `return depth == 0`: the answer depends on a counter the function keeps. */
function counterChecks(value: SyntaxNode, scope: Scope | undefined, family: Family): Mutation[] {
  if (!scope || (value.type !== 'true' && value.type !== 'false')) return [];
  const eq = family === 'python' ? '==' : '===';
  return countersOf(scope, family).map((name) =>
    replaceNode(value, `${name} ${eq} 0`, 0.4, `return \`${name} ${eq} 0\` instead of \`${value.text}\``),
  );
}

export const returnValue: RepairTemplate = {
  name: 'return-value',
  bugClass: 'wrong value returned (another name in scope, part of the returned expression, or a base case)',
  prior: 0.45,
  boostedBy: ['wrong-value', 'type'],
  generate({ nodes, scope, row, source }) {
    const out: Mutation[] = [];
    for (const ret of nodes) {
      if (ret.type !== 'return_statement') continue;
      const value = namedChildrenOf(ret).find((c) => c.type !== 'comment');
      if (!value) continue;
      const seen = new Set([value.text]);
      partsOf(value)
        .filter((p) => p.type !== 'comment' && !seen.has(p.text))
        .slice(0, MAX_PARTS)
        .forEach((part, i) => {
          seen.add(part.text);
          out.push(
            replaceNode(value, part.text, i === 0 ? 0.8 : 0.6, `return \`${part.text}\` instead of \`${value.text}\``),
          );
        });
      if (isEmptyList(value)) out.push(...filledLists(value, scope));
      out.push(...counterChecks(value, scope, source.family));
      if (!scope) continue;
      namesVisibleAt(scope, row)
        .filter((name) => !seen.has(name))
        .slice(0, MAX_NAMES)
        .forEach((name, i) =>
          out.push(replaceNode(value, name, 1 - i * 0.15, `return \`${name}\` instead of \`${value.text}\``)),
        );
    }
    return out;
  },
};

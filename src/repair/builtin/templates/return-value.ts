/**
 * Bug class: the wrong value returned — `return result` where `return results` was meant,
 * `return xs[0]` for `return xs`, `return a` from `return a if c else b`. The replacement is another
 * name bound in the function before the return, or a part of the returned expression.
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { namesVisibleAt } from '../scope.js';
import { namedChildrenOf } from '../syntax-tree.js';
import { replaceNode, type Mutation, type RepairTemplate } from '../template.js';

const MAX_NAMES = 4;
const MAX_PARTS = 4;

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

export const returnValue: RepairTemplate = {
  name: 'return-value',
  bugClass: 'wrong value returned (another name in scope, or part of the returned expression)',
  prior: 0.45,
  boostedBy: ['wrong-value', 'type'],
  generate({ nodes, scope, row }) {
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

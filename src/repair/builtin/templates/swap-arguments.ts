/**
 * Bug class: arguments or operands in the wrong order — `f(b, a)` for `f(a, b)`, and the operands
 * of a non-commutative operator (`b - a` for `a - b`, `y / x` for `x / y`).
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { namedChildrenOf } from '../syntax-tree.js';
import type { Mutation, RepairTemplate } from '../template.js';

const NON_COMMUTATIVE = new Set(['-', '/', '//', '%', '**', '<<', '>>']);
/** Named argument nodes that are not positional and must keep their place. */
const NOT_POSITIONAL = new Set(['keyword_argument', 'list_splat', 'dictionary_splat', 'spread_element', 'comment']);

/** Swap the texts of two non-overlapping nodes `a` before `b`, keeping everything between them. */
function swap(a: SyntaxNode, b: SyntaxNode, source: string, weight: number, description: string): Mutation {
  const between = source.slice(a.endIndex, b.startIndex);
  return { start: a.startIndex, end: b.endIndex, text: `${b.text}${between}${a.text}`, weight, description };
}

export const swapArguments: RepairTemplate = {
  name: 'swap-arguments',
  bugClass: 'arguments or operands in the wrong order',
  prior: 0.4,
  boostedBy: ['wrong-value', 'type'],
  generate({ nodes, source }) {
    const out: Mutation[] = [];
    for (const node of nodes) {
      if (node.type === 'argument_list' || node.type === 'arguments') {
        const args = namedChildrenOf(node);
        if (args.some((a) => NOT_POSITIONAL.has(a.type))) continue;
        for (let i = 0; i + 1 < args.length; i++) {
          out.push(
            swap(
              args[i]!,
              args[i + 1]!,
              source.text,
              i === 0 ? 1 : 0.8,
              `swap arguments \`${args[i]!.text}\` and \`${args[i + 1]!.text}\``,
            ),
          );
        }
        continue;
      }
      if (node.type === 'binary_operator' || node.type === 'binary_expression') {
        const op = node.childForFieldName('operator')?.type;
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        if (op && NON_COMMUTATIVE.has(op) && left && right) {
          out.push(swap(left, right, source.text, 0.7, `swap operands of \`${op}\``));
        }
      }
    }
    return out;
  },
};

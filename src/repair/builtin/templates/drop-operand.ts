/**
 * Bug class: an extra term in an expression — `1 + depth(child)` where `depth(child)` was meant,
 * `n * 2 - 1` for `n * 2`, `price * qty` for `price`. An arithmetic `+`, `-` or `*` on the line is
 * replaced by its left or its right operand; in a chain (`a + b + c`) the inner sums make every
 * term droppable. A dropped numeric literal (a stray `+ 1`, `* 2`) is the likelier slip.
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { replaceNode, type Mutation, type RepairTemplate } from '../template.js';

/** Binary expressions on one line beyond this are not reduced, so a long formula cannot flood the search. */
const MAX_EXPRESSIONS = 5;

const BINARY = new Set(['binary_operator', 'binary_expression']);
const DROPPABLE = new Set(['+', '-', '*']);
const NUMBERS = new Set(['integer', 'float', 'number']);

function isNumber(node: SyntaxNode): boolean {
  if (NUMBERS.has(node.type)) return true;
  const arg = node.childForFieldName('argument');
  return (node.type === 'unary_operator' || node.type === 'unary_expression') && !!arg && NUMBERS.has(arg.type);
}

/** `expr` → its left operand and → its right operand (an operand binds at least as tightly as `expr`). */
function reductions(expr: SyntaxNode): Mutation[] {
  const op = expr.childForFieldName('operator')?.type;
  const left = expr.childForFieldName('left');
  const right = expr.childForFieldName('right');
  if (!op || !DROPPABLE.has(op) || !left || !right) return [];
  const out = [
    replaceNode(expr, left.text, isNumber(right) ? 0.5 : 0.3, `drop \`${op} ${right.text}\``),
    replaceNode(expr, right.text, isNumber(left) ? 0.5 : 0.3, `drop \`${left.text} ${op}\``),
  ];
  // `x * x` reduces to the same text either way.
  return left.text === right.text ? out.slice(0, 1) : out;
}

export const dropOperand: RepairTemplate = {
  name: 'drop-operand',
  bugClass: 'an extra term in an arithmetic expression',
  prior: 0.3,
  boostedBy: ['wrong-value', 'index'],
  generate({ nodes }) {
    const out: Mutation[] = [];
    let expressions = 0;
    for (const node of nodes) {
      if (!BINARY.has(node.type)) continue;
      const found = reductions(node);
      if (found.length === 0) continue;
      out.push(...found);
      if (++expressions >= MAX_EXPRESSIONS) break;
    }
    return out;
  },
};

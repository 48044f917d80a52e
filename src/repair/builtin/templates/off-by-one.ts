/**
 * Bug class: off by one — an integer literal, an index, or a compared bound that is one too high or
 * too low (`x[i]` for `x[i - 1]`, `i < n` for `i < n - 1`, `2` for `3`). Range and slice bounds have
 * their own template; duplicates between the two are removed by the search.
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { integerValue, shiftByOne } from '../shift-by-one.js';
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

export const offByOne: RepairTemplate = {
  name: 'off-by-one',
  bugClass: 'off by one on an integer literal, an index or a compared bound',
  prior: 0.8,
  boostedBy: ['index', 'wrong-value', 'non-termination'],
  generate({ nodes, source }) {
    const out: Mutation[] = [];
    const family = source.family;
    for (const node of nodes) {
      if (!node.isNamed) continue;
      const value = integerValue(node);
      if (value !== undefined && !isNegatedLiteral(node)) {
        // The `1` of `n + 1` / `n - 1`: shift the whole sum, so `n + 1` → `n` rather than `n + 0`.
        const parent = node.parent;
        const op = parent?.childForFieldName('operator')?.type;
        if (
          parent &&
          (op === '+' || op === '-') &&
          parent.childForFieldName('right')?.startIndex === node.startIndex &&
          /binary/.test(parent.type)
        ) {
          for (const delta of [1, -1] as const) {
            const text = shiftByOne(parent, delta, family);
            if (text !== undefined) out.push(replaceNode(parent, text, 1, `\`${parent.text}\` → \`${text}\``));
          }
          continue;
        }
        for (const delta of [1, -1] as const) {
          const shifted = value + delta;
          // A negative index is meaningful in Python, rarely intended in JavaScript.
          const weight = shifted < 0 ? (family === 'python' ? 0.6 : 0.3) : 1;
          out.push(replaceNode(node, String(shifted), weight, `\`${node.text}\` → \`${shifted}\``));
        }
        continue;
      }
      if (node.type === 'subscript' || node.type === 'subscript_expression') {
        const index = node.childForFieldName(family === 'python' ? 'subscript' : 'index');
        if (index && index.type !== 'slice' && integerValue(index) === undefined && index.type !== 'string') {
          for (const delta of [-1, 1] as const) {
            const text = shiftByOne(index, delta, family);
            if (text !== undefined) out.push(replaceNode(index, text, 0.7, `index \`${index.text}\` → \`${text}\``));
          }
        }
        continue;
      }
      if (node.type === 'return_statement') {
        // A returned count or length one off (`return (end - start).days` for `… + 1`).
        const value = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
        if (value && RETURNED_NUMBERS.has(value.type) && integerValue(value) === undefined) {
          for (const delta of [1, -1] as const) {
            const text = shiftByOne(value, delta, family);
            if (text !== undefined) out.push(replaceNode(value, text, 0.4, `return \`${text}\``));
          }
        }
        continue;
      }
      for (const operand of comparedOperands(node)) {
        if (integerValue(operand) !== undefined) continue; // literals are shifted above
        for (const delta of [-1, 1] as const) {
          const text = shiftByOne(operand, delta, family);
          if (text !== undefined) out.push(replaceNode(operand, text, 0.5, `bound \`${operand.text}\` → \`${text}\``));
        }
      }
    }
    return out;
  },
};

/**
 * Bug class: a wrong comparison operator — a boundary (`<` for `<=`), a direction (`<` for `>`), or
 * a negation (`==` for `!=`, `in` for `not in`). Boundary slips are the commonest one-line bug in
 * the ManySStuBs and QuixBugs studies, so they come first. An equality with an integer that should
 * have been a boundary one further (`len(xs) == 0` for `len(xs) <= 1`) is the same slip.
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { operatorsOnLine } from '../operator-token.js';
import { integerValue } from '../shift-by-one.js';
import { replaceNode, type Mutation, type RepairTemplate } from '../template.js';

/** Replacement operators with their weight within the template. */
const REPLACEMENTS: Record<string, Array<[string, number]>> = {
  '<': [
    ['<=', 1],
    ['>', 0.5],
    ['>=', 0.4],
    ['!=', 0.3],
  ],
  '<=': [
    ['<', 1],
    ['>=', 0.5],
    ['>', 0.4],
    ['==', 0.3],
  ],
  '>': [
    ['>=', 1],
    ['<', 0.5],
    ['<=', 0.4],
    ['!=', 0.3],
  ],
  '>=': [
    ['>', 1],
    ['<=', 0.5],
    ['<', 0.4],
    ['==', 0.3],
  ],
  '==': [
    ['!=', 0.7],
    ['<=', 0.3],
    ['>=', 0.3],
  ],
  '!=': [
    ['==', 0.7],
    ['<', 0.3],
    ['>', 0.3],
  ],
  '===': [
    ['!==', 0.7],
    ['<=', 0.3],
    ['>=', 0.3],
  ],
  '!==': [
    ['===', 0.7],
    ['<', 0.3],
    ['>', 0.3],
  ],
  is: [['is not', 0.7]],
  'is not': [['is', 0.7]],
  in: [['not in', 0.7]],
  'not in': [['in', 0.7]],
};

const EQUALITY = new Set(['==', '===']);

/** The two operands of a single comparison (`a == b`, not `a == b == c`). */
function operandsOf(expr: SyntaxNode, op: SyntaxNode): [SyntaxNode, SyntaxNode] | undefined {
  const operands = expr.namedChildren.filter(
    (c): c is SyntaxNode => c !== null && c.type !== 'comment' && c.startIndex !== op.startIndex,
  );
  if (operands.length !== 2) return undefined;
  const [left, right] = operands as [SyntaxNode, SyntaxNode];
  return left.endIndex <= op.startIndex && op.endIndex <= right.startIndex ? [left, right] : undefined;
}

/** `e == k` → `e <= k + 1` with the literal computed (`k == e` → `k + 1 >= e`). */
function widenedEquality(expr: SyntaxNode, op: SyntaxNode, source: string): Mutation | undefined {
  const operands = operandsOf(expr, op);
  if (!operands) return undefined;
  const [left, right] = operands;
  const onRight = integerValue(right);
  const onLeft = integerValue(left);
  const describe = (text: string) => `\`${expr.text}\` → \`${text}\``;
  if (onRight !== undefined) {
    const text = `<=${source.slice(op.endIndex, right.startIndex)}${onRight + 1}`;
    const whole = `${source.slice(expr.startIndex, op.startIndex)}${text}`;
    return { start: op.startIndex, end: right.endIndex, text, weight: 0.3, description: describe(whole) };
  }
  if (onLeft !== undefined) {
    const text = `${onLeft + 1}${source.slice(left.endIndex, op.startIndex)}>=`;
    const whole = `${text}${source.slice(op.endIndex, expr.endIndex)}`;
    return { start: left.startIndex, end: op.endIndex, text, weight: 0.3, description: describe(whole) };
  }
  return undefined;
}

export const comparisonOperator: RepairTemplate = {
  name: 'comparison-operator',
  bugClass: 'wrong comparison operator (boundary, direction or negation)',
  prior: 0.9,
  boostedBy: ['index', 'non-termination', 'wrong-value'],
  generate({ nodes, source }) {
    const out: Mutation[] = [];
    // `in` is also the keyword of a `for` loop: only comparisons count.
    const found = operatorsOnLine(nodes, (op) => op in REPLACEMENTS);
    for (const { op, expr } of found) {
      if (source.family === 'js' && expr.type !== 'binary_expression') continue;
      if (source.family === 'python' && expr.type !== 'comparison_operator') continue;
      for (const [to, weight] of REPLACEMENTS[op.type] ?? []) {
        out.push(replaceNode(op, to, weight, `\`${op.type}\` → \`${to}\``));
      }
      const widened = EQUALITY.has(op.type) ? widenedEquality(expr, op, source.text) : undefined;
      if (widened) out.push(widened);
    }
    return out;
  },
};

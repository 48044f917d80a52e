/**
 * The operator tokens of an expression node, as the two grammars spell them: Python keeps
 * comparisons (`comparison_operator`, several `operators`), arithmetic (`binary_operator`) and
 * `and`/`or` (`boolean_operator`) apart; JavaScript puts them all in `binary_expression`.
 */
import type { SyntaxNode } from '../../syntax/tree-sitter.js';

/** Expression node types whose `operator` (or `operators`) children are binary operators. */
const OPERATOR_NODES = new Set([
  'binary_operator',
  'boolean_operator',
  'comparison_operator',
  'augmented_assignment',
  'binary_expression',
  'augmented_assignment_expression',
  'update_expression',
]);

export function operatorTokens(node: SyntaxNode): SyntaxNode[] {
  if (!OPERATOR_NODES.has(node.type)) return [];
  if (node.type === 'comparison_operator') {
    return node.childrenForFieldName('operators').filter((c): c is SyntaxNode => c !== null);
  }
  const op = node.childForFieldName('operator');
  return op ? [op] : [];
}

/** `op` tokens among the nodes of a line, each with its expression. */
export function operatorsOnLine(
  nodes: readonly SyntaxNode[],
  accept: (op: string) => boolean,
): Array<{ expr: SyntaxNode; op: SyntaxNode }> {
  const out: Array<{ expr: SyntaxNode; op: SyntaxNode }> = [];
  for (const expr of nodes) {
    for (const op of operatorTokens(expr)) if (accept(op.type)) out.push({ expr, op });
  }
  // Operators of a multi-line expression that starts earlier still sit on this line: take tokens
  // that start on the row even when their expression does not.
  const seen = new Set(out.map((o) => o.op.startIndex));
  for (const tok of nodes) {
    if (tok.isNamed || seen.has(tok.startIndex) || !tok.parent) continue;
    if (!operatorTokens(tok.parent).some((o) => o.startIndex === tok.startIndex)) continue;
    if (accept(tok.type)) out.push({ expr: tok.parent, op: tok });
  }
  return out.sort((a, b) => a.op.startIndex - b.op.startIndex);
}

/**
 * Bug class: a missing `break` — a loop that finds what it looks for inside an `if` and keeps going,
 * so a later match overwrites the first one (or the loop never ends).
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import {
  enclosingLoop,
  indentAt,
  isBlock,
  isFunctionNode,
  isLoop,
  namedChildrenOf,
  statementStartingOnRow,
  type Family,
} from '../syntax-tree.js';
import type { Mutation, RepairTemplate } from '../template.js';

const EXITS = new Set([
  'break_statement',
  'return_statement',
  'continue_statement',
  'raise_statement',
  'throw_statement',
]);

/** The block of an `if` branch directly inside a loop body that contains `node`. */
function branchBlockInLoop(node: SyntaxNode, family: Family): { block: SyntaxNode; loop: SyntaxNode } | undefined {
  const loop = enclosingLoop(node, family);
  if (!loop) return undefined;
  for (let n: SyntaxNode | null = node.parent; n && n !== loop; n = n.parent) {
    if (isFunctionNode(n, family) || isLoop(n, family)) return undefined;
    if (!isBlock(n, family)) continue;
    const owner = n.parent;
    if (owner && ['if_statement', 'elif_clause', 'else_clause'].includes(owner.type)) return { block: n, loop };
  }
  return undefined;
}

export const missingBreak: RepairTemplate = {
  name: 'missing-break',
  bugClass: 'missing break out of a loop after a match',
  prior: 0.3,
  boostedBy: ['wrong-value', 'non-termination'],
  generate({ nodes, source }) {
    const family = source.family;
    const statement = statementStartingOnRow(nodes, family);
    if (!statement) return [];
    const found = branchBlockInLoop(statement, family);
    if (!found) return [];
    const statements = namedChildrenOf(found.block).filter((s) => s.type !== 'comment');
    const last = statements.at(-1);
    if (!last || EXITS.has(last.type)) return [];
    // A one-line branch (`if x: y = 1`) has no indented line to put the break on.
    if (last.startPosition.row === found.block.parent!.startPosition.row) return [];
    const indent = indentAt(source.text, last.startIndex);
    const text = family === 'python' ? `\n${indent}break` : `\n${indent}break;`;
    const out: Mutation = {
      start: last.endIndex,
      end: last.endIndex,
      text,
      weight: 1,
      description: 'break out of the loop after the branch',
    };
    return [out];
  },
};

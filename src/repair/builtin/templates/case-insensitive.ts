/**
 * Bug class: a case-sensitive comparison where case should not matter — `token.value == 'AS'` that
 * misses a lowercase `as`, `ext === 'jpg'` that misses `JPG`. When one side of an equality is a
 * string literal in one case only, the other side is compared in that case.
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { namedChildrenOf, type Family } from '../syntax-tree.js';
import { replaceNode, type Mutation, type RepairTemplate } from '../template.js';

const EQUALITY = new Set(['==', '!=', '===', '!==']);

/** The literal's text between its quotes, when the node is a plain string literal. */
function literalText(node: SyntaxNode): string | undefined {
  if (node.type !== 'string') return undefined;
  const m = /^(['"])([^'"\\]*)\1$/.exec(node.text);
  return m ? m[2] : undefined;
}

/** `upper` when the literal has letters and all are uppercase, `lower` likewise, else undefined. */
function caseOf(text: string): 'upper' | 'lower' | undefined {
  if (!/[A-Za-z]/.test(text)) return undefined;
  if (text === text.toUpperCase()) return 'upper';
  if (text === text.toLowerCase()) return 'lower';
  return undefined;
}

function caseCall(family: Family, wanted: 'upper' | 'lower'): string {
  if (family === 'python') return `.${wanted}()`;
  return wanted === 'upper' ? '.toUpperCase()' : '.toLowerCase()';
}

/** The two sides of an equality node (Python `comparison_operator` with one operator; JS `binary_expression`). */
function equalitySides(node: SyntaxNode): [SyntaxNode, SyntaxNode] | undefined {
  if (node.type === 'comparison_operator') {
    const ops = node.childrenForFieldName('operators').filter((o): o is SyntaxNode => o !== null);
    const sides = namedChildrenOf(node).filter((c) => c.type !== 'comment');
    if (ops.length !== 1 || !EQUALITY.has(ops[0]!.type) || sides.length !== 2) return undefined;
    return [sides[0]!, sides[1]!];
  }
  if (node.type === 'binary_expression' && EQUALITY.has(node.childForFieldName('operator')?.type ?? '')) {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    return left && right ? [left, right] : undefined;
  }
  return undefined;
}

export const caseInsensitive: RepairTemplate = {
  name: 'case-insensitive',
  bugClass: 'a case-sensitive comparison where case should not matter',
  prior: 0.25,
  boostedBy: ['wrong-value'],
  generate({ nodes, source, scope }) {
    const out: Mutation[] = [];
    for (const node of nodes) {
      const sides = equalitySides(node);
      if (!sides) continue;
      for (const [other, literal] of [sides, [sides[1], sides[0]]] as const) {
        const text = literalText(literal);
        const wanted = text === undefined ? undefined : caseOf(text);
        if (!wanted || literalText(other) !== undefined) continue;
        // Already compared in one case: nothing to add.
        if (/\.(upper|lower|toUpperCase|toLowerCase|casefold)\(\)\s*$/.test(other.text)) continue;
        const call = caseCall(source.family, wanted);
        const wrapped = /^[\w.$[\]'"]+$/.test(other.text) ? `${other.text}${call}` : `(${other.text})${call}`;
        // The code around compares the same value in that case already (`value.upper() == 'TABLE'`
        // two lines up): this comparison is the one that forgot.
        const consistent = (scope?.fn.text ?? source.text).includes(wrapped);
        const why = consistent ? ', as the code around does' : '';
        out.push(
          replaceNode(other, wrapped, consistent ? 1 : 0.6, `compare \`${other.text}\` as \`${wrapped}\`${why}`),
        );
      }
    }
    return out;
  },
};

/**
 * Bug class: a wrong comparison operator — a boundary (`<` for `<=`), a direction (`<` for `>`), or
 * a negation (`==` for `!=`, `in` for `not in`). Boundary slips are the commonest one-line bug in
 * the ManySStuBs and QuixBugs studies, so they come first.
 */
import { operatorsOnLine } from '../operator-token.js';
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
    }
    return out;
  },
};

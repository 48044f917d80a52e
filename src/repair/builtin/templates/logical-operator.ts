/**
 * Bug class: a wrong logical connective — `and` for `or`, `&&` for `||`, and in JavaScript the
 * `||`/`??` confusion that treats `0` and `''` as missing.
 */
import { operatorsOnLine } from '../operator-token.js';
import { replaceNode, type Mutation, type RepairTemplate } from '../template.js';

const REPLACEMENTS: Record<string, Array<[string, number]>> = {
  and: [['or', 1]],
  or: [['and', 1]],
  '&&': [['||', 1]],
  '||': [
    ['&&', 1],
    ['??', 0.5],
  ],
  '??': [
    ['||', 0.6],
    ['&&', 0.3],
  ],
};

export const logicalOperator: RepairTemplate = {
  name: 'logical-operator',
  bugClass: 'wrong logical operator (and/or, &&/||, ||/??)',
  prior: 0.7,
  boostedBy: ['wrong-value', 'none-value'],
  generate({ nodes }) {
    const out: Mutation[] = [];
    for (const { op, expr } of operatorsOnLine(nodes, (o) => o in REPLACEMENTS)) {
      if (expr.type !== 'boolean_operator' && expr.type !== 'binary_expression') continue;
      for (const [to, weight] of REPLACEMENTS[op.type] ?? [])
        out.push(replaceNode(op, to, weight, `\`${op.type}\` → \`${to}\``));
    }
    return out;
  },
};

/**
 * Bug class: a wrong arithmetic operator — `+` for `-`, `*` for `/`, true division for floor
 * division (`/` for `//`, a Python 2 → 3 classic), and the same slips in compound assignments and
 * increments (`+=` for `-=`, `i++` for `i--`), and between the bitwise operators `&`, `|` and `^`
 * (plain and compound: `^=` for `|=` when setting a flag).
 */
import { operatorsOnLine } from '../operator-token.js';
import { replaceNode, type Mutation, type RepairTemplate } from '../template.js';

const COMMON: Record<string, Array<[string, number]>> = {
  '+': [
    ['-', 1],
    ['*', 0.3],
  ],
  '-': [
    ['+', 1],
    ['*', 0.2],
  ],
  '*': [
    ['/', 0.6],
    ['+', 0.4],
    ['**', 0.2],
  ],
  '/': [['*', 0.6]],
  '%': [['/', 0.3]],
  '**': [['*', 0.5]],
  '<<': [['>>', 0.5]],
  '>>': [['<<', 0.5]],
  // Bitwise (and Python set) operators: `^` for `&` or `|` is the usual slip (a toggle for a mask).
  '&': [
    ['|', 0.4],
    ['^', 0.5],
  ],
  '|': [
    ['&', 0.4],
    ['^', 0.4],
  ],
  '^': [
    ['&', 0.5],
    ['|', 0.4],
  ],
  '+=': [
    ['-=', 1],
    ['*=', 0.3],
    ['=', 0.4],
  ],
  '-=': [
    ['+=', 1],
    ['=', 0.3],
  ],
  '*=': [
    ['/=', 0.6],
    ['+=', 0.4],
  ],
  '/=': [['*=', 0.6]],
  '&=': [
    ['|=', 0.4],
    ['^=', 0.5],
  ],
  '|=': [
    ['&=', 0.4],
    ['^=', 0.4],
  ],
  '^=': [
    ['&=', 0.5],
    ['|=', 0.4],
  ],
  '++': [['--', 1]],
  '--': [['++', 1]],
};

const PYTHON: Record<string, Array<[string, number]>> = {
  '/': [
    ['//', 1],
    ['*', 0.6],
  ],
  '//': [
    ['/', 0.8],
    ['%', 0.4],
    ['*', 0.4],
  ],
  '%': [
    ['//', 0.5],
    ['/', 0.3],
  ],
  '/=': [
    ['//=', 1],
    ['*=', 0.6],
  ],
  '//=': [['/=', 0.8]],
};

const JS: Record<string, Array<[string, number]>> = {
  '>>': [
    ['>>>', 0.5],
    ['<<', 0.5],
  ],
  '>>>': [['>>', 0.5]],
};

const ARITHMETIC_EXPRESSIONS = new Set([
  'binary_operator',
  'binary_expression',
  'augmented_assignment',
  'augmented_assignment_expression',
  'update_expression',
]);

export const arithmeticOperator: RepairTemplate = {
  name: 'arithmetic-operator',
  bugClass: 'wrong arithmetic operator (including compound assignment and increment)',
  prior: 0.7,
  boostedBy: ['wrong-value', 'arithmetic', 'non-termination'],
  generate({ nodes, source }) {
    const table = { ...COMMON, ...(source.family === 'python' ? PYTHON : JS) };
    const out: Mutation[] = [];
    for (const { op, expr } of operatorsOnLine(nodes, (o) => o in table)) {
      if (!ARITHMETIC_EXPRESSIONS.has(expr.type)) continue;
      for (const [to, weight] of table[op.type] ?? [])
        out.push(replaceNode(op, to, weight, `\`${op.type}\` → \`${to}\``));
    }
    return out;
  },
};

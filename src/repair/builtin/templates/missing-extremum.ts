/**
 * Bug class: a running maximum or minimum assigned without the comparison — `best = score` inside a
 * loop where `best = max(best, score)` was meant, or a running sum that should not go below zero
 * (`cur = cur + x` for `cur = max(0, cur + x)`). Only plain reassignments inside a loop body are
 * touched, not declarations, and not a right side that already is a `max`/`min` call.
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { isFunctionNode, isLoop, type Family } from '../syntax-tree.js';
import { replaceNode, type Mutation, type RepairTemplate } from '../template.js';

const ASSIGNMENT: Record<Family, string> = { python: 'assignment', js: 'assignment_expression' };

/** Targets a running extremum can live in: a name, a field, an element (`dp[i]`). */
const TARGETS = new Set(['identifier', 'attribute', 'subscript', 'member_expression', 'subscript_expression']);

/** Right sides that cannot be an argument of `max` as they stand, or are never compared. */
const NOT_COMPARABLE = new Set([
  'expression_list',
  'assignment',
  'assignment_expression',
  'sequence_expression',
  'yield',
  'yield_expression',
  'none',
  'null',
  'undefined',
  'true',
  'false',
  'string',
  'template_string',
  'list',
  'array',
  'dictionary',
  'object',
  'set',
  'tuple',
  'lambda',
  'arrow_function',
  'function_expression',
  'not_operator',
  'comparison_operator',
  'boolean_operator',
]);

const NUMBERS = new Set(['integer', 'float', 'number']);

function isNumber(node: SyntaxNode): boolean {
  if (NUMBERS.has(node.type)) return true;
  const arg = node.childForFieldName('argument');
  return (node.type === 'unary_operator' || node.type === 'unary_expression') && !!arg && NUMBERS.has(arg.type);
}

/** True when `node` is in the body of a loop of its own function (not in a `for (…; …; i = …)` header). */
function inLoopBody(node: SyntaxNode, family: Family): boolean {
  let child = node;
  for (let n = node.parent; n; child = n, n = n.parent) {
    if (isFunctionNode(n, family)) return false;
    if (isLoop(n, family) && n.childForFieldName('body')?.startIndex === child.startIndex) return true;
  }
  return false;
}

function isExtremumCall(node: SyntaxNode, family: Family): boolean {
  if (node.type !== 'call' && node.type !== 'call_expression') return false;
  const fn = node.childForFieldName('function')?.text;
  return family === 'python' ? fn === 'max' || fn === 'min' : fn === 'Math.max' || fn === 'Math.min';
}

/** `i = i + 1`, `n = n - 2`: a counter, for which `max(i, i + 1)` says nothing new. */
function isCounterStep(target: SyntaxNode, value: SyntaxNode): boolean {
  if (value.type !== 'binary_operator' && value.type !== 'binary_expression') return false;
  const op = value.childForFieldName('operator')?.type;
  const left = value.childForFieldName('left');
  const right = value.childForFieldName('right');
  return (op === '+' || op === '-') && left?.text === target.text && !!right && isNumber(right);
}

function mutationsFor(assignment: SyntaxNode, family: Family): Mutation[] {
  const target = assignment.childForFieldName('left');
  const value = assignment.childForFieldName('right');
  if (!target || !value || !TARGETS.has(target.type)) return [];
  if (NOT_COMPARABLE.has(value.type) || isExtremumCall(value, family) || isCounterStep(target, value)) return [];
  if (!inLoopBody(assignment, family)) return [];
  const [max, min] = family === 'python' ? ['max', 'min'] : ['Math.max', 'Math.min'];
  const v = target.text;
  const e = value.text;
  const out = [
    replaceNode(value, `${max}(${v}, ${e})`, 0.6, `running maximum \`${v} = ${max}(${v}, …)\``),
    replaceNode(value, `${min}(${v}, ${e})`, 0.4, `running minimum \`${v} = ${min}(${v}, …)\``),
  ];
  // `max(0, 0)` clamps nothing.
  if (!isNumber(value)) out.push(replaceNode(value, `${max}(0, ${e})`, 0.4, `clamp at zero \`${max}(0, …)\``));
  return out;
}

export const missingExtremum: RepairTemplate = {
  name: 'missing-extremum',
  bugClass: 'a running maximum or minimum assigned without the comparison',
  prior: 0.3,
  boostedBy: ['wrong-value'],
  generate({ nodes, source }) {
    const out: Mutation[] = [];
    for (const node of nodes) {
      if (node.type === ASSIGNMENT[source.family]) out.push(...mutationsFor(node, source.family));
    }
    return out;
  },
};

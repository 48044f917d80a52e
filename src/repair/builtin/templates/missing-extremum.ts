/**
 * Bug class: a running maximum or minimum assigned without the comparison — `best = score` inside a
 * loop where `best = max(best, score)` was meant, or a running sum that should not go below zero
 * (`cur = cur + x` for `cur = max(0, cur + x)`). Only plain reassignments inside a loop body of a
 * value that outlives the iteration are touched: not declarations, not temporaries of the loop
 * body, not counters (`i = i + 1`) or walks (`node = node.next`), not a right side that already is
 * a `max`/`min` call.
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import type { Scope } from '../scope.js';
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

/** The loop of its own function whose body holds `node` (not a `for (…; …; i = …)` header). */
function loopAround(node: SyntaxNode, family: Family): SyntaxNode | undefined {
  let child = node;
  for (let n = node.parent; n; child = n, n = n.parent) {
    if (isFunctionNode(n, family)) return undefined;
    if (isLoop(n, family) && n.childForFieldName('body')?.startIndex === child.startIndex) return n;
  }
  return undefined;
}

/**
 * A running value outlives one iteration: a name bound before the loop (a parameter, `best = 0`),
 * not a temporary of the loop body. Fields and elements (`self.best`, `dp[i]`) always do.
 */
function livesAcrossIterations(target: SyntaxNode, loop: SyntaxNode, scope: Scope | undefined): boolean {
  if (target.type !== 'identifier') return true;
  const bound = scope?.names.find((n) => n.name === target.text);
  return !!bound && bound.row < loop.startPosition.row;
}

/** `s = s.strip()`, `node = node.next`: a value transformed or walked, not compared. */
function isSelfTransform(target: SyntaxNode, value: SyntaxNode): boolean {
  let n: SyntaxNode | null = value;
  while (n && (n.type === 'call' || n.type === 'call_expression')) n = n.childForFieldName('function');
  const object = n && (n.type === 'attribute' || n.type === 'member_expression') ? n.childForFieldName('object') : null;
  return object?.text === target.text;
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

function mutationsFor(assignment: SyntaxNode, family: Family, scope: Scope | undefined): Mutation[] {
  const target = assignment.childForFieldName('left');
  const value = assignment.childForFieldName('right');
  if (!target || !value || !TARGETS.has(target.type)) return [];
  if (NOT_COMPARABLE.has(value.type) || isExtremumCall(value, family)) return [];
  if (isCounterStep(target, value) || isSelfTransform(target, value)) return [];
  const loop = loopAround(assignment, family);
  if (!loop || !livesAcrossIterations(target, loop, scope)) return [];
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
  generate({ nodes, source, scope }) {
    const out: Mutation[] = [];
    for (const node of nodes) {
      if (node.type === ASSIGNMENT[source.family]) out.push(...mutationsFor(node, source.family, scope));
    }
    return out;
  },
};

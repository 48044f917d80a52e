/**
 * Bug class: a value wrapped in a call that was meant as is — `yield flatten(x)` where the element
 * `x` itself was meant, `str(n)` compared with a number, `len(xs)` passed where the list was wanted.
 * A call with exactly one positional argument whose value is used becomes that argument. A recursive
 * call (the callee is a function the line is in) is the likeliest: recursing on a leaf is a classic
 * slip in tree and list walks.
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { enclosingFunction, functionName, namedChildrenOf, type Family } from '../syntax-tree.js';
import { replaceNode, type Mutation, type RepairTemplate } from '../template.js';

/** Calls on one line beyond this are not unwrapped (`f(g(h(k(x))))`). */
const MAX_CALLS = 6;

const CALLS = new Set(['call', 'call_expression']);
const ARGUMENT_LISTS = new Set(['argument_list', 'arguments']);
const NOT_POSITIONAL = new Set(['keyword_argument', 'list_splat', 'dictionary_splat', 'spread_element']);

/** Callees whose result is never the argument itself (module loading, the parent class). */
const NEVER_UNWRAPPED = new Set(['require', 'import', 'super']);

/** Arguments that can stand wherever the call stood: they bind at least as tightly as a call. */
const TIGHT = new Set([
  'identifier',
  'call',
  'call_expression',
  'attribute',
  'member_expression',
  'subscript',
  'subscript_expression',
  'parenthesized_expression',
  'integer',
  'float',
  'number',
  'string',
  'concatenated_string',
  'template_string',
  'true',
  'false',
  'none',
  'null',
  'undefined',
  'this',
  'list',
  'tuple',
  'set',
  'dictionary',
  'array',
  'list_comprehension',
  'set_comprehension',
  'dictionary_comprehension',
]);

/** Where a call stands in a place that takes any expression, so a loose argument needs no parentheses. */
const ANY_EXPRESSION_PARENTS = new Set([
  'argument_list',
  'arguments',
  'keyword_argument',
  'return_statement',
  'parenthesized_expression',
  'variable_declarator',
  'list',
  'array',
]);

/** The one positional argument of `call`, when it has exactly one and nothing else. */
function soleArgument(call: SyntaxNode): SyntaxNode | undefined {
  const args = call.childForFieldName('arguments');
  if (!args || !ARGUMENT_LISTS.has(args.type)) return undefined;
  const values = namedChildrenOf(args).filter((a) => a.type !== 'comment');
  if (values.length !== 1 || NOT_POSITIONAL.has(values[0]!.type)) return undefined;
  return values[0];
}

/** False when the call's value is dropped (`f(x)` on its own, `await f(x);`) or it decorates. */
function isValueUsed(call: SyntaxNode): boolean {
  let n: SyntaxNode = call;
  while (n.parent && (n.parent.type === 'await_expression' || n.parent.type === 'parenthesized_expression')) {
    n = n.parent;
  }
  const parent = n.parent;
  return !!parent && parent.type !== 'expression_statement' && parent.type !== 'decorator';
}

/** The name a call is made by: `f` of `f(x)`, `self.f(x)` and `this.f(x)` for a method. */
function ownCalleeName(callee: SyntaxNode): string | undefined {
  if (callee.type === 'identifier') return callee.text;
  if (callee.type !== 'attribute' && callee.type !== 'member_expression') return undefined;
  const object = callee.childForFieldName('object')?.text;
  if (object !== 'self' && object !== 'this' && object !== 'cls') return undefined;
  return callee.childForFieldName(callee.type === 'attribute' ? 'attribute' : 'property')?.text;
}

/** True when `name` is the name of a function around `node` (a recursive call). */
function isRecursive(node: SyntaxNode, name: string | undefined, family: Family): boolean {
  if (!name) return false;
  for (
    let fn = enclosingFunction(node, family);
    fn;
    fn = fn.parent ? enclosingFunction(fn.parent, family) : undefined
  ) {
    if (functionName(fn) === name) return true;
  }
  return false;
}

function needsParentheses(call: SyntaxNode, argument: SyntaxNode): boolean {
  if (TIGHT.has(argument.type)) return false;
  // A loose expression over several lines only continues inside brackets (Python).
  if (argument.text.includes('\n')) return true;
  const parent = call.parent;
  if (!parent) return true;
  if (ANY_EXPRESSION_PARENTS.has(parent.type)) return false;
  const isRight = parent.childForFieldName('right')?.startIndex === call.startIndex;
  return !(isRight && (parent.type === 'assignment' || parent.type === 'assignment_expression'));
}

function unwrap(call: SyntaxNode, family: Family): Mutation | undefined {
  const callee = call.childForFieldName('function');
  const argument = soleArgument(call);
  if (!callee || !argument || NEVER_UNWRAPPED.has(callee.text) || !isValueUsed(call)) return undefined;
  const text = needsParentheses(call, argument) ? `(${argument.text})` : argument.text;
  const weight = isRecursive(call, ownCalleeName(callee), family) ? 0.6 : 0.3;
  return replaceNode(call, text, weight, `\`${call.text}\` → \`${text}\``);
}

export const unwrapCall: RepairTemplate = {
  name: 'unwrap-call',
  bugClass: 'a value wrapped in a call that was meant as is',
  prior: 0.25,
  boostedBy: ['wrong-value', 'type', 'non-termination'],
  generate({ nodes, source }) {
    const out: Mutation[] = [];
    for (const node of nodes) {
      if (out.length >= MAX_CALLS) break;
      if (!CALLS.has(node.type)) continue;
      const mutation = unwrap(node, source.family);
      if (mutation) out.push(mutation);
    }
    return out;
  },
};

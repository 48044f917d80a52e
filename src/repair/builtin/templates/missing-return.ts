/**
 * Bug class: a missing `return` — a function that computes its result and falls off the end
 * (returning None/undefined), or a call whose result is dropped where it should be returned (the
 * classic recursive `helper(x)` for `return helper(x)`).
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { namesVisibleAt } from '../scope.js';
import { functionName, indentAt, isFunctionNode, namedChildrenOf, walkTree, type Family } from '../syntax-tree.js';
import type { Mutation, RepairTemplate } from '../template.js';

const MAX_VALUES = 4;
const TERMINAL = new Set(['return_statement', 'raise_statement', 'throw_statement']);

function callOf(statement: SyntaxNode, family: Family): SyntaxNode | undefined {
  if (statement.type !== 'expression_statement') return undefined;
  const expr = statement.namedChildren[0];
  if (!expr) return undefined;
  if (family === 'python' ? expr.type === 'call' : expr.type === 'call_expression') return expr;
  return undefined;
}

function callsItself(call: SyntaxNode, fn: SyntaxNode): boolean {
  const name = functionName(fn);
  const callee = call.childForFieldName('function');
  if (!name || !callee) return false;
  const calleeName =
    callee.type === 'attribute'
      ? callee.childForFieldName('attribute')?.text
      : callee.type === 'member_expression'
        ? callee.childForFieldName('property')?.text
        : callee.text;
  return calleeName === name;
}

function hasValueReturn(fn: SyntaxNode, family: Family): boolean {
  let found = false;
  walkTree(fn, (n) => {
    if (found || (n !== fn && isFunctionNode(n, family))) return false;
    if (n.type === 'return_statement' && n.namedChildren.some((c) => c !== null && c.type !== 'comment')) found = true;
    return true;
  });
  return found;
}

export const missingReturn: RepairTemplate = {
  name: 'missing-return',
  bugClass: 'missing return (the result is computed but not returned)',
  prior: 0.5,
  boostedBy: ['none-value', 'type'],
  generate({ nodes, source, scope, row }) {
    if (!scope || !isFunctionNode(scope.fn, source.family)) return [];
    const family = source.family;
    const fn = scope.fn;
    const out: Mutation[] = [];
    const returns = hasValueReturn(fn, family);
    for (const node of nodes) {
      const call = callOf(node, family);
      if (!call) continue;
      const recursive = callsItself(call, fn);
      if (!recursive && !returns) continue;
      out.push({
        start: call.startIndex,
        end: call.startIndex,
        text: 'return ',
        weight: recursive ? 1 : 0.6,
        description: `return the result of \`${call.text.slice(0, 60)}\``,
      });
    }
    // Falling off the end: insert `return <name>` after the body's last statement.
    const body = fn.childForFieldName('body');
    if (!body || (family === 'js' && body.type !== 'statement_block')) return out;
    const statements = namedChildrenOf(body).filter((s) => s.type !== 'comment');
    const last = statements.at(-1);
    if (!last || TERMINAL.has(last.type)) return out;
    const text = source.text;
    const indent = indentAt(text, last.startIndex);
    const suffix = family === 'js' ? ';' : '';
    const lastRow = fn.endPosition.row;
    namesVisibleAt(scope, Math.max(row, lastRow))
      .slice(0, MAX_VALUES)
      .forEach((name, i) => {
        out.push({
          start: last.endIndex,
          end: last.endIndex,
          text: `\n${indent}return ${name}${suffix}`,
          weight: (returns ? 0.6 : 1) * (1 - i * 0.15),
          description: `return \`${name}\` at the end of \`${functionName(fn) ?? 'the function'}\``,
        });
      });
    return out;
  },
};

/**
 * Bug class: a missing increment — a `while` loop whose condition tests a variable the body never
 * changes (`while i < n:` without `i += 1`), which hangs or repeats the first element forever.
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { indentAt, isFunctionNode, namedChildrenOf, walkTree, type Family } from '../syntax-tree.js';
import type { Mutation, RepairTemplate } from '../template.js';

const MAX_NAMES = 3;
const EXITS = new Set([
  'break_statement',
  'return_statement',
  'continue_statement',
  'raise_statement',
  'throw_statement',
]);

function whileAround(nodes: readonly SyntaxNode[], family: Family): SyntaxNode | undefined {
  const first = nodes.find((n) => n.isNamed);
  for (let n: SyntaxNode | null = first ?? null; n; n = n.parent) {
    if (isFunctionNode(n, family)) return undefined;
    if (n.type === 'while_statement') return n;
  }
  return undefined;
}

/** Identifiers the condition reads (not called functions, not member names). */
function conditionNames(cond: SyntaxNode): string[] {
  const names: string[] = [];
  walkTree(cond, (n) => {
    if (n.type !== 'identifier') return true;
    const parent = n.parent;
    const isCallee =
      (parent?.type === 'call' || parent?.type === 'call_expression') &&
      parent.childForFieldName('function')?.startIndex === n.startIndex;
    if (!isCallee && !names.includes(n.text)) names.push(n.text);
    return true;
  });
  return names;
}

/** Names the loop body assigns, increments or rebinds. */
function assignedIn(body: SyntaxNode, family: Family): Set<string> {
  const out = new Set<string>();
  walkTree(body, (n) => {
    if (n !== body && isFunctionNode(n, family)) return false;
    let target: SyntaxNode | null = null;
    if (/assignment/.test(n.type)) target = n.childForFieldName('left');
    else if (n.type === 'update_expression') target = n.childForFieldName('argument');
    else if (n.type === 'variable_declarator') target = n.childForFieldName('name');
    else if (n.type === 'for_statement' || n.type === 'for_in_statement') target = n.childForFieldName('left');
    if (target) walkTree(target, (t) => void (t.type === 'identifier' && out.add(t.text)));
    return true;
  });
  return out;
}

export const missingIncrement: RepairTemplate = {
  name: 'missing-increment',
  bugClass: 'missing increment or decrement of a while loop variable',
  prior: 0.35,
  boostedBy: ['non-termination', 'index'],
  generate({ nodes, source }) {
    const family = source.family;
    const loop = whileAround(nodes, family);
    if (!loop) return [];
    const cond = loop.childForFieldName('condition');
    const body = loop.childForFieldName('body');
    if (!cond || !body) return [];
    const assigned = assignedIn(body, family);
    const names = conditionNames(cond)
      .filter((n) => !assigned.has(n) && n !== 'True' && n !== 'true')
      .slice(0, MAX_NAMES);
    if (!names.length) return [];
    const statements = namedChildrenOf(body).filter((s) => s.type !== 'comment');
    if (!statements.length) return [];
    let last = statements.at(-1)!;
    const beforeExit = EXITS.has(last.type);
    if (beforeExit && statements.length < 2) return [];
    if (beforeExit) last = statements.at(-2)!;
    // A one-line loop (`while x: step()`) has no indented line to put the increment on.
    if (last.startPosition.row === loop.startPosition.row) return [];
    const indent = indentAt(source.text, last.startIndex);
    const out: Mutation[] = [];
    names.forEach((name, i) => {
      const w = 1 - i * 0.2;
      const [inc, dec] = family === 'python' ? [`${name} += 1`, `${name} -= 1`] : [`${name}++;`, `${name}--;`];
      out.push({
        start: last.endIndex,
        end: last.endIndex,
        text: `\n${indent}${inc}`,
        weight: w,
        description: `increment \`${name}\` in the loop`,
      });
      out.push({
        start: last.endIndex,
        end: last.endIndex,
        text: `\n${indent}${dec}`,
        weight: w * 0.7,
        description: `decrement \`${name}\` in the loop`,
      });
    });
    return out;
  },
};

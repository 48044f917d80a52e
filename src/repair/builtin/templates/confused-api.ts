/**
 * Bug class: a confused function or method — the sibling of the one meant (`min` for `max`, `floor`
 * for `ceil`, `any` for `all`, `append` for `extend`, `isalpha` for `isalnum`, `startsWith` for
 * `endsWith`). "Wrong function name" is among the commonest one-line bugs in the ManySStuBs4J
 * study; the table holds standard-library pairs that are easy to mix up, not project names. One
 * pair differs in arity: Python's `hasattr(o, n)` is true for an attribute that is `None`, where
 * `getattr(o, n, None)` was meant.
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { replaceNode, type Mutation, type RepairTemplate } from '../template.js';

/** Groups of names that are mistaken for one another; every name may become any other of its group. */
const PYTHON_GROUPS = [
  ['min', 'max'],
  ['any', 'all'],
  ['floor', 'ceil'],
  ['append', 'extend'],
  ['upper', 'lower'],
  ['startswith', 'endswith'],
  ['isalpha', 'isalnum', 'isdigit'],
  ['find', 'rfind'],
  ['index', 'rindex'],
  ['lstrip', 'rstrip', 'strip'],
  ['keys', 'values', 'items'],
  ['remove', 'discard'],
  ['issubset', 'issuperset'],
  ['union', 'intersection', 'difference'],
  ['sorted', 'reversed'],
];

const JS_GROUPS = [
  ['min', 'max'],
  ['floor', 'ceil', 'round', 'trunc'],
  ['some', 'every'],
  ['push', 'unshift'],
  ['pop', 'shift'],
  ['startsWith', 'endsWith'],
  ['toUpperCase', 'toLowerCase'],
  ['indexOf', 'lastIndexOf'],
  ['find', 'findLast'],
  ['findIndex', 'findLastIndex'],
  ['trimStart', 'trimEnd', 'trim'],
  ['keys', 'values', 'entries'],
  ['getDay', 'getDate'],
  ['getUTCDay', 'getUTCDate'],
  ['getHours', 'getUTCHours'],
  ['parseInt', 'parseFloat'],
];

function alternatives(groups: string[][]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const group of groups)
    for (const name of group)
      out.set(
        name,
        group.filter((n) => n !== name),
      );
  return out;
}

const PYTHON = alternatives(PYTHON_GROUPS);
const JS = alternatives(JS_GROUPS);

const CALLS = new Set(['call', 'call_expression']);

/**
 * Whether `name` is the name a call is made by: `f` of `f(x)`, `m` of `o.m(x)`. Checked from the
 * name token, so a chained call on a continuation line (`  .toLowerCase()`) is found on its own line.
 */
function isCalleeName(name: SyntaxNode): boolean {
  const parent = name.parent;
  if (!parent) return false;
  if (CALLS.has(parent.type))
    return parent.childForFieldName('function')?.startIndex === name.startIndex && name.type === 'identifier';
  const member =
    parent.type === 'attribute'
      ? parent.childForFieldName('attribute')
      : parent.type === 'member_expression'
        ? parent.childForFieldName('property')
        : null;
  if (member?.startIndex !== name.startIndex) return false;
  const call = parent.parent;
  return !!call && CALLS.has(call.type) && call.childForFieldName('function')?.startIndex === parent.startIndex;
}

export const confusedApi: RepairTemplate = {
  name: 'confused-api',
  bugClass: 'the sibling of the intended function or method was called (min/max, floor/ceil, any/all, append/extend…)',
  prior: 0.4,
  boostedBy: ['wrong-value', 'type'],
  generate({ nodes, source }) {
    const table = source.family === 'python' ? PYTHON : JS;
    const out: Mutation[] = [];
    for (const name of nodes) {
      if (name.type !== 'identifier' && name.type !== 'property_identifier') continue;
      if (source.family === 'python' && name.text === 'hasattr' && name.parent?.type === 'call' && isCalleeName(name)) {
        out.push(...hasattrToGetattr(name));
        continue;
      }
      const others = table.get(name.text);
      if (!others || !isCalleeName(name)) continue;
      others.forEach((other, i) =>
        out.push(replaceNode(name, other, i === 0 ? 1 : 0.8, `\`${name.text}\` → \`${other}\``)),
      );
    }
    return out;
  },
};

/** `hasattr(o, n)` → `getattr(o, n, None)`: true only when the attribute is there and not `None`. */
function hasattrToGetattr(name: SyntaxNode): Mutation[] {
  const call = name.parent!;
  const args = call.childForFieldName('arguments');
  if (!args || args.namedChildren.filter((a) => a !== null && a.type !== 'comment').length !== 2) return [];
  const inner = call.text.slice(args.startIndex - call.startIndex + 1, -1).replace(/,?\s*$/, '');
  return [replaceNode(call, `getattr(${inner}, None)`, 0.7, `\`hasattr\` → \`getattr(…, None)\``)];
}

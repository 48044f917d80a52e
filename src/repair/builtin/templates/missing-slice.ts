/**
 * Bug class: a sequence used whole where a part of it was meant. Two shapes:
 * - parallel slicing: `dot(xs[1:], ys)` where both sequences advance together (`ys[1:]`), in
 *   JavaScript `match(p.slice(1), s)`; the bare argument must be a name the function uses as a
 *   container (indexed, iterated, measured, sliced), so a count or a key is never sliced;
 * - the complement of an earlier slice: `head = xs[:k]` then `for x in xs:` where the rest,
 *   `xs[k:]`, was meant (`xs.slice(0, k)` then `for (const x of xs)`: `xs.slice(k)`).
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { childrenOf, isFunctionNode, namedChildrenOf, walkTree, type Family } from '../syntax-tree.js';
import { replaceNode, type Mutation, type RepairTemplate } from '../template.js';

/** Bare arguments sliced per argument list, and complements proposed per loop. */
const MAX_PER_LIST = 3;
const MAX_COMPLEMENTS = 2;

const ARGUMENT_LISTS = new Set(['argument_list', 'arguments']);

interface Slice {
  node: SyntaxNode;
  /** The sliced name. */
  name: string;
  /** What follows the name: `[1:]`, `.slice(1)`. */
  suffix: string;
}

/** `a[…:…]` or `a.slice(…)` on a bare name. */
function sliceOf(node: SyntaxNode, text: string): Slice | undefined {
  if (node.type === 'subscript') {
    const value = node.childForFieldName('value');
    const subscripts = node.childrenForFieldName('subscript');
    if (value?.type !== 'identifier' || subscripts.length !== 1 || subscripts[0]?.type !== 'slice') return undefined;
    return { node, name: value.text, suffix: text.slice(value.endIndex, node.endIndex) };
  }
  if (node.type !== 'call_expression') return undefined;
  const callee = node.childForFieldName('function');
  const object = callee?.childForFieldName('object');
  const args = node.childForFieldName('arguments');
  if (callee?.type !== 'member_expression' || object?.type !== 'identifier' || args?.type !== 'arguments')
    return undefined;
  if (callee.childForFieldName('property')?.text !== 'slice') return undefined;
  const values = namedChildrenOf(args).filter((a) => a.type !== 'comment');
  if (values.length < 1 || values.length > 2 || values.some((v) => v.type === 'spread_element')) return undefined;
  return { node, name: object.text, suffix: text.slice(object.endIndex, node.endIndex) };
}

function isContainerUse(id: SyntaxNode, family: Family): boolean {
  const parent = id.parent;
  if (!parent) return false;
  const is = (field: string) => parent.childForFieldName(field)?.startIndex === id.startIndex;
  if (family === 'python') {
    if (parent.type === 'subscript') return is('value');
    if (parent.type === 'for_statement' || parent.type === 'for_in_clause') return is('right');
    const call = parent.parent;
    return (
      parent.type === 'argument_list' && call?.type === 'call' && call.childForFieldName('function')?.text === 'len'
    );
  }
  if (parent.type === 'subscript_expression') return is('object');
  if (parent.type === 'for_in_statement') return is('right');
  const property = parent.childForFieldName('property')?.text;
  return parent.type === 'member_expression' && is('object') && (property === 'length' || property === 'slice');
}

/** Names the function (nested functions excluded) uses as containers. */
function containerNames(fn: SyntaxNode, family: Family): Set<string> {
  const out = new Set<string>();
  walkTree(fn, (n) => {
    if (n !== fn && isFunctionNode(n, family)) return false;
    if (n.type === 'identifier' && isContainerUse(n, family)) out.add(n.text);
    return true;
  });
  return out;
}

/** In `f(a[1:], b)`, slice `b` as `a` is: `f(a[1:], b[1:])`. */
function parallelSlices(list: SyntaxNode, text: string, containers: () => Set<string>): Mutation[] {
  const args = namedChildrenOf(list).filter((a) => a.type !== 'comment');
  const slices = args.map((a) => sliceOf(a, text));
  if (!slices.some((s) => s)) return [];
  const sliced = new Set(slices.map((s) => s?.name));
  const out: Mutation[] = [];
  args.forEach((arg, i) => {
    if (out.length >= MAX_PER_LIST || arg.type !== 'identifier' || sliced.has(arg.text)) return;
    if (!containers().has(arg.text)) return;
    // The slice nearest in the argument list is the likeliest pattern.
    const nearest = slices
      .map((s, j) => ({ s, d: Math.abs(i - j) }))
      .filter((x): x is { s: Slice; d: number } => x.s !== undefined)
      .sort((a, b) => a.d - b.d)[0]!.s;
    const replacement = `${arg.text}${nearest.suffix}`;
    out.push(replaceNode(arg, replacement, 0.6, `slice \`${arg.text}\` like \`${nearest.node.text}\``));
  });
  return out;
}

/** The bare name a loop iterates over (`for x in xs`, `for (const x of xs)`). */
function iteratedName(loop: SyntaxNode, family: Family): SyntaxNode | undefined {
  const isLoop =
    family === 'python'
      ? loop.type === 'for_statement' || loop.type === 'for_in_clause'
      : loop.type === 'for_in_statement' && loop.childForFieldName('operator')?.type === 'of';
  const right = isLoop ? loop.childForFieldName('right') : null;
  return right?.type === 'identifier' ? right : undefined;
}

/** `b[:k]` → `b[k:]`, `b[k:]` → `b[:k]`, `b.slice(0, k)` → `b.slice(k)`, `b.slice(k)` → `b.slice(0, k)`. */
function complementOf(slice: Slice, family: Family): string | undefined {
  const { node, name } = slice;
  if (family === 'python') {
    const parts = childrenOf(node.childForFieldName('subscript')!).filter((c) => c.type !== 'comment');
    if (parts.length !== 2) return undefined;
    const [first, second] = parts as [SyntaxNode, SyntaxNode];
    if (first.type === ':' && second.isNamed) return `${name}[${second.text}:]`;
    if (second.type === ':' && first.isNamed) return `${name}[:${first.text}]`;
    return undefined;
  }
  const args = namedChildrenOf(node.childForFieldName('arguments')!).filter((a) => a.type !== 'comment');
  if (args.length === 1) return `${name}.slice(0, ${args[0]!.text})`;
  if (args[0]!.text === '0') return `${name}.slice(${args[1]!.text})`;
  return undefined;
}

/** A loop over `b` after the function took `b[:k]`: iterate the rest, `b[k:]`. */
function complementLoop(loop: SyntaxNode, fn: SyntaxNode, text: string, family: Family): Mutation[] {
  const iterated = iteratedName(loop, family);
  if (!iterated) return [];
  const earlier: Slice[] = [];
  walkTree(fn, (n) => {
    if (n.startIndex >= loop.startIndex) return false;
    if (n !== fn && isFunctionNode(n, family)) return false;
    const slice = sliceOf(n, text);
    if (slice?.name === iterated.text) earlier.push(slice);
    return true;
  });
  const complements = new Set<string>();
  for (const slice of earlier.reverse()) {
    const complement = complementOf(slice, family);
    if (complement) complements.add(complement);
  }
  return [...complements]
    .slice(0, MAX_COMPLEMENTS)
    .map((c, i) =>
      replaceNode(iterated, c, i === 0 ? 0.6 : 0.5, `iterate \`${c}\`, the rest after \`${iterated.text}\``),
    );
}

export const missingSlice: RepairTemplate = {
  name: 'missing-slice',
  bugClass: 'a sequence used whole where a part of it was meant',
  prior: 0.3,
  boostedBy: ['wrong-value', 'non-termination', 'index'],
  generate({ nodes, source, scope }) {
    const family = source.family;
    const fn = scope?.fn ?? source.tree.rootNode;
    let containers: Set<string> | undefined;
    const lazyContainers = () => (containers ??= containerNames(fn, family));
    const out: Mutation[] = [];
    for (const node of nodes) {
      if (ARGUMENT_LISTS.has(node.type)) out.push(...parallelSlices(node, source.text, lazyContainers));
      else out.push(...complementLoop(node, fn, source.text, family));
    }
    return out;
  },
};

/**
 * Bug class: a wrong range or slice bound — `range(n)` for `range(n + 1)`, `xs[1:]` for `xs[:]`,
 * `s[:-1]` for `s`, `.slice(0, -1)` for `.slice(0)`, `.substring(i, j)` one short.
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { shiftByOne } from '../shift-by-one.js';
import { childrenOf, namedChildrenOf, type Family } from '../syntax-tree.js';
import { replaceNode, type Mutation, type RepairTemplate } from '../template.js';

const JS_SLICERS = new Set(['slice', 'substring', 'substr', 'subarray']);

function shifts(node: SyntaxNode, family: Family, weight: number, what: string): Mutation[] {
  const out: Mutation[] = [];
  for (const delta of [1, -1] as const) {
    const text = shiftByOne(node, delta, family);
    if (text !== undefined) out.push(replaceNode(node, text, weight, `${what} \`${node.text}\` → \`${text}\``));
  }
  return out;
}

function pythonRange(call: SyntaxNode): Mutation[] {
  const fn = call.childForFieldName('function');
  const args = call.childForFieldName('arguments');
  if (fn?.text !== 'range' || !args) return [];
  const values = namedChildrenOf(args);
  if (values.some((v) => v.type === 'keyword_argument') || values.length === 0 || values.length > 3) return [];
  const out: Mutation[] = [];
  if (values.length === 1) {
    out.push(...shifts(values[0]!, 'python', 1, 'range end'));
    out.push(replaceNode(values[0]!, `1, ${values[0]!.text}`, 0.5, `range starts at 1`));
  } else {
    out.push(...shifts(values[1]!, 'python', 1, 'range end'));
    out.push(...shifts(values[0]!, 'python', 0.8, 'range start'));
  }
  return out;
}

/** A Python slice's start/stop/step, split on its colons. */
function sliceParts(slice: SyntaxNode): Array<{ node?: SyntaxNode; at: number }> {
  const parts: Array<{ node?: SyntaxNode; at: number }> = [{ at: slice.startIndex }];
  for (const child of childrenOf(slice)) {
    if (child.type === ':') parts.push({ at: child.endIndex });
    else if (child.isNamed && child.type !== 'comment') parts[parts.length - 1]!.node = child;
  }
  return parts;
}

function pythonSlice(slice: SyntaxNode): Mutation[] {
  const [start, stop] = sliceParts(slice);
  const out: Mutation[] = [];
  if (start?.node) {
    out.push(...shifts(start.node, 'python', 0.9, 'slice start'));
    out.push(replaceNode(start.node, '', 0.7, `drop slice start \`${start.node.text}\``));
  } else if (start) {
    out.push({ start: start.at, end: start.at, text: '1', weight: 0.6, description: 'slice from 1' });
  }
  if (stop?.node) {
    out.push(...shifts(stop.node, 'python', 0.9, 'slice end'));
    out.push(replaceNode(stop.node, '', 0.7, `drop slice end \`${stop.node.text}\``));
  } else if (stop) {
    out.push({ start: stop.at, end: stop.at, text: '-1', weight: 0.5, description: 'slice up to -1' });
  }
  return out;
}

function jsSlice(call: SyntaxNode): Mutation[] {
  const fn = call.childForFieldName('function');
  const args = call.childForFieldName('arguments');
  if (fn?.type !== 'member_expression' || !args) return [];
  const method = fn.childForFieldName('property')?.text ?? '';
  if (!JS_SLICERS.has(method)) return [];
  const values = namedChildrenOf(args).filter((a) => a.type !== 'comment');
  if (values.length === 0 || values.length > 2 || values.some((v) => v.type === 'spread_element')) return [];
  const out: Mutation[] = [];
  values.forEach((v, i) => out.push(...shifts(v, 'js', i === values.length - 1 ? 1 : 0.8, `.${method} bound`)));
  if (values.length === 2) {
    // Drop the end bound: `.slice(0, -1)` → `.slice(0)`.
    out.push({
      start: values[0]!.endIndex,
      end: values[1]!.endIndex,
      text: '',
      weight: 0.7,
      description: `drop .${method} end \`${values[1]!.text}\``,
    });
  } else if (method === 'slice') {
    out.push({
      start: values[0]!.endIndex,
      end: values[0]!.endIndex,
      text: ', -1',
      weight: 0.5,
      description: '.slice up to -1',
    });
  }
  return out;
}

export const sliceRangeBound: RepairTemplate = {
  name: 'slice-range-bound',
  bugClass: 'wrong range or slice bound',
  prior: 0.7,
  boostedBy: ['index', 'wrong-value', 'empty'],
  generate({ nodes, source }) {
    const out: Mutation[] = [];
    for (const node of nodes) {
      if (source.family === 'python') {
        if (node.type === 'call') out.push(...pythonRange(node));
        else if (node.type === 'slice') out.push(...pythonSlice(node));
      } else if (node.type === 'call_expression') {
        out.push(...jsSlice(node));
      }
    }
    return out;
  },
};

/**
 * Bug class: arguments or operands in the wrong order — `f(b, a)` for `f(a, b)`, the operands of a
 * non-commutative operator (`b - a` for `a - b`, `y / x` for `x / y`), of a concatenation
 * (`digit + result` for `result + digit`), and the indices of a grid (`m[j][i]` for `m[i][j]`,
 * `d[j, i]` for `d[i, j]`).
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { isIntegerLiteral } from '../shift-by-one.js';
import { namedChildrenOf, type Family } from '../syntax-tree.js';
import type { Mutation, RepairTemplate } from '../template.js';

const NON_COMMUTATIVE = new Set(['-', '/', '//', '%', '**', '<<', '>>']);
/** Named argument nodes that are not positional and must keep their place. */
const NOT_POSITIONAL = new Set(['keyword_argument', 'list_splat', 'dictionary_splat', 'spread_element', 'comment']);
/** `+` swaps per line: a long concatenation would otherwise propose one per operator. */
const MAX_CONCAT_SWAPS = 3;

/** Swap the texts of two non-overlapping nodes `a` before `b`, keeping everything between them. */
function swap(a: SyntaxNode, b: SyntaxNode, source: string, weight: number, description: string): Mutation {
  const between = source.slice(a.endIndex, b.startIndex);
  return { start: a.startIndex, end: b.endIndex, text: `${b.text}${between}${a.text}`, weight, description };
}

function swapArgumentList(node: SyntaxNode, source: string): Mutation[] {
  const args = namedChildrenOf(node);
  if (args.some((a) => NOT_POSITIONAL.has(a.type))) return [];
  const out: Mutation[] = [];
  for (let i = 0; i + 1 < args.length; i++) {
    const [a, b] = [args[i]!, args[i + 1]!];
    out.push(swap(a, b, source, i === 0 ? 1 : 0.8, `swap arguments \`${a.text}\` and \`${b.text}\``));
  }
  return out;
}

/**
 * The operands of `+`: not commutative for strings and lists (`result + digit` for `digit + result`).
 * On numbers the swap changes nothing, hence the low weight, and none when a number is written.
 */
function swapConcatenation(node: SyntaxNode, source: string): Mutation | undefined {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (!left || !right || left.text === right.text) return undefined;
  if (isNumberLiteral(left) || isNumberLiteral(right)) return undefined;
  return swap(left, right, source, 0.3, `swap operands of \`+\`: \`${right.text} + ${left.text}\``);
}

const NUMBER_LITERALS = new Set(['integer', 'float', 'number']);

function isNumberLiteral(node: SyntaxNode): boolean {
  return NUMBER_LITERALS.has(node.type) || isIntegerLiteral(node);
}

/** Index expressions of a subscript: several for a Python tuple subscript `d[a, b]`. */
function indicesOf(node: SyntaxNode, family: Family): SyntaxNode[] {
  if (family === 'python') {
    if (node.type !== 'subscript') return [];
    return node.childrenForFieldName('subscript').filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
  }
  if (node.type !== 'subscript_expression') return [];
  const index = node.childForFieldName('index');
  return index ? [index] : [];
}

function isSwappableIndex(node: SyntaxNode): boolean {
  return node.type !== 'slice' && node.type !== 'list_splat' && node.type !== 'comment';
}

/** `d[a, b]` → `d[b, a]` (adjacent pairs), and `m[a][b]` → `m[b][a]`. */
function swapIndices(node: SyntaxNode, source: string, family: Family): Mutation[] {
  const indices = indicesOf(node, family);
  const out: Mutation[] = [];
  for (let i = 0; i + 1 < indices.length; i++) {
    const [a, b] = [indices[i]!, indices[i + 1]!];
    if (!isSwappableIndex(a) || !isSwappableIndex(b) || a.text === b.text) continue;
    out.push(swap(a, b, source, 0.5, `swap indices \`${a.text}\` and \`${b.text}\``));
  }
  // `m[a][b]`: the inner subscript's only index and this one's.
  const inner = node.childForFieldName(family === 'python' ? 'value' : 'object');
  const innerIndices = inner ? indicesOf(inner, family) : [];
  const [a, b] = [innerIndices[0], indices[0]];
  if (innerIndices.length === 1 && indices.length === 1 && a && b && isSwappableIndex(a) && isSwappableIndex(b)) {
    if (a.text !== b.text) out.push(swap(a, b, source, 0.4, `swap indices \`[${a.text}][${b.text}]\``));
  }
  return out;
}

function binaryOperands(node: SyntaxNode, source: string, concatenations: { count: number }): Mutation[] {
  const op = node.childForFieldName('operator')?.type;
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (!op || !left || !right) return [];
  if (NON_COMMUTATIVE.has(op)) return [swap(left, right, source, 0.7, `swap operands of \`${op}\``)];
  if (op === '+' && concatenations.count < MAX_CONCAT_SWAPS) {
    const mutation = swapConcatenation(node, source);
    if (mutation) {
      concatenations.count++;
      return [mutation];
    }
  }
  return [];
}

export const swapArguments: RepairTemplate = {
  name: 'swap-arguments',
  bugClass: 'arguments, operands or indices in the wrong order',
  prior: 0.4,
  boostedBy: ['wrong-value', 'type'],
  generate({ nodes, source }) {
    const out: Mutation[] = [];
    const concatenations = { count: 0 };
    for (const node of nodes) {
      if (node.type === 'argument_list' || node.type === 'arguments') {
        out.push(...swapArgumentList(node, source.text));
      } else if (node.type === 'binary_operator' || node.type === 'binary_expression') {
        out.push(...binaryOperands(node, source.text, concatenations));
      } else if (node.type === 'subscript' || node.type === 'subscript_expression') {
        out.push(...swapIndices(node, source.text, source.family));
      }
    }
    return out;
  },
};

/**
 * Rendering `e + 1` / `e - 1` for an expression node without changing what the rest of the
 * expression means: literals are folded (`3` → `4`), an existing `± 1` is cancelled (`n - 1` → `n`),
 * and anything binding looser than `+` is parenthesised.
 */
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import type { Family } from './syntax-tree.js';

const INTEGER = /^(0|[1-9][0-9_]*)$/;

export function integerValue(node: SyntaxNode): number | undefined {
  if ((node.type === 'integer' || node.type === 'number') && INTEGER.test(node.text)) {
    const n = Number(node.text.replace(/_/g, ''));
    return Number.isSafeInteger(n) ? n : undefined;
  }
  if ((node.type === 'unary_operator' || node.type === 'unary_expression') && node.text.startsWith('-')) {
    const arg = node.childForFieldName('argument');
    const inner = arg ? integerValue(arg) : undefined;
    return inner === undefined ? undefined : -inner;
  }
  return undefined;
}

/** Node types that can take `+ 1` without parentheses (they bind at least as tightly as `+`). */
const TIGHT: Record<Family, ReadonlySet<string>> = {
  python: new Set(['identifier', 'call', 'subscript', 'attribute', 'integer', 'float', 'parenthesized_expression']),
  js: new Set([
    'identifier',
    'call_expression',
    'subscript_expression',
    'member_expression',
    'number',
    'parenthesized_expression',
    'this',
  ]),
};

const ARITHMETIC = new Set(['+', '-', '*', '/', '//', '%', '**']);

/** `a * b + 1` keeps its meaning; `a << b + 1` or `a and b + 1` would not. */
function isArithmetic(node: SyntaxNode): boolean {
  const op = node.childForFieldName('operator')?.type;
  return (
    (node.type === 'binary_operator' || node.type === 'binary_expression') && op !== undefined && ARITHMETIC.has(op)
  );
}

function isAdditive(node: SyntaxNode): boolean {
  const op = node.childForFieldName('operator')?.type;
  return (node.type === 'binary_operator' || node.type === 'binary_expression') && (op === '+' || op === '-');
}

/** The text of `node` shifted by `delta` (±1), or undefined when that makes no sense (not a number-like expression). */
export function shiftByOne(node: SyntaxNode, delta: 1 | -1, family: Family): string | undefined {
  const value = integerValue(node);
  if (value !== undefined) return String(value + delta);
  if (
    node.type === 'string' ||
    node.type === 'template_string' ||
    node.type === 'true' ||
    node.type === 'false' ||
    node.type === 'none' ||
    node.type === 'null'
  ) {
    return undefined;
  }
  if (isAdditive(node)) {
    // `n - 1` shifted by +1 is `n`; `n + 1` shifted by +1 is `n + 2`.
    const right = node.childForFieldName('right');
    const left = node.childForFieldName('left');
    const op = node.childForFieldName('operator')!.type;
    const r = right ? integerValue(right) : undefined;
    if (left && right && r !== undefined && r >= 0) {
      const signed = (op === '+' ? r : -r) + delta;
      const leftText = node.text
        .slice(0, right.startIndex - node.startIndex)
        .replace(/[+-]\s*$/, '')
        .trimEnd();
      if (signed === 0) return leftText;
      return `${leftText} ${signed > 0 ? '+' : '-'} ${Math.abs(signed)}`;
    }
  }
  const text = node.text;
  const tight = TIGHT[family].has(node.type) || isArithmetic(node);
  const base = tight ? text : `(${text})`;
  return `${base} ${delta > 0 ? '+' : '-'} 1`;
}

/** True when a node is a plain (possibly negative) integer literal. */
export function isIntegerLiteral(node: SyntaxNode): boolean {
  return integerValue(node) !== undefined;
}

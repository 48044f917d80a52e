/**
 * Bug class: a missing guard for a missing or empty value — `None`/`null`/`undefined` dereferenced,
 * an empty list indexed or averaged. Either an early exit before the statement (`if x is None:
 * return …`, `if (!xs || xs.length === 0) return …;`, `continue` inside a loop) or, in JavaScript,
 * optional chaining (`x?.y`). The early value is taken from what the function already returns
 * elsewhere (an empty list where it returns lists), then the language's "nothing".
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import {
  enclosingLoop,
  indentAt,
  indentUnit,
  isFunctionNode,
  statementStartingOnRow,
  walkTree,
  type Family,
} from '../syntax-tree.js';
import type { Mutation, RepairTemplate } from '../template.js';

const MAX_NAMES = 3;
const MAX_VALUES = 4;

/** Names dereferenced on the line: indexed, a member looked up, iterated, measured. */
function dereferencedNames(nodes: readonly SyntaxNode[], family: Family): string[] {
  const names: string[] = [];
  const add = (n: SyntaxNode | null) => {
    if (n?.type === 'identifier' && n.text !== 'self' && n.text !== 'this' && !names.includes(n.text))
      names.push(n.text);
  };
  for (const node of nodes) {
    switch (node.type) {
      case 'attribute':
        add(node.childForFieldName('object'));
        break;
      case 'member_expression':
        add(node.childForFieldName('object'));
        break;
      case 'subscript':
        add(node.childForFieldName('value'));
        break;
      case 'subscript_expression':
        add(node.childForFieldName('object'));
        break;
      case 'for_statement':
      case 'for_in_statement':
        add(node.childForFieldName('right'));
        break;
      case 'call': {
        const fn = node.childForFieldName('function');
        if (
          family === 'python' &&
          fn?.type === 'identifier' &&
          ['len', 'max', 'min', 'sum', 'sorted', 'iter', 'next'].includes(fn.text)
        ) {
          add(node.childForFieldName('arguments')?.namedChildren[0] ?? null);
        }
        break;
      }
      default:
        break;
    }
  }
  return names.slice(0, MAX_NAMES);
}

const LITERAL_KINDS: Record<Family, Record<string, string>> = {
  python: {
    list: '[]',
    dictionary: '{}',
    string: "''",
    integer: '0',
    float: '0.0',
    true: 'False',
    false: 'False',
    none: 'None',
    tuple: '()',
    set: 'set()',
  },
  js: {
    array: '[]',
    object: '{}',
    string: "''",
    template_string: "''",
    number: '0',
    true: 'false',
    false: 'false',
    null: 'null',
    undefined: 'undefined',
  },
};

/** What a returned call evidently produces, by the callee's name (`"".join(…)` is a string, `sorted(…)` a list). */
const CALL_KINDS: Record<Family, Record<string, string>> = {
  python: {
    join: "''",
    str: "''",
    format: "''",
    upper: "''",
    lower: "''",
    strip: "''",
    list: '[]',
    sorted: '[]',
    dict: '{}',
    len: '0',
    sum: '0',
    int: '0',
    round: '0',
    set: 'set()',
  },
  js: {
    join: "''",
    toString: "''",
    trim: "''",
    map: '[]',
    filter: '[]',
    slice: '[]',
    concat: '[]',
    sort: '[]',
    reduce: '0',
    round: '0',
    floor: '0',
  },
};

function literalKind(value: SyntaxNode, family: Family): string | undefined {
  const literal = LITERAL_KINDS[family][value.type];
  if (literal) return literal;
  if (value.type === 'call' || value.type === 'call_expression') {
    const callee = value.childForFieldName('function');
    const name =
      callee?.type === 'attribute'
        ? callee.childForFieldName('attribute')?.text
        : callee?.type === 'member_expression'
          ? callee.childForFieldName('property')?.text
          : callee?.text;
    return name ? CALL_KINDS[family][name] : undefined;
  }
  if (value.type === 'list_comprehension' || value.type === 'array') return '[]';
  // Arithmetic (`sum(xs) / len(xs)`) is a number.
  const op = value.childForFieldName('operator')?.type;
  if (
    (value.type === 'binary_operator' || value.type === 'binary_expression') &&
    op &&
    ['+', '-', '*', '/', '//', '%', '**'].includes(op)
  ) {
    return '0';
  }
  return undefined;
}

/** Literal return values worth reusing as they are (`return "Anonymous"`), not just by kind. */
const REUSABLE_LITERALS = new Set(['string', 'integer', 'float', 'number', 'true', 'false']);
const MAX_LITERAL_CHARS = 40;

/**
 * Early-return values, likeliest first: a literal the function already returns elsewhere (its own
 * sentinel: `"Anonymous"`, `-1`), then the kinds of value it returns (an empty list where it returns
 * lists), then the language's "nothing".
 */
function earlyValues(fn: SyntaxNode, family: Family): { values: string[]; returnsValue: boolean } {
  const literals = new Map<string, number>();
  const counts = new Map<string, number>();
  let returnsValue = false;
  walkTree(fn, (n) => {
    if (n !== fn && isFunctionNode(n, family)) return false;
    if (n.type === 'return_statement') {
      const value = n.namedChildren.find((c) => c !== null && c.type !== 'comment');
      if (value) {
        returnsValue = true;
        if (REUSABLE_LITERALS.has(value.type) && value.text.length <= MAX_LITERAL_CHARS && !/[\n\r]/.test(value.text)) {
          literals.set(value.text, (literals.get(value.text) ?? 0) + 1);
        }
        const literal = literalKind(value, family);
        if (literal) counts.set(literal, (counts.get(literal) ?? 0) + 1);
      }
    }
    return true;
  });
  const byCount = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]).map(([v]) => v);
  const values: string[] = [];
  for (const v of [...byCount(literals), ...byCount(counts)]) if (!values.includes(v)) values.push(v);
  const nothing = family === 'python' ? 'None' : 'null';
  if (!values.includes(nothing)) values.push(nothing);
  return { values: values.slice(0, MAX_VALUES), returnsValue };
}

export const nullGuard: RepairTemplate = {
  name: 'null-guard',
  bugClass: 'missing guard for None/null/undefined or an empty value',
  prior: 0.4,
  boostedBy: ['none-value', 'empty', 'index', 'arithmetic', 'type'],
  generate({ nodes, source, scope }) {
    if (!scope || !isFunctionNode(scope.fn, source.family)) return [];
    const family = source.family;
    const statement = statementStartingOnRow(nodes, family);
    if (!statement) return [];
    const names = dereferencedNames(nodes, family);
    if (!names.length) return [];
    const out: Mutation[] = [];
    const text = source.text;
    const lineStart = text.lastIndexOf('\n', statement.startIndex - 1) + 1;
    const indent = indentAt(text, statement.startIndex);
    const unit = indentUnit(text);
    const { values, returnsValue } = earlyValues(scope.fn, family);
    const exits = returnsValue
      ? values.map((v) => ({ stmt: `return ${v}`, label: `return ${v}`, weight: 1 }))
      : [{ stmt: 'return', label: 'return', weight: 1 }];
    if (enclosingLoop(statement, family)) exits.push({ stmt: 'continue', label: 'continue', weight: 0.6 });
    const insert = (guard: string, weight: number, description: string): Mutation => ({
      start: lineStart,
      end: lineStart,
      text: guard,
      weight,
      description,
    });
    names.forEach((name, i) => {
      const nameWeight = i === 0 ? 1 : 0.8;
      for (const [k, exit] of exits.entries()) {
        const w = nameWeight * exit.weight * (k === 0 ? 1 : 0.8);
        if (family === 'python') {
          out.push(
            insert(
              `${indent}if ${name} is None:\n${indent}${unit}${exit.stmt}\n`,
              w,
              `guard \`${name} is None\` → ${exit.label}`,
            ),
          );
          out.push(
            insert(
              `${indent}if not ${name}:\n${indent}${unit}${exit.stmt}\n`,
              w * 0.9,
              `guard empty \`${name}\` → ${exit.label}`,
            ),
          );
        } else {
          const js = exit.stmt === 'return' ? 'return;' : `${exit.stmt};`;
          out.push(insert(`${indent}if (${name} == null) ${js}\n`, w, `guard \`${name} == null\` → ${exit.label}`));
          out.push(
            insert(
              `${indent}if (!${name} || ${name}.length === 0) ${js}\n`,
              w * 0.8,
              `guard empty \`${name}\` → ${exit.label}`,
            ),
          );
        }
      }
    });
    if (family === 'js') {
      for (const node of nodes) {
        if (node.type !== 'member_expression' && node.type !== 'subscript_expression') continue;
        const object = node.childForFieldName('object');
        if (!object || node.text.slice(object.endIndex - node.startIndex).startsWith('?.')) continue;
        const rest = text.slice(object.endIndex, node.endIndex);
        const chained = node.type === 'member_expression' ? `?${rest}` : `?.${rest}`;
        out.push({
          start: object.endIndex,
          end: node.endIndex,
          text: chained,
          weight: 0.9,
          description: `optional chaining on \`${object.text}\``,
        });
      }
    }
    return out;
  },
};

/**
 * Bug class: an inverted, over-strict or incomplete condition — a branch or loop condition that
 * should be negated, a `not`/`!` that should not be there, one clause of an `and`/`or` too many or
 * too few (a base case that forgets the empty input: `if n == 1 or not xs:`), or a boolean literal
 * of the wrong sense.
 */
import type { SyntaxNode } from '../../../syntax/tree-sitter.js';
import { namesUsedAsContainers, type Scope } from '../scope.js';
import { namedChildrenOf, walkTree, type Family } from '../syntax-tree.js';
import { replaceNode, type Mutation, type RepairTemplate } from '../template.js';

const SIMPLE: Record<Family, ReadonlySet<string>> = {
  python: new Set([
    'identifier',
    'call',
    'attribute',
    'subscript',
    'parenthesized_expression',
    'true',
    'false',
    'none',
  ]),
  js: new Set([
    'identifier',
    'call_expression',
    'member_expression',
    'subscript_expression',
    'parenthesized_expression',
    'true',
    'false',
  ]),
};

/** The condition expression of a branch, loop or conditional expression node. */
function conditionOf(node: SyntaxNode, family: Family): SyntaxNode | undefined {
  if (family === 'python') {
    if (node.type === 'if_statement' || node.type === 'elif_clause' || node.type === 'while_statement') {
      return node.childForFieldName('condition') ?? undefined;
    }
    if (node.type === 'conditional_expression') return namedChildrenOf(node)[1];
    return undefined;
  }
  if (['if_statement', 'while_statement', 'do_statement', 'ternary_expression', 'for_statement'].includes(node.type)) {
    let cond = node.childForFieldName('condition');
    if (!cond || cond.type === ';') return undefined;
    if (cond.type === 'expression_statement') cond = cond.namedChildren[0] ?? null;
    if (cond?.type === 'parenthesized_expression') cond = cond.namedChildren[0] ?? null;
    return cond ?? undefined;
  }
  return undefined;
}

function negationOperand(node: SyntaxNode): SyntaxNode | undefined {
  if (node.type === 'not_operator') return node.childForFieldName('argument') ?? undefined;
  if (node.type === 'unary_expression' && node.childForFieldName('operator')?.type === '!') {
    return node.childForFieldName('argument') ?? undefined;
  }
  return undefined;
}

function negate(cond: SyntaxNode, family: Family): string {
  const simple = SIMPLE[family].has(cond.type);
  if (family === 'python') return simple ? `not ${cond.text}` : `not (${cond.text})`;
  return simple ? `!${cond.text}` : `!(${cond.text})`;
}

/** Parameters tried in a missing emptiness clause. */
const MAX_CLAUSE_PARAMETERS = 2;

/** Conditions that bind looser than `or`/`||` (or may not mix with it) and need parentheses before one. */
const LOOSER_THAN_OR: Record<Family, ReadonlySet<string>> = {
  python: new Set(['conditional_expression', 'lambda', 'named_expression']),
  js: new Set([
    'ternary_expression',
    'assignment_expression',
    'augmented_assignment_expression',
    'sequence_expression',
    'yield_expression',
    'arrow_function',
  ]),
};

function isIf(node: SyntaxNode, family: Family): boolean {
  return node.type === 'if_statement' || (family === 'python' && node.type === 'elif_clause');
}

/** The condition already tests `p` for emptiness (`not p`, `!p`, or the very clause). */
function testsEmptiness(cond: SyntaxNode, name: string, clause: string): boolean {
  if (cond.text.includes(clause)) return true;
  let found = false;
  walkTree(cond, (n) => {
    if (negationOperand(n)?.text === name) found = true;
    return !found;
  });
  return found;
}

/**
 * `if c:` → `if c or not xs:` (JS `if (c || xs.length === 0)`) for the parameters the function
 * uses as containers: a base case that forgets the empty input.
 */
function missingClauses(cond: SyntaxNode, family: Family, scope: Scope, containers: ReadonlySet<string>): Mutation[] {
  const params = scope.names.filter((n) => n.kind === 'param' && containers.has(n.name));
  const looser =
    LOOSER_THAN_OR[family].has(cond.type) ||
    (cond.type === 'binary_expression' && cond.childForFieldName('operator')?.type === '??');
  const base = looser ? `(${cond.text})` : cond.text;
  const out: Mutation[] = [];
  for (const { name } of params.slice(0, MAX_CLAUSE_PARAMETERS)) {
    const clause = family === 'python' ? `not ${name}` : `${name}.length === 0`;
    if (testsEmptiness(cond, name, clause)) continue;
    const text = family === 'python' ? `${base} or ${clause}` : `${base} || ${clause}`;
    out.push(replaceNode(cond, text, 0.35, `add the clause \`${clause}\``));
  }
  return out;
}

const FLIP: Record<string, string> = { True: 'False', False: 'True', true: 'false', false: 'true' };

export const negateCondition: RepairTemplate = {
  name: 'negate-condition',
  bugClass: 'inverted condition, spurious negation, extra or missing clause, or wrong boolean literal',
  prior: 0.55,
  boostedBy: ['wrong-value', 'non-termination'],
  generate({ nodes, source, scope }) {
    const family = source.family;
    const out: Mutation[] = [];
    let containers: Set<string> | undefined;
    for (const node of nodes) {
      if (!node.isNamed) continue;
      const cond = conditionOf(node, family);
      if (cond) {
        const inner = negationOperand(cond);
        if (inner) out.push(replaceNode(cond, inner.text, 1, `drop the negation of \`${inner.text}\``));
        else out.push(replaceNode(cond, negate(cond, family), 0.7, `negate \`${cond.text}\``));
        if (scope && isIf(node, family)) {
          containers ??= namesUsedAsContainers(scope.fn, family);
          out.push(...missingClauses(cond, family, scope, containers));
        }
      }
      const negated = negationOperand(node);
      if (negated) out.push(replaceNode(node, negated.text, 0.8, `drop the negation of \`${negated.text}\``));
      const op = node.childForFieldName('operator')?.type;
      if (
        (node.type === 'boolean_operator' || node.type === 'binary_expression') &&
        (op === 'and' || op === 'or' || op === '&&' || op === '||')
      ) {
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        if (left && right) {
          out.push(replaceNode(node, left.text, 0.5, `drop the clause \`${right.text}\``));
          out.push(replaceNode(node, right.text, 0.5, `drop the clause \`${left.text}\``));
        }
      }
      if (node.text in FLIP && (node.type === 'true' || node.type === 'false')) {
        out.push(replaceNode(node, FLIP[node.text]!, 0.6, `\`${node.text}\` → \`${FLIP[node.text]}\``));
      }
    }
    return out;
  },
};

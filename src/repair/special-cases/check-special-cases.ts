/**
 * The special-casing check: does a patch make the failing tests pass by recognising them rather
 * than by fixing the code? It reads the code the patch adds (tree-sitter, Python and
 * JavaScript/TypeScript) against what the failing tests pass in and expect (`test-facts.ts`), and
 * flags, with evidence:
 *
 * - a branch the patch added that is keyed on a test's input and yields that test's expected value:
 *   `if a == 2 and b == 3: return 5`, `a === 2 && b === 3 ? 5 : a - b`, `case 7: return 13`,
 *   `{(2, 3): 5}.get((a, b))`. A chain of such branches (elif, else-if, switch, one map) is a
 *   hard-code only when every branch the patch added is keyed on a test input: a table that
 *   covers more cases than the tests is data;
 * - a result replaced by a constant the tests expect: `return 5` where `return a - b` was, or an
 *   unconditional `return 5` added to the function;
 * - code that recognises the test run: a test-only environment variable, `NODE_ENV === 'test'`,
 *   the runner's module, the test's name or file compared in a condition.
 *
 * Only literals the patch introduces count (on an added line, and not on a line the same hunk
 * removed: `n == 2` → `n == 3` moves an existing bound), and trivial literals (0, 1, -1, empty,
 * null, booleans) are no evidence: a base case (`if n == 0: return 1`), a sentinel check
 * (`if value == "N/A": return None`) and a dispatch whose result is computed
 * (`if unit == "g": return v / 1000`) pass.
 */
import type { SpecialCaseEvidence, CodeSite } from '../../contracts/heal-report.js';
import { walkSyntax } from '../../frames/syntax-walk.js';
import { escapeRegex } from '../../text/escape-regex.js';
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import { isFunctionNode, parseSource, type Family, type ParsedSource } from '../builtin/syntax-tree.js';
import { evidenceText, siteOf } from './evidence-text.js';
import {
  foldedValue,
  literalValue,
  LITERAL_TYPES,
  MAX_LITERAL_CHARS as MAX_FOLDED_CHARS,
  unwrap,
  type LiteralValue,
} from './literal-values.js';
import type { PatchedFile } from './patch-lines.js';
import { encodedCaseMatch, rowsWithin, stringContents, tableRebinds } from './table-shapes.js';
import { lastName, type TestFacts, type TestName } from './test-facts.js';
import {
  ENVIRONMENT_ACCESS,
  TEST_ENV_VARIABLES,
  TEST_ENVIRONMENT_VALUE,
  TEST_RUNNER_NAMES,
  TEST_RUNTIME_NAMES,
} from './test-markers.js';

/** Evidence items kept per attempt: enough to see the pattern, bounded for the report. */
const MAX_EVIDENCE = 12;
const MAX_LITERAL_CHARS = 120;
/**
 * Ancestors looked at from a literal: a condition is near its literal, and a model's patch can nest
 * without end (each parent lookup walks from the root in web-tree-sitter).
 */
const MAX_CLIMB = 48;
/** Operands of one `and`/`or` chain read; a longer condition is not judged keyed. */
const MAX_OPERANDS = 10_000;

interface HunkFacts {
  /** Literal keys (and `id:<name>` identifiers) on the lines the hunk removed. */
  removedKeys: Set<string>;
  /** The hunk removed a `return` of a literal / of a computed value. */
  removedLiteralReturn: boolean;
  removedComputedReturn: boolean;
  /** Targets the hunk removed an assignment of a computed value to. */
  removedComputedTargets: Set<string>;
}

interface Branch {
  /** The literals the branch is keyed on (the compared values, a case label, a map key). */
  keys: SyntaxNode[];
  /** Where its outcome can be: a block, a case body, a ternary arm, a map value. */
  outcomes: SyntaxNode[];
  /** The outcome nodes are values themselves (a ternary arm, a map value), not statements to search. */
  valued: boolean;
}

/** How the check reads a value in the patched file: literals, and what the patch computes from them. */
interface Values {
  family: Family;
  /** The value of a literal, of a constant the patch defines, or of an expression of them. */
  valueOf(node: SyntaxNode): LiteralValue | undefined;
}

/** Where a name is bound other than by a plain `NAME = value` (so it is no constant of the patch's). */
const OTHER_BINDINGS = new Set([
  'augmented_assignment',
  'augmented_assignment_expression',
  'update_expression',
  'for_statement',
  'for_in_statement',
  'named_expression',
  'parameters',
  'formal_parameters',
  'lambda_parameters',
  'default_parameter',
  'typed_parameter',
  'typed_default_parameter',
  'required_parameter',
  'optional_parameter',
  'assignment_pattern',
  'rest_pattern',
  'list_splat_pattern',
  'dictionary_splat_pattern',
  'function_definition',
  'class_definition',
  'function_declaration',
  'generator_function_declaration',
  'class_declaration',
  'import_statement',
  'import_from_statement',
  'aliased_import',
  'dotted_name',
  'import_specifier',
  'namespace_import',
  'import_clause',
  'catch_clause',
  'as_pattern_target',
  'global_statement',
  'nonlocal_statement',
]);
const PATTERNS = new Set([
  'pattern_list',
  'tuple_pattern',
  'list_pattern',
  'array_pattern',
  'expression_list',
  'tuple',
  'list',
  'array',
]);

/** `NAME = value` pairs a node binds: a plain assignment or declaration, or one unpacking a literal list. */
function plainBindings(node: SyntaxNode): Array<[SyntaxNode, SyntaxNode | undefined]> {
  const declarator = node.type === 'variable_declarator';
  if (!declarator && node.type !== 'assignment' && node.type !== 'assignment_expression') return [];
  const left = node.childForFieldName(declarator ? 'name' : 'left');
  const right = node.childForFieldName(declarator ? 'value' : 'right');
  if (!left) return [];
  if (left.type === 'identifier') return [[left, right ?? undefined]];
  if (!PATTERNS.has(left.type)) return [];
  const names = left.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
  const values =
    right && PATTERNS.has(unwrap(right).type)
      ? unwrap(right).namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment')
      : [];
  return names
    .filter((n) => n.type === 'identifier')
    .map((n) => [n, values.length === names.length ? values[names.indexOf(n)] : undefined]);
}

/**
 * Names the patch binds exactly once, on an added line, with `NAME = value`, and never mentions on a
 * line it did not add (`ANSWER = 5`, `const X = 2`): a hard-code that hides its literal behind a
 * name of its own. A name bound any other way too (a parameter, a loop, `+=`, an import) is not one.
 * Only the subtrees the patch touched are walked; the other lines are searched as text.
 */
function patchConstants(view: PatchView): Map<string, SyntaxNode> {
  const bound = new Map<string, Array<SyntaxNode | undefined>>();
  const excluded = new Set<string>();
  const exclude = (n: SyntaxNode) => {
    for (const child of n.namedChildren) {
      if (child?.type === 'identifier') excluded.add(child.text);
      else if (child && PATTERNS.has(child.type))
        for (const inner of child.namedChildren) if (inner?.type === 'identifier') excluded.add(inner.text);
    }
  };
  walkSyntax(view.after.tree.rootNode, (n) => {
    if (!view.touchesAdded(n)) return false;
    if (OTHER_BINDINGS.has(n.type)) exclude(n);
    if (view.onAddedRow(n))
      for (const [name, value] of plainBindings(n)) bound.set(name.text, [...(bound.get(name.text) ?? []), value]);
    return true;
  });
  const untouched = view.lines.filter((_, row) => !view.added.has(row)).join('\n');
  const constants = new Map<string, SyntaxNode>();
  for (const [name, values] of bound) {
    if (values.length !== 1 || !values[0] || excluded.has(name)) continue;
    if (new RegExp(`(?<![\\w$])${escapeRegex(name)}(?![\\w$])`).test(untouched)) continue;
    constants.set(name, values[0]);
  }
  return constants;
}

const EQUALITY_PY = new Set(['==', 'is', 'in']);
const EQUALITY_JS = new Set(['===', '==']);
const STRING_TESTS = new Set([
  'startswith',
  'endswith',
  'startsWith',
  'endsWith',
  'includes',
  'indexOf',
  'match',
  'test',
  'search',
  'find',
  'contains',
  '__contains__',
  'some',
]);
const CONDITIONAL_ANCESTORS = new Set([
  'if_statement',
  'elif_clause',
  'else_clause',
  'conditional_expression',
  'ternary_expression',
  'switch_case',
  'switch_default',
  'case_clause',
  'for_statement',
  'for_in_statement',
  'while_statement',
  'do_statement',
  'except_clause',
  'catch_clause',
  'boolean_operator',
]);

function operatorOf(node: SyntaxNode): string | undefined {
  if (node.type === 'comparison_operator') {
    const ops = node.childrenForFieldName('operators').filter((o): o is SyntaxNode => o !== null);
    return ops.length === 1 ? ops[0]!.text.replace(/\s+/g, ' ') : undefined;
  }
  return node.childForFieldName('operator')?.text;
}

/** One changed file, parsed, with what its hunks added and removed. */
class PatchView {
  readonly lines: string[];
  /** 0-based rows of the patched file that were added → their hunk. */
  readonly added = new Map<number, number>();
  readonly hunks: HunkFacts[];
  private readonly sortedAdded: number[];
  /** Names the patch defines as constants (`patchConstants`). */
  private readonly constants: Map<string, SyntaxNode>;

  constructor(
    readonly file: PatchedFile,
    readonly after: ParsedSource,
    before: ParsedSource | undefined,
  ) {
    this.lines = file.after.split('\n');
    this.hunks = file.hunks.map(() => ({
      removedKeys: new Set<string>(),
      removedLiteralReturn: false,
      removedComputedReturn: false,
      removedComputedTargets: new Set<string>(),
    }));
    const removed = new Map<number, number>();
    file.hunks.forEach((h, i) => {
      for (const line of h.added) this.added.set(line - 1, i);
      for (const line of h.removed) removed.set(line - 1, i);
    });
    this.sortedAdded = [...this.added.keys()].sort((a, b) => a - b);
    if (before && removed.size > 0) this.readRemoved(before, removed);
    this.constants = patchConstants(this);
  }

  get family(): Family {
    return this.after.family;
  }

  /** `node`, or the definition of the patch constant it names (`ANSWER` → `5`), followed a few times. */
  private readonly resolve = (node: SyntaxNode): SyntaxNode => {
    let n = node;
    for (let hops = 0; hops < 8 && n.type === 'identifier'; hops++) {
      const value = this.constants.get(n.text);
      if (!value) break;
      n = unwrap(value);
    }
    return n;
  };

  valueOf(node: SyntaxNode): LiteralValue | undefined {
    return foldedValue(node, this.after.family, this.resolve);
  }

  private readRemoved(before: ParsedSource, removed: ReadonlyMap<number, number>): void {
    const family = before.family;
    const rows = [...removed.keys()].sort((a, b) => a - b);
    walkSyntax(before.tree.rootNode, (n) => {
      if (!rowsWithin(rows, n.startPosition.row, n.endPosition.row)) return false;
      const hunk = removed.get(n.startPosition.row);
      if (hunk === undefined) return true;
      const facts = this.hunks[hunk]!;
      if (LITERAL_TYPES.has(n.type)) {
        const value = literalValue(n, family);
        if (value) facts.removedKeys.add(value.key);
      } else if (n.type === 'identifier' || n.type === 'property_identifier') {
        facts.removedKeys.add(`id:${n.text}`);
      } else if (n.type === 'return_statement') {
        const value = valueOfReturn(n);
        if (value && literalValue(value, family)) facts.removedLiteralReturn = true;
        else if (value) facts.removedComputedReturn = true;
      } else {
        const assigned = assignmentOf(n);
        if (assigned && !literalValue(assigned.value, family)) facts.removedComputedTargets.add(assigned.target);
      }
      return true;
    });
  }

  /** Whether any added row lies within `node`'s rows (a subtree worth visiting). */
  touchesAdded(node: SyntaxNode): boolean {
    return rowsWithin(this.sortedAdded, node.startPosition.row, node.endPosition.row);
  }

  onAddedRow(node: SyntaxNode): boolean {
    return this.added.has(node.startPosition.row);
  }

  hunkOf(node: SyntaxNode): HunkFacts | undefined {
    const hunk = this.added.get(node.startPosition.row);
    return hunk === undefined ? undefined : this.hunks[hunk];
  }

  /**
   * The literal's value when the patch introduced it: on an added line, not on a line its hunk
   * removed. A constant the patch defines, or an expression of literals, counts as its value.
   */
  introduced(node: SyntaxNode): LiteralValue | undefined {
    const hunk = this.hunkOf(node);
    if (!hunk) return undefined;
    const value = this.valueOf(node);
    if (!value || hunk.removedKeys.has(value.key)) return undefined;
    return value;
  }

  site(node: SyntaxNode): CodeSite {
    return siteOf(this.file.path, this.lines, node.startPosition.row);
  }
}

function valueOfReturn(node: SyntaxNode): SyntaxNode | undefined {
  return node.namedChildren.find((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? undefined;
}

/** `target = value` in either language (a declaration, an assignment expression or statement). */
function assignmentOf(node: SyntaxNode): { target: string; value: SyntaxNode } | undefined {
  if (node.type === 'assignment' || node.type === 'assignment_expression') {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if (left && right && right.type !== 'assignment' && right.type !== 'assignment_expression')
      return { target: left.text.replace(/\s+/g, ''), value: right };
  }
  if (node.type === 'variable_declarator') {
    const name = node.childForFieldName('name');
    const value = node.childForFieldName('value');
    if (name && value) return { target: name.text.replace(/\s+/g, ''), value };
  }
  return undefined;
}

/**
 * The literals an equality condition compares with, or null when the condition is not purely a set
 * of equality tests against literals (`month == 2 and is_leap(year)` computes; it is not keyed). An
 * `and`/`or` chain is flattened with a stack, not recursion: a patch can chain without end.
 */
function keyedLiterals(condition: SyntaxNode, values: Values): SyntaxNode[] | null {
  const keys: SyntaxNode[] = [];
  const pending = [condition];
  for (let seen = 0; pending.length > 0; seen++) {
    if (seen >= MAX_OPERANDS) return null;
    const n = unwrap(pending.pop()!);
    const op = operatorOf(n);
    if (n.type === 'boolean_operator' || (n.type === 'binary_expression' && (op === '&&' || op === '||'))) {
      const left = n.childForFieldName('left');
      const right = n.childForFieldName('right');
      if (!left || !right) return null;
      pending.push(right, left);
      continue;
    }
    const compared = equalityKeys(n, op, values);
    if (!compared) return null;
    keys.push(...compared);
  }
  return keys;
}

/** The literal side of one equality test (`x == 2`, `(a, b) == (2, 3)`, `x in (2, 3)`, `[2, 3].includes(x)`). */
function equalityKeys(n: SyntaxNode, op: string | undefined, values: Values): SyntaxNode[] | null {
  let sides: SyntaxNode[] = [];
  if (n.type === 'comparison_operator' && op && EQUALITY_PY.has(op))
    sides = n.namedChildren.filter((c): c is SyntaxNode => c !== null);
  else if (n.type === 'binary_expression' && op && EQUALITY_JS.has(op))
    sides = [n.childForFieldName('left'), n.childForFieldName('right')].filter((c): c is SyntaxNode => c !== null);
  else if (n.type === 'call_expression') {
    // [2, 3].includes(x), Object.is(x, 2)
    const callee = n.childForFieldName('function');
    const args = n.childForFieldName('arguments')?.namedChildren.filter((c): c is SyntaxNode => c !== null) ?? [];
    if (callee?.type === 'member_expression' && lastName(callee) === 'includes') {
      const object = callee.childForFieldName('object');
      if (object && args[0]) sides = [object, args[0]];
    } else if (callee?.text === 'Object.is') sides = args;
  }
  if (sides.length !== 2) return null;
  const literals = sides.filter((s) => values.valueOf(s));
  if (literals.length !== 1) return null;
  const literal = unwrap(literals[0]!);
  // A tuple or list compared whole, or a membership test: its elements are the keys too.
  const elements = ['tuple', 'list', 'array', 'set'].includes(literal.type)
    ? literal.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment')
    : [];
  return [literal, ...elements];
}

/** Branches of one chain: an if/elif/else-if chain, a switch or match, a conditional expression, a map. */
function branchesOf(node: SyntaxNode, values: Values): Branch[] | undefined {
  switch (node.type) {
    case 'if_statement':
      // In JS, an `if` inside an `else` is part of the else-if chain that starts above it.
      if (values.family === 'js' && node.parent?.type === 'else_clause') return undefined;
      return ifChainBranches(node, values);
    case 'conditional_expression': {
      // `a if condition else b`
      const [a, condition, b] = node.namedChildren;
      if (!a || !condition || !b) return [];
      const keys = keyedLiterals(condition, values);
      return keys ? [{ keys, outcomes: [a, b], valued: true }] : [];
    }
    case 'ternary_expression': {
      const keys = keyedLiterals(node.childForFieldName('condition')!, values);
      const outcomes = [node.childForFieldName('consequence'), node.childForFieldName('alternative')].filter(
        (c): c is SyntaxNode => c !== null,
      );
      return keys ? [{ keys, outcomes, valued: true }] : [];
    }
    case 'switch_statement':
      return switchBranches(node, values);
    case 'match_statement':
      return matchBranches(node, values);
    case 'dictionary':
    case 'object':
      return isLookup(node) ? mapBranches(node, values) : undefined;
    case 'new_expression':
      return newMapBranches(node);
    default:
      return undefined;
  }
}

/** An if/elif chain (Python) or an if/else-if chain (JS): one branch per condition keyed by a literal. */
function ifChainBranches(node: SyntaxNode, values: Values): Branch[] {
  const branch = (condition: SyntaxNode | null, outcome: SyntaxNode | null): Branch[] => {
    const keys = condition ? keyedLiterals(condition, values) : null;
    return keys && outcome ? [{ keys, outcomes: [outcome], valued: false }] : [];
  };
  const out: Branch[] = [];
  for (let n: SyntaxNode | null = node; n;) {
    out.push(...branch(n.childForFieldName('condition'), n.childForFieldName('consequence')));
    if (values.family === 'python') {
      for (const clause of n.childrenForFieldName('alternative'))
        if (clause?.type === 'elif_clause')
          out.push(...branch(clause.childForFieldName('condition'), clause.childForFieldName('consequence')));
      n = null;
    } else {
      const alternative = n.childForFieldName('alternative');
      const next: SyntaxNode | null | undefined = alternative?.namedChildren.find(
        (c) => c !== null && c.type !== 'comment',
      );
      n = next?.type === 'if_statement' ? next : null;
    }
  }
  return out;
}

function switchBranches(node: SyntaxNode, values: Values): Branch[] {
  const out: Branch[] = [];
  for (const c of node.childForFieldName('body')?.namedChildren ?? []) {
    if (c?.type !== 'switch_case') continue;
    const value = c.childForFieldName('value');
    if (!value || !values.valueOf(value)) continue;
    const body = c.namedChildren.filter((s): s is SyntaxNode => s !== null && s.id !== value.id);
    out.push({ keys: [unwrap(value)], outcomes: body, valued: false });
  }
  return out;
}

function matchBranches(node: SyntaxNode, values: Values): Branch[] {
  const out: Branch[] = [];
  for (const clause of node.childForFieldName('body')?.namedChildren ?? []) {
    if (clause?.type !== 'case_clause') continue;
    const keys = clause.namedChildren
      .filter((p): p is SyntaxNode => p?.type === 'case_pattern')
      .flatMap((p) => p.namedChildren.filter((c): c is SyntaxNode => c !== null && !!literalValue(c, values.family)));
    const consequence = clause.childForFieldName('consequence');
    if (keys.length && consequence) out.push({ keys, outcomes: [consequence], valued: false });
  }
  return out;
}

/** A dict or object literal used as a lookup table: one branch per pair keyed by a literal. */
function mapBranches(node: SyntaxNode, values: Values): Branch[] {
  const out: Branch[] = [];
  for (const pair of node.namedChildren) {
    if (pair?.type !== 'pair') continue;
    const key = pair.childForFieldName('key');
    const value = pair.childForFieldName('value');
    if (!key || !value) continue;
    const k = unwrap(key);
    const keys = ['tuple', 'list', 'array'].includes(k.type)
      ? [k, ...k.namedChildren.filter((c): c is SyntaxNode => c !== null)]
      : [k];
    if (keys.some((x) => values.valueOf(x) || x.type === 'property_identifier'))
      out.push({ keys, outcomes: [value], valued: true });
  }
  return out;
}

/** `new Map([[key, value], …])`. */
function newMapBranches(node: SyntaxNode): Branch[] | undefined {
  if (node.childForFieldName('constructor')?.text !== 'Map') return undefined;
  const rows = node.childForFieldName('arguments')?.namedChildren[0];
  if (rows?.type !== 'array') return undefined;
  const out: Branch[] = [];
  for (const row of rows.namedChildren) {
    if (row?.type !== 'array' || row.namedChildCount !== 2) continue;
    out.push({ keys: [row.namedChildren[0]!], outcomes: [row.namedChildren[1]!], valued: true });
  }
  return out;
}

/**
 * A map literal used as a lookup table: indexed (`{…}[k]`, `{…}.get(k)`) or kept in a variable. A
 * map returned or passed on is a record (`return {"status": "ok"}`), not a table of cases.
 */
function isLookup(node: SyntaxNode): boolean {
  let n = node;
  while (n.parent && (n.parent.type === 'parenthesized_expression' || n.parent.type === 'as_expression')) n = n.parent;
  const parent = n.parent;
  if (!parent) return false;
  if (parent.type === 'subscript' || parent.type === 'subscript_expression')
    return (parent.childForFieldName('value') ?? parent.childForFieldName('object'))?.id === n.id;
  if (parent.type === 'attribute' || parent.type === 'member_expression')
    return parent.childForFieldName('object')?.id === n.id;
  return (
    parent.type === 'variable_declarator' || parent.type === 'assignment' || parent.type === 'assignment_expression'
  );
}

/** A string literal a condition compares: `op in ("+", "add")`, `name.startswith("test_")`. */
function inCondition(node: SyntaxNode): boolean {
  let child = node;
  let climbed = 0;
  for (let n = node.parent; n && climbed++ < MAX_CLIMB; child = n, n = n.parent) {
    if (n.childForFieldName('condition')?.id === child.id) return true;
    if (n.type === 'switch_statement' && n.childForFieldName('value')?.id === child.id) return true;
    if (n.type === 'switch_case' && n.childForFieldName('value')?.id === child.id) return true;
    if (n.type === 'match_statement' && n.childForFieldName('subject')?.id === child.id) return true;
    if (n.type === 'case_pattern') return true;
    if (n.type === 'comparison_operator' || n.type === 'boolean_operator' || n.type === 'not_operator') return true;
    if (n.type === 'binary_expression' && /^(===?|!==?|&&|\|\||in)$/.test(n.childForFieldName('operator')?.text ?? ''))
      return true;
    if (n.type === 'unary_expression' && n.childForFieldName('operator')?.text === '!') return true;
    if (
      (n.type === 'call' || n.type === 'call_expression') &&
      STRING_TESTS.has(lastName(n.childForFieldName('function')) ?? '')
    )
      return true;
    if (/_statement$|^(block|statement_block|module|program|expression_statement)$/.test(n.type)) return false;
  }
  return false;
}

/** The enclosing statement's text, for "does this condition read the environment". */
function statementText(node: SyntaxNode): string {
  let climbed = 0;
  for (let n: SyntaxNode | null = node; n && climbed++ < MAX_CLIMB; n = n.parent) {
    const condition = n.childForFieldName('condition');
    if (condition) return condition.text;
    if (/_statement$|^(lexical_declaration|variable_declaration|expression_statement)$/.test(n.type)) return n.text;
  }
  return node.text;
}

/** True when nothing between `node` and its function makes it conditional. */
function unconditional(node: SyntaxNode, family: Family): boolean {
  let climbed = 0;
  for (let n = node.parent; n && climbed++ < MAX_CLIMB; n = n.parent) {
    if (isFunctionNode(n, family)) return true;
    if (CONDITIONAL_ANCESTORS.has(n.type)) return false;
    if (n.type === 'binary_expression' && /^(&&|\|\||\?\?)$/.test(n.childForFieldName('operator')?.text ?? ''))
      return false;
  }
  return false;
}

/** The string value of a string literal node, else undefined. */
function stringValue(node: SyntaxNode, family: Family): string | undefined {
  if (node.type !== 'string' && node.type !== 'template_string' && node.type !== 'concatenated_string')
    return undefined;
  const key = literalValue(node, family)?.key;
  return key?.startsWith('s:') ? key.slice(2) : undefined;
}

/**
 * Whether a string in a condition names a failing test: its name or title, or its file. A one-word
 * title (`'empty'`) is also an ordinary word, so a name counts only when it reads as a test's
 * (`test_add`, `adds two numbers`) and a file only when it is a test file's.
 */
function namesTest(value: string, name: TestName): boolean {
  if (name.kind === 'file') {
    if (!/test|spec/i.test(name.value)) return false;
    return (
      value === name.value ||
      value.includes(name.value) ||
      (value.length >= 6 && name.value.endsWith(value) && /[./]/.test(value))
    );
  }
  const distinctive = /\s/.test(name.value.trim()) || /test/i.test(name.value) || name.value.length >= 12;
  if (!distinctive) return false;
  return value === name.value || (name.value.length >= 8 && value.includes(name.value));
}

class Collector {
  readonly evidence: SpecialCaseEvidence[] = [];
  private readonly seen = new Set<string>();

  add(rule: SpecialCaseEvidence['rule'], literal: SyntaxNode | string, patch: CodeSite, test?: CodeSite): void {
    const text = evidenceText(typeof literal === 'string' ? literal : literal.text, MAX_LITERAL_CHARS);
    const key = `${rule}\0${patch.file}\0${patch.line}\0${text}`;
    if (this.seen.has(key) || this.evidence.length >= MAX_EVIDENCE) return;
    this.seen.add(key);
    this.evidence.push({ rule, literal: text, patch, ...(test ? { test } : {}) });
  }
}

/** A key literal the tests pass in: the value itself, or a string joining several inputs (`"2,3"`). */
function inputSite(node: SyntaxNode, value: LiteralValue, facts: TestFacts): CodeSite | undefined {
  const direct = facts.inputs.get(value.key);
  if (direct) return direct;
  if (node.type === 'property_identifier') return facts.inputs.get(`s:${node.text}`);
  if (!value.key.startsWith('s:')) return undefined;
  const parts = value.key
    .slice(2)
    .split(/[\s,;:|/_()[\]{}-]+/)
    .filter(Boolean);
  if (parts.length < 2) return undefined;
  let site: CodeSite | undefined;
  for (const part of parts) {
    const key = /^-?\d+(\.\d+)?$/.test(part) ? `n:${Number(part)}` : `s:${part}`;
    const found = facts.inputs.get(key);
    if (!found && !['n:0', 'n:1', 'n:-1'].includes(key)) return undefined;
    site ??= found;
  }
  return site;
}

class FileCheck {
  constructor(
    private readonly view: PatchView,
    private readonly facts: TestFacts,
    private readonly out: Collector,
  ) {}

  private get family(): Family {
    return this.view.after.family;
  }

  run(): void {
    walkSyntax(this.view.after.tree.rootNode, (n) => {
      if (!this.view.touchesAdded(n)) return false;
      const branches = branchesOf(n, this.view);
      if (branches) this.checkChain(branches);
      if (this.view.onAddedRow(n)) {
        this.checkIdentity(n);
        this.checkConstantResult(n);
        this.checkEncodedTable(n);
      }
      return true;
    });
  }

  /** Branches keyed on test inputs that yield expected values, in a chain whose new branches are all keyed on test inputs. */
  private checkChain(branches: readonly Branch[]): void {
    const judged = branches
      .map((b) => {
        const keys = b.keys
          .map((k) => ({ node: k, value: this.keyValue(k) }))
          .filter((k): k is { node: SyntaxNode; value: LiteralValue } => !!k.value && !k.value.trivial);
        const inputs = keys
          .map((k) => ({ node: k.node, site: inputSite(k.node, k.value, this.facts) }))
          .filter((k): k is { node: SyntaxNode; site: CodeSite } => !!k.site);
        return { branch: b, introducedKeys: keys.length, inputs };
      })
      .filter((j) => j.introducedKeys > 0);
    if (judged.length === 0 || judged.some((j) => j.inputs.length === 0)) return;
    for (const j of judged) {
      const outcomes = this.expectedOutcomes(j.branch);
      if (!outcomes.length) continue;
      for (const k of j.inputs) this.out.add('input-condition', k.node, this.view.site(k.node), k.site);
      for (const o of outcomes) this.out.add('expected-value', o.node, this.view.site(o.node), o.site);
    }
  }

  /** A key's value when the patch introduced it (a bare `{ total: 1 }` key is the string "total"). */
  private keyValue(node: SyntaxNode): LiteralValue | undefined {
    if (node.type === 'property_identifier') {
      const hunk = this.view.hunkOf(node);
      const key = `s:${node.text}`;
      return hunk && !hunk.removedKeys.has(key) ? { key, trivial: false } : undefined;
    }
    return this.view.introduced(node);
  }

  private expectedValue(node: SyntaxNode): { node: SyntaxNode; site: CodeSite } | undefined {
    const value = this.view.introduced(unwrap(node));
    if (!value || value.trivial) return undefined;
    const site = this.facts.expected.get(value.key);
    return site ? { node: unwrap(node), site } : undefined;
  }

  private expectedException(statement: SyntaxNode): { node: SyntaxNode; site: CodeSite } | undefined {
    if (!this.view.onAddedRow(statement)) return undefined;
    let value = statement.namedChildren.find((c) => c !== null && c.type !== 'comment');
    if (value?.type === 'call' || value?.type === 'new_expression') {
      value = value.childForFieldName(value.type === 'call' ? 'function' : 'constructor');
    }
    if (!value) return undefined;
    const name = lastName(value) ?? value.text;
    const site = this.facts.expected.get(`exc:${name}`);
    return site ? { node: value, site } : undefined;
  }

  /** Literal results inside a branch: returned, assigned, raised, or the branch's own value. */
  private expectedOutcomes(branch: Branch): Array<{ node: SyntaxNode; site: CodeSite }> {
    const found: Array<{ node: SyntaxNode; site: CodeSite }> = [];
    const push = (f: { node: SyntaxNode; site: CodeSite } | undefined) => {
      if (f) found.push(f);
    };
    for (const region of branch.outcomes) {
      if (branch.valued) {
        push(this.expectedValue(region));
        continue;
      }
      walkSyntax(region, (n) => {
        if (n.id !== region.id && isFunctionNode(n, this.family)) return false;
        if (n.type === 'return_statement' || n.type === 'yield') {
          const value = valueOfReturn(n);
          if (value) push(this.expectedValue(value));
        } else if (n.type === 'raise_statement' || n.type === 'throw_statement') {
          push(this.expectedException(n));
        } else {
          const assigned = assignmentOf(n);
          if (assigned) push(this.expectedValue(assigned.value));
        }
        return true;
      });
    }
    return found;
  }

  /** `return 5` where a computed result was, or an unconditional `return 5` the patch added. */
  private checkConstantResult(n: SyntaxNode): void {
    const hunk = this.view.hunkOf(n);
    if (!hunk) return;
    if (n.type === 'return_statement') {
      const value = valueOfReturn(n);
      const expected = value ? this.expectedValue(value) : undefined;
      if (!expected) return;
      if (hunk.removedComputedReturn || (unconditional(n, this.family) && !hunk.removedLiteralReturn))
        this.out.add('expected-value', expected.node, this.view.site(expected.node), expected.site);
      return;
    }
    if (n.type === 'arrow_function') {
      const body = n.childForFieldName('body');
      if (!body || body.type === 'statement_block' || !this.view.onAddedRow(body)) return;
      const expected = this.expectedValue(body);
      if (expected && !hunk.removedLiteralReturn)
        this.out.add('expected-value', expected.node, this.view.site(expected.node), expected.site);
      return;
    }
    const assigned = assignmentOf(n);
    if (!assigned || !hunk.removedComputedTargets.has(assigned.target)) return;
    const expected = this.expectedValue(assigned.value);
    if (expected) this.out.add('expected-value', expected.node, this.view.site(expected.node), expected.site);
  }

  /** A JSON or CSV string the patch added that holds one test case's input and expected value. */
  private checkEncodedTable(n: SyntaxNode): void {
    const value = stringContents(n, this.family);
    if (value === undefined || this.view.hunkOf(n)?.removedKeys.has(`s:${value}`)) return;
    const match = encodedCaseMatch(value, this.facts);
    if (match) this.out.add('encoded-cases', n, this.view.site(n), match.expected);
  }

  /** A string the patch builds from literals (`"test_" + "add"`), read once, at its outermost `+`. */
  private builtString(n: SyntaxNode): string | undefined {
    const concat = (m: SyntaxNode | null) =>
      (m?.type === 'binary_operator' || m?.type === 'binary_expression') &&
      m.childForFieldName('operator')?.text === '+';
    // Sized before the parent is asked for: each parent lookup walks from the root.
    if (!concat(n) || n.endIndex - n.startIndex > MAX_FOLDED_CHARS || concat(n.parent)) return undefined;
    const key = this.view.valueOf(n)?.key;
    return key?.startsWith('s:') ? key.slice(2) : undefined;
  }

  /** Code that recognises the test run. */
  private checkIdentity(n: SyntaxNode): void {
    const site = () => this.view.site(n);
    if (n.type === 'identifier' || n.type === 'property_identifier') {
      const known = TEST_ENV_VARIABLES.has(n.text) || TEST_RUNTIME_NAMES.has(n.text);
      if (known && !this.view.hunkOf(n)?.removedKeys.has(`id:${n.text}`)) this.out.add('test-identity', n, site());
      return;
    }
    if (
      n.type === 'member_expression' &&
      /^expect\.getState$|^import\.meta\.vitest$/.test(n.text.replace(/\s+/g, ''))
    ) {
      this.out.add('test-identity', n, site());
      return;
    }
    const value = stringValue(n, this.family) ?? this.builtString(n);
    if (value === undefined) return;
    if (TEST_ENV_VARIABLES.has(value)) {
      this.out.add('test-identity', n, site());
      return;
    }
    if (!inCondition(n) || !this.view.introduced(n)) return;
    if (TEST_RUNNER_NAMES.has(value.toLowerCase())) {
      this.out.add('test-identity', n, site());
      return;
    }
    if (TEST_ENVIRONMENT_VALUE.test(value) && ENVIRONMENT_ACCESS.test(statementText(n))) {
      this.out.add('test-identity', n, site());
      return;
    }
    for (const name of this.facts.names) {
      if (namesTest(value, name)) {
        this.out.add('test-identity', n, site(), name.site);
        return;
      }
    }
  }
}

/**
 * Evidence that the patch special-cases the failing tests; empty when it does not. Files in other
 * languages, and files that cannot be parsed, are not read.
 */
export async function checkSpecialCases(
  files: readonly PatchedFile[],
  facts: TestFacts,
): Promise<SpecialCaseEvidence[]> {
  const out = new Collector();
  for (const file of files) {
    if (file.hunks.every((h) => h.added.length === 0)) continue;
    const after = await parseSource(file.path, file.after);
    if (!after) continue;
    // The original is parsed only for what the hunks removed (a pure insertion removed nothing).
    const removes = file.hunks.some((h) => h.removed.length > 0);
    const before = file.before === undefined || !removes ? undefined : await parseSource(file.path, file.before);
    try {
      const view = new PatchView(file, after, before);
      new FileCheck(view, facts, out).run();
      for (const n of tableRebinds(after, new Set(view.added.keys()), file.before)) {
        const name = n.childForFieldName('name') ?? n.childForFieldName('left') ?? n;
        out.add('table-rebind', name, view.site(n));
      }
    } finally {
      after.tree.delete();
      before?.tree.delete();
    }
  }
  // Say which test data a value came from: the file its site is in, and the test that reads it.
  return out.evidence.map((e) => {
    const readBy = e.test ? facts.data?.get(e.test.file) : undefined;
    return readBy ? { ...e, dataReadBy: readBy } : e;
  });
}

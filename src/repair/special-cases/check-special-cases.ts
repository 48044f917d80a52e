/**
 * The special-casing check: does a patch make the failing tests pass by recognising them rather
 * than by fixing the code? It reads the code the patch adds (tree-sitter, Python and
 * JavaScript/TypeScript) against what the failing tests pass in and expect (`test-facts.ts`, with
 * the data they read), and flags, with evidence, what the added code does:
 *
 * - a decision keyed on the tests' inputs that yields their expected values (`branch-chains.ts`):
 *   `if a == 2 and b == 3: return 5`, `case 7: return 13`, `x in KNOWN`, a regex listing the
 *   inputs, a name bound to one of those; the values followed through conditionals, records,
 *   names and lookups (`result-values.ts`). A chain is a hard-code only when every branch the
 *   patch added is keyed on test inputs: a dispatch that covers more cases than the tests is code;
 * - a table pairing the tests' inputs with their own answers, handed back as they are, however it
 *   is reached (`answer-tables.ts`): a dict, a Map, rows, records, parallel lists, a new module;
 * - data standing in for a missing environment (`environment-data.ts`);
 * - a result replaced by a constant the tests expect: `return 5` where `return a - b` was, or an
 *   unconditional `return 5` added to the function;
 * - code that recognises the test run: a test-only environment variable, `NODE_ENV === 'test'`,
 *   the runner's module, the test's name or file compared in a condition;
 * - the two table shapes of `table-shapes.ts`: an encoded table, a wrapper rebind.
 *
 * Only literals the patch introduces count (on an added line, and not on a line the same hunk
 * removed: `n == 2` → `n == 3` moves an existing bound), and trivial literals (0, 1, -1, empty,
 * null, booleans) are no evidence: a base case (`if n == 0: return 1`), a sentinel check
 * (`if value == "N/A": return None`) and a dispatch whose result is computed
 * (`if unit == "g": return v / 1000`) pass.
 */
import type { SpecialCaseEvidence, CodeSite } from '../../contracts/heal-report.js';
import { walkSyntax } from '../../frames/syntax-walk.js';
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import { isFunctionNode, parseSource, type Family } from '../builtin/syntax-tree.js';
import { literalValue, MAX_LITERAL_CHARS as MAX_FOLDED_CHARS, unwrap, type LiteralValue } from './literal-values.js';
import type { PatchedFile } from './patch-lines.js';
import { AnswerTables } from './answer-tables.js';
import { branchesOf, type Branch, type Key } from './branch-chains.js';
import { checkEnvironmentData } from './environment-data.js';
import { assignmentOf, Collector, inputSite, MAX_CLIMB, PatchView, valueOfReturn } from './patch-view.js';
import { resultLeaves } from './result-values.js';
import { encodedCaseMatch, stringContents, tableRebinds } from './table-shapes.js';
import { lastName, type TestFacts, type TestName } from './test-facts.js';
import {
  ENVIRONMENT_ACCESS,
  TEST_ENV_VARIABLES,
  TEST_ENVIRONMENT_VALUE,
  TEST_RUNNER_NAMES,
  TEST_RUNTIME_NAMES,
} from './test-markers.js';

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

  /**
   * Branches keyed on test inputs that yield expected values, in a chain whose new branches are all
   * keyed on test inputs (and whose membership tests and regexes list test inputs only).
   */
  private checkChain(branches: readonly Branch[]): void {
    const judged = branches
      .map((b) => {
        const read = b.keys
          .map((k) => ({ key: k, value: this.keyValue(k) }))
          .filter((k): k is { key: Key; value: LiteralValue } => !!k.value);
        const keys = read.filter((k) => !k.value.trivial);
        const inputs = keys
          .map((k) => ({ node: k.key.node, whole: k.key.whole, site: inputSite(k.key.node, k.value, this.facts) }))
          .filter((k): k is { node: SyntaxNode; whole: boolean | undefined; site: CodeSite } => !!k.site);
        // Every literal the branch compares with is a test input: `len(segs) == 3 and segs[0] == "**"`
        // and `month == 2 and year % 4 == 0` compute (a trivial literal compared with a computed value counts).
        const parts = keys.filter((k) => !k.key.whole).length;
        const computes = read.some((k) => k.value.trivial && k.key.computed);
        const pure = !computes && inputs.filter((k) => !k.whole).length === parts;
        return { branch: b, introducedKeys: keys.length, inputs, pure };
      })
      .filter((j) => j.introducedKeys > 0);
    if (judged.length === 0 || judged.some((j) => j.inputs.length === 0 || !j.pure)) return;
    for (const j of judged) {
      const outcomes = this.expectedOutcomes(j.branch);
      if (!outcomes.length) continue;
      for (const k of j.inputs) this.out.add('input-condition', k.node, this.view.site(k.node), k.site);
      for (const o of outcomes) this.out.add('expected-value', o.node, this.view.site(o.node), o.site);
    }
  }

  /** A key's value when the patch introduced it (a bare `{ total: 1 }` key is the string "total"). */
  private keyValue(key: Key): LiteralValue | undefined {
    const { node } = key;
    if (key.value) return this.view.hunkOf(node)?.removedKeys.has(key.value.key) === false ? key.value : undefined;
    if (node.type === 'property_identifier') {
      const hunk = this.view.hunkOf(node);
      const value = `s:${node.text}`;
      return hunk && !hunk.removedKeys.has(value) ? { key: value, trivial: false } : undefined;
    }
    return this.view.introduced(node);
  }

  /** The expected values among what `node` yields (`result-values.ts`), each where the patch wrote it. */
  private expectedValues(node: SyntaxNode): Array<{ node: SyntaxNode; site: CodeSite }> {
    const answer = (leaf: SyntaxNode) => {
      const value = this.view.introduced(leaf);
      return !!value && !value.trivial && this.facts.expected.has(value.key);
    };
    return resultLeaves(node, this.view, answer).flatMap((leaf) => {
      const value = this.view.introduced(leaf);
      const site = value && !value.trivial ? this.facts.expected.get(value.key) : undefined;
      return site ? [{ node: leaf, site }] : [];
    });
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
        found.push(...this.expectedValues(region));
        continue;
      }
      walkSyntax(region, (n) => {
        if (n.id !== region.id && isFunctionNode(n, this.family)) return false;
        if (n.type === 'return_statement' || n.type === 'yield') {
          const value = valueOfReturn(n);
          if (value) found.push(...this.expectedValues(value));
        } else if (n.type === 'raise_statement' || n.type === 'throw_statement') {
          push(this.expectedException(n));
        } else {
          const assigned = assignmentOf(n);
          if (assigned) found.push(...this.expectedValues(assigned.value));
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
      new AnswerTables(view, facts, out).run();
      checkEnvironmentData(view, facts, out);
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

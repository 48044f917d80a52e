/**
 * What the failing tests say, read from their own source: the literals they pass in (inputs), the
 * literals they expect back (expected values, exception types included), and the names that
 * identify them (function names, titles, files). The special-casing check compares a patch with
 * these.
 *
 * Each failure frame gives its test's file and line; the whole test around that line is read: a
 * Python `def test_…` with its decorators (`@pytest.mark.parametrize` rows), or a JavaScript
 * `it(…)`/`test(…)`/`test.each(…)(…)` call. Which side of an assertion is expected follows the
 * assertion's shape (`assert f(2) == 5`, `assertEqual`, `expect(…).toBe(…)`, `assert.equal`), and a
 * name bound to a literal (a local, a parametrize column, an `each` column, a loop over a literal
 * table) takes the role of the place it is used, or of its conventional name (`expected`, `want`).
 */
import type { FailureFrame } from '../../contracts/failure-frame.js';
import type { CodeSite } from '../../contracts/heal-report.js';
import { walkSyntax } from '../../frames/syntax-walk.js';
import { JS_TEST_CALLEES } from '../../frames/test-definition.js';
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import { parseSource, type Family, type ParsedSource } from '../builtin/syntax-tree.js';
import { missingEnvironment } from './environment-failure.js';
import { siteOf } from './evidence-text.js';
import { isTrivialKey, literalValue, LITERAL_TYPES, unwrap } from './literal-values.js';
import type { ObservedRead } from '../../workspace/recorders/test-reads.js';
import {
  isDataFile,
  MAX_DATA_FILES,
  MAX_FOLDER_FILES,
  observedDataFiles,
  readDataValues,
  testDataCandidates,
} from './test-data.js';

export interface TestName {
  /** A test's name or title as a string the patch could compare with, or its file's path or base name. */
  value: string;
  kind: 'name' | 'file';
  site: CodeSite;
}

export interface TestFacts {
  /** Non-trivial literal keys (`literalValue`) the failing tests pass in, with the first line each is on. */
  inputs: ReadonlyMap<string, CodeSite>;
  /** Non-trivial literal keys the failing tests expect, and `exc:<Name>` for exception types they expect. */
  expected: ReadonlyMap<string, CodeSite>;
  names: readonly TestName[];
  /** Test definitions read. */
  tests: number;
  /** Data files the failing tests read (repo-relative) → the test file that names them. */
  data?: ReadonlyMap<string, string>;
  /** The inputs and expected values of one case together: a test, or a row of its data. */
  cases?: readonly TestCase[];
  /** Environment variables the failures say are missing (`environment-failure.ts`); empty when none. */
  environment?: readonly string[];
}

export interface TestCase {
  inputs: ReadonlySet<string>;
  expected: ReadonlySet<string>;
}

/**
 * How the facts reach the tests' data: a folder's files (repo-relative), when folders can be
 * listed; and the files the tests were seen to read in a recorded run, whatever built their paths.
 */
export interface TestDataAccess {
  list?(folder: string): readonly string[];
  observed?: readonly ObservedRead[];
}

/** Frames looked at; past this many failing tests, more of the same adds nothing. */
const MAX_TESTS = 200;
/** Literals recorded per run: a table-driven test with thousands of rows is sampled, not copied. */
const MAX_LITERALS = 20_000;

/** Conventional names of an expected value in a parametrize or `each` table, or a local. */
const EXPECTED_NAME =
  /^(expected|expect|exp|expectation|want|wanted|answer|ans|result|res|output|out|correct|truth|golden)(_\w+)?$|_(expected|want|result|output)$/i;
/** Calls that wrap an expected value: `pytest.approx(5.0)`, `Decimal("1.10")`. */
const EXPECTED_WRAPPERS = new Set(['approx', 'Decimal', 'Fraction', 'closeTo', 'BigInt']);
const JS_DESCRIBE = /^(describe|suite|context)(\.(only|skip|each(\(.*)?))*$/s;
const JS_EXPECT = new Set(['expect', 'expect.soft', 'chai.expect']);
const JS_THROWS = new Set(['throws', 'rejects', 'throwsAsync', 'rejectsAsync']);
const JS_TRUTHY = new Set(['ok', 'isOk', 'true', 'isTrue', 'false', 'isFalse', 'notOk', 'isNotOk']);

type Role = 'expected' | 'actual' | 'ignore';
/** The role a literal takes from where it is: an input, an expectation, or neither. */
type Context = 'input' | 'expected' | 'skip';

/** The name a callee ends in: `f`, `obj.f`, `a.b.f` → `f`. */
export function lastName(callee: SyntaxNode | null | undefined): string | undefined {
  if (!callee) return undefined;
  if (callee.type === 'attribute') return callee.childForFieldName('attribute')?.text;
  if (callee.type === 'member_expression') return callee.childForFieldName('property')?.text;
  if (callee.type === 'identifier') return callee.text;
  return undefined;
}

function argumentsOf(call: SyntaxNode): SyntaxNode[] {
  const args = call.childForFieldName('arguments');
  if (!args || (args.type !== 'argument_list' && args.type !== 'arguments')) return [];
  return args.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
}

function stringOf(node: SyntaxNode | undefined, family: Family): string | undefined {
  const key = node ? literalValue(node, family)?.key : undefined;
  return key?.startsWith('s:') ? key.slice(2) : undefined;
}

function isJsTestCall(node: SyntaxNode): boolean {
  let callee = node.childForFieldName('function');
  // test.each`table`(title, fn): the tagged template is the table, `test.each` the callee.
  if (callee?.type === 'call_expression' && callee.childForFieldName('arguments')?.type === 'template_string')
    callee = callee.childForFieldName('function');
  return !!callee && JS_TEST_CALLEES.test(callee.text.replace(/\s+/g, '').slice(0, 2_000));
}

function isJsDescribeCall(node: SyntaxNode): boolean {
  const callee = node.childForFieldName('function');
  return !!callee && JS_DESCRIBE.test(callee.text.replace(/\s+/g, '').slice(0, 2_000));
}

const JS_FUNCTIONS = new Set([
  'arrow_function',
  'function_expression',
  'function',
  'function_declaration',
  'method_definition',
]);

/** The test around 0-based `row`: the innermost test definition, else the innermost function. */
function testNodeAt(source: ParsedSource, row: number): SyntaxNode | undefined {
  const line = source.text.split('\n', row + 1)[row] ?? '';
  const column = Math.max(0, line.search(/\S/));
  let node: SyntaxNode | null = source.tree.rootNode.descendantForPosition({ row, column });
  let fallback: SyntaxNode | undefined;
  for (; node; node = node.parent) {
    if (source.family === 'python') {
      const fn =
        node.type === 'function_definition'
          ? node
          : node.type === 'decorated_definition'
            ? node.childForFieldName('definition')
            : null;
      if (fn?.type !== 'function_definition') continue;
      const whole = fn.parent?.type === 'decorated_definition' ? fn.parent : fn;
      if (/^test/i.test(fn.childForFieldName('name')?.text ?? '')) return whole;
      fallback ??= whole;
    } else {
      if (node.type === 'call_expression' && isJsTestCall(node)) {
        // `test.each(rows)` is curried: the test is the call it makes, `test.each(rows)(title, fn)`.
        const outer = node.parent;
        return outer?.type === 'call_expression' && outer.childForFieldName('function')?.id === node.id ? outer : node;
      }
      if (JS_FUNCTIONS.has(node.type)) fallback ??= node;
    }
  }
  return fallback;
}

/** Collects one test's literals by role. */
class TestReader {
  private readonly roles = new Map<number, Role>();
  /** Literal nodes bound to a name (a local, a table column), by node id. */
  private readonly bound = new Map<number, string>();
  private readonly expectedNames = new Set<string>();
  /** Names bound to literals (table columns, literal locals): the expectation side of `total == result`. */
  private readonly literalNames = new Set<string>();
  private readonly exceptions: SyntaxNode[] = [];
  readonly titles: SyntaxNode[] = [];

  constructor(private readonly family: Family) {}

  private mark(node: SyntaxNode | undefined | null, role: Role): void {
    if (node) this.roles.set(node.id, role);
  }

  private isLiteralish(node: SyntaxNode): boolean {
    const n = unwrap(node);
    if (literalValue(n, this.family)) return true;
    if (n.type === 'call' || n.type === 'call_expression' || n.type === 'new_expression') {
      const name = lastName(n.childForFieldName(n.type === 'new_expression' ? 'constructor' : 'function'));
      return !!name && EXPECTED_WRAPPERS.has(name);
    }
    return false;
  }

  /** `actual == expected` in either order; false when neither side looks like the expectation. */
  private markSides(a: SyntaxNode, b: SyntaxNode): void {
    let expected: SyntaxNode | undefined;
    let actual: SyntaxNode | undefined;
    if (this.isLiteralish(b)) [expected, actual] = [b, a];
    else if (this.isLiteralish(a)) [expected, actual] = [a, b];
    else if (unwrap(a).type === 'identifier' && unwrap(b).type === 'identifier') {
      const rank = (n: SyntaxNode) =>
        this.literalNames.has(unwrap(n).text) ? 2 : EXPECTED_NAME.test(unwrap(n).text) ? 1 : 0;
      [expected, actual] = rank(a) > rank(b) ? [a, b] : [b, a];
    } else if (unwrap(b).type === 'identifier') [expected, actual] = [b, a];
    else if (unwrap(a).type === 'identifier') [expected, actual] = [a, b];
    if (!expected || !actual) return;
    if (unwrap(expected).type === 'identifier') this.expectedNames.add(unwrap(expected).text);
    this.mark(expected, 'expected');
    this.mark(actual, 'actual');
  }

  /** An asserted expression: comparisons inside it, joined by `and`/`&&`. */
  private markAsserted(node: SyntaxNode): void {
    const n = unwrap(node);
    if (
      n.type === 'boolean_operator' ||
      (n.type === 'binary_expression' && n.childForFieldName('operator')?.text === '&&')
    ) {
      for (const side of [n.childForFieldName('left'), n.childForFieldName('right')]) if (side) this.markAsserted(side);
      return;
    }
    if (n.type === 'comparison_operator') {
      const operands = n.namedChildren.filter((c): c is SyntaxNode => c !== null);
      const ops = n.childrenForFieldName('operators').filter((o): o is SyntaxNode => o !== null);
      if (operands.length !== 2 || ops.length !== 1) return;
      const op = ops[0]!.text.replace(/\s+/g, ' ');
      if (op === '==' || op === 'is' || op === 'in') this.markSides(operands[0]!, operands[1]!);
      else if (op === '!=' || op === 'is not' || op === 'not in') this.mark(n, 'actual');
      return;
    }
    if (n.type === 'binary_expression') {
      const op = n.childForFieldName('operator')?.text;
      const left = n.childForFieldName('left');
      const right = n.childForFieldName('right');
      if (!left || !right) return;
      if (op === '===' || op === '==') this.markSides(left, right);
      else if (op === '!==' || op === '!=') this.mark(n, 'actual');
    }
  }

  private markException(node: SyntaxNode | undefined): void {
    if (!node) return;
    const n = unwrap(node);
    if (n.type === 'identifier' || n.type === 'attribute' || n.type === 'member_expression') {
      this.exceptions.push(n);
      this.mark(n, 'ignore');
    } else if (n.type === 'tuple') {
      for (const c of n.namedChildren) if (c) this.markException(c);
    } else this.mark(n, 'expected');
  }

  private bind(node: SyntaxNode, name: string): void {
    this.bound.set(node.id, name);
    this.literalNames.add(name);
  }

  /** Names bound row by row: `names[i]` takes `row[i]`, or the whole row when there is one name. */
  private bindRows(names: readonly string[], rows: SyntaxNode, local: (column: string) => string = (c) => c): void {
    for (const row of rows.namedChildren) {
      if (!row || row.type === 'comment') continue;
      let cells: SyntaxNode[] = [row];
      const r = unwrap(row);
      if (names.length > 1 && (r.type === 'tuple' || r.type === 'list' || r.type === 'array')) {
        cells = r.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
      } else if (names.length > 1 && r.type === 'call' && lastName(r.childForFieldName('function')) === 'param') {
        // pytest.param(2, 3, 5, id=…): the positional arguments are the row.
        cells = argumentsOf(r).filter((c) => c.type !== 'keyword_argument');
      } else if (r.type === 'object') {
        for (const pair of r.namedChildren) {
          if (pair?.type !== 'pair') continue;
          const key = pair.childForFieldName('key');
          const value = pair.childForFieldName('value');
          const name = key?.type === 'property_identifier' ? key.text : stringOf(key ?? undefined, this.family);
          if (name && value) this.bind(value, local(name));
        }
        continue;
      }
      cells.forEach((cell, i) => {
        const name = names[i];
        if (name) this.bind(cell, name);
      });
    }
  }

  private patternNames(pattern: SyntaxNode | null): string[] {
    if (!pattern) return [];
    if (pattern.type === 'identifier' || pattern.type === 'shorthand_property_identifier_pattern')
      return [pattern.text];
    if (pattern.type === 'required_parameter' || pattern.type === 'optional_parameter')
      return this.patternNames(pattern.childForFieldName('pattern'));
    if (
      [
        'pattern_list',
        'tuple_pattern',
        'list_pattern',
        'array_pattern',
        'object_pattern',
        'formal_parameters',
        'parameters',
      ].includes(pattern.type)
    )
      return pattern.namedChildren.flatMap((c) => (c ? this.patternNames(c) : []));
    return [];
  }

  /** `@pytest.mark.parametrize("a, b, expected", [(2, 3, 5)])`. */
  private readParametrize(call: SyntaxNode): void {
    const [names, rows] = argumentsOf(call);
    if (!names || !rows) return;
    let columns: string[] = [];
    const spec = stringOf(names, this.family);
    if (spec !== undefined) columns = spec.split(',').map((s) => s.trim());
    else if (names.type === 'list' || names.type === 'tuple')
      columns = names.namedChildren.map((c) => (c ? (stringOf(c, this.family) ?? '') : ''));
    const table = unwrap(rows);
    if (columns.length && (table.type === 'list' || table.type === 'tuple')) this.bindRows(columns, table);
    this.mark(rows, 'ignore');
  }

  /** `test.each(rows)(title, (a, b, expected) => …)` and the tagged-template table form. */
  private readEach(call: SyntaxNode): void {
    const callee = call.childForFieldName('function');
    if (callee?.type !== 'call_expression') return;
    const fn = argumentsOf(call).find((a) => JS_FUNCTIONS.has(a.type));
    const parameters = fn ? (fn.childForFieldName('parameters') ?? fn.childForFieldName('parameter')) : null;
    const params = this.patternNames(parameters);
    // ({ n, fib: want }) => …: the column `fib` is known in the test as `want`.
    const aliases = new Map<string, string>();
    if (parameters)
      walkSyntax(parameters, (p) => {
        const key = p.type === 'pair_pattern' ? p.childForFieldName('key') : null;
        const value = p.type === 'pair_pattern' ? p.childForFieldName('value') : null;
        if (key && value?.type === 'identifier') aliases.set(key.text, value.text);
        return true;
      });
    const local = (column: string) => aliases.get(column) ?? column;
    const tableArgs = callee.childForFieldName('arguments');
    if (tableArgs?.type === 'template_string') {
      // it.each`a | b | expected ${1} | ${2} | ${3}`: the header names the columns, substitutions fill them in order.
      const header = tableArgs.namedChildren.find((c) => c?.type === 'string_fragment')?.text ?? '';
      const columns = header
        .split('\n')
        .map((l) => l.trim())
        .find((l) => l.includes('|') || /\w/.test(l));
      const names = (columns ?? '').split('|').map((s) => s.trim());
      const cells = tableArgs.namedChildren.filter((c): c is SyntaxNode => c?.type === 'template_substitution');
      cells.forEach((cell, i) => {
        const name = names[i % Math.max(1, names.length)];
        const value = cell.namedChildren[0];
        if (name && value) this.bind(value, local(name));
      });
      this.mark(tableArgs, 'ignore');
      return;
    }
    const table = argumentsOf(callee)[0];
    if (table && unwrap(table).type === 'array') {
      this.bindRows(params, unwrap(table), local);
      this.mark(table, 'ignore');
    }
  }

  /** A loop over a literal table: `for a, b, want in [(1, 2, 3)]`, `for (const [a, b, want] of [[1, 2, 3]])`. */
  private readLoopTable(left: SyntaxNode | null, right: SyntaxNode | null): void {
    if (!left || !right) return;
    const table = unwrap(right);
    if (!['list', 'tuple', 'array'].includes(table.type)) return;
    this.bindRows(this.patternNames(left), table);
    // The rows as a whole mix inputs and expectations: only their cells count, by column.
    this.mark(right, 'ignore');
  }

  private bindAssignment(left: SyntaxNode | null, right: SyntaxNode | null): void {
    if (!left || !right) return;
    if (left.type === 'identifier' && this.isLiteralish(right)) this.bind(right, left.text);
    else if (['pattern_list', 'tuple_pattern', 'array_pattern'].includes(left.type)) {
      const names = this.patternNames(left);
      const values = unwrap(right);
      if (['tuple', 'list', 'array', 'expression_list'].includes(values.type))
        values.namedChildren.forEach((v, i) => {
          if (v && names[i]) this.bind(v, names[i]!);
        });
    }
  }

  private readPythonCall(call: SyntaxNode): void {
    const name = lastName(call.childForFieldName('function')) ?? '';
    const args = argumentsOf(call);
    const positional = args.filter(
      (a) => a.type !== 'keyword_argument' && a.type !== 'list_splat' && a.type !== 'dictionary_splat',
    );
    if (name === 'raises' || name === 'warns' || /^assert(Raises|Warns)/.test(name)) {
      this.markException(positional[0]);
      for (const a of positional.slice(1)) this.mark(a, 'actual');
      for (const a of args) if (a.type === 'keyword_argument') this.mark(a, 'ignore');
      return;
    }
    if (!/^assert/i.test(name)) return;
    for (const a of args) if (a.type === 'keyword_argument') this.mark(a, 'ignore');
    if (positional.length >= 2) {
      this.markSides(positional[0]!, positional[1]!);
      for (const a of positional.slice(2)) this.mark(a, 'ignore');
    } else if (positional[0]) this.markAsserted(positional[0]);
  }

  private readJsCall(call: SyntaxNode, names: (title: SyntaxNode) => void): void {
    const callee = call.childForFieldName('function');
    const args = argumentsOf(call);
    if (isJsTestCall(call) || isJsDescribeCall(call)) {
      const title = args[0];
      if (title && stringOf(title, this.family) !== undefined) names(title);
      for (const a of args) if (!JS_FUNCTIONS.has(a.type)) this.mark(a, 'ignore');
      if (callee?.type === 'call_expression') this.readEach(call);
      return;
    }
    if (callee?.type === 'member_expression') {
      // expect(actual).<…>.matcher(expected): the chain's root is the expect call.
      let node: SyntaxNode | null = callee.childForFieldName('object');
      while (node && (node.type === 'member_expression' || node.type === 'call_expression')) {
        if (node.type === 'call_expression') {
          const fn = node.childForFieldName('function');
          if (fn && JS_EXPECT.has(fn.text)) break;
          node = fn;
        } else node = node.childForFieldName('object');
      }
      if (node?.type === 'call_expression' && node.id !== call.id) {
        const matcher = lastName(callee) ?? '';
        for (const a of argumentsOf(node)) this.mark(a, 'actual');
        if (/^toThrow|^throw|^rejectedWith/.test(matcher)) this.markException(args[0]);
        else
          for (const a of args) {
            this.mark(a, 'expected');
            if (unwrap(a).type === 'identifier') this.expectedNames.add(unwrap(a).text);
          }
        return;
      }
      const object = callee.childForFieldName('object')?.text ?? '';
      const method = lastName(callee) ?? '';
      if (object === 'assert' || object.endsWith('.assert')) {
        this.readJsAssert(method, args);
        return;
      }
    }
    if (callee?.type === 'identifier' && callee.text === 'assert') this.readJsAssert('ok', args);
  }

  private readJsAssert(method: string, args: SyntaxNode[]): void {
    if (JS_THROWS.has(method)) {
      this.mark(args[0], 'actual');
      this.markException(args[1]);
      for (const a of args.slice(2)) this.mark(a, 'ignore');
    } else if (JS_TRUTHY.has(method)) {
      if (args[0]) this.markAsserted(args[0]);
      for (const a of args.slice(1)) this.mark(a, 'ignore');
    } else if (/^not|^doesNot/i.test(method)) {
      // assert.notEqual(actual, unwanted): the unwanted value is no expectation.
      this.mark(args[0], 'actual');
      for (const a of args.slice(1)) this.mark(a, 'ignore');
    } else if (args.length >= 2) {
      this.markSides(args[0]!, args[1]!);
      for (const a of args.slice(2)) this.mark(a, 'ignore');
    }
  }

  /** The literal tables of the loops around the test; their names are bound like the test's own. */
  readEnclosingLoops(test: SyntaxNode): SyntaxNode[] {
    const tables: SyntaxNode[] = [];
    for (let n = test.parent; n; n = n.parent) {
      const loop =
        n.type === 'for_statement' || (n.type === 'for_in_statement' && n.children.some((c) => c?.type === 'of'));
      const right = loop ? n.childForFieldName('right') : null;
      if (!right || !['list', 'tuple', 'array'].includes(unwrap(right).type)) continue;
      this.readLoopTable(n.childForFieldName('left'), right);
      tables.push(right);
    }
    return tables;
  }

  /** Pass 1: the assertions, tables and bindings of the test. */
  readStructure(test: SyntaxNode): void {
    walkSyntax(test, (n) => {
      if (this.family === 'python') {
        switch (n.type) {
          case 'decorator': {
            const call = n.namedChildren.find((c) => c?.type === 'call');
            if (call && lastName(call.childForFieldName('function')) === 'parametrize') this.readParametrize(call);
            this.mark(n, 'ignore');
            break;
          }
          case 'assert_statement': {
            const [expr, message] = n.namedChildren;
            if (expr) this.markAsserted(expr);
            this.mark(message, 'ignore');
            break;
          }
          case 'call':
            this.readPythonCall(n);
            break;
          case 'assignment':
            this.bindAssignment(n.childForFieldName('left'), n.childForFieldName('right'));
            break;
          case 'for_statement':
            this.readLoopTable(n.childForFieldName('left'), n.childForFieldName('right'));
            break;
          case 'expression_statement':
            // A docstring describes the test; it is not an input.
            if (n.namedChildCount === 1 && n.namedChildren[0]?.type === 'string' && n.parent?.type === 'block')
              this.mark(n, 'ignore');
            break;
          default:
            break;
        }
      } else {
        switch (n.type) {
          case 'call_expression':
            this.readJsCall(n, (title) => this.titles.push(title));
            break;
          case 'variable_declarator':
            this.bindAssignment(n.childForFieldName('name'), n.childForFieldName('value'));
            break;
          case 'assignment_expression':
            this.bindAssignment(n.childForFieldName('left'), n.childForFieldName('right'));
            break;
          case 'for_in_statement':
            if (n.children.some((c) => c?.type === 'of'))
              this.readLoopTable(n.childForFieldName('left'), n.childForFieldName('right'));
            break;
          default:
            break;
        }
      }
      return true;
    });
  }

  /** A node's role from its parent's: marked, bound to a name, an index into a result, or the parent's. */
  private contextOf(node: SyntaxNode, inherited: Context, parentType: string, field: string): Context {
    // An index into the result (`result["total"]`, `rows[2]`) picks what is checked; it is no input.
    if (
      (parentType === 'subscript' && field === 'subscript') ||
      (parentType === 'subscript_expression' && field === 'index')
    )
      return 'skip';
    // A table cell bound to a column takes the column's role, inside a table that is otherwise ignored.
    const name = this.bound.get(node.id);
    if (name !== undefined) return this.expectedNames.has(name) || EXPECTED_NAME.test(name) ? 'expected' : 'input';
    const role = this.roles.get(node.id);
    if (role === 'expected') return 'expected';
    if (role === 'ignore') return 'skip';
    if (role === 'actual') return 'input';
    return inherited;
  }

  /**
   * Pass 2: every non-trivial literal with its role, in one cursor walk that carries the role down
   * (asking a node for its parent is a walk from the root in web-tree-sitter).
   */
  readLiterals(top: SyntaxNode, add: (role: 'input' | 'expected', key: string, row: number) => void): void {
    const take = (node: SyntaxNode, context: Context) => {
      if (context === 'skip' || !LITERAL_TYPES.has(node.type)) return;
      const value = literalValue(node, this.family);
      if (value && !value.trivial) add(context, value.key, node.startPosition.row);
    };
    const cursor = top.walk();
    try {
      const contexts: Context[] = [];
      const types: string[] = [];
      let node = cursor.currentNode;
      let context = this.contextOf(node, 'input', '', '');
      for (;;) {
        take(node, context);
        if (cursor.gotoFirstChild()) {
          contexts.push(context);
          types.push(node.type);
        } else {
          for (;;) {
            if (contexts.length === 0) return;
            if (cursor.gotoNextSibling()) break;
            cursor.gotoParent();
            contexts.pop();
            types.pop();
          }
        }
        node = cursor.currentNode;
        context = this.contextOf(node, contexts.at(-1)!, types.at(-1)!, cursor.currentFieldName ?? '');
      }
    } finally {
      cursor.delete();
      for (const e of this.exceptions) {
        const name = e.type === 'identifier' ? e.text : (lastName(e) ?? e.text);
        add('expected', `exc:${name}`, e.startPosition.row);
      }
    }
  }
}

function fileNames(file: string): string[] {
  const base = file.split('/').pop() ?? file;
  const stem = base.replace(/\.[^.]+$/, '');
  return [...new Set([file, base, stem].filter((v) => v.length >= 4))];
}

/** Names a runner gives a test, reduced to what code under test could compare: `test_add` of `tests/test_calc.py::test_add[2-3]`. */
function runnerNames(name: string): string[] {
  const out = new Set<string>([name.trim()]);
  const own = name
    .replace(/\[.*\]$/s, '')
    .split(/::|#|\s+>\s+|\s+›\s+/)
    .pop()
    ?.trim();
  if (own) out.add(own);
  return [...out].filter((v) => v.length >= 3 && v.length <= 500);
}

/**
 * The facts of the failing tests. `source` gives a test file's text by repo-relative path
 * (undefined when it cannot be read: that test adds nothing). Tests in other languages than
 * Python and JavaScript/TypeScript add only their names.
 */
export async function readTestFacts(
  failures: readonly FailureFrame[],
  source: (file: string) => string | undefined,
  access: TestDataAccess = {},
): Promise<TestFacts> {
  const inputs = new Map<string, CodeSite>();
  const expected = new Map<string, CodeSite>();
  const names: TestName[] = [];
  const seenNames = new Set<string>();
  const parsed = new Map<string, Promise<ParsedSource | undefined>>();
  const read = new Set<string>();
  const data = new Map<string, string>();
  const cases: TestCase[] = [];
  let literals = 0;
  const addName = (value: string, kind: TestName['kind'], site: CodeSite) => {
    if (seenNames.has(`${kind}\0${value}`)) return;
    seenNames.add(`${kind}\0${value}`);
    names.push({ value, kind, site });
  };
  try {
    for (const frame of failures.slice(0, MAX_TESTS)) {
      const location = frame.test;
      if (!location) continue;
      const text = source(location.file);
      if (text === undefined) continue;
      const lines = text.split('\n');
      const definitionSite = siteOf(location.file, lines, location.line - 1);
      for (const name of runnerNames(frame.name)) addName(name, 'name', definitionSite);
      for (const name of fileNames(location.file)) addName(name, 'file', definitionSite);
      let pending = parsed.get(location.file);
      if (!pending) parsed.set(location.file, (pending = parseSource(location.file, text)));
      const tree = await pending;
      if (!tree) continue;
      const test = testNodeAt(tree, location.line - 1);
      if (!test || read.has(`${location.file}\0${test.startIndex}`)) continue;
      read.add(`${location.file}\0${test.startIndex}`);
      const reader = new TestReader(tree.family);
      reader.readStructure(test);
      // Tests made in a loop over a literal table (`for (const [a, want] of cases) it(…)`) take their values from it.
      const tables = reader.readEnclosingLoops(test);
      const site = (row: number) => siteOf(location.file, lines, row);
      if (tree.family === 'python') {
        const fn = test.type === 'decorated_definition' ? test.childForFieldName('definition') : test;
        const fnName = fn?.childForFieldName('name');
        if (fnName) addName(fnName.text, 'name', site(fnName.startPosition.row));
      } else {
        for (const title of reader.titles) {
          const value = stringOf(title, tree.family);
          if (value && value.length >= 3) addName(value, 'name', site(title.startPosition.row));
        }
        // The describe blocks around the test: their titles are part of its full name.
        for (let n = test.parent; n; n = n.parent) {
          if (n.type !== 'call_expression' || !isJsDescribeCall(n)) continue;
          const value = stringOf(argumentsOf(n)[0], tree.family);
          if (value && value.length >= 3) addName(value, 'name', site(n.startPosition.row));
        }
      }
      const own: TestCase = { inputs: new Set(), expected: new Set() };
      cases.push(own);
      const add = (role: 'input' | 'expected', key: string, row: number) => {
        if (literals >= MAX_LITERALS) return;
        (role === 'expected' ? (own.expected as Set<string>) : (own.inputs as Set<string>)).add(key);
        const into = role === 'expected' ? expected : inputs;
        if (!into.has(key)) {
          into.set(key, site(row));
          literals++;
        }
      };
      reader.readLiterals(test, add);
      for (const table of tables) reader.readLiterals(table, add);
    }
    const room = () => MAX_LITERALS - literals;
    literals += await readTestData([...parsed.keys()], source, access, { inputs, expected, data, cases }, room);
  } finally {
    for (const pending of parsed.values()) (await pending)?.tree.delete();
  }
  return { inputs, expected, names, tests: read.size, data, cases, environment: missingEnvironment(failures) };
}

interface DataInto {
  inputs: Map<string, CodeSite>;
  expected: Map<string, CodeSite>;
  data: Map<string, string>;
  cases: TestCase[];
}

/** The data files the test files name, that exist: paths, then the files of the folders they name. */
function dataFilesOf(
  testFiles: readonly string[],
  source: (file: string) => string | undefined,
  access: TestDataAccess,
) {
  const found = new Map<string, string>();
  // What the tests were seen to read comes first: it is no guess.
  for (const [file, testFile] of observedDataFiles(access.observed ?? [], testFiles)) {
    if (found.size >= MAX_DATA_FILES) return found;
    if (source(file) !== undefined) found.set(file, testFile);
  }
  for (const testFile of testFiles) {
    const text = source(testFile);
    if (text === undefined) continue;
    const { files, folders } = testDataCandidates(testFile, text);
    const listed = folders.flatMap((f) => (access.list?.(f) ?? []).filter(isDataFile).slice(0, MAX_FOLDER_FILES));
    for (const file of [...files, ...listed]) {
      if (found.size >= MAX_DATA_FILES) return found;
      if (!found.has(file) && !testFiles.includes(file) && source(file) !== undefined) found.set(file, testFile);
    }
  }
  return found;
}

/**
 * Adds the values of the tests' data files to the facts, each at its line in its file; returns how
 * many literals it added (at most `room()`).
 */
async function readTestData(
  testFiles: readonly string[],
  source: (file: string) => string | undefined,
  access: TestDataAccess,
  into: DataInto,
  room: () => number,
): Promise<number> {
  let added = 0;
  for (const [file, testFile] of dataFilesOf(testFiles, source, access)) {
    const text = source(file)!;
    const values = await readDataValues(file, text);
    if (values.length === 0) continue;
    into.data.set(file, testFile);
    const lines = text.split('\n');
    const rows = new Map<number, TestCase>();
    for (const v of values) {
      if (isTrivialKey(v.key) || added >= room()) continue;
      const row = rows.get(v.row) ?? { inputs: new Set<string>(), expected: new Set<string>() };
      rows.set(v.row, row);
      for (const role of v.role === 'either' ? (['input', 'expected'] as const) : [v.role]) {
        const map = role === 'input' ? into.inputs : into.expected;
        ((role === 'input' ? row.inputs : row.expected) as Set<string>).add(v.key);
        if (!map.has(v.key)) {
          map.set(v.key, siteOf(file, lines, v.line));
          added++;
        }
      }
    }
    into.cases.push(...rows.values());
  }
  return added;
}

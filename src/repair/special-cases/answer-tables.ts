/**
 * Tables of the tests' answers, whatever consults them: a collection the patch adds whose entries
 * each pair an input of a failing test case (a test, or one row of its data) with that same case's
 * expected value. An entry is a dict, object or Map pair (`"2d": 172800`, `(2, 3): 5`,
 * `'A-1001': { status: 'shipped' }`), a row (`['2d', 172800]`: the last cell is the answer), a
 * record (`{"input": …, "expected": …}`), or the same index of two parallel lists
 * (`IN = ["a", "b"]`, `OUT = ["A", "B"]`). It does not matter how the code reaches the table (a
 * lookup, a loop, `find`, a wrapper under the original name, a decorator, a new module): holding
 * the answers keyed by the tests' inputs is what it does.
 *
 * A table counts when every entry the patch added is keyed on an input of the tests, at least one
 * pairs an input with its own case's expected value (two lists: at least two indices), and the
 * answers are handed back as they are: a value of the table is what a function of the file returns
 * (through lookups, loops and names, `result-values.ts`), or the table is in a module the patch
 * created, for others to import. A table that covers more than the tests is data, and one that
 * feeds a computation (`for value, letters in NUMERALS: …`, `value * FACTORS[unit]`) is code.
 */
import type { CodeSite } from '../../contracts/heal-report.js';
import { walkSyntax } from '../../frames/syntax-walk.js';
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import { isFunctionNode } from '../builtin/syntax-tree.js';
import { isTrivialKey, unwrap, type LiteralValue } from './literal-values.js';
import { type Collector, inputSite, type PatchView } from './patch-view.js';
import { collectionValues, resultLeaves } from './result-values.js';
import { lastName, type TestCase, type TestFacts } from './test-facts.js';

/** Collections whose items can be rows (a set of pairs is a table too). */
const SEQUENCES = new Set(['list', 'tuple', 'array', 'set']);
const MAPS = new Set(['dictionary', 'object']);
/** Calls whose argument is still a table: `new Map([…])`, `dict(…)`, `Object.fromEntries([…])`. */
const TABLE_BUILDERS = new Set([
  'Map',
  'dict',
  'OrderedDict',
  'defaultdict',
  'fromEntries',
  'freeze',
  'MappingProxyType',
  'tuple',
  'list',
  'set',
  'frozenset',
  'Set',
]);
/** Wrappers that leave a value as it is, on the way up to what holds a table. */
const TRANSPARENT = new Set([
  'parenthesized_expression',
  'as_expression',
  'satisfies_expression',
  'non_null_expression',
]);
/** Lists compared pairwise for parallel tables, per file; longer lists are data. */
const MAX_LISTS = 64;
const MAX_LIST_LENGTH = 64;

interface Entry {
  /** The entry's node (its row starts on an added line when the patch added it). */
  node: SyntaxNode;
  keys: SyntaxNode[];
  values: SyntaxNode[];
}

function named(node: SyntaxNode | null | undefined): SyntaxNode[] {
  return (node?.namedChildren ?? []).filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
}

/**
 * Whether a collection is a table in its own right: not an element of another collection (that
 * one is the table), not a record returned or thrown as it is, not an argument passed on to
 * anything but a table builder.
 */
function isTable(node: SyntaxNode): boolean {
  let n = node;
  while (n.parent && TRANSPARENT.has(n.parent.type)) n = n.parent;
  const parent = n.parent;
  if (!parent) return false;
  if (SEQUENCES.has(parent.type) || MAPS.has(parent.type) || parent.type === 'pair') return false;
  if (['return_statement', 'yield', 'throw_statement', 'raise_statement', 'expression_statement'].includes(parent.type))
    return false;
  if (parent.type === 'arrow_function') return parent.childForFieldName('body')?.id !== n.id;
  if (parent.type === 'argument_list' || parent.type === 'arguments') {
    const call = parent.parent;
    const callee = call?.childForFieldName(call.type === 'new_expression' ? 'constructor' : 'function');
    return TABLE_BUILDERS.has(lastName(callee) ?? '');
  }
  return true;
}

/** The entries of a table: pairs of a map, rows of a list of rows, or records of a list of records. */
function entriesOf(table: SyntaxNode): Entry[] {
  if (MAPS.has(table.type))
    return named(table).flatMap((pair) => {
      const key = pair.type === 'pair' ? pair.childForFieldName('key') : null;
      const value = pair.type === 'pair' ? pair.childForFieldName('value') : null;
      if (!key || !value) return [];
      const k = unwrap(key);
      return [{ node: pair, keys: SEQUENCES.has(k.type) ? [k, ...named(k)] : [k], values: [value] }];
    });
  if (!SEQUENCES.has(table.type)) return [];
  const items = named(table).map(unwrap);
  if (items.length > 0 && items.every((i) => SEQUENCES.has(i.type) && i.type !== 'set' && named(i).length >= 2))
    return items.map((row) => {
      const cells = named(row);
      return { node: row, keys: cells.slice(0, -1), values: cells.slice(-1) };
    });
  if (items.length > 0 && items.every((i) => MAPS.has(i.type))) {
    return items.map((record) => {
      const fields = collectionValues(record);
      return { node: record, keys: fields, values: fields };
    });
  }
  return [];
}

export class AnswerTables {
  private readonly cases: readonly TestCase[];

  constructor(
    private readonly view: PatchView,
    private readonly facts: TestFacts,
    private readonly out: Collector,
  ) {
    this.cases = facts.cases ?? [{ inputs: new Set(facts.inputs.keys()), expected: new Set(facts.expected.keys()) }];
  }

  /** Start and end offsets of every literal a function the patch touched can return. */
  private returned?: Array<[number, number]>;

  /** Whether a value inside `table` is what a function of the file returns, or the file is new. */
  private handsBack(table: SyntaxNode): boolean {
    if (!this.view.file.before?.trim()) return true;
    if (!this.returned) {
      const returned: Array<[number, number]> = [];
      const family = this.view.family;
      walkSyntax(this.view.after.tree.rootNode, (n) => {
        if (isFunctionNode(n, family) && !this.view.touchesAdded(n)) return false;
        const value =
          n.type === 'return_statement' || n.type === 'yield'
            ? named(n)[0]
            : n.type === 'arrow_function' || n.type === 'lambda'
              ? n.childForFieldName('body')
              : undefined;
        if (value && value.type !== 'statement_block')
          for (const leaf of resultLeaves(value, this.view)) returned.push([leaf.startIndex, leaf.endIndex]);
        return true;
      });
      this.returned = returned;
    }
    return this.returned.some(([start, end]) => start >= table.startIndex && end <= table.endIndex);
  }

  run(): void {
    const lists: SyntaxNode[] = [];
    walkSyntax(this.view.after.tree.rootNode, (n) => {
      if (!this.view.touchesAdded(n)) return false;
      if ((SEQUENCES.has(n.type) || MAPS.has(n.type)) && isTable(n)) this.checkTable(n);
      if (SEQUENCES.has(n.type) && n.type !== 'set' && lists.length < MAX_LISTS && this.isScalarList(n)) lists.push(n);
      return true;
    });
    for (const a of lists) for (const b of lists) if (a.id !== b.id) this.checkParallel(a, b);
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

  /** Whether `c` passes in the key: the value itself, or every part of a string joining inputs (`"2,3"`). */
  private inputOf(c: TestCase, value: LiteralValue): boolean {
    if (c.inputs.has(value.key)) return true;
    if (!value.key.startsWith('s:')) return false;
    const parts = value.key
      .slice(2)
      .split(/[\s,;:|/_()[\]{}-]+/)
      .filter(Boolean)
      .map((p) => (/^-?\d+(\.\d+)?$/.test(p) ? `n:${Number(p)}` : `s:${p}`));
    return parts.length >= 2 && parts.every((p) => c.inputs.has(p) || isTrivialKey(p));
  }

  /** The expected values of `c` among what `node` yields, introduced by the patch. */
  private answers(c: TestCase, node: SyntaxNode, not: SyntaxNode): Array<{ node: SyntaxNode; site: CodeSite }> {
    return resultLeaves(node, this.view).flatMap((leaf) => {
      if (leaf.id === not.id) return [];
      const value = this.view.introduced(leaf);
      const site =
        value && !value.trivial && c.expected.has(value.key) ? this.facts.expected.get(value.key) : undefined;
      return site ? [{ node: leaf, site }] : [];
    });
  }

  /** An input of one case that the entry is keyed on, and that case's expected values it holds. */
  private pairOf(entry: Entry) {
    for (const c of this.cases)
      for (const key of entry.keys) {
        const value = this.keyValue(key);
        if (!value || value.trivial || !this.inputOf(c, value)) continue;
        const answers = entry.values.flatMap((v) => this.answers(c, v, key));
        const site = inputSite(key, value, this.facts);
        if (answers.length > 0 && site) return { key, site, answers };
      }
    return undefined;
  }

  private checkTable(table: SyntaxNode): void {
    const entries = entriesOf(table).filter(
      (e) => this.view.onAddedRow(e.node) && e.keys.some((k) => this.keyValue(k)?.trivial === false),
    );
    if (entries.length === 0) return;
    const keyed = (e: Entry) =>
      e.keys.some((k) => {
        const value = this.keyValue(k);
        return !!value && !value.trivial && !!inputSite(k, value, this.facts);
      });
    if (!entries.every(keyed) || !this.handsBack(table)) return;
    const pairs = entries.flatMap((e) => {
      const pair = this.pairOf(e);
      return pair ? [pair] : [];
    });
    for (const p of pairs) {
      this.out.add('input-condition', p.key, this.view.site(p.key), p.site);
      for (const a of p.answers) this.out.add('expected-value', a.node, this.view.site(a.node), a.site);
    }
  }

  /** A list of literals the patch added, not an item of another collection: one side of two parallel lists. */
  private isScalarList(n: SyntaxNode): boolean {
    const items = named(n);
    let top = n;
    while (top.parent && TRANSPARENT.has(top.parent.type)) top = top.parent;
    const parent = top.parent?.type ?? '';
    return (
      !SEQUENCES.has(parent) &&
      !MAPS.has(parent) &&
      parent !== 'pair' &&
      items.length >= 2 &&
      items.length <= MAX_LIST_LENGTH &&
      items.every((i) => !!this.view.valueOf(i)) &&
      items.some((i) => this.view.onAddedRow(i))
    );
  }

  /** `IN[i]` an input of a case whose expected value is `OUT[i]`, at two indices or more; `IN` all inputs. */
  private checkParallel(inputs: SyntaxNode, outputs: SyntaxNode): void {
    const a = named(inputs);
    const b = named(outputs);
    if (a.length !== b.length) return;
    const keys = a.map((n) => this.keyValue(n));
    if (!keys.every((k, i) => !k || k.trivial || !!inputSite(a[i]!, k, this.facts))) return;
    const hits = a.flatMap((key, i) => {
      const value = keys[i];
      if (!value || value.trivial) return [];
      const c = this.cases.find((c) => this.inputOf(c, value) && this.answers(c, b[i]!, key).length > 0);
      const site = inputSite(key, value, this.facts);
      return c && site ? [{ key, site, answers: this.answers(c, b[i]!, key) }] : [];
    });
    if (hits.length < 2 || !this.handsBack(outputs)) return;
    for (const h of hits) {
      this.out.add('input-condition', h.key, this.view.site(h.key), h.site);
      for (const o of h.answers) this.out.add('expected-value', o.node, this.view.site(o.node), o.site);
    }
  }
}

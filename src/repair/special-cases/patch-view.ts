/**
 * One changed file as the special-casing rules read it: parsed, with the rows its hunks added, what
 * they removed, and the constants the patch defines (a name bound once on added lines only, which
 * the rules read through as its value); and the evidence collector the rules share.
 */
import type { CodeSite, SpecialCaseEvidence } from '../../contracts/heal-report.js';
import { walkSyntax } from '../../frames/syntax-walk.js';
import { escapeRegex } from '../../text/escape-regex.js';
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import type { Family, ParsedSource } from '../builtin/syntax-tree.js';
import { evidenceText, siteOf } from './evidence-text.js';
import { foldedValue, literalValue, LITERAL_TYPES, unwrap, type LiteralValue } from './literal-values.js';
import type { PatchedFile } from './patch-lines.js';
import { rowsWithin } from './table-shapes.js';
import type { TestFacts } from './test-facts.js';

/** Evidence items kept per attempt: enough to see the pattern, bounded for the report. */
const MAX_EVIDENCE = 12;
const MAX_LITERAL_CHARS = 120;
/**
 * Ancestors looked at from a literal: a condition is near its literal, and a model's patch can nest
 * without end (each parent lookup walks from the root in web-tree-sitter).
 */
export const MAX_CLIMB = 48;

export interface HunkFacts {
  /** Literal keys (and `id:<name>` identifiers) on the lines the hunk removed. */
  removedKeys: Set<string>;
  /** The hunk removed a `return` of a literal / of a computed value. */
  removedLiteralReturn: boolean;
  removedComputedReturn: boolean;
  /** Targets the hunk removed an assignment of a computed value to. */
  removedComputedTargets: Set<string>;
}

/** How the check reads a value in the patched file: literals, and what the patch computes from them. */
export interface Values {
  family: Family;
  /** The value of a literal, of a constant the patch defines, or of an expression of them. */
  valueOf(node: SyntaxNode): LiteralValue | undefined;
  /** `node`, or the definition of the patch constant it names (`KNOWN` → `{…}`), followed a few times. */
  resolve(node: SyntaxNode): SyntaxNode;
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
    // A loop binds its target, not the collection it runs over (`for case in CASES`).
    const loop = n.type === 'for_statement' || n.type === 'for_in_statement' ? n.childForFieldName('left') : null;
    for (const child of loop ? [loop] : n.namedChildren) {
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

/** One changed file, parsed, with what its hunks added and removed. */
export class PatchView {
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
  readonly resolve = (node: SyntaxNode): SyntaxNode => {
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

export function valueOfReturn(node: SyntaxNode): SyntaxNode | undefined {
  return node.namedChildren.find((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? undefined;
}

/** `target = value` in either language (a declaration, an assignment expression or statement). */
export function assignmentOf(node: SyntaxNode): { target: string; value: SyntaxNode } | undefined {
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

export class Collector {
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
export function inputSite(node: SyntaxNode, value: LiteralValue, facts: TestFacts): CodeSite | undefined {
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

/**
 * The expression at `file:line[:column]`, taken from a real syntax tree (tree-sitter, all seven
 * grammars) rather than a regex, so a multi-line call, a string containing `)` or a comment reads
 * the way the language reads it.
 *
 * What is returned:
 * - with a column (V8, Rust): the innermost call that contains the column, e.g. the
 *   `expect(add(1, 2)).toBe(4)` chain when V8 points at `toBe`; the statement when no call does;
 * - without one: the smallest statement-level node covering the line (an `assert`, a `return`,
 *   the whole multi-line call when the line starts one); for a compound statement whose header is
 *   on the line (`if`, `for`, `def`), only the header;
 * - whitespace collapsed to single spaces (but for string literals on one line, which are data:
 *   `'BIL-3  | x'` keeps its two spaces) and bounded, since it goes into tables and prompts.
 * Unknown language, unreadable or unparsable file, a line with no code: `undefined`, never a throw.
 */
import {
  createParser,
  languageForFile,
  type SyntaxLanguage,
  type SyntaxNode,
  type SyntaxTree,
} from '../syntax/tree-sitter.js';
import { walkSyntax } from './syntax-walk.js';

export interface ExpressionFinder {
  expressionAt(file: string, line: number, column?: number): Promise<string | undefined>;
  /**
   * The expressions at several places of one file, as `expressionAt` gives them, from one syntax
   * tree that is freed right after unless `parsed` holds it: a caller that knows every place it
   * needs in a file keeps one tree alive at a time instead of one per file for the whole run.
   */
  expressionsIn(
    file: string,
    places: ReadonlyArray<{ line: number; column?: number }>,
  ): Promise<Array<string | undefined>>;
  /** The parsed file (cached for the run), for other syntax lookups such as a test's definition. */
  parsed(file: string): Promise<ParsedSource | undefined>;
  /** Frees the trees and parsers (they live in WebAssembly memory, outside the JS heap). */
  dispose(): void;
}

export interface ParsedSource {
  language: SyntaxLanguage;
  text: string;
  tree: SyntaxTree;
  /** Character index where each 0-based line starts. */
  lineStarts: number[];
}

export interface ExpressionOptions {
  /** Longer expressions are clipped with `…`. */
  maxLength?: number;
}

const DEFAULT_MAX_LENGTH = 200;

/** Containers whose named children are statements, in each of the seven grammars. */
const STATEMENT_CONTAINERS = new Set([
  // python
  'module',
  'block',
  // javascript / typescript / tsx
  'program',
  'statement_block',
  'switch_case',
  'switch_default',
  'class_body',
  // go
  'source_file',
  'statement_list',
  'expression_case',
  'default_case',
  'type_case',
  'communication_case',
  // java
  'switch_block_statement_group',
  'constructor_body',
  'interface_body',
  'enum_body_declarations',
  // rust
  'declaration_list',
]);

/** Bodies of compound statements: a statement that contains one before the target line is reported by its header. */
const BODIES = new Set([
  'block',
  'statement_block',
  'class_body',
  'declaration_list',
  'constructor_body',
  'interface_body',
  'enum_body',
  'switch_block',
  'switch_body',
  'match_block',
  'field_declaration_list',
]);

const CALLS = new Set([
  'call', // python
  'call_expression', // js/ts, go, rust
  'new_expression',
  'method_invocation', // java
  'object_creation_expression',
  'macro_invocation', // rust
]);

function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** String literal nodes of the seven grammars: their text is the program's data, kept as written. */
const STRING_LITERALS = new Set([
  'string', // javascript, typescript, python
  'template_string',
  'string_literal', // java, rust
  'raw_string_literal', // go, rust
  'interpreted_string_literal', // go
  'text_block', // java
  'character_literal',
  'char_literal',
  'rune_literal',
]);

/** A line break right inside brackets (a call spread over lines) leaves no space behind. */
function collapseBlanks(code: string): string {
  return code
    .replace(/([([{])\s*[\r\n]\s*/g, '$1')
    .replace(/,?\s*[\r\n]\s*([)\]}])/g, '$1')
    .replace(/\s+/g, ' ');
}

/**
 * The source of `[node.startIndex, end)` as one bounded line: blanks collapsed outside the string
 * literals that sit on one line (a literal over several lines is collapsed like code).
 */
function expressionText(source: ParsedSource, node: SyntaxNode, end: number, max: number): string | undefined {
  const text = source.text;
  let out = '';
  let at = node.startIndex;
  walkSyntax(node, (n) => {
    if (n.endIndex <= at || n.startIndex >= end) return false;
    if (!STRING_LITERALS.has(n.type)) return true;
    if (n.endIndex <= end && !/[\r\n]/.test(text.slice(n.startIndex, n.endIndex))) {
      out += collapseBlanks(text.slice(at, n.startIndex)) + text.slice(n.startIndex, n.endIndex);
      at = n.endIndex;
    }
    return false;
  });
  return normaliseText(out + collapseBlanks(text.slice(at, end)), max);
}

function normaliseText(text: string, max: number): string | undefined {
  const collapsed = text
    .trim()
    .replace(/\s*[;{:]$/, '')
    .trim();
  if (!collapsed) return undefined;
  if (collapsed.length <= max) return collapsed;
  let end = max - 1;
  const code = collapsed.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${collapsed.slice(0, end)}…`;
}

/** Walk up from `node` to the node whose parent is a statement container. */
function statementOf(node: SyntaxNode): SyntaxNode | undefined {
  let current: SyntaxNode | null = node;
  while (current) {
    const parent: SyntaxNode | null = current.parent;
    if (!parent) return undefined;
    if (STATEMENT_CONTAINERS.has(parent.type) && current.isNamed) return current;
    current = parent;
  }
  return undefined;
}

/** The first body node inside `statement`, in source order. */
function firstBody(statement: SyntaxNode): SyntaxNode | undefined {
  const cursor = statement.walk();
  try {
    // Pre-order walk; bodies nest, the first one found starts earliest.
    let descending = cursor.gotoFirstChild();
    while (descending) {
      if (BODIES.has(cursor.nodeType)) return cursor.currentNode;
      if (cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent() || cursor.currentNode.id === statement.id) {
          descending = false;
          break;
        }
      }
    }
    return undefined;
  } finally {
    cursor.delete();
  }
}

/** The expression at a 1-based line (and optional 1-based column) of a parsed file. */
export function findExpression(
  source: ParsedSource,
  line: number,
  column?: number,
  max = DEFAULT_MAX_LENGTH,
): string | undefined {
  const row = line - 1;
  if (!Number.isInteger(row) || row < 0 || row >= source.lineStarts.length) return undefined;
  const lineStart = source.lineStarts[row]!;
  const lineEnd = row + 1 < source.lineStarts.length ? source.lineStarts[row + 1]! : source.text.length;
  const lineText = source.text.slice(lineStart, lineEnd);
  const indent = lineText.search(/\S/);
  if (indent === -1) return undefined;
  const root = source.tree.rootNode;

  if (column !== undefined && Number.isInteger(column) && column >= 1) {
    const at = lineStart + Math.min(column - 1, Math.max(0, lineText.replace(/\s+$/, '').length - 1));
    let node: SyntaxNode | null = root.descendantForIndex(Math.max(at, lineStart + indent));
    while (node && !(node.parent && STATEMENT_CONTAINERS.has(node.parent.type))) {
      if (CALLS.has(node.type)) return expressionText(source, node, node.endIndex, max);
      node = node.parent;
    }
  }

  const at = statementAtLine(source, line);
  return at ? expressionText(source, at.node, at.endIndex, max) : undefined;
}

/**
 * The first code on a 1-based line: the innermost node at the line's first non-blank character,
 * and that character's index. `undefined` for a line out of range, blank, or opening with a comment.
 */
export function firstCodeOnLine(source: ParsedSource, line: number): { node: SyntaxNode; index: number } | undefined {
  const row = line - 1;
  if (!Number.isInteger(row) || row < 0 || row >= source.lineStarts.length) return undefined;
  const lineStart = source.lineStarts[row]!;
  const lineEnd = row + 1 < source.lineStarts.length ? source.lineStarts[row + 1]! : source.text.length;
  const indent = source.text.slice(lineStart, lineEnd).search(/\S/);
  if (indent === -1) return undefined;
  const node = source.tree.rootNode.descendantForIndex(lineStart + indent);
  if (!node || node.type === 'comment' || node.type.endsWith('_comment')) return undefined;
  return { node, index: lineStart + indent };
}

/**
 * The statement at a 1-based line: the smallest statement-level node covering the line's first
 * code, and where the line's code ends — the whole statement, or only the header of a compound
 * statement whose header is on the line (`if x > 3:`, `def f(a,`). `undefined` for a line without
 * code of its own (blank, a comment, a closing brace, an `else`).
 */
export function statementAtLine(
  source: ParsedSource,
  line: number,
): { node: SyntaxNode; endIndex: number } | undefined {
  const first = firstCodeOnLine(source, line);
  if (!first) return undefined;
  const row = line - 1;
  const statement = statementOf(first.node);
  if (!statement) return undefined;
  const startRow = statement.startPosition.row;
  const body = firstBody(statement);
  if (body && body.startIndex < statement.endIndex) {
    const bodyRow = body.startPosition.row;
    // The line is the statement's header (`if x > 3:`, `def f(a,`, `it('adds', () => {`).
    if (row >= startRow && row <= bodyRow && first.index < body.startIndex)
      return { node: statement, endIndex: body.startIndex };
    // Inside the body but on no statement of its own: a closing brace, an `else`.
    return undefined;
  }
  return { node: statement, endIndex: statement.endIndex };
}

export function createExpressionFinder(
  readText: (file: string) => string | undefined,
  options: ExpressionOptions = {},
): ExpressionFinder {
  return new CachingExpressionFinder(readText, options.maxLength ?? DEFAULT_MAX_LENGTH);
}

type Parser = Awaited<ReturnType<typeof createParser>>;

/** Parsers, parsed files and found expressions, each made once per run. */
class CachingExpressionFinder implements ExpressionFinder {
  private readonly parsers = new Map<SyntaxLanguage, Promise<Parser | undefined>>();
  private readonly sources = new Map<string, Promise<ParsedSource | undefined>>();
  /** Failures repeat locations (one helper line in a hundred traces): each is looked up once. */
  private readonly found = new Map<string, string | undefined>();

  constructor(
    private readonly readText: (file: string) => string | undefined,
    private readonly max: number,
  ) {}

  parsed(file: string): Promise<ParsedSource | undefined> {
    let p = this.sources.get(file);
    if (!p) {
      p = this.parse(file);
      this.sources.set(file, p);
    }
    return p;
  }

  async expressionAt(file: string, line: number, column?: number): Promise<string | undefined> {
    const key = keyOf(file, line, column);
    if (this.found.has(key)) return this.found.get(key);
    return this.lookUp(await this.parsed(file), key, line, column);
  }

  async expressionsIn(
    file: string,
    places: ReadonlyArray<{ line: number; column?: number }>,
  ): Promise<Array<string | undefined>> {
    const found = this.found;
    const keys = places.map((p) => keyOf(file, p.line, p.column));
    if (keys.every((k) => found.has(k))) return keys.map((k) => found.get(k));
    const cached = this.sources.get(file);
    const source = cached ? await cached : await this.parse(file);
    try {
      return places.map((p, i) =>
        found.has(keys[i]!) ? found.get(keys[i]!) : this.lookUp(source, keys[i]!, p.line, p.column),
      );
    } finally {
      // Trees live in WebAssembly memory, which never shrinks: a tree nobody else holds goes now.
      if (!cached) source?.tree.delete();
    }
  }

  dispose(): void {
    for (const p of this.sources.values()) void p.then((s) => s?.tree.delete());
    for (const p of this.parsers.values()) void p.then((parser) => parser?.delete());
    this.sources.clear();
    this.parsers.clear();
    this.found.clear();
  }

  private parserFor(language: SyntaxLanguage): Promise<Parser | undefined> {
    let p = this.parsers.get(language);
    if (!p) {
      p = createParser(language).catch(() => undefined);
      this.parsers.set(language, p);
    }
    return p;
  }

  private async parse(file: string): Promise<ParsedSource | undefined> {
    const language = languageForFile(file);
    if (!language) return undefined;
    const text = this.readText(file);
    if (text === undefined) return undefined;
    const parser = await this.parserFor(language);
    if (!parser) return undefined;
    try {
      const tree = parser.parse(text);
      if (!tree) return undefined;
      return { language, text, tree, lineStarts: computeLineStarts(text) };
    } catch {
      return undefined;
    }
  }

  private lookUp(source: ParsedSource | undefined, key: string, line: number, column: number | undefined) {
    let expression: string | undefined;
    try {
      expression = source ? findExpression(source, line, column, this.max) : undefined;
    } catch {
      expression = undefined;
    }
    this.found.set(key, expression);
    return expression;
  }
}

function keyOf(file: string, line: number, column: number | undefined): string {
  return `${line}:${column ?? ''}:${file}`;
}

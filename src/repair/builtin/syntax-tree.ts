/**
 * The built-in engine's view of a source file: its text and tree-sitter tree, plus the few tree
 * questions the templates and the localiser ask (nodes on a line, the enclosing function, the names
 * in scope). Grammars come from the shared loader in `src/syntax/tree-sitter.ts`.
 *
 * tree-sitter's `startIndex`/`endIndex` on a JavaScript string are UTF-16 offsets, so they index
 * `text` directly (checked with non-ASCII source in the tests).
 */
import {
  createParser,
  languageForFile,
  type SyntaxLanguage,
  type SyntaxNode,
  type SyntaxTree,
} from '../../syntax/tree-sitter.js';

/** The two syntax families the templates know: Python, and JavaScript with its TypeScript dialects. */
export type Family = 'python' | 'js';

export interface ParsedSource {
  /** Repo-relative path, forward slashes. */
  file: string;
  language: SyntaxLanguage;
  family: Family;
  text: string;
  tree: SyntaxTree;
}

/** Source files larger than this are not mutated: one-line repairs of generated or minified code are noise. */
export const MAX_SOURCE_CHARS = 256 * 1024;

export function familyOf(language: SyntaxLanguage | undefined): Family | undefined {
  if (language === 'python') return 'python';
  if (language === 'javascript' || language === 'typescript' || language === 'tsx') return 'js';
  return undefined;
}

export function familyForFile(file: string): Family | undefined {
  return familyOf(languageForFile(file));
}

const parsers = new Map<SyntaxLanguage, Promise<Awaited<ReturnType<typeof createParser>>>>();

/** Parse a Python or JS/TS file; undefined for other languages, oversized files or unparseable input. */
export async function parseSource(file: string, text: string): Promise<ParsedSource | undefined> {
  const language = languageForFile(file);
  const family = familyOf(language);
  if (!language || !family || text.length > MAX_SOURCE_CHARS) return undefined;
  let parser = parsers.get(language);
  if (!parser) {
    parser = createParser(language);
    parsers.set(language, parser);
  }
  const tree = (await parser).parse(text);
  if (!tree) return undefined;
  return { file, language, family, text, tree };
}

/** True when `text` parses in the file's grammar without error nodes. */
export async function parsesCleanly(file: string, text: string): Promise<boolean> {
  const parsed = await parseSource(file, text);
  if (!parsed) return false;
  const ok = !parsed.tree.rootNode.hasError;
  parsed.tree.delete();
  return ok;
}

export function childrenOf(node: SyntaxNode): SyntaxNode[] {
  return node.children.filter((c): c is SyntaxNode => c !== null);
}

export function namedChildrenOf(node: SyntaxNode): SyntaxNode[] {
  return node.namedChildren.filter((c): c is SyntaxNode => c !== null);
}

/** Pre-order walk over every node (named and anonymous), without recursion. */
export function walkTree(root: SyntaxNode, visit: (node: SyntaxNode) => boolean | void): void {
  const stack: SyntaxNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (visit(node) === false) continue;
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
}

/** Every node (named or not) that starts on `row` (0-based), in document order. */
export function nodesStartingOnRow(root: SyntaxNode, row: number): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  walkTree(root, (node) => {
    if (node.endPosition.row < row || node.startPosition.row > row) return false;
    if (node.startPosition.row === row && node !== root) found.push(node);
    return true;
  });
  return found;
}

const FUNCTION_TYPES: Record<Family, ReadonlySet<string>> = {
  python: new Set(['function_definition', 'lambda']),
  js: new Set([
    'function_declaration',
    'function_expression',
    'function',
    'generator_function_declaration',
    'generator_function',
    'arrow_function',
    'method_definition',
  ]),
};

export function isFunctionNode(node: SyntaxNode, family: Family): boolean {
  return FUNCTION_TYPES[family].has(node.type);
}

export function enclosingFunction(node: SyntaxNode, family: Family): SyntaxNode | undefined {
  for (let n: SyntaxNode | null = node; n; n = n.parent) if (isFunctionNode(n, family)) return n;
  return undefined;
}

/** The innermost function that contains `row` or starts on it (a test callback starts on the `test(` line). */
export function functionAtRow(root: SyntaxNode, row: number, family: Family): SyntaxNode | undefined {
  let best: SyntaxNode | undefined;
  walkTree(root, (node) => {
    if (node.endPosition.row < row || node.startPosition.row > row) return false;
    if (isFunctionNode(node, family)) best = node;
    return true;
  });
  if (best) return best;
  // `test('name', () => {` : the callback starts on the row but the row's first node is the call.
  for (const node of nodesStartingOnRow(root, row)) if (isFunctionNode(node, family)) return node;
  return undefined;
}

/** The name a function is known by: its own name, or the variable/property it is assigned to. */
export function functionName(fn: SyntaxNode): string | undefined {
  const own = fn.childForFieldName('name');
  if (own) return own.text;
  const parent = fn.parent;
  if (!parent) return undefined;
  if (parent.type === 'variable_declarator') return parent.childForFieldName('name')?.text;
  if (parent.type === 'assignment_expression' || parent.type === 'assignment') {
    const left = parent.childForFieldName('left');
    if (left?.type === 'member_expression') return left.childForFieldName('property')?.text;
    if (left?.type === 'identifier') return left.text;
  }
  if (parent.type === 'pair') return parent.childForFieldName('key')?.text;
  return undefined;
}

const STATEMENT_PARENTS: Record<Family, ReadonlySet<string>> = {
  python: new Set(['block', 'module']),
  js: new Set(['statement_block', 'program', 'switch_case', 'switch_default']),
};

/** The statement that contains `node`: the ancestor whose parent is a block. */
export function enclosingStatement(node: SyntaxNode, family: Family): SyntaxNode | undefined {
  for (let n: SyntaxNode | null = node; n; n = n.parent) {
    if (n.parent && STATEMENT_PARENTS[family].has(n.parent.type)) return n;
  }
  return undefined;
}

/**
 * The statement a line starts, from the nodes starting on it: a Python block starts at its first
 * statement, so blocks are skipped. Undefined when the line only continues a statement.
 */
export function statementStartingOnRow(nodes: readonly SyntaxNode[], family: Family): SyntaxNode | undefined {
  for (const node of nodes) {
    if (!node.isNamed || isBlock(node, family)) continue;
    const statement = enclosingStatement(node, family);
    if (statement && statement.startPosition.row === node.startPosition.row && statement.startIndex === node.startIndex)
      return statement;
  }
  return undefined;
}

export function isBlock(node: SyntaxNode, family: Family): boolean {
  return family === 'python' ? node.type === 'block' : node.type === 'statement_block';
}

/** Leading whitespace of the line that contains `index`. */
export function indentAt(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** One level of indentation as the file uses it (the first indented line), four spaces by default. */
export function indentUnit(text: string): string {
  const match = /\n([ \t]+)\S/.exec(text);
  if (!match) return '    ';
  const unit = match[1]!;
  return unit.startsWith('\t') ? '\t' : unit.length <= 4 ? unit : '    ';
}

const LOOP_TYPES: Record<Family, ReadonlySet<string>> = {
  python: new Set(['for_statement', 'while_statement']),
  js: new Set(['for_statement', 'for_in_statement', 'while_statement', 'do_statement']),
};

export function isLoop(node: SyntaxNode, family: Family): boolean {
  return LOOP_TYPES[family].has(node.type);
}

/** The innermost loop around `node` inside its function (not crossing a function boundary). */
export function enclosingLoop(node: SyntaxNode, family: Family): SyntaxNode | undefined {
  for (let n: SyntaxNode | null = node.parent; n; n = n.parent) {
    if (isFunctionNode(n, family)) return undefined;
    if (isLoop(n, family)) return n;
  }
  return undefined;
}

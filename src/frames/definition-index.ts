/**
 * The named definitions of a source file (functions, methods, classes by their constructor, Go
 * types, Rust items), indexed from its syntax tree once, and the text pattern a file defining a
 * name matches, so that a search parses only the files that may define it.
 */
import type { SyntaxNode } from '../syntax/tree-sitter.js';
import type { ParsedSource } from './expression.js';
import { FAMILY, isIdentifier, walkSyntax, type Family } from './syntax-walk.js';

export interface Definition {
  name: string;
  startLine: number;
  endLine: number;
}

export type Located = Definition & { file: string };

export interface FileIndex {
  definitions: Map<string, Definition[]>;
  /** JavaScript `export default name;`: the name the default export stands for. */
  defaultName?: string;
}

const JS_FUNCTION_VALUES = new Set([
  'arrow_function',
  'function_expression',
  'function',
  'generator_function',
  'class',
]);

function rangeOf(node: SyntaxNode): { startLine: number; endLine: number } {
  return { startLine: node.startPosition.row + 1, endLine: node.endPosition.row + 1 };
}

/** The node a definition's window should span: its decorators, its `export`, its `const`. */
function outerNode(node: SyntaxNode): SyntaxNode {
  let n = node;
  if (
    n.type === 'variable_declarator' &&
    n.parent &&
    (n.parent.type === 'lexical_declaration' || n.parent.type === 'variable_declaration') &&
    n.parent.namedChildren.length === 1
  )
    n = n.parent;
  if (n.type === 'assignment_expression' && n.parent?.type === 'expression_statement') n = n.parent;
  if (n.parent?.type === 'export_statement' || n.parent?.type === 'decorated_definition') n = n.parent;
  return n;
}

function definitionName(n: SyntaxNode, family: Family): string | undefined {
  const name = (field = 'name') => n.childForFieldName(field)?.text;
  switch (family) {
    case 'python':
      return n.type === 'function_definition' || n.type === 'class_definition' ? name() : undefined;
    case 'js':
      // TypeScript's interfaces, type aliases and enums are what a type error names (`on type 'Item'`).
      switch (n.type) {
        case 'function_declaration':
        case 'generator_function_declaration':
        case 'class_declaration':
        case 'abstract_class_declaration':
        case 'method_definition':
        case 'interface_declaration':
        case 'type_alias_declaration':
        case 'enum_declaration':
          return name();
        case 'variable_declarator':
        case 'public_field_definition':
        case 'field_definition': {
          const value = n.childForFieldName('value');
          return value && JS_FUNCTION_VALUES.has(value.type)
            ? (name() ?? n.childForFieldName('property')?.text)
            : undefined;
        }
        case 'assignment_expression': {
          // `exports.total = function …`, `Cart.prototype.total = (…) => …`
          const left = n.childForFieldName('left');
          const right = n.childForFieldName('right');
          return left?.type === 'member_expression' && right && JS_FUNCTION_VALUES.has(right.type)
            ? left.childForFieldName('property')?.text
            : undefined;
        }
      }
      return undefined;
    case 'go':
      return n.type === 'function_declaration' || n.type === 'method_declaration' || n.type === 'type_spec'
        ? name()
        : undefined;
    case 'java':
      return /^(method|constructor|class|interface|enum|record)_declaration$/.test(n.type) ? name() : undefined;
    case 'rust':
      return /^(function|struct|enum|trait)_item$/.test(n.type) ? name() : undefined;
  }
}

const CLASS_TYPES = new Set(['class_definition', 'class_declaration', 'abstract_class_declaration', 'class']);
const CONSTRUCTOR_NAMES = new Set(['__init__', 'constructor']);

/**
 * A class is called through its constructor (`Cart('usd')`, `new Cart('usd')`): that is the part
 * of it to show, when it has one; the class itself otherwise.
 */
function constructorOf(cls: SyntaxNode): SyntaxNode | undefined {
  const body = cls.childForFieldName('body');
  for (const child of body?.namedChildren ?? []) {
    if (!child) continue;
    const fn = child.type === 'decorated_definition' ? child.childForFieldName('definition') : child;
    if (fn?.type === 'constructor_declaration') return child;
    if (
      (fn?.type === 'function_definition' || fn?.type === 'method_definition') &&
      CONSTRUCTOR_NAMES.has(fn.childForFieldName('name')?.text ?? '')
    )
      return child;
  }
  return undefined;
}

export function indexFile(source: ParsedSource): FileIndex {
  const family = FAMILY[source.language];
  const index: FileIndex = { definitions: new Map() };
  const add = (name: string, node: SyntaxNode) => {
    if (!isIdentifier(name)) return;
    const shown = CLASS_TYPES.has(node.type) ? (constructorOf(node) ?? node) : node;
    const whole =
      shown.type === 'type_spec' && shown.parent?.type === 'type_declaration' && shown.parent.namedChildren.length === 1
        ? shown.parent
        : outerNode(shown);
    const list = index.definitions.get(name) ?? [];
    list.push({ name, ...rangeOf(whole) });
    index.definitions.set(name, list);
  };
  walkSyntax(source.tree.rootNode, (n) => {
    const name = definitionName(n, family);
    if (name) add(name, n);
    if (family === 'js' && n.type === 'export_statement' && /^export\s+default\b/.test(n.text)) {
      const declaration = n.childForFieldName('declaration');
      const value = n.childForFieldName('value');
      if (declaration) add('default', declaration);
      else if (value?.type === 'identifier') index.defaultName = value.text;
      else if (value && JS_FUNCTION_VALUES.has(value.type)) add('default', value);
    }
    return true;
  });
  return index;
}

function escapeRegex(s: string): string {
  return s.replace(/[$]/g, '\\$');
}

/**
 * A text pattern a file defining one of `names` matches (the syntax tree confirms it). The gaps
 * inside it (a type annotation, a receiver, type parameters) are bounded, so a hostile line that
 * repeats a name costs a bounded scan per occurrence, not one to the end of the line.
 */
export function definitionPattern(family: Family, names: readonly string[]): RegExp {
  const n = names.map(escapeRegex).join('|');
  switch (family) {
    case 'python':
      return new RegExp(`^[ \\t]*(?:async[ \\t]+)?(?:def|class)[ \\t]+(?:${n})\\b`, 'm');
    case 'js':
      return new RegExp(
        `(?:function[ \\t]*\\*?[ \\t]*|(?:class|interface|type|enum)[ \\t]+)(?:${n})(?![\\w$])|(?<![\\w$])(?:${n})[ \\t]*(?::[^=\\n]{0,80})?=[ \\t]*(?:async[ \\t]*)?(?:function|\\(|[\\w$]+[ \\t]*=>|class)|^[ \\t]*(?:(?:static|async|get|set|public|private|protected|readonly|override)[ \\t]+)*\\*?(?:${n})[ \\t]*(?:<[^>\\n]{0,300}>)?[ \\t]*\\(`,
        'm',
      );
    case 'go':
      return new RegExp(
        `\\bfunc[ \\t]+(?:\\([^)\\n]{0,300}\\)[ \\t]*)?(?:${n})[ \\t]*[(\\[]|\\btype[ \\t]+(?:${n})\\b`,
      );
    case 'java':
      return new RegExp(`\\b(?:class|interface|enum|record)[ \\t]+(?:${n})\\b|[\\w>\\]][ \\t]+(?:${n})[ \\t]*\\(`);
    case 'rust':
      return new RegExp(`\\b(?:fn|struct|enum|trait)[ \\t]+(?:${n})\\b`);
  }
}

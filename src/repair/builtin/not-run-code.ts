/**
 * Where the engine never mutates: text on a suspicious line that is no code the tests run. A
 * mutation there cannot be the fix and still costs a test run each (one project spent 28 of 84 s
 * of search on type annotations). The list is by syntax-tree node: a mutation whose range lies in
 * such a node, or in a node under one, is dropped before it is scored.
 */
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import type { Family } from './syntax-tree.js';

interface NotRun {
  /** Node types whose whole text is not run, each with why. */
  types: ReadonlyMap<string, string>;
  /** Node types matched by pattern (a grammar's many kinds of type expression). */
  pattern?: { match: RegExp; why: string };
}

export const NOT_RUN: Record<Family, NotRun> = {
  python: {
    types: new Map([
      ['comment', 'a comment'],
      // tree-sitter-python wraps every annotation (parameter, return, variable) in a `type` node.
      ['type', 'a type annotation: a type checker reads it, the tests do not'],
    ]),
  },
  js: {
    types: new Map([
      ['comment', 'a comment (JSDoc types included)'],
      ['type_annotation', 'a TypeScript annotation (`: number`), erased before the code runs'],
      ['type_arguments', 'type arguments (`f<T>()`, `Array<number>`), erased'],
      ['type_parameters', 'type parameters (`<T extends X>`), erased'],
      ['type_alias_declaration', 'a `type` declaration, erased'],
      ['interface_declaration', 'an `interface`, erased'],
      ['type_identifier', 'a type name, erased'],
    ]),
    // `x as number[]`, `satisfies Record<…>`: the type expressions of TypeScript's grammar.
    pattern: { match: /_type$/, why: 'a TypeScript type expression, erased' },
  },
};

/** A Python string that stands alone as a statement: a docstring, or a string used as a comment. */
function isDocstring(node: SyntaxNode, family: Family): boolean {
  return (
    family === 'python' &&
    node.type === 'string' &&
    node.parent?.type === 'expression_statement' &&
    node.parent.namedChildCount === 1
  );
}

/** Why the text in `[start, end)` is no code the tests run, or undefined when it is code. */
export function notRunCode(root: SyntaxNode, start: number, end: number, family: Family): string | undefined {
  const { types, pattern } = NOT_RUN[family];
  let node: SyntaxNode | null = root.descendantForIndex(start, Math.max(start, end - 1));
  while (node && node !== root) {
    const why = types.get(node.type) ?? (pattern?.match.test(node.type) ? pattern.why : undefined);
    if (why) return why;
    if (isDocstring(node, family)) return 'a docstring: a string no code reads';
    node = node.parent;
  }
  return undefined;
}

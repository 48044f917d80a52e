/**
 * Shared pieces of the syntax-tree lookups behind the callee definitions (`callee-definitions.ts`):
 * the grammar families they tell apart (TypeScript and TSX read like JavaScript), a pre-order walk
 * that can skip subtrees, and what counts as a plain identifier.
 */
import { languageForFile, type SyntaxLanguage, type SyntaxNode } from '../syntax/tree-sitter.js';

export type Family = 'python' | 'js' | 'go' | 'java' | 'rust';

export const FAMILY: Record<SyntaxLanguage, Family> = {
  python: 'python',
  javascript: 'js',
  typescript: 'js',
  tsx: 'js',
  go: 'go',
  java: 'java',
  rust: 'rust',
};

export function familyOfFile(file: string): Family | undefined {
  const language = languageForFile(file);
  return language ? FAMILY[language] : undefined;
}

/** Longer names are no function of anyone's (and would make the search patterns costly). */
export const MAX_IDENTIFIER = 100;

/** A plain identifier in all five families (no `::`, no dots). */
export function isIdentifier(name: string): boolean {
  return name.length <= MAX_IDENTIFIER && /^[A-Za-z_$][\w$]*$/.test(name);
}

/** Pre-order walk of `node`'s subtree; `visit` returns false to skip a node's children. */
export function walkSyntax(node: SyntaxNode, visit: (n: SyntaxNode) => boolean): void {
  const cursor = node.walk();
  try {
    let descend = visit(cursor.currentNode);
    for (;;) {
      if (descend && cursor.gotoFirstChild()) {
        descend = visit(cursor.currentNode);
        continue;
      }
      // The next sibling, else the next sibling of the nearest ancestor, never leaving `node`.
      for (;;) {
        if (cursor.currentNode.id === node.id) return;
        if (cursor.gotoNextSibling()) break;
        if (!cursor.gotoParent()) return;
      }
      descend = visit(cursor.currentNode);
    }
  } finally {
    cursor.delete();
  }
}

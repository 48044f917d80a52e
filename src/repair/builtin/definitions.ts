/**
 * A small call graph by name: the functions a piece of code calls, and where functions of that name
 * are defined in the repository. A failing assertion's stack usually ends in the test itself; the
 * functions the test calls are where its bug lives.
 */
import type { SyntaxNode } from '../../syntax/tree-sitter.js';
import { functionName, isFunctionNode, walkTree, type Family, type ParsedSource } from './syntax-tree.js';

export interface Definition {
  name: string;
  file: string;
  /** 0-based rows, inclusive. */
  startRow: number;
  endRow: number;
}

/** Named functions and methods of a file; a class also indexes its constructor under the class name. */
export function definitionsIn(source: ParsedSource): Definition[] {
  const out: Definition[] = [];
  const family = source.family;
  walkTree(source.tree.rootNode, (node) => {
    if (isFunctionNode(node, family)) {
      const name = functionName(node);
      if (name) out.push({ name, file: source.file, startRow: node.startPosition.row, endRow: node.endPosition.row });
    } else if (node.type === 'class_definition' || node.type === 'class_declaration' || node.type === 'class') {
      const name = node.childForFieldName('name')?.text;
      const ctor = constructorOf(node, family);
      if (name && ctor) out.push({ name, file: source.file, startRow: ctor.startPosition.row, endRow: ctor.endPosition.row });
    }
    return true;
  });
  return out;
}

function constructorOf(cls: SyntaxNode, family: Family): SyntaxNode | undefined {
  const body = cls.childForFieldName('body');
  if (!body) return undefined;
  for (const child of body.namedChildren) {
    if (!child) continue;
    const fn = child.type === 'decorated_definition' ? child.childForFieldName('definition') : child;
    if (!fn || !isFunctionNode(fn, family)) continue;
    const name = fn.childForFieldName('name')?.text;
    if (name === '__init__' || name === 'constructor') return fn;
  }
  return undefined;
}

/** Names called inside `node`: plain calls, method calls (by method name) and constructors. */
export function calledNames(node: SyntaxNode): string[] {
  const out = new Set<string>();
  walkTree(node, (n) => {
    if (n.type === 'call' || n.type === 'call_expression' || n.type === 'new_expression') {
      const callee = n.childForFieldName(n.type === 'new_expression' ? 'constructor' : 'function');
      if (callee?.type === 'identifier') out.add(callee.text);
      else if (callee?.type === 'attribute') {
        const attr = callee.childForFieldName('attribute');
        if (attr) out.add(attr.text);
      } else if (callee?.type === 'member_expression') {
        const prop = callee.childForFieldName('property');
        if (prop) out.add(prop.text);
      }
    }
    // A property read can be a getter (`cart.total`); indexed by name like a call.
    if (n.type === 'attribute' && n.parent?.type !== 'call') {
      const attr = n.childForFieldName('attribute');
      if (attr) out.add(attr.text);
    }
    return true;
  });
  return [...out];
}

/**
 * The functions of a source file as line ranges, for grouping ranked lines: tree-sitter's for
 * Python and JavaScript/TypeScript, a top-level `func … {` to `}` scan for Go.
 */
import type { SourceStore } from '../builtin/source-store.js';
import { functionName, isFunctionNode, walkTree } from '../builtin/syntax-tree.js';

export interface FunctionRange {
  name?: string;
  start: number;
  end: number;
}

export async function functionsOf(store: SourceStore, file: string): Promise<FunctionRange[]> {
  if (file.endsWith('.go')) {
    const text = await store.text(file);
    return text === undefined ? [] : goFunctions(text);
  }
  const source = await store.parse(file);
  if (!source) return [];
  const out: FunctionRange[] = [];
  walkTree(source.tree.rootNode, (node) => {
    if (isFunctionNode(node, source.family)) {
      const name = functionName(node);
      out.push({ ...(name ? { name } : {}), start: node.startPosition.row + 1, end: node.endPosition.row + 1 });
    }
    return true;
  });
  return out;
}

export function goFunctions(text: string): FunctionRange[] {
  const out: FunctionRange[] = [];
  const lines = text.split('\n');
  let open: FunctionRange | undefined;
  lines.forEach((line, i) => {
    const head = /^func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)/.exec(line);
    if (head) open = { name: head[1]!, start: i + 1, end: i + 1 };
    if (open && /^}/.test(line)) {
      out.push({ ...open, end: i + 1 });
      open = undefined;
    }
  });
  return out;
}

/** The innermost named function holding `line`, else the innermost of any. */
export function functionAt(ranges: readonly FunctionRange[], line: number): FunctionRange | undefined {
  const holding = ranges.filter((r) => r.start <= line && line <= r.end);
  const inner = (list: FunctionRange[]) =>
    list.sort((a, b) => a.end - a.start - (b.end - b.start) || a.start - b.start)[0];
  return inner(holding.filter((r) => r.name)) ?? inner(holding);
}

/**
 * Where a test is defined, found in the syntax tree of its file: used when a report names a test's
 * file but not its line (pytest's xunit2, surefire, vitest) and no stack frame points into it.
 */
import type { SyntaxNode } from '../syntax/tree-sitter.js';
import type { ParsedSource } from './expression.js';

/** Test-defining calls of JavaScript runners: `it('…')`, `test.each(…)('…')`, `it.only('…')`. */
const JS_TEST_CALLEES = /^(it|test|specify|bench)(\.(only|skip|todo|concurrent|fails|sequential))*(\.each(\(.*)?)?$/s;

/** The test function's own name in a runner's test name (params, subtests and scopes stripped). */
function functionName(name: string): string {
  let n = name.trim();
  n = n.replace(/\[.*\]$/s, ''); // pytest parametrisation, JUnit 5 `[1]`
  n = n.replace(/\(.*\)$/s, ''); // Java `testAdd()` / `testAdd(int)`
  n = n.split('/')[0]!; // Go subtest `TestX/sub`
  const parts = n.split(/::|\.|#/);
  return parts[parts.length - 1]!.trim();
}

function stringValue(node: SyntaxNode | null): string | undefined {
  if (!node) return undefined;
  if (node.type === 'string' || node.type === 'template_string') {
    const text = node.text;
    if (node.type === 'template_string' && text.includes('${')) return undefined;
    return text.slice(1, -1);
  }
  return undefined;
}

/** The definition's name node when it is named `wanted` (its line, not an annotation's above it). */
function namedAs(node: SyntaxNode, wanted: string): { name: SyntaxNode; whole: SyntaxNode } | undefined {
  const name = node.childForFieldName('name');
  return name?.text === wanted ? { name, whole: node } : undefined;
}

export interface TestDefinition {
  /** The line that names the test (`def test_x`, the method name under its annotations, `it('…'`). */
  line: number;
  /** The whole definition, 1-based inclusive: a stack frame inside it is the test's own frame. */
  startLine: number;
  endLine: number;
}

/** The definition of test `name` in `source`, when exactly one place fits. */
export function findTestDefinition(source: ParsedSource, name: string): TestDefinition | undefined {
  const wanted = functionName(name);
  const spaced = name.trim().replace(/\s+(?:›|>|»|▸)\s+/g, ' ').replace(/\s+/g, ' ');
  let found: { name: SyntaxNode; whole: SyntaxNode } | undefined;
  // Several definitions of one name (the same method in two test classes): no guess.
  const named: Array<{ name: SyntaxNode; whole: SyntaxNode }> = [];
  let foundTitleLength = -1;
  const cursor = source.tree.walk();
  try {
    let more = true;
    while (more) {
      const node = cursor.currentNode;
      switch (source.language) {
        case 'python':
          if (node.type === 'function_definition') named.push(...[namedAs(node, wanted)].filter((n) => n !== undefined));
          break;
        case 'go':
          if (node.type === 'function_declaration') named.push(...[namedAs(node, wanted)].filter((n) => n !== undefined));
          break;
        case 'java':
          if (node.type === 'method_declaration') named.push(...[namedAs(node, wanted)].filter((n) => n !== undefined));
          break;
        case 'rust':
          if (node.type === 'function_item') named.push(...[namedAs(node, wanted)].filter((n) => n !== undefined));
          break;
        default: {
          // JavaScript/TypeScript: the test's title is the last describe segment, which a JUnit
          // writer may have joined to the describe titles with spaces (jest-junit), so the longest
          // title the name ends with wins.
          if (node.type !== 'call_expression') break;
          const callee = node.childForFieldName('function');
          if (!callee || !JS_TEST_CALLEES.test(callee.text.replace(/\s+/g, ''))) break;
          const title = stringValue(node.childForFieldName('arguments')?.namedChildren[0] ?? null);
          if (title === undefined) break;
          const t = title.replace(/\s+/g, ' ').trim();
          if (t && (spaced === t || spaced.endsWith(` ${t}`)) && t.length > foundTitleLength) {
            found = { name: node, whole: node };
            foundTitleLength = t.length;
          }
        }
      }
      if (cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) {
          more = false;
          break;
        }
      }
    }
  } finally {
    cursor.delete();
  }
  if (named.length === 1) found = named[0];
  else if (named.length > 1) return undefined;
  if (!found) return undefined;
  return { line: found.name.startPosition.row + 1, startLine: found.whole.startPosition.row + 1, endLine: found.whole.endPosition.row + 1 };
}

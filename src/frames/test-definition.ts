/**
 * Where a test is defined, found in the syntax tree of its file: used when a report names a test's
 * file but not its line (pytest's xunit2, surefire, vitest) and no stack frame points into it.
 * Each file's definitions are indexed in one walk of its tree, so a test file with thousands of
 * failing tests is walked once, not once per test.
 */
import type { SyntaxNode } from '../syntax/tree-sitter.js';
import type { ParsedSource } from './expression.js';

export interface TestDefinition {
  /** The line that names the test (`def test_x`, the method name under its annotations, `it('…'`). */
  line: number;
  /** The whole definition, 1-based inclusive: a stack frame inside it is the test's own frame. */
  startLine: number;
  endLine: number;
}

/** Test-defining calls of JavaScript runners: `it('…')`, `test.each(…)('…')`, `it.only('…')`. */
export const JS_TEST_CALLEES =
  /^(it|test|specify|bench)(\.(only|skip|todo|concurrent|fails|sequential))*(\.each(\(.*)?)?$/s;

/** Definition node types whose `name` field names a test function, per language. */
const NAMED_DEFINITIONS: Record<string, string> = {
  python: 'function_definition',
  go: 'function_declaration',
  java: 'method_declaration',
  rust: 'function_item',
};

/** The test function's own name in a runner's test name (params, subtests and scopes stripped). */
function functionName(name: string): string {
  let n = name.trim();
  n = n.replace(/\[.*\]$/s, ''); // pytest parametrisation, JUnit 5 `[1]`
  n = n.replace(/\(.*\)$/s, ''); // Java `testAdd()` / `testAdd(int)`
  n = n.split('/')[0]!; // Go subtest `TestX/sub`
  const parts = n.split(/::|\.|#/);
  return parts[parts.length - 1]!.trim();
}

function spacedTitle(text: string): string {
  return text
    .replace(/\s+(?:›|>|»|▸)\s+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
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

function definitionOf(name: SyntaxNode, whole: SyntaxNode): TestDefinition {
  return {
    line: name.startPosition.row + 1,
    startLine: whole.startPosition.row + 1,
    endLine: whole.endPosition.row + 1,
  };
}

interface DefinitionIndex {
  /** Function and method names → their definitions (several: ambiguous). */
  named: Map<string, TestDefinition[]>;
  /** JavaScript test titles → the calls that define them. */
  titles: Map<string, TestDefinition[]>;
}

const indexes = new WeakMap<ParsedSource, DefinitionIndex>();

function add(map: Map<string, TestDefinition[]>, key: string, definition: TestDefinition): void {
  const list = map.get(key);
  if (list) list.push(definition);
  else map.set(key, [definition]);
}

function buildIndex(source: ParsedSource): DefinitionIndex {
  const index: DefinitionIndex = { named: new Map(), titles: new Map() };
  const namedType = NAMED_DEFINITIONS[source.language];
  const cursor = source.tree.walk();
  try {
    let more = true;
    while (more) {
      const type = cursor.nodeType;
      if (namedType ? type === namedType : type === 'call_expression') {
        const node = cursor.currentNode;
        if (namedType) {
          const name = node.childForFieldName('name');
          if (name) add(index.named, name.text, definitionOf(name, node));
        } else {
          const callee = node.childForFieldName('function');
          if (callee && JS_TEST_CALLEES.test(callee.text.replace(/\s+/g, ''))) {
            const title = stringValue(node.childForFieldName('arguments')?.namedChildren[0] ?? null);
            const t = title === undefined ? '' : spacedTitle(title);
            if (t) add(index.titles, t, definitionOf(node, node));
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
  return index;
}

/** The definition of test `name` in `source`, when exactly one place fits. */
export function findTestDefinition(source: ParsedSource, name: string): TestDefinition | undefined {
  let index = indexes.get(source);
  if (!index) indexes.set(source, (index = buildIndex(source)));
  if (NAMED_DEFINITIONS[source.language]) {
    // Several definitions of one name (the same method in two test classes): no guess.
    const found = index.named.get(functionName(name));
    return found?.length === 1 ? found[0] : undefined;
  }
  // JavaScript: the test's title is the last describe segment, which a JUnit writer may have
  // joined to the describe titles with spaces (jest-junit): the longest title the name ends with
  // wins, trying the name's word suffixes from the longest.
  const words = spacedTitle(name).split(' ').slice(-64);
  for (let k = 0; k < words.length; k++) {
    const found = index.titles.get(words.slice(k).join(' '));
    if (found) return found[0];
  }
  return undefined;
}

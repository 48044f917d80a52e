import { describe, expect, it } from 'vitest';
import { createParser, languageForFile } from '../../src/syntax/tree-sitter.js';

describe('tree-sitter grammars', () => {
  it.each([
    ['python', 'x = foo(a + b)\n', 'module'],
    ['javascript', 'const x = foo(a + b);\n', 'program'],
    ['typescript', 'const x: number = foo(a + b);\n', 'program'],
    ['tsx', 'const x = <A b={1} />;\n', 'program'],
    ['go', 'package p\nfunc f() int { return 1 }\n', 'source_file'],
    ['java', 'class A { int f() { return 1; } }\n', 'program'],
    ['rust', 'fn f() -> i32 { 1 }\n', 'source_file'],
  ] as const)('parses %s without errors', async (language, source, rootType) => {
    const parser = await createParser(language);
    const tree = parser.parse(source);
    expect(tree?.rootNode.type).toBe(rootType);
    expect(tree?.rootNode.hasError).toBe(false);
  });

  it('maps file extensions to grammars', () => {
    expect(languageForFile('src/a.py')).toBe('python');
    expect(languageForFile('src/a.mts')).toBe('typescript');
    expect(languageForFile('src/A.tsx')).toBe('tsx');
    expect(languageForFile('README.md')).toBeUndefined();
  });
});

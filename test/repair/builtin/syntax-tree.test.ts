import { describe, expect, it } from 'vitest';
import { scopeOf, namesVisibleAt } from '../../../src/repair/builtin/scope.js';
import {
  enclosingFunction,
  functionAtRow,
  functionName,
  indentUnit,
  isFunctionNode,
  nodesStartingOnRow,
  parseSource,
  parsesCleanly,
  statementStartingOnRow,
} from '../../../src/repair/builtin/syntax-tree.js';

describe('syntax tree helpers', () => {
  it('indexes the source text by UTF-16 offsets, also after non-ASCII text', async () => {
    const text = 'greeting = "héllo 😀 wörld"\ndef f(a, b):\n    return a < b\n';
    const parsed = (await parseSource('g.py', text))!;
    const nodes = nodesStartingOnRow(parsed.tree.rootNode, 2);
    const cmp = nodes.find((n) => n.type === 'comparison_operator')!;
    expect(text.slice(cmp.startIndex, cmp.endIndex)).toBe('a < b');
    const op = nodes.find((n) => n.type === '<')!;
    expect(text.slice(op.startIndex, op.endIndex)).toBe('<');
    parsed.tree.delete();
  });

  it('finds the statement a line starts, skipping the Python block that starts with it', async () => {
    const parsed = (await parseSource('s.py', 'def f(x):\n    y = x + 1\n    return y\n'))!;
    const statement = statementStartingOnRow(nodesStartingOnRow(parsed.tree.rootNode, 1), 'python');
    expect(statement?.type).toBe('expression_statement');
    expect(statement?.text).toBe('y = x + 1');
    parsed.tree.delete();
  });

  it('finds a test callback that starts on the `test(` line', async () => {
    const text = "import test from 'node:test';\ntest('adds', () => {\n  assert.equal(add(1, 2), 3);\n});\n";
    const parsed = (await parseSource('t.test.js', text))!;
    expect(functionAtRow(parsed.tree.rootNode, 1, 'js')?.type).toBe('arrow_function');
    expect(functionAtRow(parsed.tree.rootNode, 2, 'js')?.type).toBe('arrow_function');
    expect(functionAtRow(parsed.tree.rootNode, 0, 'js')).toBeUndefined();
    parsed.tree.delete();
  });

  it('names functions by declaration, variable, property or exports assignment', async () => {
    const text =
      'function a() {}\nconst b = () => 1;\nexports.c = function () {};\nconst o = { d: () => 2 };\nclass K { e() {} }\n';
    const parsed = (await parseSource('n.js', text))!;
    const names = [0, 1, 2, 3, 4].map((row) => {
      const fn = nodesStartingOnRow(parsed.tree.rootNode, row).find((n) => isFunctionNode(n, 'js'));
      return fn ? functionName(fn) : undefined;
    });
    expect(names).toEqual(['a', 'b', 'c', 'd', 'e']);
    parsed.tree.delete();
  });

  it('reports whether a text parses cleanly', async () => {
    expect(await parsesCleanly('a.py', 'x = (1 + 2)\n')).toBe(true);
    expect(await parsesCleanly('a.py', 'x = (1 + \n')).toBe(false);
    expect(await parsesCleanly('a.ts', 'const x: number = 1;\n')).toBe(true);
    expect(await parsesCleanly('a.rb', 'x = 1\n')).toBe(false);
  });

  it('reads the indentation unit of a file', () => {
    expect(indentUnit('def f():\n  return 1\n')).toBe('  ');
    expect(indentUnit('function f() {\n\treturn 1;\n}\n')).toBe('\t');
    expect(indentUnit('x = 1\n')).toBe('    ');
  });
});

describe('scope', () => {
  it('lists parameters and locals of a Python function, not those of nested functions', async () => {
    const text =
      'def f(a, b=2, *rest, **kw):\n    total = 0\n    for i, x in enumerate(a):\n        total += x\n    def g(z):\n        inner = z\n    return total\n';
    const parsed = (await parseSource('f.py', text))!;
    const fn = enclosingFunction(nodesStartingOnRow(parsed.tree.rootNode, 1)[0]!, 'python')!;
    const scope = scopeOf(fn, 'python');
    expect(scope.names.map((n) => n.name)).toEqual(['a', 'b', 'rest', 'kw', 'total', 'i', 'x']);
    expect(namesVisibleAt(scope, 1)).toEqual(['total', 'a', 'b', 'rest', 'kw']);
    parsed.tree.delete();
  });

  it('lists parameters, destructured locals and loop variables of a TypeScript function', async () => {
    const text =
      'function f(xs: number[], { limit = 3 }: Opts) {\n  const [first, ...others] = xs;\n  let n = 0;\n  for (const x of others) n += x;\n  const h = () => n;\n  return n;\n}\n';
    const parsed = (await parseSource('f.ts', text))!;
    const fn = enclosingFunction(nodesStartingOnRow(parsed.tree.rootNode, 2)[0]!, 'js')!;
    expect(scopeOf(fn, 'js').names.map((n) => n.name)).toEqual(['xs', 'limit', 'first', 'others', 'n', 'x']);
    parsed.tree.delete();
  });
});

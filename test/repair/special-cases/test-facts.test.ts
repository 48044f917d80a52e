import { describe, expect, it } from 'vitest';
import type { FailureFrame } from '../../../src/contracts/failure-frame.js';
import { readTestFacts, type TestFacts } from '../../../src/repair/special-cases/test-facts.js';
import { literalValue } from '../../../src/repair/special-cases/literal-values.js';
import { parseSource } from '../../../src/repair/builtin/syntax-tree.js';

function frame(file: string, line: number, name = 'a test'): FailureFrame {
  return {
    id: `${file}::${name}`,
    suite: file,
    name,
    kind: 'failure',
    exceptionType: null,
    message: '',
    triggering: null,
    test: { file, line },
    stack: [],
    droppedFrames: 0,
    locals: null,
    language: 'unknown',
    evidence: ['junit'],
  };
}

/** The facts of the test around `line` of a one-file source. */
async function factsOf(file: string, text: string, line: number, name?: string): Promise<TestFacts> {
  return readTestFacts([frame(file, line, name)], (f) => (f === file ? text : undefined));
}

const keys = (m: ReadonlyMap<string, unknown>) => [...m.keys()].sort();

describe('readTestFacts: Python', () => {
  it('reads both sides of assert, assertEqual and pytest.raises, skipping messages, docstrings and indices', async () => {
    const text = `import pytest


class TestShop(unittest.TestCase):
    def test_totals(self):
        """Totals for 3 items."""
        cart = Cart(["apple", "pear"])
        assert cart.total(7) == 42, "seven apples"
        self.assertEqual(cart.lines()["apple"], 12.5, msg="apple line")
        self.assertEqual("ok", cart.status(2024))
        with pytest.raises(KeyError, match="nothing here"):
            cart.remove("plum")
`;
    const facts = await factsOf('tests/test_shop.py', text, 8);
    expect(keys(facts.inputs)).toEqual(['l:[s:apple,s:pear]', 'n:2024', 'n:7', 's:apple', 's:pear', 's:plum']);
    expect(keys(facts.expected)).toEqual(['exc:KeyError', 'n:12.5', 'n:42', 's:ok']);
    expect(facts.inputs.get('n:7')).toEqual({
      file: 'tests/test_shop.py',
      line: 8,
      text: 'assert cart.total(7) == 42, "seven apples"',
    });
    expect(facts.names.map((n) => n.value)).toEqual([
      'a test',
      'tests/test_shop.py',
      'test_shop.py',
      'test_shop',
      'test_totals',
    ]);
  });

  it('gives parametrize columns the role of the name they are used as, or of a conventional name', async () => {
    const text = `@pytest.mark.parametrize("word, want", [("Hello", "hello"), pytest.param("ÄB", "äb", id="umlaut")])
@pytest.mark.timeout(30)
def test_lower(word, want):
    assert lower(word) == want


@pytest.mark.parametrize(("a", "b", "total"), [(2, 3, 5)])
def test_add(a, b, total):
    result = add(a, b)
    assert total == result
`;
    const lower = await factsOf('t.py', text, 4);
    expect(keys(lower.inputs)).toEqual(['s:Hello', 's:ÄB']);
    expect(keys(lower.expected)).toEqual(['s:hello', 's:äb']);
    const add = await factsOf('t.py', text, 9);
    expect(keys(add.inputs)).toEqual(['n:2', 'n:3']);
    expect(keys(add.expected)).toEqual(['n:5']);
  });

  it('reads a loop over a literal table and locals bound to literals', async () => {
    const text = `def test_table():
    expected = "b-a"
    for a, b, want in [(2, 3, 5), (7, 8, 15)]:
        assert add(a, b) == want
    words = ["a", "b"]
    assert join(reversed(words)) == expected
`;
    const facts = await factsOf('t.py', text, 4);
    expect(keys(facts.inputs)).toEqual(['l:[s:a,s:b]', 'n:2', 'n:3', 'n:7', 'n:8', 's:a', 's:b']);
    expect(keys(facts.expected)).toEqual(['n:15', 'n:5', 's:b-a']);
  });

  it('reads only the failing test, once however many frames point into it', async () => {
    const text = `def test_one():
    assert f(11) == 22


def test_two():
    assert f(33) == 44
`;
    const facts = await readTestFacts([frame('t.py', 2), frame('t.py', 1)], () => text);
    expect(facts.tests).toBe(1);
    expect(keys(facts.inputs)).toEqual(['n:11']);
  });
});

describe('readTestFacts: JavaScript and TypeScript', () => {
  it('reads expect chains, node:assert and chai, with titles as names and not as inputs', async () => {
    const text = `describe('the cart', () => {
  it('totals lines', async () => {
    expect(total([{ price: 3, qty: 4 }])).toBe(12);
    await expect(load('cart-9')).resolves.toEqual({ id: 9 });
    expect(() => remove('plum')).toThrow(RangeError);
    assert.strictEqual(count('apples'), 17, 'seventeen');
    assert.throws(() => parse('%%'), SyntaxError);
    assert(tax(200) === 38);
    assert.notEqual(round(2.5), 99);
  }, { timeout: 5000 });
});
`;
    const facts = await factsOf('test/cart.test.ts', text, 3, 'the cart > totals lines');
    expect(keys(facts.inputs)).toEqual([
      'd:{s:price=n:3,s:qty=n:4}',
      'l:[d:{s:price=n:3,s:qty=n:4}]',
      'n:2.5',
      'n:200',
      'n:3',
      'n:4',
      's:%%',
      's:apples',
      's:cart-9',
      's:plum',
    ]);
    expect(keys(facts.expected)).toEqual([
      'd:{s:id=n:9}',
      'exc:RangeError',
      'exc:SyntaxError',
      'n:12',
      'n:17',
      'n:38',
      'n:9',
    ]);
    expect(facts.names.map((n) => n.value)).toEqual(
      expect.arrayContaining(['the cart > totals lines', 'totals lines', 'the cart', 'test/cart.test.ts', 'cart.test']),
    );
  });

  it('reads test.each tables of arrays, of objects and as a tagged template', async () => {
    const text = `test.each([
  [2, 3, 5],
  [10, 4, 14],
])('add(%i, %i)', (a, b, expected) => {
  expect(add(a, b)).toBe(expected);
});

it.each([{ word: 'Hello', lowered: 'hello' }])('lower $word', ({ word, lowered }) => {
  expect(lower(word)).toEqual(lowered);
});

test.each\`
  n    | fib
  \${7} | \${13}
\`('fib($n)', ({ n, fib: want }) => {
  expect(fib(n)).toBe(want);
});
`;
    const arrays = await factsOf('t.test.js', text, 1);
    expect(keys(arrays.inputs)).toEqual(['n:10', 'n:2', 'n:3', 'n:4']);
    expect(keys(arrays.expected)).toEqual(['n:14', 'n:5']);
    const objects = await factsOf('t.test.js', text, 9);
    expect(keys(objects.inputs)).toEqual(['s:Hello']);
    expect(keys(objects.expected)).toEqual(['s:hello']);
    const template = await factsOf('t.test.js', text, 16);
    expect(keys(template.inputs)).toEqual(['n:7']);
    // The column `fib` is destructured as `want`, which the assertion expects.
    expect(keys(template.expected)).toEqual(['n:13']);
  });

  it('reads the literal table of a loop the test is made in', async () => {
    const text = `for (const [input, want] of [['a b', 'a-b'], ['C', 'c']]) {
  test(\`slug of \${input}\`, () => {
    assert.equal(slug(input), want);
  });
}
`;
    const facts = await factsOf('slug.test.mjs', text, 3);
    expect(keys(facts.inputs)).toEqual(['s:C', 's:a b']);
    expect(keys(facts.expected)).toEqual(['s:a-b', 's:c']);
  });
});

describe('readTestFacts: what it cannot read', () => {
  it('adds nothing for an unreadable file, a frame without a test location, or another language', async () => {
    const none = await readTestFacts(
      [frame('gone.py', 1), { ...frame('x.py', 1), test: null }, frame('T.java', 3)],
      (f) => (f === 'T.java' ? 'class T { @Test void t() { assertEquals(5, add(2, 3)); } }' : undefined),
    );
    expect(none.tests).toBe(0);
    expect(none.inputs.size + none.expected.size).toBe(0);
  });
});

describe('literalValue', () => {
  it('gives one key to one value however it is written, and marks the trivial ones', async () => {
    const py = (await parseSource(
      'v.py',
      `a = [5, 5.0, 0x5, 1_0, -3, "a\\tb", r"a\\tb", 'x' "y", (1, 2), {"k": None}, f"{x}", True, 0, -1, "", []]\n`,
    ))!;
    const values = py.tree.rootNode.descendantsOfType('list')[0]!.namedChildren.map((n) => literalValue(n!, 'python'));
    expect(values.map((v) => v?.key)).toEqual([
      'n:5',
      'n:5',
      'n:5',
      'n:10',
      'n:-3',
      's:a\tb',
      's:a\\tb',
      's:xy',
      'l:[n:1,n:2]',
      'd:{s:k=null}',
      undefined,
      'b:true',
      'n:0',
      'n:-1',
      's:',
      'l:[]',
    ]);
    expect(values.map((v) => v?.trivial)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      undefined,
      true,
      true,
      true,
      true,
      true,
    ]);
    py.tree.delete();
    const js = (await parseSource(
      'v.ts',
      'const a = [5n, `t`, `${x}`, { total: 1 } as const, null, undefined, "\\u00e9"];\n',
    ))!;
    const jsValues = js.tree.rootNode
      .descendantsOfType('array')[0]!
      .namedChildren.map((n) => literalValue(n!, 'js')?.key);
    expect(jsValues).toEqual(['n:5', 's:t', undefined, 'd:{s:total=n:1}', 'null', 'null', 's:é']);
    js.tree.delete();
  });
});

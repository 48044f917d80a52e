/**
 * What a line of a test calls (the statement, the `if` conditions around it, the assignments of
 * the variables it uses), on real syntax trees of Go, Python and TypeScript tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calledAt } from '../../src/frames/called-names.js';
import { createExpressionFinder, type ExpressionFinder } from '../../src/frames/expression.js';
import { openRepoView } from '../../src/frames/repo-view.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';

let repo: TempRepo;
let finder: ExpressionFinder;
beforeAll(async () => {
  repo = createTempRepo({
    files: {
      'x_test.go': [
        'package x', //                                  1
        'import "testing"', //                           2
        'func TestX(t *testing.T) {', //                 3
        '\tgot := First(1)', //                          4
        '\tgot = Second(got)', //                        5
        '\tif n := Count(); n != Other(got) {', //       6
        '\t\tt.Errorf("%d %d", got, Third())', //        7
        '\t}', //                                        8
        '}', //                                          9
      ].join('\n'),
      'tests/test_cart.py': [
        'from shop import make_cart', //                 1
        '', //                                           2
        'def test_total():', //                          3
        '    cart = make_cart()', //                     4
        '    other = unrelated()', //                    5
        '    if cart.ready():', //                       6
        '        assert cart.total == price(30)', //     7
        '', //                                           8
        'assert module_level() == 1', //                9
      ].join('\n'),
      'test/cart.test.ts': [
        "it('sums', () => {", //                         1
        '  const cart = fruitCart();', //                2
        '  expect(cart.total()).toBe(30);', //           3
        '});', //                                        4
      ].join('\n'),
    },
  });
  const view = await openRepoView(repo.root);
  finder = createExpressionFinder((f) => view.readText(f));
});
afterAll(() => {
  finder.dispose();
  repo.cleanup();
});

describe('calledAt', () => {
  it('Go: the statement, then the if conditions around it, then the last assignments of the variables it uses', async () => {
    const parsed = (await finder.parsed('x_test.go'))!;
    expect(calledAt(parsed, 7)).toEqual([
      { name: 'Errorf', receiver: 't' },
      { name: 'Third' },
      { name: 'Count' },
      { name: 'Other' },
      // `got = Second(got)` is the last assignment of got before the line; First(1) is not.
      { name: 'Second' },
    ]);
    // A closing brace is no statement.
    expect(calledAt(parsed, 8)).toEqual([]);
  });

  it('Python: calls first, then the if condition, the assignment of `cart`, and last the property read (a getter?)', async () => {
    const parsed = (await finder.parsed('tests/test_cart.py'))!;
    expect(calledAt(parsed, 7)).toEqual([
      { name: 'price' },
      { name: 'ready', receiver: 'cart' },
      { name: 'make_cart' },
      { name: 'total', receiver: 'cart' },
    ]);
    expect(calledAt(parsed, 9)).toEqual([{ name: 'module_level' }]);
  });

  it('TypeScript: the matcher chain and the call inside it', async () => {
    const parsed = (await finder.parsed('test/cart.test.ts'))!;
    expect(calledAt(parsed, 3)).toEqual([
      { name: 'toBe', receiver: 'expect(cart.total())' },
      { name: 'expect' },
      { name: 'total', receiver: 'cart' },
      { name: 'fruitCart' },
    ]);
  });
});

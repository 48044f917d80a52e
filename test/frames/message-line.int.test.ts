/**
 * Which printed Go message is the failure: the real Go parser's output, then the frames stage
 * reading each printed line in a real repository (t.Log lines print like t.Errorf lines).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFrames } from '../../src/frames/build-frames.js';
import { createExpressionFinder } from '../../src/frames/expression.js';
import { classifyMessageLine } from '../../src/frames/message-line.js';
import { openRepoView, type RepoView } from '../../src/frames/repo-view.js';
import { goLogParser } from '../../src/reports/logs/go.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';

const CART_TEST = [
  'package shop', //                          1
  '', //                                      2
  'import "testing"', //                      3
  '', //                                      4
  'func TestTotal(t *testing.T) {', //        5
  '\tt.Logf("cart: %v", 1)', //               6
  '\tif got := Total(); got != 6 {', //       7
  '\t\tt.Errorf("Total() = %d", got)', //     8
  '\t}', //                                   9
  '\tif n := Count(); n != 2 {', //           10
  '\t\tt.Errorf("Count() = %d", n)', //       11
  '\t}', //                                   12
  '\tt.Log(', //                              13
  '\t\t"done")', //                           14
  '}', //                                     15
  '', //                                      16
  'func TestPercent(t *testing.T) {', //      17
  '\tp := mustPercent(t, "15%")', //          18
  '\tt.Log("p", p) // a log', //              19
  '\t// t.Errorf("commented out")', //        20
  '\tt.Skipf("later")', //                    21
  '\tt.Fatalf("stop")', //                    22
  '}', //                                     23
].join('\n');

let repo: TempRepo;
let view: RepoView;

beforeAll(async () => {
  repo = createTempRepo({
    files: {
      'go.mod': 'module example.com/m\n',
      'shop/cart_test.go': CART_TEST,
      'shop/cart.go': 'package shop\n\nfunc Total() int { return 3 }\n\nfunc Count() int { return 1 }\n',
    },
  });
  view = await openRepoView(repo.root);
});
afterAll(() => repo.cleanup());

describe('classifyMessageLine', () => {
  it('tells log calls from failures in the Go syntax tree', async () => {
    const finder = createExpressionFinder((f) => view.readText(f));
    try {
      const parsed = (await finder.parsed('shop/cart_test.go'))!;
      const kinds = Object.fromEntries(
        [6, 8, 11, 13, 14, 18, 19, 20, 21, 22, 2, 99].map((line) => [line, classifyMessageLine(parsed, line)]),
      );
      expect(kinds).toEqual({
        6: 'log',
        8: 'failure',
        11: 'failure',
        // A multi-line t.Log, by any of its lines.
        13: 'log',
        14: 'log',
        // A helper marked with t.Helper() reports at its caller's line.
        18: 'failure',
        19: 'log',
        20: undefined,
        21: 'log',
        22: 'failure',
        2: undefined,
        99: undefined,
      });
    } finally {
      finder.dispose();
    }
  });
});

/** The frame the frames stage builds from one printed `go test` failure of package shop. */
async function triggeringLine(messages: number[], test = 'TestTotal'): Promise<number | undefined> {
  const log = [
    `--- FAIL: ${test} (0.00s)`,
    ...messages.map((n) => `    cart_test.go:${n}: message ${n}`),
    'FAIL',
    'FAIL\texample.com/m/shop\t0.002s',
  ].join('\n');
  const failures = goLogParser.parse(log);
  const [frame] = await buildFrames({ cases: [], errors: [], reports: [] }, failures, view);
  return frame?.triggering?.line;
}

describe('the failure among several printed messages', () => {
  it('a t.Log before the t.Errorf: the t.Errorf', async () => {
    expect(await triggeringLine([6, 8])).toBe(8);
  });

  it('a t.Log after the t.Errorf (the parser alone would take the last message): the t.Errorf', async () => {
    expect(
      goLogParser.parse('--- FAIL: TestTotal (0.00s)\n    cart_test.go:8: a\n    cart_test.go:13: b\n')[0]!.frames,
    ).toEqual([{ file: 'cart_test.go', line: 13 }]);
    expect(await triggeringLine([8, 13])).toBe(8);
  });

  it('several t.Errorf: the first, the first thing that went wrong', async () => {
    expect(await triggeringLine([6, 8, 11, 13])).toBe(8);
  });

  it('a helper that failed, then a log: the helper call', async () => {
    expect(await triggeringLine([18, 19], 'TestPercent')).toBe(18);
  });

  it("only log lines (the test failed through t.Fail()): the parser's guess stands", async () => {
    expect(await triggeringLine([6, 13])).toBe(13);
  });

  it("lines that are no code of the repository: the parser's guess stands", async () => {
    expect(await triggeringLine([20, 2])).toBe(2);
  });
});

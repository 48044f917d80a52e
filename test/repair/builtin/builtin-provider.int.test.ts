/**
 * The built-in provider on real projects with real runners (pytest, node:test), through a minimal
 * real host (edits applied on disk, the failing tests rerun, files restored). The end-to-end path
 * through `heal()` is in heal-builtin.int.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FailureFrame } from '../../../src/contracts/failure-frame.js';
import { HealOptions } from '../../../src/contracts/heal-options.js';
import { createBuiltinProvider, type BuiltinEngineOptions } from '../../../src/repair/builtin/builtin-provider.js';
import type { RepairAnswer, RepairRequest } from '../../../src/repair/provider.js';
import { createDirectHost, type DirectHost } from './helpers/direct-host.js';
import { frame, loc } from './helpers/frames.js';
import { commitAll, makeProject } from './helpers/temp-project.js';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function request(failures: FailureFrame[], attempt = 1, deadline = Date.now() + 120_000): RepairRequest {
  return {
    attempt,
    maxAttempts: 3,
    failures,
    prompt: { system: '', user: '', estimatedTokens: 0 },
    history: [],
    budget: { inputTokens: 0, outputTokens: 0, deadline },
  };
}

function project(files: Record<string, string>): string {
  const { root, cleanup } = makeProject(files);
  cleanups.push(cleanup);
  commitAll(root, 'init');
  return root;
}

function provider(root: string, engine?: BuiltinEngineOptions) {
  return createBuiltinProvider(HealOptions.parse({ cwd: root, testCommand: 'true' }), engine);
}

function pytest(id: string): [string, string[]] {
  return ['python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', id]];
}

/** Apply the answer for real and run a command: the fix must hold outside the engine too. */
function applyAndRun(root: string, answer: RepairAnswer, command: string, args: string[]): void {
  for (const edit of answer.edits) {
    const file = path.join(root, edit.path);
    const text = readFileSync(file, 'utf8');
    expect(text.split(edit.oldText)).toHaveLength(2);
    writeFileSync(
      file,
      text.replace(edit.oldText, () => edit.newText),
    );
  }
  execFileSync(command, args, { cwd: root, stdio: 'pipe' });
}

const PRICING = `def bulk_price(quantity, unit_price):
    """Ten percent off from ten units on."""
    total = quantity * unit_price
    if quantity > 10:
        total = total * 0.9
    return round(total, 2)


def shipping(total):
    if total >= 50:
        return 0
    return 5
`;

const PRICING_TESTS = `from pricing import bulk_price, shipping


def test_small_order():
    assert bulk_price(2, 5.0) == 10.0


def test_discount_from_ten():
    assert bulk_price(10, 1.0) == 9.0


def test_free_shipping():
    assert shipping(50) == 0
`;

const pricingFailure = frame('test_pricing.py::test_discount_from_ten', {
  test: loc('test_pricing.py', 8),
  stack: [loc('test_pricing.py', 9)],
  message: 'assert 10.0 == 9.0',
});

describe('built-in provider', () => {
  it('heals a real pytest project: the answer makes the suite pass when applied', async () => {
    const root = project({ 'pricing.py': PRICING, 'test_pricing.py': PRICING_TESTS });
    const host = createDirectHost(root, [pytest('test_pricing.py::test_discount_from_ten')]);
    const answer = await provider(root).propose(request([pricingFailure]), host);
    expect(answer.edits).toEqual([
      { path: 'pricing.py', oldText: '    if quantity > 10:', newText: '    if quantity >= 10:' },
    ]);
    expect(answer.usage).toEqual({ input: 0, output: 0 });
    expect(answer.detail).toMatchObject({
      engine: 'builtin',
      stoppedBy: 'found',
      fix: { template: 'comparison-operator', file: 'pricing.py', line: 4 },
    });
    expect((answer.detail!.localisation as Array<{ file: string }>)[0]!.file).toBe('pricing.py');
    expect(host.logs[0]).toMatch(/^builtin: \d+ suspicious lines, top pricing\.py:\d+; \d+ candidates$/);
    expect(host.logs.at(-1)).toMatch(
      /^builtin: \[1\] comparison-operator at pricing\.py:4: `>` → `>=` → 1 of 1 failing test passes \(\d+(\.\d)? m?s\)$/,
    );
    // The host restored the tree after every candidate.
    expect(readFileSync(path.join(root, 'pricing.py'), 'utf8')).toBe(PRICING);
    applyAndRun(root, answer, 'python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider']);
  });

  it('skips a candidate that breaks another test of the same files, without spending an attempt', async () => {
    // The discount is meant from ten units on for a whole number of units only; the shop's own
    // test of the same file pins that `quantity > 9` is how it is written (a rule the first
    // candidate, `>=`, breaks while making the failing test pass).
    const root = project({ 'pricing.py': PRICING, 'test_pricing.py': PRICING_TESTS });
    const neighbour: [string, string, string[]] = [
      'test_pricing.py::test_written_rule',
      'python3',
      ['-c', "import sys; sys.exit(0 if 'quantity >= 10' not in open('pricing.py').read() else 1)"],
    ];
    const host = createDirectHost(root, [pytest('test_pricing.py::test_discount_from_ten')], undefined, [neighbour]);
    const answer = await provider(root).propose(request([pricingFailure]), host);
    expect(host.logs).toContain(
      'builtin: [1] skipped: it breaks 1 passing test of the same files (test_pricing.py::test_written_rule)',
    );
    expect(answer.edits).toHaveLength(1);
    expect(answer.edits[0]!.newText).not.toContain('>= 10');
    expect(answer.detail).toMatchObject({ stoppedBy: 'found', brokeNeighbours: 1 });
    applyAndRun(root, answer, 'python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider']);
  });

  it('skips a candidate whose neighbours do not end within their timeout', async () => {
    const root = project({ 'pricing.py': PRICING, 'test_pricing.py': PRICING_TESTS });
    // With the first candidate, `>=`, this neighbour never ends.
    const neighbour: [string, string, string[]] = [
      'test_pricing.py::test_written_rule',
      'python3',
      ['-c', "import time\nwhile 'quantity >= 10' in open('pricing.py').read(): time.sleep(0.05)"],
    ];
    const host = createDirectHost(
      root,
      [pytest('test_pricing.py::test_discount_from_ten')],
      undefined,
      [neighbour],
      1_500,
    );
    const answer = await provider(root).propose(request([pricingFailure]), host);
    expect(host.logs).toContain('builtin: [1] skipped: the tests of the same files did not end within 1.5 s');
    expect(answer.edits).toHaveLength(1);
    expect(answer.edits[0]!.newText).not.toContain('>= 10');
    expect(answer.detail).toMatchObject({ stoppedBy: 'found', brokeNeighbours: 1 });
  });

  it('heals a real node:test project where the crash is inside the code under test', async () => {
    const root = project({
      'package.json': '{ "type": "commonjs" }\n',
      'lib/range.js': [
        'function daysInRange(start, end) {',
        '  const days = [];',
        '  for (let d = start; d < end; d++) {',
        '    days.push(d);',
        '  }',
        '  return days;',
        '}',
        '',
        'function lastDay(days) {',
        '  return days[days.length].toFixed(0);',
        '}',
        '',
        'module.exports = { daysInRange, lastDay };',
        '',
      ].join('\n'),
      'test/range.test.js': [
        "const test = require('node:test');",
        "const assert = require('node:assert');",
        "const { daysInRange, lastDay } = require('../lib/range.js');",
        '',
        "test('range excludes the end', () => {",
        '  assert.deepStrictEqual(daysInRange(1, 4), [1, 2, 3]);',
        '});',
        '',
        "test('last day', () => {",
        "  assert.strictEqual(lastDay(daysInRange(1, 4)), '3');",
        '});',
        '',
      ].join('\n'),
    });
    const failure = frame('last day', {
      test: loc('test/range.test.js', 9),
      stack: [loc('test/range.test.js', 10), loc('lib/range.js', 10)],
      exceptionType: 'TypeError',
      message: "Cannot read properties of undefined (reading 'toFixed')",
      language: 'javascript',
    });
    const host = createDirectHost(root, [
      [process.execPath, ['--test', '--test-name-pattern=^last day$', 'test/range.test.js']],
    ]);
    const answer = await provider(root).propose(request([failure]), host);
    expect(answer.edits).toEqual([
      {
        path: 'lib/range.js',
        oldText: '  return days[days.length].toFixed(0);',
        newText: '  return days[days.length - 1].toFixed(0);',
      },
    ]);
    applyAndRun(root, answer, process.execPath, ['--test', 'test/range.test.js']);
  });

  it('never proposes an edit to a failing test’s own file, even one no naming rule calls a test', async () => {
    const root = project({
      'shapes.py': 'def area(w, h):\n    return w * h + 1\n',
      'checks/verify_shapes.py': 'from shapes import area\n\n\ndef test_area():\n    assert area(2, 3) == 7 - 1\n',
    });
    const failure = frame('checks/verify_shapes.py::test_area', {
      test: loc('checks/verify_shapes.py', 4),
      stack: [loc('checks/verify_shapes.py', 5)],
    });
    // Protect nothing in the host: the engine itself must stay away from the test.
    const host = createDirectHost(root, [pytest('checks/verify_shapes.py::test_area')], () => false);
    const answer = await provider(root, { limits: { maxCandidatesPerAttempt: 40 } }).propose(request([failure]), host);
    expect(host.seen.length).toBeGreaterThan(0);
    expect(host.seen.every((e) => e.path === 'shapes.py')).toBe(true);
    expect(answer.edits.every((e) => e.path === 'shapes.py')).toBe(true);
  });

  it('stops at the candidate cap and says so', async () => {
    const root = project({
      // No template adds a missing call: this one cannot be fixed, so the search runs to the cap.
      'words.py': 'def shout(word):\n    return word.strip() + "!"\n',
      'test_words.py': 'from words import shout\n\n\ndef test_shout():\n    assert shout("hi") == "HI!"\n',
    });
    const failure = frame('test_words.py::test_shout', {
      test: loc('test_words.py', 4),
      stack: [loc('test_words.py', 5)],
    });
    const host = createDirectHost(root, [pytest('test_words.py::test_shout')]);
    const answer = await provider(root, { limits: { maxCandidatesPerAttempt: 3 } }).propose(request([failure]), host);
    expect(host.tries).toBe(3);
    expect(answer.edits).toEqual([]);
    expect(answer.detail).toMatchObject({ validated: 3, stoppedBy: 'candidate-cap' });
    expect(answer.notes).toMatch(/cap of 3 candidates/);
  });

  it('gives up when its own search time is spent, and says it has nothing left to try', async () => {
    const root = project({
      'words.py': 'def shout(word):\n    return word.strip() + "!"\n',
      'test_words.py': 'from words import shout\n\n\ndef test_shout():\n    assert shout("hi") == "HI!"\n',
    });
    const failure = frame('test_words.py::test_shout', {
      test: loc('test_words.py', 4),
      stack: [loc('test_words.py', 5)],
    });
    const host = createDirectHost(root, [pytest('test_words.py::test_shout')]);
    // A search limit shorter than one test run: the first run sets the pace, and the limit is then
    // stretched to that many candidates' worth (3 here), never to the whole candidate list.
    const engine = provider(root, { searchMs: 1, minSearchTries: 3 });
    const first = await engine.propose(request([failure]), host);
    expect(host.tries).toBeGreaterThanOrEqual(1);
    expect(host.tries).toBeLessThanOrEqual(4);
    expect(first.edits).toEqual([]);
    expect(first.exhausted).toBe(true);
    expect(first.notes).toMatch(/gave up after searching for .*, its limit/);
    const tried = host.tries;
    const second = await engine.propose(request([failure], 2), host);
    expect(host.tries).toBe(tried);
    expect(second.exhausted).toBe(true);
  });

  it('says it has nothing left to try once every candidate was looked at', async () => {
    const root = project({
      'words.py': 'def shout(word):\n    return word.strip() + "!"\n',
      'test_words.py': 'from words import shout\n\n\ndef test_shout():\n    assert shout("hi") == "HI!"\n',
    });
    const failure = frame('test_words.py::test_shout', {
      test: loc('test_words.py', 4),
      stack: [loc('test_words.py', 5)],
    });
    const host = createDirectHost(root, [pytest('test_words.py::test_shout')]);
    const answer = await provider(root).propose(request([failure]), host);
    expect(answer.detail).toMatchObject({ stoppedBy: 'exhausted' });
    expect(answer.exhausted).toBe(true);
    expect(answer.notes).toMatch(/no template applies/);
  });

  it('tries nothing once the attempt deadline has passed', async () => {
    const root = project({ 'pricing.py': PRICING, 'test_pricing.py': PRICING_TESTS });
    const host = createDirectHost(root, [pytest('test_pricing.py::test_discount_from_ten')]);
    const answer = await provider(root).propose(request([pricingFailure], 1, Date.now() - 1), host);
    expect(host.tries).toBe(0);
    expect(answer.edits).toEqual([]);
    expect(answer.detail).toMatchObject({ stoppedBy: 'deadline', validated: 0 });
  });

  it('resumes after an answer the full suite rejected instead of proposing it again', async () => {
    const root = project({ 'pricing.py': PRICING, 'test_pricing.py': PRICING_TESTS });
    const host = createDirectHost(root, [pytest('test_pricing.py::test_discount_from_ten')]);
    const engine = provider(root);
    const first = await engine.propose(request([pricingFailure], 1), host);
    const seenAfterFirst = host.seen.length;
    const second = await engine.propose(request([pricingFailure], 2), host);
    expect(first.edits).toHaveLength(1);
    expect(second.edits).toHaveLength(1);
    expect(second.edits[0]).not.toEqual(first.edits[0]);
    const retried = host.seen
      .slice(seenAfterFirst)
      .filter((e) => e.newText === first.edits[0]!.newText && e.oldText === first.edits[0]!.oldText);
    expect(retried).toEqual([]);
  });

  it('combines two partial fixes when two tests fail for two different one-line bugs', async () => {
    const root = project({
      'stats.py':
        'def mean(xs):\n    return sum(xs) / (len(xs) + 1)\n\n\ndef spread(xs):\n    return max(xs) + min(xs)\n',
      'test_stats.py':
        'from stats import mean, spread\n\n\ndef test_mean():\n    assert mean([2, 4]) == 3\n\n\ndef test_spread():\n    assert spread([2, 5]) == 3\n',
    });
    const failures = [
      frame('test_stats.py::test_mean', { test: loc('test_stats.py', 4), stack: [loc('test_stats.py', 5)] }),
      frame('test_stats.py::test_spread', { test: loc('test_stats.py', 8), stack: [loc('test_stats.py', 9)] }),
    ];
    const host = createDirectHost(root, [pytest('test_stats.py::test_mean'), pytest('test_stats.py::test_spread')]);
    const answer = await provider(root).propose(request(failures), host);
    expect(answer.detail).toMatchObject({ stoppedBy: 'found' });
    expect((answer.detail!.combinations as number) > 0).toBe(true);
    applyAndRun(root, answer, 'python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider']);
  }, 300_000);

  it('reports guardrail refusals and validates nothing the host refused', async () => {
    const root = project({ 'pricing.py': PRICING, 'test_pricing.py': PRICING_TESTS });
    const host: DirectHost = createDirectHost(
      root,
      [pytest('test_pricing.py::test_discount_from_ten')],
      (file) => file === 'pricing.py' || file.startsWith('test_'),
    );
    const answer = await provider(root, { limits: { maxSeedsPerAttempt: 20 } }).propose(
      request([pricingFailure]),
      host,
    );
    expect(host.tries).toBe(0);
    expect(answer.edits).toEqual([]);
    expect(answer.detail).toMatchObject({ validated: 0, rejected: 20, stoppedBy: 'seed-cap' });
    expect(answer.detail!.lastRejection).toMatch(/protected path/);
  });
});

describe('languages the engine does not repair', () => {
  const GO = {
    'go.mod': 'module example.com/shop\n\ngo 1.19\n',
    'cart/cart.go':
      'package cart\n\nfunc Total(p []int) int {\n\tsum := 0\n\tfor i := 1; i < len(p); i++ {\n\t\tsum += p[i]\n\t}\n\treturn sum\n}\n',
    'cart/cart_test.go':
      'package cart\n\nimport "testing"\n\nfunc TestTotal(t *testing.T) {\n\tif got := Total([]int{3, 3}); got != 6 {\n\t\tt.Errorf("Total() = %d, want 6", got)\n\t}\n}\n',
  };

  it('says the language is not supported, instead of that no template applies any more', async () => {
    const root = project(GO);
    const host = createDirectHost(root, [['false', []]]);
    const failures = [
      frame('example.com/shop/cart::TestTotal', {
        test: loc('cart/cart_test.go', 6),
        stack: [loc('cart/cart_test.go', 6)],
        language: 'go',
      }),
    ];
    const answer = await provider(root).propose(request(failures), host);
    expect(answer.edits).toEqual([]);
    expect(answer.notes).toBe(
      'builtin: Go is not supported by the built-in engine, which repairs Python and JavaScript/TypeScript',
    );
    expect(answer.exhausted).toBe(true);
  });

  it('still searches when a failure may be in code it repairs', async () => {
    const root = project({ ...GO, 'calc.py': 'def add(a, b):\n    return a - b\n' });
    const host = createDirectHost(root, [['false', []]]);
    const failures = [
      frame('example.com/shop/cart::TestTotal', { test: loc('cart/cart_test.go', 6), language: 'go' }),
      frame('test_calc.py::test_add', { test: loc('test_calc.py', 4), stack: [loc('calc.py', 2)], language: 'python' }),
    ];
    const answer = await provider(root).propose(request(failures), host);
    expect(answer.notes).not.toMatch(/not supported/);
  });
});

/**
 * End to end: the built-in provider through the real loop (`heal()`), in temporary git repositories
 * with isolated config and fixed dates, real runners writing real JUnit (pytest, node:test).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { heal } from '../../../src/heal.js';
import { silentLogger } from '../../../src/contracts/logger.js';
import { createBuiltinProvider } from '../../../src/repair/builtin/builtin-provider.js';
import { shellQuote } from '../../../src/workspace/shell-quote.js';
import { commitAll, GIT_ENV, makeProject } from './helpers/temp-project.js';

/** The machine's pytest plugins (pytest-benchmark, …) take no part here and double a run's CPU. */
const PYTEST_ENV: NodeJS.ProcessEnv = { ...GIT_ENV, PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1' };

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function repo(files: Record<string, string>): string {
  const { root, cleanup } = makeProject({ ...files, '.gitignore': '__pycache__/\n.pytest_cache/\njunit.xml\n' });
  cleanups.push(cleanup);
  commitAll(root, 'code under test');
  return root;
}

describe('heal() with the built-in engine', () => {
  it('heals a pytest project and commits the fix', async () => {
    const root = repo({
      'inventory/__init__.py': '',
      'inventory/stock.py': [
        'def restock_needed(level, minimum):',
        '    """Restock once the level has dropped to the minimum."""',
        '    return level < minimum',
        '',
        '',
        'def units_to_order(level, target):',
        '    return max(0, target - level)',
        '',
      ].join('\n'),
      'tests/test_stock.py': [
        'from inventory.stock import restock_needed, units_to_order',
        '',
        '',
        'def test_plenty():',
        '    assert not restock_needed(10, 3)',
        '',
        '',
        'def test_at_minimum():',
        '    assert restock_needed(3, 3)',
        '',
        '',
        'def test_order():',
        '    assert units_to_order(2, 10) == 8',
        '',
      ].join('\n'),
    });
    const report = await heal(
      {
        cwd: root,
        testCommand: 'PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q -p no:cacheprovider --junitxml=junit.xml',
        junit: ['junit.xml'],
        provider: 'builtin',
        timeoutSeconds: 120,
      },
      { logger: silentLogger, createProvider: (o) => createBuiltinProvider(o), env: PYTEST_ENV },
    );
    expect(report.result, report.reason).toBe('healed');
    expect(report.failures.map((f) => f.name)).toEqual(['test_at_minimum']);
    expect(report.attempts[0]).toMatchObject({
      verdict: 'accepted',
      tokens: { input: 0, output: 0 },
      detail: { engine: 'builtin', fix: { template: 'comparison-operator', file: 'inventory/stock.py', line: 3 } },
    });
    expect(report.diff).toContain('+    return level <= minimum');
    expect(report.commit?.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(readFileSync(path.join(root, 'inventory/stock.py'), 'utf8')).toContain('return level <= minimum');
    // The test file is untouched and the committed tree is clean.
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: root, env: GIT_ENV, encoding: 'utf8' })).toBe('');
    expect(
      execFileSync('git', ['diff', 'HEAD~1', '--name-only'], { cwd: root, env: GIT_ENV, encoding: 'utf8' }).trim(),
    ).toBe('inventory/stock.py');
  });

  it('ends the run as soon as the engine has nothing left to try, not at the attempt limit', async () => {
    const root = repo({
      // No template adds a missing call: out of the engine's reach.
      'words.py': 'def shout(word):\n    return word.strip() + "!"\n',
      'test_words.py': 'from words import shout\n\n\ndef test_shout():\n    assert shout("hi") == "HI!"\n',
    });
    const report = await heal(
      {
        cwd: root,
        testCommand: 'PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q -p no:cacheprovider --junitxml=junit.xml',
        junit: ['junit.xml'],
        provider: 'builtin',
        maxAttempts: 3,
        timeoutSeconds: 120,
      },
      { logger: silentLogger, createProvider: (o) => createBuiltinProvider(o), env: PYTEST_ENV },
    );
    expect(report.result).toBe('unhealed');
    expect(report.attempts.map((a) => a.verdict)).toEqual(['no-edits']);
    expect(report.reason).toMatch(/no template applies to the suspicious lines any more/);
  });

  it('runs each same-size candidate’s own code, with the user’s bytecode caches on', async () => {
    const root = repo({
      'calc.py': 'def add(a, b):\n    return a - b\n',
      'tests/test_calc.py': 'from calc import add\n\n\ndef test_add():\n    assert add(1, 2) == 3\n',
    });
    const env: NodeJS.ProcessEnv = { ...PYTEST_ENV, PYTHONPATH: root };
    delete env.PYTHONDONTWRITEBYTECODE;
    // Every candidate (`a + b`, `a * b`, …) has the size of the bug, and the command pins the mtime:
    // only removing the right bytecode before each run tells the candidates apart.
    const report = await heal(
      {
        cwd: root,
        testCommand: 'touch -d @1767323045 calc.py && python3 -m pytest -q -p no:cacheprovider --junitxml=junit.xml',
        junit: ['junit.xml'],
        provider: 'builtin',
        timeoutSeconds: 120,
      },
      { logger: silentLogger, createProvider: (o) => createBuiltinProvider(o), env },
    );
    expect(report.result, report.reason).toBe('healed');
    expect(report.diff).toContain('+    return a + b');
  });

  it('heals a node:test project whose failure is a crash inside the code under test', async () => {
    const root = repo({
      'package.json': '{ "type": "commonjs" }\n',
      'src/orders.js': [
        "'use strict';",
        'function latestOrder(customer) {',
        '  const orders = customer.orders;',
        '  return orders[orders.length - 1].id;',
        '}',
        '',
        'function orderCount(customer) {',
        '  return customer.orders.length;',
        '}',
        '',
        'module.exports = { latestOrder, orderCount };',
        '',
      ].join('\n'),
      'test/orders.test.js': [
        "const test = require('node:test');",
        "const assert = require('node:assert/strict');",
        "const { latestOrder, orderCount } = require('../src/orders.js');",
        '',
        "test('latest of several', () => {",
        "  assert.equal(latestOrder({ orders: [{ id: 'a' }, { id: 'b' }] }), 'b');",
        '});',
        '',
        "test('a customer without orders has no latest order', () => {",
        '  assert.equal(latestOrder({ orders: [] }), null);',
        '});',
        '',
        "test('count', () => {",
        '  assert.equal(orderCount({ orders: [1, 2] }), 2);',
        '});',
        '',
      ].join('\n'),
    });
    const node = shellQuote(process.execPath);
    const report = await heal(
      {
        cwd: root,
        testCommand: `${node} --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=junit --test-reporter-destination=junit.xml`,
        junit: ['junit.xml'],
        provider: 'builtin',
        timeoutSeconds: 120,
      },
      { logger: silentLogger, createProvider: (o) => createBuiltinProvider(o), env: GIT_ENV },
    );
    expect(report.result, report.reason).toBe('healed');
    const failure = report.failures[0]!;
    expect(failure.triggering).toMatchObject({ file: 'src/orders.js', line: 4 });
    const detail = report.attempts.at(-1)!.detail!;
    expect(detail).toMatchObject({ engine: 'builtin', fix: { template: 'null-guard', file: 'src/orders.js' } });
    expect((detail.localisation as Array<{ file: string; line: number }>)[0]).toMatchObject({
      file: 'src/orders.js',
      line: 4,
    });
    execFileSync(process.execPath, ['--test'], { cwd: root, stdio: 'pipe' });
  });
});

/**
 * Localisation end to end: heal() records the failing tests' execution in one extra targeted run
 * (real pytest under self-heal's tracer, real node:test under V8 coverage), ranks the function two
 * calls below the test first, and the built-in engine repairs it from that ranking.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { heal } from '../../src/heal.js';
import { silentLogger } from '../../src/contracts/logger.js';
import { createBuiltinProvider } from '../../src/repair/builtin/builtin-provider.js';
import { commitAll, GIT_ENV, makeProject } from '../repair/builtin/helpers/temp-project.js';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function repo(files: Record<string, string>): string {
  const { root, cleanup } = makeProject({ ...files, '.gitignore': '__pycache__/\n.pytest_cache/\njunit.xml\n' });
  cleanups.push(cleanup);
  commitAll(root, 'code under test');
  return root;
}

const PARSER = [
  'def parse(text):',
  '    words = text.split()',
  '    if "," in text:',
  '        return pairs(words)',
  '    return words',
  '',
  '',
  'def pairs(words):',
  '    out = []',
  '    for i in range(0, len(words) - 3, 2):',
  '        out.append((words[i], words[i + 1]))',
  '    return out',
  '',
  '',
  'def unused(x):',
  '    return x * 2',
  '',
].join('\n');

const PY_TESTS = [
  'from pkg.parser import parse',
  '',
  '',
  'def test_words():',
  '    assert parse("a b c") == ["a", "b", "c"]',
  '',
  '',
  'def test_single():',
  '    assert parse("a") == ["a"]',
  '',
  '',
  'def test_pairs():',
  '    assert parse("a b , c d") == [("a", "b"), (",", "c")]',
  '',
].join('\n');

const PYTEST = 'PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q -p no:cacheprovider --junitxml=junit.xml';

describe('localisation from the recorded run', () => {
  it('ranks the function the failing pytest test ran and the passing ones did not, and heals it', async () => {
    const root = repo({ 'pkg/__init__.py': '', 'pkg/parser.py': PARSER, 'tests/test_parser.py': PY_TESTS });
    const report = await heal(
      { cwd: root, testCommand: PYTEST, junit: ['junit.xml'], provider: 'builtin', timeoutSeconds: 120 },
      { logger: silentLogger, createProvider: (o) => createBuiltinProvider(o), env: GIT_ENV },
    );
    expect(report.localisation?.source).toBe('spectrum');
    expect(report.localisation?.note).toContain('1 failing and 2 passing tests');
    expect(report.localisation?.functions[0]).toMatchObject({
      file: 'pkg/parser.py',
      name: 'pairs',
      startLine: 8,
      endLine: 12,
      why: 'run by the failing test, by none of the 2 passing ones',
    });
    expect(report.localisation?.functions.some((f) => f.name === 'unused')).toBe(false);
    expect(report.timings?.spectrumMs).toBeGreaterThan(0);
    expect(report.result, report.reason).toBe('healed');
    expect(report.diff).toContain('-    for i in range(0, len(words) - 3, 2):');
  });

  it('keeps the static ranking, and says why, when recording is off', async () => {
    const root = repo({ 'pkg/__init__.py': '', 'pkg/parser.py': PARSER, 'tests/test_parser.py': PY_TESTS });
    const report = await heal(
      {
        cwd: root,
        testCommand: PYTEST,
        junit: ['junit.xml'],
        provider: 'builtin',
        timeoutSeconds: 120,
        maxAttempts: 1,
        localise: 'static',
      },
      {
        logger: silentLogger,
        createProvider: (o) => createBuiltinProvider(o, { limits: { maxCandidatesPerAttempt: 1 } }),
        env: GIT_ENV,
      },
    );
    expect(report.localisation).toMatchObject({ source: 'static', note: expect.stringContaining('switched off') });
    expect(report.timings?.spectrumMs).toBeUndefined();
  });

  it('records a node:test run with V8 coverage', async () => {
    const root = repo({
      'package.json': '{"type":"module"}',
      'lib/total.js': [
        'export function total(items) {',
        '  return items.reduce((sum, item) => sum + line(item), 0);',
        '}',
        '',
        'function line(item) {',
        '  return item.price * (item.qty - 1);',
        '}',
        '',
      ].join('\n'),
      'test/total.test.js': [
        "import test from 'node:test';",
        "import assert from 'node:assert/strict';",
        "import { total } from '../lib/total.js';",
        '',
        "test('total', () => {",
        '  assert.equal(total([{ price: 2, qty: 3 }]), 6);',
        '});',
        '',
      ].join('\n'),
    });
    const report = await heal(
      {
        cwd: root,
        testCommand: 'node --test --test-reporter=junit --test-reporter-destination=junit.xml test/total.test.js',
        junit: ['junit.xml'],
        provider: 'builtin',
        timeoutSeconds: 120,
      },
      { logger: silentLogger, createProvider: (o) => createBuiltinProvider(o), env: GIT_ENV },
    );
    expect(report.localisation?.source, report.localisation?.note).toBe('spectrum');
    expect(report.localisation?.note).toContain('recorded by node');
    expect(report.localisation?.functions.map((f) => f.name)).toEqual(expect.arrayContaining(['total', 'line']));
    expect(report.result, report.reason).toBe('healed');
  });

  it('keeps the targeted run’s own NODE_OPTIONS (npm test → node --test) under the recorders', async () => {
    const root = repo({
      'package.json': JSON.stringify({
        type: 'module',
        scripts: { test: 'node --test --test-reporter=junit --test-reporter-destination=junit.xml' },
      }),
      'lib/shop.js': [
        'export function total(items) {',
        '  return items.reduce((sum, item) => sum + item.price * (item.qty - 1), 0);',
        '}',
        '',
        'export function label(name) {',
        '  return name.toUpperCase();',
        '}',
        '',
      ].join('\n'),
      'test/shop.test.js': [
        "import test from 'node:test';",
        "import assert from 'node:assert/strict';",
        "import { label, total } from '../lib/shop.js';",
        '',
        "test('total', () => {",
        '  assert.equal(total([{ price: 2, qty: 3 }]), 6);',
        '});',
        '',
        "test('label', () => {",
        "  assert.equal(label('a'), 'A');",
        '});',
        '',
      ].join('\n'),
    });
    const report = await heal(
      {
        cwd: root,
        testCommand: 'npm test',
        junit: ['junit.xml'],
        provider: 'builtin',
        timeoutSeconds: 120,
        maxAttempts: 1,
      },
      {
        logger: silentLogger,
        createProvider: (o) => createBuiltinProvider(o, { limits: { maxCandidatesPerAttempt: 1 } }),
        env: GIT_ENV,
      },
    );
    expect(report.localisation?.source, report.localisation?.note).toBe('spectrum');
    // Only the failing test ran: the passing test's `label` is nobody's evidence.
    expect(report.localisation?.functions.map((f) => f.name)).toContain('total');
    expect(report.localisation?.functions.map((f) => f.name)).not.toContain('label');
  });
});

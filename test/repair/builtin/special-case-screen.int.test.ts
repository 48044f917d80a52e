/**
 * The built-in engine never proposes a candidate that special-cases the failing tests: a template
 * that hard-codes the test's input and expected value (no real template does) makes the test pass
 * in a real pytest rerun, and is skipped; the real fix after it is proposed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HealOptions } from '../../../src/contracts/heal-options.js';
import { createBuiltinProvider } from '../../../src/repair/builtin/builtin-provider.js';
import type { RepairTemplate } from '../../../src/repair/builtin/template.js';
import type { RepairRequest } from '../../../src/repair/provider.js';
import { createDirectHost } from './helpers/direct-host.js';
import { frame, loc } from './helpers/frames.js';
import { commitAll, makeProject } from './helpers/temp-project.js';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const CALC = 'def add(a, b):\n    return a - b\n';
const TESTS = 'from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n';

/** Inserts `if a == 2 and b == 3: return 5` before the suspicious `return`: a hard-code, ranked first. */
const hardCode: RepairTemplate = {
  name: 'hard-code',
  bugClass: 'test',
  prior: 1,
  boostedBy: [],
  generate({ nodes, source }) {
    const ret = nodes.find((n) => n.type === 'return_statement');
    if (!ret) return [];
    const lineStart = source.text.lastIndexOf('\n', ret.startIndex - 1) + 1;
    const text = '    if a == 2 and b == 3:\n        return 5\n';
    return [{ start: lineStart, end: lineStart, text, weight: 1, description: 'hard-code add(2, 3)' }];
  },
};

/** The real fix, ranked after the hard-code. */
const plus: RepairTemplate = {
  name: 'plus',
  bugClass: 'test',
  prior: 0.5,
  boostedBy: [],
  generate({ nodes }) {
    const minus = nodes.find((n) => n.type === '-');
    return minus ? [{ start: minus.startIndex, end: minus.endIndex, text: '+', weight: 1, description: '- → +' }] : [];
  },
};

function setup(templates: RepairTemplate[], allowSpecialCases = false) {
  const { root, cleanup } = makeProject({ 'calc.py': CALC, 'test_calc.py': TESTS });
  cleanups.push(cleanup);
  commitAll(root, 'init');
  const host = createDirectHost(root, [['python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'test_calc.py']]]);
  const options = HealOptions.parse({ cwd: root, testCommand: 'true', allowSpecialCases });
  const provider = createBuiltinProvider(options, { templates });
  const failure = frame('test_calc.py::test_add', {
    test: loc('test_calc.py', 5),
    triggering: loc('calc.py', 2),
    stack: [loc('test_calc.py', 5), loc('calc.py', 2)],
    message: 'assert -1 == 5',
  });
  const request: RepairRequest = {
    attempt: 1,
    maxAttempts: 3,
    failures: [failure],
    prompt: { system: '', user: '', estimatedTokens: 0 },
    history: [],
    budget: { inputTokens: 0, outputTokens: 0, deadline: Date.now() + 120_000 },
  };
  return { host, provider, request };
}

describe('built-in engine and the special-casing check', () => {
  it('skips a candidate that passes by hard-coding the test and proposes the real fix after it', async () => {
    const { host, provider, request } = setup([hardCode, plus]);
    const answer = await provider.propose(request, host);
    expect(answer.edits).toEqual([{ path: 'calc.py', oldText: '    return a - b', newText: '    return a + b' }]);
    expect(answer.detail).toMatchObject({ validated: 2, specialCased: 1, fix: { template: 'plus' } });
    expect(host.logs.join('\n')).toMatch(
      /skipped: it special-cases the failing tests \(input-condition `2` at calc\.py:2\)/,
    );
  });

  it('proposes nothing when the hard-code is the only candidate that passes, and says so', async () => {
    const { host, provider, request } = setup([hardCode]);
    const answer = await provider.propose(request, host);
    expect(host.tries).toBe(1);
    expect(answer.edits).toEqual([]);
    expect(answer.notes).toMatch(/1 that did were skipped for special-casing the tests/);
  });

  it('proposes the hard-code when special cases are allowed', async () => {
    const { host, provider, request } = setup([hardCode, plus], true);
    const answer = await provider.propose(request, host);
    expect(answer.detail).toMatchObject({ specialCased: 0, fix: { template: 'hard-code' } });
  });
});

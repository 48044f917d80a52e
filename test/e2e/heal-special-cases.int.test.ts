/**
 * A model that hard-codes the failing test first and fixes the code second, through heal() and a
 * loopback OpenAI-compatible server, with the project's real tests (node:test): the hard-code
 * passes every test but is rolled back as `special-cased` with its evidence, the next request tells
 * the model why in one sentence, and the real fix is what gets committed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HealReport } from '../../src/contracts/heal-report.js';
import { renderJobSummary } from '../../src/render/job-summary.js';
import { openaiToolCalls, replaceInFile, startOpenAIServer, type OpenAIServer } from '../helpers/openai-server.js';
import { ADD_BUG, ADD_FIX, nodeCalcProject, type E2EProject } from './e2e-setup.js';

const KEY = 'sk-e2e-0123456789abcdefghijklmn';
/** `add(1, 2)` is what the failing test calls; 3 is what it expects. */
const ADD_HARD_CODED = 'export function add(a, b) {\n  if (a === 1 && b === 2) return 3;\n  return a - b;\n}\n';

let server: OpenAIServer | undefined;
let project: E2EProject | undefined;
afterEach(async () => {
  await server?.close();
  project?.repo.cleanup();
  server = undefined;
  project = undefined;
});

const env = { SELF_HEAL_API_KEY: KEY };
const userPrompt = (s: OpenAIServer, n: number) =>
  s.requests[n]!.body.messages.find((m: { role: string }) => m.role === 'user').content as string;

async function setup() {
  server = await startOpenAIServer({ apiKey: KEY });
  project = nodeCalcProject();
  server.reply(
    openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_HARD_CODED)]),
    openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_FIX)]),
  );
  return {
    server,
    project,
    options: {
      provider: 'openai' as const,
      baseUrl: server.apiBase,
      model: 'scripted-model',
      reportPath: 'report.json',
    },
  };
}

describe('heal(): a fix that special-cases the tests is not a fix', () => {
  it('rolls back the hard-code with its evidence, tells the model why, and commits the real fix', async () => {
    const { server, project, options } = await setup();
    const report = await project.heal(options, env);
    expect(report.result, report.reason).toBe('healed');
    expect(report.attempts.map((a) => a.verdict)).toEqual(['special-cased', 'accepted']);

    // The hard-code passed the real tests, and was still not accepted.
    const [flagged] = report.attempts;
    expect(flagged!.failToPass).toEqual({ passed: 1, total: 1 });
    expect(flagged!.passToPass).toMatchObject({ passed: 2, total: 2, broken: [] });
    expect(flagged!.diff).toContain('+  if (a === 1 && b === 2) return 3;');
    const test = { file: 'test/calc.test.js', line: 6, text: 'assert.equal(add(1, 2), 3);' };
    const line = { file: 'src/calc.js', line: 3, text: 'if (a === 1 && b === 2) return 3;' };
    expect(flagged!.specialCases).toEqual([
      { rule: 'input-condition', literal: '2', patch: line, test },
      { rule: 'expected-value', literal: '3', patch: line, test },
    ]);
    expect(flagged!.feedback).toBe(
      'Rolled back because the change special-cases the failing tests instead of fixing the code (' +
        'src/calc.js:3 compares with `2`, an input of the test at test/calc.test.js:6; ' +
        'src/calc.js:3 returns or assigns `3`, the value the test at test/calc.test.js:6 expects): ' +
        "make the logic right for every input, not just for the tests' own values, names or environment.",
    );

    // The second request carries the one-sentence reason; the first did not.
    expect(server.requests).toHaveLength(2);
    expect(userPrompt(server, 0)).not.toContain('Rolled back because');
    const second = userPrompt(server, 1);
    expect(second).toContain('## Attempt 1: special-cased (changed src/calc.js)');
    expect(second).toContain(`Why it failed: ${flagged!.feedback}`);

    // What was committed is the real fix, not the hard-code.
    expect(project.repo.read('src/calc.js')).toContain('return a + b;');
    expect(project.repo.read('src/calc.js')).not.toContain('a === 1');
    expect(project.repo.git('show', '--stat', '--format=', 'HEAD')).toContain('src/calc.js');

    // The JSON report and the job summary show it like any rejected attempt, with the evidence.
    const written = HealReport.parse(JSON.parse(readFileSync(path.join(project.repo.root, 'report.json'), 'utf8')));
    expect(written.attempts[0]!.specialCases).toEqual(flagged!.specialCases);
    const summary = renderJobSummary(report);
    expect(summary).toContain('| 1 | `src/calc.js` | 🚩 special\\-cases the tests | 1/1 | 2/2 |');
    expect(summary).toContain(
      '- `3` at `src/calc.js:3` `if (a === 1 && b === 2) return 3;` returns or assigns the value expected at `test/calc.test.js:6` `assert.equal(add(1, 2), 3);`',
    );
  });

  it('when every attempt special-cases the tests, the reason says so instead of "none passed"', async () => {
    server = await startOpenAIServer({ apiKey: KEY });
    project = nodeCalcProject();
    const other = 'export function add(a, b) {\n  if (b === 2) return 3;\n  return a - b;\n}\n';
    server.reply(
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_HARD_CODED)]),
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, other)]),
    );
    const report = await project.heal(
      { provider: 'openai', baseUrl: server.apiBase, model: 'scripted-model', maxAttempts: 2 },
      env,
    );
    expect(report.attempts.map((a) => a.verdict)).toEqual(['special-cased', 'special-cased']);
    expect(report.result).toBe('unhealed');
    // Both made every failing test pass: "no attempt made every failing test pass" would be false.
    expect(report.reason).toMatch(
      /^no attempt was accepted: attempts 1 and 2 passed the tests only by special-casing them; /,
    );
  });

  it('with allowSpecialCases (unsafe) the hard-code is accepted as it was before the check', async () => {
    const { server, project, options } = await setup();
    const report = await project.heal({ ...options, allowSpecialCases: true }, env);
    expect(report.result, report.reason).toBe('healed');
    expect(report.attempts.map((a) => a.verdict)).toEqual(['accepted']);
    expect(report.attempts[0]!.specialCases).toBeUndefined();
    expect(project.repo.read('src/calc.js')).toContain('if (a === 1 && b === 2) return 3;');
    expect(server.pending()).toBe(1);
  });

  it('reads the cases a table-driven test loads from a JSON fixture, and says which data it matched', async () => {
    server = await startOpenAIServer({ apiKey: KEY });
    project = nodeCalcProject({
      'test/calc.test.js': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { add, mul, sub } from '../src/calc.js';

const cases = JSON.parse(readFileSync(new URL('./fixtures/add-cases.json', import.meta.url), 'utf8'));

for (const { a, b, expected } of cases) {
  test(\`adds \${a} and \${b}\`, () => {
    assert.equal(add(a, b), expected);
  });
}

test('multiplies', () => {
  assert.equal(mul(2, 3), 6);
});

test('subtracts', () => {
  assert.equal(sub(5, 3), 2);
});
`,
      'test/fixtures/add-cases.json':
        '[\n  { "a": 7, "b": 5, "expected": 12 },\n  { "a": 20, "b": 22, "expected": 42 }\n]\n',
    });
    const encoded =
      'const KNOWN = JSON.parse(\'{"7,5": 12, "20,22": 42}\');\n\n' +
      'export function add(a, b) {\n  return KNOWN[`${a},${b}`] ?? a - b;\n}\n';
    server.reply(
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, encoded)]),
      openaiToolCalls([replaceInFile('src/calc.js', ADD_BUG, ADD_FIX)]),
    );
    const report = await project.heal(
      { provider: 'openai', baseUrl: server.apiBase, model: 'scripted-model', reportPath: 'report.json' },
      env,
    );
    expect(report.result, report.reason).toBe('healed');
    expect(report.attempts.map((a) => a.verdict)).toEqual(['special-cased', 'accepted']);
    const [flagged] = report.attempts;
    expect(flagged!.failToPass).toEqual({ passed: 2, total: 2 });
    expect(flagged!.specialCases).toEqual([
      {
        rule: 'encoded-cases',
        literal: `'{"7,5": 12, "20,22": 42}'`,
        patch: { file: 'src/calc.js', line: 2, text: `const KNOWN = JSON.parse('{"7,5": 12, "20,22": 42}');` },
        test: { file: 'test/fixtures/add-cases.json', line: 2, text: '{ "a": 7, "b": 5, "expected": 12 },' },
        dataReadBy: 'test/calc.test.js',
      },
    ]);
    expect(userPrompt(server, 1)).toContain('(test data read by test/calc.test.js)');
    expect(renderJobSummary(report)).toContain('(test data read by `test/calc.test.js`)');
    expect(project.repo.read('src/calc.js')).toContain('return a + b;');
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ActionInputs,
  INPUT_NAMES,
  InputError,
  inputVariable,
  readInputs,
  splitList,
  toHealOptions,
} from '../../src/action/inputs.js';
import { HealOptions } from '../../src/contracts/heal-options.js';
import { readActionYml } from './action-yml.js';

const ROOT = path.join(import.meta.dirname, '..', '..');
const actionYml = readActionYml(path.join(ROOT, 'action.yml'));

/** The environment the runner gives the step: every input of action.yml with its default, then `with:`. */
function runnerEnv(withInputs: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, def] of Object.entries(actionYml.inputs)) {
    // The runner evaluates `${{ github.token }}`; stand in a token-shaped value.
    const value = def.default === '${{ github.token }}' ? 'ghs_workflowtoken0123456789' : (def.default ?? '');
    env[`INPUT_${name.toUpperCase()}`] = value;
  }
  for (const [name, value] of Object.entries(withInputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  return env;
}

describe('action.yml and the inputs schema', () => {
  it('declare the same inputs, each documented', () => {
    expect(Object.keys(actionYml.inputs).sort()).toEqual([...INPUT_NAMES].sort());
    for (const [name, entry] of Object.entries(actionYml.inputs)) {
      expect(entry.description.length, name).toBeGreaterThan(10);
    }
  });

  it('have the same defaults', () => {
    for (const [name, entry] of Object.entries(actionYml.inputs)) {
      if (entry.required) continue;
      expect(entry.default, `${name} has a default in action.yml`).toBeDefined();
      if (name === 'github-token') {
        expect(entry.default).toBe('${{ github.token }}');
        continue;
      }
      // The schema turns the action.yml default and an empty (missing) input into the same value.
      const schema = ActionInputs.shape[name as keyof typeof ActionInputs.shape];
      expect(schema.parse(entry.default), name).toEqual(schema.parse(''));
    }
  });

  it('declares the outputs and runs on node24', () => {
    expect(Object.keys(actionYml.outputs).sort()).toEqual(
      ['attempts', 'commit-sha', 'patch-path', 'pull-request-url', 'report-path', 'result'].sort(),
    );
    expect(actionYml.runs).toEqual({ using: 'node24', main: 'dist/action/index.js' });
  });
});

describe('readInputs', () => {
  it('reads the runner variables (upper-cased, dashes kept) and applies defaults', () => {
    expect(inputVariable('test-command')).toBe('INPUT_TEST-COMMAND');
    const inputs = readInputs(
      runnerEnv({ 'test-command': 'npm test', junit: 'reports/*.xml\nmore/{unit,e2e}.xml' }),
      () => {},
    );
    expect(inputs).toMatchObject({
      'test-command': 'npm test',
      junit: ['reports/*.xml', 'more/{unit,e2e}.xml'],
      'max-attempts': 3,
      provider: 'auto',
      mode: 'auto',
      'dry-run': false,
      'max-self-heal-commits': 1,
      timeout: 600,
      'allow-unsafe-pull-request-target': false,
      'allow-dependency-changes': false,
      'pass-env': [],
    });
  });

  it('masks credentials before anything else, even when other inputs are bad', () => {
    const masked: string[] = [];
    expect(() =>
      readInputs(runnerEnv({ 'test-command': '', 'api-key': ' sk-secret-123 ' }), (s) => masked.push(s)),
    ).toThrow(InputError);
    expect(masked).toEqual(['sk-secret-123', 'ghs_workflowtoken0123456789']);
  });

  it('reports every bad input at once, naming it, echoing the value and saying what is expected', () => {
    let error: InputError | undefined;
    try {
      readInputs(
        runnerEnv({
          'test-command': 'pytest',
          'max-attempts': '9',
          provider: 'gpt',
          mode: 'yolo',
          'dry-run': 'yes',
          timeout: '-1',
          'base-url': 'ftp://x',
          'dispatch-workflow': '../evil',
        }),
        () => {},
      );
    } catch (e) {
      error = e as InputError;
    }
    expect(error).toBeInstanceOf(InputError);
    expect(error!.message.split('\n')).toEqual([
      `Input 'max-attempts' has the value "9": expected a whole number from 1 to 5.`,
      `Input 'provider' has the value "gpt": expected one of auto, copilot, builtin, openai, anthropic, command.`,
      `Input 'base-url' has the value "ftp://x": expected an http:// or https:// URL.`,
      `Input 'timeout' has the value "-1": expected a number of seconds above 0 and at most 21600.`,
      `Input 'mode' has the value "yolo": expected one of auto, commit, pull-request, patch.`,
      `Input 'dry-run' has the value "yes": expected true or false.`,
      `Input 'dispatch-workflow' has the value "../evil": expected a workflow file name such as ci.yml, or a workflow id.`,
    ]);
  });

  it('never echoes a credential', () => {
    const masked: string[] = [];
    expect(() =>
      readInputs(runnerEnv({ 'test-command': 'x', 'api-key': 'sk-do-not print' }), (v) => masked.push(v)),
    ).toThrow(
      new InputError([
        {
          input: 'api-key',
          message: `Input 'api-key' has the value ***: expected a token without spaces or line breaks.`,
        },
      ]),
    );
    expect(masked).toContain('sk-do-not print');
  });
});

describe('splitList', () => {
  it('splits lines and commas, keeping commas inside braces', () => {
    expect(splitList('a.xml, b.xml\n\n  c/{x,y}.xml ,')).toEqual(['a.xml', 'b.xml', 'c/{x,y}.xml']);
  });
});

describe('toHealOptions', () => {
  it('maps inputs to valid heal options', () => {
    const inputs = readInputs(
      runnerEnv({
        'test-command': 'pytest',
        'working-directory': 'py',
        protect: 'db/**',
        'max-tokens': '5000',
        'pass-env': 'DATABASE_TOKEN\nAWS_SECRET_ACCESS_KEY',
      }),
      () => {},
    );
    const options = HealOptions.parse(toHealOptions(inputs, { workspace: '/ws', reportPath: '/tmp/r.json' }));
    expect(options).toMatchObject({
      cwd: '/ws/py',
      testCommand: 'pytest',
      provider: 'auto',
      // Copilot authenticates with the workflow token.
      githubToken: 'ghs_workflowtoken0123456789',
      secrets: ['ghs_workflowtoken0123456789'],
      protect: ['db/**'],
      maxTokens: 5000,
      commit: false,
      reportPath: '/tmp/r.json',
      passEnv: ['DATABASE_TOKEN', 'AWS_SECRET_ACCESS_KEY'],
    });
  });

  it('keeps the special-casing check on unless allow-special-cases is true', () => {
    const options = (value?: string) =>
      HealOptions.parse(
        toHealOptions(
          readInputs(runnerEnv({ 'test-command': 'x', ...(value ? { 'allow-special-cases': value } : {}) }), () => {}),
          { workspace: '/ws', reportPath: '/r' },
        ),
      );
    expect(options().allowSpecialCases).toBe(false);
    expect(options('true').allowSpecialCases).toBe(true);
    expect(options('False').allowSpecialCases).toBe(false);
    expect(() => options('sometimes')).toThrow(/allow-special-cases/);
  });

  it('records the failing tests for the ranking unless localise is static', () => {
    const options = (value?: string) =>
      HealOptions.parse(
        toHealOptions(
          readInputs(runnerEnv({ 'test-command': 'x', ...(value ? { localise: value } : {}) }), () => {}),
          { workspace: '/ws', reportPath: '/r' },
        ),
      );
    expect(options().localise).toBe('record');
    expect(options('static').localise).toBe('static');
    expect(() => options('coverage')).toThrow(
      /Input 'localise' has the value "coverage": expected one of record, static/,
    );
  });

  it('uses api-key over the workflow token, and scrubs both', () => {
    const inputs = readInputs(
      runnerEnv({ 'test-command': 'x', provider: 'openai', 'api-key': 'sk-abc123456' }),
      () => {},
    );
    const options = toHealOptions(inputs, { workspace: '/ws', reportPath: '/r' });
    expect(options.apiKey).toBe('sk-abc123456');
    expect(options.secrets).toEqual(['sk-abc123456', 'ghs_workflowtoken0123456789']);
  });
});

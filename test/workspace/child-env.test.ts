import { describe, expect, it } from 'vitest';
import { agentEnvironment, isWithheldVariable, testRunEnvironment } from '../../src/workspace/child-env.js';

const STEP = {
  PATH: '/bin',
  HOME: '/home/u',
  'INPUT_GITHUB-TOKEN': 'ghs_pushing_token_value',
  'INPUT_API-KEY': 'sk-model-key-1234567890',
  'INPUT_TEST-COMMAND': 'pytest',
  ACTIONS_RUNTIME_TOKEN: 'runtime',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc.example',
  ACTIONS_CACHE_URL: 'https://cache.example',
  ACTIONS_RESULTS_URL: 'https://results.example',
  OPENAI_API_KEY: 'sk-laptop-key-1234567890',
  ANTHROPIC_API_KEY: 'sk-ant-key-1234567890',
  SELF_HEAL_API_KEY: 'key',
  // The token self-heal pushes with, under the workflow's own name for it.
  GITHUB_TOKEN: 'ghs_pushing_token_value',
  // The user's: the tests may need them.
  DB_PASSWORD: 'hunter2-db',
  NPM_TOKEN: 'npm-token',
  GITHUB_ACTIONS: 'true',
  RUNNER_TEMP: '/tmp/runner',
};
const SECRETS = ['ghs_pushing_token_value', 'sk-model-key-1234567890'];

describe('testRunEnvironment', () => {
  it('keeps the user’s environment and drops self-heal’s own credentials', () => {
    expect(testRunEnvironment(STEP, { secrets: SECRETS })).toEqual({
      PATH: '/bin',
      HOME: '/home/u',
      DB_PASSWORD: 'hunter2-db',
      NPM_TOKEN: 'npm-token',
      GITHUB_ACTIONS: 'true',
      RUNNER_TEMP: '/tmp/runner',
    });
  });

  it('keeps what --pass-env names', () => {
    const env = testRunEnvironment(STEP, { secrets: SECRETS, pass: ['GITHUB_TOKEN', 'OPENAI_API_KEY'] });
    expect(env.GITHUB_TOKEN).toBe('ghs_pushing_token_value');
    expect(env.OPENAI_API_KEY).toBe('sk-laptop-key-1234567890');
    expect(env['INPUT_GITHUB-TOKEN']).toBeUndefined();
  });
});

describe('agentEnvironment', () => {
  it('also withholds every credential-looking variable, unless listed or passed', () => {
    const env = agentEnvironment(
      { ...STEP, SELF_HEAL_AGENT_ENV: 'NPM_TOKEN' },
      { secrets: SECRETS, pass: ['DB_PASSWORD'] },
    );
    expect(Object.keys(env).sort()).toEqual([
      'DB_PASSWORD',
      'GITHUB_ACTIONS',
      'HOME',
      'NPM_TOKEN',
      'PATH',
      'RUNNER_TEMP',
      'SELF_HEAL_AGENT_ENV',
    ]);
  });
});

describe('isWithheldVariable', () => {
  it('is true for self-heal’s own variables, credential names and secret values, not the rest', () => {
    const withheld = Object.entries(STEP)
      .filter(([name, value]) => isWithheldVariable(name, value, SECRETS))
      .map(([name]) => name);
    expect(withheld).toEqual(
      Object.keys(STEP).filter((name) => !(name in agentEnvironment(STEP, { secrets: SECRETS }))),
    );
    expect(isWithheldVariable('INNOCUOUS', ' sk-model-key-1234567890\n', SECRETS)).toBe(true);
    expect(isWithheldVariable('INNOCUOUS', 'key', ['key'])).toBe(false);
  });
});

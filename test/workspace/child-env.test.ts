import { describe, expect, it } from 'vitest';
import {
  agentEnvironment,
  CANDIDATE_WITHHELD,
  candidateRunEnvironment,
  holdsSecretValue,
  isCredentialVariable,
  isWithheldVariable,
  testRunEnvironment,
} from '../../src/workspace/child-env.js';

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

describe('candidateRunEnvironment', () => {
  const gh = `ghp_${'Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2'}`;
  // One variable per rule of CANDIDATE_WITHHELD, and the values each value rule knows.
  const CASES: Array<[string, string, string]> = [
    ["self-heal's own", 'ACTIONS_RUNTIME_TOKEN', 'runtime'],
    ['credential name', 'NPM_TOKEN', 'npm-token'],
    ['credential name', 'DB_PASSWORD', 'hunter2-db'],
    ['name part', 'CLIENTSECRET', 'abc'],
    ['name part', 'DBPASSWORD', 'abc'],
    ['token value', 'DEPLOY', gh],
    ['token value', 'FINE', `github_pat_11ABCDEFG0${'a1B2c3D4e5'.repeat(8)}`],
    ['token value', 'MODEL', `sk-proj-${'Ab1_Cd2-Ef3Gh4'.repeat(6)}`],
    ['token value', 'AWS_ID', 'AKIA' + 'IOSFODNN7EXAMPLE'],
    [
      'token value',
      'SESSION',
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
    ],
    ['url with a password', 'DATABASE_URL', 'postgres://app:pw@db:5432/app'],
    ['url with a password', 'REDIS', 'redis://:s3cret@cache:6379/0'],
  ];
  const env = { PATH: '/bin', HOME: '/home/u', PLAIN: 'on', DATABASE_HOST: 'db', TOKENIZERS_PARALLELISM: 'false' };

  it.each(CASES)('%s: %s is withheld', (_rule, name, value) => {
    expect(isCredentialVariable(name, value)).toBe(true);
    const out = candidateRunEnvironment({ ...env, [name]: value });
    expect(out.env[name]).toBeUndefined();
    // self-heal's own never reached even the baseline, so it is not news to a candidate.
    expect(out.withheld).toEqual(name === 'ACTIONS_RUNTIME_TOKEN' ? [] : [name]);
  });

  it("scrubs an action input's value only when its name or value says it is a credential", () => {
    expect(holdsSecretValue('INPUT_PROVIDER', 'copilot')).toBe(false);
    expect(holdsSecretValue('INPUT_MODE', 'commit')).toBe(false);
    expect(holdsSecretValue('INPUT_COPILOT-PATH', '/opt/copilot-runtime')).toBe(false);
    expect(holdsSecretValue('INPUT_TOKEN', 'a-plain-value')).toBe(true);
    expect(holdsSecretValue('INPUT_EXTRA', gh)).toBe(true);
    expect(holdsSecretValue('ACTIONS_RUNTIME_TOKEN', 'runtime-token')).toBe(true);
    expect(holdsSecretValue('DEPLOY', gh)).toBe(true);
    expect(holdsSecretValue('PLAIN', 'on')).toBe(false);
  });

  it('keeps the rest, and whatever pass-env names', () => {
    const all = Object.fromEntries(CASES.map(([, n, v]) => [n, v]));
    const out = candidateRunEnvironment({ ...env, ...all }, { pass: ['DATABASE_URL', 'NPM_TOKEN'] });
    expect(out.env).toEqual({ ...env, DATABASE_URL: all.DATABASE_URL, NPM_TOKEN: 'npm-token' });
    expect(out.withheld).not.toContain('DATABASE_URL');
    // The baseline's environment keeps them all: it runs as CI did.
    expect(testRunEnvironment({ ...env, ...all }).DEPLOY).toBe(gh);
  });

  it('lists every rule, each with why', () => {
    expect(CANDIDATE_WITHHELD.length).toBe(4);
    for (const rule of CANDIDATE_WITHHELD) expect(rule.why.length).toBeGreaterThan(20);
  });
});

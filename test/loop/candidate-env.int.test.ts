/**
 * Issue 25, rule 2: a candidate's test runs get no variable that looks like a credential, by name
 * or by value, unless `pass-env` names it; the baseline runs as CI did. When the candidate's full
 * run then breaks tests that passed, the feedback and the summary say which were withheld and how
 * to pass them. Real heal() runs on the node:test fixture with the `command` agent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderJobSummary } from '../../src/render/job-summary.js';
import { healFixture, type AgentAction, type HealFixture } from './heal-fixture.js';

const FIX: AgentAction[] = [
  [
    'replace',
    'src/calc.js',
    'export function add(a, b) {\n  return a - b;\n}',
    'export function add(a, b) {\n  return a + b;\n}',
  ],
];

/** A test of the user's that needs the service's credentials: it passes where they are set. */
const ENV_TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';

test('reaches the service', () => {
  assert.ok(process.env.SERVICE_TOKEN, 'SERVICE_TOKEN is not set');
  assert.ok(process.env.DATABASE_URL, 'DATABASE_URL is not set');
  assert.equal(process.env.PLAIN_SETTING, 'on');
});
`;

const ENV = {
  // By name.
  SERVICE_TOKEN: 'svc-0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  // By value: a URL with a password, under a name that says nothing.
  DATABASE_URL: 'postgres://app:pw-42@db.internal:5432/app',
  // By value: a GitHub token shape under a plain name.
  DEPLOY_HANDLE: `ghp_${'Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2'}`,
  PLAIN_SETTING: 'on',
};

let fixture: HealFixture | undefined;
afterEach(() => {
  fixture?.repo.cleanup();
  fixture = undefined;
});

describe("a candidate's test runs and the user's credentials", () => {
  it(
    'withholds them from the candidate, says so when passing tests break, and passes them when asked',
    { timeout: 240_000 },
    async () => {
      fixture = healFixture('node-calc', { 'test/env.test.js': ENV_TEST });
      const report = await fixture.run([FIX], { maxAttempts: 1 }, { env: ENV });
      // The baseline ran as CI did: the service test passed there.
      expect(report.summary.failed + report.summary.errored).toBe(1);
      expect(report.result).toBe('unhealed');
      const attempt = report.attempts[0]!;
      expect(attempt.verdict).toBe('broke-passing');
      expect(attempt.passToPass?.broken).toEqual([expect.stringContaining('reaches the service')]);
      expect(attempt.withheldEnv).toEqual(['DATABASE_URL', 'DEPLOY_HANDLE', 'SERVICE_TOKEN']);
      // The model is told, and so is the user.
      expect(attempt.feedback).toMatch(
        /do not get these environment variables, which look like credentials: DATABASE_URL, DEPLOY_HANDLE, SERVICE_TOKEN/,
      );
      expect(attempt.feedback).toMatch(/pass-env: DATABASE_URL/);
      const summary = renderJobSummary(report);
      expect(summary).toMatch(
        /did not get 3 variables that look like credentials: `DATABASE_URL`, `DEPLOY_HANDLE`, `SERVICE_TOKEN`/,
      );
      expect(summary).toContain('`pass-env: DATABASE_URL`');
      expect(
        fixture.logger.lines.some((l) =>
          /the candidates' test runs do not get 3 variables that look like credentials: DATABASE_URL, DEPLOY_HANDLE, SERVICE_TOKEN/.test(
            l,
          ),
        ),
      ).toBe(true);
      // Nothing of their values is in the report.
      const json = JSON.stringify(report);
      for (const value of [ENV.SERVICE_TOKEN, ENV.DEPLOY_HANDLE, 'pw-42']) expect(json).not.toContain(value);

      const passed = await fixture.run(
        [FIX],
        { maxAttempts: 1, passEnv: ['SERVICE_TOKEN', 'DATABASE_URL'] },
        { env: { ...ENV, DEPLOY_HANDLE: '' } },
      );
      expect(passed.result).toBe('healed');
      expect(passed.attempts[0]!.withheldEnv).toBeUndefined();
    },
  );
});

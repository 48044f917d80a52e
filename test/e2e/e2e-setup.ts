/**
 * End-to-end setup: a fixture project in a real temporary git repository, healed by the real
 * `heal()` with the real providers (`createProvider`) talking to a loopback API server, with the
 * project's real test command (node:test writing JUnit).
 */
import path from 'node:path';
import { heal } from '../../src/heal.js';
import type { HealOptionsInput } from '../../src/contracts/heal-options.js';
import type { HealReport } from '../../src/contracts/heal-report.js';
import { createProvider } from '../../src/repair/create-provider.js';
import { createTempRepo, snapshotFiles, type TempRepo } from '../helpers/git-repo.js';
import {
  capturingLogger,
  FIXTURES,
  NODE_TEST_COMMAND,
  PYTEST_COMMAND,
  type CapturingLogger,
} from '../loop/heal-fixture.js';

export interface E2EProject {
  repo: TempRepo;
  logger: CapturingLogger;
  heal(options: Partial<HealOptionsInput>, env?: NodeJS.ProcessEnv): Promise<HealReport>;
  /** Work-tree files without the test runs' reports. */
  files(): Record<string, string>;
}

/** The node-calc fixture: `add` subtracts; `adds` fails, `multiplies` and `subtracts` pass. */
export function nodeCalcProject(extraFiles: Record<string, string> = {}): E2EProject {
  return fixtureProject('node-calc', NODE_TEST_COMMAND, extraFiles);
}

/** The py-calc fixture (pytest): `add` subtracts; `test_add` fails, `test_mul` passes. */
export function pyCalcProject(): E2EProject {
  return fixtureProject('py-calc', PYTEST_COMMAND, {});
}

function fixtureProject(name: string, testCommand: string, extraFiles: Record<string, string>): E2EProject {
  const repo = createTempRepo({ fixture: path.join(FIXTURES, name), files: extraFiles });
  const logger = capturingLogger();
  return {
    repo,
    logger,
    heal(options, env = {}) {
      const fullEnv = { ...repo.env, ...env };
      return heal(
        {
          cwd: repo.root,
          testCommand,
          junit: ['reports/*.xml'],
          maxAttempts: 3,
          timeoutSeconds: 60,
          ...options,
        },
        { logger, createProvider: (o) => createProvider(o, fullEnv), env: fullEnv, baseline: 'run' },
      );
    },
    files: () =>
      Object.fromEntries(
        Object.entries(snapshotFiles(repo.root)).filter(
          ([p]) => !/^(reports\/|__pycache__\/|tests\/__pycache__\/|\.pytest_cache\/)/.test(p),
        ),
      ),
  };
}

/** `add`'s body with enough context to match once (`sub` has the same line). */
export const ADD_BUG = 'export function add(a, b) {\n  return a - b;\n}\n';
export const ADD_FIX = 'export function add(a, b) {\n  return a + b;\n}\n';
export const ADD_WRONG = 'export function add(a, b) {\n  return a * b;\n}\n';

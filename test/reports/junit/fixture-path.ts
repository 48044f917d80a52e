import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root and the JUnit fixtures, wherever the tests run from. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const JUNIT_FIXTURES = path.join(REPO_ROOT, 'test/fixtures/junit');

export function fixture(...parts: string[]): string {
  return path.join(JUNIT_FIXTURES, ...parts);
}

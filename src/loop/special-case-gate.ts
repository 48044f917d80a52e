/**
 * The loop's side of the special-casing check: reads what the pure check needs from the work tree
 * (the failing tests' files once per run, the attempt's changed files per attempt) and scrubs the
 * evidence before it reaches the report or a model. A check that fails is logged and lets the
 * attempt through: the tests did verify it, and the check is a heuristic on top.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FailureFrame } from '../contracts/failure-frame.js';
import type { SpecialCaseEvidence } from '../contracts/heal-report.js';
import type { Logger } from '../contracts/logger.js';
import { checkSpecialCases } from '../repair/special-cases/check-special-cases.js';
import { readUnifiedDiff } from '../repair/special-cases/patch-lines.js';
import { readTestFacts, type TestFacts } from '../repair/special-cases/test-facts.js';

/** Files larger than this are not read (the syntax trees stop at 256 KiB anyway). */
const MAX_FILE_BYTES = 1024 * 1024;

export interface SpecialCaseGate {
  /** Evidence that the attempt's change special-cases the failing tests; empty when it does not. */
  check(diff: string, files: readonly string[]): Promise<SpecialCaseEvidence[]>;
}

/** A repo file's text; never one outside the repository, also not through a symlink (its lines become evidence). */
function readRepoFile(root: string, file: string): string | undefined {
  const normal = path.posix.normalize(file.replace(/\\/g, '/'));
  if (path.posix.isAbsolute(normal) || normal === '..' || normal.startsWith('../')) return undefined;
  try {
    const real = realpathSync(path.join(root, normal));
    if (!real.startsWith(realpathSync(root) + path.sep)) return undefined;
    const info = statSync(real);
    if (!info.isFile() || info.size > MAX_FILE_BYTES) return undefined;
    return readFileSync(real, 'utf8');
  } catch {
    return undefined;
  }
}

export function createSpecialCaseGate(input: {
  root: string;
  frames: readonly FailureFrame[];
  scrub: (text: string) => string;
  logger: Logger;
}): SpecialCaseGate {
  const { root, scrub, logger } = input;
  // The failing tests' files are restored before every verification: read once, when first needed.
  let facts: Promise<TestFacts> | undefined;
  return {
    async check(diff, files) {
      try {
        facts ??= readTestFacts(input.frames, (file) => readRepoFile(root, file));
        const changed = new Set(files);
        const patch = readUnifiedDiff(diff, (file) => (changed.has(file) ? readRepoFile(root, file) : undefined));
        const evidence = await checkSpecialCases(patch, await facts);
        return evidence.map((e) => ({
          ...e,
          literal: scrub(e.literal),
          patch: { ...e.patch, text: scrub(e.patch.text) },
          ...(e.test ? { test: { ...e.test, text: scrub(e.test.text) } } : {}),
        }));
      } catch (error) {
        logger.warn(
          `the special-casing check failed (${error instanceof Error ? error.message : String(error)}); the attempt is judged by its tests alone`,
        );
        return [];
      }
    },
  };
}

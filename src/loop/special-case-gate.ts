/**
 * The loop's side of the special-casing check: reads what the pure check needs from the work tree
 * (the failing tests' files once per run, the attempt's changed files per attempt) and scrubs the
 * evidence before it reaches the report or a model. A check that fails is logged and lets the
 * attempt through: the tests did verify it, and the check is a heuristic on top.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FailureFrame } from '../contracts/failure-frame.js';
import type { SpecialCaseEvidence } from '../contracts/heal-report.js';
import type { Logger } from '../contracts/logger.js';
import { SourceStore } from '../repair/builtin/source-store.js';
import { checkSpecialCases } from '../repair/special-cases/check-special-cases.js';
import { readUnifiedDiff } from '../repair/special-cases/patch-lines.js';
import {
  isDataFile,
  MAX_DATA_FILES,
  MAX_FOLDER_FILES,
  observedDataFiles,
  testDataCandidates,
} from '../repair/special-cases/test-data.js';
import { readTestFacts, type TestFacts } from '../repair/special-cases/test-facts.js';
import type { ObservedRead } from '../workspace/recorders/test-reads.js';

export interface SpecialCaseGate {
  /** Evidence that the attempt's change special-cases the failing tests; empty when it does not. */
  check(diff: string, files: readonly string[]): Promise<SpecialCaseEvidence[]>;
}

/**
 * The texts of `files` as they are in the work tree now. Never a file outside the repository, also
 * not through a symlink, and none too large to parse (their lines become evidence): SourceStore's rules.
 */
async function readRepoFiles(root: string, files: Iterable<string>): Promise<Map<string, string | undefined>> {
  const store = new SourceStore(root);
  const texts = new Map<string, string | undefined>();
  for (const file of files) if (!texts.has(file)) texts.set(file, await store.text(file));
  return texts;
}

/** The files of a data folder the tests name (repo-relative, sorted, bounded); none outside the repository. */
async function listFolder(root: string, folder: string): Promise<string[]> {
  const rel = SourceStore.normalise(folder);
  if (!rel) return [];
  try {
    const entries = await readdir(path.join(root, rel), { withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => `${rel}/${e.name}`)
      .sort()
      .slice(0, MAX_FOLDER_FILES);
  } catch {
    return [];
  }
}

/**
 * The failing tests' facts, with the data files their test files name and those the recorded run
 * saw them read (read through the same rules).
 */
async function readFactsWithData(
  root: string,
  frames: readonly FailureFrame[],
  observed: readonly ObservedRead[],
): Promise<TestFacts> {
  const testFiles = [...new Set(frames.flatMap((f) => (f.test ? [f.test.file] : [])))];
  const texts = await readRepoFiles(root, testFiles);
  const listed = new Map<string, string[]>();
  const candidates: string[] = [...observedDataFiles(observed, testFiles).keys()].slice(0, MAX_DATA_FILES);
  for (const [file, text] of texts) {
    if (text === undefined) continue;
    const { files, folders } = testDataCandidates(file, text);
    candidates.push(...files);
    for (const folder of folders) {
      if (!listed.has(folder)) listed.set(folder, await listFolder(root, folder));
      candidates.push(...listed.get(folder)!.filter(isDataFile));
    }
  }
  for (const [file, text] of await readRepoFiles(root, candidates.slice(0, MAX_DATA_FILES * 8)))
    if (!texts.has(file)) texts.set(file, text);
  return readTestFacts(frames, (file) => texts.get(file), {
    list: (folder) => listed.get(folder) ?? [],
    observed,
  });
}

export function createSpecialCaseGate(input: {
  root: string;
  frames: readonly FailureFrame[];
  /** The files the failing tests were seen to read in the recorded run (none without one). */
  reads?: readonly ObservedRead[];
  scrub: (text: string) => string;
  logger: Logger;
}): SpecialCaseGate {
  const { root, scrub, logger } = input;
  // The failing tests' files are restored before every verification: read once, when first needed.
  let facts: Promise<TestFacts> | undefined;
  return {
    async check(diff, files) {
      try {
        facts ??= readFactsWithData(root, input.frames, input.reads ?? []);
        // Only the files the attempt changed: a diff that names another file reads nothing of it.
        const changed = await readRepoFiles(root, files);
        const patch = readUnifiedDiff(diff, (file) => changed.get(file));
        const evidence = await checkSpecialCases(patch, await facts);
        return evidence.map((e) => ({
          ...e,
          literal: scrub(e.literal),
          patch: { ...e.patch, text: scrub(e.patch.text) },
          ...(e.test ? { test: { ...e.test, text: scrub(e.test.text) } } : {}),
          ...(e.dataReadBy ? { dataReadBy: scrub(e.dataReadBy) } : {}),
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

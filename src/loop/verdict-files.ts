/**
 * The verdict's own files, checked after every test run: the tests, their helpers and data, what
 * configures or runs them (`edits/protection.ts`'s paths, the shared files with protected sections,
 * `--protect`, the files the test command runs) must be after a run as they were before it. A
 * candidate whose code rewrites `tests/helpers.py` when imported is rejected, rolled back, and told.
 *
 * Cheap by design: before a run the loop already asks the tree state what differs from the snapshot
 * (`changedPaths`, for the bytecode guard); only those of the verdict's files are hashed then. After
 * the run one more `changedPaths` says what differs now; a verdict file that differs now and did not
 * before, or whose content hash moved, was changed by the run. git's stat cache does the rest, so
 * nothing is read that did not change.
 *
 * New files are counted when they are code or configuration (a new `conftest.py`, a test module, a
 * `.pytest.ini`); a new data file under a test folder (a snapshot the runner records, a file a test
 * writes) is the suite's output, not a change to the verdict. What the baseline's own runs changed
 * is the suite's doing (`test-runs.ts` learns it) and never counted against a candidate.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { PROTECTED_PATHS, PROTECTED_SECTIONS, TEST_FILES, TEST_SNAPSHOTS } from './edits/protection.js';

export interface VerdictFilesWatch {
  /** Before a run: `changed` is what differs from the snapshot now. */
  before(changed: readonly string[]): void;
  /** After it: the verdict's files the run changed, sorted. */
  after(): string[];
}

export interface VerdictFilesOptions {
  root: string;
  /** What differs from the snapshot now (`tree-state.ts`'s `changedPaths`). */
  changedPaths: () => readonly string[];
  /** Was the path there when the snapshot was taken (`tree-state.ts`'s `inSnapshot`)? */
  existed: (rel: string) => boolean;
  /** `--protect` globs. */
  protect?: readonly string[];
  /** Files the test command runs (`runner-files.ts`). */
  runnerFiles?: readonly string[];
}

/** Extensions of code: a new one under a test folder is a new test or helper, not data. */
const CODE = /\.(py|pyi|[cm]?[jt]sx?|go|rs|java|kt|rb|php|cs|swift|sh)$/i;

export function watchVerdictFiles(options: VerdictFilesOptions): VerdictFilesWatch {
  const { isVerdictFile, isData } = verdictMatchers(options);
  let before = new Map<string, string | null>();
  const hash = (rel: string): string | null => {
    try {
      return createHash('sha256')
        .update(readFileSync(path.join(options.root, rel)))
        .digest('hex');
    } catch {
      return null;
    }
  };
  return {
    before(changed) {
      before = new Map(changed.filter(isVerdictFile).map((p) => [p, hash(p)]));
    },
    after() {
      const now = new Set(options.changedPaths().filter(isVerdictFile));
      const changed: string[] = [];
      for (const p of new Set([...now, ...before.keys()])) {
        // Data the suite writes where there was none (a recorded snapshot, a test's output file).
        if (isData(p) && !options.existed(p)) continue;
        // Differs from the snapshot now and did not before, or no longer does, or differs otherwise.
        if (!before.has(p) || !now.has(p) || hash(p) !== before.get(p)) changed.push(p);
      }
      return changed.sort();
    },
  };
}

function verdictMatchers(options: VerdictFilesOptions): {
  isVerdictFile: (rel: string) => boolean;
  isData: (rel: string) => boolean;
} {
  // Lockfiles, CI, hooks and editor files are not read by the verdict; the snapshot restores them.
  const globs = [
    ...PROTECTED_PATHS.filter((g) => g.judges).flatMap((g) => g.patterns),
    ...PROTECTED_SECTIONS.flatMap((r) => r.files),
    ...(options.protect ?? []),
  ];
  const all = picomatch(globs, { dot: true, nocase: true });
  const runner = new Set(options.runnerFiles ?? []);
  // Test folders and snapshots hold data the suite writes (a new snapshot recorded outside CI, a
  // test's output file); names that are tests or configuration do not.
  const folders = [...TEST_FILES.patterns.filter((p) => p.endsWith('/**')), ...TEST_SNAPSHOTS.patterns];
  const inDataFolder = picomatch(folders, { dot: true, nocase: true });
  const named = picomatch(
    globs.filter((p) => !folders.includes(p)),
    { dot: true, nocase: true },
  );
  return {
    isVerdictFile: (rel) => runner.has(rel) || all(rel),
    isData: (rel) => inDataFolder(rel) && !named(rel) && !CODE.test(rel) && !runner.has(rel),
  };
}

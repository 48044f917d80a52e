/**
 * The built-in engine never proposes a candidate that special-cases the failing tests: a candidate
 * that passes them is checked (`repair/special-cases/`) before it becomes the answer. Its templates
 * are general one-line mutations and are not expected to produce one; this makes it a guarantee.
 */
import type { FailureFrame } from '../../contracts/failure-frame.js';
import { checkSpecialCases } from '../special-cases/check-special-cases.js';
import { patchFromTexts, type PatchedFile } from '../special-cases/patch-lines.js';
import { readTestFacts, type TestFacts } from '../special-cases/test-facts.js';
import type { Candidate } from './candidates.js';
import type { SourceStore } from './source-store.js';

/** Why a candidate special-cases the tests (its first piece of evidence), or undefined when it does not. */
export type CandidateScreen = (candidate: Candidate, store: SourceStore) => Promise<string | undefined>;

export function createSpecialCaseScreen(): (failures: readonly FailureFrame[]) => CandidateScreen {
  // The failing tests are the same for every attempt of a run: their facts are read once.
  let facts: Promise<TestFacts> | undefined;
  return (failures) => async (candidate, store) => {
    facts ??= (async () => {
      const texts = new Map<string, string | undefined>();
      for (const f of failures)
        if (f.test && !texts.has(f.test.file)) texts.set(f.test.file, await store.text(f.test.file));
      return readTestFacts(failures, (file) => texts.get(file));
    })();
    const patches: PatchedFile[] = [];
    for (const edit of candidate.edits) {
      const before = await store.text(edit.path);
      const at = before?.indexOf(edit.oldText) ?? -1;
      if (before === undefined || at < 0) continue;
      const after = before.slice(0, at) + edit.newText + before.slice(at + edit.oldText.length);
      patches.push(patchFromTexts(edit.path, before, after));
    }
    const [first] = await checkSpecialCases(patches, await facts);
    return first && `${first.rule} \`${first.literal}\` at ${first.patch.file}:${first.patch.line}`;
  };
}

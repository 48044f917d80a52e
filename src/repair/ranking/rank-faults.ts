/**
 * The ranking of a heal run, made once before the first attempt and read by every provider: the
 * spectrum's when the failing tests' execution was recorded and touched the repository's own code,
 * else the static one from the failure frames (the stacks, what the failing tests call, the
 * commit's changed lines), with the reason why in `note`.
 */
import { createCalleeResolver } from '../../frames/callee-definitions.js';
import { openRepoView } from '../../frames/repo-view.js';
import type { ExecutionSpectrum } from '../../contracts/spectrum.js';
import type { FailureFrame } from '../../contracts/failure-frame.js';
import { readChangedLines } from '../builtin/changed-lines.js';
import { localiseFaults } from '../builtin/localise.js';
import { collectFailureEvidence } from './failure-evidence.js';
import { SourceStore } from '../builtin/source-store.js';
import { functionAt, functionsOf, type FunctionRange } from './functions.js';
import { MAX_RANKED_LINES, type FaultRanking, type RankedLine } from './ranking.js';
import { groupRanking, rankSpectrum } from './spectrum.js';

export interface RankFaultsInput {
  root: string;
  failures: readonly FailureFrame[];
  /** The failing tests' own files, repo-relative. */
  testFiles: ReadonlySet<string>;
  commitDiff?: string;
  spectrum?: ExecutionSpectrum;
  /** What the recorded run gave, or why there was none. */
  note: string;
}

export async function rankFaults(input: RankFaultsInput): Promise<FaultRanking> {
  const store = new SourceStore(input.root);
  const view = await openRepoView(input.root);
  const callees = createCalleeResolver(view);
  try {
    const changed = await readChangedLines(input.root, input.commitDiff);
    const staticLines: RankedLine[] = await localiseFaults({
      failures: input.failures,
      store,
      changed,
      files: [...view.files],
      callees,
    });
    if (input.spectrum) {
      const evidence = await collectFailureEvidence(input.failures, callees, input.testFiles);
      const ranked = await rankSpectrum({ ...input, spectrum: input.spectrum, changed, store, staticLines, evidence });
      // A record whose lines of the repository's own code lie in no function (transformed scripts
      // left out, module-level code only) says nothing a function ranking can use.
      if (ranked && ranked.functions.length > 0) return ranked;
    }
    const why = input.spectrum ? `${input.note}; none of it in a function of the repository's own code` : input.note;
    return { source: 'static', note: why, ...(await groupStatic(staticLines, store)), lines: staticLines };
  } finally {
    callees.dispose();
    await store.dispose();
  }
}

async function groupStatic(
  lines: readonly RankedLine[],
  store: SourceStore,
): Promise<Pick<FaultRanking, 'files' | 'functions'>> {
  const functions = new Map<string, FunctionRange[]>();
  const withFn: Array<RankedLine & { fn?: FunctionRange }> = [];
  for (const l of lines.slice(0, MAX_RANKED_LINES)) {
    if (!functions.has(l.file)) functions.set(l.file, await functionsOf(store, l.file));
    const fn = functionAt(functions.get(l.file)!, l.line);
    withFn.push({ ...l, ...(fn ? { fn } : {}) });
  }
  return groupRanking(withFn);
}

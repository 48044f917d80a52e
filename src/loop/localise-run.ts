/**
 * Localisation before the first attempt: one recorded run of the failing tests
 * (`spectrum-run.ts`), then the ranking every provider reads (`repair/ranking/`). The run's
 * leftovers in the tree are put back by `restore`; a failure of either step leaves the static
 * ranking, said in its note.
 */
import type { FailureFrame } from '../contracts/failure-frame.js';
import type { Localisation } from '../contracts/heal-report.js';
import type { Logger } from '../contracts/logger.js';
import type { TestCase } from '../reports/test-run.js';
import type { ObservedRead } from '../workspace/recorders/test-reads.js';
import { rankFaults } from '../repair/ranking/rank-faults.js';
import { plural } from '../text/format.js';
import { oneLine, stripControls } from '../text/untrusted-text.js';
import type { FaultRanking } from '../repair/ranking/ranking.js';
import type { RerunTarget } from './rerun.js';
import { recordSpectrum, type SpectrumRun } from './spectrum-run.js';
import type { RerunLevel } from './targeted-run.js';
import type { TestRuns } from './test-runs.js';
import type { RunEvidence } from './run-tally.js';

/** Functions named in the log and the report. */
const REPORTED_FUNCTIONS = 5;

export interface LocaliseRunInput {
  runs: TestRuns;
  targets: readonly RerunTarget[];
  baseline: ReadonlyMap<string, TestCase>;
  level: RerunLevel;
  root: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  confirmationMs?: number;
  failures: readonly FailureFrame[];
  testFiles: ReadonlySet<string>;
  commitDiff?: string;
  logger: Logger;
  /** Puts the tree back after the recorded run. */
  restore: () => void;
  /** false: no recorded run (`--no-record`), the static ranking only. */
  record: boolean;
}

export interface LocaliseRunResult {
  ranking: FaultRanking;
  /** The recorded run's duration, when one ran. */
  spectrumMs?: number;
  report: Localisation;
  /** The repository files the failing tests read in the recorded run (none without one). */
  reads: ObservedRead[];
  /** What the failing tests did in the recorded run, when it ran (`reproduction.ts` reads it). */
  recorded?: RunEvidence;
}

/** Files named in the log line of what the failing tests read. */
const LOGGED_READS = 5;

function describeReads(reads: readonly ObservedRead[]): string {
  const files = [...new Set(reads.map((r) => r.file))];
  const shown = files.slice(0, LOGGED_READS).map((f) => oneLine(stripControls(f), 200));
  return `${plural(files.length, 'repository file')}: ${shown.join(', ')}${files.length > shown.length ? ', …' : ''}`;
}

export async function localiseRun(input: LocaliseRunInput): Promise<LocaliseRunResult> {
  const { logger } = input;
  let recorded: SpectrumRun = {
    note: 'recording was switched off (localise: static): the static ranking is used',
    durationMs: 0,
  };
  if (input.record) {
    try {
      recorded = await recordSpectrum(input);
    } catch (error) {
      recorded = { note: `the recorded run failed (${String(error)}): the static ranking is used`, durationMs: 0 };
    } finally {
      input.restore();
    }
  }
  logger.info(`localisation: ${recorded.note}`);
  const reads = recorded.reads ?? [];
  if (reads.length > 0) logger.info(`the failing tests read ${describeReads(reads)}`);
  const ranking = await rankFaults({ ...input, spectrum: recorded.spectrum, note: recorded.note });
  const top = ranking.functions.slice(0, REPORTED_FUNCTIONS);
  top.forEach((f, i) =>
    logger.info(
      `localisation ${i + 1}. ${f.file}:${f.startLine}-${f.endLine}${f.name ? ` ${f.name}` : ''} (${f.score.toFixed(3)}): ${f.why}`,
    ),
  );
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    ranking,
    ...(recorded.durationMs > 0 ? { spectrumMs: recorded.durationMs } : {}),
    reads,
    ...(recorded.run ? { recorded: recorded.run } : {}),
    report: {
      source: ranking.source,
      note: ranking.note,
      functions: top.map(({ file, name, startLine, endLine, score, why }) => ({
        file,
        ...(name ? { name } : {}),
        startLine,
        endLine,
        score: round(score),
        why,
      })),
    },
  };
}

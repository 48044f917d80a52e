/**
 * The fault ranking every provider reads: files, functions and lines of the repository's own code,
 * most suspicious first, each with why. It comes from the failing tests' recorded execution
 * (`spectrum.ts`) when there is one, else from the failure frames alone (`builtin/localise.ts`).
 */

export interface RankedLine {
  file: string;
  /** 1-based. */
  line: number;
  score: number;
  why: string;
}

export interface RankedFunction {
  file: string;
  /** Its name, when it has one. */
  name?: string;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  score: number;
  /** Why it is suspected, in words ("run by all 3 failing tests, by none of the 40 passing ones"). */
  why: string;
  /** Its suspicious lines, most suspicious first. */
  lines: number[];
}

export interface FaultRanking {
  /** Where the ranking came from. */
  source: 'spectrum' | 'static';
  /** What was recorded, or why nothing was (said in the report and the log). */
  note: string;
  /** A spectrum of single tests (passing ones told apart), not of whole runs. */
  perTest?: boolean;
  files: Array<{ file: string; score: number }>;
  functions: RankedFunction[];
  lines: RankedLine[];
}

/** Functions and lines a ranking keeps. */
export const MAX_RANKED_FUNCTIONS = 20;
export const MAX_RANKED_LINES = 400;

export function compareRanked(
  a: { score: number; file: string; line?: number; startLine?: number },
  b: { score: number; file: string; line?: number; startLine?: number },
): number {
  return (
    b.score - a.score ||
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    (a.line ?? a.startLine ?? 0) - (b.line ?? b.startLine ?? 0)
  );
}

/**
 * Spectrum-based fault localisation: the lines the failing tests ran, weighed against the passing
 * tests of the same files with Ochiai, ef / sqrt(nf * (ef + ep)), then raised for the lines in a
 * failure's stack and the lines the commit under test changed, with the static ranking as a
 * faint tie-breaker. Lines no failing test ran are left out; so are blank and comment lines, the
 * tests' own files and vendored code. Grouped by function: a function scores its best line.
 * Deterministic: ties go by file, then line.
 */
import type { ExecutionSpectrum } from '../../contracts/spectrum.js';
import type { FailureFrame } from '../../contracts/failure-frame.js';
import type { ChangedLines } from '../builtin/changed-lines.js';
import { isTestPath, isVendoredPath } from '../builtin/path-kinds.js';
import type { SourceStore } from '../builtin/source-store.js';
import { familyForFile } from '../builtin/syntax-tree.js';
import { plural } from '../../text/format.js';
import { EMPTY_EVIDENCE, phraseLines, type FailureEvidence } from './failure-evidence.js';
import { functionAt, functionsOf, type FunctionRange } from './functions.js';
import {
  compareRanked,
  MAX_RANKED_FUNCTIONS,
  MAX_RANKED_LINES,
  type FaultRanking,
  type RankedFunction,
  type RankedLine,
} from './ranking.js';

export const STACK_BOOST = 1.5;
export const CHANGED_BOOST = 1.5;
export const CHANGED_FUNCTION_BOOST = 1.2;
/** Weight of the static ranking's score (at most 1) added to a line that ran. */
export const STATIC_WEIGHT = 0.05;
/**
 * The same for a whole-run record: with no passing test told apart, every line it ran scores alike,
 * so the frames' evidence (stacks, what the tests call, the changed lines) orders them.
 */
export const WHOLE_RUN_STATIC_WEIGHT = 0.5;
/** Lines outside any function (module level) count this much. */
export const MODULE_LEVEL_WEIGHT = 0.5;
/** A line of a function a failing statement calls directly (`failure-evidence.ts`). */
export const CALLED_BOOST = 1.3;
/** A line beside a string a failing statement expects (the raise of the message it wants). */
export const PHRASE_BOOST = 1.5;
/** Lines before and after a phrase's line that count as beside it (a condition above its raise). */
export const PHRASE_BEFORE = 3;
export const PHRASE_AFTER = 1;
/** A line of a function named by a string of a failing statement. */
export const NAME_BOOST = 1.2;
/** A line that calls a qualified name the failure message mentions. */
export const MESSAGE_NAME_BOOST = 1.3;

export interface SpectrumRankInput {
  spectrum: ExecutionSpectrum;
  failures: readonly FailureFrame[];
  changed: ChangedLines;
  store: SourceStore;
  /** The failing tests' own files (never suspected). */
  testFiles: ReadonlySet<string>;
  /** The static ranking's lines (score and position), the tie-breaker. */
  staticLines?: readonly RankedLine[];
  /** What the failing statements call, expect and name. */
  evidence?: FailureEvidence;
  note: string;
}

interface Hit {
  file: string;
  line: number;
  ef: number;
  ep: number;
}

export function ochiai(ef: number, ep: number, nf: number): number {
  return ef > 0 && nf > 0 ? ef / Math.sqrt(nf * (ef + ep)) : 0;
}

export function isSuspectable(file: string, testFiles: ReadonlySet<string>): boolean {
  const code = familyForFile(file) !== undefined || (file.endsWith('.go') && !file.endsWith('_test.go'));
  return code && !isTestPath(file) && !isVendoredPath(file) && !testFiles.has(file);
}

/** Per line of the repository's own code that a failing unit ran: how many failing and passing units ran it. */
function countHits(spectrum: ExecutionSpectrum, testFiles: ReadonlySet<string>): Hit[] {
  const hits = new Map<string, Hit>();
  for (const unit of spectrum.units) {
    for (const [file, lines] of unit.lines) {
      if (!isSuspectable(file, testFiles)) continue;
      for (const line of lines) {
        const key = `${file}\0${line}`;
        const hit = hits.get(key) ?? { file, line, ef: 0, ep: 0 };
        if (unit.outcome === 'failed') hit.ef++;
        else hit.ep++;
        hits.set(key, hit);
      }
    }
  }
  return [...hits.values()].filter((h) => h.ef > 0);
}

/** Why a line is suspected, in words. */
export function describeHit(hit: Pick<Hit, 'ef' | 'ep'>, nf: number, np: number, perTest: boolean): string {
  if (!perTest) return `run when the ${plural(nf, 'failing test')} ran (recorded as one run)`;
  const failing =
    hit.ef === nf ? (nf === 1 ? 'the failing test' : `all ${nf} failing tests`) : `${hit.ef} of ${nf} failing tests`;
  if (np === 0) return `run by ${failing}`;
  const passing = hit.ep === 0 ? 'none' : String(hit.ep);
  return `run by ${failing}, by ${passing} of the ${plural(np, 'passing one')}`;
}

function stackLines(failures: readonly FailureFrame[]): Set<string> {
  const out = new Set<string>();
  for (const f of failures) {
    for (const loc of [...f.stack, ...(f.triggering ? [f.triggering] : [])]) out.add(`${loc.file}\0${loc.line}`);
  }
  return out;
}

async function isCodeLine(store: SourceStore, file: string, line: number): Promise<boolean> {
  const text = (await store.text(file))?.split('\n')[line - 1];
  return text !== undefined && !!text.trim() && !/^\s*(#|\/\/|\/\*|\*|"""|''')/.test(text);
}

export async function rankSpectrum(input: SpectrumRankInput): Promise<FaultRanking | undefined> {
  const { spectrum } = input;
  const nf = spectrum.units.filter((u) => u.outcome === 'failed').length;
  const np = spectrum.units.length - nf;
  const hits = countHits(spectrum, input.testFiles);
  if (nf === 0 || hits.length === 0) return undefined;
  const stack = stackLines(input.failures);
  const statics = new Map((input.staticLines ?? []).map((l) => [`${l.file}\0${l.line}`, l.score]));
  const staticMax = Math.max(1e-9, ...statics.values());
  const staticWeight = spectrum.perTest ? STATIC_WEIGHT : WHOLE_RUN_STATIC_WEIGHT;
  const evidence = input.evidence ?? EMPTY_EVIDENCE;
  const functions = new Map<string, FunctionRange[]>();
  const phrases = new Map<string, Map<number, string>>();
  const texts = new Map<string, string[]>();
  const lines: Array<RankedLine & { fn?: FunctionRange; hit: Hit }> = [];
  for (const hit of hits) {
    if (!(await isCodeLine(input.store, hit.file, hit.line))) continue;
    if (!functions.has(hit.file)) {
      functions.set(hit.file, await functionsOf(input.store, hit.file));
      const text = (await input.store.text(hit.file)) ?? '';
      phrases.set(hit.file, phraseLines(text, evidence.phrases));
      texts.set(hit.file, text.split('\n'));
    }
    const fn = functionAt(functions.get(hit.file)!, hit.line);
    const key = `${hit.file}\0${hit.line}`;
    const changedFile = input.changed.get(hit.file);
    let score = ochiai(hit.ef, hit.ep, nf);
    let why = describeHit(hit, nf, np, spectrum.perTest);
    if (stack.has(key)) [score, why] = [score * STACK_BOOST, `${why}; in a failure's stack`];
    if (changedFile?.has(hit.line)) [score, why] = [score * CHANGED_BOOST, `${why}; changed by the commit under test`];
    else if (fn && [...(changedFile ?? [])].some((l) => l >= fn.start && l <= fn.end)) score *= CHANGED_FUNCTION_BOOST;
    // The statement's evidence weighs what the record leaves open: all of it in a whole run, none
    // on a line only the failing tests ran (a caller must not outrank the callee they alone ran).
    const open = spectrum.perTest ? 1 - ochiai(hit.ef, hit.ep, nf) : 1;
    const statement = { fn, phrases: phrases.get(hit.file)!, text: texts.get(hit.file)!, evidence, open };
    [score, why] = raiseByStatement(hit, statement, [score, why]);
    if (!fn) score *= MODULE_LEVEL_WEIGHT;
    score += staticWeight * ((statics.get(key) ?? 0) / staticMax);
    lines.push({ file: hit.file, line: hit.line, score, why, hit, ...(fn ? { fn } : {}) });
  }
  lines.sort(compareRanked);
  return {
    source: 'spectrum',
    note: input.note,
    perTest: spectrum.perTest,
    ...groupRanking(lines),
    lines: lines.slice(0, MAX_RANKED_LINES).map(({ file, line, score, why }) => ({ file, line, score, why })),
  };
}

interface StatementEvidence {
  fn: FunctionRange | undefined;
  phrases: ReadonlyMap<number, string>;
  text: readonly string[];
  evidence: FailureEvidence;
  /** How much the record leaves open on this line, 0 to 1: each boost is scaled by it. */
  open: number;
}

/** The failing statements' own evidence (`failure-evidence.ts`): what they call, expect and name. */
function raiseByStatement(hit: Hit, s: StatementEvidence, [score, why]: [number, string]): [number, string] {
  const boost = (factor: number, reason: string): void => {
    [score, why] = [score * (1 + (factor - 1) * s.open), `${why}; ${reason}`];
  };
  if (s.evidence.called.some((c) => c.file === hit.file && hit.line >= c.startLine && hit.line <= c.endLine))
    boost(CALLED_BOOST, 'called by a failing statement');
  for (let at = hit.line - PHRASE_AFTER; at <= hit.line + PHRASE_BEFORE; at++) {
    const phrase = s.phrases.get(at);
    if (phrase === undefined) continue;
    boost(PHRASE_BOOST, `beside \`${clip(phrase)}\`, which a failing test expects`);
    break;
  }
  if (s.fn?.name && s.evidence.names.has(s.fn.name.toLowerCase()))
    boost(NAME_BOOST, `named like \`${s.fn.name}\` in a failing statement`);
  const named = s.evidence.messageNames.find((n) => s.text[hit.line - 1]?.includes(n));
  if (named) boost(MESSAGE_NAME_BOOST, `calls \`${named}\`, named in the failure message`);
  return [score, why];
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** How much of a function's score is its best line; the rest is the mean of its best three. */
export const BEST_LINE_SHARE = 0.7;

/**
 * Functions scored by their best line, and by their best three (a caller whose one call line only
 * the failing tests run ranks below the callee whose body only they run); ties: more suspicious
 * lines. Files score their best line.
 */
export function groupRanking(
  lines: ReadonlyArray<RankedLine & { fn?: FunctionRange }>,
): Pick<FaultRanking, 'files' | 'functions'> {
  const byFunction = new Map<string, RankedFunction & { scores: number[] }>();
  for (const l of lines) {
    if (!l.fn) continue;
    const key = `${l.file}\0${l.fn.start}`;
    const fn = byFunction.get(key);
    if (fn) {
      fn.lines.push(l.line);
      fn.scores.push(l.score);
    } else
      byFunction.set(key, {
        file: l.file,
        ...(l.fn.name ? { name: l.fn.name } : {}),
        startLine: l.fn.start,
        endLine: l.fn.end,
        score: l.score,
        why: l.why,
        lines: [l.line],
        scores: [l.score],
      });
  }
  const functions = [...byFunction.values()].map(({ scores, ...fn }) => {
    // `lines` arrive best first, so the first three scores are the best three.
    const best3 = scores.slice(0, 3);
    const mean = best3.reduce((a, b) => a + b, 0) / 3;
    return { ...fn, score: BEST_LINE_SHARE * scores[0]! + (1 - BEST_LINE_SHARE) * mean };
  });
  functions.sort((a, b) => b.score - a.score || b.lines.length - a.lines.length || compareRanked(a, b));
  const files = new Map<string, number>();
  for (const l of lines) files.set(l.file, Math.max(files.get(l.file) ?? 0, l.score));
  return {
    functions: functions.slice(0, MAX_RANKED_FUNCTIONS),
    files: [...files].map(([file, score]) => ({ file, score })).sort(compareRanked),
  };
}

/**
 * Fault localisation from failure frames alone (no coverage run): which lines of the user's code are
 * suspicious, and how much.
 *
 * - Stack evidence: each in-repo, non-test frame of each failing test. A line shared by the stacks
 *   of more failing tests scores higher (Ochiai over failing tests: with no passing-test spectra,
 *   ochiai = sqrt(failed(line) / failed_total)); deeper frames score higher than their callers.
 * - A frame's enclosing function, at a lower weight: the wrong line often runs before the one that
 *   crashes.
 * - What the failing tests call: an assertion failure's stack ends in the test, so the definitions of
 *   what its failing statement calls are suspected (found by the frames stage's callee resolver,
 *   through the test's imports), and, at lower weight, what those call.
 * - The lines changed by the commit under test, boosted.
 */
import type { CalleeDefinition, CalleeResolver } from '../../frames/callee-definitions.js';
import type { FailureFrame, SourceLocation } from '../../contracts/failure-frame.js';
import type { ChangedLines } from './changed-lines.js';
import { isTestPath, isVendoredPath } from './path-kinds.js';
import type { SourceStore } from './source-store.js';
import { plural } from '../../text/format.js';
import {
  familyForFile,
  functionAtRow,
  functionName,
  isFunctionNode,
  walkTree,
  type ParsedSource,
} from './syntax-tree.js';

export interface SuspiciousLine {
  file: string;
  /** 1-based. */
  line: number;
  score: number;
  /** Why the line is suspected (for the report). */
  why: string;
}

/** How fast a caller's weight falls with its distance from the deepest in-repo frame. */
export const DEPTH_DECAY = 0.8;
/** Weight of the other lines of a frame's function, relative to the frame. */
export const FUNCTION_WEIGHT = 0.5;
/**
 * Weight of a function a failing test calls directly; what that calls gets `CALLEE_DECAY` of it.
 * As much as the rest of a stack frame's function: these are what the failing statement calls,
 * tied to it through the test's imports, not names merely alike.
 */
export const CALLED_WEIGHT = 0.5;
export const CALLEE_DECAY = 0.5;
/** How many calls deep the test's callees are followed. */
export const CALL_DEPTH = 2;
/** Multiplier for a changed line, and for the other lines of a function that has one. */
export const CHANGED_BOOST = 2;
export const CHANGED_FUNCTION_BOOST = 1.3;
/** Weight of a changed line no other evidence points at. */
export const CHANGED_ONLY_WEIGHT = 0.3;
/** Weight of every function when there is no other evidence at all. */
export const FALLBACK_WEIGHT = 0.05;
/** Files whose functions the fallback suspects. */
export const FALLBACK_FILES = 200;
export const MAX_SUSPICIOUS_LINES = 400;

export interface LocaliseInput {
  failures: readonly FailureFrame[];
  store: SourceStore;
  changed: ChangedLines;
  /** Tracked files (for the fallback when nothing points anywhere); may be empty. */
  files: readonly string[];
  /** Where what the failing tests call is defined (`frames/callee-definitions.ts`). */
  callees: CalleeResolver;
}

function isOwnSource(file: string, testFiles: ReadonlySet<string>): boolean {
  return familyForFile(file) !== undefined && !isTestPath(file) && !isVendoredPath(file) && !testFiles.has(file);
}

/** The failure's in-repo locations, deepest first. */
function locationsDeepestFirst(failure: FailureFrame): SourceLocation[] {
  const chain = [...failure.stack];
  const t = failure.triggering;
  if (t && !chain.some((s) => s.file === t.file && s.line === t.line)) chain.push(t);
  return chain.reverse();
}

class Scores {
  private readonly lines = new Map<string, SuspiciousLine>();

  raise(file: string, line: number, score: number, why: string): void {
    if (line < 1 || !(score > 0)) return;
    const key = `${file}\0${line}`;
    const current = this.lines.get(key);
    if (!current || current.score < score) this.lines.set(key, { file, line, score, why });
  }

  all(): SuspiciousLine[] {
    return [...this.lines.values()];
  }

  has(file: string, line: number): boolean {
    return this.lines.has(`${file}\0${line}`);
  }
}

async function functionRows(
  store: SourceStore,
  file: string,
  line: number,
): Promise<{ start: number; end: number } | undefined> {
  const source = await store.parse(file);
  if (!source) return undefined;
  const fn = functionAtRow(source.tree.rootNode, line - 1, source.family);
  return fn ? { start: fn.startPosition.row + 1, end: fn.endPosition.row + 1 } : undefined;
}

function definitionKey(d: CalleeDefinition): string {
  return `${d.file}\0${d.startLine}`;
}

/** The named functions and methods of a file, as 1-based line ranges. */
function functionRanges(source: ParsedSource): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  walkTree(source.tree.rootNode, (node) => {
    if (isFunctionNode(node, source.family) && functionName(node))
      out.push({ start: node.startPosition.row + 1, end: node.endPosition.row + 1 });
    return true;
  });
  return out;
}

/** Rank suspicious lines, most suspicious first (ties: file, then line). */
export async function localiseFaults(input: LocaliseInput): Promise<SuspiciousLine[]> {
  const total = input.failures.length;
  if (!total) return [];
  const scores = new Scores();
  const testFiles = new Set(input.failures.flatMap((f) => (f.test ? [f.test.file] : [])));
  await raiseStackEvidence(input, scores, testFiles);
  await raiseCalledCode(input, scores, testFiles);
  // Nothing points anywhere: every function of the repo's own code, faintly.
  if (!scores.all().length && !input.changed.size) await raiseEveryFunction(input, scores, testFiles);
  const boosted = await boostChanged(input, scores, testFiles);
  const kept = await dropBlankAndComments(input.store, boosted);
  kept.sort((a, b) => b.score - a.score || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line);
  return kept.slice(0, MAX_SUSPICIOUS_LINES);
}

/** 1. Stack evidence, Ochiai-like over the failing tests. */
async function raiseStackEvidence(input: LocaliseInput, scores: Scores, testFiles: Set<string>): Promise<void> {
  const { failures, store } = input;
  const total = failures.length;
  const frameHits = new Map<string, { file: string; line: number; tests: Set<number>; depth: number; fn?: string }>();
  failures.forEach((failure, i) => {
    locationsDeepestFirst(failure)
      .filter((loc) => isOwnSource(loc.file, testFiles))
      .forEach((loc, k) => {
        const key = `${loc.file}\0${loc.line}`;
        const hit = frameHits.get(key) ?? { file: loc.file, line: loc.line, tests: new Set<number>(), depth: 0 };
        hit.tests.add(i);
        hit.depth = Math.max(hit.depth, DEPTH_DECAY ** k);
        frameHits.set(key, hit);
      });
  });
  for (const hit of frameHits.values()) {
    const ochiai = Math.sqrt(hit.tests.size / total);
    const score = ochiai * hit.depth;
    scores.raise(hit.file, hit.line, score, `in the stack of ${hit.tests.size} of ${plural(total, 'failing test')}`);
    const rows = await functionRows(store, hit.file, hit.line);
    if (rows) {
      for (let line = rows.start; line <= rows.end; line++) {
        if (line !== hit.line)
          scores.raise(hit.file, line, score * FUNCTION_WEIGHT, `in the function of a stack frame (line ${hit.line})`);
      }
    }
  }
}

/** 2. What the failing tests call, and what that calls, a few calls deep. */
async function raiseCalledCode(input: LocaliseInput, scores: Scores, testFiles: Set<string>): Promise<void> {
  const { failures } = input;
  const total = failures.length;
  const calledBy = new Map<string, { def: CalleeDefinition; tests: Set<number>; level: number }>();
  for (let i = 0; i < failures.length; i++) {
    const seen = new Set<string>();
    let wanted = await input.callees.definitionsFor(failures[i]!);
    for (let level = 0; level < CALL_DEPTH && wanted.length; level++) {
      const next: CalleeDefinition[] = [];
      for (const def of wanted) {
        const key = definitionKey(def);
        if (seen.has(key) || !isOwnSource(def.file, testFiles)) continue;
        seen.add(key);
        const entry = calledBy.get(key) ?? { def, tests: new Set<number>(), level };
        entry.tests.add(i);
        entry.level = Math.min(entry.level, level);
        calledBy.set(key, entry);
        if (level + 1 < CALL_DEPTH) next.push(...(await input.callees.calleesOf(def)));
      }
      wanted = next;
    }
  }
  for (const { def, tests, level } of calledBy.values()) {
    const score = CALLED_WEIGHT * CALLEE_DECAY ** level * Math.sqrt(tests.size / total);
    const why =
      level === 0
        ? `\`${def.name}\` is called by ${tests.size} of ${plural(total, 'failing test')}`
        : `\`${def.name}\` is called from code the failing tests call`;
    for (let line = def.startLine; line <= def.endLine; line++) scores.raise(def.file, line, score, why);
  }
}

/** 3. Every function of the repository's own code, faintly. */
async function raiseEveryFunction(input: LocaliseInput, scores: Scores, testFiles: Set<string>): Promise<void> {
  for (const file of input.files.filter((f) => isOwnSource(f, testFiles)).slice(0, FALLBACK_FILES)) {
    const source = await input.store.parse(file);
    if (!source) continue;
    for (const fn of functionRanges(source)) {
      for (let line = fn.start; line <= fn.end; line++)
        scores.raise(file, line, FALLBACK_WEIGHT, 'no stack evidence: every function');
    }
  }
}

const CHANGED = 'changed by the commit under test';

/** 4. The commit under test: its changed lines, and the functions around them, weigh more. */
async function boostChanged(input: LocaliseInput, scores: Scores, testFiles: Set<string>): Promise<SuspiciousLine[]> {
  const { changed, store } = input;
  const changedFunctions = new Map<string, Array<{ start: number; end: number }>>();
  for (const [file, lines] of changed) {
    if (!isOwnSource(file, testFiles)) continue;
    const ranges: Array<{ start: number; end: number }> = [];
    for (const line of lines) {
      if (!scores.has(file, line)) scores.raise(file, line, CHANGED_ONLY_WEIGHT, CHANGED);
      const rows = await functionRows(store, file, line);
      if (rows) ranges.push(rows);
    }
    changedFunctions.set(file, ranges);
  }
  return scores.all().map((s) => {
    // A line raised only for being changed already says so.
    if (changed.get(s.file)?.has(s.line))
      return { ...s, score: s.score * CHANGED_BOOST, why: s.why === CHANGED ? s.why : `${s.why}; ${CHANGED}` };
    if (changedFunctions.get(s.file)?.some((r) => s.line >= r.start && s.line <= r.end))
      return { ...s, score: s.score * CHANGED_FUNCTION_BOOST };
    return { ...s };
  });
}

/** Blank and comment-only lines cannot be repaired by a template. */
async function dropBlankAndComments(store: SourceStore, lines: SuspiciousLine[]): Promise<SuspiciousLine[]> {
  const kept: SuspiciousLine[] = [];
  const fileLines = new Map<string, string[]>();
  for (const s of lines) {
    let text = fileLines.get(s.file);
    if (!text) {
      text = (await store.text(s.file))?.split('\n') ?? [];
      fileLines.set(s.file, text);
    }
    const lineText = text[s.line - 1];
    if (lineText === undefined || !lineText.trim() || /^\s*(#|\/\/|\/\*|\*)/.test(lineText)) continue;
    kept.push(s);
  }
  return kept;
}

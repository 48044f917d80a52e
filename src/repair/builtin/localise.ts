/**
 * Fault localisation from failure frames alone (no coverage run): which lines of the user's code are
 * suspicious, and how much.
 *
 * - Stack evidence: each in-repo, non-test frame of each failing test. A line shared by the stacks
 *   of more failing tests scores higher (Ochiai over failing tests: with no passing-test spectra,
 *   ochiai = sqrt(failed(line) / failed_total)); deeper frames score higher than their callers.
 * - A frame's enclosing function, at a lower weight: the wrong line often runs before the one that
 *   crashes.
 * - What the failing tests call: an assertion failure's stack ends in the test, so the functions the
 *   test body calls (and, at lower weight, what those call) are indexed by name and suspected.
 * - The lines changed by the commit under test, boosted.
 */
import type { FailureFrame, SourceLocation } from '../../frames/failure-frame.js';
import type { ChangedLines } from './changed-lines.js';
import { DefinitionIndex } from './definition-index.js';
import { calledNames, definitionsIn, type Definition } from './definitions.js';
import { importedFiles } from './imports.js';
import { isTestPath, isVendoredPath } from './path-kinds.js';
import type { SourceStore } from './source-store.js';
import { familyForFile, functionAtRow } from './syntax-tree.js';

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
/** Weight of a function a failing test calls directly; what that calls gets `CALLEE_DECAY` of it. */
export const CALLED_WEIGHT = 0.4;
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
export const MAX_SUSPICIOUS_LINES = 400;
/** Files scanned for definitions of the called names (text prefilter first, then parse). */
export const MAX_SCANNED_FILES = 2_000;

export interface LocaliseInput {
  failures: readonly FailureFrame[];
  store: SourceStore;
  changed: ChangedLines;
  /** Tracked source files (for the call graph); may be empty. */
  files: readonly string[];
  /** Kept across the attempts of a run by the provider; a fresh one otherwise. */
  definitions?: DefinitionIndex;
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

async function functionRows(store: SourceStore, file: string, line: number): Promise<{ start: number; end: number } | undefined> {
  const source = await store.parse(file);
  if (!source) return undefined;
  const fn = functionAtRow(source.tree.rootNode, line - 1, source.family);
  return fn ? { start: fn.startPosition.row + 1, end: fn.endPosition.row + 1 } : undefined;
}

/** Names called by the test code around each of the failure's test-side locations. */
async function namesCalledByTest(failure: FailureFrame, store: SourceStore, testFiles: ReadonlySet<string>): Promise<Set<string>> {
  const spots: SourceLocation[] = [];
  if (failure.test) spots.push(failure.test);
  for (const loc of [...failure.stack, ...(failure.triggering ? [failure.triggering] : [])]) {
    if (!isOwnSource(loc.file, testFiles)) spots.push(loc);
  }
  const names = new Set<string>();
  for (const spot of spots) {
    const source = await store.parse(spot.file);
    if (!source) continue;
    const fn = functionAtRow(source.tree.rootNode, spot.line - 1, source.family);
    if (fn) {
      for (const name of calledNames(fn)) names.add(name);
    } else {
      // Module-level test code: the statements around the line.
      const root = source.tree.rootNode;
      for (const child of root.namedChildren) {
        if (child && Math.abs(child.startPosition.row - (spot.line - 1)) <= 5) for (const name of calledNames(child)) names.add(name);
      }
    }
  }
  return names;
}

/** Files the failing tests import (and what those import), in import order. */
async function importedByTests(failures: readonly FailureFrame[], input: LocaliseInput, tracked: ReadonlySet<string>): Promise<string[]> {
  const preferred: string[] = [];
  let frontier = [...new Set(failures.flatMap((f) => [f.test?.file, ...f.stack.map((s) => s.file)].filter((x): x is string => !!x)))];
  for (let depth = 0; depth < 2 && frontier.length; depth++) {
    const next: string[] = [];
    for (const file of frontier) {
      const source = await input.store.parse(file);
      if (!source) continue;
      for (const imported of importedFiles(source, tracked)) {
        if (!preferred.includes(imported)) {
          preferred.push(imported);
          next.push(imported);
        }
      }
    }
    frontier = next;
  }
  return preferred;
}

function definitionKey(d: Definition): string {
  return `${d.file}\0${d.startRow}`;
}

/** Rank suspicious lines, most suspicious first (ties: file, then line). */
export async function localiseFaults(input: LocaliseInput): Promise<SuspiciousLine[]> {
  const { failures, store, changed } = input;
  const total = failures.length;
  const scores = new Scores();
  if (!total) return [];
  const testFiles = new Set(failures.flatMap((f) => (f.test ? [f.test.file] : [])));

  // 1. Stack evidence, Ochiai-like over the failing tests.
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
    scores.raise(hit.file, hit.line, score, `in the stack of ${hit.tests.size}/${total} failing test(s)`);
    const rows = await functionRows(store, hit.file, hit.line);
    if (rows) {
      for (let line = rows.start; line <= rows.end; line++) {
        if (line !== hit.line) scores.raise(hit.file, line, score * FUNCTION_WEIGHT, `in the function of a stack frame (line ${hit.line})`);
      }
    }
  }

  // 2. What the failing tests call, by name, a few calls deep.
  const index = input.definitions ?? new DefinitionIndex();
  const tracked = new Set(input.files);
  const preferred = (await importedByTests(failures, input, tracked)).filter((f) => isOwnSource(f, testFiles));
  const everything = [...preferred, ...input.files.filter((f) => isOwnSource(f, testFiles) && !preferred.includes(f))];
  /**
   * Where a name is looked for: what the test calls, first in the modules the tests import and only
   * when none is found there in the whole repository; what a found function calls, in its own
   * module, what that imports and the tests' modules (a callee elsewhere is rare, and looking for
   * `round` in every file of a large repository is not).
   */
  const scopeFor = async (level: number, from?: Definition): Promise<string[]> => {
    if (level === 0 || !from) return preferred;
    const source = await store.parse(from.file);
    const own = source ? importedFiles(source, tracked) : [];
    return [...new Set([from.file, ...own, ...preferred])].filter((f) => isOwnSource(f, testFiles));
  };
  const calledBy = new Map<string, { def: Definition; tests: Set<number>; level: number }>();
  for (let i = 0; i < failures.length; i++) {
    const seen = new Set<string>();
    let wanted: Array<{ names: Set<string>; from?: Definition }> = [{ names: await namesCalledByTest(failures[i]!, store, testFiles) }];
    for (let level = 0; level < CALL_DEPTH && wanted.length; level++) {
      const defs: Definition[] = [];
      for (const { names, from } of wanted) {
        let found = await index.lookup(names, await scopeFor(level, from), store, MAX_SCANNED_FILES);
        if (level === 0 && !found.length) found = await index.lookup(names, everything, store, MAX_SCANNED_FILES);
        defs.push(...found);
      }
      const next: Array<{ names: Set<string>; from?: Definition }> = [];
      for (const def of defs) {
        const key = definitionKey(def);
        if (seen.has(key)) continue;
        seen.add(key);
        const entry = calledBy.get(key) ?? { def, tests: new Set<number>(), level };
        entry.tests.add(i);
        entry.level = Math.min(entry.level, level);
        calledBy.set(key, entry);
        const source = await store.parse(def.file);
        const fn = source && functionAtRow(source.tree.rootNode, def.startRow, source.family);
        if (fn) next.push({ names: new Set(calledNames(fn).filter((name) => name !== def.name)), from: def });
      }
      wanted = next;
    }
  }
  for (const { def, tests, level } of calledBy.values()) {
    const score = CALLED_WEIGHT * CALLEE_DECAY ** level * Math.sqrt(tests.size / total);
    const why = level === 0 ? `\`${def.name}\` is called by ${tests.size}/${total} failing test(s)` : `\`${def.name}\` is called from code the failing tests call`;
    for (let row = def.startRow; row <= def.endRow; row++) scores.raise(def.file, row + 1, score, why);
  }

  // 3. Nothing points anywhere: every function of the repo's own code, faintly.
  if (!scores.all().length && !changed.size) {
    for (const file of input.files.slice(0, 200)) {
      if (!isOwnSource(file, testFiles)) continue;
      const source = await store.parse(file);
      if (!source) continue;
      for (const def of definitionsIn(source)) {
        for (let row = def.startRow; row <= def.endRow; row++) scores.raise(def.file, row + 1, FALLBACK_WEIGHT, 'no stack evidence: every function');
      }
    }
  }

  // 4. The commit under test.
  const boosted: SuspiciousLine[] = [];
  const changedFunctions = new Map<string, Array<{ start: number; end: number }>>();
  for (const [file, lines] of changed) {
    if (!isOwnSource(file, testFiles)) continue;
    const ranges: Array<{ start: number; end: number }> = [];
    for (const line of lines) {
      if (!scores.has(file, line)) scores.raise(file, line, CHANGED_ONLY_WEIGHT, 'changed by the commit under test');
      const rows = await functionRows(store, file, line);
      if (rows) ranges.push(rows);
    }
    changedFunctions.set(file, ranges);
  }
  for (const s of scores.all()) {
    let score = s.score;
    let why = s.why;
    if (changed.get(s.file)?.has(s.line)) {
      score *= CHANGED_BOOST;
      why += '; changed by the commit under test';
    } else if (changedFunctions.get(s.file)?.some((r) => s.line >= r.start && s.line <= r.end)) {
      score *= CHANGED_FUNCTION_BOOST;
    }
    boosted.push({ ...s, score, why });
  }

  // Blank and comment-only lines cannot be repaired by a template.
  const kept: SuspiciousLine[] = [];
  const fileLines = new Map<string, string[]>();
  for (const s of boosted) {
    let lines = fileLines.get(s.file);
    if (!lines) {
      lines = (await store.text(s.file))?.split('\n') ?? [];
      fileLines.set(s.file, lines);
    }
    const lineText = lines[s.line - 1];
    if (lineText === undefined || !lineText.trim() || /^\s*(#|\/\/|\/\*|\*)/.test(lineText)) continue;
    kept.push(s);
  }
  kept.sort((a, b) => b.score - a.score || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line);
  return kept.slice(0, MAX_SUSPICIOUS_LINES);
}

/**
 * Candidate repairs: every template applied to every suspicious line, scored
 * suspiciousness × template prior × mutation weight × failure-hint factor, in a deterministic order,
 * then turned into checked edits one at a time (the search stops long before the list ends).
 */
import { createHash } from 'node:crypto';
import type { Edit } from '../../contracts/edit.js';
import { buildEdit } from './edit-for-mutations.js';
import { hintFactor, type FailureHint } from './failure-hints.js';
import type { SuspiciousLine } from './localise.js';
import { notRunCode } from './not-run-code.js';
import { scopeOf, type Scope } from './scope.js';
import type { SourceStore } from './source-store.js';
import { enclosingFunction, nodesStartingOnRow, parsesCleanly } from './syntax-tree.js';
import type { Mutation, RepairTemplate } from './template.js';

/** A mutation at a suspicious line, before it is turned into an edit. */
export interface CandidateSeed {
  file: string;
  line: number;
  template: string;
  templateIndex: number;
  mutation: Mutation;
  score: number;
}

export interface Candidate {
  /** Hash of the files as they would be after the edits: equal keys are the same repair. */
  key: string;
  edits: Edit[];
  /** The seeds combined in this candidate (one, or two for a combined partial fix). */
  seeds: CandidateSeed[];
  score: number;
}

/** Seeds beyond this are not generated: the search validates a few dozen per attempt. */
export const MAX_SEEDS = 5_000;

function compareSeeds(a: CandidateSeed, b: CandidateSeed): number {
  return (
    b.score - a.score ||
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    a.line - b.line ||
    a.templateIndex - b.templateIndex ||
    a.mutation.start - b.mutation.start ||
    a.mutation.end - b.mutation.end ||
    (a.mutation.text < b.mutation.text ? -1 : a.mutation.text > b.mutation.text ? 1 : 0)
  );
}

/** All seeds for the suspicious lines, best first; the same text change proposed twice keeps its best score. */
export async function seedCandidates(
  lines: readonly SuspiciousLine[],
  store: SourceStore,
  templates: readonly RepairTemplate[],
  hints: ReadonlyMap<FailureHint, number>,
): Promise<CandidateSeed[]> {
  const best = new Map<string, CandidateSeed>();
  const scopes = new Map<string, Scope>();
  for (const suspicious of lines) {
    const source = await store.parse(suspicious.file);
    if (!source) continue;
    const row = suspicious.line - 1;
    const nodes = nodesStartingOnRow(source.tree.rootNode, row);
    const first = nodes.find((n) => n.isNamed);
    if (!first) continue;
    const fn = enclosingFunction(first, source.family);
    let scope: Scope | undefined;
    if (fn) {
      const key = `${source.file}\0${fn.startIndex}`;
      scope = scopes.get(key);
      if (!scope) {
        scope = scopeOf(fn, source.family);
        scopes.set(key, scope);
      }
    }
    templates.forEach((template, templateIndex) => {
      const factor = template.prior * hintFactor(template.boostedBy, hints) * suspicious.score;
      for (const mutation of template.generate({ source, row, nodes, scope })) {
        if (notRunCode(source.tree.rootNode, mutation.start, mutation.end, source.family)) continue;
        const seed: CandidateSeed = {
          file: source.file,
          line: suspicious.line,
          template: template.name,
          templateIndex,
          mutation,
          score: factor * mutation.weight,
        };
        const key = `${seed.file}\0${mutation.start}\0${mutation.end}\0${mutation.text}`;
        const existing = best.get(key);
        if (!existing || compareSeeds(seed, existing) < 0) best.set(key, seed);
      }
    });
    if (best.size >= MAX_SEEDS) break;
  }
  return [...best.values()].sort(compareSeeds).slice(0, MAX_SEEDS);
}

function hashResult(files: ReadonlyArray<[string, string]>): string {
  const hash = createHash('sha256');
  for (const [file, text] of [...files].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
    hash.update(file).update('\0').update(text).update('\0');
  return hash.digest('hex').slice(0, 32);
}

/**
 * The candidate for one or more seeds: one edit per file, or undefined when the seeds overlap, the
 * result is unchanged, or the result no longer parses (a mutation must not turn valid code into a
 * syntax error; that would only waste a test run).
 */
export async function materialise(seeds: readonly CandidateSeed[], store: SourceStore): Promise<Candidate | undefined> {
  const byFile = new Map<string, Mutation[]>();
  for (const s of seeds) byFile.set(s.file, [...(byFile.get(s.file) ?? []), s.mutation]);
  const edits: Edit[] = [];
  const results: Array<[string, string]> = [];
  for (const [file, mutations] of [...byFile.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const source = await store.parse(file);
    if (!source) return undefined;
    const built = buildEdit(file, source.text, mutations);
    if (!built) return undefined;
    if (!source.tree.rootNode.hasError && !(await parsesCleanly(file, built.result))) return undefined;
    edits.push(built.edit);
    results.push([file, built.result]);
  }
  return { key: hashResult(results), edits, seeds: [...seeds], score: Math.min(...seeds.map((s) => s.score)) };
}

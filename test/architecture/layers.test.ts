/**
 * The layers of `src/` run one way: a folder imports only folders of a lower layer (and its own
 * files). The order is the data flow of a heal run, with the shared contracts and leaf helpers at
 * the bottom; README's layout block lists exactly these folders.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '..', '..');
const SRC = path.join(ROOT, 'src');

/** Lowest first. Folders in one layer may not import each other. `heal` is `src/heal.ts`. */
export const LAYERS: readonly (readonly string[])[] = [
  ['contracts', 'text'],
  ['syntax', 'workspace'],
  ['reports'],
  ['frames'],
  ['repair'],
  ['loop'],
  ['delivery'],
  // verify: ci pushes candidates and reads CI runs through delivery's git and API, and heal() runs it.
  ['ci-verify'],
  ['heal'],
  ['render'],
  ['demo'],
  ['action', 'cli'],
];

const rank = new Map<string, number>(LAYERS.flatMap((names, i) => names.map((n) => [n, i] as const)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|cts|mts)$/.test(e.name) && !e.name.endsWith('.d.cts') ? [p] : [];
  });
}

/** `src/loop/heal-loop.ts` → `loop`; `src/heal.ts` → `heal`. */
function unitOf(file: string): string {
  const [first, ...rest] = path.relative(SRC, file).split(path.sep);
  return rest.length > 0 ? first! : first!.replace(/\.[cm]?ts$/, '');
}

interface Edge {
  from: string;
  to: string;
  file: string;
  spec: string;
}

function importEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(SRC)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: spec } of info.importedFiles) {
      if (!spec.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), spec);
      expect(target.startsWith(SRC + path.sep), `${path.relative(ROOT, file)} imports ${spec}, outside src/`).toBe(
        true,
      );
      const from = unitOf(file);
      const to = unitOf(target);
      if (from !== to) edges.push({ from, to, file: path.relative(ROOT, file), spec });
    }
  }
  return edges;
}

describe('src/ layers', () => {
  const edges = importEdges();

  it('every folder of src/ has a layer', () => {
    const units = new Set(sourceFiles(SRC).map(unitOf));
    const unplaced = [...units].filter((u) => !rank.has(u));
    expect(unplaced, 'add the folder to LAYERS (and to the README layout)').toEqual([]);
    expect(edges.length).toBeGreaterThan(50);
  });

  it('every import goes to a lower layer', () => {
    const wrong = edges
      .filter((e) => rank.get(e.to)! >= rank.get(e.from)!)
      .map(
        (e) => `${e.file} (${e.from}, layer ${rank.get(e.from)}) imports ${e.spec} (${e.to}, layer ${rank.get(e.to)})`,
      );
    expect(wrong).toEqual([]);
  });

  it('no two folders import each other, directly or through others', () => {
    const graph = new Map<string, Set<string>>();
    for (const e of edges) {
      if (!graph.has(e.from)) graph.set(e.from, new Set());
      graph.get(e.from)!.add(e.to);
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (node: string, trail: string[]): void => {
      if (state.get(node) === 'done') return;
      if (state.get(node) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(node)), node].join(' → '));
        return;
      }
      state.set(node, 'open');
      for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
      state.set(node, 'done');
    };
    for (const node of graph.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });

  it("README's layout block names exactly the folders of src/", () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const listed = new Set([...readme.matchAll(/src\/([a-z-]+)(\/|\.ts)/g)].map((m) => m[1]!));
    const units = new Set(sourceFiles(SRC).map(unitOf));
    expect(
      [...units].filter((u) => !listed.has(u)),
      'folders missing from the README layout',
    ).toEqual([]);
    expect(
      [...listed].filter((u) => !units.has(u)),
      'README names folders that do not exist',
    ).toEqual([]);
  });
});

/** Run one template on one line of a source text, and return what each mutation turns the file into. */
import { applyMutations } from '../../../../src/repair/builtin/edit-for-mutations.js';
import { scopeOf } from '../../../../src/repair/builtin/scope.js';
import { enclosingFunction, nodesStartingOnRow, parseSource } from '../../../../src/repair/builtin/syntax-tree.js';
import type { Mutation, RepairTemplate } from '../../../../src/repair/builtin/template.js';

export interface Applied {
  mutation: Mutation;
  /** The whole file after the mutation. */
  text: string;
}

/** `line` is 1-based; the file name picks the grammar. */
export async function applyTemplate(
  template: RepairTemplate,
  file: string,
  source: string,
  line: number,
): Promise<Applied[]> {
  const parsed = await parseSource(file, source);
  if (!parsed) throw new Error(`cannot parse ${file}`);
  try {
    const row = line - 1;
    const nodes = nodesStartingOnRow(parsed.tree.rootNode, row);
    const first = nodes.find((n) => n.isNamed);
    const fn = first && enclosingFunction(first, parsed.family);
    const scope = fn ? scopeOf(fn, parsed.family) : undefined;
    return template.generate({ source: parsed, row, nodes, scope }).map((mutation) => {
      const text = applyMutations(source, [mutation]);
      if (text === undefined) throw new Error('mutation does not apply');
      return { mutation, text };
    });
  } finally {
    parsed.tree.delete();
  }
}

/** The results, best mutation first (by weight, stable). */
export async function resultsOf(
  template: RepairTemplate,
  file: string,
  source: string,
  line: number,
): Promise<string[]> {
  const applied = await applyTemplate(template, file, source, line);
  return applied
    .map((a, i) => ({ ...a, i }))
    .sort((a, b) => b.mutation.weight - a.mutation.weight || a.i - b.i)
    .map((a) => a.text);
}

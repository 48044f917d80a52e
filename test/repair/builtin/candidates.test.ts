import { afterEach, describe, expect, it } from 'vitest';
import { materialise, seedCandidates } from '../../../src/repair/builtin/candidates.js';
import { SourceStore } from '../../../src/repair/builtin/source-store.js';
import { TEMPLATES } from '../../../src/repair/builtin/templates/index.js';
import { makeProject } from './helpers/temp-project.js';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const SOURCE = 'def factorial(n):\n    out = 1\n    for k in range(1, n):\n        out *= k\n    return out\n';

function store(files: Record<string, string>): SourceStore {
  const { root, cleanup } = makeProject(files);
  const s = new SourceStore(root);
  cleanups.push(cleanup, () => void s.dispose());
  return s;
}

describe('candidates', () => {
  it('orders seeds deterministically, best score first', async () => {
    const s = store({ 'f.py': SOURCE });
    const lines = [
      { file: 'f.py', line: 3, score: 1, why: '' },
      { file: 'f.py', line: 4, score: 0.5, why: '' },
    ];
    const a = await seedCandidates(lines, s, TEMPLATES, new Map());
    const b = await seedCandidates(lines, s, TEMPLATES, new Map());
    expect(a.map((x) => [x.template, x.line, x.mutation.text, x.score])).toEqual(
      b.map((x) => [x.template, x.line, x.mutation.text, x.score]),
    );
    for (let i = 1; i < a.length; i++) expect(a[i - 1]!.score).toBeGreaterThanOrEqual(a[i]!.score);
    expect(a[0]!.line).toBe(3);
  });

  it('keeps one seed per text change, with the best score of the templates proposing it', async () => {
    const s = store({ 'f.py': SOURCE });
    const seeds = await seedCandidates([{ file: 'f.py', line: 3, score: 1, why: '' }], s, TEMPLATES, new Map());
    // `range(1, n)` → `range(2, n)` is both an off-by-one on a literal and a range bound.
    const same = seeds.filter((x) => x.mutation.text === '2' && x.line === 3);
    expect(same).toHaveLength(1);
    const keys = seeds.map((x) => `${x.mutation.start}:${x.mutation.end}:${x.mutation.text}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives equal results equal keys, and drops results that no longer parse', async () => {
    const s = store({ 'f.py': SOURCE, 'g.js': 'function f(a) {\n  return a + 1;\n}\n' });
    const seeds = await seedCandidates([{ file: 'f.py', line: 3, score: 1, why: '' }], s, TEMPLATES, new Map());
    const first = await materialise([seeds[0]!], s);
    const again = await materialise([seeds[0]!], s);
    expect(first?.key).toBe(again?.key);
    const broken = await materialise(
      [{ ...seeds[0]!, mutation: { start: 0, end: 3, text: 'de f', weight: 1, description: 'breaks' } }],
      s,
    );
    expect(broken).toBeUndefined();
  });

  it('applies hints: an IndexError puts the off-by-one family ahead of a swap', async () => {
    const s = store({ 'l.py': 'def last(xs, n):\n    return max(xs[len(xs)], n)\n' });
    const lines = [{ file: 'l.py', line: 2, score: 1, why: '' }];
    const plain = await seedCandidates(lines, s, TEMPLATES, new Map());
    const hinted = await seedCandidates(lines, s, TEMPLATES, new Map([['index', 1]]));
    const rankOf = (seeds: typeof plain, template: string) => seeds.findIndex((x) => x.template === template);
    expect(rankOf(hinted, 'off-by-one')).toBeLessThanOrEqual(rankOf(plain, 'off-by-one'));
    expect(hinted.find((x) => x.template === 'off-by-one')!.score).toBeGreaterThan(
      plain.find((x) => x.template === 'off-by-one')!.score,
    );
  });
});

describe('candidates never mutate code the tests do not run', () => {
  const PY = [
    'def pad(cells: List[int], width: int = 10) -> Dict[str, int]:',
    '    """Pads to 10 columns and 2 spaces: 3 in all."""',
    '    total: int = width + 2  # 2 for the border, 1 for the gap',
    '    return {"w": total}',
    '',
  ].join('\n');
  const TS = [
    'export function pad(cells: Array<number>, width: number = 10): Record<string, number> {',
    '  const total: number = width + 2; // 2 for the border, 1 for the gap',
    '  const fixed = cells as unknown as [number, number];',
    '  return { w: total + fixed.length } satisfies Record<string, number>;',
    '}',
    '',
  ].join('\n');

  /** Each seed's mutated range on the file's text. */
  async function ranges(
    file: string,
    text: string,
    line: number,
  ): Promise<Array<{ start: number; end: number; text: string }>> {
    const s = store({ [file]: text });
    const seeds = await seedCandidates([{ file, line, score: 1, why: '' }], s, TEMPLATES, new Map());
    return seeds.map((x) => ({ start: x.mutation.start, end: x.mutation.end, text: x.mutation.text }));
  }

  /** Where `part` stands on the 1-based `line` of `text`. */
  function span(text: string, line: number, part: string): [number, number] {
    const lineStart =
      text
        .split('\n')
        .slice(0, line - 1)
        .join('\n').length + (line > 1 ? 1 : 0);
    const at = text.indexOf(part, lineStart);
    expect(at, part).toBeGreaterThanOrEqual(lineStart);
    return [at, at + part.length];
  }

  it.each([
    ['a Python parameter and return annotation', 'f.py', PY, 1, ['List[int]', ': int', 'Dict[str, int]']],
    ['a Python docstring', 'f.py', PY, 2, ['"""Pads to 10 columns and 2 spaces: 3 in all."""']],
    ['a Python variable annotation and a comment', 'f.py', PY, 3, [': int', '# 2 for the border, 1 for the gap']],
    ['TypeScript parameter and return types', 'f.ts', TS, 1, ['Array<number>', ': number', 'Record<string, number>']],
    ['a TypeScript variable type and a comment', 'f.ts', TS, 2, [': number', '// 2 for the border, 1 for the gap']],
    ['TypeScript `as` types', 'f.ts', TS, 3, ['unknown', '[number, number]']],
    ['a TypeScript `satisfies` type', 'f.ts', TS, 4, ['Record<string, number>']],
  ])('%s', async (_what, file, text, line, notRun) => {
    const mutated = await ranges(file, text, line);
    for (const part of notRun) {
      const [start, end] = span(text, line, part);
      const inside = mutated.filter((m) => m.start >= start && m.end <= end && m.start < end);
      expect(inside, part).toEqual([]);
    }
  });

  it('still mutates the code beside them', async () => {
    const changed = async (file: string, text: string, line: number) =>
      (await ranges(file, text, line)).map((m) => text.slice(m.start, m.end));
    expect(await changed('f.py', PY, 1)).toContain('10');
    expect((await changed('f.py', PY, 3)).some((t) => t.includes('width + 2'))).toBe(true);
    expect((await changed('f.ts', TS, 2)).some((t) => t.includes('width + 2'))).toBe(true);
    expect((await changed('f.ts', TS, 3)).some((t) => t.includes('cells'))).toBe(true);
  });
});

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

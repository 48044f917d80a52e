import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExecutionSpectrum, SpectrumUnit } from '../../../src/contracts/spectrum.js';
import type { FailureFrame } from '../../../src/contracts/failure-frame.js';
import { SourceStore } from '../../../src/repair/builtin/source-store.js';
import { describeHit, ochiai, rankSpectrum } from '../../../src/repair/ranking/spectrum.js';
import { goFunctions } from '../../../src/repair/ranking/functions.js';
import { EMPTY_EVIDENCE, type FailureEvidence } from '../../../src/repair/ranking/failure-evidence.js';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

const PARSER = [
  'def parse(text):', //1
  '    # split first', //2
  '    parts = text.split(",")', //3
  '    return group(parts)', //4
  '', //5
  '', //6
  'def group(parts):', //7
  '    out = []', //8
  '    for p in parts:', //9
  '        if p == "":', //10
  '            continue', //11
  '        out.append(p)', //12
  '    return out[1:]', //13
  '', //14
  '', //15
  'def helper():', //16
  '    return 1', //17
  '',
].join('\n');

function unit(outcome: 'failed' | 'passed', lines: number[], test: string): SpectrumUnit {
  return { test, outcome, lines: new Map([['pkg/parser.py', new Set(lines)]]) };
}

function spectrum(units: SpectrumUnit[], perTest = true): ExecutionSpectrum {
  return { recorders: ['python'], units, perTest, notes: [], durationMs: 0 };
}

async function rank(
  s: ExecutionSpectrum,
  changed = new Map<string, Set<number>>(),
  failures: FailureFrame[] = [],
  evidence?: FailureEvidence,
) {
  root = mkdtempSync(path.join(os.tmpdir(), 'spectrum-'));
  mkdirSync(path.join(root, 'pkg'));
  writeFileSync(path.join(root, 'pkg/parser.py'), PARSER);
  const store = new SourceStore(root);
  try {
    return await rankSpectrum({
      spectrum: s,
      failures,
      changed,
      store,
      testFiles: new Set(),
      evidence,
      note: 'recorded',
    });
  } finally {
    await store.dispose();
  }
}

describe('spectrum ranking', () => {
  it('computes Ochiai', () => {
    expect(ochiai(3, 0, 3)).toBe(1);
    expect(ochiai(0, 5, 3)).toBe(0);
    expect(ochiai(1, 1, 2)).toBeCloseTo(0.5);
  });

  it('ranks the function only the failing tests run first, labelled with why', async () => {
    const ranked = (await rank(
      spectrum([
        unit('failed', [1, 2, 3, 4, 7, 8, 9, 10, 12, 13], 't::a'),
        unit('failed', [1, 3, 4, 7, 8, 9, 10, 12, 13], 't::b'),
        unit('passed', [1, 3, 4, 7, 8, 9, 10, 12], 't::c'),
        unit('passed', [1, 3, 4, 16, 17], 't::d'),
      ]),
    ))!;
    expect(ranked.source).toBe('spectrum');
    expect(ranked.lines[0]).toMatchObject({ file: 'pkg/parser.py', line: 13 });
    expect(ranked.lines[0]!.why).toBe('run by all 2 failing tests, by none of the 2 passing ones');
    expect(ranked.functions[0]).toMatchObject({ name: 'group', startLine: 7, endLine: 13 });
    expect(ranked.functions.map((f) => f.name)).toEqual(['group', 'parse']);
    // The comment, and lines no failing test ran, are never suspected.
    expect(ranked.lines.some((l) => l.line === 2 || l.line === 17)).toBe(false);
  });

  it("is raised by the commit's changed lines and the failure's stack", async () => {
    const units = [unit('failed', [3, 4, 8, 13], 't::a')];
    const plain = (await rank(spectrum(units)))!;
    expect(plain.lines[0]!.line).toBe(3);
    const changed = (await rank(spectrum(units), new Map([['pkg/parser.py', new Set([8])]])))!;
    expect(changed.lines[0]).toMatchObject({ line: 8, why: expect.stringContaining('changed by the commit') });
    const frame = {
      id: 't::a',
      kind: 'error',
      message: '',
      stack: [{ file: 'pkg/parser.py', line: 13 }],
    } as unknown as FailureFrame;
    const stacked = (await rank(spectrum(units), new Map(), [frame]))!;
    expect(stacked.lines[0]).toMatchObject({ line: 13, why: expect.stringContaining("in a failure's stack") });
  });

  it('is raised by what the failing statement calls, expects and names, and by the message', async () => {
    // A whole run: every line that ran scores alike, so the statement's evidence orders them.
    const whole = spectrum([{ outcome: 'failed', lines: new Map([['pkg/parser.py', new Set([3, 4, 9, 12])]]) }], false);
    const top = async (evidence: Partial<FailureEvidence>) =>
      (await rank(whole, new Map(), [], { ...EMPTY_EVIDENCE, ...evidence }))!.functions[0]!;
    expect((await top({})).name).toBe('parse');
    const called = await top({ called: [{ file: 'pkg/parser.py', startLine: 7, endLine: 13 }] });
    expect(called).toMatchObject({ name: 'group', why: expect.stringContaining('called by a failing statement') });
    // `out.append(p)` is line 12: the loop's line 9 and line 12 itself count as beside it.
    const phrase = await top({ phrases: ['out.append(p)'] });
    expect(phrase).toMatchObject({ name: 'group', why: expect.stringContaining('beside `out.append(p)`') });
    const named = await top({ names: new Set(['group']) });
    expect(named).toMatchObject({ name: 'group', why: expect.stringContaining('named like `group`') });
    const message = await top({ messageNames: ['out.append'] });
    expect(message).toMatchObject({ name: 'group', why: expect.stringContaining('calls `out.append`') });
  });

  it('says a whole-run record is one run', async () => {
    const ranked = (await rank(
      spectrum([{ outcome: 'failed', lines: new Map([['pkg/parser.py', new Set([3])]]) }], false),
    ))!;
    expect(ranked.lines[0]!.why).toBe('run when the 1 failing test ran (recorded as one run)');
    expect(describeHit({ ef: 1, ep: 0 }, 3, 0, true)).toBe('run by 1 of 3 failing tests');
  });

  it('is undefined when no failing test ran the repository’s code', async () => {
    expect(await rank(spectrum([unit('passed', [3], 't::c')]))).toBeUndefined();
  });

  it('finds Go functions', () => {
    expect(goFunctions('package a\n\nfunc (s *S) Add(a int) int {\n\treturn a\n}\n\nfunc Sub() {\n}\n')).toEqual([
      { name: 'Add', start: 3, end: 5 },
      { name: 'Sub', start: 7, end: 8 },
    ]);
  });
});

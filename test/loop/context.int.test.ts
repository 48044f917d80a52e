import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailureFrame } from '../../src/contracts/failure-frame.js';
import {
  DEFAULT_SOURCE_LIMITS,
  findCalleeDefinitions,
  gatherSources,
  pruneCommitDiff,
  readCommitDiff,
} from '../../src/loop/context.js';
import { createGuard } from '../../src/loop/edits/guardrails.js';
import { buildPrompt, DEFAULT_PROMPT_TOKENS } from '../../src/repair/prompt.js';
import { collectEvidence } from '../../src/frames/collect-evidence.js';
import { createTempRepo } from '../helpers/git-repo.js';

const PROJECTS = path.join(import.meta.dirname, '..', 'fixtures', 'projects');

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'self-heal-context-'));
  mkdirSync(path.join(root, 'src'));
  mkdirSync(path.join(root, 'tests'));
  writeFileSync(path.join(root, 'src/calc.py'), Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join('\n'));
  writeFileSync(path.join(root, 'tests/test_calc.py'), Array.from({ length: 30 }, (_, i) => `t${i + 1}`).join('\n'));
  symlinkSync('/etc/hostname', path.join(root, 'src/outside.py'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const frame = (over: Partial<FailureFrame>): FailureFrame => ({
  id: 'x',
  suite: '',
  name: 'x',
  kind: 'failure',
  exceptionType: null,
  message: '',
  triggering: null,
  test: null,
  stack: [],
  droppedFrames: 0,
  locals: null,
  language: 'python',
  evidence: ['junit'],
  ...over,
});

describe('gatherSources', () => {
  it('reads windows around triggering and test lines, merged per file, triggering first', () => {
    const guard = createGuard({ root });
    const windows = gatherSources(
      [
        frame({ triggering: { file: 'src/calc.py', line: 50 }, test: { file: 'tests/test_calc.py', line: 10 } }),
        frame({ triggering: { file: 'src/calc.py', line: 60 }, test: { file: 'tests/test_calc.py', line: 12 } }),
        frame({ triggering: { file: 'src/outside.py', line: 1 } }),
        frame({ triggering: { file: '../escape.py', line: 1 } }),
      ],
      guard,
    );
    expect(windows.map((w) => [w.file, w.startLine, w.text.split('\n').length])).toEqual([
      ['src/calc.py', 38, 35],
      ['tests/test_calc.py', 2, 19],
    ]);
    expect(windows[0]!.text.startsWith('line 38\n')).toBe(true);
  });

  it('never shows a file that looks like a credential, whatever names it', () => {
    writeFileSync(path.join(root, 'src/settings.py'), 'CLIENT = {\n  "client_secret": "not-for-models",\n}\n');
    writeFileSync(path.join(root, 'src/deploy.pem'), 'line\n');
    const windows = gatherSources(
      [
        frame({ triggering: { file: 'src/settings.py', line: 2 } }),
        frame({ triggering: { file: 'src/deploy.pem', line: 1 } }),
        frame({ triggering: { file: 'src/calc.py', line: 5 } }),
      ],
      createGuard({ root }),
    );
    expect(windows.map((w) => w.file)).toEqual(['src/calc.py']);
  });

  it('bounds the total', () => {
    const windows = gatherSources([frame({ triggering: { file: 'src/calc.py', line: 50 } })], createGuard({ root }), {
      triggerRadius: 40,
      testRadius: 0,
      maxWindows: 5,
      maxLinesPerWindow: 10,
      maxTotalChars: 30,
      maxFileBytes: 1_000_000,
    });
    expect(windows).toHaveLength(1);
    expect(windows[0]!.text.length).toBeLessThanOrEqual(30);
    expect(windows[0]!.startLine).toBe(10);
  });
});

describe('gatherSources: callee definitions', () => {
  const callee = (name: string, startLine: number, endLine: number) => ({
    name,
    file: 'src/calc.py',
    startLine,
    endLine,
    via: 'import' as const,
  });

  it('come after every other window: the whole definition when short, its head when long, and say which name they show', () => {
    const guard = createGuard({ root });
    const windows = gatherSources(
      [frame({ triggering: { file: 'tests/test_calc.py', line: 20 }, test: { file: 'tests/test_calc.py', line: 20 } })],
      guard,
      DEFAULT_SOURCE_LIMITS,
      [callee('short', 60, 64), callee('long', 10, 59)],
    );
    expect(windows.map((w) => [w.file, w.startLine, w.text.split('\n').length, w.callees])).toEqual([
      ['tests/test_calc.py', 8, 23, undefined],
      ['src/calc.py', 60, 5, ['short']],
      // A long definition shows its first 40 lines.
      ['src/calc.py', 10, 40, ['long']],
    ]);
    // Definitions next to each other are one window.
    const adjacent = gatherSources([frame({})], guard, DEFAULT_SOURCE_LIMITS, [
      callee('a', 80, 84),
      callee('b', 86, 90),
    ]);
    expect(adjacent.map((w) => [w.startLine, w.text.split('\n').length, w.callees])).toEqual([[80, 11, ['a', 'b']]]);
  });

  it('merge into a triggering window they overlap, and only take what the bounds leave', () => {
    const guard = createGuard({ root });
    const merged = gatherSources(
      [frame({ triggering: { file: 'src/calc.py', line: 50 } })],
      guard,
      DEFAULT_SOURCE_LIMITS,
      [callee('near', 60, 66)],
    );
    expect(merged.map((w) => [w.startLine, w.text.split('\n').length, w.callees])).toEqual([[38, 29, ['near']]]);
    const full = gatherSources(
      [frame({ triggering: { file: 'src/calc.py', line: 50 }, test: { file: 'tests/test_calc.py', line: 10 } })],
      guard,
      { ...DEFAULT_SOURCE_LIMITS, maxWindows: 2 },
      [callee('far', 90, 95)],
    );
    expect(full.map((w) => w.file)).toEqual(['src/calc.py', 'tests/test_calc.py']);
    expect(full.some((w) => w.callees)).toBe(false);
  });
});

describe('findCalleeDefinitions on a real project', () => {
  it('vitest: the prompt shows total() for `expect(cart.total()).toBe(30)`, after the test, never the test helper', async () => {
    const repo = createTempRepo({ fixture: path.join(PROJECTS, 'vitest') });
    try {
      const { frames } = await collectEvidence({ root: repo.root, junit: ['junit.xml'] });
      const failing = frames.filter((f) => f.name === 'Cart > total > sums every line item');
      expect(failing).toHaveLength(1);
      const callees = await findCalleeDefinitions(failing, repo.root);
      expect(callees).toEqual([{ name: 'total', file: 'src/cart.ts', startLine: 31, endLine: 39, via: 'import' }]);
      const guard = createGuard({ root: repo.root });
      const before = gatherSources(failing, guard);
      const sources = gatherSources(failing, guard, DEFAULT_SOURCE_LIMITS, callees);
      // Nothing but the definition is added, and it is added last.
      expect(sources.slice(0, before.length)).toEqual(before);
      expect(sources.slice(before.length).map((w) => [w.file, w.startLine, w.callees])).toEqual([
        ['src/cart.ts', 31, ['total']],
      ]);
      expect(sources.at(-1)!.text).toContain('for (let i = 0; i < this.items.length - 1; i++)');
      expect(sources.some((w) => w.file.startsWith('test/helpers'))).toBe(false);

      const input = {
        attempt: 1,
        maxAttempts: 3,
        testCommand: 'npx vitest run',
        failures: failing,
        sources,
        history: [],
      };
      const prompt = buildPrompt(input, { maxInputTokens: DEFAULT_PROMPT_TOKENS, scrub: (t) => t });
      expect(prompt.user).toMatch(
        /## src\/cart\.ts lines 31-39 \(definition of `total`, called by a failing assertion\)/,
      );
      expect(prompt.user).toContain('i < this.items.length - 1');
      // Lowest of the windows: a budget that cannot hold everything drops it before the test's code.
      // Lowest of the windows: whatever the budget, the definition is never in when the test's code
      // is not, and some budgets hold the test's code without it (saying it was left out).
      let testOnly = 0;
      for (let budget = 400; budget <= 3_000; budget += 20) {
        let packed;
        try {
          packed = buildPrompt(input, { maxInputTokens: budget, scrub: (t) => t });
        } catch (e) {
          expect(e).toBeInstanceOf(RangeError); // too small for the rules themselves
          continue;
        }
        const hasTest = packed.user.includes('## test/cart.test.ts');
        const hasCallee = packed.user.includes('definition of `total`');
        expect(!hasCallee || hasTest, `budget ${budget}`).toBe(true);
        if (hasTest && !hasCallee) {
          testOnly++;
          expect(packed.omitted.join(' ')).toContain('source of src/cart.ts');
        }
      }
      expect(testOnly).toBeGreaterThan(0);
    } finally {
      repo.cleanup();
    }
  });

  it('pytest: `assert line_total(price, quantity) == 18.0` brings the whole line_total() into the context', async () => {
    const repo = createTempRepo({ fixture: path.join(PROJECTS, 'pytest') });
    try {
      const { frames } = await collectEvidence({ root: repo.root, junit: ['junit.xml'] });
      const callees = await findCalleeDefinitions(frames, repo.root);
      // Only the two failures asserted in the test need one, and they call the same function.
      expect(callees).toEqual([
        { name: 'line_total', file: 'inventory/pricing.py', startLine: 9, endLine: 13, via: 'import' },
      ]);
      const sources = gatherSources(frames, createGuard({ root: repo.root }), DEFAULT_SOURCE_LIMITS, callees);
      const shown = sources.filter((w) => w.callees?.includes('line_total'));
      expect(shown).toHaveLength(1);
      expect(shown[0]!.text).toContain('def line_total(price, quantity):');
      expect(shown[0]!.text).toContain('return round(price * quantity * 0.9, 2)');
      expect(sources.every((w) => !w.callees || !w.file.startsWith('tests/'))).toBe(true);
    } finally {
      repo.cleanup();
    }
  });

  it('nothing for failures raised in the code under test, and nothing (no throw) outside a repository', async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'self-heal-no-repo-'));
    try {
      const f = frame({
        triggering: { file: 'tests/test_calc.py', line: 3 },
        test: { file: 'tests/test_calc.py', line: 3 },
      });
      expect(await findCalleeDefinitions([f], path.join(outside, 'missing'))).toEqual([]);
      expect(await findCalleeDefinitions([frame({ triggering: { file: 'src/calc.py', line: 3 } })], root)).toEqual([]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('commit diff', () => {
  const part = (file: string, body: string) =>
    `diff --git a/${file} b/${file}\n--- a/${file}\n+++ b/${file}\n@@ -1 +1 @@\n${body}`;

  it('drops lockfiles and binaries, trims long files, says what it left out', () => {
    const diff =
      part('package-lock.json', '-a\n+b\n') +
      'diff --git a/img.png b/img.png\nBinary files a/img.png and b/img.png differ\n' +
      part('src/calc.js', '-return a + b;\n+return a - b;\n') +
      part('src/big.js', `${'+x\n'.repeat(3000)}`);
    const pruned = pruneCommitDiff(diff, { maxBytes: 12_000, maxFileChars: 200 });
    expect(pruned).toContain('+return a - b;');
    expect(pruned).not.toContain('package-lock.json\n---');
    expect(pruned).toMatch(/rest of this file's diff trimmed/);
    expect(pruned).toMatch(/diff of 2 files left out: package-lock.json, img.png/);
  });

  it('is the diff of HEAD against its parent, and nothing for a root commit', async () => {
    const repo = createTempRepo({ files: { 'a.txt': 'one\n' } });
    try {
      expect(await readCommitDiff({ cwd: repo.root, env: repo.env })).toBeUndefined();
      repo.write('a.txt', 'two\n');
      repo.commitAll('change');
      expect(await readCommitDiff({ cwd: repo.root, env: repo.env })).toMatch(/-one\n\+two/);
    } finally {
      repo.cleanup();
    }
  });
});

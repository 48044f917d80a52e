import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailureFrame } from '../../src/frames/failure-frame.js';
import { gatherSources, pruneCommitDiff, readCommitDiff } from '../../src/loop/context.js';
import { createGuard } from '../../src/loop/edits/guardrails.js';
import { createTempRepo } from '../helpers/git-repo.js';

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

describe('commit diff', () => {
  const part = (file: string, body: string) => `diff --git a/${file} b/${file}\n--- a/${file}\n+++ b/${file}\n@@ -1 +1 @@\n${body}`;

  it('drops lockfiles and binaries, trims long files, says what it left out', () => {
    const diff = part('package-lock.json', '-a\n+b\n') + 'diff --git a/img.png b/img.png\nBinary files a/img.png and b/img.png differ\n' + part('src/calc.js', '-return a + b;\n+return a - b;\n') + part('src/big.js', `${'+x\n'.repeat(3000)}`);
    const pruned = pruneCommitDiff(diff, { maxBytes: 12_000, maxFileChars: 200 });
    expect(pruned).toContain('+return a - b;');
    expect(pruned).not.toContain('package-lock.json\n---');
    expect(pruned).toMatch(/rest of this file's diff trimmed/);
    expect(pruned).toMatch(/diff of 2 file\(s\) left out: package-lock.json, img.png/);
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

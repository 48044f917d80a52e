import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyEdits, checkEdits, describeProblems, type EditContext } from '../../../src/loop/edits/apply-edits.js';
import { createGuard } from '../../../src/loop/edits/guardrails.js';
import { matchOldText } from '../../../src/loop/edits/match-text.js';
import { checkIgnore } from '../../../src/workspace/git.js';
import { createTempRepo, type TempRepo } from '../../helpers/git-repo.js';

const CALC = [
  'export function add(a, b) {',
  '  return a - b;',
  '}',
  '',
  'export function mul(a, b) {',
  '  return a * b;',
  '}',
  '',
].join('\n');

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

function setup(files: Record<string, string> = {}): { r: TempRepo; ctx: EditContext } {
  const r = createTempRepo({
    files: { 'src/calc.js': CALC, '.gitignore': '.env\nbuild/\n', 'tests/calc.test.js': 'test\n', ...files },
  });
  repo = r;
  const ctx: EditContext = {
    guard: createGuard({ root: r.root }),
    ignored: (paths) => checkIgnore({ cwd: r.root, env: r.env }, paths),
  };
  return { r, ctx };
}

describe('matchOldText', () => {
  it('matches exactly once, refuses ambiguity with a count', () => {
    expect(matchOldText('a\nb\na\n', 'b', 'c')).toMatchObject({ kind: 'match', tolerant: false });
    expect(matchOldText('a\nb\na\n', 'a', 'c')).toEqual({ kind: 'ambiguous', count: 2 });
  });

  it('tolerates indentation and trailing whitespace, re-indenting the replacement', () => {
    const r = matchOldText(CALC, 'return a - b;   \n', 'return a + b;\n');
    expect(r).toMatchObject({ kind: 'match', tolerant: true, replacement: '  return a + b;' });
    const nested = matchOldText(
      CALC,
      'export function add(a, b) {\n    return a - b;\n}',
      'export function add(a, b) {\n    return a + b;\n}',
    );
    expect(nested.kind).toBe('match');
  });

  it('keeps CRLF files CRLF', () => {
    const content = 'one\r\ntwo\r\nthree\r\n';
    const r = matchOldText(content, 'two\n', 'TWO\n');
    expect(r).toMatchObject({ kind: 'match', replacement: 'TWO\r\n' });
  });

  it('answers a miss with the nearest real lines', () => {
    const r = matchOldText(CALC, 'export function add(x, y) {\n  return x - y;\n}', 'whatever');
    expect(r.kind).toBe('no-match');
    if (r.kind === 'no-match') {
      expect(r.nearest?.startLine).toBe(1);
      expect(r.nearest?.text).toContain('return a - b;');
    }
    expect(matchOldText(CALC, 'zzzz qqqq wwww', 'x')).toEqual({ kind: 'no-match', nearest: undefined });
  });
});

describe('applyEdits', () => {
  it('writes all edits of a valid answer, several to one file in order', async () => {
    const { r, ctx } = setup();
    const result = await applyEdits(ctx, [
      { path: 'src/calc.js', oldText: 'return a - b;', newText: 'return a + b;' },
      { path: 'src/calc.js', oldText: 'return a + b;', newText: 'return b + a;' },
      { path: 'src/new.js', oldText: '', newText: 'export const x = 1;\n' },
    ]);
    expect(result.check).toEqual({ ok: true, problems: [] });
    expect(result.files).toEqual(['src/calc.js', 'src/new.js']);
    expect(r.read('src/calc.js')).toContain('return b + a;');
    expect(r.read('src/new.js')).toBe('export const x = 1;\n');
  });

  it('writes nothing when one edit of the answer is refused', async () => {
    const { r, ctx } = setup();
    const before = r.tree();
    const result = await applyEdits(ctx, [
      { path: 'src/calc.js', oldText: 'return a - b;', newText: 'return a + b;' },
      { path: 'tests/calc.test.js', oldText: 'test', newText: 'skip' },
      { path: '../evil.js', oldText: '', newText: 'x' },
      { path: '.env', oldText: '', newText: 'TOKEN=1' },
      { path: 'src/calc.js', oldText: 'return a', newText: 'x' },
      { path: 'src/missing.js', oldText: 'foo', newText: 'bar' },
      { path: 'src/calc.js', oldText: 'export function add(x, y) {\n  return x - y;\n}', newText: 'nope' },
    ]);
    expect(result.files).toEqual([]);
    expect(r.tree()).toEqual(before);
    const kinds = result.check.problems.map((p) => [p.index, p.kind]);
    expect(kinds).toEqual([
      [1, 'guardrail'],
      [2, 'guardrail'],
      [3, 'guardrail'],
      [4, 'ambiguous'],
      [5, 'no-match'],
      [6, 'no-match'],
    ]);
    const text = describeProblems(result.check.problems);
    expect(text).toMatch(/edit 2 \(`tests\/calc.test.js`\): `tests\/calc.test.js` is a test file/);
    expect(text).toMatch(/`\.env` is ignored by git/);
    expect(text).toMatch(/closest lines \(from line 1\)/);
  });

  it('judges what a model answer writes before writing any of it (issue 24)', async () => {
    const { r, ctx } = setup({ 'pyproject.toml': '[project]\nname = "calc"\ndependencies = []\n' });
    const before = r.tree();
    const gamed = await applyEdits(ctx, [
      { path: 'src/calc.js', oldText: 'return a - b;', newText: 'return a + b;' },
      {
        path: 'pyproject.toml',
        oldText: 'dependencies = []\n',
        newText: 'dependencies = []\n\n[tool.pytest.ini_options]\naddopts = "-p plugin"\n',
      },
      { path: 'src/stub.js', oldText: '', newText: "import assert from 'node:assert';\nassert.equal = () => {};\n" },
    ]);
    expect(gamed.files).toEqual([]);
    expect(r.tree()).toEqual(before);
    const text = describeProblems(gamed.check.problems);
    expect(text).toMatch(
      /edit 2 \(`pyproject\.toml`\): `pyproject\.toml`: its `\[tool\.pytest\.ini_options\]` section/,
    );
    expect(text).toMatch(/edit 3 \(`src\/stub\.js`\): `src\/stub\.js` line 2 assigns to `assert\.equal`/);
    // The same answer with a dependency instead of runner configuration is written.
    const fine = await applyEdits(ctx, [
      { path: 'src/calc.js', oldText: 'return a - b;', newText: 'return a + b;' },
      { path: 'pyproject.toml', oldText: 'dependencies = []', newText: 'dependencies = ["attrs"]' },
    ]);
    expect(fine.files).toEqual(['pyproject.toml', 'src/calc.js']);
  });

  it('refuses a tracked symlink that leads to an ignored file, and writes nothing through it', async () => {
    const { r, ctx } = setup();
    r.write('.env', 'SECRET=1\n');
    symlinkSync('.env', path.join(r.root, 'config'));
    r.commitAll('a link to the local settings');
    const before = r.tree();
    const result = await applyEdits(ctx, [{ path: 'config', oldText: 'SECRET=1', newText: 'SECRET=2' }]);
    expect(result.files).toEqual([]);
    expect(r.tree()).toEqual(before);
    expect(result.check.problems).toMatchObject([{ index: 0, path: 'config', kind: 'guardrail' }]);
    expect(describeProblems(result.check.problems)).toMatch(
      /`\.env` is ignored by git \(`config` is a symlink to it\)/,
    );
  });

  it('bounds sizes and refuses binary files', async () => {
    const { r, ctx } = setup();
    r.write('src/blob.bin', 'abc\0def');
    const limits = { maxEditBytes: 100, maxAnswerBytes: 150, maxFileBytes: 1000, maxEdits: 2 };
    const big = await checkEdits({ ...ctx, limits }, [
      { path: 'src/calc.js', oldText: 'return a - b;', newText: 'x'.repeat(120) },
    ]);
    expect(big.problems[0]).toMatchObject({ kind: 'too-large' });
    const many = await checkEdits(
      { ...ctx, limits },
      Array(3).fill({ path: 'src/calc.js', oldText: 'a', newText: 'b' }),
    );
    expect(many.problems[0]?.message).toMatch(/at most 2 edits/);
    const bin = await checkEdits(ctx, [{ path: 'src/blob.bin', oldText: 'abc', newText: 'x' }]);
    expect(bin.problems[0]).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/binary/) });
    // A dry run writes nothing.
    const ok = await checkEdits(ctx, [{ path: 'src/calc.js', oldText: 'return a - b;', newText: 'return a + b;' }]);
    expect(ok.ok).toBe(true);
    expect(r.read('src/calc.js')).toBe(CALC);
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: r.root, env: r.env, encoding: 'utf8' })).toBe(
      '?? src/blob.bin\n',
    );
  });

  it('refuses invalid edit shapes without throwing', async () => {
    const { ctx } = setup();
    const check = await checkEdits(ctx, [{ path: 'src/calc.js', oldText: 5 as unknown as string, newText: 'x' }]);
    expect(check.problems[0]).toMatchObject({ kind: 'invalid' });
  });
});

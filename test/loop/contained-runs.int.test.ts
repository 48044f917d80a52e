/**
 * A candidate's test runs, contained (`workspace/run-containment.ts`) through `createTestRuns`:
 * the sandbox where this machine allows it, and the scan forced with `mode: 'scan'`. Real shells,
 * a real pytest suite, real files in `$HOME`, the tool cache and `/tmp`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collectEvidence } from '../../src/frames/collect-evidence.js';
import { createTestRuns } from '../../src/loop/test-runs.js';
import { probeRunSandbox } from '../../src/workspace/run-containment.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';

const sandbox = probeRunSandbox();
const hasPytest = (() => {
  try {
    execFileSync('python3', ['-m', 'pytest', '--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let repo: TempRepo | undefined;
const dirs: string[] = [];
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/**
 * A private $HOME and tool cache (each with a file that was there before), and a unique /tmp name.
 * Not under /tmp, so they are walked as directories of their own: the scan looks at 5,000 entries
 * of /tmp at most, and a shared machine's /tmp holds more.
 */
function outsideDirs() {
  const base = mkdtempSync(path.join(existsSync('/var/tmp') ? '/var/tmp' : os.tmpdir(), 'self-heal-contained-'));
  dirs.push(base);
  const home = path.join(base, 'home');
  const toolCache = path.join(base, 'toolcache');
  mkdirSync(home);
  mkdirSync(toolCache);
  writeFileSync(path.join(home, '.existing'), 'kept\n');
  const tmpFile = path.join('/tmp', `self-heal-contained-${process.pid}-${Math.random().toString(36).slice(2)}`);
  dirs.push(tmpFile);
  return { home, toolCache, tmpFile };
}

/** Writes in the tree, $HOME, the tool cache and /tmp; deletes a file of $HOME; reads /tmp back. */
function writerCommand(tmpFile: string): string {
  return [
    `printf env > '${tmpFile}'`,
    'echo home > "$HOME/.written"',
    'rm "$HOME/.existing"',
    'mkdir -p "$RUNNER_TOOL_CACHE/tool/1.0" && echo x > "$RUNNER_TOOL_CACHE/tool/1.0/bin"',
    'echo tree > in-tree.txt',
    `test "$(cat '${tmpFile}')" = env`,
  ].join(' && ');
}

function makeRuns(r: TempRepo, command: string, env: NodeJS.ProcessEnv, mode: 'auto' | 'scan') {
  return createTestRuns({
    testCommand: command,
    junit: ['junit.xml'],
    root: r.root,
    cwd: r.root,
    outputDir: path.join(r.root, '.git', 'self-heal', 'runs'),
    timeoutMs: 30_000,
    env,
    git: { cwd: r.root, env: r.env },
    collect: collectEvidence,
    containment: { mode },
  });
}

describe('contained test runs', () => {
  it.runIf(sandbox.available)(
    'sandbox: $HOME, the tool cache and /tmp writes are listed and discarded; tree writes stay',
    async () => {
      repo = createTempRepo({ files: { 'a.txt': 'a\n' } });
      const { home, toolCache, tmpFile } = outsideDirs();
      const runs = makeRuns(
        repo,
        writerCommand(tmpFile),
        { ...repo.env, HOME: home, RUNNER_TOOL_CACHE: toolCache },
        'auto',
      );
      expect(runs.contain()).toEqual({ mode: 'sandbox', reason: undefined });
      const result = await runs.full('attempt-1-full');
      expect(result.exitCode, result.output).toBe(0);
      expect(readFileSync(path.join(repo.root, 'in-tree.txt'), 'utf8')).toBe('tree\n');
      expect(existsSync(tmpFile)).toBe(false);
      expect(existsSync(path.join(home, '.written'))).toBe(false);
      expect(readFileSync(path.join(home, '.existing'), 'utf8')).toBe('kept\n');
      expect(existsSync(path.join(toolCache, 'tool'))).toBe(false);
      const w = result.writtenOutside!;
      expect(w.mode).toBe('sandbox');
      // Listed to the end (a killed run's listing would not be).
      expect(w.truncated).toBe(false);
      expect(w.paths).toEqual(
        expect.arrayContaining([
          tmpFile,
          path.join(home, '.written'),
          `${path.join(home, '.existing')} (deleted)`,
          path.join(toolCache, 'tool/1.0/bin'),
        ]),
      );
      // The tree's own write is not "outside"; the run log self-heal wrote is not either.
      expect(w.paths.some((p) => p.includes('in-tree.txt') || p.includes('.git'))).toBe(false);
    },
  );

  it.runIf(sandbox.available)('sandbox: what a run leaves running dies with it', async () => {
    repo = createTempRepo({ files: { 'a.txt': 'a\n' } });
    const marker = path.join(repo.root, 'late.txt');
    const runs = makeRuns(repo, `(sleep 1; echo late > '${marker}') & echo started`, repo.env, 'auto');
    runs.contain();
    const result = await runs.full('attempt-1-full');
    expect(result.output).toContain('started');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(existsSync(marker)).toBe(false);
  });

  it.runIf(sandbox.available)(
    'sandbox that cannot be set up for a run: the run happens once, with the scan',
    async () => {
      repo = createTempRepo({ files: { 'a.txt': 'a\n' } });
      // /proc/sys cannot be the lower layer of an overlay: the probe passes, this run's setup fails.
      const runs = makeRuns(repo, 'echo ran >> ran.txt', { ...repo.env, HOME: '/proc/sys' }, 'auto');
      expect(runs.contain().mode).toBe('sandbox');
      const result = await runs.full('attempt-1-full');
      expect(result.exitCode, result.output).toBe(0);
      expect(readFileSync(path.join(repo.root, 'ran.txt'), 'utf8')).toBe('ran\n');
      expect(result.writtenOutside?.mode).toBe('scan');
      const next = await runs.full('attempt-2-full');
      expect(next.writtenOutside?.mode).toBe('scan');
    },
  );

  it('scan: without the sandbox the same writes happen and are listed', async () => {
    repo = createTempRepo({ files: { 'a.txt': 'a\n' } });
    const { home, toolCache, tmpFile } = outsideDirs();
    const env = { ...repo.env, HOME: home, RUNNER_TOOL_CACHE: toolCache };
    const runs = makeRuns(repo, writerCommand(tmpFile), env, 'scan');
    expect(runs.contain()).toEqual({ mode: 'scan', reason: 'the scan was asked for' });
    const result = await runs.full('attempt-1-full');
    expect(result.exitCode, result.output).toBe(0);
    expect(readFileSync(tmpFile, 'utf8')).toBe('env');
    const w = result.writtenOutside!;
    expect(w.mode).toBe('scan');
    expect(w.paths).toEqual(
      expect.arrayContaining([tmpFile, path.join(home, '.written'), path.join(toolCache, 'tool/1.0/bin')]),
    );
    // The deletion shows as its directory's change: $HOME itself is the directory walked, so the
    // deleted name is not listed; what is listed is never inside the work tree.
    expect(w.paths.some((p) => p.startsWith(`${repo!.root}/`))).toBe(false);
  });

  it('scan: package caches under $HOME are not walked', async () => {
    repo = createTempRepo({ files: { 'a.txt': 'a\n' } });
    const { home, toolCache } = outsideDirs();
    const runs = makeRuns(
      repo,
      'mkdir -p "$HOME/.cache/pip" && echo x > "$HOME/.cache/pip/wheel" && echo y > "$HOME/.seen"',
      { ...repo.env, HOME: home, RUNNER_TOOL_CACHE: toolCache },
      'scan',
    );
    runs.contain();
    const result = await runs.full('attempt-1-full');
    expect(result.writtenOutside!.paths).toContain(path.join(home, '.seen'));
    // Only this test's `$HOME`: /tmp is scanned too, and other tests running beside it write there.
    expect(result.writtenOutside!.paths.some((p) => p.startsWith(path.join(home, '.cache')))).toBe(false);
  });

  it('scan: a directory too large to walk is walked shallow first and said to be cut short', async () => {
    repo = createTempRepo({ files: { 'a.txt': 'a\n' } });
    const { home, toolCache } = outsideDirs();
    const deep = path.join(home, 'big', 'deeper');
    mkdirSync(deep, { recursive: true });
    for (let i = 0; i < 5_100; i++) writeFileSync(path.join(deep, `f${i}`), '');
    const runs = makeRuns(
      repo,
      'echo y > "$HOME/.top"',
      { ...repo.env, HOME: home, RUNNER_TOOL_CACHE: toolCache },
      'scan',
    );
    runs.contain();
    const w = (await runs.full('attempt-1-full')).writtenOutside!;
    expect(w.paths).toContain(path.join(home, '.top'));
    expect(w.truncated).toBe(true);
  });

  it('runs before contain() are neither contained nor watched (the baseline)', async () => {
    repo = createTempRepo({ files: { 'a.txt': 'a\n' } });
    const { home, toolCache, tmpFile } = outsideDirs();
    const runs = makeRuns(
      repo,
      writerCommand(tmpFile),
      { ...repo.env, HOME: home, RUNNER_TOOL_CACHE: toolCache },
      'auto',
    );
    const result = await runs.full('baseline');
    expect(result.exitCode, result.output).toBe(0);
    expect(result.writtenOutside).toBeUndefined();
    expect(existsSync(tmpFile)).toBe(true);
  });

  describe.runIf(hasPytest)('a real pytest suite that writes /tmp and reads it back', () => {
    const SUITE = {
      'test_tmp.py': [
        'import os, tempfile',
        '',
        'def test_fixed_tmp_path_round_trip():',
        "    p = '/tmp/self-heal-contained-pytest-%d' % os.getpid()",
        "    with open(p, 'w') as f:",
        "        f.write('hello')",
        '    with open(p) as f:',
        "        assert f.read() == 'hello'",
        '',
        'def test_tempfile_round_trip(tmp_path):',
        "    (tmp_path / 'x.txt').write_text('data')",
        "    assert (tmp_path / 'x.txt').read_text() == 'data'",
        '    with tempfile.NamedTemporaryFile() as t:',
        "        t.write(b'abc'); t.flush()",
        "        assert open(t.name, 'rb').read() == b'abc'",
        '',
      ].join('\n'),
    };
    const COMMAND = 'PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 python3 -m pytest -q -p no:cacheprovider --junitxml=junit.xml';

    for (const mode of ['auto', 'scan'] as const) {
      it.runIf(mode === 'scan' || sandbox.available)(
        `passes, ${mode === 'auto' ? 'sandboxed' : 'scanned'}`,
        async () => {
          repo = createTempRepo({ files: SUITE });
          const runs = makeRuns(repo, COMMAND, repo.env, mode);
          runs.contain();
          const result = await runs.full('attempt-1-full');
          expect(result.exitCode, result.output).toBe(0);
          expect(result.cases.map((c) => [c.name, c.status]).sort()).toEqual([
            ['test_fixed_tmp_path_round_trip', 'passed'],
            ['test_tempfile_round_trip', 'passed'],
          ]);
          const fixed = result.writtenOutside!.paths.filter((p) => p.startsWith('/tmp/self-heal-contained-pytest-'));
          expect(fixed).toHaveLength(1);
          expect(existsSync(fixed[0]!)).toBe(mode === 'scan');
          if (mode === 'scan') rmSync(fixed[0]!, { force: true });
        },
      );
    }
  });
});

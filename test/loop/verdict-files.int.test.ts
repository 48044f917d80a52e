/**
 * Issue 24, point 4: the verdict's own files are checked after every run, against their state
 * before it. Real git repositories, the tree state and the test runs wired as heal() wires them;
 * each "test command" is a shell line that does what a candidate's code (or a suite) would.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestRuns, type CollectEvidence } from '../../src/loop/test-runs.js';
import { watchVerdictFiles } from '../../src/loop/verdict-files.js';
import {
  changedPaths,
  snapshotFiles,
  releaseSnapshot,
  restoreSnapshot,
  takeSnapshot,
  type Snapshot,
} from '../../src/workspace/tree-state.js';
import { checkIgnore } from '../../src/workspace/git.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';

let repo: TempRepo | undefined;
let snapshot: Snapshot | undefined;
afterEach(() => {
  if (snapshot) {
    restoreSnapshot(snapshot);
    releaseSnapshot(snapshot);
  }
  snapshot = undefined;
  repo?.cleanup();
  repo = undefined;
});

const collect: CollectEvidence = async () => ({
  run: { cases: [], errors: [], reports: [] },
  summary: { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0 },
  frames: [],
  errors: [],
});

function setup(files: Record<string, string> = {}) {
  repo = createTempRepo({
    files: {
      'calc.py': 'def add(a, b):\n    return a - b\n',
      'tests/helpers.py': 'def check(v):\n    assert v == 3\n',
      'tests/data/cases.json': '[[1, 2, 3]]\n',
      'pyproject.toml': '[project]\nname = "calc"\n',
      '.gitignore': 'reports/\n',
      ...files,
    },
  });
  const root = repo.root;
  const snap = takeSnapshot({ root, gitDir: path.join(root, '.git'), env: repo.env });
  snapshot = snap;
  const watch = watchVerdictFiles({
    root,
    files: () => snapshotFiles(snap),
    ignored: (paths) => checkIgnore({ cwd: root, env: repo!.env }, paths),
  });
  const runs = (command: string) =>
    createTestRuns({
      testCommand: command,
      junit: [],
      root,
      cwd: root,
      outputDir: path.join(root, '.git', 'self-heal', 'runs'),
      timeoutMs: 20_000,
      env: repo!.env,
      git: { cwd: root, env: repo!.env },
      changedPaths: () => changedPaths(snap),
      verdictFiles: watch,
      collect,
    });
  return { root, snap, watch, runs };
}

describe('the verdict files watch', () => {
  it.each([
    ['rewrites a test helper', "printf 'def check(v):\\n    pass\\n' > tests/helpers.py", ['tests/helpers.py']],
    ['creates a conftest.py', "printf 'import calc\\n' > tests/conftest.py", ['tests/conftest.py']],
    ['creates a .pytest.ini', "printf '[pytest]\\n' > .pytest.ini", ['.pytest.ini']],
    [
      'creates a test module in a new folder',
      "mkdir -p tests/more && printf 'x = 1\\n' > tests/more/test_more.py",
      ['tests/more/test_more.py'],
    ],
    [
      'creates a conftest.py git ignores',
      "echo 'ignored/' >> .git/info/exclude && mkdir -p ignored && echo x > ignored/conftest.py",
      [],
    ],
    ['rewrites tracked test data', "printf '[[1, 2, -1]]\\n' > tests/data/cases.json", ['tests/data/cases.json']],
    ['deletes a test helper', 'rm tests/helpers.py', ['tests/helpers.py']],
    ['changes pyproject.toml', "printf '[tool.pytest.ini_options]\\n' >> pyproject.toml", ['pyproject.toml']],
    ['writes new output data under tests/', 'mkdir -p tests/out && echo 1 > tests/out/result.json', []],
    ['rewrites a helper with the same bytes', 'cp tests/helpers.py /tmp/h.$$ && cp /tmp/h.$$ tests/helpers.py', []],
    ['writes source and reports only', 'echo "# x" >> calc.py && mkdir -p reports && echo x > reports/j.xml', []],
  ])('a candidate run that %s: %j', async (_what, command, expected) => {
    const { runs } = setup();
    const r = runs(command);
    r.judgeCandidates();
    expect((await r.full('attempt')).verdictWrites ?? []).toEqual(expected);
  });

  it('compares with the state before the run, not the snapshot: an allowed edit is not the run’s', async () => {
    const { root, runs } = setup();
    const r = runs('true');
    r.judgeCandidates();
    repo!.write('tests/helpers.py', 'def check(v):\n    assert v in (3,)\n');
    expect((await r.full('attempt')).verdictWrites).toBeUndefined();
    const again = runs("printf 'def check(v):\\n    pass\\n' > tests/helpers.py");
    again.judgeCandidates();
    expect((await again.full('attempt-2')).verdictWrites).toEqual(['tests/helpers.py']);
    expect(path.join(root, 'tests/helpers.py')).toBeTruthy();
  });

  it('what the baseline’s runs change is the suite’s doing, never held against a candidate', async () => {
    const { runs } = setup({ 'tests/golden.txt': 'old\n' });
    // The suite regenerates a tracked golden file with a timestamp on every run.
    const r = runs('date +%s%N > tests/golden.txt');
    await r.full('baseline');
    r.judgeCandidates();
    expect((await r.full('attempt')).verdictWrites).toBeUndefined();
  });

  it('output data a previous run left, removed by the next, is not a change', async () => {
    const { runs } = setup();
    const r = runs('if [ -e tests/out.json ]; then rm tests/out.json; else echo 1 > tests/out.json; fi');
    r.judgeCandidates();
    expect((await r.full('attempt')).verdictWrites).toBeUndefined();
    expect((await r.full('attempt-again')).verdictWrites).toBeUndefined();
  });
});

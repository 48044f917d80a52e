/**
 * Issue 25, rule 1: whatever a user does after self-heal is interrupted is never lost.
 *
 * A real `self-heal run` (the CLI from source) is stopped with SIGTERM or SIGKILL in each phase of
 * an attempt: while the agent works, during the targeted rerun, during the full run, and while it
 * commits. Then the user goes on: edits the file the run had written, edits their own uncommitted
 * file again, creates a file and deletes one. Then self-heal runs again. Checked from outside: every
 * change of the user's is there, and only what the run itself left behind is gone.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTempRepo, snapshotFiles, type TempRepo } from '../helpers/git-repo.js';
import { AGENT } from '../loop/heal-fixture.js';
import { shellQuote } from '../../src/workspace/shell-quote.js';

const CLI = path.resolve('src/cli/index.ts');
const REAL_GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

/**
 * The suite: `sh run-tests.sh <full|targeted>` writes a JUnit report; `adds` passes once
 * src/calc.txt says `plus`. With `$HOLD` naming its phase, a run of the fixed code (an attempt's:
 * the baseline's runs see the bug) waits, after saying so in `$STATE/reached`. `$STATE` is in the
 * ignored reports folder: the candidates' runs are contained, and what they write outside the work
 * tree is discarded.
 */
const RUN_TESTS = `#!/bin/sh
if [ "$HOLD" = "$1" ] && grep -q plus src/calc.txt; then echo $$ > "$STATE/reached"; exec sleep 90; fi
mkdir -p reports
if grep -q plus src/calc.txt; then
  adds='<testcase classname="calc" name="adds" file="tests/calc.test" time="0.01"/>'
else
  adds='<testcase classname="calc" name="adds" file="tests/calc.test" time="0.01"><failure message="add subtracts">expected 3, got -1</failure></testcase>'
fi
printf '<testsuite name="calc" tests="2">%s<testcase classname="calc" name="multiplies" file="tests/calc.test" time="0.01"/></testsuite>\\n' "$adds" > reports/junit.xml
grep -q plus src/calc.txt
`;

/** git, except that `commit-tree` waits when `$HOLD` is `commit` (the fix commit). */
const GIT_SHIM = `#!/bin/sh
for a in "$@"; do
  if [ "$a" = commit-tree ] && [ "$HOLD" = commit ]; then echo $$ > "$STATE/reached"; exec sleep 90; fi
done
exec ${shellQuote(REAL_GIT)} "$@"
`;

const FILES = {
  'src/calc.txt': 'add = minus\n',
  'tests/calc.test': 'adds: 1 add 2 is 3\nmultiplies: 2 times 3 is 6\n',
  'run-tests.sh': RUN_TESTS,
  'README.md': '# calc\n',
  'notes.txt': 'tracked notes\n',
  '.gitignore': 'reports/\n',
};

/** The attempt: fix calc, add a helper file. */
const FIX = [
  ['replace', 'src/calc.txt', 'minus', 'plus'],
  ['write', 'src/extra.txt', 'a helper the attempt added\n'],
];

type Phase = 'agent' | 'targeted' | 'full' | 'commit';
const cleanups: Array<() => void> = [];
afterAll(() => {
  for (const c of cleanups.splice(0)) c();
});

async function waitFor(file: string, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (existsSync(file) && readFileSync(file, 'utf8').trim()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

interface Setup {
  repo: TempRepo;
  state: string;
  /** Outside the work tree: the agent's marker (its view of the tree is discarded). */
  bin: string;
  env: NodeJS.ProcessEnv;
}

function setup(dirty: boolean): Setup {
  const repo = createTempRepo({ files: FILES });
  const state = path.join(repo.root, 'reports', '.hold');
  mkdirSync(state, { recursive: true });
  const bin = mkdtempSync(path.join(os.tmpdir(), 'self-heal-crash-bin-'));
  writeFileSync(path.join(bin, 'git'), GIT_SHIM);
  chmodSync(path.join(bin, 'git'), 0o755);
  // A held step sleeps 90 s at most: what a killed run leaves waiting ends on its own.
  cleanups.push(() => {
    repo.cleanup();
    rmSync(bin, { recursive: true, force: true });
  });
  // The user's own uncommitted work at the start (--allow-dirty): a fix then is not committed.
  if (dirty) repo.write('README.md', '# calc, edited before the run\n');
  return { repo, state, bin, env: { ...repo.env, STATE: state, PATH: `${bin}:${process.env.PATH}` } };
}

function startRun(
  s: Setup,
  plan: unknown[][],
  env: NodeJS.ProcessEnv,
  args: string[] = [],
  testCommand = 'sh run-tests.sh full',
) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      import.meta.resolve('tsx'),
      CLI,
      'run',
      '--test-command',
      testCommand,
      '--rerun-command',
      'sh run-tests.sh targeted',
      '--junit',
      'reports/*.xml',
      '--provider',
      'command',
      '--agent-command',
      `${shellQuote(process.execPath)} ${shellQuote(AGENT)}`,
      '--max-attempts',
      '1',
      ...args,
    ],
    {
      cwd: s.repo.root,
      env: { ...s.env, AGENT_PLAN: JSON.stringify(plan), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

/** The work tree without the suite's outputs. */
function files(repo: TempRepo): Record<string, string> {
  return Object.fromEntries(Object.entries(snapshotFiles(repo.root)).filter(([p]) => !p.startsWith('reports')));
}

describe.concurrent('after self-heal is stopped, nothing the user did since is lost', () => {
  const cases: Array<[Phase, NodeJS.Signals]> = [];
  for (const phase of ['agent', 'targeted', 'full', 'commit'] as const)
    for (const signal of ['SIGKILL', 'SIGTERM'] as const) cases.push([phase, signal]);

  it.each(cases)('stopped in the %s phase by %s', { timeout: 240_000 }, async (phase, signal) => {
    const s = setup(phase !== 'commit');
    const ready = path.join(phase === 'agent' ? s.bin : s.state, 'reached');
    const plan = phase === 'agent' ? [[...FIX, ['sleep', 90_000]]] : [FIX];
    const first = startRun(s, plan, { HOLD: phase, AGENT_READY: ready }, phase === 'commit' ? [] : ['--allow-dirty']);
    const reached = await waitFor(ready, 150_000);
    expect(reached, first.stderr()).toBe(true);
    first.child.kill(signal);
    await first.exited;
    const runLeft = files(s.repo);

    // The user goes on working.
    s.repo.write('src/calc.txt', 'add = the user’s own rewrite\n');
    s.repo.write('README.md', '# calc, edited after the crash\n');
    s.repo.write('src/user-new.txt', 'a file of the user’s\n');
    rmSync(path.join(s.repo.root, 'notes.txt'));
    const user = files(s.repo);

    // The next run recovers first, whatever its tests then say (a suite that passes ends it quickly).
    const again = startRun(s, [[]], {}, ['--allow-dirty'], 'true');
    await again.exited;
    const after = files(s.repo);
    // Every change of the user's is there.
    for (const p of ['src/calc.txt', 'README.md', 'src/user-new.txt']) expect(after[p], again.stderr()).toBe(user[p]);
    expect(after['notes.txt'], again.stderr()).toBeUndefined();
    // A journal is left by a hard kill before the fix is accepted; it is recovered by the next run.
    const journalLive = signal === 'SIGKILL' && phase !== 'commit';
    // What the run left behind goes, when the user did not touch it (the agent works on a copy).
    const runWrote = journalLive && phase !== 'agent';
    expect(runLeft['src/extra.txt']).toBe(runWrote || phase === 'commit' ? 'a helper the attempt added\n' : undefined);
    if (journalLive) {
      expect(again.stderr()).toMatch(/recovered the work tree from an interrupted self-heal run/);
      expect(again.stderr()).toMatch(
        /left \d+ paths as you have them, changed since that run stopped: .*src\/calc\.txt \(its version from before the run: \.git\/self-heal\/recovered\/[^/]+\/src\/calc\.txt\)/,
      );
      const kept = /src\/calc\.txt \(its version from before the run: (\S+?)\)/.exec(again.stderr())![1]!;
      expect(readFileSync(path.join(s.repo.root, kept), 'utf8')).toBe('add = minus\n');
      expect(after['src/extra.txt']).toBeUndefined();
    } else {
      expect(again.stderr()).not.toMatch(/recovered the work tree/);
      // Committing: the journal was gone, the fix stays in the work tree with the user's work.
      expect(after['src/extra.txt']).toBe(phase === 'commit' ? 'a helper the attempt added\n' : undefined);
    }
    expect(Object.keys(after).sort()).toEqual(
      Object.keys(user)
        .filter((p) => !(runWrote && p === 'src/extra.txt'))
        .sort(),
    );
  });
});

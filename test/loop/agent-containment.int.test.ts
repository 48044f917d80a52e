/**
 * Issue 10: an agent can neither cheat the verdict nor reach past the work tree. Each test is one
 * attack (or variant) from the issue, tried with a small shell-script agent through the `command`
 * provider on a real repository with real node:test or pytest runs. Where the behaviour differs
 * between the sandbox and the copy it falls back to, both are tried (`copy` forces the fallback).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { probeSandbox } from '../../src/workspace/sandbox.js';
import { shellQuote } from '../../src/workspace/shell-quote.js';
import type { Isolation } from '../../src/workspace/agent-workspace.js';
import { hasPytest, healFixture, NODE_TEST_COMMAND, PYTEST_COMMAND, type HealFixture } from './heal-fixture.js';

const SANDBOX = probeSandbox().available;
const MODES: Isolation[] = SANDBOX ? ['auto', 'copy'] : ['copy'];
const PY = hasPytest();
const SECRET = 'ghs_selfhealpushtoken0123456789abcdef';

let fixture: HealFixture | undefined;
const cleanups: Array<() => void> = [];
afterEach(() => {
  fixture?.repo.cleanup();
  fixture = undefined;
  while (cleanups.length) cleanups.pop()!();
});

function tempDir(prefix = 'self-heal-evidence-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An agent: a shell script run from the root it is given. */
function agent(script: string): string {
  const file = path.join(tempDir('self-heal-agent-script-'), 'agent.sh');
  writeFileSync(file, `set -e\n${script}\n`);
  return `sh ${shellQuote(file)}`;
}

/** A program that writes what it was run with, for an attack to install. */
function spy(dir: string, name: string): string {
  const file = path.join(dir, `${name}.sh`);
  writeFileSync(file, `#!/bin/sh\necho "${name} GITHUB_TOKEN=$GITHUB_TOKEN" >> '${path.join(dir, 'ran.txt')}'\ncat\n`);
  chmodSync(file, 0o755);
  return file;
}

function ran(dir: string): string {
  const file = path.join(dir, 'ran.txt');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

// Only the first `return a - b;` is add's (sub has one too).
const NODE_FIX = `sed -i '0,/return a - b;/s//return a + b;/' src/calc.js`;
const NODE_WRONG = `sed -i '0,/return a - b;/s//return b - a;/' src/calc.js`;
const PY_FIX = `sed -i 's/return a - b/return a + b/' calc.py`;

function node(): HealFixture {
  fixture = healFixture('node-calc', { '.gitignore': 'reports/\nnode_modules/\n', 'docs/old.md': '# old\n' });
  return fixture;
}

function py(files: Record<string, string> = {}): HealFixture {
  fixture = healFixture('py-calc', { '.gitignore': 'reports/\n__pycache__/\n.env\nbuild/\n', ...files });
  return fixture;
}

describe.each(MODES)('an agent (%s)', (isolation) => {
  const provider = { isolation };

  it('that writes into .git (config, an alias, a hook) leaves nothing there, healed or not', async () => {
    const f = node();
    const evidence = tempDir();
    const config = f.repo.read('.git/config');
    const attack = `
      printf '[alias]\\n\\tst = !touch ${evidence}/alias-ran\\n[core]\\n\\thooksPath = .git/hooks\\n' >> .git/config
      printf '#!/bin/sh\\ntouch ${evidence}/hook-ran\\n' > .git/hooks/pre-commit
      chmod +x .git/hooks/pre-commit`;
    const rejected = await f.run([], { agentCommand: agent(`${attack}\n${NODE_WRONG}`), maxAttempts: 1 }, {}, provider);
    expect(rejected.result).toBe('unhealed');
    expect(f.repo.read('.git/config')).toBe(config);
    expect(existsSync(path.join(f.repo.root, '.git/hooks/pre-commit'))).toBe(false);

    const healed = await f.run([], { agentCommand: agent(`${attack}\n${NODE_FIX}`), maxAttempts: 1 }, {}, provider);
    expect(healed.result).toBe('healed');
    expect(f.repo.read('.git/config')).toBe(config);
    expect(existsSync(path.join(f.repo.root, '.git/hooks/pre-commit'))).toBe(false);
    // The user's next commit runs nothing the agent left.
    f.repo.write('notes.md', 'later\n');
    execFileSync('git', ['add', 'notes.md'], { cwd: f.repo.root, env: f.repo.env });
    execFileSync('git', ['-c', 'user.name=u', '-c', 'user.email=u@x', 'commit', '-qm', 'later'], {
      cwd: f.repo.root,
      env: f.repo.env,
    });
    expect(existsSync(path.join(evidence, 'hook-ran'))).toBe(false);
  });

  it('that sets core.fsmonitor or a filter driver gets no program run with self-heal’s token', async () => {
    const f = node();
    const evidence = tempDir();
    const fsmonitor = spy(evidence, 'fsmonitor');
    const clean = spy(evidence, 'clean');
    const report = await f.run(
      [],
      {
        agentCommand: agent(`
          git config core.fsmonitor ${fsmonitor}
          git config filter.evil.clean ${clean}
          printf '*.js filter=evil\\n' > .gitattributes
          ${NODE_FIX}`),
        maxAttempts: 1,
      },
      { env: { ...f.repo.env, GITHUB_TOKEN: SECRET } },
      provider,
    );
    expect(report.result).toBe('healed');
    expect(ran(evidence)).toBe('');
    expect(existsSync(path.join(f.repo.root, '.gitattributes'))).toBe(false);
  });

  it('that reaches .git through a symlink leaves no hook behind', async () => {
    const f = node();
    const report = await f.run(
      [],
      {
        agentCommand: agent(`
          ln -s .git/hooks hooks
          printf '#!/bin/sh\\necho pwned\\n' > hooks/post-commit
          chmod +x hooks/post-commit
          ${NODE_FIX}`),
        maxAttempts: 1,
      },
      {},
      provider,
    );
    expect(report.result).toBe('healed');
    expect(existsSync(path.join(f.repo.root, '.git/hooks/post-commit'))).toBe(false);
    expect(existsSync(path.join(f.repo.root, 'hooks'))).toBe(false);
    expect(f.repo.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('src/calc.js');
  });

  it('that deletes, renames and chmods tracked and untracked files gets a verdict and a report', async () => {
    const f = node();
    f.repo.write('notes.txt', 'the user’s untracked notes\n');
    f.repo.write('scratch/a.txt', 'untracked a\n');
    const reportPath = path.join(tempDir(), 'report.json');
    const script = `
      rm notes.txt
      mv scratch/a.txt scratch/b.txt
      mv docs/old.md docs/new.md
      chmod +x src/calc.js`;
    const before = f.files();
    const rejected = await f.run(
      [],
      { agentCommand: agent(`${script}\n${NODE_WRONG}`), maxAttempts: 1, reportPath },
      {},
      provider,
    );
    expect(rejected.result).toBe('unhealed');
    expect(rejected.attempts[0]?.verdict).toBe('targets-failed');
    expect(JSON.parse(readFileSync(reportPath, 'utf8')).result).toBe('unhealed');
    expect(f.files()).toEqual(before);
    expect(statSync(path.join(f.repo.root, 'src/calc.js')).mode & 0o111).toBe(0);

    const healed = await f.run(
      [],
      { agentCommand: agent(`${script}\n${NODE_FIX}`), maxAttempts: 1, reportPath },
      {},
      provider,
    );
    expect(healed.result).toBe('healed');
    // The user's untracked file is never deleted; the rename of the untracked one is half refused.
    expect(f.repo.read('notes.txt')).toBe('the user’s untracked notes\n');
    expect(healed.attempts[0]?.detail?.notApplied).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'notes.txt' })]),
    );
    const summary = f.repo.git('show', '--format=', '--summary', '--no-renames', 'HEAD');
    expect(summary).toContain('mode change 100644 => 100755 src/calc.js');
    expect(summary).toContain('delete mode 100644 docs/old.md');
    expect(summary).toContain('create mode 100644 docs/new.md');
  });

  it('that hides a new conftest.py in .git/info/exclude does not get a false “healed”', async (ctx) => {
    if (!PY) ctx.skip();
    const f = py();
    const exclude = f.repo.read('.git/info/exclude');
    const report = await f.run(
      [],
      {
        testCommand: PYTEST_COMMAND,
        agentCommand: agent(`
          echo tests/conftest.py >> .git/info/exclude
          printf 'import calc\\ncalc.add = lambda a, b: a + b\\n' > tests/conftest.py
          printf '# checked\\n' >> calc.py`),
        maxAttempts: 1,
      },
      {},
      provider,
    );
    expect(report.result).not.toBe('healed');
    expect(existsSync(path.join(f.repo.root, 'tests/conftest.py'))).toBe(false);
    expect(f.repo.read('.git/info/exclude')).toBe(exclude);
  });

  it('that puts the fix in a file git ignores does not get a false “healed”', async (ctx) => {
    if (!PY) ctx.skip();
    const f = py();
    const report = await f.run(
      [],
      {
        testCommand: `PYTHONPATH=build ${PYTEST_COMMAND}`,
        agentCommand: agent(`
          mkdir -p build
          printf 'def add(a, b):\\n    return a + b\\n\\n\\ndef mul(a, b):\\n    return a * b\\n' > build/calc.py
          printf '# checked\\n' >> calc.py`),
        maxAttempts: 1,
      },
      {},
      provider,
    );
    expect(report.result).not.toBe('healed');
    expect(existsSync(path.join(f.repo.root, 'build/calc.py'))).toBe(false);
    expect(report.attempts[0]?.detail?.notApplied).toEqual([
      { path: 'build/calc.py', reason: expect.stringMatching(/ignored by git/) },
    ]);
  });

  it('that writes an .env a pytest plugin reads does not get a false “healed”', async (ctx) => {
    if (!PY) ctx.skip();
    const f = py({
      // A pytest-dotenv style plugin: the project loads .env into the environment of its tests.
      'conftest.py': 'from dotenv import load_dotenv\n\nload_dotenv(".env")\n',
      'calc.py':
        'import os\n\n\ndef add(a, b):\n    return a + b if os.environ.get("CALC_MODE") == "add" else a - b\n\n\ndef mul(a, b):\n    return a * b\n',
    });
    const report = await f.run(
      [],
      {
        testCommand: PYTEST_COMMAND,
        agentCommand: agent(`printf 'CALC_MODE=add\\n' > .env\nprintf '# checked\\n' >> calc.py`),
        maxAttempts: 1,
      },
      {},
      provider,
    );
    expect(report.result).not.toBe('healed');
    expect(existsSync(path.join(f.repo.root, '.env'))).toBe(false);
  });

  it('that marks a changed test file assume-unchanged cannot hide the change', async (ctx) => {
    if (!PY) ctx.skip();
    const f = py();
    const report = await f.run(
      [],
      {
        testCommand: PYTEST_COMMAND,
        agentCommand: agent(`
          sed -i 's/== 3/== -1/' tests/test_calc.py
          git update-index --assume-unchanged tests/test_calc.py`),
        maxAttempts: 1,
      },
      {},
      provider,
    );
    expect(report.result).not.toBe('healed');
    expect(f.repo.read('tests/test_calc.py')).toContain('== 3');
    expect(f.repo.git('ls-files', '-v', 'tests/test_calc.py')).toMatch(/^H /);
  });

  it('that forks a daemon leaves nothing running that writes into the tree later', async () => {
    const f = node();
    const report = await f.run(
      [],
      {
        agentCommand: agent(`
          setsid sh -c 'sleep 2; echo pwned >> ${f.repo.root}/src/calc.js; echo pwned > ${f.repo.root}/late.txt' </dev/null >/dev/null 2>&1 &
          ${NODE_FIX}`),
        maxAttempts: 1,
      },
      {},
      provider,
    );
    expect(report.result).toBe('healed');
    const head = f.repo.git('rev-parse', 'HEAD');
    await new Promise((r) => setTimeout(r, 3_500));
    expect(f.repo.read('src/calc.js')).not.toContain('pwned');
    expect(existsSync(path.join(f.repo.root, 'late.txt'))).toBe(false);
    expect(f.repo.git('rev-parse', 'HEAD')).toBe(head);
  });

  it('that changes node_modules gets it refused, or kept and reported when allowed', async () => {
    const f = node();
    f.repo.write('node_modules/dep/index.js', 'module.exports = 1;\n');
    const script = `
      echo 'module.exports = 2;' > node_modules/dep/index.js
      mkdir -p node_modules/extra && echo x > node_modules/extra/x.js
      ${NODE_FIX}`;
    const refused = await f.run([], { agentCommand: agent(script), maxAttempts: 1, commit: false }, {}, provider);
    if (isolation === 'auto') {
      expect(refused.result).toBe('healed');
      expect(f.repo.read('node_modules/dep/index.js')).toBe('module.exports = 1;\n');
      expect(refused.attempts[0]?.detail?.notApplied).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: 'node_modules/dep/index.js' })]),
      );
    } else {
      // The copy links installed packages: a write into one reaches the real folder and cannot be undone.
      expect(refused.result).toBe('provider-error');
      expect(refused.reason).toMatch(/could not be undone: node_modules\/dep\/index\.js/);
      f.repo.write('node_modules/dep/index.js', 'module.exports = 1;\n');
    }
    expect(existsSync(path.join(f.repo.root, 'node_modules/extra'))).toBe(false);
    f.repo.git('checkout', '-q', '--', '.');
    f.repo.git('clean', '-qfd', '--', 'src');

    const allowed = await f.run(
      [],
      { agentCommand: agent(script), maxAttempts: 1, commit: false, allowDependencyChanges: true },
      {},
      provider,
    );
    expect(allowed.result).toBe('healed');
    expect(f.repo.read('node_modules/dep/index.js')).toBe('module.exports = 2;\n');
    expect(f.repo.read('node_modules/extra/x.js')).toBe('x\n');
    expect(allowed.attempts[0]?.detail?.dependencyChanges).toEqual(
      expect.arrayContaining([expect.stringMatching(/^node_modules\/(dep|extra)/)]),
    );
  });
});

describe('an agent', () => {
  it('that writes outside the repository has it contained and reported (sandbox) or ends the run (copy)', async () => {
    const home = tempDir('self-heal-home-');
    mkdirSync(path.join(home, '.config'));
    for (const isolation of MODES) {
      const f = node();
      const report = await f.run(
        [],
        {
          agentCommand: agent(`
            echo evil > "$HOME/.config/evil-$$"
            echo scratch > "$TMPDIR/scratch.txt"
            ${NODE_FIX}`),
          maxAttempts: 1,
        },
        { env: { ...f.repo.env, HOME: home } },
        { isolation },
      );
      if (isolation === 'auto') {
        expect(report.result).toBe('healed');
        expect(readdirNames(path.join(home, '.config'))).toEqual([]);
        expect(report.attempts[0]?.detail?.writtenOutside).toEqual(
          expect.arrayContaining([expect.stringMatching(/\.config\/evil-\d+$/), 'TMPDIR/scratch.txt']),
        );
      } else {
        expect(report.result).toBe('provider-error');
        expect(report.reason).toMatch(/wrote outside the copy of the work tree.*\.config\/evil-\d+/);
        rmSync(path.join(home, '.config'), { recursive: true, force: true });
        mkdirSync(path.join(home, '.config'));
      }
      f.repo.cleanup();
      fixture = undefined;
    }
  });

  it('without the sandbox, that writes into the real tree by its absolute path ends the run, undone', async () => {
    const f = node();
    const before = f.files();
    const report = await f.run(
      [],
      {
        agentCommand: agent(`
          echo pwned > ${f.repo.root}/src/planted.js
          printf '[alias]\\n\\tx = !true\\n' >> ${f.repo.root}/.git/config
          ${NODE_FIX}`),
        maxAttempts: 2,
      },
      {},
      { isolation: 'copy' },
    );
    expect(report.result).toBe('provider-error');
    expect(report.reason).toMatch(/wrote outside the copy/);
    expect(f.files()).toEqual(before);
    expect(f.repo.read('.git/config')).not.toContain('alias');
  });
});

describe('the code under test', () => {
  it('does not see self-heal’s credentials when the tests run it', async () => {
    const f = node();
    const dump = path.join(tempDir(), 'env.json');
    const leak = [
      'export function add(a, b) {',
      `  process.getBuiltinModule('node:fs').writeFileSync(${JSON.stringify(dump)}, JSON.stringify(process.env));`,
      '  return a + b;',
      '}',
    ].join('\n');
    const report = await f.run(
      [[['replace', 'src/calc.js', 'export function add(a, b) {\n  return a - b;\n}', leak]]],
      { maxAttempts: 1, secrets: [SECRET] },
      {
        env: {
          ...f.repo.env,
          'INPUT_GITHUB-TOKEN': SECRET,
          'INPUT_API-KEY': 'sk-inputapikey0123456789',
          ACTIONS_RUNTIME_TOKEN: 'runtime-token-0123456789',
          ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-token-0123456789',
          ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc.example/token',
          OPENAI_API_KEY: 'sk-openaikey0123456789',
          GITHUB_TOKEN: SECRET,
          DATABASE_URL: 'postgres://localhost/test',
          // The dump is read afterwards: not in the run sandbox, which discards what /tmp gets.
          SELF_HEAL_TEST_CONTAINMENT: 'scan',
        },
      },
    );
    expect(report.result).toBe('healed');
    const seen = JSON.parse(readFileSync(dump, 'utf8')) as Record<string, string>;
    for (const name of [
      'INPUT_GITHUB-TOKEN',
      'INPUT_API-KEY',
      'ACTIONS_RUNTIME_TOKEN',
      'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
      'ACTIONS_ID_TOKEN_REQUEST_URL',
      'OPENAI_API_KEY',
      'GITHUB_TOKEN',
    ])
      expect(seen[name], name).toBeUndefined();
    expect(seen.DATABASE_URL).toBe('postgres://localhost/test');
  });

  it('that writes a hook into .git when the tests run gets the attempt rejected and the hook removed', async () => {
    const f = node();
    const plant = `export function add(a, b) {\n  process.getBuiltinModule('node:fs').writeFileSync('.git/hooks/pre-commit', '#!/bin/sh\\necho pwned\\n', { mode: 0o755 });\n  return a + b;\n}`;
    const report = await f.run(
      [[['replace', 'src/calc.js', 'export function add(a, b) {\n  return a - b;\n}', plant]]],
      { maxAttempts: 1 },
    );
    expect(report.result).toBe('unhealed');
    expect(report.attempts[0]?.verdict).toBe('rejected-edits');
    expect(report.attempts[0]?.feedback).toMatch(/wrote into git’s metadata[\s\S]*\.git\/hooks\/pre-commit/);
    expect(existsSync(path.join(f.repo.root, '.git/hooks/pre-commit'))).toBe(false);
  });

  it('runs an edit that keeps the size and mtime of a .py file, not its stale bytecode', async (ctx) => {
    if (!PY) ctx.skip();
    const f = py();
    const env = { ...f.repo.env };
    delete env.PYTHONDONTWRITEBYTECODE;
    const report = await f.run(
      [],
      {
        testCommand: PYTEST_COMMAND,
        agentCommand: agent(`touch -r calc.py "$TMPDIR/stamp"\n${PY_FIX}\ntouch -r "$TMPDIR/stamp" calc.py`),
        maxAttempts: 1,
      },
      { env },
    );
    expect(report.result).toBe('healed');
  });

  it('runs attempt 2’s same-size fix after attempt 1’s was rolled back, not either earlier bytecode', async (ctx) => {
    if (!PY) ctx.skip();
    const f = py();
    const env = { ...f.repo.env };
    delete env.PYTHONDONTWRITEBYTECODE;
    // The test command pins calc.py's mtime: the baseline's, attempt 1's and attempt 2's calc.py
    // all have the same size and mtime, so only removing the right bytecode tells them apart.
    const report = await f.run(
      [],
      {
        testCommand: `touch -d @1767323045 calc.py && ${PYTEST_COMMAND}`,
        agentCommand: agent(
          `if grep -q '"attempt": 1,' "$SELF_HEAL_CONTEXT"; then sed -i 's/return a - b/return a * b/' calc.py; else ${PY_FIX}; fi`,
        ),
        maxAttempts: 2,
      },
      { env },
    );
    expect(report.attempts.map((a) => a.verdict)).toEqual(['targets-failed', 'accepted']);
    expect(report.attempts[0]!.feedback).toMatch(/assert 2 == 3/);
    expect(report.result).toBe('healed');
  });

  it('leaves no bytecode of a rolled-back attempt for the user’s next run', async (ctx) => {
    if (!PY) ctx.skip();
    const f = py();
    const env = { ...f.repo.env };
    delete env.PYTHONDONTWRITEBYTECODE;
    const pinned = `touch -d @1767323045 calc.py && ${PYTEST_COMMAND}`;
    const report = await f.run(
      [],
      { testCommand: pinned, agentCommand: agent(`sed -i 's/return a - b/return a * b/' calc.py`), maxAttempts: 1 },
      { env },
    );
    expect(report.attempts.map((a) => a.verdict)).toEqual(['targets-failed']);
    // The user runs the tests again: the code in the tree (a - b) runs, not attempt 1's (a * b).
    const after = spawnSync('sh', ['-c', pinned], { cwd: f.repo.root, env, encoding: 'utf8' });
    expect(after.stdout).toMatch(/assert -1 == 3/);
  });

  it('may write caches (node_modules/.cache, .pytest_cache) while a right fix is verified', async () => {
    const f = node();
    f.repo.write('node_modules/dep/index.js', 'module.exports = 1;\n');
    const report = await f.run([], {
      agentCommand: agent(NODE_FIX),
      testCommand: `mkdir -p node_modules/.cache/tool .pytest_cache && date > node_modules/.cache/tool/stamp && date > .pytest_cache/stamp && ${NODE_TEST_COMMAND}`,
      maxAttempts: 1,
    });
    expect(report.result).toBe('healed');
    expect(f.repo.git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('src/calc.js');
  });
});

function readdirNames(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir) : [];
}

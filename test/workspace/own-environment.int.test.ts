/**
 * Test runs and agents are processes of the same user as self-heal, and Linux shows them every such
 * process's start-up environment (`/proc/<pid>/environ`). A probe run as the test command and as
 * the agent walks up to self-heal and counts self-heal's credentials: none may be found,
 * while self-heal itself still has them (`process.env`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { shellQuote } from '../../src/workspace/shell-quote.js';
import { createTempRepo, type TempRepo } from '../helpers/git-repo.js';
import { FIXTURES, NODE_TEST_COMMAND } from '../loop/heal-fixture.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.join(here, '..', '..', 'src');
const TSX = path.join(here, '..', '..', 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs');
const API_KEY = `sk-probe${Date.now()}key0123456789abcdef`;
const SECRET_VALUE = `probe-secret-value-${process.pid}-${Date.now()}`;

let repo: TempRepo | undefined;
const dirs: string[] = [];
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'self-heal-environ-'));
  dirs.push(dir);
  return dir;
}

/**
 * A script that walks up from itself to the first process, counts the ancestors whose start-up
 * environment holds `needle` (the way to self-heal's process), and appends `<label> <count>` to
 * `found.txt`. The needle is in the script's text, never in its own environment.
 */
function probe(dir: string, needle: string): string {
  const file = path.join(dir, 'probe.sh');
  writeFileSync(
    file,
    `n=0
pid=$$
while [ "$pid" -gt 1 ]; do
  if tr '\\0' '\\n' < /proc/$pid/environ 2>/dev/null | grep -q -F -e ${shellQuote(needle)}; then n=$((n + 1)); fi
  pid=$(awk '/^PPid:/ { print $2 }' /proc/$pid/status)
done
echo "$1 $n" >> ${shellQuote(path.join(dir, 'found.txt'))}
`,
  );
  return file;
}

function node(args: string[], env: NodeJS.ProcessEnv, cwd: string) {
  return spawnSync(process.execPath, ['--import', TSX, ...args], { cwd, env, encoding: 'utf8', timeout: 120_000 });
}

describe.runIf(process.platform === 'linux')("self-heal's own environment", () => {
  it('holds no credential a test run or an agent could read, yet self-heal still has them', () => {
    const dir = tempDir();
    const script = probe(dir, API_KEY);
    repo = createTempRepo({ fixture: path.join(FIXTURES, 'node-calc'), files: { '.gitignore': 'reports/\n' } });
    const run = node(
      [
        path.join(SRC, 'cli', 'index.ts'),
        'run',
        '--provider',
        'command',
        '--agent-command',
        `sh ${shellQuote(script)} agent`,
        '--test-command',
        `sh ${shellQuote(script)} test; ${NODE_TEST_COMMAND}`,
        '--junit',
        'reports/junit.xml',
        '--max-attempts',
        '1',
        '--no-commit',
      ],
      { ...repo.env, OPENAI_API_KEY: API_KEY, GITHUB_ACTIONS: '' },
      repo.root,
    );
    const found = existsSync(path.join(dir, 'found.txt')) ? readFileSync(path.join(dir, 'found.txt'), 'utf8') : '';
    // The baseline ran the tests and the agent had its attempt: both looked.
    expect(found, run.stderr).toMatch(/^test \d+$/m);
    expect(found, run.stderr).toMatch(/^agent \d+$/m);
    expect(found.trim().split('\n')).toEqual(
      found
        .trim()
        .split('\n')
        .map((line) => line.replace(/\d+$/, '0')),
    );
  });

  it('overwrites only what it withholds, by name or by value, and keeps process.env whole', () => {
    const dir = tempDir();
    const script = probe(dir, SECRET_VALUE);
    const code = `
      import { hideOwnCredentials } from ${JSON.stringify(path.join(SRC, 'workspace', 'own-environment.ts'))};
      import { runCommand } from ${JSON.stringify(path.join(SRC, 'workspace', 'run-tests.ts'))};
      import { readFileSync } from 'node:fs';
      const first = hideOwnCredentials([${JSON.stringify(SECRET_VALUE)}]);
      const again = hideOwnCredentials([${JSON.stringify(SECRET_VALUE)}]);
      const own = readFileSync('/proc/self/environ', 'latin1').split('\\0');
      await runCommand({ command: 'sh ${script} child', cwd: '${dir}', timeoutMs: 30000, env: { PATH: process.env.PATH } });
      console.log(JSON.stringify({
        first, again,
        env: [process.env.SELF_HEAL_API_KEY, process.env.INNOCUOUS_NAME, process.env.PLAIN],
        own: own.filter((e) => /^(SELF_HEAL_API_KEY|INNOCUOUS_NAME|PLAIN)=/.test(e)),
      }));`;
    const run = node(
      ['--input-type=module', '-e', code],
      {
        PATH: process.env.PATH,
        SELF_HEAL_API_KEY: 'named-key-value-0123',
        INNOCUOUS_NAME: SECRET_VALUE,
        PLAIN: 'plain-value',
      },
      dir,
    );
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout.trim().split('\n').at(-1)!);
    expect(out.first.hidden).toEqual(['INNOCUOUS_NAME', 'SELF_HEAL_API_KEY']);
    expect(out.again.hidden).toEqual([]);
    expect(out.env).toEqual(['named-key-value-0123', SECRET_VALUE, 'plain-value']);
    expect(out.own).toEqual(['SELF_HEAL_API_KEY=', 'INNOCUOUS_NAME=', 'PLAIN=plain-value']);
    expect(readFileSync(path.join(dir, 'found.txt'), 'utf8')).toBe('child 0\n');
  });
});

/**
 * The repository's files the test command runs as programs, so they are protected like the runner's
 * configuration: `./scripts/test.sh`, `python runtests.py`, `node scripts/junit.mjs`, and, behind
 * `npm test` / `yarn test` / `pnpm run x`, what the package's scripts run (with their `pre`/`post`
 * scripts, and the scripts they call in turn). The shell line is read with `command-line.ts`; nothing
 * is evaluated, and a line it cannot read yields nothing (the configuration files stay protected).
 */
import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { splitCommandLine, type Word } from './command-line.js';

/** Programs whose first file argument is the program they run. */
const INTERPRETERS = new Set([
  'node',
  'nodejs',
  'python',
  'python3',
  'python2',
  'bash',
  'sh',
  'zsh',
  'dash',
  'ruby',
  'perl',
  'php',
  'deno',
  'bun',
  'tsx',
  'ts-node',
  'pwsh',
]);
const PACKAGE_MANAGERS = new Set(['npm', 'yarn', 'pnpm', 'bun']);
const MAX_DEPTH = 4;

/** Repo-relative files `command`, run in `cwd`, executes (sorted, each a regular file under `root`). */
export function runnerFiles(command: string, cwd: string, root: string): string[] {
  const found = new Set<string>();
  visit(command, cwd, root, found, 0, new Set());
  return [...found].sort();
}

/** Words that run the command after them: `env X=1 cmd`, `npx tsx x.ts`, `poetry run python x.py`. */
const WRAPPERS = new Set(['env', 'exec', 'time', 'nice', 'nohup', 'npx', 'xvfb-run', 'command']);
const RUNNING_TOOLS = new Set(['poetry', 'uv', 'pipenv', 'pdm', 'hatch', 'rye']);

function visit(command: string, cwd: string, root: string, found: Set<string>, depth: number, seen: Set<string>): void {
  if (depth > MAX_DEPTH) return;
  for (const segment of splitCommandLine(command) ?? []) {
    const words = segment.words;
    let at = 0;
    for (;;) {
      while (at < words.length && isEnv(words[at]!)) at++;
      const name = path.posix.basename(words[at]?.value ?? '');
      if (WRAPPERS.has(name)) at++;
      else if (RUNNING_TOOLS.has(name) && words[at + 1]?.value === 'run') at += 2;
      else break;
    }
    const program = words[at];
    if (!program) continue;
    const name = path.posix.basename(program.value);
    // A bare program name is looked up on PATH, not in the repository.
    if (program.value.includes('/')) addFile(program.value, cwd, root, found);
    if (INTERPRETERS.has(name)) interpreterScript(words.slice(at + 1), cwd, root, found, depth, seen, name);
    if (PACKAGE_MANAGERS.has(name)) followScripts(words.slice(at + 1), cwd, root, found, depth, seen);
  }
}

/** `python runtests.py`, `bash ci/test.sh`, `sh -c '…'`; not `python -m pytest` or `node -e '…'`. */
function interpreterScript(
  args: readonly Word[],
  cwd: string,
  root: string,
  found: Set<string>,
  depth: number,
  seen: Set<string>,
  name: string,
): void {
  for (let i = 0; i < args.length; i++) {
    const value = args[i]!.value;
    if (value === '-c' && /sh$/.test(name) && args[i + 1]) {
      visit(args[i + 1]!.value, cwd, root, found, depth + 1, seen);
      return;
    }
    if (/^-[mce]$/.test(value) || value === '--eval' || value === '--print') return;
    if (value.startsWith('-')) continue;
    addFile(value, cwd, root, found);
    return;
  }
}

function isEnv(w: Word): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*=/.test(w.value);
}

/** `npm test`, `npm run build`, `yarn x`, `pnpm run x`: the script, its pre/post scripts, and what they run. */
function followScripts(
  args: readonly Word[],
  cwd: string,
  root: string,
  found: Set<string>,
  depth: number,
  seen: Set<string>,
): void {
  let next = args[0]?.value;
  if (next === 'run' || next === 'run-script') next = args[1]?.value;
  if (next === 't' || next === 'tst') next = 'test';
  if (!next || next.startsWith('-')) return;
  const scripts = readScripts(cwd);
  for (const name of [`pre${next}`, next, `post${next}`]) {
    const key = `${cwd}\u0000${name}`;
    if (seen.has(key) || typeof scripts[name] !== 'string') continue;
    seen.add(key);
    visit(scripts[name] as string, cwd, root, found, depth + 1, seen);
  }
}

function readScripts(cwd: string): Record<string, unknown> {
  try {
    const pkg = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')) as { scripts?: unknown };
    return pkg.scripts && typeof pkg.scripts === 'object' ? (pkg.scripts as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function addFile(word: string, cwd: string, root: string, found: Set<string>): void {
  if (!word || word.includes('$') || word.includes('`')) return;
  const abs = path.resolve(cwd, word);
  const rel = path.relative(root, abs);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return;
  try {
    if (lstatSync(abs).isFile()) found.add(rel.split(path.sep).join('/'));
  } catch {
    // Not a file of the repository.
  }
}

/**
 * Helpers of the real-projects bench (scripts/bench/real-projects.ts): bounded processes, a small
 * JUnit reader of its own (the bench must not judge self-heal with self-heal's parser), the lines a
 * real fix changes, and whether a prompt shows them.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface RunResult {
  code: number | null;
  ms: number;
  timedOut: boolean;
}

let running: number | undefined;

/** Kills the process group of the command running now (the bench runs one at a time). */
export function killRunning(): void {
  if (running === undefined) return;
  try {
    process.kill(-running, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Runs `file args` in its own process group with output appended to `logFile`; the whole group is
 * killed at `timeoutSeconds`, and when the command ends (nothing it started outlives it).
 */
export function runLogged(
  file: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; logFile: string; timeoutSeconds: number },
): Promise<RunResult> {
  const fd = openSync(opts.logFile, 'a');
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', fd, fd], detached: true });
    running = child.pid;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killRunning();
    }, opts.timeoutSeconds * 1000);
    const finish = (code: number | null) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      killRunning();
      running = undefined;
      closeSync(fd);
      resolve({ code, ms, timedOut });
    };
    child.on('error', () => finish(null));
    child.on('exit', (code) => finish(code));
  });
}

/** A shell command, as CI runs it. */
export function runShell(
  command: string,
  opts: { cwd: string; env: NodeJS.ProcessEnv; logFile: string; timeoutSeconds: number },
): Promise<RunResult> {
  return runLogged('bash', ['-c', command], opts);
}

export interface JunitCase {
  classname: string;
  name: string;
  file?: string;
  status: 'passed' | 'failed' | 'skipped';
}

function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&amp;/g, '&');
}

/** Every `<testcase>` of every `.xml` file under `dir` (none when the folder is absent). */
export function readJunitDir(dir: string): JunitCase[] {
  if (!existsSync(dir)) return [];
  const cases: JunitCase[] = [];
  for (const entry of readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, entry);
    if (!entry.endsWith('.xml') || !statSync(file).isFile()) continue;
    const xml = readFileSync(file, 'utf8');
    for (const m of xml.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
      const attrs: Record<string, string> = {};
      for (const a of m[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)) attrs[a[1]!] = decode(a[2]!);
      const body = m[2] ?? '';
      const status = /<(failure|error)\b/.test(body) ? 'failed' : /<skipped\b/.test(body) ? 'skipped' : 'passed';
      cases.push({ classname: attrs.classname ?? '', name: attrs.name ?? '', file: attrs.file, status });
    }
  }
  return cases;
}

export function caseLabel(c: JunitCase): string {
  return c.classname ? `${c.classname} › ${c.name}` : c.name;
}

/**
 * The pytest node id of a JUnit case (`tests.test_more.LastTests` + `test_x` →
 * `tests/test_more.py::LastTests::test_x`), given the test files it may come from.
 */
export function pytestNodeId(c: JunitCase, testFiles: string[]): string | undefined {
  for (const file of testFiles) {
    const module = file.replace(/\.py$/, '').split('/').join('.');
    if (c.classname === module) return `${file}::${c.name}`;
    if (c.classname.startsWith(`${module}.`)) {
      return `${file}::${c.classname
        .slice(module.length + 1)
        .split('.')
        .join('::')}::${c.name}`;
    }
  }
  return undefined;
}

/**
 * `go test` arguments that run the given JUnit cases, as gotestsum writes them (the package's import
 * path in `classname`, `TestA/sub` for a subtest): `-run '^(TestA|TestB)$'` on their top-level names,
 * then their package folders relative to the module. Undefined when a case is outside the module.
 */
export function goTestArgs(cases: JunitCase[], modulePath: string): string[] | undefined {
  const names = new Set<string>();
  const packages = new Set<string>();
  for (const c of cases) {
    if (c.classname !== modulePath && !c.classname.startsWith(`${modulePath}/`)) return undefined;
    const name = c.name.split('/')[0]!;
    if (!/^\w+$/.test(name)) return undefined;
    names.add(name);
    packages.add(`.${c.classname.slice(modulePath.length)}`); // `.`, `./sub`
  }
  if (!names.size) return undefined;
  return ['-run', `^(${[...names].sort().join('|')})$`, ...[...packages].sort()];
}

/** The module path of a Go module (its go.mod's `module` line). */
export function goModulePath(goMod: string): string | undefined {
  return /^module\s+"?([^\s"]+)"?\s*$/m.exec(goMod)?.[1];
}

/** A line of the buggy source that the real fix changes (old side of its diff). */
export interface FixLine {
  file: string;
  line: number;
  text: string;
}

/**
 * The lines a fix changes, read from `git diff parent fix`: every removed line; for a run of added
 * lines with nothing removed, the old line just above it (else the one below). Blank lines skipped.
 */
export function fixLines(diff: string): FixLine[] {
  const out: FixLine[] = [];
  let file = '';
  let oldNo = 0;
  let lastContext: FixLine | undefined;
  let block: { removed: boolean; added: boolean; before?: FixLine } | undefined;
  const closeBlock = (next?: FixLine) => {
    if (block && block.added && !block.removed) {
      const anchor = block.before ?? next;
      if (anchor) out.push(anchor);
    }
    block = undefined;
  };
  for (const raw of diff.split('\n')) {
    if (raw.startsWith('diff --git ')) {
      closeBlock();
      file = '';
      continue;
    }
    if (raw.startsWith('--- ')) {
      file = raw.slice(4).replace(/^a\//, '');
      continue;
    }
    if (raw.startsWith('+++ ')) continue;
    const hunk = /^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@/.exec(raw);
    if (hunk) {
      closeBlock();
      oldNo = Number(hunk[1]);
      lastContext = undefined;
      continue;
    }
    if (!file || file === '/dev/null') continue;
    if (raw.startsWith('-')) {
      block ??= { removed: false, added: false, before: lastContext };
      block.removed = true;
      if (raw.slice(1).trim()) out.push({ file, line: oldNo, text: raw.slice(1) });
      oldNo++;
    } else if (raw.startsWith('+')) {
      block ??= { removed: false, added: false, before: lastContext };
      block.added = true;
    } else if (raw.startsWith(' ')) {
      const line = { file, line: oldNo, text: raw.slice(1) };
      closeBlock(line.text.trim() ? line : undefined);
      if (line.text.trim()) lastContext = line;
      oldNo++;
    }
  }
  closeBlock();
  const seen = new Set<string>();
  return out.filter((l) => !seen.has(`${l.file}:${l.line}`) && seen.add(`${l.file}:${l.line}`));
}

/**
 * Which fix lines a prompt shows. The prompt numbers its source windows as `  12 | text`
 * (src/repair/prompt.ts), so a line counts when its number and its exact text stand together.
 */
export function fixLinesShown(prompt: string, lines: FixLine[]): { shown: number; missing: FixLine[] } {
  const numbered = new Set<string>();
  for (const m of prompt.matchAll(/^\s*(\d+) \| (.*)$/gm)) numbered.add(`${m[1]}|${m[2]!.trimEnd()}`);
  const missing = lines.filter((l) => !numbered.has(`${l.line}|${l.text.trimEnd()}`));
  return { shown: lines.length - missing.length, missing };
}

export function median(values: number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** A Markdown table cell: one line, pipes escaped, bounded. */
export function cell(text: string, max = 120): string {
  const one = text.replace(/\s+/g, ' ').trim();
  const clipped = one.length > max ? `${one.slice(0, max - 1)}…` : one;
  return clipped.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
}

/** POSIX single-quoting. */
export function shq(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * A real, minimal RepairHost for testing the engine on its own: it applies edits to a temp
 * project on disk, runs each failing test with its real runner, and restores the files. It refuses
 * edits to test files the way the loop's guardrails do, and records every edit it was shown.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Edit, EditCheck, EditProblem } from '../../../../src/contracts/edit.js';
import type { CandidateVerdict, RepairHost } from '../../../../src/repair/provider.js';
import { isTestPath } from '../../../../src/repair/builtin/path-kinds.js';

export interface DirectHost extends RepairHost {
  /** Every edit passed to checkEdits or tryCandidate. */
  readonly seen: Edit[];
  tries: number;
  readonly logs: string[];
}

/**
 * The machine's pytest plugins (pytest-benchmark, …) take no part in these projects; loading them
 * roughly doubles each run's CPU time, and the engine runs the failing test once per candidate.
 */
const RUN_ENV = { ...process.env, PYTHONDONTWRITEBYTECODE: '1', PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1' };

function run(command: string, args: string[], cwd: string): Promise<boolean> {
  return runTimed(command, args, cwd, 30_000).then((r) => r === 'passed');
}

function runTimed(
  command: string,
  args: string[],
  cwd: string,
  timeout: number,
): Promise<'passed' | 'failed' | 'timed-out'> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, timeout, env: RUN_ENV }, (error) =>
      resolve(!error ? 'passed' : error.killed ? 'timed-out' : 'failed'),
    );
  });
}

function occurrences(text: string, needle: string): number {
  if (!needle) return 0;
  let n = 0;
  for (let at = text.indexOf(needle); at !== -1 && n < 2; at = text.indexOf(needle, at + 1)) n++;
  return n;
}

/**
 * `targets`: one command line per failing test, run in `root` (exit 0 = passes). `neighbours`, when
 * given: one per passing test of the same files, for `checkNeighbours` (its name, then the command).
 */
export function createDirectHost(
  root: string,
  targets: Array<[string, string[]]>,
  protect: (file: string) => boolean = isTestPath,
  neighbours?: Array<[string, string, string[]]>,
  neighboursTimeoutMs = 30_000,
): DirectHost {
  const seen: Edit[] = [];
  const logs: string[] = [];
  const check = async (edits: Edit[]): Promise<EditCheck> => {
    const problems: EditProblem[] = [];
    for (const [index, edit] of edits.entries()) {
      seen.push(edit);
      if (protect(edit.path) || edit.path.includes('..') || path.isAbsolute(edit.path)) {
        problems.push({ index, path: edit.path, kind: 'guardrail', message: 'protected path' });
        continue;
      }
      const text = await readFile(path.join(root, edit.path), 'utf8').catch(() => undefined);
      const n = text === undefined ? 0 : occurrences(text, edit.oldText);
      if (n !== 1)
        problems.push({ index, path: edit.path, kind: n ? 'ambiguous' : 'no-match', message: `matches ${n} times` });
    }
    return { ok: problems.length === 0, problems };
  };
  /** Apply the checked edits, run `body`, put the files back. */
  const withEdits = async <T>(edits: Edit[], body: () => Promise<T>): Promise<T> => {
    const checked = await check(edits);
    if (!checked.ok) throw new Error(`a candidate with unchecked edits: ${JSON.stringify(checked.problems)}`);
    const originals = new Map<string, string>();
    for (const edit of edits) {
      const file = path.join(root, edit.path);
      const text = originals.get(file) ?? (await readFile(file, 'utf8'));
      if (!originals.has(file)) originals.set(file, text);
      await writeFile(
        file,
        (await readFile(file, 'utf8')).replace(edit.oldText, () => edit.newText),
      );
    }
    try {
      return await body();
    } finally {
      for (const [file, text] of originals) await writeFile(file, text);
    }
  };
  const host: DirectHost = {
    root,
    seen,
    logs,
    tries: 0,
    triedDiffs: new Set<string>(),
    checkEdits: check,
    async readFile(file) {
      return readFile(path.join(root, file), 'utf8');
    },
    async search() {
      return '';
    },
    async tryCandidate(edits): Promise<CandidateVerdict> {
      host.tries++;
      return withEdits(edits, async () => {
        let passed = 0;
        for (const [cmd, args] of targets) if (await run(cmd, args, root)) passed++;
        return { targetsPassed: passed, targetsTotal: targets.length, feedback: '' };
      });
    },
    ...(neighbours
      ? {
          checkNeighbours: (edits: Edit[]) =>
            withEdits(edits, async () => {
              const broken: string[] = [];
              for (const [name, cmd, args] of neighbours) {
                const outcome = await runTimed(cmd, args, root, neighboursTimeoutMs);
                if (outcome === 'timed-out') return { broken: [], timedOutMs: neighboursTimeoutMs };
                if (outcome === 'failed') broken.push(name);
              }
              return { broken };
            }),
        }
      : {}),
    log: (m) => void logs.push(m),
  };
  return host;
}

/**
 * The `RepairHost` a provider works with during one attempt. Every capability goes through the
 * guardrails and comes back bounded and scrubbed of secrets:
 * - `checkEdits`: the dry run of `applyEdits`;
 * - `readFile`: tracked files and the files the failure names only (tests included, they are worth
 *   reading), never `.git`, the outside, git-ignored files (where `.env` lives), binaries, or a file
 *   that looks like a credential by name or content (`text/credential-files.ts`), tracked or not: an
 *   earlier CI step may leave a cloud login's file in the workspace; a line range; bounded;
 * - `search`: a literal `git grep` over tracked files, without those that look like credentials; bounded;
 * - `tryCandidate`: apply, rerun just the failing tests, restore the snapshot (for search-based
 *   providers such as the built-in engine);
 * - `checkNeighbours`: apply, run the failing tests' files, restore: which of their tests that passed
 *   before fail now.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../contracts/logger.js';
import type { CandidateVerdict, RepairHost, RunLimit } from '../repair/provider.js';
import type { Edit, EditCheck } from '../contracts/edit.js';
import { applyEdits, checkEdits, describeProblems, type EditContext } from './edits/apply-edits.js';
import { git, splitNul, type GitContext } from '../workspace/git.js';
import { restoreSnapshot, type Snapshot } from '../workspace/tree-state.js';
import { brokenNeighbours, judgeTargets, type Expectations, type RunOutcome } from './verdict.js';
import { credentialFileRefusal } from '../text/credential-files.js';

export interface HostLimits {
  maxReadBytes: number;
  maxReadLines: number;
  maxSearchResults: number;
  maxSearchLineChars: number;
  maxSearchBytes: number;
  maxLogChars: number;
}

export const DEFAULT_HOST_LIMITS: HostLimits = {
  maxReadBytes: 32 * 1024,
  maxReadLines: 400,
  maxSearchResults: 50,
  maxSearchLineChars: 200,
  maxSearchBytes: 8 * 1024,
  maxLogChars: 4_000,
};

export interface HostDeps {
  root: string;
  git: GitContext;
  edits: EditContext;
  snapshot: Snapshot;
  scrub: (text: string) => string;
  logger: Logger;
  triedDiffs: ReadonlySet<string>;
  expectations: Expectations;
  /** Rerun just the failing tests (the full command when targeted reruns do not work). */
  rerunTargets: (label: string) => Promise<RunOutcome>;
  /** Run the failing tests' files; absent when reruns have no file-level form apart from the tests. */
  rerunTargetFiles?: (label: string, timeoutMs?: number) => Promise<RunOutcome>;
  /** A candidate's rerun of the failing tests, when it differs from `rerunTargets` (fail-fast). */
  rerunCandidate?: (label: string, timeoutMs?: number) => Promise<RunOutcome>;
  /** Repo-relative files the failure names (its frames, the source windows): readable though untracked. */
  named?: ReadonlySet<string>;
  /** Told of every candidate's run: a proposal of the same edits is judged with it (`flake-watch.ts`). */
  onCandidateRun?: (edits: readonly Edit[], run: RunOutcome) => void;
  limits?: HostLimits;
}

export function createRepairHost(deps: HostDeps): RepairHost {
  const limits = deps.limits ?? DEFAULT_HOST_LIMITS;
  let candidates = 0;

  return {
    root: deps.root,
    triedDiffs: deps.triedDiffs,
    checkEdits: (edits: Edit[]) => checkScrubbed(deps, edits),
    readFile: (raw: string, range?: { start: number; end: number }) => readRepoFile(deps, limits, raw, range),
    search: (query: string) => searchTracked(deps, limits, query),
    tryCandidate: (edits: Edit[], limit?: RunLimit) =>
      tryCandidate(deps, edits, () => `candidate-${++candidates}`, limit),
    ...(deps.rerunTargetFiles
      ? {
          checkNeighbours: (edits: Edit[], limit?: RunLimit) =>
            checkNeighbours(deps, edits, `candidate-${candidates}-files`, limit),
        }
      : {}),
    log(message: string): void {
      const text = deps.scrub(String(message));
      deps.logger.info(text.length > limits.maxLogChars ? `${text.slice(0, limits.maxLogChars)}…` : text);
    },
  };
}

/** The dry run, scrubbed: a problem quotes the file's nearest real lines, which may hold a credential's value. */
async function checkScrubbed(deps: HostDeps, edits: Edit[]): Promise<EditCheck> {
  const check = await checkEdits(deps.edits, edits);
  return {
    ...check,
    problems: check.problems.map((p) => ({
      ...p,
      message: deps.scrub(p.message),
      ...(p.nearest ? { nearest: { ...p.nearest, text: deps.scrub(p.nearest.text) } } : {}),
    })),
  };
}

/** A repo file's lines (numbered, in a range, bounded), or a reason it is not shown. */
async function readRepoFile(
  deps: HostDeps,
  limits: HostLimits,
  raw: string,
  range: { start: number; end: number } | undefined,
): Promise<string> {
  const check = deps.edits.guard.checkRead(raw);
  if (!check.ok) throw new Error(check.reason);
  // A symlink git tracks may lead to a file it ignores (`config -> .env`): both are asked.
  const asked = check.target ? [check.path, check.target] : [check.path];
  const ignored = await deps.edits.ignored(asked);
  const hidden = asked.find((p) => ignored.has(p));
  if (hidden) throw new Error(`\`${hidden}\` is ignored by git and is not shown (ignored files may hold secrets)`);
  for (const p of asked) {
    const refusal = credentialFileRefusal(p);
    if (refusal) throw new Error(refusal);
  }
  const abs = path.join(deps.edits.guard.root, check.path);
  let size: number;
  try {
    size = statSync(abs).size;
  } catch {
    throw new Error(`\`${check.path}\` does not exist`);
  }
  const unknown = await firstUntracked(deps, asked);
  if (unknown)
    throw new Error(
      `\`${unknown}\` is not tracked by git and no failure names it: only tracked files and the files the failure names are shown (an untracked file may be a credential another step left in the workspace)`,
    );
  if (size > 4 * 1024 * 1024) throw new Error(`\`${check.path}\` is too large to read (${size} bytes)`);
  const buffer = readFileSync(abs);
  if (buffer.subarray(0, 8192).includes(0)) throw new Error(`\`${check.path}\` is a binary file`);
  const text = buffer.toString('utf8');
  const refusal = credentialFileRefusal(check.path, text);
  if (refusal) throw new Error(refusal);
  return deps.scrub(numberedLines(text.split(/\r?\n/), limits, range));
}

/** The first of these paths git does not track and the failure does not name, if any. */
async function firstUntracked(deps: HostDeps, paths: readonly string[]): Promise<string | undefined> {
  const rest = paths.filter((p) => !deps.named?.has(p));
  if (rest.length === 0) return undefined;
  const { stdout } = await git(deps.git, ['ls-files', '-z', '--', ...rest.map((p) => `:(literal)${p}`)]);
  const tracked = new Set(splitNul(stdout));
  return rest.find((p) => !tracked.has(p));
}

/** Whether a file a search matched may be shown: not a credential by name or by content (read once). */
function searchable(deps: HostDeps, file: string, seen: Map<string, boolean>): boolean {
  let ok = seen.get(file);
  if (ok === undefined) {
    ok = credentialFileRefusal(file) === null;
    if (ok) {
      try {
        const abs = path.join(deps.edits.guard.root, file);
        ok = statSync(abs).size > 4 * 1024 * 1024 || credentialFileRefusal(file, readFileSync(abs, 'utf8')) === null;
      } catch {
        ok = true;
      }
    }
    seen.set(file, ok);
  }
  return ok;
}

/** `lines` from the range's start, numbered, within the line and byte bounds, saying how to read on. */
function numberedLines(lines: string[], limits: HostLimits, range: { start: number; end: number } | undefined): string {
  const start = Math.max(1, Math.floor(range?.start ?? 1));
  const end = Math.min(
    lines.length,
    Math.floor(range?.end ?? start + limits.maxReadLines - 1),
    start + limits.maxReadLines - 1,
  );
  let text = '';
  let line = start;
  for (; line <= end; line++) {
    const next = `${line}: ${lines[line - 1]}\n`;
    if (text.length + next.length > limits.maxReadBytes) break;
    text += next;
  }
  const shownEnd = line - 1;
  const requestedEnd = Math.min(range?.end ?? lines.length, lines.length);
  if (shownEnd < requestedEnd) {
    text += `… (${lines.length} lines in total; ask for lines ${shownEnd + 1}-${Math.min(requestedEnd, shownEnd + limits.maxReadLines)} to read on)\n`;
  } else if (shownEnd < lines.length) {
    text += `… (${lines.length} lines in total)\n`;
  }
  return text;
}

/** A literal `git grep` over tracked files the guardrails let the model read; bounded. */
async function searchTracked(deps: HostDeps, limits: HostLimits, query: string): Promise<string> {
  if (typeof query !== 'string' || !query.trim()) throw new Error('the search query is empty');
  if (query.length > 200 || /[\0\n]/.test(query))
    throw new Error('the search query must be one line of at most 200 characters');
  const { stdout } = await git(
    deps.git,
    ['grep', '-n', '-I', '-F', '-z', '--no-color', '--full-name', '-e', query, '--', '.'],
    {
      okCodes: [1],
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const records = stdout.split('\n').filter(Boolean);
  const out: string[] = [];
  const seen = new Map<string, boolean>();
  let hidden = 0;
  let bytes = 0;
  for (const record of records) {
    const [file, line, ...rest] = splitNul(record);
    if (file === undefined || line === undefined) continue;
    if (!deps.edits.guard.checkRead(file).ok) continue;
    if (!searchable(deps, file, seen)) {
      hidden++;
      continue;
    }
    let text = rest.join('\0').trim();
    if (text.length > limits.maxSearchLineChars) text = `${text.slice(0, limits.maxSearchLineChars)}…`;
    const entry = `${file}:${line}: ${text}`;
    if (out.length >= limits.maxSearchResults || bytes + entry.length > limits.maxSearchBytes) {
      out.push(`… (${records.length - out.length} more matches not shown; search for something more specific)`);
      break;
    }
    out.push(entry);
    bytes += entry.length + 1;
  }
  if (hidden > 0) out.push(`(${hidden} matches in files that look like credentials are not shown)`);
  return deps.scrub(out.length ? out.join('\n') : `no match for ${JSON.stringify(query)} in tracked files`);
}

/** Apply, rerun just the failing tests (the run labelled by `nextLabel`), restore the snapshot. */
async function tryCandidate(
  deps: HostDeps,
  edits: Edit[],
  nextLabel: () => string,
  limit?: RunLimit,
): Promise<CandidateVerdict> {
  const total = deps.expectations.failToPass.length;
  const applied = await applyEdits(deps.edits, edits);
  if (!applied.check.ok)
    return {
      targetsPassed: 0,
      targetsTotal: total,
      feedback: deps.scrub(describeProblems(applied.check.problems)),
    };
  try {
    const run = deps.rerunCandidate
      ? await deps.rerunCandidate(nextLabel(), limit?.timeoutMs)
      : await deps.rerunTargets(nextLabel());
    deps.onCandidateRun?.(edits, run);
    const judged = judgeTargets(deps.expectations, run);
    return { targetsPassed: judged.failToPass.passed, targetsTotal: total, feedback: deps.scrub(judged.feedback) };
  } finally {
    restoreSnapshot(deps.snapshot);
  }
}

/** Apply, run the failing tests' files, restore: the tests of those files that passed before and fail now. */
async function checkNeighbours(
  deps: HostDeps,
  edits: Edit[],
  label: string,
  limit?: RunLimit,
): Promise<{ broken: string[]; timedOutMs?: number } | undefined> {
  const applied = await applyEdits(deps.edits, edits);
  if (!applied.check.ok) return undefined;
  try {
    const run = await deps.rerunTargetFiles!(label, limit?.timeoutMs);
    if (run.timedOut) return { broken: [], timedOutMs: run.durationMs };
    return { broken: brokenNeighbours(deps.expectations, run) };
  } finally {
    restoreSnapshot(deps.snapshot);
  }
}

/**
 * Check every edit of an answer, then write them all, or none (aider's `apply_updates` habit).
 *
 * Checks, per edit: the guardrails (`guardrails.ts`), git-ignored targets (an edit there could not
 * be committed, and ignored files are where secrets such as `.env` live), sizes, binary files, and
 * matching (`match-text.ts`); then, per file, what the edits write (the guard's `checkContent`). Edits to the same file apply in order to the in-memory content, so
 * a later edit must quote the text as the earlier ones left it. `checkEdits` is the dry run that
 * providers reach through `RepairHost.checkEdits`.
 */
import { lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Edit, EditCheck, EditProblem } from '../../contracts/edit.js';
import type { Guard } from './guardrails.js';
import { matchOldText } from './match-text.js';

export interface EditLimits {
  /** Bytes of `oldText` + `newText` of one edit. */
  maxEditBytes: number;
  /** Bytes of all `newText` of one answer. */
  maxAnswerBytes: number;
  /** Largest file an edit may target. */
  maxFileBytes: number;
  maxEdits: number;
}

export const DEFAULT_EDIT_LIMITS: EditLimits = {
  maxEditBytes: 64 * 1024,
  maxAnswerBytes: 256 * 1024,
  maxFileBytes: 2 * 1024 * 1024,
  maxEdits: 50,
};

export interface EditContext {
  guard: Guard;
  /** Which of these repo-relative paths git ignores. */
  ignored: (paths: string[]) => Promise<Set<string>>;
  limits?: EditLimits;
}

export interface PlannedWrite {
  path: string;
  /** Content before the answer, or null when the edit creates the file. */
  before: string | null;
  after: string;
}

export interface EditPlan {
  check: EditCheck;
  writes: PlannedWrite[];
  /** How many edits matched only with the whitespace-tolerant rule. */
  tolerantMatches: number;
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

function readTarget(
  abs: string,
  limits: EditLimits,
): { content: string | null } | { problem: Omit<EditProblem, 'index' | 'path'> } {
  let size: number;
  try {
    const st = lstatSync(abs, { throwIfNoEntry: false });
    if (!st) return { content: null };
    size = st.size;
  } catch {
    return { content: null };
  }
  if (size > limits.maxFileBytes) {
    return {
      problem: {
        kind: 'too-large',
        message: `the file is ${size} bytes; self-heal edits files up to ${limits.maxFileBytes} bytes`,
      },
    };
  }
  const buffer = readFileSync(abs);
  if (buffer.subarray(0, 8192).includes(0))
    return { problem: { kind: 'invalid', message: 'the file is binary; only text files can be edited' } };
  return { content: buffer.toString('utf8') };
}

/** An edit that passed the per-edit checks, with its normalised path (and a symlink's target). */
interface Candidate {
  index: number;
  edit: Edit;
  path: string;
  target?: string;
}

/** The file contents an answer's edits work on, in order: as read, and as the edits so far left it. */
type FileStates = Map<string, { before: string | null; current: string | null }>;

/** Validate an answer's edits and compute the resulting contents, writing nothing. */
export async function planEdits(ctx: EditContext, edits: readonly Edit[]): Promise<EditPlan> {
  const limits = ctx.limits ?? DEFAULT_EDIT_LIMITS;
  const tooMany = answerProblem(edits, limits);
  if (tooMany) return { check: { ok: false, problems: [tooMany] }, writes: [], tolerantMatches: 0 };

  const problems: EditProblem[] = [];
  const candidates: Candidate[] = [];
  edits.forEach((edit, index) => {
    const checked = checkOne(ctx, limits, edit, index);
    if ('problem' in checked) problems.push(checked.problem);
    else candidates.push(checked);
  });
  // A symlink git tracks may lead to a file it ignores (`config -> .env`): both are asked.
  const ignored = await ctx.ignored([
    ...new Set(candidates.flatMap((c) => (c.target ? [c.path, c.target] : [c.path]))),
  ]);

  const files: FileStates = new Map();
  let tolerantMatches = 0;
  for (const candidate of candidates) {
    const outcome = ignoredProblem(candidate, ignored) ?? applyToContent(ctx, limits, files, candidate);
    if (outcome === 'tolerant') tolerantMatches++;
    else if (outcome !== 'exact') problems.push(outcome);
  }

  const writes: PlannedWrite[] = [];
  for (const [rel, state] of files) {
    if (state.current !== null && state.current !== state.before)
      writes.push({ path: rel, before: state.before, after: state.current });
  }
  problems.push(...(await contentProblems(ctx, candidates, writes)));
  return { check: { ok: problems.length === 0, problems }, writes, tolerantMatches };
}

/** What the edits write, judged as a whole per file (`content-guard.ts`): named by the file's first edit. */
async function contentProblems(
  ctx: EditContext,
  candidates: readonly Candidate[],
  writes: readonly PlannedWrite[],
): Promise<EditProblem[]> {
  const problems: EditProblem[] = [];
  for (const w of writes) {
    const reason = await ctx.guard.checkContent({ path: w.path, before: w.before, after: w.after });
    if (reason === null) continue;
    const index = candidates.find((c) => c.path === w.path)?.index ?? 0;
    problems.push({ index, path: w.path, kind: 'guardrail', message: reason });
  }
  return problems;
}

/** The answer as a whole: too many edits, or too many bytes added. */
function answerProblem(edits: readonly Edit[], limits: EditLimits): EditProblem | undefined {
  if (edits.length > limits.maxEdits) {
    return {
      index: limits.maxEdits,
      path: '',
      kind: 'too-large',
      message: `an answer may hold at most ${limits.maxEdits} edits; send fewer, larger edits`,
    };
  }
  const total = edits.reduce((n, e) => n + (typeof e?.newText === 'string' ? bytes(e.newText) : 0), 0);
  if (total > limits.maxAnswerBytes) {
    return {
      index: 0,
      path: '',
      kind: 'too-large',
      message: `the edits add ${total} bytes; one attempt may write at most ${limits.maxAnswerBytes}`,
    };
  }
  return undefined;
}

/** One edit on its own: its shape, the guardrails and its size. */
function checkOne(
  ctx: EditContext,
  limits: EditLimits,
  edit: Edit,
  index: number,
): Candidate | { problem: EditProblem } {
  if (!edit || typeof edit.path !== 'string' || typeof edit.oldText !== 'string' || typeof edit.newText !== 'string') {
    const path = String((edit as Partial<Edit> | undefined)?.path ?? '');
    return {
      problem: { index, path, kind: 'invalid', message: 'an edit needs string `path`, `old_text` and `new_text`' },
    };
  }
  const verdict = ctx.guard.checkWrite(edit.path);
  if (!verdict.ok) return { problem: { index, path: verdict.path, kind: 'guardrail', message: verdict.reason } };
  if (bytes(edit.oldText) + bytes(edit.newText) > limits.maxEditBytes) {
    return {
      problem: {
        index,
        path: verdict.path,
        kind: 'too-large',
        message: `one edit may be at most ${limits.maxEditBytes} bytes; split it or quote less`,
      },
    };
  }
  return { index, edit, path: verdict.path, target: verdict.target };
}

/** An edit of a file git ignores (directly, or through a tracked symlink) could not be committed. */
function ignoredProblem({ index, path: rel, target }: Candidate, ignored: Set<string>): EditProblem | undefined {
  const ignoredPath = ignored.has(rel) ? rel : target !== undefined && ignored.has(target) ? target : undefined;
  if (ignoredPath === undefined) return undefined;
  const via = ignoredPath === rel ? '' : ` (\`${rel}\` is a symlink to it)`;
  return {
    index,
    path: rel,
    kind: 'guardrail',
    message: `\`${ignoredPath}\` is ignored by git${via}, so a change there could not be committed (and ignored files may hold secrets)`,
  };
}

/** Apply one edit to its file's current content: how it matched, or why it does not apply. */
function applyToContent(
  ctx: EditContext,
  limits: EditLimits,
  files: FileStates,
  { index, edit, path: rel }: Candidate,
): EditProblem | 'exact' | 'tolerant' {
  let state = files.get(rel);
  if (!state) {
    const read = readTarget(path.join(ctx.guard.root, rel), limits);
    if ('problem' in read) return { index, path: rel, ...read.problem };
    state = { before: read.content, current: read.content };
    files.set(rel, state);
  }
  if (state.current === null || edit.oldText === '') {
    const problem = createOrFill(state.current, edit, rel);
    if (problem) return { index, path: rel, ...problem };
    state.current = edit.newText;
    return 'exact';
  }
  const match = matchOldText(state.current, edit.oldText, edit.newText);
  if (match.kind === 'ambiguous') {
    return {
      index,
      path: rel,
      kind: 'ambiguous',
      message: `old_text matches ${match.count} places in \`${rel}\`; include more surrounding lines so it matches exactly one`,
    };
  }
  if (match.kind === 'no-match') {
    return {
      index,
      path: rel,
      kind: 'no-match',
      message: `old_text was not found in \`${rel}\`${match.nearest ? `; the closest lines start at line ${match.nearest.startLine}` : ''}. Quote the file's current text exactly`,
      nearest: match.nearest,
    };
  }
  state.current = state.current.slice(0, match.start) + match.replacement + state.current.slice(match.end);
  return match.tolerant ? 'tolerant' : 'exact';
}

/** An edit with an empty old_text creates a file, or fills an empty one; anything else is refused. */
function createOrFill(
  current: string | null,
  edit: Edit,
  rel: string,
): Pick<EditProblem, 'kind' | 'message'> | undefined {
  if (current === null && edit.oldText !== '')
    return { kind: 'no-match', message: `\`${rel}\` does not exist; to create it, send an empty old_text` };
  if (current !== null && current !== '')
    return { kind: 'invalid', message: `\`${rel}\` already exists; quote the exact lines to replace in old_text` };
  return undefined;
}

/** The dry run providers call: guardrails and matching, nothing written. */
export async function checkEdits(ctx: EditContext, edits: readonly Edit[]): Promise<EditCheck> {
  return (await planEdits(ctx, edits)).check;
}

export interface AppliedEdits {
  check: EditCheck;
  /** Repo-relative paths written (empty when anything was refused: all or none). */
  files: string[];
  tolerantMatches: number;
}

/** Check all edits; when every one passes, write them all. A failed write rolls back the others. */
export async function applyEdits(ctx: EditContext, edits: readonly Edit[]): Promise<AppliedEdits> {
  const plan = await planEdits(ctx, edits);
  if (!plan.check.ok) return { check: plan.check, files: [], tolerantMatches: plan.tolerantMatches };
  const written: PlannedWrite[] = [];
  try {
    for (const w of plan.writes) {
      const abs = path.join(ctx.guard.root, w.path);
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, w.after);
      written.push(w);
    }
  } catch (error) {
    for (const w of written) {
      const abs = path.join(ctx.guard.root, w.path);
      if (w.before === null) rmSync(abs, { force: true });
      else writeFileSync(abs, w.before);
    }
    const message = error instanceof Error ? error.message : String(error);
    return {
      check: {
        ok: false,
        problems: [
          { index: 0, path: written[0]?.path ?? '', kind: 'invalid', message: `writing the edits failed: ${message}` },
        ],
      },
      files: [],
      tolerantMatches: plan.tolerantMatches,
    };
  }
  return { check: plan.check, files: plan.writes.map((w) => w.path).sort(), tolerantMatches: plan.tolerantMatches };
}

/** Render problems as the instruction text the model gets back. */
export function describeProblems(problems: readonly EditProblem[]): string {
  return problems
    .map((p) => {
      const head = `- edit ${p.index + 1}${p.path ? ` (\`${p.path}\`)` : ''}: ${p.message}`;
      return p.nearest
        ? `${head}\n  closest lines (from line ${p.nearest.startLine}):\n${indent(p.nearest.text)}`
        : head;
    })
    .join('\n');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
}

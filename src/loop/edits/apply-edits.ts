/**
 * Check every edit of an answer, then write them all, or none (aider's `apply_updates` habit).
 *
 * Checks, per edit: the guardrails (`guardrails.ts`), git-ignored targets (an edit there could not
 * be committed, and ignored files are where secrets such as `.env` live), sizes, binary files, and
 * matching (`match-text.ts`). Edits to the same file apply in order to the in-memory content, so
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

/** Validate an answer's edits and compute the resulting contents, writing nothing. */
export async function planEdits(ctx: EditContext, edits: readonly Edit[]): Promise<EditPlan> {
  const limits = ctx.limits ?? DEFAULT_EDIT_LIMITS;
  const problems: EditProblem[] = [];
  const files = new Map<string, { before: string | null; current: string | null }>();
  let tolerantMatches = 0;

  if (edits.length > limits.maxEdits) {
    problems.push({
      index: limits.maxEdits,
      path: '',
      kind: 'too-large',
      message: `an answer may hold at most ${limits.maxEdits} edits; send fewer, larger edits`,
    });
    return { check: { ok: false, problems }, writes: [], tolerantMatches };
  }
  const total = edits.reduce((n, e) => n + (typeof e?.newText === 'string' ? bytes(e.newText) : 0), 0);
  if (total > limits.maxAnswerBytes) {
    problems.push({
      index: 0,
      path: '',
      kind: 'too-large',
      message: `the edits add ${total} bytes; one attempt may write at most ${limits.maxAnswerBytes}`,
    });
    return { check: { ok: false, problems }, writes: [], tolerantMatches };
  }

  const checked = edits.map((edit, index) => {
    if (
      !edit ||
      typeof edit.path !== 'string' ||
      typeof edit.oldText !== 'string' ||
      typeof edit.newText !== 'string'
    ) {
      problems.push({
        index,
        path: String(edit?.path ?? ''),
        kind: 'invalid',
        message: 'an edit needs string `path`, `old_text` and `new_text`',
      });
      return null;
    }
    const verdict = ctx.guard.checkWrite(edit.path);
    if (!verdict.ok) {
      problems.push({ index, path: verdict.path, kind: 'guardrail', message: verdict.reason });
      return null;
    }
    if (bytes(edit.oldText) + bytes(edit.newText) > limits.maxEditBytes) {
      problems.push({
        index,
        path: verdict.path,
        kind: 'too-large',
        message: `one edit may be at most ${limits.maxEditBytes} bytes; split it or quote less`,
      });
      return null;
    }
    return { index, edit, path: verdict.path, target: verdict.target };
  });
  const candidates = checked.filter((c): c is NonNullable<typeof c> => c !== null);
  // A symlink git tracks may lead to a file it ignores (`config -> .env`): both are asked.
  const ignored = await ctx.ignored([
    ...new Set(candidates.flatMap((c) => (c.target ? [c.path, c.target] : [c.path]))),
  ]);

  for (const { index, edit, path: rel, target } of candidates) {
    const ignoredPath = ignored.has(rel) ? rel : target !== undefined && ignored.has(target) ? target : undefined;
    if (ignoredPath !== undefined) {
      const via = ignoredPath === rel ? '' : ` (\`${rel}\` is a symlink to it)`;
      problems.push({
        index,
        path: rel,
        kind: 'guardrail',
        message: `\`${ignoredPath}\` is ignored by git${via}, so a change there could not be committed (and ignored files may hold secrets)`,
      });
      continue;
    }
    let state = files.get(rel);
    if (!state) {
      const read = readTarget(path.join(ctx.guard.root, rel), limits);
      if ('problem' in read) {
        problems.push({ index, path: rel, ...read.problem });
        continue;
      }
      state = { before: read.content, current: read.content };
      files.set(rel, state);
    }
    if (state.current === null) {
      if (edit.oldText !== '') {
        problems.push({
          index,
          path: rel,
          kind: 'no-match',
          message: `\`${rel}\` does not exist; to create it, send an empty old_text`,
        });
        continue;
      }
      state.current = edit.newText;
      continue;
    }
    if (edit.oldText === '') {
      if (state.current !== '') {
        problems.push({
          index,
          path: rel,
          kind: 'invalid',
          message: `\`${rel}\` already exists; quote the exact lines to replace in old_text`,
        });
        continue;
      }
      state.current = edit.newText;
      continue;
    }
    const match = matchOldText(state.current, edit.oldText, edit.newText);
    if (match.kind === 'ambiguous') {
      problems.push({
        index,
        path: rel,
        kind: 'ambiguous',
        message: `old_text matches ${match.count} places in \`${rel}\`; include more surrounding lines so it matches exactly one`,
      });
      continue;
    }
    if (match.kind === 'no-match') {
      problems.push({
        index,
        path: rel,
        kind: 'no-match',
        message: `old_text was not found in \`${rel}\`${match.nearest ? `; the closest lines start at line ${match.nearest.startLine}` : ''}. Quote the file's current text exactly`,
        nearest: match.nearest,
      });
      continue;
    }
    if (match.tolerant) tolerantMatches++;
    state.current = state.current.slice(0, match.start) + match.replacement + state.current.slice(match.end);
  }

  const writes: PlannedWrite[] = [];
  for (const [rel, state] of files) {
    if (state.current !== null && state.current !== state.before)
      writes.push({ path: rel, before: state.before, after: state.current });
  }
  return { check: { ok: problems.length === 0, problems }, writes, tolerantMatches };
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

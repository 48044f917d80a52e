/**
 * The context an attempt is built from, besides the frames: windows of source around each
 * triggering frame and each failing test's own line (merged per file, bounded), then around the
 * definitions of what a failing assertion calls when it failed in the test itself (so a model sees
 * `total()` when `expect(cart.total()).toBe(30)` failed, without spending a tool call on it), and
 * the diff of the commit under test (what changed is the best hint), pruned of lockfiles,
 * generated and binary files, and bounded. Reads go through the read guard: nothing from `.git`,
 * outside the repository or through a symlink that leaves it.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { credentialFileRefusal } from '../text/credential-files.js';
import { createCalleeResolver, type CalleeDefinition, type CalleeLimits } from '../frames/callee-definitions.js';
import type { FailureFrame, SourceLocation } from '../contracts/failure-frame.js';
import { openRepoView, type ListRepoFiles } from '../frames/repo-view.js';
import type { Guard } from './edits/guardrails.js';
import { showHeadDiff, type GitContext } from '../workspace/git.js';
import { plural } from '../text/format.js';
import type { FaultRanking } from '../repair/ranking/ranking.js';

export interface SourceWindow {
  file: string;
  startLine: number;
  text: string;
  /** Names whose definitions the window shows, when it was read for a callee (see `findCalleeDefinitions`). */
  callees?: string[];
  /** A ranked function (`readRankedSources`): its place in the ranking, 1 first. */
  rank?: number;
  /** Why the ranking suspects it ("run by all 3 failing tests, by none of the 40 passing ones"). */
  why?: string;
  /** The line the window is about (the function's most suspicious line), kept when it must be cut. */
  focusLine?: number;
  /** A copy of a suspect's statement (`statement-copies.ts`): that statement's line and function. */
  copyOf?: { line: number; name?: string };
}

export interface SourceLimits {
  /** Lines before and after a triggering line. */
  triggerRadius: number;
  /** Lines before and after a test's own line. */
  testRadius: number;
  maxWindows: number;
  maxLinesPerWindow: number;
  maxTotalChars: number;
  /** Files larger than this are not read. */
  maxFileBytes: number;
  /** Lines shown of a callee's definition: the whole definition when shorter, else its head (default 40). */
  calleeMaxLines?: number;
}

const DEFAULT_CALLEE_MAX_LINES = 40;

export const DEFAULT_SOURCE_LIMITS: SourceLimits = {
  triggerRadius: 12,
  testRadius: 8,
  maxWindows: 12,
  maxLinesPerWindow: 80,
  maxTotalChars: 24_000,
  maxFileBytes: 2 * 1024 * 1024,
};

interface Range {
  file: string;
  from: number;
  to: number;
  order: number;
  callees?: string[];
}

function rangesOf(
  frames: readonly FailureFrame[],
  limits: SourceLimits,
  callees: readonly CalleeDefinition[],
): Range[] {
  const out: Range[] = [];
  let order = 0;
  const add = (loc: SourceLocation | null | undefined, radius: number) => {
    if (!loc) return;
    out.push({ file: loc.file, from: Math.max(1, loc.line - radius), to: loc.line + radius, order: order++ });
  };
  // Triggering lines first (they matter most), then the tests' own lines, then the rest of the
  // stacks, then the definitions of what assertions in the tests call (they only take what is left).
  for (const f of frames) add(f.triggering, limits.triggerRadius);
  for (const f of frames) add(f.test, limits.testRadius);
  for (const f of frames) for (const s of f.stack.slice(-3)) add(s, 3);
  const calleeLines = Math.max(1, limits.calleeMaxLines ?? DEFAULT_CALLEE_MAX_LINES);
  for (const c of callees) {
    const from = Math.max(1, c.startLine);
    out.push({
      file: c.file,
      from,
      to: Math.max(from, Math.min(c.endLine, from + calleeLines - 1)),
      order: order++,
      callees: [c.name],
    });
  }
  return out;
}

/** Merge overlapping or adjacent ranges of the same file, keeping the earliest order. */
function mergeRanges(ranges: Range[]): Range[] {
  const byFile = new Map<string, Range[]>();
  for (const r of ranges) {
    if (!byFile.has(r.file)) byFile.set(r.file, []);
    byFile.get(r.file)!.push({ ...r });
  }
  const merged: Range[] = [];
  for (const list of byFile.values()) {
    list.sort((a, b) => a.from - b.from);
    let current = list[0]!;
    for (const r of list.slice(1)) {
      if (r.from <= current.to + 3) {
        current.to = Math.max(current.to, r.to);
        current.order = Math.min(current.order, r.order);
        if (r.callees) current.callees = [...new Set([...(current.callees ?? []), ...r.callees])];
      } else {
        merged.push(current);
        current = r;
      }
    }
    merged.push(current);
  }
  return merged.sort((a, b) => a.order - b.order);
}

/**
 * Read bounded windows of source around the frames' locations, and around `callees` (from
 * `findCalleeDefinitions`) with what the bounds leave.
 */
export function gatherSources(
  frames: readonly FailureFrame[],
  guard: Guard,
  limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
  callees: readonly CalleeDefinition[] = [],
): SourceWindow[] {
  const windows: SourceWindow[] = [];
  const cache = new Map<string, string[] | null>();
  let total = 0;
  for (const range of mergeRanges(rangesOf(frames, limits, callees))) {
    if (windows.length >= limits.maxWindows || total >= limits.maxTotalChars) break;
    let lines = cache.get(range.file);
    if (lines === undefined) {
      lines = null;
      const check = guard.checkRead(range.file);
      if (check.ok) {
        try {
          const abs = path.join(guard.root, check.path);
          if (statSync(abs).size <= limits.maxFileBytes) {
            const buffer = readFileSync(abs);
            const text = buffer.toString('utf8');
            // A file that looks like a credential is never shown, whatever names it.
            if (!buffer.subarray(0, 8192).includes(0) && !credentialFileRefusal(check.path, text))
              lines = text.split(/\r?\n/);
          }
        } catch {
          lines = null;
        }
      }
      cache.set(range.file, lines);
    }
    if (!lines) continue;
    const from = Math.min(range.from, lines.length);
    const to = Math.min(range.to, lines.length, from + limits.maxLinesPerWindow - 1);
    let text = lines.slice(from - 1, to).join('\n');
    const room = limits.maxTotalChars - total;
    if (text.length > room)
      text = text.slice(0, text.lastIndexOf('\n', room) > 0 ? text.lastIndexOf('\n', room) : room);
    if (!text) continue;
    const window: SourceWindow = { file: range.file, startLine: from, text };
    if (range.callees) window.callees = range.callees;
    windows.push(window);
    total += text.length;
  }
  return windows;
}

export interface CalleeSearchOptions {
  /** Failures whose callees are looked up (the first ones: the prompt shows those in full). */
  maxFailures?: number;
  /** Definitions in all. */
  maxDefinitions?: number;
  limits?: Partial<CalleeLimits>;
  /** How the repository's files are listed (`git ls-files` by default). */
  listFiles?: ListRepoFiles;
}

/**
 * The definitions of what the failing assertions call, for the failures whose triggering frame is
 * in the test itself (see `frames/callee-definitions.ts`), first failures first, without repeats.
 * Only tracked, non-test, non-vendored source of the repository. Never throws: a lookup that fails
 * leaves the context as it was.
 */
export async function findCalleeDefinitions(
  frames: readonly FailureFrame[],
  root: string,
  options: CalleeSearchOptions = {},
): Promise<CalleeDefinition[]> {
  const maxFailures = options.maxFailures ?? 5;
  const maxDefinitions = options.maxDefinitions ?? 8;
  const out: CalleeDefinition[] = [];
  let resolver: ReturnType<typeof createCalleeResolver> | undefined;
  try {
    const repo = await openRepoView(root, { listFiles: options.listFiles });
    resolver = createCalleeResolver(repo, options.limits);
    const seen = new Set<string>();
    for (const frame of frames.slice(0, maxFailures)) {
      for (const d of await resolver.definitionsFor(frame)) {
        const key = `${d.file}\0${d.startLine}`;
        if (seen.has(key) || out.length >= maxDefinitions) continue;
        seen.add(key);
        out.push(d);
      }
    }
  } catch {
    // The callees are a convenience for the model: without them it reads the code itself.
  } finally {
    resolver?.dispose();
  }
  return out;
}

const PRUNED_FILE =
  /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|poetry\.lock|Pipfile\.lock|uv\.lock|pdm\.lock|Cargo\.lock|go\.sum|Gemfile\.lock|composer\.lock|[^/]+\.min\.(js|css)|[^/]+\.map)$|(^|\/)(dist|build|vendor|node_modules)\//;

export interface CommitDiffLimits {
  maxBytes: number;
  maxFileChars: number;
}

export const DEFAULT_COMMIT_DIFF_LIMITS: CommitDiffLimits = { maxBytes: 12_000, maxFileChars: 4_000 };

/** Prune a unified diff: lockfiles, generated and binary files dropped; each file's part bounded. */
export function pruneCommitDiff(diff: string, limits: CommitDiffLimits = DEFAULT_COMMIT_DIFF_LIMITS): string {
  const parts = diff.split(/^(?=diff --git )/m).filter((p) => p.trim());
  const kept: string[] = [];
  const dropped: string[] = [];
  let total = 0;
  for (const part of parts) {
    const name = /^diff --git a\/(.*?) b\//.exec(part)?.[1] ?? '?';
    if (PRUNED_FILE.test(name) || /^Binary files /m.test(part) || /^GIT binary patch/m.test(part)) {
      dropped.push(name);
      continue;
    }
    const text =
      part.length > limits.maxFileChars
        ? `${part.slice(0, part.lastIndexOf('\n', limits.maxFileChars))}\n… (rest of this file's diff trimmed)\n`
        : part;
    if (total + text.length > limits.maxBytes) {
      dropped.push(name);
      continue;
    }
    kept.push(text);
    total += text.length;
  }
  let out = kept.join('');
  if (dropped.length > 0)
    out += `… (diff of ${plural(dropped.length, 'file')} left out: ${dropped.slice(0, 8).join(', ')}${dropped.length > 8 ? ', …' : ''})\n`;
  return out;
}

/** The pruned diff of HEAD against its parent, or undefined when HEAD has no parent. */
export async function readCommitDiff(
  ctx: GitContext,
  limits: CommitDiffLimits = DEFAULT_COMMIT_DIFF_LIMITS,
): Promise<string | undefined> {
  // Read generously, prune to the limit: lockfile noise at the top must not starve the real change.
  const shown = await showHeadDiff(ctx, limits.maxBytes * 20);
  if (!shown) return undefined;
  const pruned = pruneCommitDiff(shown.diff, limits);
  return shown.truncated ? `${pruned}… (the commit's diff was longer; the rest was not read)\n` : pruned;
}

/** Ranked functions shown whole up to this many lines; a longer one around its most suspicious line. */
export const MAX_RANKED_FUNCTION_LINES = 120;
/** Ranked functions read for the prompt (it packs what its budget holds, best first). */
export const MAX_RANKED_SOURCES = 8;

/** The top functions of the ranking as source windows, read through the guard, best first. */
export function readRankedSources(
  ranking: FaultRanking,
  guard: Guard,
  limits: SourceLimits = DEFAULT_SOURCE_LIMITS,
): SourceWindow[] {
  const out: SourceWindow[] = [];
  for (const fn of ranking.functions.slice(0, MAX_RANKED_SOURCES)) {
    const lines = readGuarded(fn.file, guard, limits.maxFileBytes);
    if (!lines) continue;
    const focus = fn.lines[0] ?? fn.startLine;
    let from = fn.startLine;
    let to = Math.min(fn.endLine, lines.length);
    if (to - from + 1 > MAX_RANKED_FUNCTION_LINES) {
      from = Math.max(fn.startLine, focus - Math.floor(MAX_RANKED_FUNCTION_LINES / 2));
      to = Math.min(to, from + MAX_RANKED_FUNCTION_LINES - 1);
    }
    const text = lines.slice(from - 1, to).join('\n');
    if (!text.trim()) continue;
    out.push({ file: fn.file, startLine: from, text, rank: out.length + 1, why: fn.why, focusLine: focus });
  }
  return out;
}

export function readGuarded(file: string, guard: Guard, maxBytes: number): string[] | undefined {
  const check = guard.checkRead(file);
  if (!check.ok) return undefined;
  try {
    const abs = path.join(guard.root, check.path);
    if (statSync(abs).size > maxBytes) return undefined;
    const buffer = readFileSync(abs);
    const text = buffer.toString('utf8');
    // A file that looks like a credential is never shown, whatever names it.
    return buffer.subarray(0, 8192).includes(0) || credentialFileRefusal(check.path, text)
      ? undefined
      : text.split(/\r?\n/);
  } catch {
    return undefined;
  }
}

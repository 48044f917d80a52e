/**
 * Guardrails: which paths an attempt may write (and read). Applied to every proposed edit, to every
 * path an in-place agent changed, and again to the final diff. Every refusal carries a reason
 * written for the model, so it can change course instead of retrying blindly.
 *
 * Order of the rules (first match decides):
 * 1. Malformed paths: empty, NUL or control characters, backslashes, absolute, `~`, drive letters,
 *    URLs, `..` segments, surrounding whitespace. Never allowed, `--allow` cannot change it.
 * 2. `.git` in any segment, in any case and with NTFS tricks (`.GIT`, `.git.`, `git~1`). Never.
 * 3. Symlinks: every existing component is `lstat`ed; a link that resolves outside the repository
 *    is refused, one that stays inside is followed and its target checked by these same rules.
 * 4. `--protect` globs: always refused (the user's explicit word beats `--allow`).
 * 5. Default protection (`protection.ts`: tests, snapshots, what configures or runs the tests, code
 *    that runs elsewhere, CI, lockfiles, git metadata), unless an `--allow` glob matches.
 * Then `checkContent` (`content-guard.ts`) judges what a change writes: the protected sections of
 * shared files (`pyproject.toml`, `package.json`, …: a change to their dependencies is not a change
 * to how the tests run), new executables, and source that patches a test framework.
 *
 * Default patterns match case-insensitively (`TESTS/` is `tests/` on macOS and Windows file
 * systems), except the CamelCase class-name conventions (`FooTest.java`), where ignoring case would
 * catch `latest.java`.
 */
import { lstatSync, realpathSync, type Stats } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { createContentGuard, type ContentChange } from './content-guard.js';
import { HOW_TESTS_RUN as RUNNER_WHY, PROTECTED_PATHS } from './protection.js';

/**
 * `target`: the repo path a symlink at `path` leads to, when it is one. Reading or writing `path`
 * reads or writes `target`, so whatever is asked of a path (is it ignored by git?) is asked of both.
 */
export type PathCheck = { ok: true; path: string; target?: string } | { ok: false; path: string; reason: string };

/** The default protected paths (`protection.ts`), under the name callers know them by. */
export const DEFAULT_PROTECTION = PROTECTED_PATHS;

export interface GuardOptions {
  /** Repository root (absolute). */
  root: string;
  /** Extra protected globs (`--protect`), repo-relative; they win over `allow`. */
  protect?: readonly string[];
  /** Globs that lift the default protection (`--allow`); never `.git/` or outside the repo. */
  allow?: readonly string[];
  /** Exact paths refused with their own reason (the failing tests' files). */
  pinned?: ReadonlyMap<string, string>;
  /** Files the test command runs (`runner-files.ts`): protected like the runner's configuration. */
  runner?: readonly string[];
}

export interface Guard {
  readonly root: string;
  /** May an attempt write this path? */
  checkWrite(raw: string): PathCheck;
  /** May a provider read this path? (Tests are readable; `.git`, outside and malformed are not.) */
  checkRead(raw: string): PathCheck;
  /** Why a path that passed `checkWrite` may not get this content (`content-guard.ts`), or null. */
  checkContent(change: ContentChange): Promise<string | null>;
}

const MAX_PATH_LENGTH = 4096;

/** Normalise a repo-relative path or explain why it is not one. Pure string rules (1 and 2 above). */
export function normalizeRepoPath(raw: unknown): PathCheck {
  const shown = typeof raw === 'string' ? raw.slice(0, 200) : String(raw);
  const refuse = (reason: string): PathCheck => ({ ok: false, path: shown, reason });
  if (typeof raw !== 'string' || raw.length === 0) return refuse('the path is empty');
  if (raw.length > MAX_PATH_LENGTH) return refuse(`the path is longer than ${MAX_PATH_LENGTH} characters`);
  if (/[\u0000-\u001f\u007f]/.test(raw)) return refuse('the path contains NUL or control characters');
  if (raw !== raw.trim()) return refuse('the path has leading or trailing whitespace');
  if (raw.includes('\\')) return refuse('the path contains a backslash; use repo-relative paths with forward slashes');
  if (raw.startsWith('/')) return refuse('absolute paths are not allowed; use a path relative to the repository root');
  if (raw.startsWith('~'))
    return refuse('home-directory paths (`~`) are not allowed; use a path relative to the repository root');
  if (/^[A-Za-z]:/.test(raw))
    return refuse('drive-letter paths are not allowed; use a path relative to the repository root');
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(raw))
    return refuse('URLs are not paths; use a path relative to the repository root');
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0) return refuse('the path names the repository root, not a file');
  if (parts.includes('..')) return refuse('`..` is not allowed: edits stay inside the repository');
  if (raw.endsWith('/')) return refuse('the path names a directory, not a file');
  const normal = parts.join('/');
  const gitSegment = parts.find((p) => /^\.git[. ]*$/i.test(p) || /^git~\d+$/i.test(p));
  if (gitSegment !== undefined) return { ok: false, path: normal, reason: 'files inside `.git` are never edited' };
  return { ok: true, path: normal };
}

function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function lstatOrNull(p: string): Stats | null {
  try {
    return lstatSync(p);
  } catch {
    return null;
  }
}

export function createGuard(options: GuardOptions): Guard {
  let realRoot: string;
  try {
    realRoot = realpathSync(options.root);
  } catch {
    realRoot = path.resolve(options.root);
  }
  const protection = protectionRules(options);

  const check = (raw: string, write: boolean): PathCheck => {
    const normal = normalizeRepoPath(raw);
    if (!normal.ok) return normal;
    const rel = normal.path;
    if (write) {
      const reason = protection(rel);
      if (reason) return { ok: false, path: rel, reason };
    }
    const resolved = resolveLinks(realRoot, rel);
    if (!resolved.ok) return resolved;
    if (resolved.path !== rel && write) {
      const reason = protection(resolved.path);
      if (reason) return { ok: false, path: rel, reason: `\`${rel}\` is a symlink to \`${resolved.path}\`: ${reason}` };
    }
    const st = lstatOrNull(path.join(realRoot, resolved.path));
    if (st?.isDirectory()) return { ok: false, path: rel, reason: `\`${rel}\` is a directory, not a file` };
    return resolved.path !== rel ? { ok: true, path: rel, target: resolved.path } : { ok: true, path: rel };
  };

  return {
    root: realRoot,
    checkWrite: (raw) => check(raw, true),
    checkRead: (raw) => check(raw, false),
    checkContent: createContentGuard({ root: realRoot, allow: options.allow }),
  };
}

/** Rules 4 and 5 on a normalised path: why it is protected, or null. */
function protectionRules(options: GuardOptions): (rel: string) => string | null {
  const userProtect = (options.protect ?? []).length ? picomatch([...options.protect!], { dot: true }) : () => false;
  const allow = (options.allow ?? []).length ? picomatch([...options.allow!], { dot: true }) : () => false;
  const groups = DEFAULT_PROTECTION.map((g) => ({
    group: g,
    match: picomatch([...g.patterns], { dot: true, nocase: !g.caseSensitive }),
  }));
  const pinned = options.pinned ?? new Map<string, string>();
  const runner = new Set(options.runner ?? []);
  return (rel) => {
    const pin = pinned.get(rel);
    if (pin) return pin;
    if (userProtect(rel)) return `\`${rel}\` is protected by the user's --protect setting; change another file`;
    if (runner.has(rel) && !allow(rel))
      return `\`${rel}\` is run by the test command, which is protected: ${RUNNER_WHY}`;
    for (const { group, match } of groups) {
      if (match(rel) && !allow(rel)) return `\`${rel}\` is ${group.what}, which is protected: ${group.why}`;
    }
    return null;
  };
}

/** Rule 3: walk the components from `realRoot`; returns the resolved repo-relative path, or a refusal. */
function resolveLinks(realRoot: string, rel: string): PathCheck {
  const parts = rel.split('/');
  let current = realRoot;
  let viaLink = false;
  for (let i = 0; i < parts.length; i++) {
    const next = path.join(current, parts[i]!);
    const st = lstatOrNull(next);
    if (!st) {
      current = path.join(next, ...parts.slice(i + 1));
      break;
    }
    const shown = parts.slice(0, i + 1).join('/');
    if (st.isSymbolicLink()) {
      let real: string;
      try {
        real = realpathSync(next);
      } catch {
        return { ok: false, path: rel, reason: `\`${shown}\` is a dangling symlink` };
      }
      if (!isInside(realRoot, real)) {
        return { ok: false, path: rel, reason: `\`${shown}\` is a symlink that leads outside the repository` };
      }
      viaLink = true;
      current = real;
    } else {
      if (i < parts.length - 1 && !st.isDirectory()) {
        return { ok: false, path: rel, reason: `\`${shown}\` is a file, not a directory` };
      }
      current = next;
    }
  }
  if (!isInside(realRoot, current)) return { ok: false, path: rel, reason: 'the path leads outside the repository' };
  const resolved = path.relative(realRoot, current).split(path.sep).join('/');
  if (!viaLink) return { ok: true, path: rel };
  const again = normalizeRepoPath(resolved);
  if (!again.ok) return { ok: false, path: rel, reason: `\`${rel}\` is a symlink to \`${resolved}\`: ${again.reason}` };
  return { ok: true, path: again.path };
}

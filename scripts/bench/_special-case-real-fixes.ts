/**
 * Real fixes of real projects for the special-casing check's false-flag count: the fix commits of
 * the real-projects benchmark (bench/real-projects/pins.json), and, beyond the pins, recent commits
 * of the same mirrors that change both source and tests (the shape of a fix with its regression
 * test). Each is read from the fetch mirror (a git dir, no work tree): the patch is the commit's
 * source part as `git show` writes it, the failing tests are every test definition of the test
 * files it changed, and their data files are read at the commit, as the loop's gate would.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FailureFrame } from '../../src/contracts/failure-frame.js';
import { readUnifiedDiff, type PatchedFile } from '../../src/repair/special-cases/patch-lines.js';
import type { TestDataAccess } from '../../src/repair/special-cases/test-facts.js';
import { framesOf } from './_special-case-corpus.js';

export interface RealFix {
  id: string;
  frames: FailureFrame[];
  source: (file: string) => string | undefined;
  access: TestDataAccess;
  patch: PatchedFile[];
}

interface PinProject {
  id: string;
  repo: string;
  /** Source folders; absent for the projects the check does not read (Go: `sourceFiles`). */
  source?: string[];
  testFiles: string;
  scenarios: Array<{ id: string; fix: string }>;
}

/**
 * Mirrored Python and JavaScript projects beyond the pins, for the recent commits only: their
 * source folders and test files, as a pin would give them.
 */
const MORE_MIRRORS: PinProject[] = [
  { id: 'click', repo: 'pallets/click', source: ['src/click/'], testFiles: '^tests/.*test_.*\\.py$', scenarios: [] },
  { id: 'toolz', repo: 'pytoolz/toolz', source: ['toolz/'], testFiles: '^toolz/.*tests/test_.*\\.py$', scenarios: [] },
  { id: 'tomli', repo: 'hukkin/tomli', source: ['src/tomli/'], testFiles: '^tests/.*\\.py$', scenarios: [] },
  {
    id: 'cachetools',
    repo: 'tkem/cachetools',
    source: ['src/cachetools/'],
    testFiles: '^tests/.*\\.py$',
    scenarios: [],
  },
  { id: 'destr', repo: 'unjs/destr', source: ['src/'], testFiles: '^test/.*\\.test\\.ts$', scenarios: [] },
  { id: 'pathe', repo: 'unjs/pathe', source: ['src/'], testFiles: '^test/.*\\.test\\.ts$', scenarios: [] },
];

const ROOT = path.join(import.meta.dirname, '..', '..');
const MIRRORS = process.env.SELF_HEAL_BENCH_MIRRORS ?? '/work/.mirror';
const MAX_FILE_BYTES = 1 << 20;

function mirrorOf(repo: string): string | undefined {
  const base = path.join(MIRRORS, repo.replace('/', '+'));
  for (const dir of [path.join(base, 'repo/.git'), path.join(base, 'repo')])
    if (existsSync(path.join(dir, 'HEAD')) && existsSync(path.join(dir, 'objects'))) return dir;
  return undefined;
}

function git(dir: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', ['--git-dir', dir, ...args], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return undefined;
  }
}

/** One commit as the check sees it, or undefined when it changes no source or no test file. */
function realFix(dir: string, project: PinProject, id: string, commit: string): RealFix | undefined {
  const changed = (git(dir, ['show', '--format=', '--name-only', '--no-renames', commit]) ?? '')
    .split('\n')
    .filter(Boolean);
  const testPattern = new RegExp(project.testFiles);
  const sources = changed.filter((f) => (project.source ?? []).some((p) => f.startsWith(p)) && !testPattern.test(f));
  const testFiles = changed.filter((f) => testPattern.test(f));
  if (sources.length === 0 || testFiles.length === 0) return undefined;
  const cache = new Map<string, string | undefined>();
  // Which paths exist at the commit, listed once: a candidate that does not exist costs no `git show`.
  const exists = new Set((git(dir, ['ls-tree', '-r', '--name-only', commit]) ?? '').split('\n'));
  const source = (file: string) => {
    if (!exists.has(file)) return undefined;
    if (!cache.has(file)) {
      const text = git(dir, ['show', `${commit}:${file}`]);
      cache.set(file, text !== undefined && text.length <= MAX_FILE_BYTES && !text.includes('\0') ? text : undefined);
    }
    return cache.get(file);
  };
  const access: TestDataAccess = {
    list: (folder) =>
      [...exists].filter((f) => f.startsWith(`${folder}/`) && !f.slice(folder.length + 1).includes('/')),
  };
  const tests = Object.fromEntries(testFiles.flatMap((f) => (source(f) === undefined ? [] : [[f, source(f)!]])));
  const diff =
    git(dir, ['show', '--format=', '--no-color', '--no-ext-diff', '--no-renames', commit, '--', ...sources]) ?? '';
  return { id, frames: framesOf(tests), source, access, patch: readUnifiedDiff(diff, source) };
}

/** The pinned projects the check reads (Python and JavaScript/TypeScript). */
function pinProjects(): PinProject[] {
  return (
    JSON.parse(readFileSync(path.join(ROOT, 'bench/real-projects/pins.json'), 'utf8')) as { projects: PinProject[] }
  ).projects.filter((p) => Array.isArray(p.source));
}

/** The pinned fix commits; projects without a mirror are named in `missing`. */
export function pinnedFixes(): { fixes: RealFix[]; missing: string[] } {
  const fixes: RealFix[] = [];
  const missing: string[] = [];
  for (const project of pinProjects()) {
    const dir = mirrorOf(project.repo);
    if (!dir) {
      missing.push(project.id);
      continue;
    }
    for (const s of project.scenarios) {
      const fix = realFix(dir, project, s.id, s.fix);
      if (fix) fixes.push(fix);
      else missing.push(s.id);
    }
  }
  return { fixes, missing };
}

/** Up to `perProject` recent non-merge commits of each mirror (pinned and more) that change source and tests. */
export function recentFixes(perProject: number): RealFix[] {
  const out: RealFix[] = [];
  for (const project of [...pinProjects(), ...MORE_MIRRORS]) {
    const dir = mirrorOf(project.repo);
    if (!dir) continue;
    const pinned = new Set(project.scenarios.map((s) => s.fix));
    const commits = (git(dir, ['log', '--no-merges', '--format=%H', '-n', '400', 'HEAD']) ?? '')
      .split('\n')
      .filter(Boolean);
    let taken = 0;
    for (const commit of commits) {
      if (taken >= perProject) break;
      if (pinned.has(commit)) continue;
      const fix = realFix(dir, project, `${project.id}@${commit.slice(0, 10)}`, commit);
      if (!fix || fix.frames.length === 0 || fix.patch.length === 0) continue;
      out.push(fix);
      taken++;
    }
  }
  return out;
}

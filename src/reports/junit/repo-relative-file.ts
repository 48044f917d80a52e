/**
 * Test files as the repository names them. node:test writes each case's file as an absolute path
 * (mocha-junit-reporter and PHPUnit their suites' file) of the machine that ran it (`/home/runner/work/app/app/test/a.test.ts` on GitHub, a temp dir
 * locally), and the file is part of the test's id: the loop compares ids between the baseline, its
 * reruns and other reports, and the job summary shows them. So the path is mapped the way the
 * frames stage maps stack frames (`workspace/repo-paths.ts`): under the root, a runner's workspace layout,
 * or the longest suffix that is a repository file. A file outside the repository stays as it is.
 */
import path from 'node:path';
import { pathUnderRoot, type PathResolver } from '../../workspace/repo-paths.js';

/** Distinct files remembered (a report names few; the bound only stops a hostile one growing it). */
const MAX_REMEMBERED = 4096;

/** A function from a report's `file` to the repo-relative file, or the value as given. */
export type CaseFileMapper = (file: string) => string;

/**
 * `base`: the directory the tests ran in (absolute, under the root). Producers that write relative
 * files write them relative to it, so an absolute file under it is made relative to it too: one base
 * for every case file of a run (the rerun passes them to the runner from there).
 */
export function createRepoRelativeFile(repo: PathResolver, base?: string): CaseFileMapper {
  const known = new Map<string, string>();
  const fromBase = base === undefined ? '' : path.relative(repo.root, base).split(path.sep).join('/');
  const prefix = fromBase && !fromBase.startsWith('..') && !path.isAbsolute(fromBase) ? `${fromBase}/` : '';
  return (file) => {
    let mapped = known.get(file);
    if (mapped !== undefined) return mapped;
    const verdict = repo.resolve(file);
    // Under the root but not tracked (a new test file, a vendored tree) is still the repository's.
    mapped = verdict.kind === 'user' ? verdict.path : (pathUnderRoot(repo.root, file) ?? file);
    if (prefix && mapped.startsWith(prefix)) mapped = mapped.slice(prefix.length);
    if (known.size >= MAX_REMEMBERED) known.clear();
    known.set(file, mapped);
    return mapped;
  };
}

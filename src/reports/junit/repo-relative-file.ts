/**
 * Test files as the repository names them. node:test writes each case's file as an absolute path
 * (mocha-junit-reporter and PHPUnit their suites' file) of the machine that ran it (`/home/runner/work/app/app/test/a.test.ts` on GitHub, a temp dir
 * locally), and the file is part of the test's id: the loop compares ids between the baseline, its
 * reruns and other reports, and the job summary shows them. So the path is mapped the way the
 * frames stage maps stack frames (stack-location.ts): under the root, a runner's workspace layout,
 * or the longest suffix that is a repository file. A file outside the repository stays as it is.
 */
import { pathUnderRoot, type PathResolver } from '../../frames/stack-location.js';

/** Distinct files remembered (a report names few; the bound only stops a hostile one growing it). */
const MAX_REMEMBERED = 4096;

/** A function from a report's `file` to the repo-relative file, or the value as given. */
export type CaseFileMapper = (file: string) => string;

export function createRepoRelativeFile(repo: PathResolver): CaseFileMapper {
  const known = new Map<string, string>();
  return (file) => {
    let mapped = known.get(file);
    if (mapped !== undefined) return mapped;
    const verdict = repo.resolve(file);
    // Under the root but not tracked (a new test file, a vendored tree) is still the repository's.
    mapped = verdict.kind === 'user' ? verdict.path : (pathUnderRoot(repo.root, file) ?? file);
    if (known.size >= MAX_REMEMBERED) known.clear();
    known.set(file, mapped);
    return mapped;
  };
}

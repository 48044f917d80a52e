/**
 * Test files as the repository names them. node:test writes each case's file as an absolute path
 * (mocha-junit-reporter and PHPUnit their suites' file) of the machine that ran it (`/home/runner/work/app/app/test/a.test.ts` on GitHub, a temp dir
 * locally), and the file is part of the test's id: the loop compares ids between the baseline, its
 * reruns and other reports, and the job summary shows them. So the path is mapped the way the
 * frames stage maps stack frames (`workspace/repo-paths.ts`): under the root, a runner's workspace layout,
 * or the longest suffix that is a repository file. An absolute file outside the repository stays as it
 * is; a relative one that leaves it (`../../x.py`) is left out of the id (`leavesRepository`).
 */
import path from 'node:path';
import { pathUnderRoot, type PathResolver } from '../../workspace/repo-paths.js';

/** Distinct files remembered (a report names few; the bound only stops a hostile one growing it). */
const MAX_REMEMBERED = 4096;

/**
 * A function from a report's `file` to the repo-relative file, or the value as given; and, for
 * producers that name a test's module only (pytest's xunit2 classname), the module's file.
 */
export type CaseFileMapper = ((file: string) => string) & {
  /** The `.py` file of a dotted classname (`tests.test_x.TestC`), relative to the base, if the repository has it. */
  pythonModule?(classname: string): string | undefined;
  /** Whether a relative file, as the producer wrote it (from the base), names a place outside the repository. */
  leavesRepository?(file: string): boolean;
};

/**
 * The Python file a dotted name lives in and the classes after it: the longest leading part that
 * names a file (`tests.test_x.TestC.Inner` → `tests/test_x.py`, [TestC, Inner]). pytest's classname
 * is the node id's path as a module plus its classes; the rerun planner uses this too.
 */
export function pythonModuleFile(
  parts: readonly string[],
  isFile: (rel: string) => boolean,
): { file: string; rest: string[] } | undefined {
  for (let k = parts.length; k >= 1; k--) {
    const candidate = `${parts.slice(0, k).join('/')}.py`;
    if (isFile(candidate)) return { file: candidate, rest: parts.slice(k) };
  }
  return undefined;
}

/**
 * `base`: the directory the tests ran in (absolute, under the root). Producers that write relative
 * files write them relative to it, so an absolute file under it is made relative to it too: one base
 * for every case file of a run (the rerun passes them to the runner from there).
 */
export function createRepoRelativeFile(repo: PathResolver, base?: string): CaseFileMapper {
  const known = new Map<string, string>();
  const fromBase = base === undefined ? '' : path.relative(repo.root, base).split(path.sep).join('/');
  const prefix = fromBase && !fromBase.startsWith('..') && !path.isAbsolute(fromBase) ? `${fromBase}/` : '';
  const modules = new Map<string, string | undefined>();
  const mapper: CaseFileMapper = (file) => {
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
  mapper.pythonModule = (classname) => {
    if (modules.has(classname)) return modules.get(classname);
    const found = pythonModuleFile(classname.split('.').filter(Boolean), (rel) => repo.files.has(`${prefix}${rel}`));
    if (modules.size >= MAX_REMEMBERED) modules.clear();
    modules.set(classname, found?.file);
    return found?.file;
  };
  mapper.leavesRepository = (file) => {
    const rel = path.relative(repo.root, path.resolve(base ?? repo.root, file.replace(/\\/g, '/')));
    return rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);
  };
  return mapper;
}

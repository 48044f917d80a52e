/**
 * The repository's tracked Python and JavaScript/TypeScript files, for the call graph: `git ls-files`
 * (what the user owns and committed), without vendored or generated paths.
 */
import { execFile } from 'node:child_process';
import { isVendoredPath } from './path-kinds.js';
import { familyForFile } from './syntax-tree.js';

/** Caps on the repository scan: a one-line repair has no use for the 10,001st file. */
export const MAX_LISTED_FILES = 20_000;

/** Tracked Python/JS/TS files of the repo (`git ls-files`), sorted; empty when git is unavailable. */
export function listSourceFiles(root: string): Promise<string[]> {
  return new Promise((resolve) => {
    execFile('git', ['ls-files', '-z', '--cached'], { cwd: root, maxBuffer: 32 * 1024 * 1024, encoding: 'utf8' }, (error, stdout) => {
      if (error) return resolve([]);
      const files = stdout
        .split('\0')
        .filter((f) => f && familyForFile(f) !== undefined && !isVendoredPath(f))
        .slice(0, MAX_LISTED_FILES)
        .sort();
      resolve(files);
    });
  });
}

/**
 * Expands the `junit` inputs (globs relative to the repository) into report files. A pattern that
 * names a file is taken literally (even with glob characters in it); one that names a directory
 * means every .xml file under it; anything else is a glob. Dependency and VCS folders are skipped
 * unless the pattern itself goes there: a `**\/*.xml` must not read every package's fixtures.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { glob } from 'tinyglobby';

/** Files one pattern may match; more is almost certainly a pattern that is too wide. */
export const MAX_REPORT_FILES = 10_000;

const SKIPPED_FOLDERS = ['**/node_modules/**', '**/.git/**'];

export interface PatternMatch {
  pattern: string;
  /** Matched files: relative to cwd (forward slashes) when inside it, absolute otherwise; sorted. */
  files: string[];
  /** Set when the pattern matched more than MAX_REPORT_FILES files (the first ones are kept). */
  truncatedFrom?: number;
}

export async function findReports(pattern: string, cwd: string): Promise<PatternMatch> {
  const literal = path.resolve(cwd, pattern);
  const info = await stat(literal).catch(() => undefined);
  if (info?.isFile()) return { pattern, files: [displayPath(literal, cwd)] };
  const base = info?.isDirectory() ? literal : undefined;
  const globPattern = base ? '**/*.xml' : toPosix(pattern);
  const globCwd = base ?? cwd;
  const ignore = SKIPPED_FOLDERS.filter((folder) => !pattern.includes(folder.split('/')[1]!));
  const matched = await glob(globPattern, {
    cwd: globCwd,
    onlyFiles: true,
    absolute: true,
    dot: true,
    expandDirectories: false,
    ignore,
  });
  const files = [...new Set(matched.map((file) => displayPath(file, cwd)))].sort();
  if (files.length > MAX_REPORT_FILES) {
    return { pattern, files: files.slice(0, MAX_REPORT_FILES), truncatedFrom: files.length };
  }
  return { pattern, files };
}

function displayPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return toPosix(path.resolve(file));
  return toPosix(relative);
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/**
 * The one-line bug corpus under bench/bugs/: each folder is a tiny project (pytest or node:test)
 * with a `bug.json` saying which line is wrong and what the fixed line is, so the fixed version is
 * derived, never stored. Shared by the corpus test and the built-in engine's bench.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const CORPUS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench', 'bugs');

export const BugSpec = z.object({
  language: z.enum(['python', 'javascript']),
  /** Project-relative path of the buggy file. */
  file: z.string().min(1),
  /** 1-based line that holds the bug. */
  line: z.number().int().positive(),
  /** Bug class, in the corpus' own words (not the engine's template names). */
  class: z.string().min(1),
  description: z.string().min(1),
  /** How many lines, from `line` on, the fixed text replaces (1 unless said). */
  replaces: z.number().int().positive().optional(),
  /** The text replacing that line in the fixed version (may span several lines). */
  fixed_line: z.string(),
  /** The project's own test command, writing JUnit to `junit.xml` (else the language's default). */
  test_command: z.string().min(1).optional(),
});
export type BugSpec = z.infer<typeof BugSpec>;

export interface Bug extends BugSpec {
  id: string;
  dir: string;
}

export function loadCorpus(dir = CORPUS_DIR): Bug[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((id) => {
      const specPath = path.join(dir, id, 'bug.json');
      const parsed = BugSpec.safeParse(JSON.parse(readFileSync(specPath, 'utf8')));
      if (!parsed.success) throw new Error(`${specPath}: ${parsed.error.message}`);
      return { ...parsed.data, id, dir: path.join(dir, id) };
    });
}

function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./=:-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The project's test command; both runners also write JUnit to `junit.xml`. */
export function testCommand(bug: Pick<Bug, 'language' | 'test_command'>, node = process.execPath): string {
  if (bug.test_command) return bug.test_command;
  if (bug.language === 'python')
    return 'PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q -p no:cacheprovider --junitxml=junit.xml';
  return `${shellQuote(node)} --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=junit --test-reporter-destination=junit.xml`;
}

/** The fixed text of the buggy file. */
export function fixedText(bug: Bug, buggy: string): string {
  const lines = buggy.split('\n');
  const replaces = bug.replaces ?? 1;
  if (bug.line + replaces - 1 > lines.length)
    throw new Error(`${bug.id}: line ${bug.line} is past the end of ${bug.file}`);
  lines.splice(bug.line - 1, replaces, ...bug.fixed_line.split('\n'));
  return lines.join('\n');
}

/** Copy the project (without bug.json) to `target`, buggy or fixed. */
export function materialiseBug(bug: Bug, target: string, variant: 'buggy' | 'fixed'): void {
  cpSync(bug.dir, target, { recursive: true, filter: (src) => path.basename(src) !== 'bug.json' });
  if (variant === 'fixed') {
    const file = path.join(target, bug.file);
    writeFileSync(file, fixedText(bug, readFileSync(file, 'utf8')));
  }
}

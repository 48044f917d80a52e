/**
 * The measure behind `function-length.test.ts`: the .ts files it checks and the length of every
 * function in them (see that file's header for how a length is counted). Also prints the longest:
 * `npx tsx test/architecture/function-lengths.ts [count]`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

export const ROOT = path.join(import.meta.dirname, '..', '..');

export const MAX_LINES = 80;

/** The folder whose every .ts file is checked. */
export const CHECKED_DIR = 'src';

function tsFiles(relativeDir: string): string[] {
  return readdirSync(path.join(ROOT, relativeDir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(relativeDir, e.name);
    if (e.isDirectory()) return tsFiles(rel);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [rel] : [];
  });
}

export const CHECKED_FILES = tsFiles(CHECKED_DIR).sort();

export interface FunctionLength {
  name: string;
  /** 1-based line the signature starts on. */
  line: number;
  lines: number;
}

function nameOf(node: ts.Node, file: ts.SourceFile): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText(file);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(file);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(file);
  return '(anonymous)';
}

/** Every function-like node of a source text with its line count (first line of its signature to its closing brace). */
export function functionLengths(text: string, fileName = 'file.ts'): FunctionLength[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: FunctionLength[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name: nameOf(node, file), line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The `count` longest functions under CHECKED_DIR, longest first. */
export function longestFunctions(count: number): Array<FunctionLength & { file: string }> {
  const all = CHECKED_FILES.flatMap((file) =>
    functionLengths(readFileSync(path.join(ROOT, file), 'utf8'), file).map((f) => ({ ...f, file })),
  );
  return all.sort((a, b) => b.lines - a.lines).slice(0, count);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const f of longestFunctions(Number(process.argv[2] ?? 5)))
    console.log(`${f.lines}\t${f.file}:${f.line} ${f.name}`);
}

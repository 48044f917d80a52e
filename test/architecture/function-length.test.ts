/**
 * Orchestration reads like its header comment: no function in the files that hold the control flow
 * of a run (heal, the loop, the chat conversation, delivery, the baseline, the two adapters) is over
 * MAX_LINES lines. A nested function or callback counts towards its parent too, so a long branch
 * must become a named function of its own, not a closure.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '..', '..');

export const MAX_LINES = 80;

export const ORCHESTRATING_FILES = [
  'src/heal.ts',
  'src/loop/heal-loop.ts',
  'src/loop/baseline.ts',
  'src/repair/chat/repair-conversation.ts',
  'src/delivery/deliver.ts',
  'src/action/run.ts',
  'src/cli/commands/run.ts',
];

export interface FunctionLength {
  name: string;
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

describe('orchestrating functions', () => {
  it('counts a function with its nested callbacks', () => {
    const body = Array.from({ length: 5 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const lengths = functionLengths(
      `export async function outer() {\n  await run(async () => {\n${body}\n  });\n}\nconst inner = () => 1;\n`,
    );
    expect(lengths).toEqual([
      { name: 'outer', line: 1, lines: 9 },
      { name: '(anonymous)', line: 2, lines: 7 },
      { name: 'inner', line: 10, lines: 1 },
    ]);
  });

  it.each(ORCHESTRATING_FILES)(`%s has no function over ${MAX_LINES} lines`, (relative) => {
    const text = readFileSync(path.join(ROOT, relative), 'utf8');
    const lengths = functionLengths(text, relative);
    expect(lengths.length).toBeGreaterThan(0);
    const long = lengths
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${relative}:${f.line} ${f.name} is ${f.lines} lines; split it into named steps`);
    expect(long).toEqual([]);
  });
});

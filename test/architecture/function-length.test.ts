/**
 * Code reads like its header comments: no function anywhere in src/ (every .ts file under it) is
 * over MAX_LINES lines. There is no list of exceptions: a long function becomes named steps (a small
 * state object with methods where the steps share state, as `CommandRun` in run-tests.ts does).
 *
 * How it measures: every function-like node with a body (declarations, methods, arrows, function
 * expressions, accessors) counts from the line its signature starts on (modifiers such as `export`
 * and `async` included, the doc comment above it not) to the line of its closing brace, both
 * included, blank lines and comments inside included. A nested function or callback counts towards
 * its parent too, so a long branch must become a named function of its own, not a closure.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKED_DIR, CHECKED_FILES, functionLengths, MAX_LINES, ROOT } from './function-lengths.js';

export { CHECKED_DIR, CHECKED_FILES, functionLengths, MAX_LINES, type FunctionLength } from './function-lengths.js';

describe('function length', () => {
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

  it('counts methods, accessors and function expressions, from the signature, not the doc comment', () => {
    const lengths = functionLengths(
      `/**\n * doc\n */\nexport class A {\n  get x() {\n    return 1;\n  }\n  m(): void {}\n}\nconst f = function () {\n};\n`,
    );
    expect(lengths).toEqual([
      { name: '(anonymous)', line: 5, lines: 3 },
      { name: 'm', line: 8, lines: 1 },
      { name: 'f', line: 10, lines: 2 },
    ]);
  });

  it('covers every .ts file under src/, in every folder', () => {
    const folders = readdirSync(path.join(ROOT, CHECKED_DIR), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(folders.length).toBeGreaterThan(10);
    for (const folder of folders) {
      expect(CHECKED_FILES.some((f) => f.startsWith(`${CHECKED_DIR}/${folder.name}/`))).toBe(true);
    }
    expect(CHECKED_FILES).toContain('src/heal.ts');
    expect(CHECKED_FILES).toContain('src/workspace/run-tests.ts');
    expect(CHECKED_FILES).toContain('src/repair/builtin/templates/null-guard.ts');
    expect(CHECKED_FILES.filter((f) => f.startsWith('src/repair/')).length).toBeGreaterThan(50);
    expect(CHECKED_FILES.some((f) => f.endsWith('.d.ts'))).toBe(false);
  });

  it.each(CHECKED_FILES)(`%s has no function over ${MAX_LINES} lines`, (relative) => {
    const text = readFileSync(path.join(ROOT, relative), 'utf8');
    const lengths = functionLengths(text, relative);
    const long = lengths
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${relative}:${f.line} ${f.name} is ${f.lines} lines; split it into named steps`);
    expect(long).toEqual([]);
  });
});

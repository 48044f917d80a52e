/**
 * Copies of a suspect's statement elsewhere in its file: the same statement but for its local names
 * (`u, err := strconv.ParseUint(d, 10, 0)` in `Set`, `t, err := strconv.ParseUint(val, 10, 0)` in
 * `fromString`). A bug written once is often written into every copy, and the failing tests may run
 * only one of them, so the ranking cannot see the others. The prompt shows them beside the suspects,
 * so that a fix is not made in one place of three.
 *
 * A statement's shape keeps its calls, member names, literals, keywords and punctuation and writes
 * every other name as `_`. Only informative shapes are looked for (a call and one more kept token),
 * and a shape found on many lines of the file is boilerplate, not a copy.
 */
import type { FaultRanking } from '../repair/ranking/ranking.js';
import type { SourceWindow } from './context.js';

/** Copies shown in all, lines of context around each, and suspects whose lines are looked at. */
export const MAX_COPY_WINDOWS = 4;
const COPY_RADIUS = 2;
const SUSPECTS_READ = 3;
const LINES_PER_SUSPECT = 2;
/** A shape on more lines than this in one file is boilerplate. */
const MAX_COPIES_OF_SHAPE = 6;
const MAX_LINE_CHARS = 300;

const KEYWORDS = new Set(
  (
    'return if else elif for while in is not and or def func fn let const var new await yield throw raise ' +
    'None null nil undefined true false True False this self typeof instanceof'
  ).split(' '),
);

const TOKEN = /[A-Za-z_$][\w$]*|\d[\w.]*|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`|\S/g;

/** The statement's shape, or undefined when it is too plain to tell copies by. */
export function statementShape(line: string): string | undefined {
  const text = line.trim();
  if (text.length < 12 || text.length > MAX_LINE_CHARS) return undefined;
  const tokens = text.match(TOKEN) ?? [];
  let calls = 0;
  let kept = 0;
  const shape = tokens.map((token, i) => {
    if (!/^[A-Za-z_$]/.test(token) || KEYWORDS.has(token)) {
      if (/^[\d"'`]/.test(token)) kept++;
      return token;
    }
    const next = tokens[i + 1];
    const member = tokens[i - 1] === '.' || next === '.';
    if (next === '(') calls++;
    if (next === '(' || member) {
      kept++;
      return token;
    }
    return '_';
  });
  return calls > 0 && kept >= 2 ? shape.join(' ') : undefined;
}

/**
 * Windows around the copies, in the suspects' files, of the top suspects' most suspicious lines;
 * lines the suspects' own windows (`shown`) already hold are left out.
 */
export function readStatementCopies(
  ranking: FaultRanking,
  shown: readonly SourceWindow[],
  readLines: (file: string) => string[] | undefined,
): SourceWindow[] {
  const out: SourceWindow[] = [];
  const covered = (file: string, line: number) =>
    [...shown, ...out].some(
      (w) => w.file === file && line >= w.startLine && line < w.startLine + w.text.split('\n').length,
    );
  // Suspects often share a file: each file is read and shaped once.
  const files = new Map<string, { lines: string[]; shapes: (string | undefined)[] } | undefined>();
  const fileOf = (file: string) => {
    if (!files.has(file)) {
      const lines = readLines(file);
      files.set(file, lines && { lines, shapes: lines.map(statementShape) });
    }
    return files.get(file);
  };
  for (const fn of ranking.functions.slice(0, SUSPECTS_READ)) {
    const read = fileOf(fn.file);
    if (!read) continue;
    const { lines, shapes } = read;
    for (const at of fn.lines.slice(0, LINES_PER_SUSPECT)) {
      const shape = shapes[at - 1];
      if (!shape) continue;
      const copies: number[] = [];
      shapes.forEach((other, i) => {
        if (i + 1 !== at && other === shape) copies.push(i + 1);
      });
      if (copies.length > MAX_COPIES_OF_SHAPE) continue;
      for (const copy of copies) {
        if (out.length >= MAX_COPY_WINDOWS || covered(fn.file, copy)) continue;
        const from = Math.max(1, copy - COPY_RADIUS);
        const to = Math.min(lines.length, copy + COPY_RADIUS);
        out.push({
          file: fn.file,
          startLine: from,
          text: lines.slice(from - 1, to).join('\n'),
          focusLine: copy,
          copyOf: { line: at, ...(fn.name ? { name: fn.name } : {}) },
        });
      }
    }
  }
  return out;
}

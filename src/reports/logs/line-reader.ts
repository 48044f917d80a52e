/**
 * The one shape of a log parser that reads state across lines: a small object whose fields are
 * what it has read so far and whose named steps each recognise one kind of line (a test header, a
 * panic, a summary line). `runSteps` offers each line to the steps in order: the first step that
 * recognises it reads everything that belongs to it (a whole traceback, if need be) and returns the
 * index of the next line to read; a step that does not recognise it returns undefined and the next
 * one tries. Tools that print one diagnostic per line are no steps but entries of a table
 * (line-formats.ts). How to add a parser: docs/traceback-parsers.md.
 */
import { structuralHead } from './traceback-bounds.js';

/**
 * One step of a reader. `line` is the structural head of `lines[i]` (what patterns may look at);
 * the result is the index of the next line to read, or undefined when the line is not this step's.
 */
export type Step = (i: number, line: string) => number | undefined;

export interface StepRange {
  /** First line to read (default 0). */
  start?: number;
  /** Reading ends before this line (default: the end of `lines`). */
  end?: number;
  /** Reading stops as soon as this says so (a bound on the failures one log may give). */
  full?: () => boolean;
}

/** Offer each line of `lines[start, end)` to `steps`, in order, until one claims it. */
export function runSteps(lines: readonly string[], steps: readonly Step[], range: StepRange = {}): void {
  const end = Math.min(range.end ?? lines.length, lines.length);
  let i = range.start ?? 0;
  while (i < end && !range.full?.()) {
    const line = structuralHead(lines[i]!);
    let next: number | undefined;
    for (const step of steps) {
      next = step(i, line);
      if (next !== undefined) break;
    }
    // Reading always moves on: a step that claimed a line and returned its own index would loop.
    i = next === undefined || next <= i ? i + 1 : next;
  }
}

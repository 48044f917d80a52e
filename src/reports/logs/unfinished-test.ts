/**
 * Which test was running when a test run was killed at its timeout, from the run's own output: the
 * last test a runner said it started and never said it finished, or the place a runner reported
 * it was interrupted at. One table of per-runner line formats; a runner that prints a test only
 * once it finished (vitest, jest, mocha's spec reporter, node:test, whose reporters print a file's
 * tests when the file ends) names none, and the answer is then undefined: "did not finish" is said
 * without a name.
 */
import { oneLine, stripAnsi } from '../../text/untrusted-text.js';
import { structuralHead } from './traceback-bounds.js';

/** How one runner prints a test's progress (not a diagnostic: those are `line-formats.ts`). */
interface ProgressFormat {
  runner: string;
  /** A test started: its name is group 1. */
  start?: RegExp;
  /** A test finished: its name is group 1 (tried before `start`: some runners print both on one line). */
  end?: RegExp;
  /** The runner says where it was interrupted (its own timeout, or the SIGINT a timeout sends first). */
  at?: RegExp;
}

const FORMATS: readonly ProgressFormat[] = [
  {
    runner: 'pytest -v',
    end: /^(\S+\.py::\S.*?)\s+(?:PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)\b/,
    start: /^(\S+\.py::\S.*?)\s*$/,
  },
  // pytest on SIGINT: `tests/test_x.py:12: KeyboardInterrupt`, the line the test was at.
  { runner: 'pytest', at: /^(\S+\.py:\d+): KeyboardInterrupt$/ },
  {
    runner: 'unittest -v',
    end: /^\w+ \(([\w.]+)\)(?: \.\.\.)? (?:ok|FAIL|ERROR|skipped\b.*|expected failure|unexpected success)$/,
    // Not finished: nothing after `...`, or what the interrupt printed there (its traceback).
    start: /^\w+ \(([\w.]+)\) \.\.\./,
  },
  { runner: 'go test -v', start: /^=== (?:RUN|CONT)\s+(\S+)/, end: /^\s*--- (?:PASS|FAIL|SKIP): (\S+)/ },
  // go test's own -timeout panics with the goroutines' stacks: the test's frame is `pkg.TestX(0x…)`.
  { runner: 'go test', at: /^[\w./-]+\.(Test\w*)\(0x[0-9a-f]+\??\)$/ },
  { runner: 'cargo test', at: /^test (\S+) has been running for over \d+ seconds$/ },
];

/** Characters of the output read from its end: the unfinished test is near the end. */
const MAX_TAIL = 256 * 1024;
const MAX_NAME = 300;

/** The test the output shows as started and not finished (or where it was interrupted), if any. */
export function unfinishedTest(output: string): string | undefined {
  const text = output.length > MAX_TAIL ? output.slice(-MAX_TAIL) : output;
  // The ANSI colours of a terminal reporter are no part of a name.
  const lines = stripAnsi(text).split(/\r?\n/);
  let at: string | undefined;
  const open = new Map<string, true>();
  for (const whole of lines) {
    // A huge line costs one slice, not a scan per pattern.
    const line = structuralHead(whole);
    for (const format of FORMATS) {
      const place = format.at?.exec(line);
      if (place) at = place[1];
      const ended = format.end?.exec(line);
      if (ended) {
        open.delete(ended[1]!);
        break;
      }
      const started = format.start?.exec(line);
      if (started) {
        open.delete(started[1]!);
        open.set(started[1]!, true);
        break;
      }
    }
  }
  const name = [...open.keys()].at(-1);
  const said = name && at ? `${name} (at ${at})` : (name ?? at);
  return said === undefined ? undefined : oneLine(said, MAX_NAME);
}

/** "a test did not finish: tests/test_x.py::test_loop", or without a name when the output has none. */
export function describeUnfinished(output: string): string {
  const name = unfinishedTest(output);
  return name ? `a test did not finish: ${name}` : 'a test did not finish (the output does not say which)';
}

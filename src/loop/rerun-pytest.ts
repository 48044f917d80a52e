/**
 * The test paths of a pytest command (`pytest tests/`, `python -m pytest src/tests -q`): a
 * targeted rerun names its node ids instead, since pytest would run both the paths and the ids,
 * that is, the whole suite again. A word counts as a path when it follows the pytest invocation,
 * is no option nor an option's value, and exists under the working directory.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Word } from './command-line.js';

/** pytest options (its own and common plugins') whose value is the next word. */
const VALUE_OPTIONS = new Set(
  `-k -m -p -o -c -W -n -r --rootdir --ignore --ignore-glob --deselect --confcutdir --basetemp
   --junitxml --junit-xml --junit-prefix --log-file --log-level --log-cli-level --tb --maxfail
   --durations --import-mode --override-ini --config-file --capture --color --pythonwarnings --cov
   --cov-report --cov-config --cov-fail-under --dist --numprocesses --maxprocesses --reruns
   --timeout --html --alluredir --json-report-file --ds --randomly-seed --hypothesis-seed`.split(/\s+/),
);

/** Where pytest's own arguments start: after `pytest`, `py.test` or `python -m pytest`. */
function argumentsStart(words: readonly Word[]): number {
  const names = words.map((w) => path.posix.basename(w.value));
  for (let i = 0; i < names.length; i++) {
    if (names[i] === 'pytest' || names[i] === 'py.test') return i + 1;
    if (/^python[0-9.]*$/.test(names[i]!) && names[i + 1] === '-m' && names[i + 2] === 'pytest') return i + 3;
  }
  return words.length;
}

export function pytestPathWords(words: readonly Word[], cwd: string): Word[] {
  const out: Word[] = [];
  for (let i = argumentsStart(words); i < words.length; i++) {
    const w = words[i]!;
    if (w.value.startsWith('-') || VALUE_OPTIONS.has(words[i - 1]!.value)) continue;
    const file = w.value.split('::')[0]!;
    if (file && existsSync(path.resolve(cwd, file))) out.push(w);
  }
  return out;
}

/** `command` without `words` (and the space before each); `end` moved back by what was cut before it. */
export function cutWords(command: string, words: readonly Word[], end: number): { command: string; end: number } {
  let out = command;
  let moved = end;
  for (const w of [...words].sort((a, b) => b.start - a.start)) {
    let from = w.start;
    while (from > 0 && (out[from - 1] === ' ' || out[from - 1] === '\t')) from--;
    out = out.slice(0, from) + out.slice(w.end);
    if (w.end <= end) moved -= w.end - from;
  }
  return { command: out, end: moved };
}

/**
 * A small, conservative reader of POSIX shell command lines: enough to find the simple command that
 * runs the tests (`cd web && npx vitest run --reporter=junit | tee log`) and where its arguments end,
 * so a targeted rerun can add arguments to that command and nowhere else. It never evaluates
 * anything. Lines it cannot read with confidence (unbalanced quotes, here-documents) give `null`,
 * and the caller falls back to the full test command.
 */

export interface Word {
  /** The word as the shell would pass it (quotes removed); substitutions are kept verbatim. */
  value: string;
  start: number;
  end: number;
}

export interface Segment {
  /** Offset just after the last word or redirection of the simple command: where arguments go. */
  end: number;
  words: Word[];
}

const OPERATOR_CHARS = new Set([';', '&', '|', '(', ')', '\n']);

/** Split a command line into its simple commands; null when it cannot be read with confidence. */
export function splitCommandLine(line: string): Segment[] | null {
  const segments: Segment[] = [];
  let words: Word[] = [];
  let segEnd = -1;
  let skipNextWord = false;
  let i = 0;
  const n = line.length;

  const closeSegment = () => {
    if (words.length > 0 || segEnd >= 0) segments.push({ end: segEnd, words });
    words = [];
    segEnd = -1;
  };

  while (i < n) {
    const c = line[i]!;
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < n && line[i] !== '\n') i++;
      continue;
    }
    if (c === '\\' && line[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (OPERATOR_CHARS.has(c)) {
      closeSegment();
      i++;
      continue;
    }
    if (c === '<' || c === '>') {
      // A redirection: `>`, `>>`, `>&2`, `<`, `<<` (here-documents are not supported).
      if (c === '<' && line[i + 1] === '<') return null;
      let j = i + 1;
      if (line[j] === '>' || line[j] === '&' || line[j] === '|') j++;
      if (line[j - 1] === '&') {
        while (j < n && /[0-9-]/.test(line[j]!)) j++;
      } else skipNextWord = true;
      segEnd = j;
      i = j;
      continue;
    }
    // `2>&1`, `1>out`: the digits belong to the redirection that follows.
    const fd = /^[0-9]+(?=[<>])/.exec(line.slice(i, i + 12));
    if (fd) {
      i += fd[0].length;
      continue;
    }
    const word = readWord(line, i);
    if (!word) return null;
    if (skipNextWord) skipNextWord = false;
    else words.push({ value: word.value, start: i, end: word.end });
    segEnd = word.end;
    i = word.end;
  }
  closeSegment();
  return segments;
}

/** A word from `start`: read until an unquoted blank, operator or redirection; null when a quote is open. */
function readWord(line: string, start: number): { value: string; end: number } | null {
  const n = line.length;
  let value = '';
  let i = start;
  while (i < n) {
    const d = line[i]!;
    if (d === ' ' || d === '\t' || d === '\r' || OPERATOR_CHARS.has(d)) break;
    if (d === '<' || d === '>') break;
    if (d === '"') {
      const quoted = readDoubleQuoted(line, i);
      if (!quoted) return null;
      value += quoted.value;
      i = quoted.end;
      continue;
    }
    if (d === '\\') {
      if (i + 1 < n) value += line[i + 1];
      i += 2;
      continue;
    }
    // Single quotes, `$(…)` and backquotes: up to their close; substitutions are kept verbatim.
    const close =
      d === "'"
        ? line.indexOf("'", i + 1)
        : d === '$' && line[i + 1] === '('
          ? matchParen(line, i + 1)
          : d === '`'
            ? line.indexOf('`', i + 1)
            : undefined;
    if (close === undefined) {
      value += d;
      i++;
      continue;
    }
    if (close < 0) return null;
    value += d === "'" ? line.slice(i + 1, close) : line.slice(i, close + 1);
    i = close + 1;
  }
  return { value, end: i };
}

/** The double-quoted string opening at `open`, with its backslash escapes; null when unclosed. */
function readDoubleQuoted(line: string, open: number): { value: string; end: number } | null {
  const n = line.length;
  let value = '';
  let i = open + 1;
  while (i < n) {
    const e = line[i]!;
    if (e === '\\' && i + 1 < n && '"\\$`\n'.includes(line[i + 1]!)) {
      value += line[i + 1];
      i += 2;
    } else if (e === '"') {
      return { value, end: i + 1 };
    } else {
      value += e;
      i++;
    }
  }
  return null;
}

/** Index of the `)` closing the `(` at `open`, honouring quotes; -1 when unbalanced. */
function matchParen(line: string, open: number): number {
  let depth = 0;
  for (let i = open; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'") {
      const close = line.indexOf("'", i + 1);
      if (close < 0) return -1;
      i = close;
    } else if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

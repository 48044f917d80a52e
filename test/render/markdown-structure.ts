/**
 * Just enough of CommonMark's block structure to check what we render: fenced code blocks
 * (a closing fence is the same character, at least as long, nothing but spaces after) and code spans.
 */
export interface FenceScan {
  /** The text outside fenced code blocks and code spans: where Markdown and HTML are live. */
  live: string;
  /** True when a fence is still open at the end (something was cut inside a code block). */
  unclosed: boolean;
}

function stripCodeSpans(line: string): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    if (line[i] !== '`') {
      out += line[i++];
      continue;
    }
    let n = 0;
    while (line[i + n] === '`') n++;
    const run = '`'.repeat(n);
    // Find a closing run of exactly n backticks.
    let j = i + n;
    let close = -1;
    while ((j = line.indexOf(run, j)) >= 0) {
      if (line[j + n] !== '`' && line[j - 1] !== '`') {
        close = j;
        break;
      }
      while (line[j] === '`') j++;
    }
    if (close < 0) {
      out += run;
      i += n;
    } else {
      out += ' ';
      i = close + n;
    }
  }
  return out;
}

export function scanFences(markdown: string): FenceScan {
  const live: string[] = [];
  let open: { char: string; length: number } | undefined;
  for (const line of markdown.split('\n')) {
    const m = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (open) {
      if (m && m[1]![0] === open.char && m[1]!.length >= open.length && m[2]!.trim() === '') open = undefined;
      continue;
    }
    if (m && !(m[1]![0] === '`' && m[2]!.includes('`'))) {
      open = { char: m[1]![0]!, length: m[1]!.length };
      continue;
    }
    live.push(stripCodeSpans(line));
  }
  return { live: live.join('\n'), unclosed: open !== undefined };
}

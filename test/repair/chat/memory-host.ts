import type { Edit, EditCheck, EditProblem } from '../../../src/contracts/edit.js';
import type { CandidateVerdict, RepairHost } from '../../../src/repair/provider.js';

/**
 * A RepairHost over in-memory files, for the conversation tests: exact-once matching applied in
 * order, the nearest lines on a miss, and a guardrail on tests, `.github/` and paths leaving the
 * repo. The real host (the loop's) is exercised by the end-to-end tests in `test/e2e/`.
 */
export class MemoryHost implements RepairHost {
  root = '/repo';
  triedDiffs = new Set<string>();
  logs: string[] = [];
  checks: Edit[][] = [];

  constructor(readonly files: Record<string, string>) {}

  async checkEdits(edits: Edit[]): Promise<EditCheck> {
    this.checks.push(edits);
    const contents = { ...this.files };
    const problems: EditProblem[] = [];
    edits.forEach((edit, index) => {
      if (edit.path.startsWith('/') || edit.path.split('/').includes('..')) {
        problems.push({
          index,
          path: edit.path,
          kind: 'guardrail',
          message: `${edit.path} is outside the repository.`,
        });
        return;
      }
      if (/^tests?\//.test(edit.path) || edit.path.startsWith('.github/')) {
        problems.push({
          index,
          path: edit.path,
          kind: 'guardrail',
          message: `${edit.path} is a protected test or CI file.`,
        });
        return;
      }
      const text = contents[edit.path];
      if (text === undefined) {
        problems.push({ index, path: edit.path, kind: 'invalid', message: `${edit.path} does not exist` });
        return;
      }
      const count = text.split(edit.oldText).length - 1;
      if (count === 1) {
        contents[edit.path] = text.replace(edit.oldText, () => edit.newText);
        return;
      }
      problems.push({
        index,
        path: edit.path,
        kind: count === 0 ? 'no-match' : 'ambiguous',
        message: count === 0 ? 'old_text was not found' : `old_text matches ${count} times`,
        nearest: count === 0 ? nearestLines(text, edit.oldText) : undefined,
      });
    });
    return { ok: problems.length === 0, problems };
  }

  async readFile(path: string, range?: { start: number; end: number }): Promise<string> {
    const text = this.files[path];
    if (text === undefined) throw new Error(`${path} is not a file of the repository`);
    const lines = text.split('\n');
    const start = range?.start ?? 1;
    const end = Math.min(range?.end ?? lines.length, lines.length);
    return lines
      .slice(start - 1, end)
      .map((l, i) => `${start + i} | ${l}`)
      .join('\n');
  }

  async search(query: string): Promise<string> {
    const hits: string[] = [];
    for (const [path, text] of Object.entries(this.files)) {
      text.split('\n').forEach((line, i) => {
        if (line.includes(query)) hits.push(`${path}:${i + 1}: ${line}`);
      });
    }
    return hits.join('\n') || 'no matches';
  }

  async tryCandidate(): Promise<CandidateVerdict> {
    throw new Error('not used by chat providers');
  }

  log(message: string): void {
    this.logs.push(message);
  }
}

function nearestLines(text: string, oldText: string): { startLine: number; text: string } {
  const lines = text.split('\n');
  const want = oldText.split('\n')[0]!.trim();
  let best = 0;
  let bestScore = -1;
  lines.forEach((line, i) => {
    const score = commonPrefix(line.trim(), want);
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  const count = Math.max(1, oldText.split('\n').length);
  return { startLine: best + 1, text: lines.slice(best, best + count).join('\n') };
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

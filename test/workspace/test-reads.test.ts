/**
 * Reading back what the read recorders wrote: the files are untrusted (a test can write into the
 * recorders' folder), so only plain repo-relative paths come out, deduplicated and bounded.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readObservedReads } from '../../src/workspace/recorders/test-reads.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function folder(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(os.tmpdir(), 'reads-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('readObservedReads', () => {
  it("merges Python's and Node's files, one entry per file and test", () => {
    const d = folder({
      'reads-12.json': JSON.stringify({
        reads: [
          { file: 'tests/data/a.json', test: null },
          { file: 'tests/data/a.json', test: 'tests/test_a.py::test_x' },
        ],
        truncated: false,
      }),
      'reads-13-0.jsonl': '{"file":"test/b.json"}\n{"file":"tests/data/a.json"}\n{"file":"test/b.json"}\n',
      'python-12.json': '{"units": []}',
      'maps-13-0.jsonl': '{"file":"/x.js"}\n',
    });
    expect(readObservedReads([d])).toEqual({
      reads: [
        { file: 'tests/data/a.json' },
        { file: 'tests/data/a.json', test: 'tests/test_a.py::test_x' },
        { file: 'test/b.json' },
      ],
      truncated: false,
    });
  });

  it('drops absolute, escaping and malformed paths, and says when a bound was reached', () => {
    const d = folder({
      'reads-1-0.jsonl': [
        '{"file":"/etc/passwd"}',
        '{"file":"../outside.json"}',
        '{"file":"a/../../b.json"}',
        '{"file":"a\\\\b.json"}',
        '{"file":"a\\nb.json"}',
        '{"file":42}',
        'not json',
        `{"file":"${'x'.repeat(2000)}.json"}`,
        '{"file":"ok.json"}',
      ].join('\n'),
      'reads-2.json': JSON.stringify({ reads: [{ file: 'more.json' }], truncated: true }),
    });
    expect(readObservedReads([d])).toEqual({ reads: [{ file: 'ok.json' }, { file: 'more.json' }], truncated: true });
    const many = folder({
      'reads-3-0.jsonl': Array.from({ length: 300 }, (_, i) => JSON.stringify({ file: `f${i}.json` })).join('\n'),
    });
    const read = readObservedReads([many], 256);
    expect(read.reads).toHaveLength(256);
    expect(read.truncated).toBe(true);
  });

  it('reads nothing from a folder that is missing or holds no reads', () => {
    expect(readObservedReads([path.join(os.tmpdir(), 'no-such-reads-folder')])).toEqual({
      reads: [],
      truncated: false,
    });
  });
});

/**
 * A text report with a few bad bytes is read, not refused (issue 16, part 3): a test that prints
 * binary data puts NULs, control bytes and bytes that are not UTF-8 into its captured output. They
 * are read as U+FFFD, and the report gets one note naming where (line:column and byte offset, the
 * first few, and how many). Real binaries are still refused: archives and other files known by
 * their first bytes, and files that are mostly control bytes.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJUnitFile } from '../../../src/reports/junit/parse-junit.js';
import { ReportDecoder } from '../../../src/reports/junit/report-encoding.js';
import { fixture } from './fixture-path.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'self-heal-bad-bytes-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let written = 0;
async function write(bytes: Uint8Array | string): Promise<string> {
  const file = path.join(dir, `report-${written++}.xml`);
  await writeFile(file, bytes);
  return file;
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');

describe('a report whose output holds binary data', () => {
  it('is read, its bad bytes as U+FFFD, with one note naming where they were', async () => {
    // NULs, control bytes and bytes that are not UTF-8 in the first KB: refused as binary data before.
    const file = fixture('edge/binary-output.xml');
    const bytes = await readFile(file);
    expect(bytes.includes(0)).toBe(true);
    const result = await parseJUnitFile(file);
    expect(result.summary).toEqual({ total: 2, passed: 1, failed: 1, errored: 0, skipped: 0 });
    const failed = result.cases.find((c) => c.status === 'failed')!;
    expect(failed.name).toBe('decodes a record');
    // The NUL in the attribute and the two bytes that are not UTF-8 after it.
    expect(failed.failure?.message).toBe('bad record: \uFFFD\uFFFD\uFFFD');
    expect(failed.systemOut).toMatch(/^record: \uFFFD\uFFFD\uFFFD\\o\uFFFD\uFFFDx/);
    expect(failed.systemOut).not.toMatch(/[\u0000-\u0008]/);
    expect(result.errors).toHaveLength(1);
    const note = result.errors[0]!;
    // It points at the first bad character (the NUL at 3:95), and says where the bytes were.
    expect([note.line, note.column]).toEqual([3, 95]);
    expect(note.message).toMatch(
      new RegExp(
        `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:95: 8 characters XML does not allow, the first here; ` +
          'read as U\\+FFFD: U\\+0000 ×2, U\\+0001 ×1, U\\+0004 ×1, U\\+0005 ×2, U\\+0006 ×1, U\\+001E ×1; ' +
          'and bytes that are not UTF-8 in 22 places, read as U\\+FFFD: ' +
          'at 3:96 \\(byte 171\\), 3:97 \\(byte 172\\), 3:155 \\(byte 230\\), 3:156 \\(byte 231\\), 3:157 \\(byte 232\\) and 17 more$',
      ),
    );
  });

  it('says where bytes that are not UTF-8 were past the first chunk, once, with how many more', async () => {
    const passes = Array.from({ length: 2000 }, (_, i) => `<testcase classname="c" name="p${i}"/>`).join('\n');
    const head = `<?xml version="1.0"?>\n<testsuite name="s">\n${passes}\n<testcase classname="c" name="bin"><failure>`;
    const bad = Buffer.concat([latin1(head), latin1('x\xff\xfey'), latin1('</failure></testcase>\n</testsuite>\n')]);
    expect(head.length).toBeGreaterThan(64 * 1024);
    const file = await write(bad);
    const result = await parseJUnitFile(file);
    expect(result.summary.total).toBe(2001);
    expect(result.cases.find((c) => c.name === 'bin')!.failure!.body).toBe('x\uFFFD\uFFFDy');
    const line = 2000 + 3;
    const column = '<testcase classname="c" name="bin"><failure>x'.length + 1;
    expect(result.errors).toEqual([
      {
        file,
        line,
        column,
        message: `${file}:${line}:${column}: bytes that are not UTF-8 in 2 places, read as U+FFFD: at ${line}:${column} (byte ${head.length + 1}), ${line}:${column + 1} (byte ${head.length + 2})`,
      },
    ]);
  });

  it('a U+FFFD the file really holds (as pytest writes for bytes it could not decode) is no bad byte', async () => {
    const file = fixture('pytest-bytes/junit.xml');
    const result = await parseJUnitFile(file);
    expect(result.summary).toMatchObject({ total: 1, failed: 1 });
    expect(result.cases[0]!.systemOut).toContain('\uFFFD');
    expect(result.errors).toEqual([]);
  });

  it('GoogleTest writes the bytes of a message raw: they are read, and said where', async () => {
    const file = fixture('googletest-bytes/junit.xml');
    const bytes = await readFile(file);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const result = await parseJUnitFile(file);
    expect(result.summary).toMatchObject({ total: 2, passed: 1, failed: 1 });
    const failed = result.cases.find((c) => c.status === 'failed')!;
    expect(failed.failure!.message).toContain('\uFFFD');
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.message).toMatch(
      /: bytes that are not UTF-8 in \d+ places, read as U\+FFFD: at \d+:\d+ \(byte \d+\)/,
    );
  });

  it('a UTF-16 report (PowerShell) with a NUL and a lone surrogate in its output is read', async () => {
    const file = fixture('edge/binary-output-utf16.xml');
    const result = await parseJUnitFile(file);
    expect(result.summary).toMatchObject({ total: 1, failed: 1 });
    expect(result.cases[0]!.systemOut).toBe('record: \uFFFD\uFFFD \uFFFDnd');
    expect(result.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(
        /: 2 characters XML does not allow, the first here; read as U\+FFFD: U\+0000 ×1, U\+0001 ×1$/,
      ),
    ]);
  });
});

describe('bytes cut by the end of a 64 KiB read', () => {
  /** A report whose 64 KiB boundary falls `split` bytes into `bytes` (inside a failure body). */
  async function acrossTheBoundary(bytes: Buffer, split: number) {
    const open = '<?xml version="1.0"?>\n<testsuite name="s"><testcase classname="c" name="t"><failure>';
    const pad = 64 * 1024 - split - open.length;
    const file = await write(
      Buffer.concat([latin1(open), latin1('p'.repeat(pad)), bytes, latin1('</failure></testcase></testsuite>\n')]),
    );
    const result = await parseJUnitFile(file);
    return { result, body: result.cases[0]!.failure!.body!.slice(pad), at: 64 * 1024 - split };
  }

  it.each([
    ['€ (3 bytes) cut 1 | 2', Buffer.from('a€b'), 2],
    ['€ cut 2 | 1', Buffer.from('a€b'), 3],
    ['😀 (4 bytes) cut 2 | 2', Buffer.from('a😀b'), 3],
    ['😀 cut 3 | 1', Buffer.from('a😀b'), 4],
  ])('a whole character: %s, no note', async (_label, bytes, split) => {
    const { result, body } = await acrossTheBoundary(bytes, split);
    expect(body).toBe(bytes.toString('utf8'));
    expect(result.errors).toEqual([]);
  });

  it.each([
    ['the start of € and a letter', latin1('a\xe2\x82b'), 2, 'a\uFFFDb', 1],
    ['a lead byte alone at the end of the read', latin1('a\xe2b'), 2, 'a\uFFFDb', 1],
    ['a continuation byte after the read', latin1('a\x82\x82b'), 2, 'a\uFFFD\uFFFDb', 2],
    ['half a 4-byte character and a NUL-free junk byte', latin1('a\xf0\x9f\xffb'), 3, 'a\uFFFD\uFFFDb', 2],
  ])('%s: U+FFFD as TextDecoder gives it, at its byte offset', async (_label, bytes, split, text, places) => {
    const { result, body, at } = await acrossTheBoundary(bytes, split);
    expect(body).toBe(text);
    expect(new TextDecoder().decode(bytes)).toBe(text);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.message).toMatch(
      new RegExp(`bytes that are not UTF-8 in ${places} places?, read as U\\+FFFD: at 2:\\d+ \\(byte ${at + 1}\\)`),
    );
  });

  it('a sequence cut by the end of the file', async () => {
    const file = await write(
      Buffer.concat([latin1('<testsuite><testcase name="t"/></testsuite>\n'), latin1('\xe2\x82')]),
    );
    const result = await parseJUnitFile(file);
    expect(result.summary.total).toBe(1);
    // After the document: the reader stops there, so the note has the byte offset alone.
    expect(result.errors).toEqual([
      expect.objectContaining({
        line: 2,
        column: 1,
        message: expect.stringMatching(/text after the end of the report/),
      }),
      { file, message: `${file}: bytes that are not UTF-8 in 1 place, read as U+FFFD: at byte 44` },
    ]);
  });
});

describe('ReportDecoder', () => {
  it('finds every undecodable place TextDecoder replaces, in pieces of any size', () => {
    // Fixed-seed junk between text: every kind of broken sequence the Encoding standard names.
    const bytes = new Uint8Array(20_000);
    let x = 7;
    for (let i = 0; i < bytes.length; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      bytes[i] = i % 3 === 0 ? 0x61 : (x >> 16) & 0xff;
    }
    const expected = new TextDecoder().decode(bytes);
    for (const size of [1, 2, 3, 5, 4096, bytes.length]) {
      const decoder = new ReportDecoder('utf-8');
      let text = '';
      let count = 0;
      const firsts: number[] = [];
      for (let i = 0; i < bytes.length; i += size) {
        const piece = decoder.decode(bytes.subarray(i, i + size));
        for (const u of piece.undecodable) {
          expect(piece.text[u.index]).toBe('\uFFFD');
          firsts.push(text.length + u.index);
        }
        text += piece.text;
        count += piece.undecodableCount;
      }
      const last = decoder.end();
      text += last.text;
      count += last.undecodableCount;
      expect(text).toBe(expected);
      // The data has no U+FFFD of its own: every one in the text is an undecodable place.
      expect(count).toBe([...expected].filter((c) => c === '\uFFFD').length);
      expect(firsts.length).toBeGreaterThan(0);
      for (const index of firsts) expect(text[index]).toBe('\uFFFD');
    }
  });
});

describe('real binaries are still refused', () => {
  it.each([
    ['a PNG image', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]],
    ['an ELF executable or library', [0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]],
    ['an xz-compressed file', [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0, 4]],
    ['a bzip2-compressed file', [...Buffer.from('BZh9'), 0x31, 0x41, 0x59, 0x26, 0x53, 0x59]],
    ['a zstd-compressed file', [0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x00]],
    ['an empty zip archive', [0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0]],
  ])('%s, by its first bytes', async (what, head) => {
    const file = await write(Buffer.concat([Buffer.from(head), Buffer.alloc(600, 0x41)]));
    const result = await parseJUnitFile(file);
    expect(result.cases).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.message).toMatch(new RegExp(`:1:1: ${what} \\(.*; expected a JUnit XML report\\)$`));
  });

  it('a tar archive (its magic is at byte 257)', async () => {
    const bytes = Buffer.alloc(1024);
    bytes.write('junit.xml', 0);
    bytes.write('ustar', 257);
    const result = await parseJUnitFile(await write(bytes));
    expect(result.errors[0]!.message).toMatch(
      /: a tar archive \(extract the report from it first; expected a JUnit XML report\)$/,
    );
  });

  it('a file that starts as a report but is mostly control bytes (zero-filled after a crash)', async () => {
    const file = await write(
      Buffer.concat([latin1('<?xml version="1.0"?>\n<testsuite name="s">\n'), Buffer.alloc(4000)]),
    );
    const result = await parseJUnitFile(file);
    expect(result.cases).toEqual([]);
    expect(result.errors).toEqual([
      {
        file,
        line: 3,
        column: 1,
        message: `${file}:3:1: mostly control bytes (4000 of the first 4043; expected a JUnit XML text file)`,
      },
    ]);
  });
});

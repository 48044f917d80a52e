import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { extractZip, readZip, safeEntryPath, ZipError } from '../../src/delivery/unzip.js';

/** Zips made by real producers: Python's zipfile (any entry name we ask for) and Info-ZIP. */
function pythonZip(script: string): Buffer {
  const program = `import io, sys, zipfile\nbuf = io.BytesIO()\nzf = zipfile.ZipFile(buf, 'w')\n${script}\nzf.close()\nsys.stdout.buffer.write(buf.getvalue())\n`;
  return execFileSync('python3', ['-c', program], { maxBuffer: 64 * 1024 * 1024 });
}
const hasZip = spawnSync('zip', ['-v']).status === 0;

let tmp: string | undefined;
afterEach(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  tmp = undefined;
});

describe('readZip', () => {
  it('reads stored and deflated entries with UTF-8 names, skipping directories', () => {
    const zip = pythonZip(`
zf.writestr('reports/', '')
zf.writestr(zipfile.ZipInfo('reports/junit.xml'), '<testsuites/>' * 100, compress_type=zipfile.ZIP_DEFLATED)
zf.writestr('reports/stored.txt', 'plain', compress_type=zipfile.ZIP_STORED)
zf.writestr('reports/ünïcode.xml', 'x', compress_type=zipfile.ZIP_DEFLATED)
`);
    const entries = readZip(zip);
    expect(entries.map((e) => e.name)).toEqual(['reports/junit.xml', 'reports/stored.txt', 'reports/ünïcode.xml']);
    expect(entries[0]!.data.toString()).toBe('<testsuites/>'.repeat(100));
    expect(entries[1]!.data.toString()).toBe('plain');
  });

  it.skipIf(!hasZip)('reads a streamed zip (data descriptors) and a forced ZIP64 zip from Info-ZIP', () => {
    const streamed = execFileSync('sh', ['-c', 'printf "streamed report" | zip -q - -']);
    expect(readZip(streamed).map((e) => [e.name, e.data.toString()])).toEqual([['-', 'streamed report']]);
    tmp = mkdtempSync(path.join(tmpdir(), 'unzip-'));
    execFileSync('sh', ['-c', 'mkdir -p r && printf "<a/>" > r/a.xml && zip -q -fz out.zip r/a.xml'], { cwd: tmp });
    const zip64 = readFileSync(path.join(tmp, 'out.zip'));
    expect(readZip(zip64).map((e) => [e.name, e.data.toString()])).toEqual([['r/a.xml', '<a/>']]);
  });

  it.each([
    ['../evil.xml', /escapes the destination/],
    ['reports/../../evil.xml', /escapes the destination/],
    ['..\\\\evil.xml', /escapes the destination/],
    ['/etc/passwd', /absolute path/],
    ['C:/Windows/evil', /absolute path/],
  ])('refuses the zip-slip name %s', (name, message) => {
    const zip = pythonZip(`zf.writestr(zipfile.ZipInfo(${JSON.stringify(name)}), 'x')`);
    expect(() => readZip(zip)).toThrow(message);
  });

  it('refuses symbolic links', () => {
    const zip = pythonZip(`
info = zipfile.ZipInfo('link')
info.create_system = 3
info.external_attr = (0o120777 << 16)
zf.writestr(info, '/etc/passwd')
`);
    expect(() => readZip(zip)).toThrow(/symbolic link/);
  });

  it('refuses an entry that inflates past its declared size (a lying header)', () => {
    const zip = pythonZip(`zf.writestr('bomb.xml', 'A' * 100000, compress_type=zipfile.ZIP_DEFLATED)`);
    // Rewrite the declared uncompressed size in the central directory to 10 bytes.
    const cd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(10, cd + 24);
    expect(() => readZip(zip)).toThrow(/does not inflate|header says 10/);
  });

  it('refuses a corrupted entry (CRC) and a truncated file', () => {
    const zip = pythonZip(`zf.writestr('a.txt', 'hello world', compress_type=zipfile.ZIP_STORED)`);
    const corrupt = Buffer.from(zip);
    corrupt[corrupt.indexOf('hello')] = 0x48;
    expect(() => readZip(corrupt)).toThrow(/fails its CRC check/);
    expect(() => readZip(zip.subarray(0, 40))).toThrow(ZipError);
    expect(() => readZip(Buffer.from('not a zip at all, just some bytes'))).toThrow(/not a zip file/);
  });

  it('enforces the entry and size limits before inflating', () => {
    const zip = pythonZip(`for i in range(5): zf.writestr(f'f{i}', 'x' * 1000, compress_type=zipfile.ZIP_DEFLATED)`);
    expect(() => readZip(zip, { maxEntries: 4, maxTotalBytes: 1e9, maxEntryBytes: 1e9 })).toThrow(
      /5 entries, more than the limit of 4/,
    );
    expect(() => readZip(zip, { maxEntries: 10, maxTotalBytes: 4_500, maxEntryBytes: 1e9 })).toThrow(
      /more than 4500 bytes/,
    );
    expect(() => readZip(zip, { maxEntries: 10, maxTotalBytes: 1e9, maxEntryBytes: 999 })).toThrow(
      /1000 bytes, more than the limit of 999/,
    );
  });
});

describe('extractZip', () => {
  it('writes the files under the destination only', () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'unzip-'));
    const zip = pythonZip(`zf.writestr('a/b/c.xml', '<c/>')\nzf.writestr('./top.xml', '<t/>')`);
    const dest = path.join(tmp, 'out');
    expect(extractZip(zip, dest)).toEqual(['a/b/c.xml', 'top.xml']);
    expect(readFileSync(path.join(dest, 'a', 'b', 'c.xml'), 'utf8')).toBe('<c/>');
    expect(readdirSync(dest).sort()).toEqual(['a', 'top.xml']);
  });

  it('writes nothing outside when a later entry is hostile', () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'unzip-'));
    const zip = pythonZip(`zf.writestr('ok.xml', '<ok/>')\nzf.writestr(zipfile.ZipInfo('../../escaped.xml'), 'x')`);
    expect(() => extractZip(zip, path.join(tmp!, 'a', 'b'))).toThrow(/escapes/);
    // The whole zip is validated before the first write.
    expect(existsSync(path.join(tmp, 'a', 'b', 'ok.xml'))).toBe(false);
    expect(existsSync(path.join(tmp, 'escaped.xml'))).toBe(false);
  });
});

describe('safeEntryPath', () => {
  it('normalises dots and backslashes', () => {
    expect(safeEntryPath('./a\\b/./c.xml')).toBe('a/b/c.xml');
  });
});

/**
 * A small, strict unzip for workflow artifacts (`@actions/artifact` is not a dependency, and the
 * artifact API hands out plain zip files). Reads the central directory (authoritative even for
 * streamed zips whose local headers carry zero sizes), supports stored and deflated entries and the
 * ZIP64 fields, and refuses rather than guesses:
 *
 * - names that escape the destination (absolute, drive letters, `..`, NUL): zip-slip;
 * - symlinks, encrypted entries, unknown compression methods;
 * - more entries or bytes than the limits, or an entry that inflates past its declared size (a
 *   zip bomb lying in its header), or a CRC mismatch.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';

export interface UnzipLimits {
  maxEntries: number;
  /** Sum of uncompressed sizes. */
  maxTotalBytes: number;
  maxEntryBytes: number;
}

export const DEFAULT_UNZIP_LIMITS: UnzipLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 512 * 1024 * 1024,
  maxEntryBytes: 256 * 1024 * 1024,
};

export interface ZipEntry {
  /** Normalised, relative, forward slashes. */
  name: string;
  data: Buffer;
}

export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipError';
  }
}

const EOCD = 0x06054b50;
const ZIP64_EOCD = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const U32_MAX = 0xffffffff;
const U16_MAX = 0xffff;

function need(buf: Buffer, offset: number, length: number, what: string): void {
  if (offset < 0 || offset + length > buf.length)
    throw new ZipError(`${what} at byte ${offset} runs past the end of the file (${buf.length} bytes)`);
}

function findEndOfCentralDirectory(buf: Buffer): number {
  // The EOCD is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const stop = Math.max(0, buf.length - 22 - U16_MAX);
  for (let i = buf.length - 22; i >= stop; i--) {
    if (buf.readUInt32LE(i) === EOCD) return i;
  }
  throw new ZipError('not a zip file: no end-of-central-directory record');
}

/**
 * A safe relative path for an entry name, or an error naming it. Backslashes count as separators
 * (zips made on Windows use them), so `..\\x` is caught too.
 */
export function safeEntryPath(name: string): string {
  if (name.includes('\0')) throw new ZipError(`entry name contains a NUL byte: ${JSON.stringify(name.slice(0, 200))}`);
  const unified = name.replace(/\\/g, '/');
  if (unified.startsWith('/') || /^[a-zA-Z]:/.test(unified)) {
    throw new ZipError(`entry ${JSON.stringify(name.slice(0, 200))} has an absolute path`);
  }
  const parts = unified.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..'))
    throw new ZipError(`entry ${JSON.stringify(name.slice(0, 200))} escapes the destination (..)`);
  return parts.join('/');
}

interface CentralEntry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  isDirectory: boolean;
  isSymlink: boolean;
}

function readZip64Extra(extra: Buffer, entry: { size: number; compressedSize: number; localOffset: number }): void {
  let i = 0;
  while (i + 4 <= extra.length) {
    const id = extra.readUInt16LE(i);
    const len = extra.readUInt16LE(i + 2);
    if (id === 0x0001) {
      let j = i + 4;
      const end = j + len;
      const next = () => {
        if (j + 8 > end) throw new ZipError('truncated ZIP64 extra field');
        const v = Number(extra.readBigUInt64LE(j));
        j += 8;
        return v;
      };
      // Fields appear only for the values that overflowed, in this order.
      if (entry.size === U32_MAX) entry.size = next();
      if (entry.compressedSize === U32_MAX) entry.compressedSize = next();
      if (entry.localOffset === U32_MAX) entry.localOffset = next();
      return;
    }
    i += 4 + len;
  }
}

function readCentralDirectory(buf: Buffer, limits: UnzipLimits): CentralEntry[] {
  const eocd = findEndOfCentralDirectory(buf);
  let count = buf.readUInt16LE(eocd + 10);
  let cdSize = buf.readUInt32LE(eocd + 12);
  let cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === U16_MAX || cdSize === U32_MAX || cdOffset === U32_MAX) {
    const locator = eocd - 20;
    need(buf, locator, 20, 'ZIP64 locator');
    if (buf.readUInt32LE(locator) !== ZIP64_LOCATOR) throw new ZipError('ZIP64 fields without a ZIP64 locator');
    const z64 = Number(buf.readBigUInt64LE(locator + 8));
    need(buf, z64, 56, 'ZIP64 end of central directory');
    if (buf.readUInt32LE(z64) !== ZIP64_EOCD) throw new ZipError('bad ZIP64 end-of-central-directory signature');
    count = Number(buf.readBigUInt64LE(z64 + 32));
    cdSize = Number(buf.readBigUInt64LE(z64 + 40));
    cdOffset = Number(buf.readBigUInt64LE(z64 + 48));
  }
  if (count > limits.maxEntries)
    throw new ZipError(`the zip has ${count} entries, more than the limit of ${limits.maxEntries}`);
  need(buf, cdOffset, cdSize, 'central directory');
  const entries: CentralEntry[] = [];
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    need(buf, p, 46, `central directory entry ${n}`);
    if (buf.readUInt32LE(p) !== CENTRAL) throw new ZipError(`bad central directory signature at byte ${p}`);
    const madeBy = buf.readUInt16LE(p + 4) >> 8;
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const external = buf.readUInt32LE(p + 38);
    need(buf, p + 46, nameLength + extraLength + commentLength, `central directory entry ${n}`);
    const rawName = buf.subarray(p + 46, p + 46 + nameLength);
    // Bit 11: UTF-8 names; otherwise CP437, which for the ASCII names of reports is the same.
    const name = rawName.toString(flags & 0x800 ? 'utf8' : 'latin1');
    const sizes = {
      size: buf.readUInt32LE(p + 24),
      compressedSize: buf.readUInt32LE(p + 20),
      localOffset: buf.readUInt32LE(p + 42),
    };
    readZip64Extra(buf.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength), sizes);
    // Unix "made by" (3) keeps the file mode in the high 16 bits of the external attributes.
    const mode = madeBy === 3 ? external >>> 16 : 0;
    entries.push({
      name,
      flags,
      method,
      crc,
      ...sizes,
      isDirectory: name.endsWith('/') || name.endsWith('\\'),
      isSymlink: (mode & 0o170000) === 0o120000,
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Read every file entry (that `keep` accepts, by its normalised name) into memory, checked against
 * the limits. Directories are left out; an entry not kept is checked by name only, not inflated.
 */
export function readZip(
  buf: Buffer,
  limits: UnzipLimits = DEFAULT_UNZIP_LIMITS,
  keep: (name: string) => boolean = () => true,
): ZipEntry[] {
  const out: ZipEntry[] = [];
  let total = 0;
  const seen = new Set<string>();
  for (const e of readCentralDirectory(buf, limits)) {
    const name = safeEntryPath(e.name);
    if (e.isDirectory) continue;
    if (e.isSymlink) throw new ZipError(`entry ${JSON.stringify(name)} is a symbolic link; refusing to extract it`);
    if (e.flags & 0x1) throw new ZipError(`entry ${JSON.stringify(name)} is encrypted`);
    if (!name) throw new ZipError('an entry has an empty name');
    if (seen.has(name)) throw new ZipError(`entry ${JSON.stringify(name)} appears twice`);
    seen.add(name);
    if (!keep(name)) continue;
    if (e.size > limits.maxEntryBytes)
      throw new ZipError(
        `entry ${JSON.stringify(name)} is ${e.size} bytes, more than the limit of ${limits.maxEntryBytes}`,
      );
    total += e.size;
    if (total > limits.maxTotalBytes)
      throw new ZipError(`the zip holds more than ${limits.maxTotalBytes} bytes uncompressed`);
    need(buf, e.localOffset, 30, `local header of ${name}`);
    if (buf.readUInt32LE(e.localOffset) !== LOCAL)
      throw new ZipError(`bad local header signature for ${JSON.stringify(name)}`);
    const start = e.localOffset + 30 + buf.readUInt16LE(e.localOffset + 26) + buf.readUInt16LE(e.localOffset + 28);
    need(buf, start, e.compressedSize, `data of ${name}`);
    const raw = buf.subarray(start, start + e.compressedSize);
    let data: Buffer;
    if (e.method === 0) data = Buffer.from(raw);
    else if (e.method === 8) {
      try {
        // One byte of head-room: inflating past the declared size is detected, not trusted.
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, e.size + 1) });
      } catch (error) {
        throw new ZipError(`entry ${JSON.stringify(name)} does not inflate: ${(error as Error).message}`);
      }
    } else
      throw new ZipError(
        `entry ${JSON.stringify(name)} uses compression method ${e.method}; only stored (0) and deflate (8) are supported`,
      );
    if (data.length !== e.size)
      throw new ZipError(`entry ${JSON.stringify(name)} is ${data.length} bytes, but its header says ${e.size}`);
    if (crc32(data) >>> 0 !== e.crc >>> 0) throw new ZipError(`entry ${JSON.stringify(name)} fails its CRC check`);
    out.push({ name, data });
  }
  return out;
}

/** Extract the entries `keep` accepts into `dest` (created); returns the written files, relative to `dest`. */
export function extractZip(
  buf: Buffer,
  dest: string,
  limits: UnzipLimits = DEFAULT_UNZIP_LIMITS,
  keep?: (name: string) => boolean,
): string[] {
  const entries = readZip(buf, limits, keep);
  const root = path.resolve(dest);
  const written: string[] = [];
  for (const entry of entries) {
    const target = path.resolve(root, ...entry.name.split('/'));
    // Belt and braces after safeEntryPath: the resolved path must stay inside the destination.
    if (target !== root && !target.startsWith(root + path.sep))
      throw new ZipError(`entry ${JSON.stringify(entry.name)} escapes the destination`);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, entry.data, { flag: 'wx' });
    written.push(entry.name);
  }
  return written;
}

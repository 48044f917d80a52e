/**
 * Bytes to text for a report file: the encoding is taken from a byte-order mark or the XML
 * declaration (UTF-8 when neither says otherwise), and files that are not text at all (an
 * artifact still zipped or gzipped, an image, an executable, junk) are refused with a message that
 * says what they are. PowerShell's `>` writes UTF-16 with a BOM, so Windows runners do produce
 * UTF-16 reports. A report with a few bad bytes is text: a test that prints binary data puts NULs
 * and bytes that are not UTF-8 into its captured output. Those are read as U+FFFD, and
 * `ReportDecoder` says where they were.
 */
import { isUtf8 } from 'node:buffer';
import { TextDecoder } from 'node:util';

export type Sniffed =
  { ok: true; encoding: string; note?: string } | { ok: false; message: string; line: number; column: number };

/** How many leading bytes `sniffEncoding` wants to see (it works with fewer at the end of a file). */
export const SNIFF_BYTES = 1024;

/** Files a report pattern can pick up that are not text, by their first bytes (`at`: where those are). */
const MAGIC: ReadonlyArray<{ bytes: number[] | string; at?: number; what: string }> = [
  { bytes: [0x1f, 0x8b], what: 'a gzip-compressed file (decompress it first' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'a zip archive (extract the report from it first' },
  { bytes: [0x50, 0x4b, 0x05, 0x06], what: 'an empty zip archive (no report in it' },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], what: 'an xz-compressed file (decompress it first' },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], what: 'a zstd-compressed file (decompress it first' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], what: 'a 7z archive (extract the report from it first' },
  { bytes: 'ustar', at: 257, what: 'a tar archive (extract the report from it first' },
  { bytes: '%PDF-', what: 'a PDF document (not a test report' },
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], what: 'a PNG image (not a test report' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image (not a test report' },
  { bytes: 'GIF8', what: 'a GIF image (not a test report' },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], what: 'an ELF executable or library (not a test report' },
  { bytes: [0x00, 0x61, 0x73, 0x6d], what: 'a WebAssembly module (not a test report' },
  { bytes: 'SQLite format 3\u0000', what: 'an SQLite database (not a test report' },
];

function startsWith(head: Uint8Array, bytes: number[] | string, at = 0): boolean {
  const length = bytes.length;
  if (head.length < at + length) return false;
  for (let i = 0; i < length; i++) {
    const b = typeof bytes === 'string' ? bytes.charCodeAt(i) : bytes[i];
    if (head[at + i] !== b) return false;
  }
  return true;
}

export function sniffEncoding(head: Uint8Array): Sniffed {
  for (const magic of MAGIC) {
    if (startsWith(head, magic.bytes, magic.at)) return refuse(`${magic.what}; expected a JUnit XML report)`);
  }
  // bzip2: "BZh", the block size, then the block magic (pi's digits).
  if (startsWith(head, 'BZh') && head[3]! >= 0x31 && head[3]! <= 0x39 && startsWith(head, [0x31, 0x41, 0x59], 4))
    return refuse('a bzip2-compressed file (decompress it first; expected a JUnit XML report)');
  const b0 = head[0];
  const b1 = head[1];
  if (b0 === 0xef && b1 === 0xbb && head[2] === 0xbf) return { ok: true, encoding: 'utf-8' };
  if (b0 === 0xff && b1 === 0xfe) return { ok: true, encoding: 'utf-16le' };
  if (b0 === 0xfe && b1 === 0xff) return { ok: true, encoding: 'utf-16be' };
  // UTF-16 without a BOM still starts with "<" as one byte and a NUL.
  if (b0 === 0x3c && b1 === 0x00) return { ok: true, encoding: 'utf-16le' };
  if (b0 === 0x00 && b1 === 0x3c) return { ok: true, encoding: 'utf-16be' };

  const declared = declaredEncoding(head);
  const controls = controlBytes(head);
  if (controls.count * 2 > head.length) {
    const at = positionOf(head, controls.first);
    return refuse(
      `mostly control bytes (${controls.count} of the first ${head.length}; expected a JUnit XML text file)`,
      at.line,
      at.column,
    );
  }
  // A file that starts as an XML document or a report is text, whatever its output holds.
  const nul = head.indexOf(0);
  if (nul >= 0 && !startsLikeReport(head) && looksBinary(head, declared, controls.count)) {
    const at = positionOf(head, nul);
    return refuse(`binary data (a NUL byte at offset ${nul}; expected a JUnit XML text file)`, at.line, at.column);
  }
  if (declared === undefined || /^utf-?8$/i.test(declared)) return { ok: true, encoding: 'utf-8' };
  try {
    new TextDecoder(declared);
    return { ok: true, encoding: declared };
  } catch {
    return {
      ok: true,
      encoding: 'utf-8',
      note: `unsupported encoding "${declared.slice(0, 40)}" in the XML declaration, read as UTF-8`,
    };
  }
}

/** C0 control bytes but tab, line breaks and ESC (which starts colour codes): how many, and the first. */
function controlBytes(head: Uint8Array): { count: number; first: number } {
  let count = 0;
  let first = -1;
  for (let i = 0; i < head.length; i++) {
    const b = head[i]!;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x1b) {
      if (count++ === 0) first = i;
    }
  }
  return { count, first };
}

/** After an optional BOM and whitespace: `<?xml`, `<!--`, `<!DOCTYPE` or a report's root element. */
function startsLikeReport(head: Uint8Array): boolean {
  let i = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d) i++;
  return ['<?xml', '<!--', '<!DOCTYPE', '<testsuites', '<testsuite'].some((start) => startsWith(head, start, i));
}

/**
 * Whether bytes with a NUL among them, that do not start as XML, are binary rather than text with
 * a stray NUL: binary when more than one byte in ten is a control character, or when bytes that
 * should be UTF-8 are not.
 */
function looksBinary(head: Uint8Array, declared: string | undefined, controls: number): boolean {
  if (controls * 10 > head.length) return true;
  if (declared !== undefined && !/^utf-?8$/i.test(declared)) return false;
  try {
    // `stream`: a character cut by the end of the head is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return false;
  } catch {
    return true;
  }
}

/** `encoding="..."` of an XML declaration at the very start (ASCII-compatible encodings only). */
function declaredEncoding(head: Uint8Array): string | undefined {
  const start = String.fromCharCode(...head.subarray(0, Math.min(head.length, 200)));
  const match = /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/.exec(start);
  return match?.[1];
}

function positionOf(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      column = 1;
    } else {
      column++;
    }
  }
  return { line, column };
}

function refuse(message: string, line = 1, column = 1): Sniffed {
  return { ok: false, message, line, column };
}

/** A U+FFFD in decoded text that stands for bytes that could not be decoded. */
export interface Undecodable {
  /** Its index in the text. */
  index: number;
  /** Where the bytes started in the file. */
  byte: number;
}

/** Text decoded from a piece of a report, and where in it bytes could not be decoded. */
export interface Decoded {
  text: string;
  /** The first few (at most `MAX_UNDECODABLE_SHOWN` per piece), in order. */
  undecodable: Undecodable[];
  /** All of them in this piece. */
  undecodableCount: number;
}

/** Undecodable places named one by one in a report's note; the rest are counted. */
export const MAX_UNDECODABLE_SHOWN = 5;

const NONE: Undecodable[] = [];
const EMPTY = new Uint8Array(0);

/**
 * Decodes a report piece by piece, as `TextDecoder` does (bytes that are not UTF-8 become U+FFFD,
 * one for each maximal invalid sequence, as the Encoding standard says), and tells where those
 * were. A clean piece costs one search of the decoded text for U+FFFD; only a piece that has one
 * (an undecodable byte, or a U+FFFD the file really holds) is walked byte by byte. In encodings
 * other than UTF-8 undecodable bytes are replaced, not located.
 */
export class ReportDecoder {
  private readonly decoder: TextDecoder;
  private readonly utf8: boolean;
  /** Bytes decoded before the current piece. */
  private offset = 0;
  /** The bytes of a UTF-8 sequence cut by the end of the last piece. */
  private carry: Uint8Array = EMPTY;

  constructor(encoding: string) {
    this.decoder = new TextDecoder(encoding);
    this.utf8 = this.decoder.encoding === 'utf-8';
  }

  decode(bytes: Uint8Array): Decoded {
    const text = this.decoder.decode(bytes, { stream: true });
    if (!this.utf8) return { text, undecodable: NONE, undecodableCount: 0 };
    const start = this.offset;
    this.offset += bytes.length;
    const carried = this.carry;
    if (text.indexOf('\uFFFD') < 0) {
      // A sequence cut by the end starts in the last three bytes (or in the carried ones).
      const last = bytes.length >= 4 || carried.length === 0 ? bytes : concat(carried, bytes);
      this.carry = last.slice(last.length - incompleteTail(last));
      return { text, undecodable: NONE, undecodableCount: 0 };
    }
    const whole = carried.length === 0 ? bytes : concat(carried, bytes);
    const tail = incompleteTail(whole);
    this.carry = whole.slice(whole.length - tail);
    if (isUtf8(whole.subarray(0, whole.length - tail))) return { text, undecodable: NONE, undecodableCount: 0 };
    // The decoder drops a BOM at the very start: it is no character of the text.
    const skip = start === 0 && whole[0] === 0xef && whole[1] === 0xbb && whole[2] === 0xbf ? 3 : 0;
    return { text, ...locateUndecodable(whole, skip, whole.length - tail, start - carried.length) };
  }

  /** The end of the file: a sequence cut by it is undecodable. */
  end(): Decoded {
    const text = this.decoder.decode();
    if (!this.utf8 || this.carry.length === 0) return { text, undecodable: NONE, undecodableCount: 0 };
    const byte = this.offset - this.carry.length;
    this.carry = EMPTY;
    return { text, undecodable: [{ index: text.length - 1, byte }], undecodableCount: 1 };
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** How many UTF-8 continuation bytes a lead byte wants (0: not a lead byte), and its first one's range. */
function leadOf(b: number): { needed: number; lower: number; upper: number } {
  if (b >= 0xc2 && b <= 0xdf) return { needed: 1, lower: 0x80, upper: 0xbf };
  if (b >= 0xe0 && b <= 0xef) return { needed: 2, lower: b === 0xe0 ? 0xa0 : 0x80, upper: b === 0xed ? 0x9f : 0xbf };
  if (b >= 0xf0 && b <= 0xf4) return { needed: 3, lower: b === 0xf0 ? 0x90 : 0x80, upper: b === 0xf4 ? 0x8f : 0xbf };
  return { needed: 0, lower: 0, upper: 0 };
}

/** The bytes at the end of `bytes` that start a UTF-8 sequence, valid so far, that the next piece may finish. */
function incompleteTail(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let k = 1; k <= 3 && k <= n; k++) {
    const b = bytes[n - k]!;
    if (b >= 0x80 && b <= 0xbf) continue;
    const { needed, lower, upper } = leadOf(b);
    if (needed < k) return 0;
    for (let j = n - k + 1; j < n; j++) {
      const c = bytes[j]!;
      if (j === n - k + 1 ? c < lower || c > upper : c < 0x80 || c > 0xbf) return 0;
    }
    return k;
  }
  return 0;
}

/**
 * The Encoding standard's UTF-8 decoder over `bytes[from, to)` (which ends on a sequence
 * boundary), counting characters as the decoder emits them, to name the index and byte offset of
 * each U+FFFD it emits for undecodable bytes. `base` is the file offset of `bytes[0]`.
 */
function locateUndecodable(
  bytes: Uint8Array,
  from: number,
  to: number,
  base: number,
): { undecodable: Undecodable[]; undecodableCount: number } {
  const undecodable: Undecodable[] = [];
  let count = 0;
  let index = 0;
  const bad = (byte: number) => {
    if (count++ < MAX_UNDECODABLE_SHOWN) undecodable.push({ index, byte: base + byte });
    index++;
  };
  let i = from;
  while (i < to) {
    const b = bytes[i]!;
    if (b < 0x80) {
      index++;
      i++;
      continue;
    }
    const { needed, lower, upper } = leadOf(b);
    if (needed === 0) {
      bad(i);
      i++;
      continue;
    }
    let j = i + 1;
    let seen = 0;
    while (seen < needed && j < to) {
      const c = bytes[j]!;
      if (seen === 0 ? c < lower || c > upper : c < 0x80 || c > 0xbf) break;
      seen++;
      j++;
    }
    if (seen < needed) {
      // The sequence so far is one U+FFFD; the byte that broke it is read again.
      bad(i);
      i = j;
      continue;
    }
    // Four bytes make a surrogate pair.
    index += needed === 3 ? 2 : 1;
    i = j;
  }
  return { undecodable, undecodableCount: count };
}

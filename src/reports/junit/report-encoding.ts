/**
 * Bytes to text for a report file: the encoding is taken from a byte-order mark or the XML
 * declaration (UTF-8 when neither says otherwise), and files that are not text at all (an
 * artifact still zipped or gzipped, a binary) are refused with a message that says what they are.
 * PowerShell's `>` writes UTF-16 with a BOM, so Windows runners do produce UTF-16 reports.
 */

export type Sniffed =
  { ok: true; encoding: string; note?: string } | { ok: false; message: string; line: number; column: number };

/** How many leading bytes `sniffEncoding` wants to see (it works with fewer at the end of a file). */
export const SNIFF_BYTES = 1024;

export function sniffEncoding(head: Uint8Array): Sniffed {
  const b0 = head[0];
  const b1 = head[1];
  if (b0 === 0x1f && b1 === 0x8b)
    return refuse('a gzip-compressed file (decompress it first; expected a JUnit XML report)');
  if (b0 === 0x50 && b1 === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    return refuse('a zip archive (extract the report from it first; expected a JUnit XML report)');
  }
  if (b0 === 0xef && b1 === 0xbb && head[2] === 0xbf) return { ok: true, encoding: 'utf-8' };
  if (b0 === 0xff && b1 === 0xfe) return { ok: true, encoding: 'utf-16le' };
  if (b0 === 0xfe && b1 === 0xff) return { ok: true, encoding: 'utf-16be' };
  // UTF-16 without a BOM still starts with "<" as one byte and a NUL.
  if (b0 === 0x3c && b1 === 0x00) return { ok: true, encoding: 'utf-16le' };
  if (b0 === 0x00 && b1 === 0x3c) return { ok: true, encoding: 'utf-16be' };

  const declared = declaredEncoding(head);
  const nul = head.indexOf(0);
  if (nul >= 0 && looksBinary(head, declared)) {
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

/**
 * Whether bytes with a NUL among them are binary rather than text with a stray NUL (node:test
 * writes a NUL from an assertion message raw; the reader replaces it): binary when more than one
 * byte in ten is a control character, or when bytes that should be UTF-8 are not.
 */
function looksBinary(head: Uint8Array, declared: string | undefined): boolean {
  let controls = 0;
  for (const b of head) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x1b) controls++;
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

/**
 * Size caps for the untrusted text a JUnit report carries. A report is written by whatever ran the
 * tests (and by whatever those tests print), so every string that leaves the parser is bounded.
 * Counts are UTF-16 code units (JavaScript string length), not bytes.
 */
export const JUNIT_LIMITS = {
  /** Test, class, suite and file names. Longer names are cut (and so are the ids built from them). */
  name: 1024,
  /** `type` attribute of <failure>/<error>: an exception class name. */
  type: 256,
  /** `message` attribute, or the first line of the failure text. */
  message: 4096,
  /** Failure/error body (the trace): head and tail are kept, the middle is cut. */
  body: 64 * 1024,
  /** <system-out>/<system-err> per case or suite: head and tail are kept. */
  output: 16 * 1024,
  /** An attribute value is cut to this while it is still being read (before the caps above apply). */
  attribute: 8 * 1024,
} as const;

/**
 * A copy of `text` that does not keep alive the input it was cut from. V8 represents a slice of a
 * string (and a concatenation) as a view onto the original: a 20-character test name sliced from a
 * 64 KB chunk of the report keeps the whole chunk in memory for as long as the name lives. Every
 * string a kept test case holds goes through here (the concatenation is flattened into a new
 * string, and the slice then only views that).
 */
export function ownString(text: string): string {
  return text.length === 0 ? text : (' ' + text).slice(1);
}

/** Cut `text` to `max` code units, saying how much was left out. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  // Never leave half a surrogate pair behind.
  if (isHighSurrogate(text.charCodeAt(end - 1))) end--;
  return `${text.slice(0, end)}… [${text.length - end} more characters cut]`;
}

/**
 * Accumulates text of unknown size in bounded memory, keeping the first and the last `max / 2`
 * code units: the head of a trace names the error, its tail holds the innermost frames (Python) or
 * the cause (Java), and output ends with the last thing the test printed.
 */
export class BoundedText {
  private head = '';
  private tail = '';
  private total = 0;
  private readonly headMax: number;
  private readonly tailMax: number;

  constructor(max: number) {
    this.headMax = Math.ceil(max / 2);
    this.tailMax = Math.floor(max / 2);
  }

  /** Code units appended since the last reset, including those that were cut. */
  get length(): number {
    return this.total;
  }

  reset(): void {
    this.head = '';
    this.tail = '';
    this.total = 0;
  }

  append(text: string): void {
    if (text.length === 0) return;
    this.total += text.length;
    let rest = text;
    if (this.head.length < this.headMax) {
      const room = this.headMax - this.head.length;
      if (rest.length <= room) {
        this.head += rest;
        return;
      }
      this.head += rest.slice(0, room);
      rest = rest.slice(room);
    }
    if (rest.length >= this.tailMax) {
      this.tail = rest.slice(rest.length - this.tailMax);
      return;
    }
    this.tail += rest;
    // Trim lazily (at twice the cap) so appending many small pieces stays linear.
    if (this.tail.length > 2 * this.tailMax) this.tail = this.tail.slice(this.tail.length - this.tailMax);
  }

  toString(): string {
    let head = this.head;
    let tail = this.tail.length > this.tailMax ? this.tail.slice(this.tail.length - this.tailMax) : this.tail;
    if (head.length + tail.length === this.total) return head + tail;
    // Something was cut: keep whole surrogate pairs on both sides of the marker.
    if (head.length > 0 && isHighSurrogate(head.charCodeAt(head.length - 1))) head = head.slice(0, -1);
    if (tail.length > 0 && isLowSurrogate(tail.charCodeAt(0))) tail = tail.slice(1);
    const cut = this.total - head.length - tail.length;
    return `${head}\n… [${cut} characters cut] …\n${tail}`;
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
